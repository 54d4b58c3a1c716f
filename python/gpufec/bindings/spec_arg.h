/*
 * A code argument of the Python API: a spec string, a gpufec.ldpc_code or a
 * gpufec.nb_ldpc_code (whose name is its spec). Shared by the binding files of
 * the blocks and FECAPI objects, which take binary and nonbinary codes alike.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_PYTHON_SPEC_ARG_H
#define INCLUDED_GPUFEC_PYTHON_SPEC_ARG_H

#include <gpufec/ldpc_code.h>
#include <gpufec/nb_code.h>
#include <memory>
#include <pybind11/pybind11.h>
#include <string>

namespace gpufec_python {

inline std::string spec_of(const pybind11::object& code)
{
    if (pybind11::isinstance<pybind11::str>(code)) {
        return code.cast<std::string>();
    }
    if (pybind11::isinstance<gpufec::nb_code>(code)) {
        return code.cast<std::shared_ptr<gpufec::nb_code>>()->name();
    }
    return code.cast<std::shared_ptr<gpufec::ldpc_code>>()->name();
}

} // namespace gpufec_python

#endif /* INCLUDED_GPUFEC_PYTHON_SPEC_ARG_H */
