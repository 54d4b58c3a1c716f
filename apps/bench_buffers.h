/* -*- c++ -*- */
/*
 * The memory of gpufec-bench's batches: host buffers, page-locked where CUDA is
 * built and works (cudaHostAlloc) so host-fed decoding copies at full speed;
 * device buffers, a stream and two events for device-resident timing (CUDA builds
 * only); and the check that refuses a batch that would not fit in host memory.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_APPS_BENCH_BUFFERS_H
#define INCLUDED_GPUFEC_APPS_BENCH_BUFFERS_H

#ifdef GPUFEC_HAVE_CUDA
#include <cuda_runtime.h>
#endif

#include "app_common.h"
#include <algorithm>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

namespace gpufec_app {

/*
 * Refuses a batch whose host buffers (bytes_per_frame each) would take more than
 * half of this machine's memory, saying how much it needs.
 */
inline void check_batch_memory(size_t frames, size_t bytes_per_frame)
{
    const long pages = ::sysconf(_SC_PHYS_PAGES);
    const long page = ::sysconf(_SC_PAGESIZE);
    const double have = pages > 0 && page > 0 ? double(pages) * double(page) : 0.0;
    const double need = double(frames) * double(bytes_per_frame);
    if (have > 0.0 && need > have / 2) {
        char msg[256];
        std::snprintf(msg,
                      sizeof(msg),
                      "--batch %zu: the batch needs %.1f GiB of host memory (%zu bytes a "
                      "frame), more than half of this machine's %.1f GiB",
                      frames,
                      need / double(1 << 30),
                      bytes_per_frame,
                      have / double(1 << 30));
        throw usage_error(msg);
    }
}

#ifdef GPUFEC_HAVE_CUDA
inline void cuda_check(cudaError_t e, const char* what)
{
    if (e != cudaSuccess) {
        throw std::runtime_error(std::string(what) + ": " + cudaGetErrorName(e) + ": " +
                                 cudaGetErrorString(e));
    }
}
#endif

/*!
 * `count` elements of host memory: page-locked (cudaHostAlloc) when `pinned` is
 * asked for and CUDA is built and works, ordinary memory otherwise.
 */
template <typename T>
class host_array
{
public:
    host_array(size_t count, bool pinned) : d_count(count)
    {
#ifdef GPUFEC_HAVE_CUDA
        if (pinned && count > 0) {
            void* p = nullptr;
            const cudaError_t e =
                cudaHostAlloc(&p, count * sizeof(T), cudaHostAllocDefault);
            if (e == cudaSuccess) {
                d_ptr = static_cast<T*>(p);
                d_pinned = true;
                return;
            }
            (void)cudaGetLastError(); // clear the sticky-free error state
            d_why_not_pinned = std::string("cudaHostAlloc: ") + cudaGetErrorString(e);
        }
#else
        if (pinned) {
            d_why_not_pinned = "this build has no CUDA support";
        }
#endif
        d_plain.reset(new T[count > 0 ? count : 1]());
        d_ptr = d_plain.get();
    }
    ~host_array()
    {
#ifdef GPUFEC_HAVE_CUDA
        if (d_pinned) {
            cudaFreeHost(d_ptr);
        }
#endif
    }
    host_array(const host_array&) = delete;
    host_array& operator=(const host_array&) = delete;

    T* data() { return d_ptr; }
    const T* data() const { return d_ptr; }
    size_t size() const { return d_count; }
    T& operator[](size_t i) { return d_ptr[i]; }
    const T& operator[](size_t i) const { return d_ptr[i]; }
    bool pinned() const { return d_pinned; }
    const std::string& why_not_pinned() const { return d_why_not_pinned; }

private:
    size_t d_count;
    T* d_ptr = nullptr;
    bool d_pinned = false;
    std::unique_ptr<T[]> d_plain;
    std::string d_why_not_pinned;
};

#ifdef GPUFEC_HAVE_CUDA
/*! `count` elements of device memory (cudaMalloc), freed on destruction. */
template <typename T>
class device_array
{
public:
    explicit device_array(size_t count) : d_count(count)
    {
        void* p = nullptr;
        cuda_check(cudaMalloc(&p, std::max<size_t>(count, 1) * sizeof(T)),
                   "cudaMalloc of a benchmark buffer");
        d_ptr = static_cast<T*>(p);
    }
    ~device_array() { cudaFree(d_ptr); }
    device_array(const device_array&) = delete;
    device_array& operator=(const device_array&) = delete;
    T* data() { return d_ptr; }
    size_t size() const { return d_count; }

private:
    size_t d_count;
    T* d_ptr = nullptr;
};

/*! `count` elements from host memory into a new device buffer. */
template <typename T>
std::unique_ptr<device_array<T>> to_device(const T* host, size_t count, const char* what)
{
    auto d = std::make_unique<device_array<T>>(count);
    cuda_check(cudaMemcpy(d->data(), host, count * sizeof(T), cudaMemcpyHostToDevice),
               what);
    return d;
}

/*! The first `count` elements of a device buffer, copied to the host. */
template <typename T>
std::vector<T> to_host(device_array<T>& d, size_t count, const char* what)
{
    std::vector<T> host(count);
    cuda_check(
        cudaMemcpy(host.data(), d.data(), count * sizeof(T), cudaMemcpyDeviceToHost),
        what);
    return host;
}

/*! A stream and two events of this program, released on destruction. */
struct cuda_timer {
    cudaStream_t stream = nullptr;
    cudaEvent_t start = nullptr;
    cudaEvent_t stop = nullptr;
    cuda_timer()
    {
        cuda_check(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking),
                   "cudaStreamCreate");
        cuda_check(cudaEventCreate(&start), "cudaEventCreate");
        cuda_check(cudaEventCreate(&stop), "cudaEventCreate");
    }
    ~cuda_timer()
    {
        cudaEventDestroy(stop);
        cudaEventDestroy(start);
        cudaStreamDestroy(stream);
    }
    cuda_timer(const cuda_timer&) = delete;
    cuda_timer& operator=(const cuda_timer&) = delete;
};
#endif

} // namespace gpufec_app

#endif /* INCLUDED_GPUFEC_APPS_BENCH_BUFFERS_H */
