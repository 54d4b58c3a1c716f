/* -*- c++ -*- */
/*
 * ldpc_decoder_pdu_impl: PDU (meta, f32 vector of F*N LLRs) in, PDU (meta + keys
 * iterations, parity_ok, frames, frame_iterations, frame_parity_ok; u8 vector of
 * F*K bits) out. A message of the wrong type or length is dropped, logged, counted.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ldpc_decoder_pdu_impl.h"
#include "decoder_params.h"
#include <algorithm>
#include <gnuradio/io_signature.h>

namespace gr {
namespace gpufec {

namespace {
const char* const who = "gpufec.ldpc_decoder_pdu";
}

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
                                              int threads)
{
    const float factor = input_factor(sign, llr_scale, who);
    decoder_args args;
    args.algorithm = algorithm;
    args.alpha = alpha;
    args.beta = beta;
    args.schedule = schedule;
    args.max_iterations = max_iterations;
    args.early_termination = early_termination;
    args.backend = backend;
    args.threads = threads;
    auto dec = make_decoder(make_code(spec, who), args, who);
    return gnuradio::make_block_sptr<ldpc_decoder_pdu_impl>(
        std::move(dec), factor, output_codeword);
}

ldpc_decoder_pdu_impl::ldpc_decoder_pdu_impl(::gpufec::decoder::uptr decoder,
                                             float factor,
                                             bool output_codeword)
    : gr::block("ldpc_decoder_pdu",
                gr::io_signature::make(0, 0, 0),
                gr::io_signature::make(0, 0, 0)),
      d_decoder(std::move(decoder)), d_n(d_decoder->code().n()),
      d_k(d_decoder->code().k()), d_output_codeword(output_codeword), d_factor(factor),
      d_port(pmt::intern("pdus"))
{
    message_port_register_in(d_port);
    message_port_register_out(d_port);
    set_msg_handler(d_port, [this](const pmt::pmt_t& msg) { this->handle_pdu(msg); });
}

ldpc_decoder_pdu_impl::~ldpc_decoder_pdu_impl() {}

std::string ldpc_decoder_pdu_impl::backend() const { return d_decoder->backend_name(); }
std::string ldpc_decoder_pdu_impl::code_name() const { return d_decoder->code().name(); }

void ldpc_decoder_pdu_impl::set_max_iterations(int max_iterations)
{
    d_decoder->set_max_iterations(max_iterations);
}
int ldpc_decoder_pdu_impl::max_iterations() const
{
    return d_decoder->options().max_iterations;
}
void ldpc_decoder_pdu_impl::set_alpha(float alpha) { d_decoder->set_alpha(alpha); }
float ldpc_decoder_pdu_impl::alpha() const { return d_decoder->options().alpha; }
void ldpc_decoder_pdu_impl::set_beta(float beta) { d_decoder->set_beta(beta); }
float ldpc_decoder_pdu_impl::beta() const { return d_decoder->options().beta; }

void ldpc_decoder_pdu_impl::drop(const std::string& why)
{
    const uint64_t count = ++d_dropped;
    d_logger->warn("dropped a message ({} dropped so far): {}", count, why);
}

void ldpc_decoder_pdu_impl::handle_pdu(const pmt::pmt_t& msg)
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
        drop("the PDU's data is not an f32 vector (LLRs as float32)");
        return;
    }
    const size_t length = pmt::length(data);
    if (length == 0 || length % static_cast<size_t>(d_n) != 0) {
        drop("the PDU holds " + std::to_string(length) +
             " LLRs, not a positive multiple of N=" + std::to_string(d_n) + " (" +
             d_decoder->code().name() + ")");
        return;
    }
    const size_t frames = length / d_n;
    const size_t out_frame = d_output_codeword ? d_n : d_k;

    size_t io = 0;
    const float* in = pmt::f32vector_elements(data, io);
    d_llrs.resize(length);
    scale_llrs(in, length, d_factor, d_llrs.data());

    pmt::pmt_t bits = pmt::make_u8vector(frames * out_frame, 0);
    pmt::pmt_t iterations = pmt::make_s32vector(frames, 0);
    pmt::pmt_t parity_ok = pmt::make_u8vector(frames, 0);
    size_t ob = 0, oi = 0, op = 0;
    ::gpufec::decode_output out;
    (d_output_codeword ? out.codewords : out.info_bits) =
        pmt::u8vector_writable_elements(bits, ob);
    int32_t* its = pmt::s32vector_writable_elements(iterations, oi);
    out.iterations = reinterpret_cast<int*>(its);
    out.parity_ok = pmt::u8vector_writable_elements(parity_ok, op);
    static_assert(sizeof(int) == sizeof(int32_t), "int is 32 bits");

    try {
        d_decoder->decode(d_llrs.data(), length, frames, out);
    } catch (const std::exception& e) {
        drop(std::string("the decoder failed: ") + e.what());
        return;
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
