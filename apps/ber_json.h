/* -*- c++ -*- */
/*
 * The JSON record of a BER/FER sweep (nlohmann-json), shared by gpufec-ber and
 * gpufec.simulate() in Python: one object per Eb/N0 point that carries the
 * point's counts, rates and 95% Wilson intervals and everything that says what
 * was simulated (code, seed, modulation, backend, devices, decoder options, stop
 * rules), so a file alone describes its run; and the reading back of such a file
 * for --resume, refused with a message naming the option when it comes from
 * another code, seed or decoder. Keys: docs/SIMULATOR.md.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_APPS_BER_JSON_H
#define INCLUDED_GPUFEC_APPS_BER_JSON_H

#include <gpufec/ber_simulator.h>
#include <gpufec/decoder.h>
#include <gpufec/error.h>
#include <gpufec/nb_decoder.h>

#include "app_common.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace gpufec_app {

using ordered_json = nlohmann::ordered_json;

/*! What a sweep simulated, the same for each of its points. */
struct ber_run_info {
    std::string program = "gpufec-ber";
    std::string code; //!< the code spec (its canonical name)
    int n = 0;        //!< transmitted length (symbols for a GF(q) code)
    int k = 0;        //!< information length (symbols for a GF(q) code)
    int q = 2;        //!< field size, 2 for a binary code
    double rate = 0.0;
    std::string backend;             //!< as in force: cpu or cuda
    std::vector<int> devices;        //!< CUDA devices used (empty on the CPU)
    int ranks = 1;                   //!< processes (MPI)
    std::string precision = "float"; //!< as in force (precision auto resolved)
    ordered_json decoder;            //!< decoder options as in force
};

/*! A binary decoder's options as JSON (defaults resolved by the decoder). */
inline ordered_json decoder_json(const gpufec::decoder_options& o)
{
    ordered_json j;
    j["algorithm"] = gpufec::to_string(o.rule);
    j["alpha"] = static_cast<double>(o.alpha);
    j["beta"] = static_cast<double>(o.beta);
    j["schedule"] = gpufec::to_string(o.schedule);
    j["iterations"] = o.max_iterations;
    j["early_termination"] = o.early_termination;
    j["precision"] = gpufec::to_string(o.precision);
    j["fraction_bits"] = o.fixed.fraction_bits;
    j["channel_max"] = o.fixed.channel_max;
    j["c2v_max"] = o.fixed.c2v_max;
    return j;
}

/*! A nonbinary decoder's options as JSON. */
inline ordered_json nb_decoder_json(const gpufec::nb_decoder_options& o)
{
    ordered_json j;
    j["algorithm"] = gpufec::to_string(o.rule);
    j["schedule"] = gpufec::to_string(o.schedule);
    j["iterations"] = o.max_iterations;
    j["early_termination"] = o.early_termination;
    j["ems_nm"] = o.ems_nm;
    j["ems_offset"] = static_cast<double>(o.ems_offset);
    j["ems_scale"] = static_cast<double>(o.ems_scale);
    return j;
}

/*! The run description of a simulator (code, backend, decoder as in force). */
inline ber_run_info describe_run(gpufec::ber_simulator& sim)
{
    ber_run_info info;
    if (sim.is_nonbinary()) {
        const gpufec::nb_code& c = sim.get_nb_code();
        info.code = c.name();
        info.n = c.n();
        info.k = c.k();
        info.q = c.q();
        info.rate = c.rate();
        const gpufec::nb_decoder_options o = sim.get_nb_decoder().options();
        info.backend = sim.get_nb_decoder().backend_name();
        info.precision = gpufec::to_string(o.precision);
        info.decoder = nb_decoder_json(o);
    } else {
        const gpufec::ldpc_code& c = sim.code();
        info.code = c.name();
        info.n = c.n();
        info.k = c.k();
        info.rate = c.rate();
        const gpufec::decoder_options o = sim.get_decoder().options();
        info.backend = sim.get_decoder().backend_name();
        info.precision = gpufec::to_string(o.precision);
        info.decoder = decoder_json(o);
        if (info.backend == "cuda") {
            info.devices = { o.gpu.device };
        }
    }
    return info;
}

inline ordered_json interval_json(const gpufec::confidence_interval& ci)
{
    return ordered_json::array({ ci.lower, ci.upper });
}

/*!
 * One point as JSON: the keys of the first gpufec-ber (ebn0_db ... seconds, and
 * symbol_errors, ser for a GF(q) code) first, then the intervals, the exact
 * counts a resume needs, and the run description.
 */
