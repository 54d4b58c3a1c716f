/*
 * The FER-matrix check shared by the CPU and GPU test programs: a decoder under
 * test (a narrow precision) decodes frames at Eb/N0 E; the float reference
 * decoder decodes the same information bits with the same noise samples (the
 * channel's Philox streams scaled to the other sigma) at E - 0.1 dB. The narrow
 * decoder is "within 0.1 dB of float" when it fails no more frames than the
 * reference does 0.1 dB lower. Frames are paired, so the comparison is McNemar's:
 * b = frames only the narrow decoder fails, c = frames only the reference fails;
 * the case fails when b - c > 3 sqrt(b + c) (one-sided, about 1 in 700 for a
 * decoder exactly 0.1 dB worse than float; deterministic for a given seed). Bit
 * errors are compared the same way (the paired differences d_f of wrong bits per
 * frame: sum d_f > 3 sqrt(sum d_f^2) fails), so that failed frames full of wrong
 * bits are caught even where the FER alone hardly moves. The
 * Eb/N0 of each case puts the reference near FER 5e-2, where 0.1 dB moves the
 * FER of these short codes by 1.3 - 2x (docs/VALIDATION.md "FER matrix").
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_FER_MATRIX_H
#define INCLUDED_GPUFEC_FER_MATRIX_H

#include "rule_list.h"
#include "test_util.h"
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <gpufec/channel.h>
#include <gpufec/decoder.h>
#include <gpufec/ldpc_code.h>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace gpufec_test {

/*! Short names of the rules and schedules for the point tables. */
namespace fer_names {
constexpr gpufec::check_node_rule ms = gpufec::check_node_rule::min_sum,
                                  nms = gpufec::check_node_rule::normalized_min_sum,
                                  oms = gpufec::check_node_rule::offset_min_sum,
                                  scms = gpufec::check_node_rule::self_corrected_min_sum;
constexpr gpufec::decoding_schedule lay = gpufec::decoding_schedule::layered,
                                    flo = gpufec::decoding_schedule::flooding;
} // namespace fer_names

/*! One row of the matrix: a code, schedule and rule at an Eb/N0 (the narrow one's). */
struct fer_point {
    std::string spec;
    gpufec::decoding_schedule schedule;
    gpufec::check_node_rule rule;
    double ebn0;    //!< dB; the float reference runs at ebn0 - 0.1
    size_t frames;  //!< frames per decoder
    int iterations; //!< maximum iterations
};

/*! Codes of every family, short, with the Eb/N0 of each schedule and rule. */
inline std::vector<fer_point> short_code_points(const std::string& mackay_alist)
{
    using namespace fer_names;
    struct row {
        const char* spec;
        size_t frames;
        int iterations;
        double e[2][4]; // [layered, flooding][ms, nms, oms, scms]
    };
    const row rows[] = {
        { "wimax:576:1/2",
          2000,
          10,
          { { 2.25, 2.0, 2.0, 2.0 }, { 2.5, 2.25, 2.25, 2.5 } } },
        { "wifi:648:1/2",
          2000,
          10,
          { { 2.0, 1.75, 1.75, 2.0 }, { 2.5, 2.25, 2.25, 2.25 } } },
        { "nr5g:bg2:52",
          1000,
          10,
          { { 2.25, 1.0, 1.0, 1.25 }, { 2.0, 1.625, 1.625, 1.75 } } },
        { "dvbs2:short:1/2",
          300,
          20,
          { { 1.375, 1.125, 1.125, 1.2 }, { 1.75, 1.625, 1.55, 1.625 } } },
        { "", 2000, 10, { { 2.25, 2.0, 2.0, 2.0 }, { 2.5, 2.5, 2.5, 2.5 } } },
    };
    const gpufec::check_node_rule rules[] = { ms, nms, oms, scms };
    std::vector<fer_point> out;
    for (const row& r : rows) {
        const std::string spec = *r.spec ? std::string(r.spec) : "alist:" + mackay_alist;
        for (int s = 0; s < 2; ++s)
            for (int k = 0; k < 4; ++k)
                out.push_back({ spec,
                                s == 0 ? lay : flo,
                                rules[k],
                                r.e[s][k],
                                r.frames,
                                r.iterations });
    }
    return out;
}

