/* -*- c++ -*- */
/*
 * Monte-Carlo BER/FER simulation of an LDPC code over an AWGN channel: random
 * (or all-zero) information bits, the code's encoder, BPSK/QPSK with exact LLRs
 * (channel.h), a gpufec decoder fed in batches, and the usual stop rules (a point
 * ends once it has seen enough frame errors or frames, or after a wall time at a
 * batch boundary; a sweep ends once a point's FER falls below a floor).
 * The FER's confidence interval is Wilson's (J. Am. Stat. Assoc. 22, 1927); the
 * BER's takes the frames, not the bits, as the independent trials
 * (clustered_ber_interval). A sweep can continue from the points of an earlier run
 * (resume), and a progress callback reports the counts of the running point batch by
 * batch. docs/SIMULATOR.md describes the whole tool chain.
 *
 * Reproducibility: frame f of a point (f = first_frame, first_frame + 1, ...)
 * draws its information bits from random_bits(seed, f) and its noise from
 * stream 1 of (seed, f); every point uses the same frame indices (common random
 * numbers, so a curve is smooth and a single point can be rerun alone). Frames
 * are counted in index order and the count stops at the first frame that meets
 * a stop rule, the rest of its batch being discarded: the result is the one a
 * frame-by-frame simulation gives, whatever the batch size, the thread count or
 * the backend (for a decoder whose output per frame does not depend on its
 * batch). A point can be split over processes with disjoint first_frame ranges
 * and the counts added; run_part() and split_ber_simulator.h do that exactly,
 * whatever stop rule ends the point.
 *
 * Nonbinary codes (nb_code.h): the same engine, through the same decoder
 * interface (decoder.h; the GF(q) decoder is an nb_decoder behind it). The
 * K*p information bits of frame f come from random_bits(seed, f), are packed into
 * K symbols (bit j of symbol i = bit i*p + j), encoded, and the N*p bits of the
 * binary image go through the channel (Eb/N0 per information bit, rate K/N).
 * A point then also counts symbol errors: information symbols whose p bits are
 * not all right (ser = symbol_errors / info_symbols).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_BER_SIMULATOR_H
#define INCLUDED_GPUFEC_BER_SIMULATOR_H

#include <gpufec/api.h>
#include <gpufec/channel.h>
#include <gpufec/code.h>
#include <gpufec/decoder.h>
#include <gpufec/ldpc_code.h>
#include <gpufec/nb_decoder.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace gpufec {

class device_sim_engine;
struct sim_hooks; // internal: what the batch loops report to (ber_simulator.cc)

/*! What a simulation run does. validate() names the first bad field. */
struct GPUFEC_API ber_options {
    //! the decoder of either kind of code (a GF(q) code's rule in its nonbinary part)
    decoder_options decoder;
    modulation mod = modulation::bpsk;  //!< BPSK or Gray QPSK
    std::vector<double> ebn0_db{ 1.0 }; //!< points, simulated in this order
    uint64_t seed = 1;                  //!< Philox key of bits and noise
    /*! Stop a point at this many frame errors; 0: no such rule. */
    uint64_t min_frame_errors = 50;
    /*! Stop a point at this many frames; >= 1. */
    uint64_t max_frames = 10000;
    /*!
     * Stop a point once it has run this many seconds (wall time), at the end of
     * the batch then being counted: every frame decoded up to there is counted, in
     * index order, so a resumed run continues at the next frame. 0: no such rule;
     * else finite and > 0.
     */
    double max_seconds = 0.0;
    /*!
     * End the sweep after the first point whose FER is below this (no later point
     * is simulated: it would take longer and say little). 0: no such rule; else
     * in (0, 1).
     */
    double stop_fer = 0.0;
    /*! Send the all-zero codeword (no encoder, no random bits). */
    bool all_zero = false;
    /*! Frames per decoder call; 0 = adaptive (see max_batch_frames()). */
    size_t batch_frames = 0;
    /*! Encoder/channel worker threads; 0 = decoder.threads, and 0 there = all cores. */
    int threads = 0;
    /*! Index of a point's first frame (to split a point over processes). */
    uint64_t first_frame = 0;
    /*!
     * CUDA decoders: run the whole loop on the GPU (bits, encoding, channel,
     * decoding, counting; sim_device_engine). false: frames are made on the host
     * and cross PCIe, as for the CPU backend. Ignored by CPU decoders.
     */
    bool on_device = true;
    /*!
     * Binary codes: > 0 quantizes the channel LLRs to int8 with this step
     * (quantize_llrs: value v stands for v * step) and decodes them as such, as a
     * receiver with 8-bit soft bits does (the CUDA decoders read a quarter of
     * the bytes); 0: float LLRs.
     */
    float int8_step = 0.0f;

