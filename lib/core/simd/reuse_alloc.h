/* -*- c++ -*- */
/*
 * Copyright 2026 The gr-gpufec authors.
 *
 * An allocator for the SIMD kernels' per-call buffers that keeps freed blocks in
 * a small per-thread cache and hands them back to the next allocation of the same
 * size: the workers (thread-pool threads) build their kernel state at every
 * decode call, and buffers of more than the allocator's mmap threshold came back
 * as fresh pages each time, with a page fault per 4 KB at first touch. A block is
 * reused only for the same byte count, so the cache needs no size classes; it
 * holds at most reuse_cache::slots blocks of at most reuse_cache::max_bytes each
 * per thread (evicting the oldest when full), and frees them when the thread ends.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_SIMD_REUSE_ALLOC_H
#define INCLUDED_GPUFEC_SIMD_REUSE_ALLOC_H

#include <cstddef>
#include <new>
#include <vector>

namespace gpufec {
namespace simd {
namespace {

/*! The per-thread cache of freed blocks (64-byte aligned). */
struct reuse_cache {
    static constexpr int slots = 16;
    static constexpr size_t max_bytes = size_t(16) << 20;
    static constexpr std::align_val_t align{ 64 };
    void* p[slots] = {};
    size_t n[slots] = {};
    int count = 0;

    ~reuse_cache()
    {
        for (int i = 0; i < count; ++i)
            ::operator delete(p[i], align);
    }

    static reuse_cache& get()
    {
        static thread_local reuse_cache c;
        return c;
    }

    void* take(size_t bytes)
    {
        for (int i = count - 1; i >= 0; --i)
            if (n[i] == bytes) {
                void* q = p[i];
                for (int j = i + 1; j < count; ++j) {
                    p[j - 1] = p[j];
                    n[j - 1] = n[j];
                }
                --count;
                return q;
            }
        return ::operator new(bytes, align);
    }

    void give(void* q, size_t bytes)
    {
        if (bytes > max_bytes) {
            ::operator delete(q, align);
            return;
        }
        if (count == slots) {
            ::operator delete(p[0], align);
            for (int j = 1; j < count; ++j) {
                p[j - 1] = p[j];
                n[j - 1] = n[j];
            }
            --count;
        }
        p[count] = q;
        n[count] = bytes;
        ++count;
    }
};

/*! std::allocator's interface on reuse_cache. */
template <typename T>
struct reuse_alloc {
    using value_type = T;
    reuse_alloc() = default;
    template <typename U>
    reuse_alloc(const reuse_alloc<U>&)
    {
    }
    T* allocate(size_t k)
    {
        return static_cast<T*>(reuse_cache::get().take(k * sizeof(T)));
    }
    void deallocate(T* q, size_t k) { reuse_cache::get().give(q, k * sizeof(T)); }
    template <typename U>
    bool operator==(const reuse_alloc<U>&) const
    {
        return true;
    }
    template <typename U>
    bool operator!=(const reuse_alloc<U>&) const
    {
        return false;
    }
};

//! A std::vector on reuse_alloc.
template <typename T>
using reuse_vector = std::vector<T, reuse_alloc<T>>;

} // namespace
} // namespace simd
} // namespace gpufec

#endif /* INCLUDED_GPUFEC_SIMD_REUSE_ALLOC_H */
