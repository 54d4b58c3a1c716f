/* -*- c++ -*- */
/*
 * The simulator's on-device Monte-Carlo loop (CUDA): for a range of frame
 * indices at one Eb/N0 it draws the information bits (random_bits' Philox
 * stream 0), encodes them, modulates, adds the noise of Philox stream 1 (the
 * awgn_channel arithmetic, channel.h), decodes device-resident with the
 * simulator's CUDA decoder (binary: cuda_decoder; nonbinary: the Min-Max
 * decoder) and compares, all on the GPU; only one small record per frame (wrong
 * bits and, nonbinary, symbols; iterations, parity) comes back. Batches are
 * queued on two streams, so the next batch's generation overlaps this one's
 * decoding.
 *
 * Internal to libgpufec (ber_simulator uses it); without CUDA make() and
 * make_nb() return nullptr with the reason.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_SIM_DEVICE_ENGINE_H
#define INCLUDED_GPUFEC_SIM_DEVICE_ENGINE_H

#include <cstddef>
#include <cstdint>
#include <gpufec/ber_simulator.h>
#include <memory>
#include <string>

namespace gpufec {

/*! What the simulator needs to know of one decoded frame. */
struct frame_outcome {
    uint32_t bit_errors = 0;    //!< wrong information bits
    uint32_t symbol_errors = 0; //!< nonbinary: wrong information symbols
    int32_t iterations = 0;
    uint8_t parity_ok = 0;
};

class device_sim_engine
{
public:
    /*!
     * An engine for the simulator's decoder, of either kind (a GF(q) decoder goes
     * to make_nb), or nullptr (and *why_not set) when the decoder is not a CUDA
     * one, CUDA is not built, or the code's encoder cannot run on the device.
     */
    static std::unique_ptr<device_sim_engine>
    make(decoder& dec, const ber_options& options, std::string* why_not);

    /*!
     * The same for the simulator's nonbinary code and CUDA (Min-Max) decoder
     * (lib/cuda/simulation/nb_sim_device_engine.cu): information symbols from the same
     * Philox bits, the code's systematic GF(q) encoder as a dense table, the binary image
     * through the channel, decoding from bit LLRs, wrong bits and symbols counted.
     * nullptr (and *why_not set) when the decoder is not a CUDA one, CUDA is not built,
     * or the encoder table does not fit.
     */
    static std::unique_ptr<device_sim_engine>
    make_nb(nb_decoder& dec, const ber_options& options, std::string* why_not);

    virtual ~device_sim_engine() = default;

    /*! Largest batch start() takes. */
    virtual size_t max_batch() const = 0;
    /*! Queues frames [first, first + frames) at ebn0_db; at most two in flight. */
    virtual void start(double ebn0_db, uint64_t first, size_t frames) = 0;
    /*! Waits for the oldest queued batch; out receives one outcome per frame. */
    virtual void finish(frame_outcome* out) = 0;
    /*! Seconds the device spent decoding the batch finish() returned last. */
    virtual double last_decode_seconds() const = 0;
};

} // namespace gpufec

#endif
