/* -*- c++ -*- */
/*
 * The nonbinary (GF(q)) LDPC decoder: an implementation behind the decoder
 * interface of decoder.h (decoder::make(code_handle, options) makes one for a
 * GF(q) code; decoder::decode takes its bit LLRs), with its own calls too: made
 * from an nb_code and options, it decodes a batch of frames, from bit LLRs of the
 * binary image (frames x N*p floats, L = ln(P(b=0)/P(b=1)), bit order of
 * nb_code.h) or from symbol LLR vectors (frames x N x q floats, L(a) =
 * ln(P(x=s)/P(x=a)), docs/GNURADIO.md "Sign conventions"; each vector is normalized to
 * min 0 on entry). Outputs: hard-decision symbols, information symbols and bits,
 * iterations, parity status.
 *
 * Check-node rules:
 *  - min_max ("minmax"): Min-Max (V. Savin, "Min-Max decoding for non binary LDPC
 *    codes", ISIT 2008) with the forward-backward check node (Wang et al., "Parallel
 * Nonbinary LDPC Decoding on GPU" Algorithm 2; Thi and Lee, "Efficient Parallel
 * Block-layered Nonbinary Quasi-cyclic LDPC Decoding on a GPU" eqs. 2-6), and the merger
 * of Thi and Lee (MMMA, eqs. 8-10): the forward and backward vectors are indexed by the
 * h-multiplied symbols, so the merger needs one GF addition per pair; the C2V message to
 * symbol i is M_i(h_i x).
 *  - ems ("ems"): extended min-sum (Declercq & Fossorier 2007; Voicila et al.),
 *    the same forward-backward trellis with (min, +) in place of (min, max); each
 *    input and intermediate vector keeps its n_m smallest entries, the others
 *    are set to the n_m-th value plus ems_offset; outputs are shifted down by
 *    ems_offset (clamped at 0) and multiplied by ems_scale (the "C2V
 *    compensation factor" of EMS decoders: sums over dc-1 inputs are
 *    over-confident). Defaults offset 0, scale 0.7, chosen from the FER of
 *    the scales around it (docs/VALIDATION.md).
 * Schedules: flooding (Wang et al. (nonbinary GPU decoding) Algorithm 1: all check nodes,
 * then all variable nodes, tentative decision, syndrome) and block-layered (Thi and Lee
 * Algorithm 1: the code's layers in order, V2C = APP - C2V, normalized, check node, APP =
 * V2C + C2V). Early termination: a frame stops after the first iteration whose
 * hard decision satisfies H.
 *
 * Backends: "cpu" (float reference, threads over frames); "cuda" (Min-Max,
 * flooding and block-layered, lib/cuda/nonbinary/nb_cuda_decoder.cu; backend_unavailable
 * where CUDA is not built or no device works); "auto" picks CUDA for Min-Max where
 * a device works, else the CPU, and logs the choice once.
 *
 * For a GPU implementation: messages are vectors of q floats per edge; edges are
 * numbered row-major (nb_matrix.h), so a layer's (q-1) check nodes of an NB-QC
 * code are consecutive rows with disjoint columns; field tables in
 * galois_field.h (mul_table, inv_table, exp/log).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_NB_DECODER_H
#define INCLUDED_GPUFEC_NB_DECODER_H

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <gpufec/api.h>
#include <gpufec/decoder.h>
#include <gpufec/nb_code.h>
#include <gpufec/nonbinary_options.h>
#include <memory>
#include <string>

namespace gpufec {

class device_sim_engine;
class nb_device_decoding;

/*! CUDA settings of the nonbinary decoder; 0 and automatic let it choose. */
struct GPUFEC_API nb_gpu_options {
    nb_flooding_pipeline flooding = nb_flooding_pipeline::automatic;
    /*!
     * Frames per batch of the host-fed pipeline (decode_bits / decode_symbols: two
     * batches in flight, one uploading while the other decodes), 0..16384; 0 =
     * 1024, fewer where two batches would take more than half of the free device
     * memory. The results do not depend on it.
     */
    int host_batch_frames = 0;
    /*!
     * CUDA device index (as gpu_options::device); the decoder's memory, streams
     * and kernels live there. A device that does not exist makes backend cuda
     * throw gpufec::backend_unavailable (auto falls back to the CPU).
     */
    int device = 0;
};

struct GPUFEC_API nb_decoder_options {
    nb_check_rule rule = nb_check_rule::min_max;
    decoding_schedule schedule = decoding_schedule::layered;
    int max_iterations = 10;       //!< 1 .. limits::max_iterations (100000)
    bool early_termination = true; //!< stop a frame once its syndrome is zero
    backend_kind backend = backend_kind::automatic;
    int threads = 0;         //!< CPU worker threads; 0 = all cores
    int ems_nm = 0;          //!< EMS n_m: entries kept per vector; 0 = q (none dropped)
    float ems_offset = 0.0f; //!< EMS offset (>= 0), see file comment
    float ems_scale = 0.7f;  //!< EMS C2V scaling factor, in (0, 1]
    /*!
     * Message arithmetic. The nonbinary decoders (CPU and CUDA, Min-Max and EMS)
     * compute in float32 only: float32, or automatic ("auto", which stands for
     * float32 here; options() reports float32). half2, int16 and int8 are refused
     * by validate().
     */
    message_precision precision = message_precision::float32;
    nb_gpu_options gpu; //!< backend cuda (and auto where it picks CUDA)

    /*! Throws gpufec::invalid_argument naming the first bad field. */
    void validate() const;
};

