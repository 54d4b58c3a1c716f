/* -*- c++ -*- */
/*
 * The code family table (include/gpufec/code_families.h): one row per family,
 * in the order the listings keep (standard_families(): wifi, wimax, dvbs2,
 * nr5g), then the binary matrix files, then the GF(q) forms. The default rule
 * parameters are those of docs/VALIDATION.md "Default rule parameters" (float
 * decoders, layered and flooding, lowest FER near 1e-2; iterations: the fewest
 * whose FER threshold is within 0.1 dB of 50 iterations',
 * scripts/rule_defaults_sweep.py), for DVB-S2 (EN 302 307-1) per code rate.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "codes/family_builders.h"
#include <gpufec/code_families.h>
#include <gpufec/error.h>
#include <gpufec/standard_codes.h>

namespace gpufec {

namespace {

constexpr rule_parameters any_other_code = { 0.75f, 0.5f, 10 };

rule_parameters ieee_defaults(const std::string&) { return { 0.8125f, 0.5f, 10 }; }

rule_parameters nr5g_defaults(const std::string&) { return { 0.6875f, 0.5f, 10 }; }

// DVB-S2 by rate (the spec's last field): normal and short FECFRAMEs
struct dvbs2_rate_row {
    const char* rate;
    rule_parameters normal;
    rule_parameters short_frame;
};

constexpr dvbs2_rate_row dvbs2_rate_defaults[] = {
    { "1/4", { 0.9375f, 0.25f, 50 }, { 0.9375f, 0.25f, 50 } },
    { "1/3", { 0.875f, 0.25f, 50 }, { 0.875f, 0.25f, 50 } },
    { "2/5", { 0.875f, 0.25f, 30 }, { 0.875f, 0.25f, 30 } },
    { "1/2", { 0.8125f, 0.25f, 50 }, { 0.875f, 0.25f, 50 } },
    { "3/5", { 0.75f, 0.25f, 30 }, { 0.75f, 0.25f, 30 } },
    { "2/3", { 0.875f, 0.25f, 30 }, { 0.875f, 0.25f, 30 } },
    { "3/4", { 0.875f, 0.25f, 30 }, { 0.875f, 0.25f, 30 } },
    { "4/5", { 0.875f, 0.25f, 20 }, { 0.875f, 0.25f, 20 } },
    { "5/6", { 0.875f, 0.25f, 20 }, { 0.875f, 0.25f, 20 } },
    { "8/9", { 0.875f, 0.25f, 20 }, { 0.875f, 0.25f, 20 } },
    { "9/10", { 0.875f, 0.25f, 20 }, { 0.875f, 0.25f, 20 } },
};

rule_parameters dvbs2_defaults(const std::string& spec)
{
    const std::string rate = spec.substr(spec.rfind(':') + 1);
    for (const dvbs2_rate_row& r : dvbs2_rate_defaults) {
        if (rate == r.rate) {
            return spec.rfind("dvbs2:short:", 0) == 0 ? r.short_frame : r.normal;
        }
    }
    return any_other_code;
}

std::vector<std::string> length_rate_choices(const std::vector<int>& lengths,
                                             const std::vector<std::string>& rates)
{
    std::vector<std::string> out;
    for (int n : lengths) {
        for (const auto& rate : rates) {
            out.push_back(std::to_string(n) + ":" + rate);
        }
    }
    return out;
}

std::vector<std::string> dvbs2_choices()
{
    std::vector<std::string> out;
    for (const char* frame : { "normal", "short" }) {
        for (const auto& rate : dvbs2_rates(frame)) {
            out.push_back(std::string(frame) + ":" + rate);
        }
    }
    return out;
}

std::vector<std::string> nr5g_choices()
{
    std::vector<std::string> out;
    for (const char* bg : { "bg1", "bg2" }) {
        for (int z : nr5g_lifting_sizes()) {
            out.push_back(std::string(bg) + ":" + std::to_string(z));
        }
    }
    return out;
}

using kind = code_family::input_kind;
namespace fb = family_builders;

std::vector<code_family> make_table()
{
    return {
        { "wifi",
          false,
          true,
          kind::parameters,
          "wifi:N:RATE",
          "  wifi:N:RATE          IEEE 802.11n, N in {648,1296,1944}, RATE in "
          "{1/2,2/3,3/4,5/6}",
          "IEEE 802.11n",
          "'648:1/2' (N in 648, 1296, 1944; rate 1/2, 2/3, 3/4, 5/6)",
          length_rate_choices(wifi_lengths(), wifi_rates()),
          fb::wifi,
          nullptr,
          ieee_defaults },
        { "wimax",
          false,
          true,
          kind::parameters,
          "wimax:N:RATE",
          "  wimax:N:RATE         IEEE 802.16e, N in 576..2304 step 96, RATE in "
          "{1/2,2/3A,2/3B,3/4A,3/4B,5/6}",
          "IEEE 802.16e",
          "'2304:1/2' (N 576..2304 step 96; rate 1/2, 2/3A, 2/3B, 3/4A, 3/4B, 5/6)",
          length_rate_choices(wimax_lengths(), wimax_rates()),
          fb::wimax,
          nullptr,
          ieee_defaults },
        { "dvbs2",
          false,
          true,
          kind::parameters,
          "dvbs2:FRAME:RATE",
          "  dvbs2:normal:RATE    DVB-S2 64800-bit frame, RATE in "
          "{1/4,1/3,2/5,1/2,3/5,2/3,3/4,4/5,5/6,8/9,9/10}\n"
          "  dvbs2:short:RATE     DVB-S2 16200-bit frame, RATE in "
          "{1/4,1/3,2/5,1/2,3/5,2/3,3/4,4/5,5/6,8/9}",
          "DVB-S2",
          "'normal:1/2' or 'short:8/9'",
          dvbs2_choices(),
          fb::dvbs2,
          nullptr,
          dvbs2_defaults },
        { "nr5g",
          false,
          true,
          kind::parameters,
          "nr5g:BG:Z",
          "  nr5g:bg1:Z           5G NR base graph 1 (or bg2), Z a lifting size of "
          "38.212 Table 5.3.2-1 (2..384)",
          "5G NR",
          "'bg1:384' or 'bg2:52' (base graph and lifting size Z)",
          nr5g_choices(),
          fb::nr5g,
          nullptr,
          nr5g_defaults },
        { "alist",
          false,
          false,
          kind::file,
          "alist:PATH[:PLACE]",
          "  alist:PATH[:PLACE]   a parity-check matrix in MacKay's alist format; PLACE "
          "of the information bits: pivot (default: the columns our encoder leaves "
          "free) or grfec (gr-fec's ldpc_encoder / ldpc_decoder / ldpc_H_matrix "
          "columns)\n"
          "  PATH.alist[:PLACE]   the same (a plain path ending in .alist)",
          "alist file",
          "",
          {},
          fb::alist,
          nullptr,
          nullptr },
        { "galist",
          false,
          false,
          kind::file,
          "galist:PATH",
          "  galist:PATH          a systematic generator matrix G = [I | P] in alist "
          "layout (gr-fec's ldpc_G_matrix files, e.g. *_gen_matrix.alist); "
          "information bits first",
          "gr-fec generator-matrix alist (G)",
          "",
          {},
          fb::galist,
          nullptr,
          nullptr },
        { "qc",
          false,
          false,
          kind::file,
          "qc:PATH",
          "  qc:PATH              a quasi-cyclic base matrix file (.qc)",
          "QC base-matrix file",
          "",
          {},
          fb::qc,
          nullptr,
          nullptr },
        { "nbalist",
          true,
          false,
          kind::file,
          "nbalist:PATH[:FORMAT]",
          "  nbalist:PATH[:mackay|rptu|labsticc|binary]  GF(q) matrix file (format "
          "detected when absent)",
          "GF(q): matrix file",
          "",
          {},
          nullptr,
          fb::nbalist,
          nullptr },
        { "nbqc",
          true,
          false,
          kind::parameters,
          "nbqc:Q:DV:DC",
          "  nbqc:Q:DV:DC          NB-QC by array dispersion over GF(Q) (Thi and Lee), "
          "N = DC (Q-1)",
          "GF(q): NB-QC (array dispersion)",
          "'16:2:8' (Q:DV:DC, NB-QC by array dispersion over GF(Q))",
          { "16:2:8", "64:3:24", "256:3:24" },
          nullptr,
          fb::nbqc,
          nullptr },
        { "nbreg",
          true,
          false,
          kind::parameters,
          "nbreg:Q:N:DV:DC[:SEED]",
          "  nbreg:Q:N:DV:DC[:SEED]  random (DV,DC)-regular GF(Q) code, PEG placement "
          "(N * DV <= 16384)",
          "GF(q): random regular (PEG)",
          "'64:96:2:4' (Q:N:DV:DC[:SEED], random regular over GF(Q))",
          { "16:96:2:4", "64:96:2:4", "256:96:2:4:7" },
          nullptr,
          fb::nbreg,
          nullptr },
    };
}

std::string family_names()
{
    std::string out;
    for (const code_family& f : code_families()) {
        out += (out.empty() ? "" : ", ") + f.name;
    }
    return out;
}

} // namespace

std::vector<std::string> code_family::standard_specs() const
{
    std::vector<std::string> specs;
    for (const std::string& c : choices) {
        specs.push_back(name + ":" + c);
    }
    return specs;
}

const std::vector<code_family>& code_families()
{
    static const std::vector<code_family> table = make_table();
    return table;
}

const code_family* find_code_family(const std::string& name)
{
    for (const code_family& f : code_families()) {
        if (f.name == name) {
            return &f;
        }
    }
    return nullptr;
}

const code_family& code_family_named(const std::string& name)
{
    const code_family* f = find_code_family(name);
    if (f == nullptr) {
        throw invalid_argument("unknown code family '" + name +
                               "'; families: " + family_names());
    }
    return *f;
}

const code_family* code_family_of_spec(const std::string& spec)
{
    const size_t colon = spec.find(':');
    if (colon == std::string::npos) {
        return nullptr;
    }
    return find_code_family(spec.substr(0, colon));
}

rule_parameters other_code_rule_parameters() { return any_other_code; }

std::string code_family_help(bool nonbinary)
{
    std::string out;
    for (const code_family& f : code_families()) {
        if (f.nonbinary == nonbinary) {
            out += (out.empty() ? "" : "\n") + f.help;
        }
    }
    return out;
}

} // namespace gpufec
