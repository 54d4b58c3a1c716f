/* -*- c++ -*- */
/*
 * libFuzzer harness: the code spec parsers (ldpc_code::make, nb_code::make) on
 * arbitrary strings, standard families and constructions (wifi, wimax, nr5g,
 * dvbs2, nbqc, nbreg). Specs naming files (a '/' in them) are left to the file
 * harnesses. A refusal must be a gpufec::invalid_argument or
 * gpufec::file_format_error. Constructions that the library accepts but that
 * take over a second under ASan and UBSan (the fuzzers' timeout) are skipped:
 * nbreg with N * DV > 1024 (progressive edge growth, quadratic in the edges: 1878
 * edges took over 1 s on a loaded machine; its limit, limits::max_peg_edges =
 * 2^14, is tested in qa_bad_input) and nbqc with more than 2^17 edges.
 * An input starting with '@' names a file that is not a regular file instead
 * (its next two bytes pick a spec form, alist:, galist:, qc:, nbalist: or a bare
 * PATH.alist, and one of a FIFO without a writer, /dev/zero, /dev/null,
 * /dev/urandom, /proc/self/mem and a directory): each must be refused at once,
 * a FIFO's blocking open being a timeout.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz_common.h"
#include <cstdlib>
#include <gpufec/ldpc_code.h>
#include <gpufec/nb_code.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace {

/*! The ':'-separated fields of a spec. */
std::vector<std::string> fields(const std::string& spec)
{
    std::vector<std::string> out;
    size_t start = 0;
    while (true) {
        const size_t colon = spec.find(':', start);
        out.push_back(spec.substr(start, colon - start));
        if (colon == std::string::npos) {
            return out;
        }
        start = colon + 1;
    }
}

/*! A field as a number (saturating; 0 when it is not one). */
double number(const std::string& s) { return std::strtod(s.c_str(), nullptr); }

/*! True for specs whose construction is slower than the fuzzers' timeout. */
bool too_slow_under_sanitizers(const std::string& spec)
{
    const std::vector<std::string> f = fields(spec);
    if (f[0] == "nbreg" && f.size() >= 5) {
        return number(f[2]) * number(f[3]) > 1024;
    }
    if (f[0] == "nbqc" && f.size() == 4) {
        return number(f[2]) * number(f[3]) * (number(f[1]) - 1) > 131072;
    }
    return false;
}

/*! A FIFO with no writer, made once for the process (its directory stays). */
const std::string& fifo_path()
{
    static const std::string path = [] {
        char dir[] = "/tmp/gpufec_fuzz_XXXXXX";
        const char* made = ::mkdtemp(dir);
        const std::string p = std::string(made ? made : "/tmp") + "/fifo.alist";
        ::mkfifo(p.c_str(), 0600);
        return p;
    }();
    return path;
}

/*! The special-file case of an input starting with '@' (see the top). */
void special_file(const uint8_t* data, size_t size)
{
    const char* const forms[] = { "alist:", "galist:", "qc:", "nbalist:", "" };
    const std::string paths[] = { fifo_path(),    "/dev/zero",      "/dev/null",
                                  "/dev/urandom", "/proc/self/mem", "/tmp" };
    const std::string form = forms[size > 1 ? data[1] % 5 : 0];
    const std::string path = paths[size > 2 ? data[2] % 6 : 0];
    const std::string spec = form + path;
    try {
        if (form == "nbalist:") {
            (void)gpufec::nb_code::make(spec);
        } else {
            (void)gpufec::ldpc_code::make(spec);
        }
    } catch (const gpufec::file_format_error&) {
        return;
    } catch (const gpufec::invalid_argument&) {
        return;
    }
    fuzz::finding("a special file was accepted as a matrix file");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    if (size > 256) {
        return 0;
    }
    if (size > 0 && data[0] == '@') {
        special_file(data, size);
        return 0;
    }
    const std::string spec(reinterpret_cast<const char*>(data), size);
    if (spec.find('/') != std::string::npos && spec.find("alist") != std::string::npos) {
        return 0; // a file path: the parser harnesses read files' contents
    }
    if (spec.find("qc:") == 0 || spec.find("galist:") == 0 ||
        spec.find("nbalist:") == 0 || spec.find("alist:") == 0 ||
        spec.find(".alist") != std::string::npos) {
        return 0; // file families
    }
    fuzz::expect_refusal_or_value([&] {
        const gpufec::ldpc_code::sptr c = gpufec::ldpc_code::make(spec);
        fuzz::check_matrix(c->h());
    });
    if (too_slow_under_sanitizers(spec)) {
        return 0;
    }
    fuzz::expect_refusal_or_value([&] {
        const gpufec::nb_code::sptr c = gpufec::nb_code::make(spec);
        if (c->h().cols() < 2) {
            fuzz::finding("nb_code with fewer than 2 columns");
        }
    });
    return 0;
}
