/* -*- c++ -*- */
/*
 * Tests of the decoder option table and its parser
 * (include/gpufec/decoder_option_parser.h): every option set through the
 * parser reaches its field (fresh random values), bad values and unknown names
 * are refused naming the option and the value, options of the other kind of
 * code are refused unless at their default, algorithm auto resolves per kind,
 * the help text lists every option, and options written out read back the same.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test_util.h"
#include <gpufec/decoder_option_parser.h>
#include <gpufec/error.h>
#include <gpufec/nb_decoder.h>

#include <cppunit/TestFixture.h>
#include <cppunit/extensions/HelperMacros.h>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

using namespace gpufec;

template <typename T>
T pick(std::mt19937_64& rng, const std::vector<T>& v)
{
    return v[std::uniform_int_distribution<size_t>(0, v.size() - 1)(rng)];
}

int integer(std::mt19937_64& rng, int lo, int hi)
{
    return std::uniform_int_distribution<int>(lo, hi)(rng);
}

/* A float with a short exact decimal form: k / 64 for k in [lo, hi]. */
std::string sixty_fourths(std::mt19937_64& rng, int lo, int hi)
{
    std::ostringstream s;
    s.precision(9);
    s << static_cast<double>(integer(rng, lo, hi)) / 64.0;
    return s.str();
}

/* A random value of option `name` that is not its default, as text. */
std::string random_value(const std::string& name, std::mt19937_64& rng)
{
    if (name == "algorithm")
        return pick<std::string>(rng, { "spa", "ms", "oms", "scms", "ems" });
    if (name == "alpha")
        return sixty_fourths(rng, 1, 63);
    if (name == "beta" || name == "ems_offset")
        return sixty_fourths(rng, 1, 200);
    if (name == "ems_scale")
        return sixty_fourths(rng, 1, 44); // not 0.7
    if (name == "schedule")
        return "flooding";
    if (name == "max_iterations")
        return std::to_string(integer(rng, 1, 100000));
    if (name == "early_termination")
        return "off";
    if (name == "backend")
        return pick<std::string>(rng, { "cpu", "cuda" });
    if (name == "threads")
        return std::to_string(integer(rng, 1, 1024));
    if (name == "precision")
        return pick<std::string>(rng, { "auto", "half2", "int16", "int8" });
    if (name == "fraction_bits")
        return std::to_string(integer(rng, 0, 12));
    if (name == "channel_max" || name == "c2v_max")
        return std::to_string(integer(rng, 1, 32767));
    if (name == "simd_layout")
        return pick<std::string>(rng, { "inter", "intra" });
    if (name == "device" || name == "frames_per_block" || name == "batch_frames")
        return std::to_string(integer(rng, 1, 1 << 20));
    if (name == "streams")
        return std::to_string(integer(rng, 4, 64));
    if (name == "cuda_kernel")
        return pick<std::string>(
            rng, { "first", "layered-tab-12x7-minsum-f32", "general-flooding-spa-f32" });
    if (name == "ems_nm")
        return std::to_string(integer(rng, 1, 256));
    if (name == "nb_flooding")
        return "classic";
    if (name == "nb_host_batch")
        return std::to_string(integer(rng, 1, 16384));
    CPPUNIT_FAIL("no random value for option " + name);
    return "";
}

