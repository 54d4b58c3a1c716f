/* -*- c++ -*- */
/*
 * The adaptive tuner of the CUDA decoder (paper 001, Wang et al., section IV-D:
 * maximise the active threads per SM under the limits of threads per block and
 * per SM, registers and shared memory, with the fewest codewords; then the batch
 * is the resident frames of the whole device). Here the limits come from
 * cudaGetDeviceProperties and the runtime's own occupancy calculator for each
 * candidate kernel (cudaFuncGetAttributes for registers,
 * cudaOccupancyMaxActiveBlocksPerMultiprocessor for blocks per SM), so the same
 * code adapts to any NVIDIA GPU.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cuda_check.h"
#include "cuda_tuner.h"
#include "frame_io.cuh"
#include <algorithm>
#include <gpufec/error.h>
#include <sstream>
#include <string>

namespace gpufec {
namespace cuda_detail {

namespace {

struct candidate {
    int units = 0;
    int threads = 0;
    size_t smem = 0;
    int blocks = 0;
    long long active_threads = 0;
};

/*!
 * Lets `fn` take all the opt-in shared memory the device has. Always the maximum, so
 * decoders of different codes that share a kernel never lower it for each other.
 */
void allow_all_shared(const void* fn, const cudaDeviceProp& prop)
{
    cudaFuncAttributes attr;
    check(cudaFuncGetAttributes(&attr, fn), "cudaFuncGetAttributes");
    const size_t limit = prop.sharedMemPerBlockOptin > attr.sharedSizeBytes
                             ? prop.sharedMemPerBlockOptin - attr.sharedSizeBytes
                             : 0;
    check(cudaFuncSetAttribute(
              fn, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(limit)),
          "cudaFuncSetAttribute(MaxDynamicSharedMemorySize)");
}

/*! Blocks per SM of `fn` at (threads, smem); 0 when it cannot run. */
int blocks_per_sm(const void* fn, int threads, size_t smem, const cudaDeviceProp& prop)
{
    if (threads > prop.maxThreadsPerBlock || smem > prop.sharedMemPerBlockOptin) {
        return 0;
    }
    allow_all_shared(fn, prop);
    int blocks = 0;
    check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, fn, threads, smem),
          "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
    return blocks;
}

/*! Picks the units per block: most resident threads per SM, then fewest units. */
template <typename F>
candidate best_units(const void* fn,
                     int max_units,
                     int forced_units,
                     const cudaDeviceProp& prop,
                     F shape_of)
{
    candidate best;
    const int lo = forced_units > 0 ? forced_units : 1;
    const int hi = forced_units > 0 ? forced_units : max_units;
    for (int u = lo; u <= hi; ++u) {
        candidate c;
        c.units = u;
        shape_of(u, &c.threads, &c.smem);
        if (c.threads <= 0) {
            continue;
        }
        c.blocks = blocks_per_sm(fn, c.threads, c.smem, prop);
        if (c.blocks == 0) {
            continue;
        }
        c.active_threads = static_cast<long long>(c.blocks) * c.threads;
        if (c.active_threads > best.active_threads) {
            best = c;
        }
    }
    return best;
}

/*! Kernel-name prefix of the large-QC kernel (cuda_tuning::kernel). */
std::string qc_large_name(bool half2)
{
    return std::string("layered-qc-large-minsum-") + (half2 ? "half2" : "f32");
}

/*!
 * The large-QC layered kernel (layered_qc_large_kernel.cu) for layered min-sum,
 * normalized or offset min-sum on a QC code: units per block by the occupancy
 * calculator (threads = units * Z), records of the resident units in global memory.
 * `want` empty: the posterior mode the tuner prefers; else the kernel name (with
 * its mode suffix) that gpu_options::kernel forces. Fills k and returns true when
 * it applies.
 */
