/*
 * gpufec._testing: the core's testing hooks (lib/core/stream/fault_injection.h),
 * private to the QA tests; not for flowgraphs.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stream/fault_injection.h"
#include <pybind11/pybind11.h>

namespace py = pybind11;

void bind_testing(py::module& m)
{
    py::module t = m.def_submodule("_testing", "Testing hooks of the QA tests.");
    t.def("inject_decode_failure_after",
          &gpufec::testing::inject_decode_failure_after,
          py::arg("batches"),
          py::arg("failures") = 1,
          "Makes the decoder call of a stream pipeline (any block or FECAPI object\n"
          "decoder) after `batches` more calls (0: the next) and the failures - 1\n"
          "after it throw, as a GPU error mid-stream would (failures 2: the CPU\n"
          "decoder that takes over fails too, which ends a stream). Process-wide.\n"
          "Raises ValueError for batches < 0 or failures < 1.");
}
