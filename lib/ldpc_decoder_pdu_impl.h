/* -*- c++ -*- */
/*
 * ldpc_decoder_pdu_impl: the PDU decoder block's implementation, for binary and
 * nonbinary codes alike. Decodes all the frames of a PDU in one call of the
 * core's stream pipeline (gpufec::stream_pipeline::decode, which converts the
 * input and replaces a failing decoder by a CPU one); drops (and counts) PDUs of
 * the wrong length, and a PDU no decoder can decode.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GR_GPUFEC_LDPC_DECODER_PDU_IMPL_H
#define INCLUDED_GR_GPUFEC_LDPC_DECODER_PDU_IMPL_H

#include "input_convention.h"
#include "stream_setup.h"
#include <atomic>
#include <gnuradio/gpufec/ldpc_decoder_pdu.h>

namespace gr {
namespace gpufec {

class ldpc_decoder_pdu_impl : public ldpc_decoder_pdu
{
private:
    const ::gpufec::stream_pipeline::uptr d_pipeline;
    const ::gpufec::code_handle d_code;
    std::atomic<uint64_t> d_dropped{ 0 };
    std::atomic<uint64_t> d_decoded{ 0 };
    const pmt::pmt_t d_port;

    void handle_pdu(const pmt::pmt_t& msg);
    void drop(const std::string& why);

public:
    explicit ldpc_decoder_pdu_impl(::gpufec::stream_pipeline::uptr pipeline);
    ~ldpc_decoder_pdu_impl() override;

    bool nonbinary() const override { return !d_code.is_binary(); }
    int n() const override { return d_code.n(); }
    int k() const override { return d_code.k(); }
    int q() const override { return d_code.q(); }
    int p() const override { return d_code.bits_per_symbol(); }
    std::string backend() const override { return d_pipeline->backend_name(); }
    std::string precision() const override { return precision_of(*d_pipeline); }
    std::string code_name() const override { return d_pipeline->code_name(); }

    void set_max_iterations(int v) override { d_pipeline->set_max_iterations(v); }
    int max_iterations() const override { return d_pipeline->max_iterations(); }
    void set_alpha(float alpha) override { d_pipeline->set_alpha(alpha); }
    float alpha() const override { return d_pipeline->alpha(); }
    void set_beta(float beta) override { d_pipeline->set_beta(beta); }
    float beta() const override { return d_pipeline->beta(); }

    uint64_t dropped_pdus() const override { return d_dropped.load(); }
    uint64_t decoded_pdus() const override { return d_decoded.load(); }
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_LDPC_DECODER_PDU_IMPL_H */
