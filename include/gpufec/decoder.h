/* -*- c++ -*- */
/*
 * The decoder interface of the gpufec core: made from a code and options, it
 * decodes a batch of frames. LLRs in, L = ln(P(b=0)/P(b=1)) (positive means bit 0),
 * one float per transmitted bit; hard bits out, plus per-frame iterations and
 * parity status. Backends: "cpu" (float reference decoders, threads over frames;
 * with precision int16 / int8 the SIMD fixed-point layered min-sum decoder,
 * frames in SIMD lanes, docs/SIMD_DESIGN.md),
 * "cuda" (NVIDIA GPUs), "auto" (CUDA when a device works, logged once, else the
 * CPU, silently: backend_name() tells which).
 *
 * Check-node rules: SPA (log-domain belief propagation, exact box-plus), min-sum,
 * normalized min-sum (alpha), offset min-sum (beta), self-corrected min-sum
 * (Savin 2008; Andrade et al., "Near-LSPA Performance at MSA Complexity" eq. 9: a
 * variable-to-check message whose sign changed since the previous iteration is erased to
 * 0). Schedules: flooding (two-phase) and layered (the code's layers in order, see
 * parity_check_matrix::layers()).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_DECODER_H
#define INCLUDED_GPUFEC_DECODER_H

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <gpufec/api.h>
#include <gpufec/ldpc_code.h>
#include <gpufec/nonbinary_options.h>
#include <memory>
#include <string>

namespace gpufec {

class cuda_decoder;

enum class check_node_rule {
    spa,                   //!< "spa": sum-product, log domain, exact
    min_sum,               //!< "ms"
    normalized_min_sum,    //!< "nms": min scaled by alpha
    offset_min_sum,        //!< "oms": max(min - beta, 0)
    self_corrected_min_sum //!< "scms": min-sum with erasure on sign change
};

enum class decoding_schedule { layered, flooding };

enum class backend_kind { automatic, cpu, cuda };

/*!
 * Arithmetic of the decoder's messages. float32 everywhere; half2 (two frames per
 * 32-bit register, CUDA, min-sum family); int16 / int8 saturating fixed point
 * (the SIMD CPU decoders); automatic ("auto"): the fastest precision of the
 * backend whose FER stays within 0.1 dB of float32 for the rule, chosen by
 * decoder::make once the backend is known (auto_precision()).
 */
enum class message_precision { float32, half2, int16, int8, automatic };

/*! Names as used on the command line: spa, ms, nms, oms, scms. */
GPUFEC_API check_node_rule parse_check_node_rule(const std::string& name);
GPUFEC_API std::string to_string(check_node_rule rule);
/*! layered, flooding */
GPUFEC_API decoding_schedule parse_schedule(const std::string& name);
GPUFEC_API std::string to_string(decoding_schedule schedule);
/*! auto, cpu, cuda */
GPUFEC_API backend_kind parse_backend(const std::string& name);
GPUFEC_API std::string to_string(backend_kind backend);
/*! float (or float32), half2, int16, int8, auto */
GPUFEC_API message_precision parse_precision(const std::string& name);
GPUFEC_API std::string to_string(message_precision precision);

/*!
 * Default step of int8 LLR input: value v stands for the LLR v * step, so the int8
 * range covers |L| <= 127 * 0.125 = 15.875 (beyond that the quantizer saturates).
 */
constexpr float default_int8_llr_step = 0.125f;

/*!
 * Saturating quantizer for int8 LLR input: out[i] = clamp(round(in[i] / step),
 * -127, 127); NaN gives 0. Throws gpufec::invalid_argument for step <= 0 or NaN.
 */
GPUFEC_API void quantize_llrs(const float* in, size_t count, float step, int8_t* out);

/*!
 * How the CPU SIMD decoder (backend cpu, min-sum family; docs/SIMD_DESIGN.md) maps
 * frames to SIMD lanes. The decisions do not depend on it, only the speed.
 */
