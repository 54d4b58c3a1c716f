/*
 * An integer argument of the numpy API taken as any Python integer (int, bool,
 * numpy integers: whatever has __index__) and checked here, so that a value
 * outside a C int's range (threads=10**10) raises ValueError naming the
 * parameter and the range, instead of pybind11's generic "incompatible function
 * arguments".
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_PYTHON_INT_ARG_H
#define INCLUDED_GPUFEC_PYTHON_INT_ARG_H

#include <climits>
#include <gpufec/error.h>
#include <pybind11/pybind11.h>
#include <string>

namespace gpufec_python {

/*! An integer argument as Python passed it (shown as `int` in signatures). */
struct int_arg {
    pybind11::object value;

    /*!
     * The value as an int: TypeError for a non-integer, gpufec::invalid_argument
     * (ValueError) "WHO: NAME is V, outside a 32-bit integer's range [-2^31,
     * 2^31 - 1]" where it does not fit (V cut to a few dozen digits).
     */
    int get(const char* name, const std::string& who) const
    {
        PyObject* index = PyNumber_Index(value.ptr());
        if (!index) {
            PyErr_Clear();
            throw pybind11::type_error(who + ": " + name + " must be an integer, got " +
                                       std::string(Py_TYPE(value.ptr())->tp_name));
        }
        const pybind11::object i = pybind11::reinterpret_steal<pybind11::object>(index);
        int overflow = 0;
        const long long v = PyLong_AsLongLongAndOverflow(i.ptr(), &overflow);
        if (overflow != 0 || v < INT_MIN || v > INT_MAX) {
            std::string text = pybind11::str(i).cast<std::string>();
            if (text.size() > 40) {
                text = text.substr(0, 40) + "... (" + std::to_string(text.size()) +
                       " digits)";
            }
            throw gpufec::invalid_argument(who + ": " + name + " is " + text +
                                           ", outside a 32-bit integer's range "
                                           "[-2147483648, 2147483647]");
        }
        return static_cast<int>(v);
    }
};

} // namespace gpufec_python

namespace pybind11 {
namespace detail {

/*! Takes any object; int_arg::get() checks it. */
template <>
struct type_caster<gpufec_python::int_arg> {
    PYBIND11_TYPE_CASTER(gpufec_python::int_arg, const_name("int"));
    bool load(handle src, bool)
    {
        if (!src) {
            return false;
        }
        value.value = reinterpret_borrow<object>(src);
        return true;
    }
    static handle cast(const gpufec_python::int_arg& v, return_value_policy, handle)
    {
        return v.value.inc_ref();
    }
};

} // namespace detail
} // namespace pybind11

#endif /* INCLUDED_GPUFEC_PYTHON_INT_ARG_H */
