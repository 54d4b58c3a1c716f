/* -*- c++ -*- */
/*
 * ldpc_decoder_pdu_impl: PDU (meta, f32 vector of F*N*p bit LLRs) in, PDU (meta +
 * keys iterations, parity_ok, frames, frame_iterations, frame_parity_ok; u8
 * vector of F*K*p bits, or F*N*p) out, for binary (p = 1) and GF(q) codes. A
 * message of the wrong type or length is dropped, logged (naming the block and
 * what it received), counted. A decoder
 * that fails (a GPU error) is replaced by a CPU one inside the pipeline, which
 * decodes the PDU again: the PDU is not dropped.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ldpc_decoder_pdu_impl.h"
#include <algorithm>
#include <gnuradio/io_signature.h>

namespace gr {
namespace gpufec {

namespace {

/*! What a PMT is, for the drop messages: "a u8vector of 648 items", "a symbol 'x'". */
std::string what_it_is(const pmt::pmt_t& v)
{
    struct uniform {
        bool (*is)(pmt::pmt_t);
        const char* name;
    };
    static const uniform vectors[] = {
        { pmt::is_u8vector, "u8vector" },   { pmt::is_s8vector, "s8vector" },
        { pmt::is_u16vector, "u16vector" }, { pmt::is_s16vector, "s16vector" },
        { pmt::is_u32vector, "u32vector" }, { pmt::is_s32vector, "s32vector" },
        { pmt::is_u64vector, "u64vector" }, { pmt::is_s64vector, "s64vector" },
        { pmt::is_f32vector, "f32vector" }, { pmt::is_f64vector, "f64vector" },
        { pmt::is_c32vector, "c32vector" }, { pmt::is_c64vector, "c64vector" },
    };
    for (const uniform& u : vectors) {
        if (u.is(v)) {
            return std::string("a ") + u.name + " of " + std::to_string(pmt::length(v)) +
                   " items";
        }
    }
    if (pmt::is_null(v)) {
        return "nil (PMT_NIL)";
    }
    if (pmt::is_bool(v)) {
        return "a bool";
    }
    if (pmt::is_symbol(v)) {
        std::string text = pmt::symbol_to_string(v);
        if (text.size() > 40) {
            text = text.substr(0, 40) + "...";
        }
        return "a symbol '" + text + "'";
    }
    if (pmt::is_number(v)) {
        return "a number";
    }
    if (pmt::is_dict(v)) {
        return "a dictionary";
    }
    if (pmt::is_pair(v)) {
        return "a pair";
    }
    if (pmt::is_tuple(v)) {
        return "a tuple";
    }
    if (pmt::is_vector(v)) {
        return "a vector of " + std::to_string(pmt::length(v)) + " PMTs";
    }
    return "a PMT of another type";
}

} // namespace

ldpc_decoder_pdu::sptr ldpc_decoder_pdu::make(const std::string& spec,
                                              const std::string& algorithm,
                                              float alpha,
                                              float beta,
                                              const std::string& schedule,
                                              int max_iterations,
                                              bool early_termination,
                                              const std::string& backend,
                                              const std::string& sign,
                                              float llr_scale,
                                              bool output_codeword,
                                              int threads,
                                              int ems_nm,
                                              float ems_offset,
                                              float ems_scale,
                                              const std::string& precision,
                                              int device,
                                              int fraction_bits,
                                              int channel_max,
                                              int c2v_max)
{
    const std::string who = "gpufec.ldpc_decoder_pdu";
    const ::gpufec::stream_options stream =
        one_call_stream(who, input_factor(sign, llr_scale, who), output_codeword);
    const decoder_arguments args{ algorithm,  alpha,          beta,
                                  schedule,   max_iterations, early_termination,
                                  backend,    threads,        ems_nm,
                                  ems_offset, ems_scale,      precision,
                                  device,     fraction_bits,  channel_max,
                                  c2v_max };
    return gnuradio::make_block_sptr<ldpc_decoder_pdu_impl>(
        make_stream_pipeline(spec, args, stream));
}

