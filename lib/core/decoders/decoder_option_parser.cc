/* -*- c++ -*- */
/*
 * The table of the decoder options and the parser over it
 * (include/gpufec/decoder_option_parser.h): each option's name, values, help
 * text, kind of code, and the functions that set it from text and read it back.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "codes/text_input.h"
#include <gpufec/decoder_option_parser.h>
#include <gpufec/error.h>
#include <gpufec/nonbinary_options.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <sstream>

namespace gpufec {

namespace {

/* What a setter throws: the reason, without the option's name and value. */
struct bad_value {
    std::string valid; //!< "valid values: ..." or "it must be ..."
};

std::string trim(const std::string& s)
{
    const size_t first = s.find_first_not_of(" \t");
    if (first == std::string::npos) {
        return "";
    }
    const size_t last = s.find_last_not_of(" \t");
    return s.substr(first, last - first + 1);
}

int to_int(const std::string& v)
{
    long long x = 0;
    const char* first = v.data();
    const char* last = v.data() + v.size();
    const auto r = std::from_chars(first, last, x);
    if (v.empty() || r.ec != std::errc() || r.ptr != last ||
        x < std::numeric_limits<int>::min() || x > std::numeric_limits<int>::max()) {
        throw bad_value{ "it must be a decimal integer (32-bit)" };
    }
    return static_cast<int>(x);
}

/* A decimal number for a float field; NaN and infinities pass (validate() refuses). */
float to_float(const std::string& v)
{
    const char* begin = v.c_str();
    char* end = nullptr;
    errno = 0;
    const double d = std::strtod(begin, &end);
    if (v.empty() || end == begin || *end != '\0') {
        throw bad_value{ "it must be a decimal number" };
    }
    const double a = std::fabs(d);
    if (std::isfinite(d) && (a > std::numeric_limits<float>::max() ||
                             (a > 0.0 && a < std::numeric_limits<float>::min()))) {
        throw bad_value{ "it is outside the range of a 32-bit float (a magnitude of "
                         "1.2e-38 to 3.4e38, or 0): it would be taken as " +
                         std::string(a > 1.0 ? "infinity" : "0") };
    }
    return static_cast<float>(d);
}

std::string float_text(float v)
{
    if (std::isnan(v)) {
        return "nan";
    }
    char text[64];
    const auto r = std::to_chars(text, text + sizeof(text), v);
    return std::string(text, r.ptr);
}

/* "auto" (or `alias`) gives `automatic`, else an integer. */
int int_or_auto(const std::string& v, int automatic, const char* alias = "auto")
{
    const std::string s = detail::lower_case(v);
    if (s == "auto" || s == alias) {
        return automatic;
    }
    return to_int(v);
}

std::string int_text(int v, int automatic)
{
    return v == automatic ? "auto" : std::to_string(v);
}

/* One of `choices` (any case; the first of each entry is the name written back). */
template <typename T>
T choose(const std::string& v,
         const std::vector<std::pair<std::vector<const char*>, T>>& choices,
         const std::string& valid)
{
    const std::string s = detail::lower_case(v);
    for (const auto& c : choices) {
        for (const char* name : c.first) {
            if (s == name) {
                return c.second;
            }
        }
    }
    throw bad_value{ "valid values: " + valid };
}

bool on_off(const std::string& v)
{
    return choose<bool>(v,
                        { { { "on", "true", "yes", "1" }, true },
                          { { "off", "false", "no", "0" }, false } },
                        "on, off (or true, false, yes, no, 1, 0)");
}

const char* const algorithm_values =
    "auto, spa, ms, nms, oms, scms (binary codes), minmax, ems (GF(q) codes)";

bool is_binary_rule(const std::string& name)
{
    try {
        parse_check_node_rule(name);
        return true;
    } catch (const std::invalid_argument&) {
        return false;
    }
}

