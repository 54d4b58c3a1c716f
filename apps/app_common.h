/* -*- c++ -*- */
/*
 * Helpers shared by the command-line apps (gpufec-ber, gpufec-bench): strict
 * parsing of option values (a bad value is a usage_error: message on stderr, exit
 * status 2), number formatting, a code's rate, file writing and the mapping of
 * an app's exceptions to its exit status. The decoder options both apps read are
 * in decoder_args.h; their JSON files are written with nlohmann-json (ber_json.h
 * for gpufec-ber).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_APP_COMMON_H
#define INCLUDED_GPUFEC_APP_COMMON_H

#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <gpufec/code.h>
#include <gpufec/error.h>
#include <gpufec/limits.h>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace gpufec_app {

/* A bad command line: reported on stderr, exit status 2. */
struct usage_error : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/*
 * A value given on the command line or read from a file, as a message quotes it:
 * in quotes, cut to its first limits::max_quoted_token characters and its length
 * when it is longer, so that no message repeats a long argument or file whole.
 */
inline std::string quoted(const std::string& text)
{
    constexpr size_t most = gpufec::limits::max_quoted_token;
    if (text.size() <= most) {
        return "'" + text + "'";
    }
    return "'" + text.substr(0, most) + "...' (" + std::to_string(text.size()) +
           " characters)";
}

/*
 * A message of a parser that may quote its input (nlohmann-json's "last read:
 * '...'"): its first 160 characters and its length when it is longer.
 */
inline std::string quoted_text(const std::string& text)
{
    constexpr size_t most = 4 * gpufec::limits::max_quoted_token;
    if (text.size() <= most) {
        return text;
    }
    return text.substr(0, most) + "... (" + std::to_string(text.size()) + " characters)";
}

/* As quoted(), without the quotes: for values a message shows bare. */
inline std::string shown(const std::string& text)
{
    const std::string q = quoted(text);
    return text.size() <= gpufec::limits::max_quoted_token ? text : q.substr(1);
}

/* Strict decimal unsigned integer in [lo, hi]. */
inline uint64_t parse_unsigned(const std::string& text,
                               const std::string& option,
                               uint64_t lo,
                               uint64_t hi)
{
    uint64_t v = 0;
    const char* first = text.data();
    const char* last = text.data() + text.size();
    const auto r = std::from_chars(first, last, v);
    if (r.ec == std::errc::result_out_of_range) {
        throw usage_error(option + ": " + shown(text) + " is too large (at most " +
                          std::to_string(hi) + ")");
    }
    if (text.empty() || r.ec != std::errc() || r.ptr != last) {
        throw usage_error(option + ": " + quoted(text) +
                          " is not a non-negative integer");
    }
    if (v < lo || v > hi) {
        throw usage_error(option + ": " + shown(text) + " is outside [" +
                          std::to_string(lo) + ", " + std::to_string(hi) + "]");
    }
    return v;
}

/*
 * Strict finite real number; one too close to 0 for a double (below 2.2e-308 in
 * magnitude, such as 1e-320) is refused as such, not as "not a finite number".
 */
inline double parse_real(const std::string& text, const std::string& option)
{
    const char* begin = text.c_str();
    char* end = nullptr;
    errno = 0;
    const double v = std::strtod(begin, &end);
    const bool range = errno == ERANGE;
    if (text.empty() || end == begin || *end != '\0' || !std::isfinite(v) ||
        (range && std::fabs(v) >= 1.0)) {
        throw usage_error(option + ": " + quoted(text) + " is not a finite number");
    }
    if (range) {
        throw usage_error(option + ": " + quoted(text) +
                          " is too close to 0 (below 2.2e-308 in magnitude, "
                          "the smallest normal double); use 0 or a larger value");
    }
    return v;
}

/*
 * A real number for a single-precision field (alpha, beta, the EMS options):
 * parse_real, then refused where a float cannot hold it (a nonzero magnitude below
 * 1.2e-38 would become 0, one above 3.4e38 infinity).
 */
inline float parse_float(const std::string& text, const std::string& option)
{
    const double v = parse_real(text, option);
    const double a = std::fabs(v);
    if (a > 3.4028234663852886e38 || (a > 0.0 && a < 1.1754943508222875e-38)) {
        throw usage_error(option + ": " + quoted(text) +
                          " is outside the range of a 32-bit float (a magnitude of "
                          "1.2e-38 to 3.4e38, or 0): it would be taken as " +
                          (a > 1.0 ? "infinity" : "0"));
    }
    return static_cast<float>(v);
}

inline std::string lower(const std::string& text)
{
    std::string t;
    for (char c : text) {
        t.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    }
    return t;
}

inline bool parse_on_off(const std::string& text, const std::string& option)
{
    const std::string t = lower(text);
    if (t == "on" || t == "true" || t == "yes" || t == "1") {
        return true;
    }
    if (t == "off" || t == "false" || t == "no" || t == "0") {
        return false;
    }
    throw usage_error(option + ": " + quoted(text) + " is not on or off");
}

/* One of `choices` (any case), else a usage error listing them. */
inline std::string parse_choice(const std::string& text,
                                const std::string& option,
                                const std::vector<std::string>& choices)
{
    const std::string t = lower(text);
    std::string list;
    for (const std::string& c : choices) {
        if (t == c) {
            return c;
        }
        list += (list.empty() ? "" : ", ") + c;
    }
    throw usage_error(option + ": " + quoted(text) + " is not one of " + list);
}

/* Shortest text that reads back as the same double (table and CSV numbers). */
inline std::string json_number(double v)
{
    if (!std::isfinite(v)) {
        return "null";
    }
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof(buf), v);
    return std::string(buf, r.ptr);
}

/* The rate K/N of a code of either kind (as ldpc_code::rate and nb_code::rate). */
inline double code_rate(const gpufec::code_handle& code)
{
    return static_cast<double>(code.k()) / code.n();
}

/* Writes the whole file; false when it cannot be written. */
inline bool write_file(const std::string& path, const std::string& text)
{
    std::ofstream f(path, std::ios::out | std::ios::trunc);
    if (!f) {
        return false;
    }
    f << text;
    f.flush();
    return static_cast<bool>(f);
}

/*!
 * Runs an app's main body and maps its exceptions to the apps' exit codes: a
 * usage error or a refused argument, file or backend prints "NAME: message" and
 * exits 2; any other error exits 1.
 */
template <typename Body>
int run_app(const char* name, Body body)
{
    try {
        return body();
    } catch (const usage_error& e) {
        std::cerr << name << ": " << e.what() << "\n";
    } catch (const gpufec::invalid_argument& e) {
        std::cerr << name << ": " << e.what() << "\n";
    } catch (const gpufec::file_format_error& e) {
        std::cerr << name << ": " << e.what() << "\n";
    } catch (const gpufec::backend_unavailable& e) {
        std::cerr << name << ": backend unavailable: " << e.what() << "\n";
    } catch (const std::exception& e) {
        std::cerr << name << ": error: " << e.what() << "\n";
        return 1;
    }
    return 2;
}

} // namespace gpufec_app

#endif /* INCLUDED_GPUFEC_APP_COMMON_H */