inline ordered_json point_json(const gpufec::ber_point& p,
                               const ber_run_info& info,
                               const gpufec::ber_options& o)
{
    ordered_json j;
    j["ebn0_db"] = p.ebn0_db;
    j["frames"] = p.frames;
    j["bit_errors"] = p.bit_errors;
    j["frame_errors"] = p.frame_errors;
    j["ber"] = p.ber;
    j["fer"] = p.fer;
    j["avg_iterations"] = p.avg_iterations;
    j["info_bits"] = p.info_bits;
    j["seconds"] = p.seconds;
    if (p.nonbinary) {
        j["symbol_errors"] = p.symbol_errors;
        j["ser"] = p.ser;
        j["info_symbols"] = p.info_symbols;
    }
    j["fer_ci"] = interval_json(p.fer_ci);
    j["ber_ci"] = interval_json(p.ber_ci);
    j["undetected_frame_errors"] = p.undetected_frame_errors;
    j["total_iterations"] = p.total_iterations;
    j["bit_errors_sq"] = p.bit_errors_sq;
    j["first_frame"] = p.first_frame;
    j["decoded_frames"] = p.decoded_frames;
    j["decode_seconds"] = p.decode_seconds;
    j["info_throughput_bps"] = p.info_throughput_bps;
    j["stopped_by"] = gpufec::to_string(p.stopped_by);
    j["program"] = info.program;
    j["code"] = info.code;
    j["n"] = info.n;
    j["k"] = info.k;
    j["q"] = info.q;
    j["rate"] = info.rate;
    j["modulation"] = gpufec::to_string(o.mod);
    j["seed"] = o.seed;
    j["all_zero"] = o.all_zero;
    j["backend"] = info.backend;
    j["devices"] = info.devices;
    j["ranks"] = info.ranks;
    j["precision"] = info.precision;
    j["decoder"] = info.decoder;
    ordered_json stop;
    stop["min_frame_errors"] = o.min_frame_errors;
    stop["max_frames"] = o.max_frames;
    stop["max_seconds"] = o.max_seconds;
    stop["stop_fer"] = o.stop_fer;
    j["stop_rules"] = stop;
    return j;
}

/*! The points as a JSON list (the file gpufec-ber --json writes). */
inline std::string points_json_text(const std::vector<gpufec::ber_point>& points,
                                    const ber_run_info& info,
                                    const gpufec::ber_options& o)
{
    ordered_json list = ordered_json::array();
    for (const gpufec::ber_point& p : points) {
        list.push_back(point_json(p, info, o));
    }
    return list.dump(1) + "\n";
}

namespace detail {

/* Option names of the decoder fields, for the messages of a refused resume. */
inline std::string option_of(const std::string& field)
{
    if (field == "iterations" || field == "algorithm" || field == "alpha" ||
        field == "beta" || field == "schedule" || field == "precision") {
        return "--" + field;
    }
    if (field == "early_termination") {
        return "--early-termination";
    }
    if (field == "fraction_bits") {
        return "--fraction-bits";
    }
    if (field == "channel_max") {
        return "--channel-max";
    }
    if (field == "c2v_max") {
        return "--c2v-max";
    }
    if (field == "ems_nm") {
        return "--ems-nm";
    }
    if (field == "ems_offset") {
        return "--ems-offset";
    }
    if (field == "ems_scale") {
        return "--ems-scale";
    }
    return field;
}

inline const ordered_json&
need(const ordered_json& j, const std::string& key, const std::string& where)
{
    if (!j.is_object() || !j.contains(key)) {
        throw gpufec::invalid_argument(where + " has no key \"" + key +
                                       "\" (not a point written by gpufec-ber --json)");
    }
    return j.at(key);
}

template <typename T>
T get(const ordered_json& j, const std::string& key, const std::string& where)
{
    try {
        return need(j, key, where).get<T>();
    } catch (const nlohmann::json::exception&) {
        throw gpufec::invalid_argument(where + ": \"" + key + "\" has the wrong type");
    }
}

inline void check_same(const ordered_json& was,
                       const ordered_json& now,
                       const std::string& option,
                       const std::string& where)
{
    if (was != now) {
        throw gpufec::invalid_argument(where + " was simulated with " + option + " " +
                                       shown(was.dump()) + ", this run has " + option +
                                       " " + shown(now.dump()) +
                                       ": resume only the same " + option);
    }
}

/*!
 * A point's bit_errors_sq. A file without it (written before the BER interval
 * took frames as its trials) still gives it where the counts decide it: 0 with
 * no frame error, bit_errors squared with one; with more the file is refused.
 * Counts that no frames can give are refused too.
 */
inline uint64_t bit_errors_sq_of(const ordered_json& j,
                                 const gpufec::ber_point& p,
                                 const std::string& where)
{
    uint64_t sq = 0;
    if (j.contains("bit_errors_sq")) {
        sq = get<uint64_t>(j, "bit_errors_sq", where);
    } else if (p.frame_errors == 1) {
        sq = p.bit_errors * p.bit_errors;
    } else if (p.frame_errors > 1) {
        throw gpufec::invalid_argument(
            where + " has no bit_errors_sq (written by an older gpufec-ber) and " +
            std::to_string(p.frame_errors) +
            " frame errors: its BER interval cannot be computed; simulate this "
            "Eb/N0 again, without --resume or with the point removed from the file");
    }
    try {
        gpufec::clustered_ber_interval(p.frames,
                                       p.frame_errors,
                                       p.bit_errors,
                                       sq,
                                       p.frames ? p.info_bits / p.frames : 0);
    } catch (const gpufec::invalid_argument& e) {
        throw gpufec::invalid_argument(where + ": inconsistent counts: " + e.what());
    }
    return sq;
}

} // namespace detail