/*!
 * The two long codes of the benchmarks (GPU matrix, and the long rows of the
 * docs/VALIDATION.md table): wimax:2304:1/2 (10 iterations) and dvbs2:normal:1/2
 * (20 iterations).
 */
inline std::vector<fer_point> long_code_points()
{
    using gpufec::check_node_rule;
    using gpufec::decoding_schedule;
    const auto& rules = gpufec_test::min_sum_rules;
    const double wimax[2][4] = { { 2.0, 1.625, 1.625, 1.75 },
                                 { 2.375, 2.25, 2.25, 2.375 } };
    const double dvbs2[2][4] = { { 1.5, 1.125, 1.1, 1.1 }, { 1.55, 1.5, 1.5, 1.5 } };
    std::vector<fer_point> out;
    for (int s = 0; s < 2; ++s)
        for (int k = 0; k < 4; ++k) {
            const auto sched =
                s == 0 ? decoding_schedule::layered : decoding_schedule::flooding;
            out.push_back({ "wimax:2304:1/2", sched, rules[k], wimax[s][k], 1000, 10 });
            out.push_back({ "dvbs2:normal:1/2", sched, rules[k], dvbs2[s][k], 200, 20 });
        }
    return out;
}

/*!
 * The deep points: for the five short codes, every rule and schedule, an Eb/N0 E
 * at which the float reference (at E - 0.1 dB) is near FER 1e-4, and frames for
 * about 20 of its errors (at most 200 000); for DVB-S2 short, rate 1/2 likewise
 * (layered) and every other rate with NMS, the default rule (layered, the
 * rate's alpha), near FER 2e-3. An error floor a decoder has and float has not
 * shows there, one or two decades below the waterfall points (docs/VALIDATION.md
 * "FER matrix, deep").
 * The Eb/N0 values come from float sweeps (gpufec-ber --precision float).
 */
inline std::vector<fer_point> deep_code_points(const std::string& mackay_alist)
{
    using namespace fer_names;
    const std::string mackay = "alist:" + mackay_alist;
    return {
        { "wimax:576:1/2", lay, ms, 3.350, 167000, 10 },
        { "wimax:576:1/2", lay, nms, 3.100, 200000, 10 },
        { "wimax:576:1/2", lay, oms, 3.100, 200000, 10 },
        { "wimax:576:1/2", lay, scms, 3.225, 139000, 10 },
        { "wimax:576:1/2", flo, ms, 3.725, 139000, 10 },
        { "wimax:576:1/2", flo, nms, 3.475, 179000, 10 },
        { "wimax:576:1/2", flo, oms, 3.475, 139000, 10 },
        { "wimax:576:1/2", flo, scms, 3.725, 200000, 10 },
        { "wifi:648:1/2", lay, ms, 3.225, 157000, 10 },
        { "wifi:648:1/2", lay, nms, 2.975, 200000, 10 },
        { "wifi:648:1/2", lay, oms, 2.850, 132000, 10 },
        { "wifi:648:1/2", lay, scms, 3.100, 179000, 10 },
        { "wifi:648:1/2", flo, ms, 3.600, 157000, 10 },
        { "wifi:648:1/2", flo, nms, 3.475, 139000, 10 },
        { "wifi:648:1/2", flo, oms, 3.475, 200000, 10 },
        { "wifi:648:1/2", flo, scms, 3.600, 157000, 10 },
        { "nr5g:bg2:52", lay, ms, 3.225, 132000, 10 },
        { "nr5g:bg2:52", lay, nms, 1.900, 180000, 10 },
        { "nr5g:bg2:52", lay, oms, 1.700, 115000, 10 },
        { "nr5g:bg2:52", lay, scms, 2.350, 157000, 10 },
        { "nr5g:bg2:52", flo, ms, 2.850, 105000, 10 },
        { "nr5g:bg2:52", flo, nms, 2.475, 139000, 10 },
        { "nr5g:bg2:52", flo, oms, 2.475, 193000, 10 },
        { "nr5g:bg2:52", flo, scms, 2.725, 167000, 10 },
        { mackay, lay, ms, 3.350, 200000, 10 },
        { mackay, lay, nms, 2.850, 139000, 10 },
        { mackay, lay, oms, 2.975, 200000, 10 },
        { mackay, lay, scms, 3.100, 179000, 10 },
        { mackay, flo, ms, 3.600, 193000, 10 },
        { mackay, flo, nms, 3.475, 200000, 10 },
        { mackay, flo, oms, 3.350, 125000, 10 },
        { mackay, flo, scms, 3.600, 200000, 10 },
        { "dvbs2:short:1/2", lay, ms, 1.600, 60000, 20 },
        { "dvbs2:short:1/2", lay, nms, 1.500, 100000, 20 },
        { "dvbs2:short:1/2", lay, oms, 1.350, 50000, 20 },
        { "dvbs2:short:1/2", lay, scms, 1.500, 60000, 20 },
        // @@MORE@@
        { "dvbs2:short:1/4", lay, nms, 1.483, 15000, 20 },
        { "dvbs2:short:1/3", lay, nms, 1.360, 15000, 20 },
        { "dvbs2:short:2/5", lay, nms, 1.226, 15000, 20 },
        { "dvbs2:short:3/5", lay, nms, 2.038, 15000, 50 },
        { "dvbs2:short:2/3", lay, nms, 2.112, 15000, 20 },
        { "dvbs2:short:3/4", lay, nms, 2.594, 15000, 20 },
        { "dvbs2:short:4/5", lay, nms, 2.926, 15000, 20 },
        { "dvbs2:short:5/6", lay, nms, 3.251, 15000, 20 },
        { "dvbs2:short:8/9", lay, nms, 3.943, 15000, 20 },
    };
}

