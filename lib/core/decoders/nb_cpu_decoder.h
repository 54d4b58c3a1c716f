/* -*- c++ -*- */
/*
 * The CPU reference nonbinary decoder (float): Min-Max / EMS, flooding and
 * block-layered schedules (nb_cpu_decoder.cc). Private to the core library.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_NB_CPU_DECODER_H
#define INCLUDED_GPUFEC_NB_CPU_DECODER_H

#include <gpufec/nb_decoder.h>
#include <string>

namespace gpufec {

/*!
 * arch: the check-node protokernel (simd/nb_minmax.h: generic, avx2, avx512, neon);
 * "" = the best one for this CPU (or $GPUFEC_SIMD_ARCH's). Throws
 * gpufec::invalid_argument for one unknown or not runnable here.
 */
nb_decoder::uptr make_nb_cpu_decoder(nb_code::sptr code,
                                     const nb_decoder_options& options,
                                     const std::string& arch = "");

} // namespace gpufec

#endif