enum class simd_layout {
    /*!
     * intra-frame where measured faster for the call (QC / DVB-S2 codes, layered:
     * calls of too few frames to fill the lanes, and DVB-S2's low rates), else
     * inter-frame
     */
    automatic,
    inter_frame, //!< always frames in lanes
    intra_frame  //!< always one frame at a time (QC / DVB-S2, layered; else inter-frame)
};

/*! GPU settings; 0 and "auto" mean "let the tuner choose". */
struct GPUFEC_API gpu_options {
    int device = 0;           //!< CUDA device index
    int frames_per_block = 0; //!< frames decoded by one thread block
    int batch_frames = 0;     //!< frames per launch
    int streams = 3; //!< CUDA streams of the host pipeline (>= 1), one host worker each
    /*!
     * The decoding kernel, as cuda_tuning::kernel names it (gpufec-info --code
     * shows the tuner's choice). "first": the tuner takes the first kernel that
     * can decode the code with these options on this device, in the order of the
     * measurements of docs/CUDA_PERFORMANCE_NOTES.md (families, then the
     * instances of a family). "auto" (or empty, the default): the same, except
     * that where several instances of the register-resident family fit the code,
     * the decoder times each on the device, also with other frames per block (a
     * batch of synthetic frames, a few milliseconds, once per process for a
     * code, device and options) and takes the fastest; cuda_tuning::reason lists
     * the figures as NAME@FRAMES_PER_BLOCK. The instances decode the
     * same bits. The kernels:
     *  - "layered-...": the register-resident layered kernel's instances
     *    (layered min-sum family on codes of at most 32 uniform layers), e.g.
     *    "layered-wimax96-r12-early-half2" (wimax rate 1/2, Z = 96 only),
     *    "layered-tab-12x7-minsum-f32", "layered-reg-8x12-scms-half2";
     *  - "flooding-...": the same kernel's flooding instances (flooding min-sum
     *    family on those codes whose layers are in row order, e.g. every QC
     *    code's block rows), e.g. "flooding-tab-12x7-exact-minsum-half2",
     *    "flooding-reg-12x8-scms-f32"; with "-l2chan" the channel LLRs in a
     *    global workspace instead of shared memory (the tuner takes that where
     *    it fits more blocks per SM);
     *  - "layered-qc-large-minsum-P" (P = f32 or half2; layered MS / NMS / OMS on
     *    larger QC and DVB-S2 codes), posterior in shared memory; with "-gmem" in
     *    global memory; with "-ptpar" (DVB-S2-like 360-periodic codes) the
     *    information part in shared memory and the parity words per thread;
     *  - "general-S-R-P[-gmem]" (S = layered or flooding, R = minsum, scms or spa):
     *    the general message-passing kernel, for every code, rule and schedule.
     * A named kernel that cannot decode the code with these options on the device
     * (another precision or rule, a code it does not fit) makes the CUDA decoder
     * throw gpufec::invalid_argument naming the tuner's choice. Meant for
     * benchmarks and tests of each kernel.
     */
    std::string kernel = "auto";
};

/*!
 * Fixed-point quantization of the CPU SIMD decoder (precision int8 / int16; see
 * docs/SIMD_DESIGN.md "Semantics and quantization"): a channel LLR L enters as
 * round(L * 2^fraction_bits), saturated at +-channel_max; messages and posteriors
 * saturate at the type's maximum (127 / 32767). The defaults (fraction_bits -1,
 * channel_max 0) are the precision's: int8 2 fraction bits, channel_max 63; int16
 * 3 fraction bits, channel_max 1024, chosen so the FER stays within 0.1 dB of float
 * (docs/VALIDATION.md). Ignored by float32 / half2.
 */
struct GPUFEC_API fixed_point_options {
    int fraction_bits = -1; //!< 0..12; -1 = the precision's default
    int channel_max = 0;    //!< 1..type maximum; 0 = the precision's default
    int c2v_max = 0; //!< check-to-variable magnitude clamp, 1..type max; 0 = default
};

