/* -*- c++ -*- */
/*
 * nb_ldpc_decoder_pdu_impl: PDU (meta, f32 vector of F*N*p bit LLRs) in, PDU
 * (meta + keys iterations, parity_ok, frames, frame_iterations, frame_parity_ok;
 * u8 vector of F*K*p bits) out. A message of the wrong type or length is
 * dropped, logged, counted.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "nb_ldpc_decoder_pdu_impl.h"
#include "decoder_params.h"
#include "nb_decoder_params.h"
#include <algorithm>
#include <gnuradio/io_signature.h>

namespace gr {
namespace gpufec {

namespace {
const char* const who = "gpufec.nb_ldpc_decoder_pdu";
}

nb_ldpc_decoder_pdu::sptr nb_ldpc_decoder_pdu::make(const std::string& spec,
                                                    const std::string& algorithm,
                                                    int ems_nm,
                                                    float ems_offset,
                                                    float ems_scale,
                                                    const std::string& schedule,
                                                    int max_iterations,
                                                    bool early_termination,
                                                    const std::string& backend,
                                                    const std::string& sign,
                                                    float llr_scale,
                                                    bool output_codeword,
                                                    int threads)
{
    const float factor = input_factor(sign, llr_scale, who);
    nb_decoder_args args;
    args.algorithm = algorithm;
    args.ems_nm = ems_nm;
    args.ems_offset = ems_offset;
    args.ems_scale = ems_scale;
    args.schedule = schedule;
    args.max_iterations = max_iterations;
    args.early_termination = early_termination;
    args.backend = backend;
    args.threads = threads;
    auto dec = make_nb_decoder(make_nb_code(spec, who), args, who);
    return gnuradio::make_block_sptr<nb_ldpc_decoder_pdu_impl>(
        std::move(dec), factor, output_codeword);
}

nb_ldpc_decoder_pdu_impl::nb_ldpc_decoder_pdu_impl(::gpufec::nb_decoder::uptr decoder,
                                                   float factor,
                                                   bool output_codeword)
    : gr::block("nb_ldpc_decoder_pdu",
                gr::io_signature::make(0, 0, 0),
                gr::io_signature::make(0, 0, 0)),
      d_decoder(std::move(decoder)), d_n(d_decoder->code().n()),
      d_k(d_decoder->code().k()), d_p(d_decoder->code().p()),
      d_output_codeword(output_codeword), d_factor(factor), d_port(pmt::intern("pdus"))
{
    message_port_register_in(d_port);
    message_port_register_out(d_port);
    set_msg_handler(d_port, [this](const pmt::pmt_t& msg) { this->handle_pdu(msg); });
}

nb_ldpc_decoder_pdu_impl::~nb_ldpc_decoder_pdu_impl() {}

std::string nb_ldpc_decoder_pdu_impl::backend() const
{
    return d_decoder->backend_name();
}
std::string nb_ldpc_decoder_pdu_impl::code_name() const
{
    return d_decoder->code().name();
}

void nb_ldpc_decoder_pdu_impl::set_max_iterations(int max_iterations)
{
    d_decoder->set_max_iterations(max_iterations);
}
int nb_ldpc_decoder_pdu_impl::max_iterations() const
{
    return d_decoder->options().max_iterations;
}

void nb_ldpc_decoder_pdu_impl::drop(const std::string& why)
{
    const uint64_t count = ++d_dropped;
    d_logger->warn("dropped a message ({} dropped so far): {}", count, why);
}

void nb_ldpc_decoder_pdu_impl::handle_pdu(const pmt::pmt_t& msg)
{
    if (!pmt::is_pair(msg)) {
        drop("not a PDU (a pair of metadata and an f32 vector)");
        return;
    }
    pmt::pmt_t meta = pmt::car(msg);
    const pmt::pmt_t data = pmt::cdr(msg);
    if (pmt::is_null(meta)) {
        meta = pmt::make_dict();
    } else if (!pmt::is_dict(meta)) {
        drop("the PDU's metadata is not a dictionary");
        return;
    }
    if (!pmt::is_f32vector(data)) {
        drop("the PDU's data is not an f32 vector (bit LLRs as float32)");
        return;
    }
    const size_t in_frame = static_cast<size_t>(d_n) * d_p;
    const size_t length = pmt::length(data);
    if (length == 0 || length % in_frame != 0) {
        drop("the PDU holds " + std::to_string(length) +
             " LLRs, not a positive multiple of N*p=" + std::to_string(in_frame) + " (" +
             d_decoder->code().name() + ")");
        return;
    }
    const size_t frames = length / in_frame;
    const size_t out_frame = static_cast<size_t>(d_output_codeword ? d_n : d_k) * d_p;

    size_t io = 0;
    const float* in = pmt::f32vector_elements(data, io);
    d_llrs.resize(length);
    scale_llrs(in, length, d_factor, d_llrs.data());

    pmt::pmt_t bits = pmt::make_u8vector(frames * out_frame, 0);
    pmt::pmt_t iterations = pmt::make_s32vector(frames, 0);
    pmt::pmt_t parity_ok = pmt::make_u8vector(frames, 0);
    size_t ob = 0, oi = 0, op = 0;
    uint8_t* bits_out = pmt::u8vector_writable_elements(bits, ob);
    ::gpufec::nb_decode_output out;
    if (d_output_codeword) {
        d_symbols.resize(frames * d_n);
        out.symbols = d_symbols.data();
    } else {
        out.info_bits = bits_out;
    }
    static_assert(sizeof(int) == sizeof(int32_t), "int is 32 bits");
    int32_t* its = pmt::s32vector_writable_elements(iterations, oi);
    out.iterations = reinterpret_cast<int*>(its);
    out.parity_ok = pmt::u8vector_writable_elements(parity_ok, op);
    try {
        d_decoder->decode_bits(d_llrs.data(), length, frames, out);
    } catch (const std::exception& e) {
        drop(std::string("the decoder failed: ") + e.what());
        return;
    }
    if (d_output_codeword) {
        ::gpufec::nb_symbols_to_bits(d_symbols.data(), frames * d_n, d_p, bits_out);
    }

    long max_its = 0;
    bool all_ok = true;
    for (size_t f = 0; f < frames; f++) {
        max_its = std::max<long>(max_its, its[f]);
        all_ok = all_ok && out.parity_ok[f] != 0;
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