    /*! Throws gpufec::invalid_argument naming the first bad field. */
    void validate() const;
};

/*! A two-sided confidence interval of a proportion. */
struct GPUFEC_API confidence_interval {
    double lower = 0.0;
    double upper = 1.0;
};

/*! Why a point ended. */
enum class stop_reason {
    none,             //!< not ended (a point still running, or never run)
    min_frame_errors, //!< it reached ber_options::min_frame_errors
    max_frames,       //!< it reached ber_options::max_frames
    max_seconds,      //!< it ran ber_options::max_seconds (continued by a resume)
    interrupted       //!< the progress callback asked to stop (continued by a resume)
};

/*! none, min_frame_errors, max_frames, max_seconds, interrupted */
GPUFEC_API std::string to_string(stop_reason reason);
/*! The inverse of to_string(stop_reason); gpufec::invalid_argument for another name. */
GPUFEC_API stop_reason parse_stop_reason(const std::string& name);

/*! The result of one Eb/N0 point. */
struct GPUFEC_API ber_point {
    double ebn0_db = 0.0;
    uint64_t frames = 0;       //!< frames counted
    uint64_t bit_errors = 0;   //!< information bits in error
    uint64_t frame_errors = 0; //!< frames whose information bits differ
    /*!
     * The sum over the counted frames of the square of each frame's information
     * bit errors (exact; ber_ci's spread of the errors per failed frame). The
     * simulator throws std::overflow_error rather than let it wrap.
     */
    uint64_t bit_errors_sq = 0;
    /*! Frame errors whose hard decision nevertheless satisfies H. */
    uint64_t undetected_frame_errors = 0;
    double ber = 0.0;            //!< bit_errors / info_bits
    double fer = 0.0;            //!< frame_errors / frames
    double avg_iterations = 0.0; //!< mean decoder iterations over the counted frames
    uint64_t info_bits = 0;      //!< frames * k
    double seconds = 0.0;        //!< wall time of the point (generation + decoding)
    uint64_t decoded_frames = 0; //!< frames decoded, counted or discarded past the stop
    double decode_seconds = 0.0; //!< time spent inside decoder::decode
    /*! Decoder throughput: decoded_frames * k / decode_seconds, bits per second. */
    double info_throughput_bps = 0.0;
    /*! Nonbinary codes only (nonbinary == true): information symbols in error. */
    bool nonbinary = false;
    uint64_t symbol_errors = 0;
    uint64_t info_symbols = 0; //!< frames * K symbols
    double ser = 0.0;          //!< symbol_errors / info_symbols
    /*! Index of the first counted frame (ber_options::first_frame). */
    uint64_t first_frame = 0;
    /*! Decoder iterations summed over the counted frames (exact; avg_iterations). */
    uint64_t total_iterations = 0;
    /*! 95% Wilson interval of the FER (frame_errors of frames). */
    confidence_interval fer_ci;
    /*!
     * 95% interval of the BER from the per-frame error counts
     * (clustered_ber_interval(): bit errors come in frames, so the frames, not
     * the bits, are the independent trials).
     */
    confidence_interval ber_ci;
    stop_reason stopped_by = stop_reason::none; //!< the rule that ended the point
};

/*!
 * Wilson score interval of errors/trials at the given two-sided confidence
 * (0.95: z = 1.95996). trials == 0 gives [0, 1]. Throws gpufec::invalid_argument
 * for errors > trials or a confidence outside (0, 1).
 */
GPUFEC_API confidence_interval wilson_interval(uint64_t errors,
                                               uint64_t trials,
                                               double confidence = 0.95);

/*! The Wilson interval of a point's FER. */
GPUFEC_API confidence_interval fer_confidence_interval(const ber_point& point,
                                                       double confidence = 0.95);

/*!
 * Interval of a BER whose bit errors come in frames: frames frames of
 * bits_per_frame information bits each, frame_errors of them failed, with
 * bit_errors wrong bits in all and bit_errors_sq the sum of the squares of the
 * per-frame counts. The BER is FER * mu / bits_per_frame, mu the mean bit errors
 * of a failed frame; the interval is the product of an interval of the FER
 * (wilson_interval over frames) and one of mu, each at confidence
 * 1 - (1 - confidence) / 2 (Bonferroni: both hold together with at least the
 * requested confidence, whatever their dependence). For mu: with two or more
 * failed frames the Student t interval from the failed frames' sample variance,
 * clamped to [1, bits_per_frame]; with one or none, all of [1, bits_per_frame]
 * (then the FER interval takes the whole confidence). So 0 errors give
 * [0, FER upper], one failed frame [FER lower / bits_per_frame, FER upper]
 * (docs/SIMULATOR.md, "The intervals", has the coverage). The result lies in
 * [0, 1] and holds the point estimate. frames == 0 gives [0, 1]. Throws
 * gpufec::invalid_argument for inconsistent counts (frame_errors > frames,
 * bit_errors < frame_errors or > frame_errors * bits_per_frame, bit_errors_sq
 * outside what such per-frame counts can give) or a confidence outside (0, 1).
 */