/* The field that option `name` sets, as a number or name, read directly. */
std::string field(const decoder_options& o, const std::string& name)
{
    std::ostringstream s;
    s.precision(9);
    if (name == "algorithm")
        s << (o.nonbinary.rule == nb_check_rule::ems ? "ems" : to_string(o.rule));
    else if (name == "alpha")
        s << o.alpha;
    else if (name == "beta")
        s << o.beta;
    else if (name == "schedule")
        s << to_string(o.schedule);
    else if (name == "max_iterations")
        s << o.max_iterations;
    else if (name == "early_termination")
        s << (o.early_termination ? "on" : "off");
    else if (name == "backend")
        s << to_string(o.backend);
    else if (name == "threads")
        s << o.threads;
    else if (name == "precision")
        s << to_string(o.precision);
    else if (name == "fraction_bits")
        s << o.fixed.fraction_bits;
    else if (name == "channel_max")
        s << o.fixed.channel_max;
    else if (name == "c2v_max")
        s << o.fixed.c2v_max;
    else if (name == "simd_layout")
        s << (o.layout == simd_layout::inter_frame   ? "inter"
              : o.layout == simd_layout::intra_frame ? "intra"
                                                     : "auto");
    else if (name == "device")
        s << o.gpu.device;
    else if (name == "frames_per_block")
        s << o.gpu.frames_per_block;
    else if (name == "batch_frames")
        s << o.gpu.batch_frames;
    else if (name == "streams")
        s << o.gpu.streams;
    else if (name == "cuda_kernel")
        s << o.gpu.kernel;
    else if (name == "ems_nm")
        s << o.nonbinary.ems_nm;
    else if (name == "ems_offset")
        s << o.nonbinary.ems_offset;
    else if (name == "ems_scale")
        s << o.nonbinary.ems_scale;
    else if (name == "nb_flooding")
        s << (o.nonbinary.flooding == nb_flooding_pipeline::classic ? "classic" : "auto");
    else if (name == "nb_host_batch")
        s << o.nonbinary.host_batch_frames;
    else
        CPPUNIT_FAIL("no field for option " + name);
    return s.str();
}

std::vector<std::string> option_names()
{
    std::vector<std::string> names;
    for (const decoder_option_info& i : decoder_option_table())
        names.push_back(i.name);
    return names;
}

class qa_decoder_option_parser : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(qa_decoder_option_parser);
    CPPUNIT_TEST(every_option_reaches_its_field);
    CPPUNIT_TEST(table_covers_the_struct);
    CPPUNIT_TEST(bad_values_refused);
    CPPUNIT_TEST(other_kind_refused);
    CPPUNIT_TEST(algorithm_per_kind);
    CPPUNIT_TEST(auto_values);
    CPPUNIT_TEST(help_lists_every_option);
    CPPUNIT_TEST(round_trip);
    CPPUNIT_TEST(split_text);
    CPPUNIT_TEST_SUITE_END();

