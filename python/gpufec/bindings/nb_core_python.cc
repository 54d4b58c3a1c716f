/*
 * pybind11 bindings of the nonbinary core: gpufec.nb_ldpc_code (a GF(q) code from
 * an nbalist:/nbqc:/nbreg: spec, with N, K, q, p and a bit encoder) and the numpy
 * batch decoder gpufec.nb_batch_decoder (frames x N*p bit LLRs in, frames x K*p
 * bits, iterations and parity status out), shaped like gpufec.ldpc_code and
 * gpufec.batch_decoder.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "llr_array.h"
#include <gpufec/error.h>
#include <gpufec/nb_code.h>
#include <gpufec/nb_decoder.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <string>

namespace py = pybind11;
using namespace gpufec;

namespace {

/*! Frames of a 1-D (one or more frames back to back) or 2-D (frames x width) array. */
size_t nb_frames(const py::buffer_info& b, size_t width, const char* what)
{
    if (b.ndim == 1 && b.shape[0] > 0 && static_cast<size_t>(b.shape[0]) % width == 0) {
        return static_cast<size_t>(b.shape[0]) / width;
    }
    if (b.ndim == 2 && b.shape[0] > 0 && static_cast<size_t>(b.shape[1]) == width) {
        return static_cast<size_t>(b.shape[0]);
    }
    throw invalid_argument(std::string(what) + ": expected shape (frames > 0, " +
                           std::to_string(width) + ") or a 1-D multiple of " +
                           std::to_string(width));
}

std::shared_ptr<nb_code> nb_code_of(const py::object& code_or_spec)
{
    if (py::isinstance<py::str>(code_or_spec)) {
        return std::const_pointer_cast<nb_code>(
            nb_code::make(code_or_spec.cast<std::string>()));
    }
    return code_or_spec.cast<std::shared_ptr<nb_code>>();
}

} // namespace