void set_algorithm(decoder_options& o, const std::string& v)
{
    const decoder_options defaults;
    if (detail::lower_case(v) == "auto") {
        o.rule = defaults.rule;
        o.nonbinary.rule = defaults.nonbinary.rule;
    } else if (is_nb_check_rule(v)) {
        o.nonbinary.rule = parse_nb_check_rule(v);
        o.rule = defaults.rule;
    } else if (is_binary_rule(v)) {
        o.rule = parse_check_node_rule(v);
        o.nonbinary.rule = defaults.nonbinary.rule;
    } else {
        throw bad_value{ std::string("valid values: ") + algorithm_values };
    }
}

/* The GF(q) rule where it is not the default, else the binary rule. */
std::string get_algorithm(const decoder_options& o)
{
    const decoder_options defaults;
    return o.nonbinary.rule != defaults.nonbinary.rule ? to_string(o.nonbinary.rule)
                                                       : to_string(o.rule);
}

/* A table entry: its description and its setter / getter. */
struct option_entry {
    decoder_option_info info;
    void (*set)(decoder_options&, const std::string&);
    std::string (*get)(const decoder_options&);
};

std::vector<option_entry> make_table()
{
    using o_t = decoder_options;
    using s_t = const std::string&;
    const option_codes both = option_codes::both;
    const option_codes bin = option_codes::binary;
    const option_codes nb = option_codes::nonbinary;
    std::vector<option_entry> t = {
        { { "algorithm",
            algorithm_values,
            "check-node rule; auto: nms for a binary code, minmax for a GF(q) code",
            both,
            "" },
          set_algorithm,
          get_algorithm },
        { { "alpha",
            "(0, 1], or auto",
            "normalized min-sum factor; auto: the code family's default",
            bin,
            "" },
          [](o_t& o, s_t v) {
              o.alpha = detail::lower_case(v) == "auto" ? family_default : to_float(v);
          },
          [](const o_t& o) {
              return o.alpha == family_default ? std::string("auto")
                                               : float_text(o.alpha);
          } },
        { { "beta",
            ">= 0, or auto",
            "offset min-sum offset; auto: the code family's default",
            bin,
            "" },
          [](o_t& o, s_t v) {
              o.beta = detail::lower_case(v) == "auto" ? family_default : to_float(v);
          },
          [](const o_t& o) {
              return o.beta == family_default ? std::string("auto") : float_text(o.beta);
          } },
        { { "schedule", "layered, flooding", "message-passing schedule", both, "" },
          [](o_t& o, s_t v) {
              o.schedule = choose<decoding_schedule>(
                  v,
                  { { { "layered" }, decoding_schedule::layered },
                    { { "flooding" }, decoding_schedule::flooding } },
                  "layered, flooding");
          },
          [](const o_t& o) { return to_string(o.schedule); } },
        { { "max_iterations",
            "1..100000, or auto",
            "maximum iterations; auto: the code's default (10 for a GF(q) code)",
            both,
            "" },
          [](o_t& o, s_t v) {
              o.max_iterations = int_or_auto(v, code_default_iterations);
          },
          [](const o_t& o) {
              return int_text(o.max_iterations, code_default_iterations);
          } },
        { { "early_termination",
            "on, off",
            "stop a frame once its syndrome is zero",
            both,
            "" },
          [](o_t& o, s_t v) { o.early_termination = on_off(v); },
          [](const o_t& o) { return std::string(o.early_termination ? "on" : "off"); } },
        { { "backend",
            "auto, cpu, cuda",
            "auto: CUDA where a device works, else the CPU",
            both,
            "" },
          [](o_t& o, s_t v) {
              o.backend = choose<backend_kind>(v,
                                               { { { "auto" }, backend_kind::automatic },
                                                 { { "cpu" }, backend_kind::cpu },
                                                 { { "cuda" }, backend_kind::cuda } },
                                               "auto, cpu, cuda");
          },
          [](const o_t& o) { return to_string(o.backend); } },
        { { "threads", "0..1024", "CPU worker threads; 0: all cores", both, "" },
          [](o_t& o, s_t v) { o.threads = to_int(v); },
          [](const o_t& o) { return std::to_string(o.threads); } },
        { { "precision",
            "auto, float32 (float), half2, int16, int8",
            "message arithmetic; auto: the backend's fastest within 0.1 dB of float32 "
            "(float32 for a GF(q) code, which takes float32 and auto only)",
            both,
            "" },
          [](o_t& o, s_t v) {
              o.precision = choose<message_precision>(
                  v,
                  { { { "auto" }, message_precision::automatic },
                    { { "float32", "float" }, message_precision::float32 },
                    { { "half2" }, message_precision::half2 },
                    { { "int16" }, message_precision::int16 },
                    { { "int8" }, message_precision::int8 } },
                  "auto, float32, half2, int16, int8");
          },
          [](const o_t& o) {
              const std::string s = to_string(o.precision);
              return s == "float" ? std::string("float32") : s;
          } },
        { { "fraction_bits",
            "0..12, or auto",
            "int8 / int16: the channel LLR scaled by 2^N; auto: the precision's "
            "(2 / 3)",
            bin,
            "" },
          [](o_t& o, s_t v) { o.fixed.fraction_bits = int_or_auto(v, -1, "default"); },
          [](const o_t& o) { return int_text(o.fixed.fraction_bits, -1); } },
        { { "channel_max",
            "1..127 (int8), 1..32767 (int16), or auto",
            "int8 / int16: channel value saturation; auto: the precision's (63 / 1024)",
            bin,
            "" },
          [](o_t& o, s_t v) { o.fixed.channel_max = int_or_auto(v, 0, "default"); },
          [](const o_t& o) { return int_text(o.fixed.channel_max, 0); } },
        { { "c2v_max",
            "1..127 (int8), 1..32767 (int16), or auto",
            "int8 / int16: check-to-variable magnitude clamp; auto: the precision's",
            bin,
            "" },
          [](o_t& o, s_t v) { o.fixed.c2v_max = int_or_auto(v, 0, "default"); },
          [](const o_t& o) { return int_text(o.fixed.c2v_max, 0); } },
        { { "simd_layout",
            "auto, inter, intra",
            "CPU SIMD decoder: frames in lanes (inter) or one frame at a time (intra)",
            bin,
            "" },
          [](o_t& o, s_t v) {
              o.layout = choose<simd_layout>(
                  v,
                  { { { "auto" }, simd_layout::automatic },
                    { { "inter", "inter_frame" }, simd_layout::inter_frame },
                    { { "intra", "intra_frame" }, simd_layout::intra_frame } },
                  "auto, inter, intra");
          },
          [](const o_t& o) {
              return std::string(o.layout == simd_layout::inter_frame   ? "inter"
                                 : o.layout == simd_layout::intra_frame ? "intra"
                                                                        : "auto");
          } },
        { { "device", ">= 0", "CUDA device index (backend cuda and auto)", both, "" },
          [](o_t& o, s_t v) { o.gpu.device = to_int(v); },
          [](const o_t& o) { return std::to_string(o.gpu.device); } },
        { { "frames_per_block",
            ">= 0",
            "CUDA: frames per thread block; 0: the tuner's choice",
            bin,
            "" },
          [](o_t& o, s_t v) { o.gpu.frames_per_block = to_int(v); },
          [](const o_t& o) { return std::to_string(o.gpu.frames_per_block); } },
        { { "batch_frames",
            ">= 0",
            "CUDA: frames per launch; 0: the tuner's choice",
            bin,
            "" },
          [](o_t& o, s_t v) { o.gpu.batch_frames = to_int(v); },
          [](const o_t& o) { return std::to_string(o.gpu.batch_frames); } },
        { { "streams", ">= 1", "CUDA: streams of the host pipeline", bin, "" },
          [](o_t& o, s_t v) { o.gpu.streams = to_int(v); },
          [](const o_t& o) { return std::to_string(o.gpu.streams); } },
        { { "cuda_kernel",
            "auto, first, or a kernel's name",
            "CUDA: the decoding kernel (gpu_options::kernel; gpufec-info --code shows "
            "the tuner's choice)",
            bin,
            "" },
          [](o_t& o, s_t v) { o.gpu.kernel = v.empty() ? std::string("auto") : v; },
          [](const o_t& o) { return o.gpu.kernel.empty() ? "auto" : o.gpu.kernel; } },
        { { "ems_nm",
            "0..q",
            "EMS: entries kept per message; 0: q (none dropped)",
            nb,
            "" },
          [](o_t& o, s_t v) { o.nonbinary.ems_nm = to_int(v); },
          [](const o_t& o) { return std::to_string(o.nonbinary.ems_nm); } },
        { { "ems_offset", ">= 0", "EMS: offset", nb, "" },
          [](o_t& o, s_t v) { o.nonbinary.ems_offset = to_float(v); },
          [](const o_t& o) { return float_text(o.nonbinary.ems_offset); } },
        { { "ems_scale", "(0, 1]", "EMS: check-to-variable scaling factor", nb, "" },
          [](o_t& o, s_t v) { o.nonbinary.ems_scale = to_float(v); },
          [](const o_t& o) { return float_text(o.nonbinary.ems_scale); } },
        { { "nb_flooding",
            "auto, classic",
            "GF(q) CUDA: the flooding schedule's message pipeline; auto: the check "
            "domain for q >= 4",
            nb,
            "" },
          [](o_t& o, s_t v) {
              o.nonbinary.flooding = choose<nb_flooding_pipeline>(
                  v,
                  { { { "auto" }, nb_flooding_pipeline::automatic },
                    { { "classic" }, nb_flooding_pipeline::classic } },
                  "auto, classic");
          },
          [](const o_t& o) {
              return std::string(o.nonbinary.flooding == nb_flooding_pipeline::classic
                                     ? "classic"
                                     : "auto");
          } },
        { { "nb_host_batch",
            "0..16384",
            "GF(q) CUDA: frames per batch of the host-fed pipeline; 0: the decoder's "
            "choice",
            nb,
            "" },
          [](o_t& o, s_t v) { o.nonbinary.host_batch_frames = to_int(v); },
          [](const o_t& o) { return std::to_string(o.nonbinary.host_batch_frames); } },
    };
    const decoder_options defaults;
    for (option_entry& e : t) {
        e.info.default_value = e.get(defaults);
    }
    return t;
}

