/* -*- c++ -*- */
/*
 * The input pointer type of gr-fec's generic_work(): void* up to GNU Radio
 * 3.10.10, const void* from 3.10.11 on. CMake finds out which one the installed
 * gr-fec declares (check_cxx_source_compiles), for the decoder and the encoder
 * apart, and defines GPUFEC_FEC_DECODER_CONST_INPUT / GPUFEC_FEC_ENCODER_CONST_INPUT
 * to 1 for the const one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GR_GPUFEC_FECAPI_COMPAT_H
#define INCLUDED_GR_GPUFEC_FECAPI_COMPAT_H

namespace gr {
namespace gpufec {

#if defined(GPUFEC_FEC_DECODER_CONST_INPUT) && GPUFEC_FEC_DECODER_CONST_INPUT
using fec_decoder_input_ptr = const void*;
#else
using fec_decoder_input_ptr = void*;
#endif

#if defined(GPUFEC_FEC_ENCODER_CONST_INPUT) && GPUFEC_FEC_ENCODER_CONST_INPUT
using fec_encoder_input_ptr = const void*;
#else
using fec_encoder_input_ptr = void*;
#endif

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_FECAPI_COMPAT_H */