/*! Frames of one code: information bits, codewords, and their LLRs at an Eb/N0. */
class fer_frames
{
public:
    /*! Frames first .. first + frames - 1 of the seed's stream. */
    fer_frames(gpufec::ldpc_code::sptr code,
               size_t frames,
               uint64_t seed,
               uint64_t first = 0)
        : d_code(std::move(code)), d_frames(frames), d_seed(seed), d_first(first),
          d_info(frames * d_code->k()), d_cw(frames * d_code->n())
    {
        for (size_t f = 0; f < frames; ++f) {
            gpufec::random_bits(seed, first + f, d_code->k(), &d_info[f * d_code->k()]);
            d_code->encode(&d_info[f * d_code->k()], &d_cw[f * d_code->n()]);
        }
    }

    /*! BPSK over AWGN at ebn0: the same noise samples for every Eb/N0. */
    std::vector<float> llrs(double ebn0) const
    {
        const gpufec::awgn_channel ch(
            gpufec::modulation::bpsk, ebn0, d_code->rate(), d_seed ^ 0x5eed);
        std::vector<float> l(d_frames * d_code->n());
        for (size_t f = 0; f < d_frames; ++f)
            ch.transmit(
                &d_cw[f * d_code->n()], d_code->n(), d_first + f, &l[f * d_code->n()]);
        return l;
    }

    /*! Wrong information bits per frame. */
    std::vector<uint32_t> failures(const std::vector<uint8_t>& decoded_info) const
    {
        const size_t k = d_code->k();
        std::vector<uint32_t> bad(d_frames, 0);
        for (size_t f = 0; f < d_frames; ++f)
            for (size_t i = 0; i < k; ++i)
                bad[f] += decoded_info[f * k + i] != d_info[f * k + i];
        return bad;
    }

    size_t frames() const { return d_frames; }
    const gpufec::ldpc_code& code() const { return *d_code; }

private:
    gpufec::ldpc_code::sptr d_code;
    size_t d_frames;
    uint64_t d_seed;
    uint64_t d_first;
    std::vector<uint8_t> d_info, d_cw;
};

/*! Decodes float LLRs; returns the wrong bits per frame. */
inline std::vector<uint32_t>
decode_failures(gpufec::decoder& d, const fer_frames& fr, const std::vector<float>& llrs)
{
    std::vector<uint8_t> info(fr.frames() * fr.code().k());
    gpufec::decode_output out;
    out.info_bits = info.data();
    d.decode(llrs.data(), llrs.size(), fr.frames(), out);
    return fr.failures(info);
}

