/* -*- c++ -*- */
/*
 * nb_ldpc_decoder_pdu_impl: the nonbinary PDU decoder block's implementation.
 * Decodes all the frames of a PDU in one core call; drops (and counts) PDUs of
 * the wrong length.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GR_GPUFEC_NB_LDPC_DECODER_PDU_IMPL_H
#define INCLUDED_GR_GPUFEC_NB_LDPC_DECODER_PDU_IMPL_H

#include <atomic>
#include <gnuradio/gpufec/nb_ldpc_decoder_pdu.h>
#include <gpufec/nb_decoder.h>
#include <vector>

namespace gr {
namespace gpufec {

class nb_ldpc_decoder_pdu_impl : public nb_ldpc_decoder_pdu
{
private:
    ::gpufec::nb_decoder::uptr d_decoder;
    const int d_n;
    const int d_k;
    const int d_p;
    const bool d_output_codeword;
    const float d_factor;
    std::vector<float> d_llrs;
    std::vector<uint8_t> d_symbols;
    std::atomic<uint64_t> d_dropped{ 0 };
    std::atomic<uint64_t> d_decoded{ 0 };
    const pmt::pmt_t d_port;

    void handle_pdu(const pmt::pmt_t& msg);
    void drop(const std::string& why);

public:
    nb_ldpc_decoder_pdu_impl(::gpufec::nb_decoder::uptr decoder,
                             float factor,
                             bool output_codeword);
    ~nb_ldpc_decoder_pdu_impl() override;

    int n() const override { return d_n; }
    int k() const override { return d_k; }
    int q() const override { return 1 << d_p; }
    int p() const override { return d_p; }
    std::string backend() const override;
    std::string code_name() const override;

    void set_max_iterations(int max_iterations) override;
    int max_iterations() const override;

    uint64_t dropped_pdus() const override { return d_dropped.load(); }
    uint64_t decoded_pdus() const override { return d_decoded.load(); }
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_NB_LDPC_DECODER_PDU_IMPL_H */
