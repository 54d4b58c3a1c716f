/* -*- c++ -*- */
/*
 * Internal header of the CUDA backend: checked CUDA calls and RAII owners of
 * device memory, pinned host memory, streams and events. Every CUDA runtime call
 * of the backend goes through check(): a failure becomes gpufec::backend_unavailable
 * (no device / driver) or std::runtime_error carrying cudaGetErrorString, and the
 * owners release what they hold on every path (docs/ARCHITECTURE.md).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_CHECK_H
#define INCLUDED_GPUFEC_CUDA_CHECK_H

#include <atomic>
#include <cstddef>
#include <cuda_runtime.h>
#include <gpufec/error.h>
#include <stdexcept>
#include <string>
#include <utility>

namespace gpufec {
namespace cuda_detail {

/*! Bytes the owners below hold now (gpufec::cuda_memory_held()). */
inline std::atomic<size_t> device_bytes_held{ 0 };
inline std::atomic<size_t> pinned_bytes_held{ 0 };

/*! The text of a CUDA error: "call: cudaErrorX: description". */
inline std::string cuda_error_text(const char* what, cudaError_t err)
{
    return std::string(what) + ": " + cudaGetErrorName(err) + ": " +
           cudaGetErrorString(err);
}

/*! True for errors that mean "no usable device or driver here". */
inline bool is_unavailable_error(cudaError_t err)
{
    return err == cudaErrorNoDevice || err == cudaErrorInsufficientDriver ||
           err == cudaErrorInvalidDevice || err == cudaErrorDevicesUnavailable ||
           err == cudaErrorInitializationError || err == cudaErrorSystemDriverMismatch ||
           err == cudaErrorCompatNotSupportedOnDevice ||
           err == cudaErrorNoKernelImageForDevice ||
           err == cudaErrorUnsupportedPtxVersion || err == cudaErrorSystemNotReady;
}

/*! Throws on a failed CUDA call; clears the sticky last-error state first. */
inline void check(cudaError_t err, const char* what)
{
    if (err == cudaSuccess) {
        return;
    }
    cudaGetLastError();
    const std::string text = "gpufec cuda: " + cuda_error_text(what, err);
    if (is_unavailable_error(err)) {
        throw backend_unavailable(text);
    }
    if (err == cudaErrorMemoryAllocation) {
        throw std::runtime_error(text + " (device or pinned host memory exhausted; "
                                        "use a smaller gpu.batch_frames)");
    }
    throw std::runtime_error(text);
}

/*! Checks the launch of the kernel just queued. */
inline void check_launch(const char* kernel) { check(cudaGetLastError(), kernel); }

/*! Device memory of count elements of T; move-only. */
template <typename T>
class device_buffer
{
public:
    device_buffer() = default;
    explicit device_buffer(size_t count) { resize(count); }
    ~device_buffer() { release(); }
    device_buffer(const device_buffer&) = delete;
    device_buffer& operator=(const device_buffer&) = delete;
    device_buffer(device_buffer&& o) noexcept : d_ptr(o.d_ptr), d_count(o.d_count)
    {
        o.d_ptr = nullptr;
        o.d_count = 0;
    }
    device_buffer& operator=(device_buffer&& o) noexcept
    {
        if (this != &o) {
            release();
            std::swap(d_ptr, o.d_ptr);
            std::swap(d_count, o.d_count);
        }
        return *this;
    }
    /*! Reallocates (contents lost) when count differs; 0 frees. */
    void resize(size_t count)
    {
        if (count == d_count) {
            return;
        }
        release();
        if (count > 0) {
            void* p = nullptr;
            check(cudaMalloc(&p, count * sizeof(T)), "cudaMalloc");
            d_ptr = static_cast<T*>(p);
            d_count = count;
            device_bytes_held += count * sizeof(T);
        }
    }
    /*! Grows only. */
    void reserve(size_t count)
    {
        if (count > d_count) {
            resize(count);
        }
    }
    T* get() const { return d_ptr; }
    size_t size() const { return d_count; }
    void upload(const T* host, size_t count)
    {
        resize(count);
        if (count) {
            check(cudaMemcpy(d_ptr, host, count * sizeof(T), cudaMemcpyHostToDevice),
                  "cudaMemcpy (tables to device)");
        }
    }

private:
    void release() noexcept
    {
        if (d_ptr) {
            cudaFree(d_ptr);
            device_bytes_held -= d_count * sizeof(T);
            d_ptr = nullptr;
            d_count = 0;
        }
    }
    T* d_ptr = nullptr;
    size_t d_count = 0;
};