/*! Decodes the LLRs quantized to int8 (default step); returns wrong bits per frame. */
inline std::vector<uint32_t> decode_failures_int8(gpufec::decoder& d,
                                                  const fer_frames& fr,
                                                  const std::vector<float>& llrs)
{
    std::vector<int8_t> q(llrs.size());
    gpufec::quantize_llrs(
        llrs.data(), llrs.size(), gpufec::default_int8_llr_step, q.data());
    std::vector<uint8_t> info(fr.frames() * fr.code().k());
    gpufec::decode_output out;
    out.info_bits = info.data();
    d.decode(q.data(), q.size(), fr.frames(), gpufec::default_int8_llr_step, out);
    return fr.failures(info);
}

/*! The paired comparison of a narrow decoder (at E) with the reference (at E - 0.1). */
struct fer_verdict {
    size_t narrow_errors = 0, reference_errors = 0; //!< frames
    size_t narrow_bits = 0, reference_bits = 0;     //!< wrong information bits
    size_t only_narrow = 0, only_reference = 0;     //!< b, c
    bool within = false;
};

inline size_t count_failed(const std::vector<uint32_t>& wrong_bits)
{
    size_t n = 0;
    for (uint32_t w : wrong_bits)
        n += w != 0;
    return n;
}

/*! The paired comparison accumulated over chunks of frames. */
class paired_tally
{
public:
    void add(const std::vector<uint32_t>& narrow, const std::vector<uint32_t>& reference)
    {
        for (size_t f = 0; f < narrow.size(); ++f) {
            const bool n = narrow[f] != 0, r = reference[f] != 0;
            d_v.narrow_errors += n;
            d_v.reference_errors += r;
            d_v.narrow_bits += narrow[f];
            d_v.reference_bits += reference[f];
            d_v.only_narrow += n && !r;
            d_v.only_reference += r && !n;
            const double d = static_cast<double>(narrow[f]) - reference[f];
            d_sum += d;
            d_sq += d * d;
        }
    }

    fer_verdict verdict() const
    {
        fer_verdict v = d_v;
        const double b = static_cast<double>(v.only_narrow),
                     c = static_cast<double>(v.only_reference);
        v.within = b - c <= 3.0 * std::sqrt(b + c) && d_sum <= 3.0 * std::sqrt(d_sq);
        return v;
    }

private:
    fer_verdict d_v;
    double d_sum = 0.0, d_sq = 0.0;
};

inline fer_verdict compare_failures(const std::vector<uint32_t>& narrow,
                                    const std::vector<uint32_t>& reference)
{
    paired_tally t;
    t.add(narrow, reference);
    return t.verdict();
}

/*! One line of the table the test prints (and docs/data/fer_matrix.md shows). */
inline std::string verdict_line(const fer_point& p,
                                const std::string& what,
                                bool early_termination,
                                const fer_verdict& v)
{
    char buf[256];
    std::snprintf(buf,
                  sizeof buf,
                  "%-22s %-8s %-4s %-12s ET %-3s  E %.3f dB  frames %4zu  float(E-0.1) "
                  "%4zu (%6zu bits)  narrow(E) %4zu (%6zu bits)  b %4zu c %4zu  %s",
                  p.spec.size() > 22 ? p.spec.substr(p.spec.size() - 22).c_str()
                                     : p.spec.c_str(),
                  gpufec::to_string(p.schedule).c_str(),
                  gpufec::to_string(p.rule).c_str(),
                  what.c_str(),
                  early_termination ? "on" : "off",
                  p.ebn0,
                  p.frames,
                  v.reference_errors,
                  v.reference_bits,
                  v.narrow_errors,
                  v.narrow_bits,
                  v.only_narrow,
                  v.only_reference,
                  v.within ? "ok" : "WORSE THAN 0.1 dB");
    return buf;
}

/*! A decoder under test: backend, message precision, int8 input or float. */
struct fer_variant {
    std::string name;
    gpufec::backend_kind backend;
    gpufec::message_precision precision;
    bool int8_input;
};

/*!
 * The matrix: for every point and early termination on / off, the CPU float
 * reference at E - 0.1 dB against each variant at E. Prints a line per case;
 * returns the lines of the cases worse than 0.1 dB (empty: all within). A point
 * whose reference fails fewer than 10 frames fails the test (it could not tell
 * 0.1 dB).
 */
