/* -*- c++ -*- */
/*
 * Monte-Carlo BER/FER simulation of an LDPC code over an AWGN channel: random
 * (or all-zero) information bits, the code's encoder, BPSK/QPSK with exact LLRs
 * (channel.h), a gpufec decoder fed in batches, and the usual stop rules (a point
 * ends once it has seen enough frame errors or frames). Confidence intervals for
 * the FER follow Wilson (J. Am. Stat. Assoc. 22, 1927).
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
 * and the counts added.
 *
 * Nonbinary codes (nb_code.h, issue 5): the same engine with an nb_decoder. The
 * K*p information bits of frame f come from random_bits(seed, f), are packed into
 * K symbols (bit j of symbol i = bit i*p + j), encoded, and the N*p bits of the
 * binary image go through the channel (Eb/N0 per information bit, rate K/N).
 * A point then also counts symbol errors: information symbols whose p bits are
 * not all right (ser = symbol_errors / info_symbols).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_BER_SIMULATOR_H
#define INCLUDED_GPUFEC_BER_SIMULATOR_H

#include <gpufec/api.h>
#include <gpufec/channel.h>
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

/*! What a simulation run does. validate() names the first bad field. */
struct GPUFEC_API ber_options {
    decoder_options decoder;            //!< algorithm, schedule, iterations, backend
    nb_decoder_options nb_decoder;      //!< the same for a nonbinary code
    modulation mod = modulation::bpsk;  //!< BPSK or Gray QPSK
    std::vector<double> ebn0_db{ 1.0 }; //!< points, simulated in this order
    uint64_t seed = 1;                  //!< Philox key of bits and noise
    /*! Stop a point at this many frame errors; 0: no such rule. */
    uint64_t min_frame_errors = 50;
    /*! Stop a point at this many frames; >= 1. */
    uint64_t max_frames = 10000;
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

    /*! Throws gpufec::invalid_argument naming the first bad field. */
    void validate() const;
};

/*! The result of one Eb/N0 point. */
struct GPUFEC_API ber_point {
    double ebn0_db = 0.0;
    uint64_t frames = 0;       //!< frames counted
    uint64_t bit_errors = 0;   //!< information bits in error
    uint64_t frame_errors = 0; //!< frames whose information bits differ
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
};

/*! A two-sided confidence interval of a proportion. */
struct GPUFEC_API confidence_interval {
    double lower = 0.0;
    double upper = 1.0;
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
 * The points start, start + step, ... up to stop (included, with a tolerance of
 * 1e-9 * step for rounding); values within 1e-9 of a multiple of 1e-6 are rounded
 * to it, so 0:1:0.1 gives 0.3, not 0.30000000000000004. Throws
 * gpufec::invalid_argument for a non-finite value, step <= 0, stop < start, or
 * more than 100000 points.
 */
GPUFEC_API std::vector<double> ebn0_range(double start, double stop, double step);

/*!
 * Parses "START" or "START:STOP:STEP" (dB) with ebn0_range(). Throws
 * gpufec::invalid_argument naming the bad part.
 */
GPUFEC_API std::vector<double> parse_ebn0_range(const std::string& text);

class GPUFEC_API ber_simulator
{
public:
    /*! Called after each point with its result (e.g. to print it at once). */
    using point_callback = std::function<void(const ber_point&)>;

    /*!
     * Makes the decoder with decoder::make(code, options.decoder). Throws
     * gpufec::invalid_argument for bad options or a null code, and whatever
     * decoder::make throws (gpufec::backend_unavailable).
     */
    ber_simulator(ldpc_code::sptr code, const ber_options& options);

    /*! Uses a decoder made by the caller; its code is the one simulated. */
    ber_simulator(decoder::uptr dec, const ber_options& options);

    /*!
     * A nonbinary code: makes the decoder with nb_decoder::make(code,
     * options.nb_decoder). Throws like the binary constructor.
     */
    ber_simulator(nb_code::sptr code, const ber_options& options);

    /*! Uses a nonbinary decoder made by the caller. */
    ber_simulator(nb_decoder::uptr dec, const ber_options& options);

    ~ber_simulator();
    ber_simulator(const ber_simulator&) = delete;
    ber_simulator& operator=(const ber_simulator&) = delete;

    /*! Simulates options().ebn0_db in order, calling on_point after each. */
    std::vector<ber_point> run(const point_callback& on_point = point_callback());

    /*! Simulates one point (any finite Eb/N0, not only those of the options). */
    ber_point run_point(double ebn0_db);

    const ber_options& options() const { return d_options; }
    /*! True when simulating a nonbinary code. */
    bool is_nonbinary() const { return static_cast<bool>(d_nb_decoder); }
    /*! The binary code / decoder; gpufec::invalid_argument for a nonbinary one. */
    const ldpc_code& code() const;
    decoder& get_decoder();
    /*! The nonbinary code / decoder; gpufec::invalid_argument for a binary one. */
    const nb_code& get_nb_code() const;
    nb_decoder& get_nb_decoder();

    /*!
     * Largest batch: options().batch_frames when set, else about 2^20 LLRs per call
     * clamped to [64, 1024] frames for the CPU backend, 2^23 LLRs clamped to
     * [256, 8192] for CUDA. Adaptive batches start at min(64, largest) and double
     * up to it, so a point that ends after few frames does not decode many more.
     */
    size_t max_batch_frames() const { return d_max_batch; }

private:
    struct batch;
    void init();
    ber_point run_point_device(double ebn0_db);
    void
    generate(batch& b, const awgn_channel& channel, uint64_t first, size_t frames) const;

    /* Per-frame sizes: information bits, LLRs; the rate K/N. */
    size_t info_bits_per_frame() const;
    size_t llrs_per_frame() const;
    double code_rate() const;

    decoder::uptr d_decoder;
    nb_decoder::uptr d_nb_decoder;
    std::unique_ptr<device_sim_engine> d_engine; //!< the on-device loop (cuda)
    ber_options d_options;
    size_t d_max_batch = 0;
    int d_workers = 1;
};

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_BER_SIMULATOR_H */