bool try_qc_large(const ldpc_code& code,
                  const host_tables& t,
                  const decoder_options& options,
                  const std::string& want,
                  int forced_units,
                  size_t smem_limit,
                  const cudaDeviceProp& prop,
                  kernel_choice& k,
                  std::ostringstream& why)
{
    const check_node_rule rule = options.rule;
    if (options.schedule != decoding_schedule::layered ||
        (rule != check_node_rule::min_sum &&
         rule != check_node_rule::normalized_min_sum &&
         rule != check_node_rule::offset_min_sum)) {
        return false;
    }
    const std::string prefix = qc_large_name(k.half2);
    if (!want.empty() && want.compare(0, prefix.size(), prefix) != 0) {
        return false;
    }
    const std::string forced = want.empty() ? "" : want.substr(prefix.size());
    if (!want.empty() && forced != "" && forced != "-gmem" && forced != "-ptpar") {
        return false;
    }
    auto shape = std::make_shared<qc_large_shape>();
    std::vector<int> perm;
    if (!build_qc_large_shape(t, code.h(), k.half2, shape.get(), &perm)) {
        why << "not a QC code within the large-QC kernel's limits; ";
        return false;
    }
    const size_t vbytes = 4;
    const int Z = shape->slots;
    const size_t unit_bytes = static_cast<size_t>(t.n_full + shape->pad) * vbytes;
    bool edge_wrap = shape->pad > 0 || !perm.empty();
    for (int e = 0; e < shape->first[shape->layers - 1] + shape->deg[shape->layers - 1];
         ++e) {
        edge_wrap = edge_wrap || shape->wrap[e] != -4 * Z;
    }
    // the posterior in shared memory when a unit's fits; else (360-periodic codes)
    // the information part in shared memory and the parity part per thread
    // (parity_thread), when that fits; else global memory
    const size_t split_bytes =
        perm.empty() ? 0 : static_cast<size_t>(t.n_full - t.m) * vbytes;
    // parity_thread: information part, parity block q - 1, and the parity words'
    // ring (3 per thread)
    const size_t pt_bytes = split_bytes + 4 * static_cast<size_t>(Z) * vbytes;
    const bool pt_ok = !perm.empty() && pt_bytes <= smem_limit &&
                       qc_parity_thread_plan(shape.get(), t.n_full);
    const bool shared_ok = unit_bytes <= smem_limit;
    qc_post mode = edge_wrap ? qc_post::shared_edge_wrap : qc_post::shared_plain;
    if (forced == "-gmem") {
        mode = qc_post::global;
    } else if (forced == "-ptpar") {
        if (!pt_ok) {
            return false;
        }
        mode = qc_post::parity_thread;
    } else if (!shared_ok) {
        if (!want.empty()) {
            return false;
        }
        // parity_thread where it applies (measured faster than global:
        // docs/CUDA_PERFORMANCE_NOTES.md, "DVB-S2 on the large-QC kernel")
        mode = pt_ok ? qc_post::parity_thread : qc_post::global;
    }
    const bool global_post = mode == qc_post::global || mode == qc_post::parity_thread;
    if (mode == qc_post::parity_thread) {
        shape->split = static_cast<int>(split_bytes);
    }
    const qc_large_kernel_fn fn = qc_large_kernel(k.half2, mode);
    auto dims = [&](int u, int* threads, size_t* smem) {
        *threads = u * Z;
        *smem = mode == qc_post::global          ? 0
                : mode == qc_post::parity_thread ? static_cast<size_t>(u) * pt_bytes
                                                 : static_cast<size_t>(u) * unit_bytes;
        const bool one_unit = mode == qc_post::parity_thread;
        if (*threads > (one_unit ? qc_parity_max_threads : qc_large_max_threads) ||
            *smem > smem_limit) {
            *threads = 0;
        }
    };
    const int max_units =
        std::min(max_units_per_block, std::max(1, qc_large_max_threads / Z));
    const candidate c = best_units(
        reinterpret_cast<const void*>(fn), max_units, forced_units, prop, dims);
    if (c.blocks == 0) {
        why << "large-QC kernel: the posterior (" << unit_bytes
            << " B per unit) does not fit shared memory; ";
        return false;
    }
    k.qc_large = true;
    k.qc_fn = fn;
    k.qc_shape = shape;
    k.qc_col_perm = std::move(perm);
    k.post_shared = !global_post;
    k.units_per_block = c.units;
    k.threads = c.threads;
    k.shared_bytes = c.smem;
    k.blocks_per_sm = c.blocks;
    cudaFuncAttributes attr;
    check(cudaFuncGetAttributes(&attr, reinterpret_cast<const void*>(fn)),
          "cudaFuncGetAttributes");
    const double rec_mb = static_cast<double>(shape->rec_words) * 4 * c.units * c.blocks *
                          prop.multiProcessorCount / 1e6;
    why << "large-QC layered kernel: " << shape->layers << " block rows of Z = " << Z
        << (k.qc_col_perm.empty() ? "" : " (360-periodic layers, permuted columns)")
        << (shape->pad > 0 ? " with masked edges" : "") << ", posterior in "
        << (mode == qc_post::global ? "global"
            : mode == qc_post::parity_thread
                ? "shared (information part) and per thread (parity, global)"
                : "shared")
        << " memory, compressed messages in global memory (" << rec_mb
        << " MB for the resident units, L2 " << prop.l2CacheSize / 1000000 << " MB); "
        << attr.numRegs << " registers/thread, " << c.smem / 1024
        << " KiB shared/block -> " << c.blocks << " block(s) x " << c.threads
        << " threads per SM";
    k.tuning.kernel = prefix + (mode == qc_post::global          ? "-gmem"
                                : mode == qc_post::parity_thread ? "-ptpar"
                                                                 : "");
    return true;
}

} // namespace

