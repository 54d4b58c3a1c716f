/*
 * pybind11 bindings of the code family table (include/gpufec/code_families.h):
 * gpufec.code_families(), every family in the table's order, and
 * gpufec.code_family(name), one row; each row reports its name, kind, spec
 * grammar, help text, GRC label and example, the choices GRC offers, its
 * standard specs and default rule parameters. grc_helpers.py and the GRC checks
 * read them.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gpufec/code_families.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <string>
#include <vector>

namespace py = pybind11;
using namespace gpufec;

namespace {

py::object rule_defaults_of(const code_family& f, const std::string& spec)
{
    if (f.nonbinary) {
        return py::none();
    }
    const rule_parameters p =
        f.rule_defaults ? f.rule_defaults(spec) : other_code_rule_parameters();
    return py::make_tuple(p.alpha, p.beta, p.iterations);
}

} // namespace

void bind_code_families(py::module& m)
{
    py::class_<code_family>(m,
                            "code_family_row",
                            "A row of the code family table: a family of code specs "
                            "(gpufec.code_families()).")
        .def_readonly("name", &code_family::name, "The spec's first field, e.g. 'wifi'.")
        .def_readonly("nonbinary", &code_family::nonbinary, "True for a GF(q) family.")
        .def_readonly("standard",
                      &code_family::standard,
                      "True for a standard family (wifi, wimax, dvbs2, nr5g).")
        .def_property_readonly(
            "input",
            [](const code_family& f) {
                return f.input == code_family::input_kind::file ? "file" : "parameters";
            },
            "'parameters' (fields after the name) or 'file' (a path).")
        .def_readonly("grammar", &code_family::grammar, "The spec form.")
        .def_readonly("help", &code_family::help, "Its line(s) in the spec help text.")
        .def_readonly("label", &code_family::label, "GRC's label of the family.")
        .def_readonly(
            "example", &code_family::example, "GRC's example of the parameters.")
        .def_readonly("choices",
                      &code_family::choices,
                      "The parameters after 'name:' GRC offers (every standard code "
                      "of a standard family, examples of a construction).")
        .def("standard_specs", &code_family::standard_specs, "The full specs of choices.")
        .def("rule_defaults",
             &rule_defaults_of,
             py::arg("spec"),
             "Default (alpha, beta, iterations) of the binary code `spec` of this "
             "family; None for a GF(q) family.")
        .def("__repr__", [](const code_family& f) {
            return "<gpufec.code_family_row " + f.name + ">";
        });

    m.def(
        "code_families",
        []() {
            std::vector<const code_family*> rows;
            for (const code_family& f : code_families()) {
                rows.push_back(&f);
            }
            return rows;
        },
        py::return_value_policy::reference,
        "Every code family, in the table's order: wifi, wimax, dvbs2, nr5g, the "
        "binary matrix files, the GF(q) forms.");
    m.def("code_family",
          &code_family_named,
          py::arg("name"),
          py::return_value_policy::reference,
          "The code family named `name`; ValueError for an unknown one.");
}
