/* -*- c++ -*- */
/*
 * The adaptive tuner of the CUDA decoder (Wang et al., "GPU Accelerated Scalable Parallel
 * Decoding of LDPC Codes", section IV-D: maximise the active threads per SM under the
 * limits of threads per block and per SM, registers and shared memory, with the fewest
 * codewords; then the batch is the resident frames of the whole device). Here the limits
 * come from cudaGetDeviceProperties and the runtime's own occupancy calculator for each
 * candidate kernel (cudaFuncGetAttributes for registers,
 * cudaOccupancyMaxActiveBlocksPerMultiprocessor for blocks per SM), so the same
 * code adapts to any NVIDIA GPU. The families (kernel_family.h) are asked in order
 * of preference; the first plan is taken.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "binary/cuda_tuner.h"
#include "binary/frame_io.cuh"
#include "common/cuda_check.h"
#include <algorithm>
#include <gpufec/error.h>
#include <numeric>
#include <sstream>
#include <string>

namespace gpufec {
namespace cuda_detail {

namespace {

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

/*! The families in order of preference (the first plan is taken). */
const kernel_family* const families[] = { &register_family(),
                                          &qc_large_family(),
                                          &general_family() };

} // namespace

const std::vector<int>& kernel_plan::column_permutation() const
{
    static const std::vector<int> none;
    return none;
}

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

int registers_of(const void* fn)
{
    cudaFuncAttributes attr;
    check(cudaFuncGetAttributes(&attr, fn), "cudaFuncGetAttributes");
    return attr.numRegs;
}

namespace {

/*! What every plan of one tuning shares: the checked options, the device, the request. */
struct tune_setup {
    kernel_choice k;
    cudaDeviceProp prop;
    std::unique_ptr<tune_request> r;
};

/*!
 * Checks the combination (throws gpufec::invalid_argument for one the GPU cannot
 * do) and fills what the families are asked.
 */
tune_setup prepare(const ldpc_code& code,
                   const host_tables& t,
                   const decoder_options& options,
                   int device)
{
    tune_setup s;
    kernel_choice& k = s.k;
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
    if (k.half2 && !properties(rule).half2_allowed) {
        throw invalid_argument(
            "decoder backend cuda: precision half2 is not available for "
            "rule spa (the exact box-plus needs float32); use precision "
            "float, or a min-sum rule (ms, nms, oms, scms) with half2");
    }
    if (!is_min_sum_family(rule) && t.max_row_degree > spa_max_degree) {
        throw invalid_argument("decoder backend cuda: rule spa handles rows of at most " +
                               std::to_string(spa_max_degree) + " edges; code " +
                               code.name() + " has a row of " +
                               std::to_string(t.max_row_degree));
    }

    check(cudaGetDeviceProperties(&s.prop, device), "cudaGetDeviceProperties");
    k.sm_count = s.prop.multiProcessorCount;
    const size_t static_smem = sizeof(block_state) + 64;
    const size_t smem_limit = s.prop.sharedMemPerBlockOptin > static_smem
                                  ? s.prop.sharedMemPerBlockOptin - static_smem
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
    s.r = std::make_unique<tune_request>(tune_request{ code, t, options, s.prop });
    s.r->half2 = k.half2;
    s.r->scms = is_self_corrected(rule);
    s.r->forced_units = forced_units;
    s.r->smem_limit = smem_limit;
    return s;
}

/*! The choice of `plan`: its batch and the tuning report. */
kernel_choice finish(const tune_setup& s,
                     std::unique_ptr<kernel_plan> plan,
                     const decoder_options& options,
                     int device,
                     std::ostringstream& why)
{
    kernel_choice k = s.k;
    launch_config& cfg = plan->config;
    cfg.resident_blocks = k.sm_count * cfg.blocks_per_sm;
    const long long resident_frames =
        static_cast<long long>(cfg.resident_blocks) * cfg.units_per_block * k.lanes;
    // a little more than one wave (Wang et al. (cuLDPC), section V-C): two waves
    long long batch =
        options.gpu.batch_frames > 0 ? options.gpu.batch_frames : 2 * resident_frames;
    batch = std::max<long long>(batch, 1);
    why << "; batch " << batch
        << " frames = " << (options.gpu.batch_frames > 0 ? "user" : "2 x resident")
        << " (" << k.sm_count << " SMs)";

    k.tuning.device = device;
    k.tuning.device_name = s.prop.name;
    k.tuning.kernel = plan->kernel;
    k.tuning.frames_per_block = cfg.units_per_block * k.lanes;
    k.tuning.threads_per_block = cfg.threads;
    k.tuning.shared_bytes_per_block = cfg.shared_bytes;
    k.tuning.blocks_per_sm = cfg.blocks_per_sm;
    k.tuning.batch_frames = static_cast<int>(std::min<long long>(batch, 1 << 30));
    k.tuning.streams = options.gpu.streams;
    k.tuning.reason = why.str();
    k.plan = std::move(plan);
    return k;
}

/*! gpu.kernel "auto", "first" or empty: no kernel named. */
bool names_no_kernel(const std::string& kernel)
{
    return kernel.empty() || kernel == "auto" || kernel == "first";
}

} // namespace