kernel_choice tune(const ldpc_code& code,
                   const host_tables& t,
                   const decoder_options& options,
                   int device)
{
    kernel_choice k;
    const check_node_rule rule = options.rule;
    if (options.precision == message_precision::int8 ||
        options.precision == message_precision::int16) {
        throw invalid_argument("decoder backend cuda: precision " +
                               to_string(options.precision) +
                               " is a CPU SIMD precision; the CUDA decoder offers float "
                               "(every rule) and half2 (min-sum family)");
    }
    k.half2 = options.precision == message_precision::half2;
    k.lanes = k.half2 ? 2 : 1;
    if (k.half2 && rule == check_node_rule::spa) {
        throw invalid_argument(
            "decoder backend cuda: precision half2 is not available for "
            "rule spa (the exact box-plus needs float32); use precision "
            "float, or a min-sum rule (ms, nms, oms, scms) with half2");
    }
    if (rule == check_node_rule::spa && t.max_row_degree > spa_max_degree) {
        throw invalid_argument("decoder backend cuda: rule spa handles rows of at most " +
                               std::to_string(spa_max_degree) + " edges; code " +
                               code.name() + " has a row of " +
                               std::to_string(t.max_row_degree));
    }

    cudaDeviceProp prop;
    check(cudaGetDeviceProperties(&prop, device), "cudaGetDeviceProperties");
    k.sm_count = prop.multiProcessorCount;
    const size_t vbytes = 4; // float or half2: one 32-bit word per unit and column
    const size_t static_smem = sizeof(block_state) + 64;
    const size_t smem_limit = prop.sharedMemPerBlockOptin > static_smem
                                  ? prop.sharedMemPerBlockOptin - static_smem
                                  : 0;
    const int forced_units =
        options.gpu.frames_per_block > 0
            ? static_cast<int>(std::min<long long>(
                  (static_cast<long long>(options.gpu.frames_per_block) + k.lanes - 1) /
                      k.lanes,
                  1 << 30))
            : 0;
    if (forced_units > max_units_per_block) {
        throw invalid_argument("decoder backend cuda: gpu.frames_per_block is " +
                               std::to_string(options.gpu.frames_per_block) +
                               "; a thread block holds at most " +
                               std::to_string(max_units_per_block * k.lanes) +
                               " frames (0 = let the tuner choose)");
    }
    const bool scms = rule == check_node_rule::self_corrected_min_sum;
    // gpu.kernel: "auto" (or empty) lets the tuner choose; a name restricts it to
    // that kernel (benchmarks and tests of each instance)
    const std::string want =
        options.gpu.kernel == "auto" ? std::string() : options.gpu.kernel;
    std::ostringstream why;
    if (!want.empty()) {
        why << "gpu.kernel " << want << "; ";
    }

    // 1. the register kernel: layered min-sum family on uniform (QC) layers
    if (options.schedule == decoding_schedule::layered && rule != check_node_rule::spa &&
        t.uniform && t.max_layer_rows <= 512) {
        const int L = static_cast<int>(t.layer_rows.size());
        // the list order is the measured preference
        for (const fast_variant& v : fast_variants()) {
            if (!want.empty() && v.name != want) {
                continue;
            }
            if (v.half2 != k.half2 || v.scms != scms || L > v.max_layers ||
                t.max_row_degree > v.max_degree) {
                continue;
            }
            if (v.short_layers != 0u) {
                bool exact = L == v.max_layers;
                for (int l = 0; exact && l < L; ++l) {
                    const int d =
                        v.max_degree - static_cast<int>((v.short_layers >> l) & 1u);
                    exact = t.layer_deg[l] == d;
                }
                if (!exact) {
                    continue;
                }
            }
            fast_shape fs;
            if (!build_fast_shape(t, v.max_layers, v.max_degree, &fs) ||
                (v.matches && !v.matches(fs))) {
                continue;
            }
            const int S = t.max_layer_rows;
            auto shape = [&](int u, int* threads, size_t* smem) {
                *threads = u * S;
                *smem = static_cast<size_t>(u) * (t.n_full + S) * vbytes;
                if (v.table_words > 0) {
                    // the edge-address table after the posteriors (16-byte aligned)
                    *smem =
                        (*smem + 15) / 16 * 16 +
                        static_cast<size_t>((*threads + 3) / 4 * 4) * v.table_words * 4;
                }
                if (*threads > v.max_threads || *smem > smem_limit)
                    *threads = 0;
            };
            const int max_units =
                std::min(max_units_per_block, std::max(1, v.max_threads / S));
            const candidate c = best_units(reinterpret_cast<const void*>(v.fn),
                                           max_units,
                                           forced_units,
                                           prop,
                                           shape);
            if (c.blocks == 0) {
                continue;
            }
            k.fast = true;
            k.variant = &v;
            k.units_per_block = c.units;
            k.threads = c.threads;
            k.shared_bytes = c.smem;
            k.blocks_per_sm = c.blocks;
            cudaFuncAttributes attr;
            check(cudaFuncGetAttributes(&attr, reinterpret_cast<const void*>(v.fn)),
                  "cudaFuncGetAttributes");
            k.shape = fs;
            why << "register kernel"
                << (v.table_words > 0 ? " (edge addresses in shared memory)" : "")
                << (v.short_layers != 0u ? " (exact row degrees)" : "")
                << (v.matches ? " (code-specific, early reads)" : "") << ": " << L
                << " layers of " << S << " rows, row degree <= " << t.max_row_degree
                << " fit the " << v.max_layers << "x" << v.max_degree << " message tile; "
                << attr.numRegs << " registers/thread, " << c.smem / 1024
                << " KiB shared/block -> " << c.blocks << " block(s) x " << c.threads
                << " threads per SM";
            k.tuning.kernel = v.name;
            break;
        }
        if (!k.fast) {
            why << "no register tile fits (" << L << " layers, row degree "
                << t.max_row_degree << "); ";
        }
    } else if (options.schedule == decoding_schedule::layered &&
               rule != check_node_rule::spa) {
        why << (t.uniform ? "layers too large for the register kernel; "
                          : "layers of unequal size (not QC); ");
    }

    // 2. the large-QC layered kernel
    if (!k.fast) {
        try_qc_large(code, t, options, want, forced_units, smem_limit, prop, k, why);
    }

    // 3. the general kernel
    if (!k.fast && !k.qc_large) {
        const generic_rule gr = rule == check_node_rule::spa ? generic_rule::spa
                                : scms                       ? generic_rule::scms
                                                             : generic_rule::min_sum;
        const int S = t.max_layer_rows;
        const bool fits = static_cast<size_t>(t.n_full) * vbytes <= smem_limit;
        const char* rname = gr == generic_rule::spa    ? "spa"
                            : gr == generic_rule::scms ? "scms"
                                                       : "minsum";
        const std::string name = std::string("general-") + to_string(options.schedule) +
                                 "-" + rname + (k.half2 ? "-half2" : "-f32") +
                                 (fits ? "" : "-gmem");
        if (!want.empty() && name != want) {
            decoder_options a = options;
            a.gpu.kernel = "auto";
            throw invalid_argument("decoder backend cuda: gpu.kernel '" + want +
                                   "' cannot decode code " + code.name() +
                                   " with these options on " + prop.name +
                                   " (gpu.kernel auto chooses " +
                                   tune(code, t, a, device).tuning.kernel + ")");
        }
        k.post_shared = fits;
        k.generic = generic_kernel(k.half2, gr, fits);
        if (!k.generic) {
            throw invalid_argument(
                "decoder backend cuda: no kernel for this combination");
        }
        auto shape = [&](int u, int* threads, size_t* smem) {
            // the block's threads take the rows of a layer, unit after unit
            const int th = std::min(generic_max_threads, (S + 31) / 32 * 32);
            *threads = std::max(th, 64);
            *smem = fits ? static_cast<size_t>(u) * t.n_full * vbytes : 0;
            if (*smem > smem_limit)
                *threads = 0;
        };
        const int max_units = fits ? 8 : 2;
        const candidate c = best_units(reinterpret_cast<const void*>(k.generic),
                                       max_units,
                                       forced_units,
                                       prop,
                                       shape);
        if (c.blocks == 0 && forced_units > 0) {
            throw invalid_argument("decoder backend cuda: gpu.frames_per_block is " +
                                   std::to_string(options.gpu.frames_per_block) +
                                   ": that many frames of code " + code.name() +
                                   " do not fit one thread block on " + prop.name +
                                   " (0 = let the tuner choose)");
        }
        if (c.blocks == 0) {
            throw backend_unavailable(
                "decoder backend cuda: the general kernel cannot run on " +
                std::string(prop.name) + " for code " + code.name());
        }
        k.units_per_block = c.units;
        k.threads = c.threads;
        k.shared_bytes = c.smem;
        k.blocks_per_sm = c.blocks;
        k.tuning.kernel = name;
        why << "general kernel, posterior in " << (fits ? "shared" : "global")
            << " memory, messages in global memory; " << c.blocks << " block(s) x "
            << c.threads << " threads per SM";
    }
    k.resident_blocks = k.sm_count * k.blocks_per_sm;
    const long long resident_frames =
        static_cast<long long>(k.resident_blocks) * k.units_per_block * k.lanes;
    // a little more than one wave (paper 001, section V-C): two waves
    long long batch =
        options.gpu.batch_frames > 0 ? options.gpu.batch_frames : 2 * resident_frames;
    batch = std::max<long long>(batch, 1);
    why << "; batch " << batch
        << " frames = " << (options.gpu.batch_frames > 0 ? "user" : "2 x resident")
        << " (" << k.sm_count << " SMs)";

    k.tuning.device = device;
    k.tuning.device_name = prop.name;
    k.tuning.frames_per_block = k.units_per_block * k.lanes;
    k.tuning.threads_per_block = k.threads;
    k.tuning.shared_bytes_per_block = k.shared_bytes;
    k.tuning.blocks_per_sm = k.blocks_per_sm;
    k.tuning.batch_frames = static_cast<int>(std::min<long long>(batch, 1 << 30));
    k.tuning.streams = options.gpu.streams;
    k.tuning.reason = why.str();
    return k;
}

} // namespace cuda_detail
} // namespace gpufec
