/*
 * A code argument of the nonbinary Python API: a spec string (nbalist:, nbqc:,
 * nbreg:) or a gpufec.nb_ldpc_code (whose name is its spec). Shared by the binding
 * files of the nonbinary blocks and FECAPI objects.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_PYTHON_NB_SPEC_ARG_H
#define INCLUDED_GPUFEC_PYTHON_NB_SPEC_ARG_H

#include <gpufec/nb_code.h>
#include <memory>
#include <pybind11/pybind11.h>
#include <string>

namespace gpufec_python {

inline std::string nb_spec_of(const pybind11::object& code)
{
    if (pybind11::isinstance<pybind11::str>(code)) {
        return code.cast<std::string>();
    }
    return code.cast<std::shared_ptr<gpufec::nb_code>>()->name();
}

} // namespace gpufec_python

#endif /* INCLUDED_GPUFEC_PYTHON_NB_SPEC_ARG_H */
