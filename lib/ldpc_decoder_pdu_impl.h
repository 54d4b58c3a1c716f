/* -*- c++ -*- */
/*
 * ldpc_decoder_pdu_impl: the PDU decoder block's implementation, for binary and
 * nonbinary codes alike (frame_codec.h). Decodes all the frames of a PDU in one
 * core call; drops (and counts) PDUs of the wrong length.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GR_GPUFEC_LDPC_DECODER_PDU_IMPL_H
#define INCLUDED_GR_GPUFEC_LDPC_DECODER_PDU_IMPL_H

#include "frame_codec.h"
#include <atomic>
#include <gnuradio/gpufec/ldpc_decoder_pdu.h>
#include <vector>

namespace gr {
namespace gpufec {

class ldpc_decoder_pdu_impl : public ldpc_decoder_pdu
{
private:
    frame_decoder::uptr d_decoder;
    const frame_sizes d_sizes;
    const bool d_output_codeword;
    const float d_factor;
    std::vector<float> d_llrs;
    std::atomic<uint64_t> d_dropped{ 0 };
    std::atomic<uint64_t> d_decoded{ 0 };
    const pmt::pmt_t d_port;

    void handle_pdu(const pmt::pmt_t& msg);
    void drop(const std::string& why);

public:
    ldpc_decoder_pdu_impl(frame_decoder::uptr decoder,
                          float factor,
                          bool output_codeword);
    ~ldpc_decoder_pdu_impl() override;

    bool nonbinary() const override { return d_sizes.nonbinary; }
    int n() const override { return d_sizes.n; }
    int k() const override { return d_sizes.k; }
    int q() const override { return d_sizes.q(); }
    int p() const override { return d_sizes.p; }
    std::string backend() const override { return d_decoder->backend_name(); }
    std::string precision() const override { return d_decoder->precision(); }
    std::string code_name() const override { return d_decoder->code_name(); }

    void set_max_iterations(int max_iterations) override;
    int max_iterations() const override { return d_decoder->max_iterations(); }
    void set_alpha(float alpha) override { d_decoder->set_alpha(alpha); }
    float alpha() const override { return d_decoder->alpha(); }
    void set_beta(float beta) override { d_decoder->set_beta(beta); }
    float beta() const override { return d_decoder->beta(); }

    uint64_t dropped_pdus() const override { return d_dropped.load(); }
    uint64_t decoded_pdus() const override { return d_decoded.load(); }
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_LDPC_DECODER_PDU_IMPL_H */
