/* -*- c++ -*- */
/*
 * gpufec-info: what this build of gpufec can do here (decoder backends, CUDA
 * devices), or, with --code SPEC, the properties of a code (lengths, rate, edges,
 * quasi-cyclic lifting, puncturing, degrees, layers, encoder method, information
 * bit placement) as "name: value" lines, then the CUDA decoder tuner's choice for
 * that code on each device (cuda_tuner_choices(), default decoder options: layered
 * NMS, float and half2), or "cuda: unavailable (reason)". Code specs are those of
 * gpufec::make_code(): ldpc_code::make()'s, and the nonbinary ones of
 * nb_code::make() (nbalist:, nbqc:, nbreg:), for which it prints q, the field
 * polynomial, the binary image lengths, rank, QC layout, degrees, layers, girth
 * and the matrix file layout. Bad options exit with status 2, as in the other
 * apps (run_app).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gpufec/code.h>
#include <gpufec/cuda_decoder.h>
#include <gpufec/decoder.h>
#include <gpufec/device_info.h>
#include <gpufec/error.h>
#include <gpufec/ldpc_code.h>
#include <gpufec/nb_code.h>
#include <gpufec/nb_matrix_files.h>

#include "app_cli.h"
#include "app_common.h"
#include <CLI/CLI.hpp>
#include <exception>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

/*
 * The CUDA tuner's choice for the code on every device, one line per device and
 * precision (the default decoder options otherwise: layered NMS, 10 iterations).
 */
void print_tuner_choices(const gpufec::ldpc_code& code)
{
    std::string why;
    if (!gpufec::cuda_available(&why)) {
        std::cout << "cuda: unavailable (" << why << ")\n";
        return;
    }
    for (const gpufec::message_precision p :
         { gpufec::message_precision::float32, gpufec::message_precision::half2 }) {
        gpufec::decoder_options options;
        options.precision = p;
        const std::string label = "cuda tuner (" + gpufec::to_string(options.rule) +
                                  ", " + gpufec::to_string(options.schedule) + ", " +
                                  gpufec::to_string(p) + ")";
        std::vector<gpufec::cuda_tuning> choices;
        try {
            choices = gpufec::cuda_tuner_choices(code, options);
        } catch (const std::exception& e) {
            std::cout << label << ": not available (" << e.what() << ")\n";
            continue;
        }
        if (choices.empty()) {
            std::cout << label << ": no device\n";
        }
        for (const gpufec::cuda_tuning& t : choices) {
            std::cout << label << " device " << t.device << " (" << t.device_name
                      << "): kernel " << t.kernel << ", frames_per_block "
                      << t.frames_per_block << ", threads_per_block "
                      << t.threads_per_block << ", shared_bytes_per_block "
                      << t.shared_bytes_per_block << ", blocks_per_sm " << t.blocks_per_sm
                      << ", batch_frames " << t.batch_frames << ", streams " << t.streams;
            if (!t.reason.empty()) {
                std::cout << " (" << t.reason << ")";
            }
            std::cout << "\n";
        }
    }
}

/*
 * The lines every code has: its name and lengths, `own` (the kind's own line:
 * rank of a GF(q) code, the binary code's length before puncturing), its rate,
 * edges and field size.
 */
template <typename Code, typename Count>
void print_sizes(const Code& code, Count edges, const std::string& own)
{
    std::ostringstream rate;
    rate << std::setprecision(6) << code.rate();
    std::cout << "code: " << code.name() << "\n";
    std::cout << "N: " << code.n() << "\n";
    std::cout << "K: " << code.k() << "\n";
    std::cout << "M: " << code.m() << "\n";
    std::cout << own;
    std::cout << "rate: " << rate.str() << "\n";
    std::cout << "edges: " << edges << "\n";
    std::cout << "q: " << code.q() << "\n";
}

