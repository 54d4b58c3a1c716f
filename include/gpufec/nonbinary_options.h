/* -*- c++ -*- */
/*
 * The GF(q) part of the decoder options: the nonbinary check-node rule (Min-Max
 * or EMS, nb_decoder.h has the algorithms), the EMS parameters and the CUDA
 * decoder's GF(q) settings. decoder_options (decoder.h) holds one, so that one
 * options struct serves a code of either kind; a binary decoder ignores it.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_NONBINARY_OPTIONS_H
#define INCLUDED_GPUFEC_NONBINARY_OPTIONS_H

#include <gpufec/api.h>
#include <string>

namespace gpufec {

enum class nb_check_rule { min_max, ems };

/*! "minmax" (also "min-max"), "ems"; else gpufec::invalid_argument. */
GPUFEC_API nb_check_rule parse_nb_check_rule(const std::string& name);
GPUFEC_API std::string to_string(nb_check_rule rule);
/*! True when `name` names a nonbinary rule. */
GPUFEC_API bool is_nb_check_rule(const std::string& name);

/*!
 * Message pipeline of the CUDA decoder's flooding schedule
 * (lib/cuda/nonbinary/nb_cuda_decoder.cu has the details).
 */
enum class nb_flooding_pipeline {
    /*!
     * The check-domain pipeline where the quad check node runs (q >= 4: V2C stored
     * already permuted, the decision in the variable-node kernel, the APP never
     * stored), else classic
     */
    automatic,
    /*!
     * Variable-domain messages, the APP stored, a decision kernel of one block per
     * frame (its speed against the check-domain pipeline: docs/BENCHMARKS.md
     * "Nonbinary")
     */
    classic
};

/*! The options only a GF(q) code's decoder reads; 0 and automatic let it choose. */
struct GPUFEC_API nonbinary_options {
    nb_check_rule rule = nb_check_rule::min_max;
    int ems_nm = 0;          //!< EMS n_m: entries kept per vector; 0 = q (none dropped)
    float ems_offset = 0.0f; //!< EMS offset (>= 0), nb_decoder.h
    float ems_scale = 0.7f;  //!< EMS C2V scaling factor, in (0, 1]
    //! CUDA: the flooding schedule's message pipeline
    nb_flooding_pipeline flooding = nb_flooding_pipeline::automatic;
    /*!
     * CUDA: frames per batch of the host-fed pipeline (two batches in flight, one
     * uploading while the other decodes), 0..16384; 0 = 1024, fewer where two
     * batches would take more than half of the free device memory. The results
     * do not depend on it.
     */
    int host_batch_frames = 0;
};

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_NONBINARY_OPTIONS_H */