const std::vector<option_entry>& table()
{
    static const std::vector<option_entry> t = make_table();
    return t;
}

std::string prefix(const option_source& s) { return s.who.empty() ? "" : s.who + ": "; }

const option_entry& find(const std::string& name, const option_source& source)
{
    for (const option_entry& e : table()) {
        if (e.info.name == name) {
            return e;
        }
    }
    std::string names;
    for (const option_entry& e : table()) {
        names += (names.empty() ? "" : ", ") + option_name(e.info.name, source.spelling);
    }
    throw invalid_argument(prefix(source) + "unknown decoder option '" + name +
                           "'; the options: " + names);
}

std::string quote(const std::string& v) { return "'" + v + "'"; }

void set_entry(const option_entry& e,
               decoder_options& o,
               const std::string& value,
               const option_source& source)
{
    try {
        e.set(o, value);
    } catch (const bad_value& b) {
        throw invalid_argument(prefix(source) +
                               option_name(e.info.name, source.spelling) + " is " +
                               quote(value) + "; " + b.valid);
    }
}

} // namespace

const std::vector<decoder_option_info>& decoder_option_table()
{
    static const std::vector<decoder_option_info> infos = [] {
        std::vector<decoder_option_info> v;
        for (const option_entry& e : table()) {
            v.push_back(e.info);
        }
        return v;
    }();
    return infos;
}

