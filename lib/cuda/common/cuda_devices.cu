/* -*- c++ -*- */
/*
 * CUDA device listing: cudaGetDeviceCount, cudaGetDeviceProperties and
 * cudaDeviceGetAttribute (CUDA runtime API; attributes rather than the
 * cudaDeviceProp fields that CUDA 13 removed, such as clockRate). Every call is
 * checked; a failure gives an empty list and the CUDA error text, never an
 * exception, so a CPU-only machine lists "none" with the reason.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "common/cuda_check.h"
#include <gpufec/device_info.h>

#include <cuda_runtime.h>
#include <string>

namespace gpufec {

namespace {

using cuda_detail::cuda_error_text;

/* Reads one attribute; false (and the reason) when the call fails. */
bool attribute(int* value, cudaDeviceAttr attr, int device, std::string* why)
{
    const cudaError_t err = cudaDeviceGetAttribute(value, attr, device);
    if (err != cudaSuccess) {
        *why = cuda_error_text("cudaDeviceGetAttribute", err);
        cudaGetLastError(); // reset the last-error state for later calls
        return false;
    }
    return true;
}

std::string version_text(int v)
{
    return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10);
}

} // namespace

std::vector<gpu_device> list_cuda_devices(std::string* why_none)
{
    std::string why;
    std::vector<gpu_device> devices;
    int count = 0;
    cudaError_t err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess) {
        why = cuda_error_text("cudaGetDeviceCount", err);
        cudaGetLastError();
        count = 0;
    } else if (count == 0) {
        why = "the CUDA runtime reports no devices";
    }
    for (int i = 0; i < count; i++) {
        cudaDeviceProp prop;
        err = cudaGetDeviceProperties(&prop, i);
        if (err != cudaSuccess) {
            why = cuda_error_text("cudaGetDeviceProperties", err) + " (device " +
                  std::to_string(i) + ")";
            cudaGetLastError();
            continue;
        }
        gpu_device d;
        d.index = i;
        d.name = prop.name;
        d.cc_major = prop.major;
        d.cc_minor = prop.minor;
        d.sm_count = prop.multiProcessorCount;
        d.global_memory_bytes = prop.totalGlobalMem;
        d.l2_cache_bytes = static_cast<size_t>(prop.l2CacheSize);
        d.shared_memory_per_block = prop.sharedMemPerBlock;
        d.shared_memory_per_block_optin = prop.sharedMemPerBlockOptin;
        d.shared_memory_per_sm = prop.sharedMemPerMultiprocessor;
        d.registers_per_block = prop.regsPerBlock;
        d.registers_per_sm = prop.regsPerMultiprocessor;
        d.max_threads_per_block = prop.maxThreadsPerBlock;
        d.max_threads_per_sm = prop.maxThreadsPerMultiProcessor;
        d.warp_size = prop.warpSize;
        // Optional figures: a failure leaves 0 and is not a reason to drop the device.
        std::string ignored;
        int v = 0;
        if (attribute(&v, cudaDevAttrClockRate, i, &ignored)) {
            d.clock_khz = v;
        }
        if (attribute(&v, cudaDevAttrGlobalMemoryBusWidth, i, &ignored)) {
            d.memory_bus_width_bits = v;
        }
        char bus_id[32] = { 0 };
        err = cudaDeviceGetPCIBusId(bus_id, sizeof(bus_id), i);
        if (err == cudaSuccess) {
            d.pci_bus_id = bus_id;
        } else {
            cudaGetLastError();
            d.pci_bus_id = "unknown PCI bus";
        }
        devices.push_back(std::move(d));
    }
    if (why_none) {
        *why_none = devices.empty() ? why : std::string();
    }
    return devices;
}

std::string cuda_version_string()
{
    int driver = 0;
    int runtime = 0;
    cudaError_t err = cudaRuntimeGetVersion(&runtime);
    if (err != cudaSuccess) {
        return cuda_error_text("cudaRuntimeGetVersion", err);
    }
    err = cudaDriverGetVersion(&driver);
    if (err != cudaSuccess) {
        return "runtime " + version_text(runtime) + ", driver unknown (" +
               cuda_error_text("cudaDriverGetVersion", err) + ")";
    }
    if (driver == 0) {
        return "runtime " + version_text(runtime) + ", no CUDA driver installed";
    }
    return "driver " + version_text(driver) + ", runtime " + version_text(runtime);
}

cuda_memory_in_use cuda_memory_held()
{
    cuda_memory_in_use held;
    held.device_bytes = cuda_detail::device_bytes_held.load();
    held.pinned_bytes = cuda_detail::pinned_bytes_held.load();
    return held;
}

} // namespace gpufec
