/* -*- c++ -*- */
/*
 * The host loop of the on-device simulation engines (sim_device_loop.h).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "simulation/sim_device_loop.h"
#include <algorithm>
#include <gpufec/error.h>
#include <string>

namespace gpufec {

using namespace cuda_detail;

timing_event::timing_event() { check(cudaEventCreate(&d_event), "cudaEventCreate"); }

timing_event::~timing_event() { cudaEventDestroy(d_event); }

sim_device_loop::sim_device_loop(const ber_options& o, int device, double rate)
    : d_o(o), d_device(device), d_rate(rate)
{
}

sim_device_loop::~sim_device_loop()
{
    // queued work reads the slots' buffers: let it finish before they go
    cudaStreamSynchronize(d_gen.get());
    cudaStreamSynchronize(d_decs.get());
}

void sim_device_loop::set_max_batch(size_t frames)
{
    d_max = frames;
    for (slot& s : d_slots) {
        s.out.resize(d_max);
        s.host_out.reserve(d_max);
    }
}

void sim_device_loop::start(double ebn0_db, uint64_t first, size_t frames)
{
    if (frames == 0 || frames > d_max) {
        throw invalid_argument("device simulation: batch of " + std::to_string(frames) +
                               " frames (1.." + std::to_string(d_max) + ")");
    }
    if (d_queued == 2) {
        throw invalid_argument("device simulation: two batches already in flight");
    }
    device_guard guard(d_device);
    const int index = (d_head + d_queued) % 2;
    slot& s = d_slots[index];
    const awgn_channel channel(d_o.mod, ebn0_db, d_rate, d_o.seed);
    s.frames = frames;

    cudaStream_t gen = d_gen.get(), dec = d_decs.get();
    // the slot's buffers were last read by its previous decode and count
    check(cudaStreamWaitEvent(gen, s.free.get(), 0), "cudaStreamWaitEvent");
    queue_generation(index, channel, first, frames, gen);
    check(cudaEventRecord(s.generated.get(), gen), "cudaEventRecord");

    check(cudaStreamWaitEvent(dec, s.generated.get(), 0), "cudaStreamWaitEvent");
    check(cudaEventRecord(s.t0.get(), dec), "cudaEventRecord");
    queue_decode(index, frames, dec);
    check(cudaEventRecord(s.t1.get(), dec), "cudaEventRecord");
    queue_count(index, frames, s.out.get(), dec);
    check(cudaMemcpyAsync(s.host_out.get(),
                          s.out.get(),
                          frames * sizeof(frame_outcome),
                          cudaMemcpyDeviceToHost,
                          dec),
          "cudaMemcpyAsync (outcomes to host)");
    check(cudaEventRecord(s.free.get(), dec), "cudaEventRecord");
    ++d_queued;
}

void sim_device_loop::finish(frame_outcome* out)
{
    if (d_queued == 0) {
        throw invalid_argument("device simulation: no batch in flight");
    }
    device_guard guard(d_device);
    slot& s = d_slots[d_head];
    check(cudaEventSynchronize(s.free.get()), "cudaEventSynchronize (simulation)");
    float ms = 0.0f;
    check(cudaEventElapsedTime(&ms, s.t0.get(), s.t1.get()), "cudaEventElapsedTime");
    d_last_decode = ms * 1e-3;
    std::copy(s.host_out.get(), s.host_out.get() + s.frames, out);
    d_head = (d_head + 1) % 2;
    --d_queued;
}

} // namespace gpufec
