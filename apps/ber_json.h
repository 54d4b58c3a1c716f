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
#include <gpufec/unused_options.h>

#include "app_common.h"
#include "decoder_json.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
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

/*! The decoder of a simulator, of either kind (a GF(q) code's nb_decoder too). */
inline const gpufec::decoder& simulated_decoder(gpufec::ber_simulator& sim)
{
    if (sim.is_nonbinary()) {
        return sim.get_nb_decoder();
    }
    return sim.get_decoder();
}

/*!
 * The run description of a simulator (code, backend, decoder as in force; the
 * CUDA device of a binary code's decoder on cuda).
 */
inline ber_run_info describe_run(gpufec::ber_simulator& sim)
{
    ber_run_info info;
    const gpufec::code_handle c = sim.any_code();
    info.code = c.name();
    info.n = c.n();
    info.k = c.k();
    info.q = c.q();
    info.rate = code_rate(c);
    const gpufec::decoder& d = simulated_decoder(sim);
    const gpufec::decoder_options o = d.options();
    info.backend = d.backend_name();
    info.precision = gpufec::to_string(o.precision);
    info.decoder = decoder_json(d);
    if (c.is_binary() && info.backend == "cuda") {
        info.devices = { o.gpu.device };
    }
    return info;
}

inline ordered_json interval_json(const gpufec::confidence_interval& ci)
{
    return ordered_json::array({ ci.lower, ci.upper });
}

/* The groups of a point's counts and rates, in the order a point's JSON has them. */
enum class point_group {
    first,     //!< the keys of the first gpufec-ber: ebn0_db ... seconds
    nonbinary, //!< a GF(q) code's symbol counts
    exact      //!< after the intervals: the exact counts a resume needs
};

/*! A count (count set) or rate (real set) of ber_point under its JSON key. */
struct point_field {
    point_group group;
    const char* key;
    uint64_t gpufec::ber_point::*count;
    double gpufec::ber_point::*real;
};

/*! Every count and rate of a point, in the order of its JSON keys. */
inline const std::vector<point_field>& point_fields()
{
    using P = gpufec::ber_point;
    constexpr point_group first = point_group::first;
    constexpr point_group nb = point_group::nonbinary;
    constexpr point_group exact = point_group::exact;
    static const std::vector<point_field> fields = {
        { first, "ebn0_db", nullptr, &P::ebn0_db },
        { first, "frames", &P::frames, nullptr },
        { first, "bit_errors", &P::bit_errors, nullptr },
        { first, "frame_errors", &P::frame_errors, nullptr },
        { first, "ber", nullptr, &P::ber },
        { first, "fer", nullptr, &P::fer },
        { first, "avg_iterations", nullptr, &P::avg_iterations },
        { first, "info_bits", &P::info_bits, nullptr },
        { first, "seconds", nullptr, &P::seconds },
        { nb, "symbol_errors", &P::symbol_errors, nullptr },
        { nb, "ser", nullptr, &P::ser },
        { nb, "info_symbols", &P::info_symbols, nullptr },
        { exact, "undetected_frame_errors", &P::undetected_frame_errors, nullptr },
        { exact, "total_iterations", &P::total_iterations, nullptr },
        { exact, "bit_errors_sq", &P::bit_errors_sq, nullptr },
        { exact, "first_frame", &P::first_frame, nullptr },
        { exact, "decoded_frames", &P::decoded_frames, nullptr },
        { exact, "decode_seconds", nullptr, &P::decode_seconds },
        { exact, "info_throughput_bps", nullptr, &P::info_throughput_bps },
    };
    return fields;
}

/* The fields of group `g` of point `p` into `j`. */
inline void put_point_fields(ordered_json& j, const gpufec::ber_point& p, point_group g)
{
    for (const point_field& f : point_fields()) {
        if (f.group == g) {
            j[f.key] = f.count ? ordered_json(p.*f.count) : ordered_json(p.*f.real);
        }
    }
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
    put_point_fields(j, p, point_group::first);
    if (p.nonbinary) {
        put_point_fields(j, p, point_group::nonbinary);
    }
    j["fer_ci"] = interval_json(p.fer_ci);
    j["ber_ci"] = interval_json(p.ber_ci);
    put_point_fields(j, p, point_group::exact);
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

/*
 * The fields of group `g` of point `p` from `j` (bit_errors_sq apart: a file
 * without it is read by bit_errors_sq_of).
 */
inline void get_point_fields(const ordered_json& j,
                             gpufec::ber_point& p,
                             point_group g,
                             const std::string& where)
{
    for (const point_field& f : point_fields()) {
        if (f.group != g || f.count == &gpufec::ber_point::bit_errors_sq) {
            continue;
        }
        if (f.count) {
            p.*f.count = get<uint64_t>(j, f.key, where);
        } else {
            p.*f.real = get<double>(j, f.key, where);
        }
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
    // what the run simulated, by key; the option of a key is --KEY
    const std::pair<std::string, ordered_json> run[] = {
        { "code", info.code },
        { "seed", o.seed },
        { "modulation", gpufec::to_string(o.mod) },
        { "all_zero", o.all_zero },
        { "backend", info.backend },
    };
    const auto option = [](const std::string& key) {
        return gpufec::option_name(key, gpufec::option_spelling::cli);
    };
    std::vector<gpufec::ber_point> points;
    for (size_t i = 0; i < list.size(); i++) {
        const ordered_json& j = list[i];
        const std::string where = what + " point " + std::to_string(i);
        for (const auto& key_value : run) {
            const std::string& key = key_value.first;
            detail::check_same(
                detail::need(j, key, where), key_value.second, option(key), where);
        }
        const ordered_json& dec = detail::need(j, "decoder", where);
        for (const auto& item : info.decoder.items()) {
            detail::check_same(detail::need(dec, item.key(), where + " decoder"),
                               item.value(),
                               option(item.key()),
                               where);
        }
        gpufec::ber_point p;
        detail::get_point_fields(j, p, point_group::first, where);
        p.nonbinary = info.q != 2;
        if (p.nonbinary) {
            detail::get_point_fields(j, p, point_group::nonbinary, where);
        }
        detail::get_point_fields(j, p, point_group::exact, where);
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