inline std::string run_fer_matrix(const std::vector<fer_point>& points,
                                  const std::vector<fer_variant>& variants,
                                  size_t& cases)
{
    using namespace gpufec;
    std::map<std::string, std::unique_ptr<fer_frames>> frames;
    std::string failed;
    for (const fer_point& p : points) {
        auto& fr = frames[p.spec];
        if (!fr)
            fr = std::make_unique<fer_frames>(ldpc_code::make(p.spec), p.frames, 911);
        const std::vector<float> at_e = fr->llrs(p.ebn0);
        const std::vector<float> below = fr->llrs(p.ebn0 - 0.1);
        for (bool et : { true, false }) {
            decoder_options o;
            o.backend = backend_kind::cpu;
            o.rule = p.rule;
            o.schedule = p.schedule;
            o.max_iterations = p.iterations;
            o.early_termination = et;
            auto ref_dec = decoder::make(ldpc_code::make(p.spec), o);
            const auto ref = decode_failures(*ref_dec, *fr, below);
            CPPUNIT_ASSERT_MESSAGE(p.spec + " " + to_string(p.rule) + " " +
                                       to_string(p.schedule) +
                                       ": reference FER too low to compare (" +
                                       std::to_string(count_failed(ref)) + " errors)",
                                   count_failed(ref) >= 10);
            for (const fer_variant& var : variants) {
                o.backend = var.backend;
                o.precision = var.precision;
                auto dec = decoder::make(ldpc_code::make(p.spec), o);
                const auto got = var.int8_input ? decode_failures_int8(*dec, *fr, at_e)
                                                : decode_failures(*dec, *fr, at_e);
                const fer_verdict v = compare_failures(got, ref);
                const std::string line = verdict_line(p, var.name, et, v);
                std::cout << line << "\n";
                ++cases;
                if (!v.within)
                    failed += line + "\n";
            }
        }
    }
    return failed;
}

/*!
 * The deep matrix: every point is a deep one (the float reference near FER 1e-4
 * at E - 0.1 dB, frames for about 20 of its errors), decoded in chunks of
 * `chunk` frames (fresh frames of the stream, so memory stays bounded), early
 * termination on. `reference` decodes at E - 0.1 dB (the CPU float decoder by
 * default); each variant at E. Prints a line per case; returns the failing lines.
 * A point whose reference fails fewer than 10 frames fails the test.
 */
inline std::string
run_deep_fer_matrix(const std::vector<fer_point>& points,
                    const std::vector<fer_variant>& variants,
                    size_t& cases,
                    size_t chunk = 4096,
                    gpufec::backend_kind reference = gpufec::backend_kind::cpu)
{
    using namespace gpufec;
    std::string failed;
    for (const fer_point& p : points) {
        const ldpc_code::sptr code = ldpc_code::make(p.spec);
        decoder_options o;
        o.backend = reference;
        o.rule = p.rule;
        o.schedule = p.schedule;
        o.max_iterations = p.iterations;
        o.early_termination = true;
        auto ref_dec = decoder::make(code, o);
        std::vector<std::unique_ptr<decoder>> decs;
        for (const fer_variant& var : variants) {
            o.backend = var.backend;
            o.precision = var.precision;
            decs.push_back(decoder::make(code, o));
        }
        std::vector<paired_tally> tallies(variants.size());
        for (size_t first = 0; first < p.frames; first += chunk) {
            const size_t n = std::min(chunk, p.frames - first);
            const fer_frames fr(code, n, 913, first);
            const std::vector<float> at_e = fr.llrs(p.ebn0);
            const auto ref = decode_failures(*ref_dec, fr, fr.llrs(p.ebn0 - 0.1));
            for (size_t k = 0; k < variants.size(); ++k)
                tallies[k].add(variants[k].int8_input
                                   ? decode_failures_int8(*decs[k], fr, at_e)
                                   : decode_failures(*decs[k], fr, at_e),
                               ref);
        }
        for (size_t k = 0; k < variants.size(); ++k) {
            const fer_verdict v = tallies[k].verdict();
            CPPUNIT_ASSERT_MESSAGE(p.spec + " " + to_string(p.rule) + " " +
                                       to_string(p.schedule) +
                                       ": reference FER too low to compare (" +
                                       std::to_string(v.reference_errors) + " errors)",
                                   v.reference_errors >= 10);
            const std::string line = verdict_line(p, variants[k].name + " deep", true, v);
            std::cout << line << std::endl;
            ++cases;
            if (!v.within)
                failed += line + "\n";
        }
    }
    return failed;
}

} // namespace gpufec_test

#endif