/* The quasi-cyclic lifting of H, if any; `blocks` says what its blocks are. */
template <typename Matrix>
void print_qc(const Matrix& h, const char* blocks)
{
    if (h.is_qc()) {
        std::cout << "qc: Z=" << h.qc().z << " (" << h.qc().block_rows << "x"
                  << h.qc().block_cols << " base matrix" << blocks << ")\n";
    } else {
        std::cout << "qc: none\n";
    }
}

void print_nb_code(const gpufec::nb_code& code)
{
    const gpufec::nb_matrix& h = code.h();
    print_sizes(code, h.edges(), "rank: " + std::to_string(code.rank()) + "\n");
    std::cout << "p: " << code.p() << "\n";
    std::cout << "field_polynomial: " << code.field().polynomial_text() << "\n";
    std::cout << "N_bits: " << code.n_bits() << "\n";
    std::cout << "K_bits: " << code.k_bits() << "\n";
    print_qc(h, ", alpha-multiplied CPMs");
    std::cout << "max_row_degree: " << h.max_row_degree() << "\n";
    std::cout << "min_row_degree: " << h.min_row_degree() << "\n";
    std::cout << "max_col_degree: " << h.max_col_degree() << "\n";
    std::cout << "min_col_degree: " << h.min_col_degree() << "\n";
    std::cout << "layers: " << h.layers().size() << "\n";
    if (h.cols() <= 20000) {
        std::cout << "girth: " << gpufec::tanner_girth(h) << "\n";
    }
    std::cout << "encoder: gf(q) elimination (systematic, info symbols at "
              << "info_positions)\n";
    std::string why;
    if (gpufec::cuda_available(&why)) {
        std::cout << "cuda: available (Min-Max, flooding and block-layered)\n";
    } else {
        std::cout << "cuda: unavailable (" << why << ")\n";
    }
}

void print_binary_code(const gpufec::ldpc_code& code)
{
    const gpufec::parity_check_matrix& h = code.h();
    print_sizes(code, h.edges(), "N_full: " + std::to_string(code.n_full()) + "\n");
    print_qc(h, "");
    std::cout << "punctured: " << code.punctured_columns().size() << "\n";
    std::cout << "max_row_degree: " << h.max_row_degree() << "\n";
    std::cout << "max_col_degree: " << h.max_col_degree() << "\n";
    std::cout << "layers: " << h.layers().size() << "\n";
    std::cout << "encoder: " << code.get_encoder().method() << "\n";
    std::cout << "placement: " << code.placement_description() << "\n";
    print_tuner_choices(code);
}

void print_code(const std::string& spec)
{
    const gpufec::code_handle code = gpufec::make_code(spec);
    if (code.is_binary()) {
        print_binary_code(*code.binary());
    } else {
        print_nb_code(*code.nonbinary());
    }
}

void print_platform()
{
    const std::string backends = gpufec::describe_backends();
    std::cout << "gpufec decoder backends:\n" << backends;
    if (!backends.empty() && backends.back() != '\n') {
        std::cout << "\n";
    }
    std::cout << gpufec::describe_cuda_devices();
}

} // namespace

int main(int argc, char** argv)
{
    CLI::App app{ "gpufec-info: decoder backends and CUDA devices of this build, or the "
                  "properties of an LDPC code",
                  "gpufec-info" };
    std::string spec;
    CLI::Option* code_opt = app.add_option("--code",
                                           spec,
                                           "print the properties of this code; " +
                                               gpufec::ldpc_code::spec_forms() + "\n" +
                                               gpufec::nb_code::spec_forms())
                                ->type_name("SPEC");
    return gpufec_app::run_app("gpufec-info", [&] {
        const int parsed = gpufec_app::parse_command_line(app, argc, argv);
        if (parsed >= 0) {
            return parsed;
        }
        if (code_opt->count() > 0) {
            print_code(spec);
        } else {
            print_platform();
        }
        std::cout.flush();
        return 0;
    });
}
