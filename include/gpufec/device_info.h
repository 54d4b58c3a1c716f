/* -*- c++ -*- */
/*
 * CUDA devices visible to this process and the properties the decoders' tuner
 * uses (SMs, registers, shared memory; cudaGetDeviceProperties and
 * cudaDeviceGetAttribute of the CUDA runtime API). A build without CUDA, or a
 * machine without a working device, gives an empty list and the reason.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_DEVICE_INFO_H
#define INCLUDED_GPUFEC_DEVICE_INFO_H

#include <gpufec/api.h>

#include <cstddef>
#include <string>
#include <vector>

namespace gpufec {

/*! One CUDA device, as the runtime reports it. */
struct GPUFEC_API gpu_device {
    int index = 0;                      //!< CUDA device ordinal
    std::string name;                   //!< e.g. "NVIDIA H100 80GB HBM3"
    int cc_major = 0;                   //!< compute capability, major
    int cc_minor = 0;                   //!< compute capability, minor
    int sm_count = 0;                   //!< streaming multiprocessors
    size_t global_memory_bytes = 0;     //!< total device memory
    size_t l2_cache_bytes = 0;          //!< L2 cache size
    size_t shared_memory_per_block = 0; //!< default shared memory per block
    /*! Shared memory per block with cudaFuncAttributeMaxDynamicSharedMemorySize. */
    size_t shared_memory_per_block_optin = 0;
    size_t shared_memory_per_sm = 0; //!< shared memory per multiprocessor
    int registers_per_block = 0;     //!< 32-bit registers per block
    int registers_per_sm = 0;        //!< 32-bit registers per multiprocessor
    int max_threads_per_block = 0;
    int max_threads_per_sm = 0;
    int warp_size = 0;
    int clock_khz = 0;             //!< peak SM clock (0 when not reported)
    int memory_bus_width_bits = 0; //!< 0 when not reported
    std::string pci_bus_id;        //!< "0000:3b:00.0"
};

/*!
 * Lists the CUDA devices. Never throws for a missing driver or device: the list
 * is empty and, when why_none is not null, *why_none says why (the CUDA error
 * text, or that the build has no CUDA support). When devices are found,
 * *why_none is cleared.
 */
GPUFEC_API std::vector<gpu_device> list_cuda_devices(std::string* why_none = nullptr);

/*!
 * CUDA driver and runtime versions as "driver 12.4, runtime 13.0", or the reason
 * they are unknown ("built without CUDA support", the CUDA error text).
 */
GPUFEC_API std::string cuda_version_string();

/*! A human-readable listing of the devices, one block of lines per device. */
GPUFEC_API std::string describe_cuda_devices();

/*!
 * Bytes of device memory (cudaMalloc) and of page-locked host memory
 * (cudaMallocHost) this library holds now, over all its decoders, simulators
 * and devices. Counted where the library allocates and frees, so it is exact
 * whatever else runs on the device (other processes, a sanitizer's own
 * allocations); 0 once every object is destroyed. 0 in a build without CUDA.
 */
struct GPUFEC_API cuda_memory_in_use {
    size_t device_bytes = 0;
    size_t pinned_bytes = 0;
};
GPUFEC_API cuda_memory_in_use cuda_memory_held();

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_DEVICE_INFO_H */