/*!
 * Reads the points of a JSON file written by gpufec-ber --json (or a list of
 * gpufec.simulate() dicts) for a resume, checking that each was simulated with
 * this run's code, seed, modulation, codeword choice, backend and decoder
 * options; throws gpufec::invalid_argument naming the file, the point and the
 * option that differs. `what` names the source in messages ("--resume FILE").
 */
inline std::vector<gpufec::ber_point> points_from_json(const ordered_json& list,
                                                       const ber_run_info& info,
                                                       const gpufec::ber_options& o,
                                                       const std::string& what)
{
    using detail::get;
    if (!list.is_array()) {
        throw gpufec::invalid_argument(what + " is not a JSON list of points");
    }
    std::vector<gpufec::ber_point> points;
    for (size_t i = 0; i < list.size(); i++) {
        const ordered_json& j = list[i];
        const std::string where = what + " point " + std::to_string(i);
        detail::check_same(
            detail::need(j, "code", where), ordered_json(info.code), "--code", where);
        detail::check_same(
            detail::need(j, "seed", where), ordered_json(o.seed), "--seed", where);
        detail::check_same(detail::need(j, "modulation", where),
                           ordered_json(gpufec::to_string(o.mod)),
                           "--modulation",
                           where);
        detail::check_same(detail::need(j, "all_zero", where),
                           ordered_json(o.all_zero),
                           "--all-zero",
                           where);
        detail::check_same(detail::need(j, "backend", where),
                           ordered_json(info.backend),
                           "--backend",
                           where);
        const ordered_json& dec = detail::need(j, "decoder", where);
        for (const auto& item : info.decoder.items()) {
            detail::check_same(detail::need(dec, item.key(), where + " decoder"),
                               item.value(),
                               detail::option_of(item.key()),
                               where);
        }
        gpufec::ber_point p;
        p.ebn0_db = get<double>(j, "ebn0_db", where);
        p.frames = get<uint64_t>(j, "frames", where);
        p.bit_errors = get<uint64_t>(j, "bit_errors", where);
        p.frame_errors = get<uint64_t>(j, "frame_errors", where);
        p.ber = get<double>(j, "ber", where);
        p.fer = get<double>(j, "fer", where);
        p.avg_iterations = get<double>(j, "avg_iterations", where);
        p.info_bits = get<uint64_t>(j, "info_bits", where);
        p.seconds = get<double>(j, "seconds", where);
        p.nonbinary = info.q != 2;
        if (p.nonbinary) {
            p.symbol_errors = get<uint64_t>(j, "symbol_errors", where);
            p.ser = get<double>(j, "ser", where);
            p.info_symbols = get<uint64_t>(j, "info_symbols", where);
        }
        p.undetected_frame_errors = get<uint64_t>(j, "undetected_frame_errors", where);
        p.total_iterations = get<uint64_t>(j, "total_iterations", where);
        p.first_frame = get<uint64_t>(j, "first_frame", where);
        p.decoded_frames = get<uint64_t>(j, "decoded_frames", where);
        p.decode_seconds = get<double>(j, "decode_seconds", where);
        p.info_throughput_bps = get<double>(j, "info_throughput_bps", where);
        p.stopped_by =
            gpufec::parse_stop_reason(get<std::string>(j, "stopped_by", where));
        uint64_t bits_per_symbol = 0;
        while ((uint64_t(1) << bits_per_symbol) < static_cast<uint64_t>(info.q)) {
            bits_per_symbol++;
        }
        if (p.frame_errors > p.frames || p.bit_errors < p.frame_errors ||
            p.info_bits != p.frames * static_cast<uint64_t>(info.k) * bits_per_symbol) {
            throw gpufec::invalid_argument(where + ": inconsistent counts");
        }
        p.bit_errors_sq = detail::bit_errors_sq_of(j, p, where);
        if (std::any_of(points.begin(), points.end(), [&](const gpufec::ber_point& q) {
                return std::fabs(q.ebn0_db - p.ebn0_db) < 1e-9;
            })) {
            throw gpufec::invalid_argument(where + ": a second point at " +
                                           shown(j.at("ebn0_db").dump()) + " dB");
        }
        points.push_back(p);
    }
    return points;
}

/*! Reads a resume file; throws gpufec::invalid_argument as points_from_json does. */
inline std::vector<gpufec::ber_point> read_resume_file(const std::string& path,
                                                       const ber_run_info& info,
                                                       const gpufec::ber_options& o)
{
    const std::string what = "--resume " + path;
    std::ifstream f(path);
    if (!f) {
        throw gpufec::invalid_argument(what + ": cannot read the file");
    }
    ordered_json list;
    try {
        list = ordered_json::parse(f);
    } catch (const nlohmann::json::parse_error& e) {
        throw gpufec::invalid_argument(what + ": not JSON (" + quoted_text(e.what()) +
                                       ")");
    }
    return points_from_json(list, info, o, what);
}

} // namespace gpufec_app

#endif /* INCLUDED_GPUFEC_APPS_BER_JSON_H */