kernel_choice tune(const ldpc_code& code,
                   const host_tables& t,
                   const decoder_options& options,
                   int device)
{
    tune_setup s = prepare(code, t, options, device);
    tune_request& r = *s.r;
    // gpu.kernel: "auto" / "first" (or empty) let the tuner choose; a name restricts
    // it to that kernel (benchmarks and tests of each instance)
    r.want = names_no_kernel(options.gpu.kernel) ? std::string() : options.gpu.kernel;
    std::ostringstream why;
    if (!r.want.empty()) {
        why << "gpu.kernel " << r.want << "; ";
    }
    std::unique_ptr<kernel_plan> plan;
    for (const kernel_family* family : families) {
        plan = family->plan(r, why);
        if (plan) {
            break;
        }
    }
    if (!plan) {
        // only a gpu.kernel that names no kernel for this code gets here (the
        // general family takes every code)
        decoder_options a = options;
        a.gpu.kernel = "first";
        throw invalid_argument(
            "decoder backend cuda: gpu.kernel '" + r.want + "' cannot decode code " +
            code.name() + " with these options on " + s.prop.name +
            " (gpu.kernel auto chooses among " + tune(code, t, a, device).tuning.kernel +
            " and the other instances of its family)");
    }
    return finish(s, std::move(plan), options, device, why);
}

std::vector<kernel_choice> register_candidates(const ldpc_code& code,
                                               const host_tables& t,
                                               const decoder_options& options,
                                               int device)
{
    tune_setup s = prepare(code, t, options, device);
    tune_request& r = *s.r;
    // besides the units per block that maximise the resident threads, one unit
    // (no barrier across warps) and the fewest units that fill whole warps (a unit
    // of Z threads leaves a warp shared by two units unless 32 divides Z)
    const int Z = std::max(1, t.max_layer_rows);
    const int whole_warps = 32 / std::gcd(Z, 32);
    std::vector<kernel_choice> out;
    for (const register_variant& v : register_variants()) {
        r.want = v.name;
        r.forced_units = 0;
        std::ostringstream why;
        std::unique_ptr<kernel_plan> plan = register_family().plan(r, why);
        if (!plan) {
            continue;
        }
        std::vector<int> tried{ plan->config.units_per_block };
        out.push_back(finish(s, std::move(plan), options, device, why));
        for (const int units : { 1, whole_warps }) {
            if (units > max_units_per_block ||
                std::find(tried.begin(), tried.end(), units) != tried.end()) {
                continue;
            }
            tried.push_back(units);
            r.forced_units = units;
            std::ostringstream why_units;
            why_units << units << " unit(s) per block (measured); ";
            std::unique_ptr<kernel_plan> p = register_family().plan(r, why_units);
            if (p && p->config.blocks_per_sm > 0) {
                out.push_back(finish(s, std::move(p), options, device, why_units));
            }
        }
    }
    return out;
}

} // namespace cuda_detail
} // namespace gpufec