/*! alpha / beta value that stands for the code family's default (rule_defaults). */
constexpr float family_default = -1.0f;

/*! max_iterations value that stands for the code's default (rule_defaults). */
constexpr int code_default_iterations = -1;

/*! Check-node rule parameters: NMS factor alpha, OMS offset beta, iterations. */
struct GPUFEC_API rule_parameters {
    float alpha;
    float beta;
    int iterations; //!< the default maximum iterations
};

/*!
 * The rule parameters and the maximum iterations a code decodes best with, per
 * family and, for DVB-S2, per rate, chosen from measured FER curves
 * (docs/VALIDATION.md "Default rule parameters"; the table is in
 * lib/core/decoders/rule_defaults.cc): IEEE 802.11n and 802.16e alpha 0.8125,
 * beta 0.5, 10 iterations; 5G NR 0.6875, 0.5, 10; DVB-S2 per rate; any other code
 * (alist, qc files) 0.75, 0.5, 10. Every alpha and beta is a multiple of 1/16, so
 * the fixed-point decoders use it exactly.
 */
GPUFEC_API rule_parameters default_rule_parameters(const ldpc_code& code);

struct GPUFEC_API decoder_options {
    check_node_rule rule = check_node_rule::normalized_min_sum;
    //! normalized min-sum factor, in (0, 1]; family_default: the code family's
    float alpha = family_default;
    //! offset min-sum offset, >= 0; family_default: the code family's
    float beta = family_default;
    decoding_schedule schedule = decoding_schedule::layered;
    //! 1 .. limits::max_iterations (100000); code_default_iterations (-1): the code's
    int max_iterations = code_default_iterations;
    bool early_termination = true; //!< stop a frame once its syndrome is zero
    backend_kind backend = backend_kind::automatic;
    int threads = 0; //!< CPU worker threads; 0 = all cores
    /*!
     * Message arithmetic; automatic is resolved by decoder::make for the backend
     * it builds (auto_precision), and options() reports the result.
     */
    message_precision precision = message_precision::float32;
    fixed_point_options fixed; //!< int8 / int16 quantization (CPU SIMD decoder)
    simd_layout layout = simd_layout::automatic; //!< frames to lanes (CPU SIMD decoder)
    gpu_options gpu;
    //! a GF(q) code's decoder (rule, EMS, CUDA settings); a binary one ignores it
    nonbinary_options nonbinary;

    /*! Throws gpufec::invalid_argument naming the first bad field. */
    void validate() const;

    /*!
     * These options with alpha / beta = family_default and max_iterations =
     * code_default_iterations replaced by the code's.
     */
    decoder_options resolved(const ldpc_code& code) const;
};

/*!
 * The precision that message_precision::automatic stands for on `backend` (cpu
 * or cuda) with these options (rule, gpu.kernel): the fastest precision the
 * backend offers for the rule whose FER stays within 0.1 dB of float32, by the
 * FER matrices of docs/VALIDATION.md ("Every rule x precision x schedule against
 * float", table "precision auto"):
 *  - cpu: int8 for nms (the SIMD decoder: every code family and both schedules
 *    within 0.1 dB, at the waterfall and deep points), int16 for ms, oms, scms
 *    and nms with alpha >= 0.97 (int8 has error floors there on some codes),
 *    float32 for spa (the reference decoder, float only);
 *  - cuda: half2 for the min-sum family (the GPU FER matrix: every code family,
 *    both schedules within 0.1 dB), float32 for spa (half2 refused there); with
 *    gpu.kernel naming a kernel, the kernel's own precision (half2 when its name
 *    says half2, else float32).
 * The result is never a precision the backend refuses for the rule. Throws
 * gpufec::invalid_argument for backend automatic (resolve the backend first).
 */
GPUFEC_API message_precision auto_precision(backend_kind backend,
                                            const decoder_options& options);

