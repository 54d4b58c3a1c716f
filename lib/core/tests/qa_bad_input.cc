/*
 * Bad input, as an attacker would give it (docs/VALIDATION.md, "Bad input"):
 *  - the parsers' regression files (fuzz/regressions: sizes that overflowed or
 *    reserved gigabytes), a directory, /dev/zero, a 2 GB sparse file, a long bad
 *    token, each refused with a message naming the file, the line and the limit;
 *  - code specs beyond the limits (include/gpufec/limits.h), refused at once, and
 *    codes at the limits, built;
 *  - NaN, +-Inf, 1e30 and +-FLT_MAX LLRs on every CPU decoder (binary: every
 *    rule, schedule and precision; nonbinary: Min-Max and EMS, both schedules,
 *    bit and symbol LLRs): a valid decision or a documented refusal, and the
 *    clean codeword decoded from huge LLRs of the right sign;
 *  - zero frames, wrong counts, iterations above the limit, NaN alpha and the
 *    like, refused naming the field;
 *  - FIFOs, character devices and /proc/self/mem as matrix files, threads above
 *    the limit, batches beyond the host's memory, options given for nothing,
 *    input that quantizes to zeros (reported as failed frames).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "rule_list.h"
#include "test_util.h"

#include <cfloat>
#include <cmath>
#include <cppunit/extensions/HelperMacros.h>
#include <filesystem>
#include <fstream>
#include <gpufec/ber_simulator.h>
#include <gpufec/decode_pipeline.h>
#include <gpufec/decoder.h>
#include <gpufec/error.h>
#include <gpufec/host_resources.h>
#include <gpufec/ldpc_code.h>
#include <gpufec/limits.h>
#include <gpufec/matrix_files.h>
#include <gpufec/nb_code.h>
#include <gpufec/nb_decoder.h>
#include <gpufec/nb_matrix_files.h>
#include <gpufec/unused_options.h>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

namespace fs = std::filesystem;
using namespace gpufec;

std::string regression(const std::string& name)
{
    return std::string(GPUFEC_SOURCE_DIR) + "/fuzz/regressions/" + name;
}

/*! A temporary directory, removed at the end of the test. */
struct temp_dir {
    fs::path path;
    temp_dir()
    {
        std::random_device rd;
        path = fs::temp_directory_path() /
               ("gpufec_qa_bad_input_" + std::to_string(rd()) + std::to_string(rd()));
        fs::create_directories(path);
    }
    ~temp_dir()
    {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    std::string write(const std::string& name, const std::string& text) const
    {
        const std::string p = (path / name).string();
        std::ofstream f(p, std::ios::binary);
        f << text;
        return p;
    }
};

const float huge_values[] = { std::numeric_limits<float>::quiet_NaN(),
                              std::numeric_limits<float>::infinity(),
                              -std::numeric_limits<float>::infinity(),
                              1e30f,
                              -1e30f,
                              FLT_MAX,
                              -FLT_MAX,
                              3e38f,
                              -3e38f,
                              1.5e38f,
                              0.0f,
                              -0.0f,
                              1e-45f };

} // namespace

class qa_bad_input : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(qa_bad_input);
    CPPUNIT_TEST(test_regression_files);
    CPPUNIT_TEST(test_paths);
    CPPUNIT_TEST(test_long_token);
    CPPUNIT_TEST(test_specs);
    CPPUNIT_TEST(test_at_the_limits);
    CPPUNIT_TEST(test_binary_llrs);
    CPPUNIT_TEST(test_nonbinary_llrs);
    CPPUNIT_TEST(test_counts_and_options);
    CPPUNIT_TEST(test_special_files);
    CPPUNIT_TEST(test_thread_and_memory_bounds);
    CPPUNIT_TEST(test_unused_options);
    CPPUNIT_TEST(test_zero_quantized_input);
    CPPUNIT_TEST_SUITE_END();