ldpc_decoder_pdu_impl::ldpc_decoder_pdu_impl(::gpufec::stream_pipeline::uptr pipeline)
    : gr::block("ldpc_decoder_pdu",
                gr::io_signature::make(0, 0, 0),
                gr::io_signature::make(0, 0, 0)),
      pipeline_decoder(std::move(pipeline)), d_port(pmt::intern("pdus"))
{
    message_port_register_in(d_port);
    message_port_register_out(d_port);
    set_msg_handler(d_port, [this](const pmt::pmt_t& msg) { this->handle_pdu(msg); });
}

ldpc_decoder_pdu_impl::~ldpc_decoder_pdu_impl() {}

void ldpc_decoder_pdu_impl::drop(const std::string& why)
{
    const uint64_t count = ++d_dropped;
    d_logger->warn("{}: dropped a message ({} dropped so far): {}", alias(), count, why);
}

void ldpc_decoder_pdu_impl::handle_pdu(const pmt::pmt_t& msg)
{
    if (!pmt::is_pair(msg)) {
        drop("not a PDU (a pair of metadata and an f32 vector) but " + what_it_is(msg));
        return;
    }
    pmt::pmt_t meta = pmt::car(msg);
    const pmt::pmt_t data = pmt::cdr(msg);
    if (pmt::is_null(meta)) {
        meta = pmt::make_dict();
    } else if (!pmt::is_dict(meta)) {
        drop("the PDU's metadata is not a dictionary but " + what_it_is(meta));
        return;
    }
    if (!pmt::is_f32vector(data)) {
        drop("the PDU's data is not an f32 vector (bit LLRs as float32) but " +
             what_it_is(data));
        return;
    }
    const size_t length = pmt::length(data);
    const size_t in_frame = static_cast<size_t>(d_pipeline->input_frame_values());
    if (length == 0 || length % in_frame != 0) {
        drop("the PDU holds " + std::to_string(length) + " LLRs, not a positive " +
             "multiple of " + (nonbinary() ? "N*p=" : "N=") + std::to_string(in_frame) +
             " (" + code_name() + ")");
        return;
    }
    const size_t frames = length / in_frame;
    const size_t out_frame = static_cast<size_t>(d_pipeline->output_frame_bits());

    size_t io = 0;
    const float* in = pmt::f32vector_elements(data, io);

    pmt::pmt_t bits = pmt::make_u8vector(frames * out_frame, 0);
    pmt::pmt_t iterations = pmt::make_s32vector(frames, 0);
    pmt::pmt_t parity_ok = pmt::make_u8vector(frames, 0);
    size_t ob = 0, oi = 0, op = 0;
    uint8_t* bits_out = pmt::u8vector_writable_elements(bits, ob);
    static_assert(sizeof(int) == sizeof(int32_t), "int is 32 bits");
    int* its = reinterpret_cast<int*>(pmt::s32vector_writable_elements(iterations, oi));
    uint8_t* oks = pmt::u8vector_writable_elements(parity_ok, op);
    try {
        d_pipeline->decode(in, frames, bits_out, its, oks);
    } catch (const std::exception& e) {
        log_events(*d_pipeline, d_logger, alias());
        drop(std::string("the decoder failed: ") + e.what());
        return;
    }
    log_events(*d_pipeline, d_logger, alias());

    long max_its = 0;
    bool all_ok = true;
    for (size_t f = 0; f < frames; f++) {
        max_its = std::max<long>(max_its, its[f]);
        all_ok = all_ok && oks[f] != 0;
    }
    meta = pmt::dict_add(meta, pmt::intern("iterations"), pmt::from_long(max_its));
    meta = pmt::dict_add(meta, pmt::intern("parity_ok"), pmt::from_bool(all_ok));
    meta = pmt::dict_add(
        meta, pmt::intern("frames"), pmt::from_long(static_cast<long>(frames)));
    meta = pmt::dict_add(meta, pmt::intern("frame_iterations"), iterations);
    meta = pmt::dict_add(meta, pmt::intern("frame_parity_ok"), parity_ok);
    ++d_decoded;
    message_port_pub(d_port, pmt::cons(meta, bits));
}

} // namespace gpufec
} // namespace gr
