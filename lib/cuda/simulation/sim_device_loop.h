/* -*- c++ -*- */
/*
 * The host loop of the simulator's on-device engines (sim_device_engine.h), one
 * for binary (sim_device_engine.cu) and GF(q) codes (nb_sim_device_engine.cu):
 * two slots, a generation and a decoding stream, and per batch: wait for the
 * slot, queue the generation (the engine's kernels), then on the decoding stream
 * the decode between two timing events, the engine's count of the outcomes and
 * their copy to the host; finish() waits for the oldest batch and hands its
 * outcomes out. An engine says only what its kernels are.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_SIM_DEVICE_LOOP_H
#define INCLUDED_GPUFEC_SIM_DEVICE_LOOP_H

#include "common/cuda_check.h"
#include "simulation/sim_device_engine.h"
#include <cuda_runtime.h>
#include <gpufec/channel.h>

namespace gpufec {

/*! A CUDA event with timing. */
class timing_event
{
public:
    timing_event();
    ~timing_event();
    timing_event(const timing_event&) = delete;
    timing_event& operator=(const timing_event&) = delete;
    cudaEvent_t get() const { return d_event; }

private:
    cudaEvent_t d_event = nullptr;
};

class sim_device_loop : public device_sim_engine
{
public:
    /*! Lets queued work finish before the slots' buffers go. */
    ~sim_device_loop() override;

    size_t max_batch() const override { return d_max; }
    void start(double ebn0_db, uint64_t first, size_t frames) override;
    void finish(frame_outcome* out) override;
    double last_decode_seconds() const override { return d_last_decode; }

protected:
    /*!
     * o: the simulation; device: the decoder's device, current while the engine
     * is made (its streams and events live there); rate: the code's K/N.
     */
    sim_device_loop(const ber_options& o, int device, double rate);

    /*! Sets the largest batch and makes both slots' outcome buffers for it. */
    void set_max_batch(size_t frames);

    /*! On gen: the codewords and LLRs of frames [first, first + frames) in slot. */
    virtual void queue_generation(int slot,
                                  const awgn_channel& channel,
                                  uint64_t first,
                                  size_t frames,
                                  cudaStream_t gen) = 0;
    /*! On dec: the decode of the slot's LLRs (timed by the loop). */
    virtual void queue_decode(int slot, size_t frames, cudaStream_t dec) = 0;
    /*! On dec: the slot's outcomes, one per frame, into out (device memory). */
    virtual void
    queue_count(int slot, size_t frames, frame_outcome* out, cudaStream_t dec) = 0;

    const ber_options d_o;
    const int d_device;

private:
    struct slot {
        cuda_detail::device_buffer<frame_outcome> out;
        cuda_detail::pinned_buffer<frame_outcome> host_out;
        cuda_detail::event_owner generated, free;
        timing_event t0, t1;
        size_t frames = 0;
    };

    double d_rate;
    size_t d_max = 0;
    cuda_detail::stream_owner d_gen, d_decs;
    slot d_slots[2];
    int d_head = 0, d_queued = 0;
    double d_last_decode = 0.0;
};

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_SIM_DEVICE_LOOP_H */