GPUFEC_API confidence_interval clustered_ber_interval(uint64_t frames,
                                                      uint64_t frame_errors,
                                                      uint64_t bit_errors,
                                                      uint64_t bit_errors_sq,
                                                      uint64_t bits_per_frame,
                                                      double confidence = 0.95);

/*! The interval of a point's BER: clustered_ber_interval() of its counts. */
GPUFEC_API confidence_interval ber_confidence_interval(const ber_point& point,
                                                       double confidence = 0.95);

/*!
 * The q-quantile of Student's t distribution with df > 0 degrees of freedom
 * (numerical inversion of its distribution function, relative error below 1e-9).
 * Throws gpufec::invalid_argument for q outside (0, 1) or df <= 0.
 */
GPUFEC_API double student_t_quantile(double q, double df);

/*!
 * What a progress callback sees, at the end of a counted batch: the counts of the
 * running point so far (with those of the run it resumes), its rates and
 * intervals, speed and the time left to the nearest stop rule.
 */
struct GPUFEC_API ber_progress {
    size_t point_index = 0; //!< index of the point in ber_options::ebn0_db
    size_t points = 1;      //!< points in the sweep
    /*!
     * The point so far, as ber_point (stopped_by none): a consistent snapshot, its
     * frames counted from first_frame in order, that a resume continues exactly.
     */
    ber_point point;
    double seconds = 0.0;           //!< wall time of this run of the point
    double frames_per_second = 0.0; //!< frames counted by this run per second
    /*!
     * Seconds to the nearest stop rule (frames, frame errors at the present FER,
     * max_seconds); negative when no estimate exists yet (no frame error and only
     * the error rule left).
     */
    double eta_seconds = -1.0;
};

/*!
 * A counted frame error of a part, with the running sums of the part up to and
 * including that frame: the part's counts can then be cut exactly there.
 */
struct GPUFEC_API frame_error_mark {
    uint64_t frames = 0;                  //!< frames of the part up to this one
    uint64_t bit_errors = 0;              //!< bit errors up to this frame
    uint64_t bit_errors_sq = 0;           //!< sum of squared per-frame bit errors
    uint64_t symbol_errors = 0;           //!< nonbinary symbol errors
    uint64_t undetected_frame_errors = 0; //!< undetected frame errors
    uint64_t iterations = 0;              //!< decoder iterations
};

/*!
 * The counts of a contiguous range of a point's frames (ber_simulator::run_part),
 * with the marks of its frame errors, so that parts decoded apart (devices,
 * processes) merge in frame order into the counts one simulator would give.
 */
struct GPUFEC_API ber_part {
    ber_point counts;                    //!< from counts.first_frame on
    std::vector<frame_error_mark> marks; //!< its frame errors, in order
};

/*!
 * The points start, start + step, ... up to stop (included, with a tolerance of
 * 1e-9 * step for rounding); values within 1e-9 of a multiple of 1e-6 are rounded
 * to it, so 0:1:0.1 gives 0.3, not 0.30000000000000004. Throws
 * gpufec::invalid_argument for a non-finite value, step <= 0, stop < start, or
 * more than 100000 points.
 */
GPUFEC_API std::vector<double> ebn0_range(double start, double stop, double step);

/*!
 * Parses a comma-separated list of "VALUE" and "START:STOP:STEP" items (dB; each
 * range with ebn0_range()), e.g. "1.0:3.0:0.5" or "0,0.5,1:2:0.25". Throws
 * gpufec::invalid_argument naming the bad part (an empty list or item too).
 */
GPUFEC_API std::vector<double> parse_ebn0_range(const std::string& text);

class GPUFEC_API ber_simulator
{
public:
    /*! Called after each point with its result (e.g. to print it at once). */
    using point_callback = std::function<void(const ber_point&)>;
    /*!
     * Called from the batch loop (host or on-device) at the end of a counted batch,
     * at most once per interval set with set_progress_callback(). Return false to
     * stop: the point ends there (stopped_by interrupted, every counted frame kept)
     * and the sweep with it.
     */
    using progress_callback = std::function<bool(const ber_progress&)>;

    /*!
     * Makes the decoder with decoder::make(code, options.decoder). Throws
     * gpufec::invalid_argument for bad options or a null code, and whatever
     * decoder::make throws (gpufec::backend_unavailable).
     */
    ber_simulator(ldpc_code::sptr code, const ber_options& options);