/*!
 * options.precision, or auto_precision(backend, options) when it is automatic.
 */
GPUFEC_API message_precision resolve_precision(backend_kind backend,
                                               const decoder_options& options);

/*! Where decode() writes; every pointer may be null when that output is not wanted. */
struct decode_output {
    uint8_t* info_bits = nullptr; //!< frames * k() bytes, 0/1
    uint8_t* codewords =
        nullptr;               //!< frames * n() bytes: hard decisions on transmitted bits
    int* iterations = nullptr; //!< frames: iterations run
    uint8_t* parity_ok = nullptr; //!< frames: 1 when the final hard decision satisfies H
};

class GPUFEC_API decoder
{
public:
    using uptr = std::unique_ptr<decoder>;

    /*!
     * Makes a decoder. backend cuda throws gpufec::backend_unavailable with the
     * reason when no usable device or CUDA support exists; automatic falls back to
     * the CPU and logs the choice once per process. Precision auto becomes the
     * choice of auto_precision() for the backend built (with backend automatic:
     * CUDA's where CUDA is used, else the CPU's); options() reports it.
     */
    static uptr make(ldpc_code::sptr code, const decoder_options& options);

    virtual ~decoder() = default;

    /*!
     * Decodes `frames` frames. llrs holds llr_count = frames * code().n() floats.
     * NaN LLRs are treated as 0 (no information). Throws gpufec::invalid_argument
     * when frames == 0, llr_count disagrees, or llrs is null.
     */
    void
    decode(const float* llrs, size_t llr_count, size_t frames, const decode_output& out);

    /*!
     * Decodes int8 LLRs: value v stands for the LLR v * step (see quantize_llrs).
     * The CUDA backend ships them as int8 (a quarter of the PCIe traffic of float).
     * Same checks as the float version; step must be > 0 and finite.
     */
    void decode(const int8_t* llrs,
                size_t llr_count,
                size_t frames,
                float step,
                const decode_output& out);

    const ldpc_code& code() const { return *d_code; }
    ldpc_code::sptr code_ptr() const { return d_code; }
    /*!
     * The options in force: family defaults and precision auto resolved, alpha,
     * beta and max_iterations as last set.
     */
    decoder_options options() const;
    /*! "cpu" or "cuda". */
    virtual std::string backend_name() const = 0;
    /*!
     * The CUDA backend of this decoder (device-resident decoding, the tuner's
     * choice), or nullptr for a CPU backend: how the simulator's on-device loop
     * (device_sim_engine) finds it without a downcast.
     */
    virtual cuda_decoder* cuda_backend() { return nullptr; }

    /*!
     * Safe to call while another thread decodes; applies from the next call.
     * family_default restores the code family's alpha / beta,
     * code_default_iterations the code's maximum iterations.
     */
    void set_max_iterations(int iterations);
    void set_alpha(float alpha);
    void set_beta(float beta);

protected:
    decoder(ldpc_code::sptr code, const decoder_options& options);
    /*! Backend work: inputs already checked, NaN already mapped to 0. */
    virtual void
    decode_checked(const float* llrs, size_t frames, const decode_output& out) = 0;
    /*! int8 input; the default converts to float and calls decode_checked. */
    virtual void decode_checked_int8(const int8_t* llrs,
                                     size_t frames,
                                     float step,
                                     const decode_output& out);
    /*!
     * True when the backend maps NaN LLRs to 0 itself as it loads them (the CUDA
     * kernels, the SIMD workers), so decode() need not scan the batch first.
     */
    virtual bool maps_nan_on_load() const { return false; }

    ldpc_code::sptr d_code;
    decoder_options d_options;
    std::atomic<int> d_max_iterations;
    std::atomic<float> d_alpha;
    std::atomic<float> d_beta;
};

/*! Backends this build has, and whether each works here, one line each. */
GPUFEC_API std::string describe_backends();

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_DECODER_H */