void bind_nb_core(py::module& m)
{
    py::class_<nb_code, std::shared_ptr<nb_code>>(
        m,
        "nb_ldpc_code",
        "A nonbinary LDPC code over GF(q), q = 2^p, named by a spec string.\n"
        "Binary image: symbol s is bits s*p .. s*p+p-1, bit j = (symbol >> j) & 1.")
        .def(py::init([](const std::string& spec, unsigned polynomial) {
                 return std::const_pointer_cast<nb_code>(nb_code::make(spec, polynomial));
             }),
             py::arg("spec"),
             py::arg("polynomial") = 0,
             ("Makes a code from a spec (polynomial 0: the default field). " +
              nb_code::spec_forms())
                 .c_str())
        .def_property_readonly("name", &nb_code::name, "The spec.")
        .def_property_readonly("n", &nb_code::n, "Code symbols N.")
        .def_property_readonly("k", &nb_code::k, "Information symbols K = N - rank.")
        .def_property_readonly("m", &nb_code::m, "Check rows M.")
        .def_property_readonly("q", &nb_code::q, "Field size q.")
        .def_property_readonly("p", &nb_code::p, "Bits per symbol p = log2(q).")
        .def_property_readonly("n_bits", &nb_code::n_bits, "N*p.")
        .def_property_readonly("k_bits", &nb_code::k_bits, "K*p.")
        .def_property_readonly("rate", &nb_code::rate, "K / N.")
        .def_property_readonly(
            "info_positions", &nb_code::info_positions, "Symbol columns of the info.")
        .def(
            "encode",
            [](const nb_code& c,
               py::array_t<uint8_t, py::array::c_style | py::array::forcecast> info) {
                const auto b = info.request();
                const size_t kb = c.k_bits(), nbits = c.n_bits();
                const size_t frames = nb_frames(b, kb, "nb_ldpc_code.encode(info)");
                const uint8_t* src = static_cast<const uint8_t*>(b.ptr);
                for (py::ssize_t i = 0; i < b.size; i++) {
                    if (src[i] > 1) {
                        throw invalid_argument(
                            "nb_ldpc_code.encode(info): element " + std::to_string(i) +
                            " is " + std::to_string(src[i]) + ", expected 0 or 1");
                    }
                }
                py::array_t<uint8_t> out({ frames, nbits });
                uint8_t* dst = out.mutable_data();
                {
                    py::gil_scoped_release release;
                    for (size_t f = 0; f < frames; f++) {
                        c.encode_bits(src + f * kb, dst + f * nbits);
                    }
                }
                return out;
            },
            py::arg("info"),
            "Encodes info bits, shape (frames, K*p) or (K*p,) of 0/1, to the binary\n"
            "images of the codewords, (frames, N*p) uint8.")
        .def(
            "check",
            [](const nb_code& c,
               py::array_t<uint8_t, py::array::c_style | py::array::forcecast> bits) {
                const auto b = bits.request();
                const size_t nbits = c.n_bits();
                const size_t frames = nb_frames(b, nbits, "nb_ldpc_code.check(bits)");
                const uint8_t* src = static_cast<const uint8_t*>(b.ptr);
                py::array_t<bool> ok(frames);
                std::vector<uint8_t> sym(c.n());
                for (size_t f = 0; f < frames; f++) {
                    nb_bits_to_symbols(src + f * nbits, c.n(), c.p(), sym.data());
                    ok.mutable_data()[f] = c.check(sym.data());
                }
                return ok;
            },
            py::arg("bits"),
            "True for each frame of codeword bits (frames, N*p) that satisfies H.")
        .def("__repr__", [](const nb_code& c) {
            return "<gpufec.nb_ldpc_code '" + c.name() + "' GF(" + std::to_string(c.q()) +
                   ") N=" + std::to_string(c.n()) + " K=" + std::to_string(c.k()) + ">";
        });

    py::class_<nb_decoder>(
        m,
        "nb_batch_decoder",
        "A batch nonbinary LDPC decoder (Min-Max or EMS) with a numpy API.\n\n"
        "Input: bit LLRs of the binary image, L = ln(P(b=0)/P(b=1)), positive\n"
        "means bit 0. (The FECAPI object gpufec.nb_ldpc_decoder.make(...) takes\n"
        "gr-fec's soft bits instead, positive means bit 1.)")
        .def(py::init([](py::object code_or_spec,
                         const std::string& algorithm,
                         const std::string& schedule,
                         int max_iterations,
                         bool early_termination,
                         const std::string& backend,
                         int threads,
                         int ems_nm,
                         float ems_offset,
                         float ems_scale) {
                 nb_decoder_options o;
                 o.rule = parse_nb_check_rule(algorithm);
                 o.schedule = parse_schedule(schedule);
                 o.max_iterations = max_iterations;
                 o.early_termination = early_termination;
                 o.backend = parse_backend(backend);
                 o.threads = threads;
                 o.ems_nm = ems_nm;
                 o.ems_offset = ems_offset;
                 o.ems_scale = ems_scale;
                 return nb_decoder::make(nb_code_of(code_or_spec), o);
             }),
             py::arg("code"),
             py::arg("algorithm") = "minmax",
             py::arg("schedule") = "layered",
             py::arg("max_iterations") = 10,
             py::arg("early_termination") = true,
             py::arg("backend") = "auto",
             py::arg("threads") = 0,
             py::arg("ems_nm") = 0,
             py::arg("ems_offset") = 0.0f,
             py::arg("ems_scale") = 0.7f,
             "Makes a decoder for a code (an nb_ldpc_code or a spec string).\n"
             "algorithm: minmax, ems; schedule: layered, flooding; backend: auto,\n"
             "cpu; threads: CPU threads (0 = all cores); EMS: ems_nm (0 = q),\n"
             "ems_offset >= 0, ems_scale in (0, 1].")
        .def_property_readonly("backend", &nb_decoder::backend_name)
        .def_property_readonly("code",
                               [](const nb_decoder& d) {
                                   return std::const_pointer_cast<nb_code>(d.code_ptr());
                               })
        .def("set_max_iterations", &nb_decoder::set_max_iterations, py::arg("iterations"))
        .def(
            "decode",
            [](nb_decoder& d, const py::object& llrs, bool codeword) {
                const char* what = "nb_batch_decoder.decode(llrs)";
                const auto in = gpufec_python::llr_array_of(llrs, what, false);
                const auto b = in.array.request();
                const nb_code& c = d.code();
                const size_t nbits = c.n_bits();
                const size_t frames = nb_frames(b, nbits, what);
                const size_t width = codeword ? nbits : c.k_bits();
                py::array_t<uint8_t> bits({ frames, width });
                py::array_t<int32_t> iterations(frames);
                py::array_t<uint8_t> ok(frames);
                std::vector<uint8_t> symbols;
                nb_decode_output out;
                if (codeword) {
                    symbols.resize(frames * c.n());
                    out.symbols = symbols.data();
                } else {
                    out.info_bits = bits.mutable_data();
                }
                out.iterations = iterations.mutable_data();
                out.parity_ok = ok.mutable_data();
                {
                    py::gil_scoped_release release;
                    d.decode_bits(
                        static_cast<const float*>(b.ptr), frames * nbits, frames, out);
                    if (codeword) {
                        nb_symbols_to_bits(
                            symbols.data(), frames * c.n(), c.p(), bits.mutable_data());
                    }
                }
                return py::make_tuple(bits, iterations, ok.attr("astype")("bool"));
            },
            py::arg("llrs"),
            py::arg("codeword") = false,
            "Decodes bit LLRs of shape (frames, N*p) or (N*p,), L = ln(P(0)/P(1)),\n"
            "float32 or float64; any other dtype (uint8 or bool hard bits, int8,\n"
            "complex, ...) raises TypeError.\n"
            "Returns (bits, iterations, parity_ok): bits (frames, K*p) uint8, or the\n"
            "(frames, N*p) codeword bits with codeword=True; iterations int32;\n"
            "parity_ok bool.");

    m.def("nb_code_spec_forms", &nb_code::spec_forms, "The nonbinary code spec forms.");
}
