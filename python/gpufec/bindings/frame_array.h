/*
 * Frame arrays of the numpy API: the shape of a 1-D (frames back to back) or
 * 2-D (frames x width) array, and 0/1 bit arrays checked element by element.
 * Shared by the encoders of gpufec.ldpc_code and gpufec.nb_ldpc_code and by
 * gpufec.batch_decoder, so every array is refused with the same words.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_PYTHON_FRAME_ARRAY_H
#define INCLUDED_GPUFEC_PYTHON_FRAME_ARRAY_H

#include <cstddef>
#include <cstdint>
#include <gpufec/error.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <string>

namespace gpufec_python {

/*!
 * Frames of a 1-D (a positive multiple of \p width) or 2-D ((frames > 0,
 * width)) array; anything else throws gpufec::invalid_argument (ValueError)
 * starting with \p what.
 */
inline size_t frames_of(const pybind11::buffer_info& b, size_t width, const char* what)
{
    const std::string w = std::to_string(width);
    if (b.ndim == 1) {
        if (b.shape[0] == 0 || static_cast<size_t>(b.shape[0]) % width != 0) {
            throw gpufec::invalid_argument(std::string(what) + ": length " +
                                           std::to_string(b.shape[0]) +
                                           " is not a positive multiple of " + w);
        }
        return static_cast<size_t>(b.shape[0]) / width;
    }
    if (b.ndim == 2) {
        if (b.shape[0] == 0 || static_cast<size_t>(b.shape[1]) != width) {
            throw gpufec::invalid_argument(
                std::string(what) + ": shape (" + std::to_string(b.shape[0]) + ", " +
                std::to_string(b.shape[1]) + ") must be (frames > 0, " + w + ")");
        }
        return static_cast<size_t>(b.shape[0]);
    }
    throw gpufec::invalid_argument(std::string(what) +
                                   ": expected a 1-D or 2-D array, got " +
                                   std::to_string(b.ndim) + " dimensions");
}

using bit_array =
    pybind11::array_t<uint8_t, pybind11::array::c_style | pybind11::array::forcecast>;

/*! Throws gpufec::invalid_argument naming the first element of \p b that is not 0/1. */
inline void check_bits(const pybind11::buffer_info& b, const char* what)
{
    const uint8_t* bits = static_cast<const uint8_t*>(b.ptr);
    for (pybind11::ssize_t i = 0; i < b.size; i++) {
        if (bits[i] > 1) {
            throw gpufec::invalid_argument(std::string(what) + ": element " +
                                           std::to_string(i) + " is " +
                                           std::to_string(bits[i]) + ", expected 0 or 1");
        }
    }
}

} // namespace gpufec_python

#endif /* INCLUDED_GPUFEC_PYTHON_FRAME_ARRAY_H */