/*!
 * The nonbinary decoder options of decoder options (decoder.h): the rule, EMS
 * and CUDA GF(q) settings from options.nonbinary, the device from options.gpu,
 * schedule, early termination, backend, threads and precision as they are;
 * max_iterations code_default_iterations becomes 10. Fields a GF(q) decoder does
 * not read (alpha, beta, fixed, layout, the rest of gpu) are ignored here.
 */
GPUFEC_API nb_decoder_options to_nb_decoder_options(const decoder_options& options);

/*! Where decode writes; every pointer may be null when that output is not wanted. */
struct nb_decode_output {
    uint8_t* symbols = nullptr;      //!< frames * n(): hard-decision code symbols
    uint8_t* info_symbols = nullptr; //!< frames * k()
    uint8_t* info_bits = nullptr;    //!< frames * k() * p(), bit j of symbol i at i*p + j
    int* iterations = nullptr;       //!< frames: iterations run
    uint8_t* parity_ok = nullptr;    //!< frames: 1 when the decision satisfies H
};

/*!
 * Its own calls (decode_bits, decode_symbols, code(), options(),
 * set_max_iterations) speak of the GF(q) code and nb_decoder_options; through
 * decoder& it is the common interface (decode, any_code(), decoder_options).
 * The members d_code, d_options and d_max_iterations below are the GF(q)
 * decoder's own (the base's binary ones are unused here).
 */
class GPUFEC_API nb_decoder : public decoder
{
public:
    using uptr = std::unique_ptr<nb_decoder>;

    /*!
     * Makes a decoder. backend cuda throws gpufec::backend_unavailable where no
     * device works or options.gpu.device does not exist (and invalid_argument for
     * EMS, which runs on the CPU only); automatic gives CUDA for Min-Max where
     * device options.gpu.device works, else the CPU. Throws
     * gpufec::invalid_argument for bad options (a precision other than float32 or
     * auto among them) or a null code.
     */
    static uptr make(nb_code::sptr code, const nb_decoder_options& options);

    ~nb_decoder() override = default;

    /*!
     * Decodes from bit LLRs: llr_count = frames * n() * p() floats. NaN counts as
     * 0; an infinite LLR is refused (index named); finite LLRs of any size decode
     * (the CPU decoder clamps channel values and messages at 1e30). Throws
     * gpufec::invalid_argument for frames == 0, a count mismatch, frames * N * q
     * overflowing, or a null pointer.
     */
    void decode_bits(const float* llrs,
                     size_t llr_count,
                     size_t frames,
                     const nb_decode_output& out);

    /*!
     * Decodes from symbol LLR vectors: llr_count = frames * n() * q() floats. Each
     * vector is normalized (its minimum subtracted). A NaN or infinite entry is
     * refused (index named). Same other checks as decode_bits.
     */
    void decode_symbols(const float* llrs,
                        size_t llr_count,
                        size_t frames,
                        const nb_decode_output& out);

    const nb_code& code() const { return *d_code; }
    nb_code::sptr code_ptr() const { return d_code; }
    /*! The options in force: precision auto resolved (float32), max_iterations as set. */
    nb_decoder_options options() const;

    /*! Safe while another thread decodes; applies from the next call. */
    void set_max_iterations(int iterations);

    nb_decoder* nonbinary() final { return this; }

protected:
    friend class device_sim_engine;
    nb_decoder(nb_code::sptr code, const nb_decoder_options& options);
    /*!
     * The device-resident interface of a CUDA backend
     * (lib/cuda/nonbinary/nb_device_decoding.h, private to libgpufec), or nullptr for a
     * CPU backend: how the simulator's on-device loop (device_sim_engine::make_nb) finds
     * it without a cross-cast.
     */
    virtual nb_device_decoding* device_decoding() { return nullptr; }
    /*!
     * Backend work: normalized symbol LLRs (frames * n * q), checked. Writes
     * symbols (frames * n, never null here), iterations and parity_ok (never null).
     */
    virtual void decode_symbol_llrs(const float* symbol_llrs,
                                    size_t frames,
                                    int max_iterations,
                                    uint8_t* symbols,
                                    int* iterations,
                                    uint8_t* parity_ok) = 0;

    /*!
     * True when the backend takes unchecked, unconverted input (decode_raw):
     * the CUDA decoder checks, converts and normalizes on the GPU, inside its
     * pinned, double-buffered host-fed pipeline.
     */
    virtual bool accepts_raw_input() const { return false; }
    /*!
     * Raw input: bit LLRs (frames * n * p, bit_llrs) or symbol LLR vectors
     * (frames * n * q), sizes already checked. Must refuse what decode_bits /
     * decode_symbols refuse, with the same messages (it may do so after some
     * outputs were written).
     */
    virtual void decode_raw(const float* llrs,
                            bool bit_llrs,
                            size_t frames,
                            int max_iterations,
                            uint8_t* symbols,
                            int* iterations,
                            uint8_t* parity_ok);

    nb_code::sptr d_code;
    nb_decoder_options d_options;
    std::atomic<int> d_max_iterations;

    /*! decoder::decode's backend work: bit LLRs (frames * N * p), sizes checked. */
    void decode_checked(const float* llrs, size_t frames, const decode_output& out) final;
    /*! The bit LLR conversion maps NaN to 0 (as the CUDA pipeline does). */
    bool maps_nan_on_load() const final { return true; }

private:
    /* Bit LLRs, sizes checked: refuses infinite ones, converts, decodes. */
    void decode_bit_llrs(const float* llrs, size_t frames, const nb_decode_output& out);
    /* raw: 0 = normalized symbol LLRs (decode_symbol_llrs), 1 = raw symbol LLRs,
       2 = raw bit LLRs (decode_raw). */
    void finish(const float* llrs, int raw, size_t frames, const nb_decode_output& out);
};

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_NB_DECODER_H */
