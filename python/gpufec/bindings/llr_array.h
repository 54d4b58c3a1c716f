/*
 * The LLR argument of the numpy decode method (gpufec.batch_decoder.decode, for
 * binary and nonbinary codes alike): the array's dtype is inspected explicitly, not left
 * to pybind11's overload resolution and force-casting, so that hard bits (uint8,
 * bool), complex samples and other integer arrays are refused with a TypeError
 * that names the dtype received and the dtypes taken, instead of being converted
 * to float LLRs of 0 and 1 that "decode" to wrong bits with parity_ok True. A
 * copy that cannot be allocated or would exceed the physical memory (a huge
 * float64, int8 or non-contiguous array) raises MemoryError naming the bytes it
 * needs.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_PYTHON_LLR_ARRAY_H
#define INCLUDED_GPUFEC_PYTHON_LLR_ARRAY_H

#include <cstdio>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <string>
#include <unistd.h>

namespace gpufec_python {

/*!
 * \p converted (an array_t<T>::ensure() of \p a), or MemoryError when the
 * C-contiguous copy of \p a could not be allocated (ensure() then returns a null
 * handle), naming the bytes the copy needs and the array's dtype and shape.
 */
template <typename T>
[[noreturn]] void
copy_memory_error(const pybind11::array& a, const char* what, const char* type_name)
{
    std::string shape;
    for (pybind11::ssize_t i = 0; i < a.ndim(); i++) {
        shape += (i ? ", " : "") + std::to_string(a.shape(i));
    }
    const double bytes = static_cast<double>(a.size()) * static_cast<double>(sizeof(T));
    char need[64];
    std::snprintf(need, sizeof(need), "%.0f bytes (%.1f GiB)", bytes, bytes / (1 << 30));
    const std::string msg = std::string(what) + ": cannot allocate the " + need +
                            " of a C-contiguous " + type_name + " copy of the " +
                            a.dtype().attr("name").cast<std::string>() +
                            " array of shape (" + shape +
                            "); pass a C-contiguous float32 array, or fewer frames "
                            "per call";
    PyErr_SetString(PyExc_MemoryError, msg.c_str());
    throw pybind11::error_already_set();
}

/*!
 * The C-contiguous T copy of \p a, made by \p ensure (an array_t<T>::ensure), or
 * MemoryError naming the bytes it needs when it could not be allocated or would
 * take more than the machine's physical memory (where the kernel overcommits, an
 * allocation that large succeeds and the copy is then killed by the OOM killer).
 */
template <typename T, typename Ensure>
pybind11::array checked_copy(const pybind11::array& a,
                             const char* what,
                             const char* type_name,
                             Ensure ensure)
{
    const bool copies = !(a.dtype().is(pybind11::dtype::of<T>()) &&
                          (a.flags() & pybind11::array::c_style));
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long page = sysconf(_SC_PAGE_SIZE);
    if (copies && pages > 0 && page > 0 &&
        static_cast<double>(a.size()) * sizeof(T) >
            static_cast<double>(pages) * static_cast<double>(page)) {
        copy_memory_error<T>(a, what, type_name);
    }
    pybind11::array converted = ensure(a);
    if (!converted) {
        copy_memory_error<T>(a, what, type_name);
    }
    return converted;
}

/*! An LLR array ready for the core: C-contiguous, native byte order. */
struct llr_array {
    pybind11::array array; //!< float32, or int8 when quantized
    bool quantized;        //!< int8 LLRs: value v stands for v * step
};

/*!
 * Checks the dtype of \p llrs (a numpy array, or anything numpy.asarray takes)
 * and returns it as a C-contiguous float32 array (from float32 or float64) or,
 * where \p int8_taken, a C-contiguous int8 array. Anything else raises TypeError
 * naming the dtype received; \p what (e.g. "batch_decoder.decode(llrs)") starts
 * the message. Shapes are left to the caller.
 */
inline llr_array
llr_array_of(const pybind11::object& llrs, const char* what, bool int8_taken)
{
    namespace py = pybind11;
    py::array a = py::array::ensure(llrs);
    if (!a) {
        throw py::type_error(std::string(what) +
                             ": expected a numpy array of LLRs, got " +
                             std::string(Py_TYPE(llrs.ptr())->tp_name));
    }
    const py::dtype dt = a.dtype();
    const char kind = dt.kind();
    const py::ssize_t size = dt.itemsize();
    if (kind == 'f' && (size == 4 || size == 8)) {
        return { checked_copy<float>(
                     a,
                     what,
                     "float32",
                     [](const py::array& x) {
                         return py::array_t<float,
                                            py::array::c_style |
                                                py::array::forcecast>::ensure(x);
                     }),
                 false };
    }
    if (int8_taken && kind == 'i' && size == 1) {
        return { checked_copy<int8_t>(
                     a,
                     what,
                     "int8",
                     [](const py::array& x) {
                         return py::array_t<int8_t,
                                            py::array::c_style |
                                                py::array::forcecast>::ensure(x);
                     }),
                 true };
    }

    const std::string name = dt.attr("name").cast<std::string>();
    std::string hint;
    if (kind == 'b' || (kind == 'u' && size == 1)) {
        hint = "A " + name +
               " array looks like hard bits (0/1), and the decoder needs soft LLRs: "
               "hard bits b are the float32 LLRs c * (1.0 - 2.0 * b) for some "
               "confidence c > 0.";
    } else if (kind == 'c') {
        hint = "Complex samples must be demapped to real bit LLRs first.";
    } else if (kind == 'i' || kind == 'u') {
        hint = int8_taken ? "Convert integer LLRs to float32, or quantize them to int8 "
                            "(gpufec.quantize_llrs)."
                          : "Convert integer LLRs to float32 (times their step if they "
                            "are quantized).";
    }
    const std::string llr_def = "L = ln(P(b=0)/P(b=1)), positive means bit 0";
    const std::string taken =
        int8_taken ? "float32 or float64 LLRs " + llr_def +
                         ", or int8 quantized LLRs with the step argument (value v "
                         "stands for the LLR v * step, see gpufec.quantize_llrs)"
                   : "float32 or float64 bit LLRs " + llr_def;
    throw py::type_error(std::string(what) + ": got an array of dtype " + name +
                         "; takes " + taken + "." + (hint.empty() ? "" : " " + hint));
}

} // namespace gpufec_python

#endif /* INCLUDED_GPUFEC_PYTHON_LLR_ARRAY_H */