    /*!
     * A code of either kind: makes the decoder with decoder::make(code,
     * options.decoder) (for a GF(q) code, options.decoder.nonbinary holds its
     * rule). Throws like the binary constructor.
     */
    ber_simulator(const code_handle& code, const ber_options& options);

    /*!
     * Uses a decoder made by the caller, of either kind (an nb_decoder too); its
     * code is the one simulated.
     */
    ber_simulator(decoder::uptr dec, const ber_options& options);

    /*!
     * A nonbinary code: as ber_simulator(code_handle(code), options). Throws like
     * the binary constructor.
     */
    ber_simulator(nb_code::sptr code, const ber_options& options);

    /*! Uses a nonbinary decoder made by the caller. */
    ber_simulator(nb_decoder::uptr dec, const ber_options& options);

    ~ber_simulator();
    ber_simulator(const ber_simulator&) = delete;
    ber_simulator& operator=(const ber_simulator&) = delete;

    /*!
     * Simulates options().ebn0_db in order, calling on_point after each, until a
     * point's FER falls below options().stop_fer or a point is interrupted.
     *
     * previous: points of an earlier run of the same code, seed and options (a
     * resume). A point of previous at the same Eb/N0 (within 1e-9 dB) that meets
     * the stop rules (frame errors or frames) is kept as it is; one that does not
     * (ended by max_seconds, interrupted, or run with lower limits) continues at
     * frame first_frame + frames, and the counts are added: the result equals an
     * uninterrupted run's. Throws gpufec::invalid_argument for a previous point
     * whose first_frame differs from options().first_frame.
     */
    std::vector<ber_point> run(const point_callback& on_point = point_callback(),
                               const std::vector<ber_point>& previous = {});

    /*! Simulates one point (any finite Eb/N0, not only those of the options). */
    ber_point run_point(double ebn0_db);

    /*!
     * Runs frames [first, first + frames) of the point at ebn0_db, in order, and
     * stops after the error_budget-th frame error (0: no such stop), with no other
     * stop rule; the part keeps the marks of its frame errors (at most
     * error_budget). frames == 0 gives an empty part.
     */
    ber_part
    run_part(double ebn0_db, uint64_t first, uint64_t frames, uint64_t error_budget);

    /*!
     * Reports progress from the batch loops (run, run_point), at most once every
     * interval_seconds (0: after every batch). An empty callback turns it off.
     */
    void set_progress_callback(progress_callback callback,
                               double interval_seconds = 0.25);

    const ber_options& options() const { return d_options; }
    /*! True when simulating a nonbinary code. */
    bool is_nonbinary() const { return d_decoder->nonbinary() != nullptr; }
    /*! The code simulated, of either kind. */
    code_handle any_code() const { return d_decoder->any_code(); }
    /*! The binary code / decoder; gpufec::invalid_argument for a nonbinary one. */
    const ldpc_code& code() const;
    decoder& get_decoder();
    /*! The nonbinary code / decoder; gpufec::invalid_argument for a binary one. */
    const nb_code& get_nb_code() const;
    nb_decoder& get_nb_decoder();

    /*!
     * Largest batch: options().batch_frames when set, else about 2^20 LLRs per call
     * clamped to [64, 1024] frames for the CPU backend, 2^23 LLRs clamped to
     * [256, 8192] for CUDA with frames made on the host; with the on-device loop,
     * its batch (up to a slot of 4 GiB or an eighth of the free device memory).
     * Adaptive batches start at min(64, largest) and double up to it, so a point
     * that ends after few frames does not decode many more.
     */
    size_t max_batch_frames() const { return d_max_batch; }

private:
    struct batch;
    void init();
    ber_point run_point_hooked(double ebn0_db, const sim_hooks& hooks);
    ber_point run_point_host(double ebn0_db);
    ber_point continue_point(double ebn0_db, const ber_point* previous, size_t index);
    ber_part run_part_hooked(double ebn0_db,
                             uint64_t first,
                             uint64_t frames,
                             uint64_t error_budget,
                             double max_seconds,
                             sim_hooks& hooks);
    ber_point run_point_device(double ebn0_db);
    void
    generate(batch& b, const awgn_channel& channel, uint64_t first, size_t frames) const;

    /* Per-frame sizes: information bits, LLRs; the rate K/N; bits per symbol. */
    size_t info_bits_per_frame() const;
    size_t llrs_per_frame() const;
    double code_rate() const;
    size_t bits_per_symbol() const; //!< p of a GF(q) code, 1 of a binary one

    decoder::uptr d_decoder; //!< of either kind (nonbinary() for GF(q))
    std::unique_ptr<device_sim_engine> d_engine; //!< the on-device loop (cuda)
    ber_options d_options;
    size_t d_max_batch = 0;
    int d_workers = 1;
    progress_callback d_progress;
    double d_progress_interval = 0.25;
};

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_BER_SIMULATOR_H */