/*! Page-locked host memory (cudaMallocHost) of count elements of T; move-only. */
template <typename T>
class pinned_buffer
{
public:
    pinned_buffer() = default;
    ~pinned_buffer() { release(); }
    pinned_buffer(const pinned_buffer&) = delete;
    pinned_buffer& operator=(const pinned_buffer&) = delete;
    pinned_buffer(pinned_buffer&& o) noexcept : d_ptr(o.d_ptr), d_count(o.d_count)
    {
        o.d_ptr = nullptr;
        o.d_count = 0;
    }
    void reserve(size_t count)
    {
        if (count <= d_count) {
            return;
        }
        release();
        void* p = nullptr;
        check(cudaMallocHost(&p, count * sizeof(T)), "cudaMallocHost");
        d_ptr = static_cast<T*>(p);
        d_count = count;
        pinned_bytes_held += count * sizeof(T);
    }
    T* get() const { return d_ptr; }
    size_t size() const { return d_count; }

private:
    void release() noexcept
    {
        if (d_ptr) {
            cudaFreeHost(d_ptr);
            pinned_bytes_held -= d_count * sizeof(T);
            d_ptr = nullptr;
            d_count = 0;
        }
    }
    T* d_ptr = nullptr;
    size_t d_count = 0;
};

/*! A non-blocking CUDA stream. */
class stream_owner
{
public:
    stream_owner()
    {
        check(cudaStreamCreateWithFlags(&d_stream, cudaStreamNonBlocking),
              "cudaStreamCreateWithFlags");
    }
    ~stream_owner()
    {
        if (d_stream) {
            cudaStreamDestroy(d_stream);
        }
    }
    stream_owner(const stream_owner&) = delete;
    stream_owner& operator=(const stream_owner&) = delete;
    cudaStream_t get() const { return d_stream; }

private:
    cudaStream_t d_stream = nullptr;
};

/*! A CUDA event, without timing (cheap to record and wait on) unless asked. */
class event_owner
{
public:
    explicit event_owner(bool timing = false)
    {
        check(cudaEventCreateWithFlags(&d_event, timing ? 0u : cudaEventDisableTiming),
              "cudaEventCreate");
    }
    ~event_owner()
    {
        if (d_event) {
            cudaEventDestroy(d_event);
        }
    }
    event_owner(const event_owner&) = delete;
    event_owner& operator=(const event_owner&) = delete;
    cudaEvent_t get() const { return d_event; }

private:
    cudaEvent_t d_event = nullptr;
};

/*! Makes `device` current for the lifetime of the guard, restoring the previous one. */
class device_guard
{
public:
    explicit device_guard(int device)
    {
        check(cudaGetDevice(&d_previous), "cudaGetDevice");
        if (d_previous != device) {
            check(cudaSetDevice(device), "cudaSetDevice");
            d_changed = true;
        }
    }
    ~device_guard()
    {
        if (d_changed) {
            cudaSetDevice(d_previous);
        }
    }
    device_guard(const device_guard&) = delete;
    device_guard& operator=(const device_guard&) = delete;

private:
    int d_previous = 0;
    bool d_changed = false;
};

} // namespace cuda_detail
} // namespace gpufec

#endif /* INCLUDED_GPUFEC_CUDA_CHECK_H */
