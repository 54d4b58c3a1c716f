/* -*- c++ -*- */
/*
 * Internal header: the CPU float reference decoder, the oracle every faster CPU or
 * GPU decoder is checked against. Flooding (two-phase) and layered schedules;
 * check-node rules SPA (exact log-domain box-plus, forward-backward over the row),
 * min-sum, normalized and offset min-sum, and self-corrected min-sum (Savin 2008;
 * Andrade et al., "Near-LSPA Performance at MSA Complexity", eq. 9). Frames are spread
 * over worker threads, one scratch state per thread; results do not depend on the number
 * of threads.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CPU_REFERENCE_DECODER_H
#define INCLUDED_GPUFEC_CPU_REFERENCE_DECODER_H

#include <gpufec/decoder.h>
#include <gpufec/message_limits.h>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace gpufec {

/*!
 * Float reference decoder ("cpu" backend).
 *
 * Per frame: the n() LLRs go to the transmitted columns of H, punctured columns get
 * LLR 0, and all work is over the n_full() columns. Messages live per edge in the
 * CSR order of H. Channel LLRs (infinite ones included) and every message are
 * clamped to +-llr_limit (SPA's C2V to +-message_limits::spa_c2v), so nothing
 * overflows however many iterations run; the
 * posterior L_v = channel_v + sum of C2V is kept exact (at most
 * (column degree + 1) * llr_limit), so L_v - C2V_old stays the true extrinsic.
 *
 * An iteration:
 *  - flooding: for every row, V2C = L_v - C2V_old (L from the previous iteration),
 *    then the new C2V of the row; after all rows, L_v = channel_v + sum of C2V.
 *  - layered: for each layer of h().layers() in order, for each row of the layer:
 *    V2C = L_v - C2V_old, new C2V, L_v = V2C + C2V_new.
 *  - self-corrected min-sum: a V2C whose sign differs from the V2C stored for that
 *    edge in the previous iteration, when that one is nonzero, is erased to 0; the
 *    message after erasure is stored. No erasure in the first iteration. The
 *    erasure changes what the check node sees, not the posterior: in the layered
 *    schedule L_v = (L_v - C2V_old) + C2V_new with the extrinsic before erasure.
 * After each iteration (with early termination) the hard decision (L_v < 0 -> 1)
 * is checked against H and the frame stops when the syndrome is zero.
 */
class cpu_reference_decoder final : public decoder
{
public:
    /*! Magnitude limit of the channel LLRs and of every message in the decoder. */
    static constexpr float llr_limit = message_limits::llr;

    cpu_reference_decoder(ldpc_code::sptr code, const decoder_options& options);
    ~cpu_reference_decoder() override;

    std::string backend_name() const override { return "cpu"; }

    /*! Worker threads used for a large batch (options.threads, 0 resolved). */
    int threads() const { return d_threads; }

protected:
    void
    decode_checked(const float* llrs, size_t frames, const decode_output& out) override;

private:
    struct frame_state;
    struct run_parameters;

    std::unique_ptr<frame_state> acquire_state();
    void release_state(std::unique_ptr<frame_state> state);
    void decode_range(const float* llrs,
                      size_t first,
                      size_t last,
                      const run_parameters& p,
                      const decode_output& out,
                      frame_state& s) const;
    int decode_frame(const run_parameters& p, frame_state& s) const;

    int d_threads;
    std::mutex d_pool_mutex;
    std::vector<std::unique_ptr<frame_state>> d_pool; //!< idle scratch states
};

/*! Makes the CPU reference decoder; options are validated. */
std::unique_ptr<decoder> make_cpu_reference_decoder(ldpc_code::sptr code,
                                                    const decoder_options& options);

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_CPU_REFERENCE_DECODER_H */