void set_decoder_option(decoder_options& o,
                        const std::string& name,
                        const std::string& value,
                        const option_source& source)
{
    set_entry(find(name, source), o, value, source);
}

std::string get_decoder_option(const decoder_options& o, const std::string& name)
{
    return find(name, {}).get(o);
}

void check_decoder_option(const std::string& name,
                          const std::string& value,
                          code_kind kind,
                          const std::string& spec,
                          const option_source& source)
{
    const option_entry& e = find(name, source);
    decoder_options given;
    set_entry(e, given, value, source);
    if (kind == code_kind::any) {
        return;
    }
    const bool nonbinary = kind == code_kind::nonbinary;
    if (e.info.name == "algorithm") {
        const bool foreign = nonbinary ? is_binary_rule(value) : is_nb_check_rule(value);
        if (foreign) {
            const std::string kind_text = nonbinary ? "nonbinary" : "binary";
            const std::string other = nonbinary ? "binary" : "nonbinary";
            throw invalid_argument(
                prefix(source) + option_name("algorithm", source.spelling) + " " +
                quote(value) + " is not a " + kind_text + " rule: code '" + spec +
                "' is " + kind_text + "; use " +
                (nonbinary ? "minmax, ems" : "spa, ms, nms, oms, scms") + " or auto (" +
                value + " is a " + other + " check-node rule)");
        }
        return;
    }
    const option_codes other = nonbinary ? option_codes::binary : option_codes::nonbinary;
    if (e.info.codes == other && e.get(given) != e.info.default_value) {
        refuse_other_kind_option(e.info.name,
                                 source.quote_values ? quote(value) : value,
                                 e.info.default_value,
                                 spec,
                                 nonbinary,
                                 source.spelling,
                                 source.who);
    }
}

