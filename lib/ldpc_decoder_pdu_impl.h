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
#include "pipeline_decoder.h"
#include <atomic>
#include <gnuradio/gpufec/ldpc_decoder_pdu.h>

namespace gr {
namespace gpufec {

class ldpc_decoder_pdu_impl : public pipeline_decoder<ldpc_decoder_pdu>
{
private:
    std::atomic<uint64_t> d_dropped{ 0 };
    std::atomic<uint64_t> d_decoded{ 0 };
    const pmt::pmt_t d_port;

    void handle_pdu(const pmt::pmt_t& msg);
    void drop(const std::string& why);

public:
    explicit ldpc_decoder_pdu_impl(::gpufec::stream_pipeline::uptr pipeline);
    ~ldpc_decoder_pdu_impl() override;

    uint64_t dropped_pdus() const override { return d_dropped.load(); }
    uint64_t decoded_pdus() const override { return d_decoded.load(); }
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_LDPC_DECODER_PDU_IMPL_H */