public:
    void every_option_reaches_its_field()
    {
        std::mt19937_64 rng(gpufec_test::test_seed());
        const decoder_options defaults;
        for (int round = 0; round < 20; round++) {
            for (const std::string& name : option_names()) {
                const std::string value = random_value(name, rng);
                decoder_options o;
                set_decoder_option(o, name, value);
                // the field took the value (read without the parser), and only it
                const std::string got = field(o, name);
                if (name == "precision" || name == "algorithm" || name == "backend" ||
                    name == "schedule" || name == "early_termination" ||
                    name == "simd_layout" || name == "nb_flooding" ||
                    name == "cuda_kernel") {
                    CPPUNIT_ASSERT_EQUAL_MESSAGE(name, value, got);
                } else {
                    CPPUNIT_ASSERT_EQUAL_MESSAGE(name,
                                                 static_cast<float>(std::stod(value)),
                                                 static_cast<float>(std::stod(got)));
                }
                CPPUNIT_ASSERT_MESSAGE(name, field(defaults, name) != got);
                for (const std::string& other : option_names()) {
                    if (other != name) {
                        CPPUNIT_ASSERT_EQUAL_MESSAGE(name + " changed " + other,
                                                     get_decoder_option(defaults, other),
                                                     get_decoder_option(o, other));
                    }
                }
                // the same through the name=value text
                decoder_options p = parse_decoder_options(name + "=" + value);
                CPPUNIT_ASSERT_EQUAL_MESSAGE(name, got, field(p, name));
            }
        }
    }

    /* Each field of decoder_options that a decoder reads has its option. */
    void table_covers_the_struct()
    {
        const std::set<std::string> want = {
            "algorithm",     "alpha",          "beta",
            "schedule",      "max_iterations", "early_termination",
            "backend",       "threads",        "precision",
            "fraction_bits", "channel_max",    "c2v_max",
            "simd_layout",   "device",         "frames_per_block",
            "batch_frames",  "streams",        "cuda_kernel",
            "ems_nm",        "ems_offset",     "ems_scale",
            "nb_flooding",   "nb_host_batch"
        };
        const std::vector<std::string> names = option_names();
        CPPUNIT_ASSERT_EQUAL(want.size(), names.size());
        CPPUNIT_ASSERT(want == std::set<std::string>(names.begin(), names.end()));
        for (const decoder_option_info& i : decoder_option_table()) {
            CPPUNIT_ASSERT_MESSAGE(i.name, !i.values.empty() && !i.help.empty());
        }
    }

    void bad_values_refused()
    {
        std::mt19937_64 rng(gpufec_test::test_seed() + 1);
        for (const std::string& name : option_names()) {
            if (name == "cuda_kernel") { // any name: the tuner refuses what it lacks
                continue;
            }
            const std::string bad =
                pick<std::string>(rng, { "bogus", "1x", "--", "0.5.5", "tpu" }) +
                std::to_string(integer(rng, 0, 99));
            decoder_options o;
            const std::string before = format_decoder_options(o);
            GPUFEC_ASSERT_THROW_MSG(set_decoder_option(o, name, bad),
                                    gpufec::invalid_argument,
                                    name + " is '" + bad + "'");
            CPPUNIT_ASSERT_EQUAL(before, format_decoder_options(o)); // unchanged
            GPUFEC_ASSERT_THROW_MSG(
                parse_decoder_options(name + "=" + bad, code_kind::any, "", { "who" }),
                gpufec::invalid_argument,
                "who: " + name + " is '" + bad + "'");
            // the command line's spelling
            option_source cli;
            cli.spelling = option_spelling::cli;
            GPUFEC_ASSERT_THROW_MSG(set_decoder_option(o, name, bad, cli),
                                    gpufec::invalid_argument,
                                    option_name(name, option_spelling::cli) + " is '");
        }
        // numbers a field cannot hold
        decoder_options o;
        GPUFEC_ASSERT_THROW_MSG(
            set_decoder_option(o, "threads", "4294967296"), invalid_argument, "32-bit");
        GPUFEC_ASSERT_THROW_MSG(
            set_decoder_option(o, "alpha", "1e-300"), invalid_argument, "taken as 0");
        GPUFEC_ASSERT_THROW_MSG(set_decoder_option(o, "ems_scale", "1e300"),
                                invalid_argument,
                                "taken as infinity");
        GPUFEC_ASSERT_THROW_MSG(
            set_decoder_option(o, "no_such", "1"), invalid_argument, "'no_such'");
        GPUFEC_ASSERT_THROW_MSG(
            set_decoder_option(o, "precision", ""), invalid_argument, "precision is ''");
    }

    void other_kind_refused()
    {
        std::mt19937_64 rng(gpufec_test::test_seed() + 2);
        for (const decoder_option_info& i : decoder_option_table()) {
            if (i.codes == option_codes::both || i.name == "algorithm") {
                continue;
            }
            const bool binary_only = i.codes == option_codes::binary;
            const code_kind other =
                binary_only ? code_kind::nonbinary : code_kind::binary;
            const code_kind own = binary_only ? code_kind::binary : code_kind::nonbinary;
            const std::string spec = binary_only ? "nbreg:16:96:2:4" : "wifi:648:1/2";
            const std::string value = random_value(i.name, rng);
            GPUFEC_ASSERT_THROW_MSG(
                parse_decoder_options(
                    option_list{ { i.name, value } }, other, spec, { "who" }),
                invalid_argument,
                "who: " + i.name + " is " + value + ", but code '" + spec + "' is a " +
                    (binary_only ? "nonbinary" : "binary") + " code; " + i.name +
                    " applies to " + (binary_only ? "binary" : "nonbinary") +
                    " codes only");
            // the command line's values quoted, its spelling
            option_source cli{ "", option_spelling::cli, true };
            GPUFEC_ASSERT_THROW_MSG(check_decoder_option(i.name, value, other, spec, cli),
                                    invalid_argument,
                                    option_name(i.name, option_spelling::cli) + " is '" +
                                        value + "'");
            // its own kind takes it; the other takes the default
            const decoder_options o =
                parse_decoder_options(option_list{ { i.name, value } }, own, spec);
            CPPUNIT_ASSERT_EQUAL(
                get_decoder_option(o, i.name),
                get_decoder_option(parse_decoder_options(i.name + "=" + value), i.name));
            parse_decoder_options(
                option_list{ { i.name, i.default_value } }, other, spec);
        }
        // the binary-only defaults as Python passes them (-1, 0) are defaults
        parse_decoder_options("alpha=-1,beta=-1,fraction_bits=-1,channel_max=0",
                              code_kind::nonbinary,
                              "nbreg:16:96:2:4");
        parse_decoder_options(
            "ems_nm=0,ems_offset=0,ems_scale=0.7", code_kind::binary, "wifi:648:1/2");
    }

    void algorithm_per_kind()
    {
        for (const char* rule : { "spa", "ms", "nms", "oms", "scms" }) {
            const decoder_options o = parse_decoder_options(
                std::string("algorithm=") + rule, code_kind::binary);
            CPPUNIT_ASSERT_EQUAL(std::string(rule), to_string(o.rule));
            GPUFEC_ASSERT_THROW_MSG(
                parse_decoder_options(std::string("algorithm=") + rule,
                                      code_kind::nonbinary,
                                      "nbqc:16:2:8"),
                invalid_argument,
                std::string("algorithm '") + rule +
                    "' is not a nonbinary rule: code 'nbqc:16:2:8' is nonbinary");
        }
        for (const char* rule : { "minmax", "ems", "MIN-MAX" }) {
            const decoder_options o = parse_decoder_options(
                std::string("algorithm=") + rule, code_kind::nonbinary);
            CPPUNIT_ASSERT(parse_nb_check_rule(rule) == o.nonbinary.rule);
            GPUFEC_ASSERT_THROW_MSG(
                parse_decoder_options(
                    std::string("algorithm=") + rule, code_kind::binary, "wifi:648:1/2"),
                invalid_argument,
                "code 'wifi:648:1/2' is binary");
        }
        // auto: nms for a binary code, minmax for a GF(q) one, whatever came before
        const decoder_options ems = parse_decoder_options("algorithm=ems,algorithm=auto");
        CPPUNIT_ASSERT(ems.nonbinary.rule == nb_check_rule::min_max);
        CPPUNIT_ASSERT(ems.rule == check_node_rule::normalized_min_sum);
        const decoder_options oms = parse_decoder_options("algorithm=oms,algorithm=auto");
        CPPUNIT_ASSERT(oms.rule == check_node_rule::normalized_min_sum);
        CPPUNIT_ASSERT(to_nb_decoder_options(oms).rule == nb_check_rule::min_max);
        // one rule of either kind at a time
        const decoder_options both = parse_decoder_options("algorithm=ems,algorithm=spa");
        CPPUNIT_ASSERT(both.rule == check_node_rule::spa);
        CPPUNIT_ASSERT(both.nonbinary.rule == nb_check_rule::min_max);
    }

    void auto_values()
    {
        std::mt19937_64 rng(gpufec_test::test_seed() + 3);
        decoder_options o;
        const int iterations = integer(rng, 1, 1000);
        o.max_iterations = iterations;
        o.alpha = 0.5f;
        o.fixed.fraction_bits = 4;
        o.fixed.channel_max = 9;
        const decoder_options a = parse_decoder_options(
            "max_iterations=auto,alpha=auto,fraction_bits=default,channel_max=auto",
            code_kind::any,
            "",
            {},
            o);
        CPPUNIT_ASSERT_EQUAL(code_default_iterations, a.max_iterations);
        CPPUNIT_ASSERT_EQUAL(family_default, a.alpha);
        CPPUNIT_ASSERT_EQUAL(-1, a.fixed.fraction_bits);
        CPPUNIT_ASSERT_EQUAL(0, a.fixed.channel_max);
        CPPUNIT_ASSERT_EQUAL(10, to_nb_decoder_options(a).max_iterations);
        // the base's other fields stay; names and values of any case
        const decoder_options b = parse_decoder_options(
            "backend=CPU, schedule = Flooding", code_kind::any, "", {}, o);
        CPPUNIT_ASSERT_EQUAL(iterations, b.max_iterations);
        CPPUNIT_ASSERT(b.backend == backend_kind::cpu);
        CPPUNIT_ASSERT(b.schedule == decoding_schedule::flooding);
        CPPUNIT_ASSERT(parse_decoder_options("precision=float").precision ==
                       message_precision::float32);
    }

    void help_lists_every_option()
    {
        for (option_spelling spelling :
             { option_spelling::field, option_spelling::cli }) {
            const std::string help = decoder_options_help(spelling);
            std::istringstream lines(help);
            std::string line;
            std::vector<std::string> names;
            while (std::getline(lines, line)) {
                const size_t start = line.find_first_not_of(' ');
                const size_t end = line.find_first_of("= ", start);
                names.push_back(line.substr(start, end - start));
            }
            std::vector<std::string> want;
            for (const decoder_option_info& i : decoder_option_table()) {
                want.push_back(option_name(i.name, spelling));
                CPPUNIT_ASSERT_MESSAGE(i.name, help.find(i.help) != std::string::npos);
            }
            CPPUNIT_ASSERT(want == names);
        }
        CPPUNIT_ASSERT(decoder_options_help().find("alpha=(0, 1], or auto") !=
                       std::string::npos);
        CPPUNIT_ASSERT(decoder_options_help(option_spelling::cli)
                           .find("--ems-nm 0..q  EMS: entries kept per message") !=
                       std::string::npos);
    }

    void round_trip()
    {
        std::mt19937_64 rng(gpufec_test::test_seed() + 4);
        const std::vector<std::string> names = option_names();
        for (int round = 0; round < 200; round++) {
            option_list given;
            for (const std::string& name : names) {
                if (integer(rng, 0, 1)) {
                    given.emplace_back(name, random_value(name, rng));
                }
            }
            const decoder_options o = parse_decoder_options(given);
            const std::string text = format_decoder_options(o);
            const decoder_options back = parse_decoder_options(text);
            CPPUNIT_ASSERT_EQUAL(text, format_decoder_options(back));
            for (const std::string& name : names) {
                CPPUNIT_ASSERT_EQUAL_MESSAGE(name, field(o, name), field(back, name));
            }
            CPPUNIT_ASSERT_EQUAL(o.alpha, back.alpha);
            CPPUNIT_ASSERT_EQUAL(o.nonbinary.ems_scale, back.nonbinary.ems_scale);
        }
        // a float that has no short decimal form reads back exactly
        decoder_options o;
        o.alpha = std::uniform_real_distribution<float>(0.01f, 1.0f)(rng);
        CPPUNIT_ASSERT_EQUAL(o.alpha,
                             parse_decoder_options(format_decoder_options(o)).alpha);
    }

    void split_text()
    {
        const option_list l = split_decoder_options(" alpha = 0.5,schedule=flooding ");
        CPPUNIT_ASSERT_EQUAL(size_t(2), l.size());
        CPPUNIT_ASSERT_EQUAL(std::string("alpha"), l[0].first);
        CPPUNIT_ASSERT_EQUAL(std::string("0.5"), l[0].second);
        CPPUNIT_ASSERT_EQUAL(std::string("flooding"), l[1].second);
        CPPUNIT_ASSERT(split_decoder_options("  ").empty());
        GPUFEC_ASSERT_THROW_MSG(
            split_decoder_options("alpha=0.5,flooding"), invalid_argument, "'flooding'");
        GPUFEC_ASSERT_THROW_MSG(split_decoder_options("=3"), invalid_argument, "'=3'");
        GPUFEC_ASSERT_THROW_MSG(
            split_decoder_options("alpha=1,"), invalid_argument, "empty");
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(qa_decoder_option_parser);

} // namespace
