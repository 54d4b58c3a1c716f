/* -*- c++ -*- */
/*
 * pipeline_decoder: what the three decoder blocks (ldpc_decoder_fb,
 * ldpc_decoder_pdu and the FECAPI ldpc_decoder) answer alike, written once: the
 * code's sizes, the backend, precision and code name in use, and the decoding
 * parameters that may change while a flowgraph runs, all from the core's stream
 * pipeline each block holds. A block's implementation derives from
 * pipeline_decoder<its public interface>.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GR_GPUFEC_PIPELINE_DECODER_H
#define INCLUDED_GR_GPUFEC_PIPELINE_DECODER_H

#include "stream_setup.h"
#include <gpufec/stream_pipeline.h>
#include <string>
#include <utility>

namespace gr {
namespace gpufec {

template <typename Interface>
class pipeline_decoder : public Interface
{
protected:
    const ::gpufec::stream_pipeline::uptr d_pipeline;
    const ::gpufec::code_handle d_code;

    /*! Holds `pipeline`; `args` go to the interface's constructor. */
    template <typename... Args>
    explicit pipeline_decoder(::gpufec::stream_pipeline::uptr pipeline, Args&&... args)
        : Interface(std::forward<Args>(args)...), d_pipeline(std::move(pipeline)),
          d_code(d_pipeline->code())
    {
    }

public:
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
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_PIPELINE_DECODER_H */