option_list split_decoder_options(const std::string& text)
{
    option_list list;
    if (trim(text).empty()) {
        return list;
    }
    std::istringstream in(text);
    std::string item;
    while (std::getline(in, item, ',')) {
        const size_t eq = item.find('=');
        const std::string name = trim(item.substr(0, eq));
        if (eq == std::string::npos || name.empty()) {
            throw invalid_argument("decoder options '" + text + "': item '" + item +
                                   "' is not name=value");
        }
        list.emplace_back(name, trim(item.substr(eq + 1)));
    }
    if (text.back() == ',') {
        throw invalid_argument("decoder options '" + text +
                               "': an empty item at the end");
    }
    return list;
}

decoder_options parse_decoder_options(const option_list& options,
                                      code_kind kind,
                                      const std::string& spec,
                                      const option_source& source,
                                      const decoder_options& base)
{
    decoder_options o = base;
    for (const auto& nv : options) {
        check_decoder_option(nv.first, nv.second, kind, spec, source);
        set_decoder_option(o, nv.first, nv.second, source);
    }
    return o;
}

decoder_options parse_decoder_options(const std::string& text,
                                      code_kind kind,
                                      const std::string& spec,
                                      const option_source& source,
                                      const decoder_options& base)
{
    return parse_decoder_options(split_decoder_options(text), kind, spec, source, base);
}

std::string option_value(float v) { return float_text(v); }
std::string option_value(int v) { return std::to_string(v); }
std::string option_value(bool v) { return v ? "on" : "off"; }

std::string format_decoder_options(const decoder_options& o)
{
    std::string s;
    for (const option_entry& e : table()) {
        s += (s.empty() ? "" : ",") + e.info.name + "=" + e.get(o);
    }
    return s;
}

std::string decoder_options_help(option_spelling spelling)
{
    std::ostringstream s;
    for (const option_entry& e : table()) {
        const std::string name = option_name(e.info.name, spelling);
        s << "  " << name << (spelling == option_spelling::cli ? " " : "=")
          << e.info.values << "  " << e.info.help
          << (e.info.codes == option_codes::binary      ? " (binary codes only)"
              : e.info.codes == option_codes::nonbinary ? " (GF(q) codes only)"
                                                        : "")
          << " [default " << e.info.default_value << "]\n";
    }
    return s.str();
}

} // namespace gpufec
