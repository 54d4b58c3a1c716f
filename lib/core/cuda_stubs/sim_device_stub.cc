/* -*- c++ -*- */
/*
 * The on-device simulation loop in a build without CUDA: never available.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "simulation/sim_device_engine.h"

namespace gpufec {

#ifndef GPUFEC_HAVE_CUDA
std::unique_ptr<device_sim_engine>
device_sim_engine::make(decoder&, const ber_options&, std::string* why_not)
{
    if (why_not)
        *why_not = "this build of gpufec has no CUDA support";
    return nullptr;
}

std::unique_ptr<device_sim_engine>
device_sim_engine::make_nb(nb_decoder&, const ber_options&, std::string* why_not)
{
    if (why_not)
        *why_not = "this build of gpufec has no CUDA support";
    return nullptr;
}
#endif

} // namespace gpufec