public:
    void test_regression_files()
    {
        GPUFEC_ASSERT_THROW_MSG(read_qc(regression("qc_z_int_max.qc")),
                                file_format_error,
                                "qc_z_int_max.qc:1: the expanded matrix would have");
        GPUFEC_ASSERT_THROW_MSG(read_qc(regression("qc_z_int_max.qc")),
                                file_format_error,
                                "gpufec::limits::max_columns");
        // (46341 x 46341 blocks of Z = 1 is within the limits: read as far as the
        // file goes, nothing reserved from the header)
        GPUFEC_ASSERT_THROW_MSG(read_qc(regression("qc_header_46341.qc")),
                                file_format_error,
                                "qc_header_46341.qc:2: unexpected end of file");
        GPUFEC_ASSERT_THROW_MSG(read_qc(regression("qc_header_int_max.qc")),
                                file_format_error,
                                "qc_header_int_max.qc:1:");
        GPUFEC_ASSERT_THROW_MSG(read_qc(regression("qc_edges_over_limit.qc")),
                                file_format_error,
                                "gpufec::limits::max_edges");
        GPUFEC_ASSERT_THROW_MSG(
            read_nb_matrix(regression("nb_row_lists_n_int_max.txt")),
            file_format_error,
            "nb_row_lists_n_int_max.txt:1: row lists: N = 2147483647");
        GPUFEC_ASSERT_THROW_MSG(
            read_nb_matrix(regression("nb_binary_qc_z_long_max.txt")),
            file_format_error,
            "nb_binary_qc_z_long_max.txt:1: number '9223372036854775807' is too large");
        // found by fuzz_qc: the layers of a QC expansion are its block rows, built
        // once (not the greedy partition of 157 467 rows first)
        const qc_file two = read_qc(regression("qc_two_layerings.qc"));
        CPPUNIT_ASSERT_EQUAL(size_t(2),
                             parity_check_matrix::from_qc(two.qc).layers().size());
        // found by fuzz_code_spec: slow under the sanitizers, but within the limits
        std::ifstream spec_file(regression("spec_nbreg_slow_peg.txt"));
        std::string spec;
        std::getline(spec_file, spec);
        CPPUNIT_ASSERT_EQUAL(size_t(1878), nb_code::make(spec)->h().edges());
        // the same through the code specs
        GPUFEC_ASSERT_THROW_MSG(ldpc_code::make("qc:" + regression("qc_z_int_max.qc")),
                                file_format_error,
                                "the expanded matrix would have");
        GPUFEC_ASSERT_THROW_MSG(
            nb_code::make("nbalist:" + regression("nb_row_lists_n_int_max.txt")),
            file_format_error,
            "gpufec::limits::max_columns");
        // a header alone: refused at its line, nothing reserved from it
        std::istringstream alist("2147483647 2147483647\n1 1\n");
        GPUFEC_ASSERT_THROW_MSG(
            parse_alist(alist, "big.alist"), file_format_error, "big.alist:1: N=");
        std::istringstream mackay("2147483647 1 4\n");
        GPUFEC_ASSERT_THROW_MSG(
            parse_nb_matrix(mackay, "big.txt", nb_matrix_format::mackay),
            file_format_error,
            "big.txt:1: N = 2147483647");
        std::istringstream rptu("1048576 1048576 4\n");
        GPUFEC_ASSERT_THROW_MSG(parse_nb_matrix(rptu, "w.txt", nb_matrix_format::rptu),
                                file_format_error,
                                "w.txt");
        // matrices beyond the limits, built in code
        qc_structure qc;
        qc.z = std::numeric_limits<int>::max();
        qc.block_rows = 1;
        qc.block_cols = 1;
        qc.shifts = { 0 };
        GPUFEC_ASSERT_THROW_MSG(parity_check_matrix::from_qc(qc),
                                invalid_argument,
                                "gpufec::limits::max_rows, max_columns, max_edges");
        GPUFEC_ASSERT_THROW_MSG(
            parity_check_matrix::from_entries(limits::max_rows + 1, 2, {}),
            invalid_argument,
            "exceeds the limits");
        GPUFEC_ASSERT_THROW_MSG(
            nb_matrix::from_entries(2, limits::max_columns + 1, 4, {}),
            invalid_argument,
            "exceeds the limits");
    }

    void test_paths()
    {
        temp_dir t;
        const std::string dir = t.path.string();
        GPUFEC_ASSERT_THROW_MSG(read_alist(dir), file_format_error, "is a directory");
        GPUFEC_ASSERT_THROW_MSG(read_qc(dir), file_format_error, "is a directory");
        GPUFEC_ASSERT_THROW_MSG(read_nb_matrix(dir), file_format_error, "is a directory");
        GPUFEC_ASSERT_THROW_MSG(
            ldpc_code::make("alist:" + dir), file_format_error, "is a directory");
        if (fs::exists("/dev/zero")) {
            GPUFEC_ASSERT_THROW_MSG(read_alist("/dev/zero"),
                                    file_format_error,
                                    "/dev/zero: is a character device");
            GPUFEC_ASSERT_THROW_MSG(
                read_nb_matrix("/dev/zero"), file_format_error, "character device");
            GPUFEC_ASSERT_THROW_MSG(ldpc_code::make("alist:/dev/zero"),
                                    file_format_error,
                                    "not a regular file");
        }
        // a 2 GB sparse file: refused from its size, before a byte is read
        const std::string sparse = t.write("sparse.alist", "");
        CPPUNIT_ASSERT_EQUAL(0, ::truncate(sparse.c_str(), 2000000000L));
        GPUFEC_ASSERT_THROW_MSG(read_alist(sparse),
                                file_format_error,
                                "2000000000 bytes, more than the limit of 64 MiB");
        GPUFEC_ASSERT_THROW_MSG(
            read_nb_matrix(sparse), file_format_error, "more than the limit of 64 MiB");
        // a stream over the limit (no size to look at): refused as it is read
        std::istringstream big(std::string(limits::max_matrix_file_bytes + 1, ' '));
        GPUFEC_ASSERT_THROW_MSG(
            parse_qc(big, "big.qc"), file_format_error, "more than 64 MiB");
        // binary data in a stream, with the line of the NUL
        std::istringstream nul(std::string("4 2\n1 1\n", 8) + std::string(1, '\0'));
        GPUFEC_ASSERT_THROW_MSG(
            parse_alist(nul, "nul.alist"), file_format_error, "nul.alist:3: NUL byte");
    }

    void test_long_token()
    {
        const std::string token(20 << 20, 'x');
        std::istringstream in("4 2\n" + token + "\n");
        try {
            parse_alist(in, "long.alist");
            CPPUNIT_FAIL("a 20 MB token was accepted");
        } catch (const file_format_error& e) {
            const std::string w = e.what();
            CPPUNIT_ASSERT_MESSAGE(w, w.size() < 200);
            CPPUNIT_ASSERT_MESSAGE(w, w.find("long.alist:2:") != std::string::npos);
            CPPUNIT_ASSERT_MESSAGE(w,
                                   w.find("(20971520 characters)") != std::string::npos);
        }
        std::istringstream nb("4 2 4\n" + token + "\n");
        try {
            parse_nb_matrix(nb, "long.txt");
            CPPUNIT_FAIL("a 20 MB token was accepted");
        } catch (const file_format_error& e) {
            const std::string w = e.what();
            CPPUNIT_ASSERT_MESSAGE(w, w.size() < 200);
            CPPUNIT_ASSERT_MESSAGE(w,
                                   w.find("(20971520 characters)") != std::string::npos);
        }
        std::istringstream digits("4 2\n" + std::string(1000, '9') + "\n");
        GPUFEC_ASSERT_THROW_MSG(
            parse_alist(digits, "d.alist"), file_format_error, "...' (1000 characters)");
    }

    void test_specs()
    {
        for (const char* spec : { "nbreg:32:2000000000:3:6",
                                  "nbreg:256:4194304:64:1024",
                                  "nbreg:4:2000000:2:4",
                                  "nbreg:4:8194:2:4" }) {
            GPUFEC_ASSERT_THROW_MSG(nb_code::make(spec), invalid_argument, spec);
        }
        GPUFEC_ASSERT_THROW_MSG(nb_code::make("nbreg:4:500000:2:4"),
                                invalid_argument,
                                "gpufec::limits::max_peg_edges");
        GPUFEC_ASSERT_THROW_MSG(
            ldpc_code::make("nr5g:bg1:100000"), invalid_argument, "valid Z");
        GPUFEC_ASSERT_THROW_MSG(
            ldpc_code::make("wimax:99999999:1/2"), invalid_argument, "valid N");
        GPUFEC_ASSERT_THROW_MSG(ldpc_code::make("wifi:99999999999999999999:1/2"),
                                invalid_argument,
                                "is not a positive integer");
        GPUFEC_ASSERT_THROW_MSG(
            nb_code::make("nbqc:256:127:128"), invalid_argument, "exceeds the limits");
        GPUFEC_ASSERT_THROW_MSG(nb_code::make("nbreg:99999999999999999999999:96:2:4"),
                                invalid_argument,
                                "is not an integer");
    }

    void test_at_the_limits()
    {
        // PEG at its limit (N * dv = 2^14 edges), and a QC expansion to 2^20 ones
        const nb_code::sptr peg = nb_code::make("nbreg:4:8192:2:4");
        CPPUNIT_ASSERT_EQUAL(static_cast<size_t>(limits::max_peg_edges),
                             peg->h().edges());
        std::istringstream qc("1 1 1048576\n5\n");
        const qc_file f = parse_qc(qc, "limit.qc");
        const parity_check_matrix h = parity_check_matrix::from_qc(f.qc);
        CPPUNIT_ASSERT_EQUAL(limits::max_edges, h.edges());
        // a GF(q) dense encoder over its limit is refused when first needed
        const nb_code::sptr wide = nb_code::from_matrix(
            nb_matrix::from_entries(20000, 20000, 4, {}), nullptr, "wide");
        GPUFEC_ASSERT_THROW_MSG(
            wide->rank(), invalid_argument, "gpufec::limits::max_dense_encoder_bytes");
    }

    void test_binary_llrs()
    {
        const ldpc_code::sptr code = ldpc_code::make("wifi:648:1/2");
        const size_t n = static_cast<size_t>(code->n());
        const auto& rules = gpufec_test::all_rules;
        const message_precision precisions[] = { message_precision::float32,
                                                 message_precision::int16,
                                                 message_precision::int8 };
        std::mt19937 rng(gpufec_test::test_seed());
        for (check_node_rule rule : rules) {
            for (decoding_schedule schedule :
                 { decoding_schedule::layered, decoding_schedule::flooding }) {
                for (message_precision precision : precisions) {
                    if (rule == check_node_rule::spa &&
                        precision != message_precision::float32) {
                        continue;
                    }
                    decoder_options o;
                    o.backend = backend_kind::cpu;
                    o.rule = rule;
                    o.schedule = schedule;
                    o.precision = precision;
                    o.threads = 2;
                    o.max_iterations = 5;
                    const decoder::uptr dec = decoder::make(code, o);
                    const std::string what = to_string(rule) + " " + to_string(schedule) +
                                             " " + to_string(precision);
                    // each special value everywhere, then all of them mixed
                    const size_t frames = std::size(huge_values) + 1;
                    std::vector<float> llrs(frames * n);
                    for (size_t f = 0; f + 1 < frames; f++) {
                        std::fill(llrs.begin() + f * n,
                                  llrs.begin() + (f + 1) * n,
                                  huge_values[f]);
                    }
                    for (size_t i = 0; i < n; i++) {
                        llrs[(frames - 1) * n + i] =
                            huge_values[rng() % std::size(huge_values)];
                    }
                    std::vector<uint8_t> bits(frames * n, 7), ok(frames, 7);
                    std::vector<int> its(frames, -1);
                    decode_output out;
                    out.codewords = bits.data();
                    out.parity_ok = ok.data();
                    out.iterations = its.data();
                    dec->decode(llrs.data(), llrs.size(), frames, out);
                    for (size_t i = 0; i < bits.size(); i++) {
                        CPPUNIT_ASSERT_MESSAGE(what, bits[i] <= 1);
                    }
                    for (size_t f = 0; f < frames; f++) {
                        CPPUNIT_ASSERT_MESSAGE(what, ok[f] <= 1);
                        CPPUNIT_ASSERT_MESSAGE(what,
                                               its[f] >= 0 && its[f] <= o.max_iterations);
                    }
                    // +1e30, +FLT_MAX, +Inf on the all-zero codeword: decoded
                    for (size_t f : { 1, 3, 5 }) {
                        CPPUNIT_ASSERT_MESSAGE(what + " value " +
                                                   std::to_string(huge_values[f]),
                                               ok[f] == 1);
                        for (size_t i = 0; i < n; i++) {
                            CPPUNIT_ASSERT_MESSAGE(what, bits[f * n + i] == 0);
                        }
                    }
                }
            }
        }
    }

    void test_nonbinary_llrs()
    {
        const nb_code::sptr code = nb_code::make("nbreg:16:96:2:4");
        const size_t n = static_cast<size_t>(code->n());
        const size_t p = static_cast<size_t>(code->p());
        const size_t q = static_cast<size_t>(code->q());
        std::mt19937 rng(gpufec_test::test_seed());
        for (nb_check_rule rule : { nb_check_rule::min_max, nb_check_rule::ems }) {
            for (decoding_schedule schedule :
                 { decoding_schedule::layered, decoding_schedule::flooding }) {
                nb_decoder_options o;
                o.backend = backend_kind::cpu;
                o.rule = rule;
                o.schedule = schedule;
                o.threads = 2;
                o.max_iterations = 5;
                const nb_decoder::uptr dec = nb_decoder::make(code, o);
                const std::string what = to_string(rule) + " " + to_string(schedule);
                // bit LLRs: every finite special value (Inf is refused), all equal
                // and with random signs; +huge on the all-zero codeword decodes
                const std::vector<float> finite = {
                    std::numeric_limits<float>::quiet_NaN(),
                    1e30f,
                    FLT_MAX,
                    3e38f,
                    1.5e38f,
                    -1e30f,
                    -FLT_MAX,
                    -3e38f
                };
                const size_t frames = 2 * finite.size();
                std::vector<float> llrs(frames * n * p);
                for (size_t v = 0; v < finite.size(); v++) {
                    for (size_t i = 0; i < n * p; i++) {
                        llrs[v * n * p + i] = finite[v];
                        llrs[(finite.size() + v) * n * p + i] =
                            (rng() & 1) ? finite[v] : -finite[v];
                    }
                }
                std::vector<uint8_t> symbols(frames * n, 0xff), ok(frames, 7);
                std::vector<int> its(frames, -1);
                nb_decode_output out;
                out.symbols = symbols.data();
                out.parity_ok = ok.data();
                out.iterations = its.data();
                dec->decode_bits(llrs.data(), llrs.size(), frames, out);
                for (uint8_t s : symbols) {
                    CPPUNIT_ASSERT_MESSAGE(what, s < q);
                }
                for (size_t f = 0; f < frames; f++) {
                    CPPUNIT_ASSERT_MESSAGE(what, ok[f] <= 1);
                    CPPUNIT_ASSERT_MESSAGE(what,
                                           its[f] >= 0 && its[f] <= o.max_iterations);
                }
                for (size_t v : { 1, 2, 3, 4 }) {
                    CPPUNIT_ASSERT_MESSAGE(what + " +" + std::to_string(finite[v]),
                                           ok[v] == 1);
                    for (size_t i = 0; i < n; i++) {
                        CPPUNIT_ASSERT_MESSAGE(what, symbols[v * n + i] == 0);
                    }
                }
                // infinite bit LLRs: refused, naming the index
                llrs[5] = std::numeric_limits<float>::infinity();
                GPUFEC_ASSERT_THROW_MSG(
                    dec->decode_bits(llrs.data(), llrs.size(), frames, out),
                    invalid_argument,
                    "LLR 5 is infinite");
                // symbol LLRs: huge finite values decode; the zero codeword wins
                std::vector<float> sym(n * q, 3e38f);
                for (size_t v = 0; v < n; v++) {
                    sym[v * q] = 0.0f;
                }
                dec->decode_symbols(sym.data(), sym.size(), 1, out);
                CPPUNIT_ASSERT_MESSAGE(what + " symbols", ok[0] == 1);
                for (size_t i = 0; i < n; i++) {
                    CPPUNIT_ASSERT_MESSAGE(what, symbols[i] == 0);
                }
                for (float bad : { std::numeric_limits<float>::quiet_NaN(),
                                   std::numeric_limits<float>::infinity() }) {
                    sym[7] = bad;
                    GPUFEC_ASSERT_THROW_MSG(
                        dec->decode_symbols(sym.data(), sym.size(), 1, out),
                        invalid_argument,
                        "is not finite");
                }
            }
        }
    }

    void test_counts_and_options()
    {
        const ldpc_code::sptr code = ldpc_code::make("wifi:648:1/2");
        decoder_options o;
        o.backend = backend_kind::cpu;
        o.max_iterations = std::numeric_limits<int>::max();
        GPUFEC_ASSERT_THROW_MSG(
            decoder::make(code, o),
            invalid_argument,
            "max_iterations is 2147483647; it must be >= 1 and <= 100000");
        o.max_iterations = 0;
        GPUFEC_ASSERT_THROW_MSG(
            decoder::make(code, o), invalid_argument, "max_iterations");
        o.max_iterations = -5;
        GPUFEC_ASSERT_THROW_MSG(
            decoder::make(code, o), invalid_argument, "max_iterations");
        o.max_iterations = limits::max_iterations;
        CPPUNIT_ASSERT_NO_THROW(decoder::make(code, o));
        o.max_iterations = 10;
        o.alpha = std::numeric_limits<float>::quiet_NaN();
        GPUFEC_ASSERT_THROW_MSG(decoder::make(code, o), invalid_argument, "alpha is nan");
        o.alpha = family_default;
        o.beta = -std::numeric_limits<float>::infinity();
        GPUFEC_ASSERT_THROW_MSG(decoder::make(code, o), invalid_argument, "beta is -inf");
        o.beta = family_default;
        o.threads = -1;
        GPUFEC_ASSERT_THROW_MSG(decoder::make(code, o), invalid_argument, "threads");
        o.threads = 1;
        const decoder::uptr dec = decoder::make(code, o);
        GPUFEC_ASSERT_THROW_MSG(dec->set_max_iterations(std::numeric_limits<int>::max()),
                                invalid_argument,
                                "gpufec::limits::max_iterations");
        GPUFEC_ASSERT_THROW_MSG(dec->set_alpha(std::numeric_limits<float>::quiet_NaN()),
                                invalid_argument,
                                "alpha");
        std::vector<float> llrs(648, 1.0f);
        GPUFEC_ASSERT_THROW_MSG(dec->decode(llrs.data(), 0, 0, decode_output{}),
                                invalid_argument,
                                "frames is 0");
        GPUFEC_ASSERT_THROW_MSG(dec->decode(llrs.data(), 647, 1, decode_output{}),
                                invalid_argument,
                                "llr_count is 647");
        GPUFEC_ASSERT_THROW_MSG(
            dec->decode(llrs.data(), 648, static_cast<size_t>(-1), decode_output{}),
            invalid_argument,
            "frames");
        std::vector<int8_t> q(648, 1);
        GPUFEC_ASSERT_THROW_MSG(
            dec->decode(q.data(), 648, 1, std::numeric_limits<float>::quiet_NaN(), {}),
            invalid_argument,
            "step is nan");

        const nb_code::sptr nb = nb_code::make("nbreg:16:96:2:4");
        nb_decoder_options no;
        no.backend = backend_kind::cpu;
        no.max_iterations = std::numeric_limits<int>::max();
        GPUFEC_ASSERT_THROW_MSG(nb_decoder::make(nb, no),
                                invalid_argument,
                                "nb_decoder_options.max_iterations = 2147483647");
        no.max_iterations = 10;
        no.ems_scale = std::numeric_limits<float>::quiet_NaN();
        GPUFEC_ASSERT_THROW_MSG(nb_decoder::make(nb, no), invalid_argument, "ems_scale");
        no.ems_scale = 0.7f;
        no.ems_offset = std::numeric_limits<float>::infinity();
        GPUFEC_ASSERT_THROW_MSG(nb_decoder::make(nb, no), invalid_argument, "ems_offset");
        no.ems_offset = 0.0f;
        const nb_decoder::uptr nd = nb_decoder::make(nb, no);
        std::vector<float> bl(96 * 4, 1.0f);
        GPUFEC_ASSERT_THROW_MSG(nd->decode_bits(bl.data(), 0, 0, {}),
                                invalid_argument,
                                "frames must be >= 1");
        GPUFEC_ASSERT_THROW_MSG(nd->decode_bits(bl.data(), 5, 1, {}),
                                invalid_argument,
                                "5 LLRs for 1 frames");
        GPUFEC_ASSERT_THROW_MSG(nd->set_max_iterations(limits::max_iterations + 1),
                                invalid_argument,
                                "gpufec::limits::max_iterations");
    }

    /*
     * A FIFO (no writer: a blocking open would wait forever) and character
     * devices, through every reader and spec form: refused from the status of a
     * descriptor opened without blocking. /proc/self/mem reads with an error.
     */
    void test_special_files()
    {
        temp_dir t;
        const std::string fifo = (t.path / "matrix.alist").string();
        CPPUNIT_ASSERT_EQUAL(0, ::mkfifo(fifo.c_str(), 0600));
        const std::string msg = "is a FIFO (named pipe), not a regular file";
        GPUFEC_ASSERT_THROW_MSG(read_alist(fifo), file_format_error, msg);
        GPUFEC_ASSERT_THROW_MSG(read_qc(fifo), file_format_error, msg);
        GPUFEC_ASSERT_THROW_MSG(read_nb_matrix(fifo), file_format_error, msg);
        for (const std::string spec :
             { "alist:" + fifo, "galist:" + fifo, "qc:" + fifo, fifo }) {
            GPUFEC_ASSERT_THROW_MSG(ldpc_code::make(spec), file_format_error, msg);
        }
        GPUFEC_ASSERT_THROW_MSG(nb_code::make("nbalist:" + fifo), file_format_error, msg);
        for (const char* dev : { "/dev/null", "/dev/urandom" }) {
            if (fs::exists(dev)) {
                GPUFEC_ASSERT_THROW_MSG(
                    read_alist(dev), file_format_error, "is a character device");
            }
        }
        if (fs::exists("/proc/self/mem")) {
            GPUFEC_ASSERT_THROW_MSG(read_alist("/proc/self/mem"),
                                    file_format_error,
                                    "/proc/self/mem:1: read error after 0 bytes");
        }
    }

    /* Threads above limits::max_threads refused everywhere; 0 resolved within it;
       a batch beyond half of the host's memory refused with the bytes. */
    void test_thread_and_memory_bounds()
    {
        const ldpc_code::sptr code = ldpc_code::make("wifi:648:1/2");
        decoder_options o;
        o.backend = backend_kind::cpu;
        o.threads = limits::max_threads + 1;
        GPUFEC_ASSERT_THROW_MSG(decoder::make(code, o),
                                invalid_argument,
                                "threads is 1025; it must be in [0, 1024]");
        o.threads = 100000;
        GPUFEC_ASSERT_THROW_MSG(decoder::make(code, o), invalid_argument, "threads");
        nb_decoder_options nb;
        nb.threads = 100000;
        GPUFEC_ASSERT_THROW_MSG(nb.validate(), invalid_argument, "threads is 100000");
        ber_options b;
        b.ebn0_db = { 1.0 };
        b.threads = 5000;
        GPUFEC_ASSERT_THROW_MSG(b.validate(), invalid_argument, "threads is 5000");
        const int resolved = resolve_threads(0, "threads");
        CPPUNIT_ASSERT(resolved >= 1 && resolved <= limits::max_threads);
        CPPUNIT_ASSERT_EQUAL(7, resolve_threads(7, "threads"));

        // a pipeline of more workers than 256 (a host of 384 cores)
        std::vector<decode_pipeline::decode_fn> fns(
            300, [](const uint8_t*, size_t, uint8_t*, int*, uint8_t*) {});
        CPPUNIT_ASSERT_NO_THROW(decode_pipeline(fns, 1, 1, 2));
        fns.resize(limits::max_threads + 1, fns.front());
        GPUFEC_ASSERT_THROW_MSG(
            decode_pipeline(fns, 1, 1, 2), invalid_argument, "1 .. 1024 are allowed");

        GPUFEC_ASSERT_THROW_MSG(check_batch_memory(uint64_t(1) << 40, 1 << 20, "--batch"),
                                invalid_argument,
                                "--batch 1099511627776: the batch needs");
        CPPUNIT_ASSERT_NO_THROW(check_batch_memory(64, 1 << 10, "--batch"));
        ber_options big;
        big.ebn0_db = { 1.0 };
        big.decoder.backend = backend_kind::cpu;
        big.batch_frames = size_t(1) << 24;
        GPUFEC_ASSERT_THROW_MSG(ber_simulator(ldpc_code::make("dvbs2:normal:1/2"), big),
                                invalid_argument,
                                "batch_frames 16777216: the batch needs");
    }

    /* Options that the decoder would not use: refused with one set of words. */
    void test_unused_options()
    {
        decoder_options o;
        o.rule = check_node_rule::offset_min_sum;
        o.alpha = 0.75f;
        GPUFEC_ASSERT_THROW_MSG(
            refuse_unused_options(o, "float", option_spelling::cli, ""),
            invalid_argument,
            "--alpha is 0.75, but algorithm 'oms' does not use it");
        o.alpha = family_default;
        o.rule = check_node_rule::spa;
        o.beta = 0.5f;
        GPUFEC_ASSERT_THROW_MSG(
            refuse_unused_options(o, "float32", option_spelling::field, "who"),
            invalid_argument,
            "who: beta is 0.5, but algorithm 'spa' does not use it");
        o.beta = family_default;
        o.fixed.fraction_bits = 3;
        GPUFEC_ASSERT_THROW_MSG(
            refuse_unused_options(o, "float", option_spelling::cli, ""),
            invalid_argument,
            "--fraction-bits is given, but precision 'float' is floating point");
        o.fixed.fraction_bits = -1;
        o.backend = backend_kind::cpu;
        o.gpu.device = 3;
        GPUFEC_ASSERT_THROW_MSG(
            refuse_unused_options(o, "float", option_spelling::cli, ""),
            invalid_argument,
            "--device is 3, but backend 'cpu' has no devices");
        o.gpu.device = 0;
        CPPUNIT_ASSERT_NO_THROW(
            refuse_unused_options(o, "float", option_spelling::cli, ""));
    }

    /*
     * Noise-free BPSK at amplitude 0.05 taken as LLRs (llr_scale 1): every value
     * rounds to 0 in int8 and int16; those frames are failed, never parity_ok.
     * An all-zero float input too; float32 decodes the small LLRs.
     */
    void test_zero_quantized_input()
    {
        const ldpc_code::sptr code = ldpc_code::make("wifi:648:1/2");
        const size_t n = static_cast<size_t>(code->n());
        const size_t k = static_cast<size_t>(code->k());
        const size_t frames = 4;
        std::vector<uint8_t> info(frames * k);
        std::mt19937 rng(5);
        for (auto& b : info) {
            b = rng() & 1;
        }
        std::vector<uint8_t> cw(frames * n);
        for (size_t f = 0; f < frames; f++) {
            code->encode(info.data() + f * k, cw.data() + f * n);
        }
        std::vector<float> llrs(frames * n);
        for (size_t i = 0; i < llrs.size(); i++) {
            llrs[i] = cw[i] ? -0.05f : 0.05f;
        }
        std::vector<uint8_t> bits(frames * k);
        std::vector<int> iterations(frames);
        std::vector<uint8_t> ok(frames);
        decode_output out;
        out.info_bits = bits.data();
        out.iterations = iterations.data();
        out.parity_ok = ok.data();
        for (const message_precision p :
             { message_precision::int8, message_precision::int16 }) {
            decoder_options o;
            o.backend = backend_kind::cpu;
            o.precision = p;
            const decoder::uptr dec = decoder::make(code, o);
            dec->decode(llrs.data(), llrs.size(), frames, out);
            for (size_t f = 0; f < frames; f++) {
                CPPUNIT_ASSERT_EQUAL_MESSAGE(to_string(p), 0, int(ok[f]));
            }
            // int8 input of value 0 everywhere: no information either
            std::vector<int8_t> zero8(frames * n, 0);
            dec->decode(zero8.data(), zero8.size(), frames, 0.125f, out);
            CPPUNIT_ASSERT_EQUAL(0, int(ok[0]));
        }
        decoder_options o;
        o.backend = backend_kind::cpu;
        o.precision = message_precision::float32;
        const decoder::uptr dec = decoder::make(code, o);
        dec->decode(llrs.data(), llrs.size(), frames, out);
        for (size_t f = 0; f < frames; f++) {
            CPPUNIT_ASSERT_EQUAL(1, int(ok[f]));
        }
        CPPUNIT_ASSERT(bits == info);
        std::vector<float> zeros(frames * n, 0.0f);
        dec->decode(zeros.data(), zeros.size(), frames, out);
        CPPUNIT_ASSERT_EQUAL(0, int(ok[0]));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(qa_bad_input);
