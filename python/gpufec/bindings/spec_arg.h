/*
 * A code argument of the Python API: a spec string, a gpufec.ldpc_code or a
 * gpufec.nb_ldpc_code (whose name is its spec). Shared by the binding files of
 * the blocks and FECAPI objects (which take the spec), gpufec.batch_decoder
 * (which takes the code, binary or nonbinary) and gpufec.simulate.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_PYTHON_SPEC_ARG_H
#define INCLUDED_GPUFEC_PYTHON_SPEC_ARG_H

#include <gpufec/code.h>
#include <gpufec/error.h>
#include <gpufec/ldpc_code.h>
#include <gpufec/nb_code.h>
#include <memory>
#include <pybind11/pybind11.h>
#include <string>

namespace gpufec_python {

/*! Throws gpufec::invalid_argument (ValueError): \p code is not a code argument. */
[[noreturn]] inline void refuse_code(const pybind11::object& code, const char* who)
{
    throw gpufec::invalid_argument(std::string(who) +
                                   ": code must be a spec string, an ldpc_code or an "
                                   "nb_ldpc_code, got " +
                                   Py_TYPE(code.ptr())->tp_name);
}

/*!
 * The code of \p code: the object itself for an ldpc_code or nb_ldpc_code (a
 * GF(q) code keeps its field polynomial), else the code made from the spec
 * string (gpufec::make_code: nonbinary for nbalist:, nbqc:, nbreg:). Anything
 * else throws gpufec::invalid_argument (ValueError) starting with \p who.
 */
inline gpufec::code_handle code_of(const pybind11::object& code, const char* who)
{
    namespace py = pybind11;
    if (py::isinstance<py::str>(code)) {
        return gpufec::make_code(code.cast<std::string>());
    }
    if (py::isinstance<gpufec::nb_code>(code)) {
        return gpufec::code_handle(code.cast<std::shared_ptr<gpufec::nb_code>>());
    }
    if (py::isinstance<gpufec::ldpc_code>(code)) {
        return gpufec::code_handle(code.cast<std::shared_ptr<gpufec::ldpc_code>>());
    }
    refuse_code(code, who);
}

/*! The spec of a code argument, without making the code of a spec string. */
inline std::string spec_of(const pybind11::object& code, const char* who = "gpufec")
{
    namespace py = pybind11;
    if (py::isinstance<py::str>(code)) {
        return code.cast<std::string>();
    }
    if (py::isinstance<gpufec::nb_code>(code)) {
        return code.cast<std::shared_ptr<gpufec::nb_code>>()->name();
    }
    if (py::isinstance<gpufec::ldpc_code>(code)) {
        return code.cast<std::shared_ptr<gpufec::ldpc_code>>()->name();
    }
    refuse_code(code, who);
}

} // namespace gpufec_python

#endif /* INCLUDED_GPUFEC_PYTHON_SPEC_ARG_H */
