/* -*- c++ -*- */
/*
 * Device listing of a build without CUDA: no devices, and the reason. The CUDA
 * build uses lib/cuda/common/cuda_devices.cu instead. describe_cuda_devices(), common to
 * both, formats whatever list_cuda_devices() gives.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gpufec/device_info.h>

#include <iomanip>
#include <sstream>

namespace gpufec {

#ifndef GPUFEC_HAVE_CUDA

std::vector<gpu_device> list_cuda_devices(std::string* why_none)
{
    if (why_none) {
        *why_none = "this build of gpufec has no CUDA support";
    }
    return {};
}

std::string cuda_version_string() { return "built without CUDA support"; }

cuda_memory_in_use cuda_memory_held() { return {}; }

#endif

std::string describe_cuda_devices()
{
    std::string why;
    const std::vector<gpu_device> devices = list_cuda_devices(&why);
    std::ostringstream out;
    out << "CUDA: " << cuda_version_string() << "\n";
    if (devices.empty()) {
        out << "CUDA devices: none (" << why << ")\n";
        return out.str();
    }
    out << "CUDA devices: " << devices.size() << "\n";
    for (const gpu_device& d : devices) {
        out << "  [" << d.index << "] " << d.name << " (sm_" << d.cc_major << d.cc_minor
            << ", " << d.pci_bus_id << ")\n";
        out << "      SMs: " << d.sm_count << ", warp size " << d.warp_size << ", clock "
            << d.clock_khz / 1000 << " MHz\n";
        out << "      memory: " << std::fixed << std::setprecision(1)
            << d.global_memory_bytes / (1024.0 * 1024.0 * 1024.0) << " GiB, bus "
            << d.memory_bus_width_bits << " bits, L2 " << d.l2_cache_bytes / 1024
            << " KiB\n";
        out << "      shared memory: " << d.shared_memory_per_block / 1024
            << " KiB/block (opt-in " << d.shared_memory_per_block_optin / 1024 << "), "
            << d.shared_memory_per_sm / 1024 << " KiB/SM\n";
        out << "      registers: " << d.registers_per_block << "/block, "
            << d.registers_per_sm << "/SM; threads: " << d.max_threads_per_block
            << "/block, " << d.max_threads_per_sm << "/SM\n";
    }
    return out.str();
}

} // namespace gpufec
