/*
 * Tests of the CUDA decoder (include/gpufec/cuda_decoder.h) against the CPU float
 * reference decoder (cpu_reference_decoder.cc), "Correctness":
 *  - float32, every check-node rule (spa, ms, nms, oms, scms) and both schedules,
 *    on random codewords through BPSK/AWGN at an Eb/N0 chosen per code, rule and
 *    schedule to land near FER 1e-2 (measured with the CPU reference, 10
 *    iterations, early termination on): the same hard decisions on >= 99.9% of
 *    the frames and a GPU FER inside the 99% Wilson interval of the CPU's, on
 *    wimax:2304:1/2, wifi:648:1/2, nr5g:bg2:52 (punctured), MacKay's (504,1008)
 *    alist (non-QC; needs ../shared/refcodes) and dvbs2:short:1/2;
 *  - the large-QC layered kernel (layered_qc_large_kernel.cu, compressed messages)
 *    on nr5g:bg1:384, nr5g:bg1:15, nr5g:bg2:52, dvbs2:short:1/2 and
 *    dvbs2:normal:1/2 (QC form, Z = 360): chosen by the tuner for MS,
 *    NMS and OMS, float equal to the CPU reference on noisy frames, half2 close;
 *    and each DVB-S2 posterior mode (gpu_options::kernel: per-thread parity,
 *    global) likewise, early termination off;
 *  - half2 and int8-input paths: noiseless frames decoded exactly, FER close to
 *    float (the 0.1 dB table is measured by gpufec-bench, docs/VALIDATION.md);
 *  - partial batches (1, 7, tuner batch + 3 frames) give per frame what one big
 *    call gives, in input order; early termination on and off; device-resident
 *    decode_device() equals decode(); iterations and parity_ok right;
 *  - refused: wrong LLR count, zero frames, null pointers, half2 SPA, bad GPU
 *    options.
 * Without a working CUDA device the program exits 77 at once (CTest: skipped).
 *
 * FER counts frames whose information bits are wrong (as gpufec-ber does); the
 * "same hard decisions" criterion compares whole codewords. Each comparison
 * prints a line on stdout (ctest keeps it in
 * Testing/Temporary/LastTest.log). The random inputs are frames of seed
 * $GPUFEC_TEST_SEED (default 20261121), so a failure can be rerun exactly.
 *
 * The device-resident test needs cudaMalloc/cudaMemcpy/cudaFree; this program is
 * not linked against the CUDA runtime itself, so it takes them from the one that
 * libgpufec loaded (dlsym(RTLD_DEFAULT, ...)).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "decode_batches.h"
#include "rule_list.h"
#include "test_util.h"
#include <algorithm>
#include <cmath>
#include <cppunit/TestFixture.h>
#include <cppunit/extensions/HelperMacros.h>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>
#include <gpufec/ber_simulator.h>
#include <gpufec/channel.h>
#include <gpufec/cuda_decoder.h>
#include <gpufec/decoder.h>
#include <gpufec/device_info.h>
#include <gpufec/error.h>
#include <gpufec/ldpc_code.h>
#include <iostream>
#include <iterator>
#include <limits>
#include <memory>
#include <numeric>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

using namespace gpufec;

GPUFEC_REQUIRE_GPU_PROGRAM
using gpufec_test::assert_no_failures;
using gpufec_test::test_seed;

namespace {

const auto& all_rules = gpufec_test::all_rules;
const decoding_schedule all_schedules[] = { decoding_schedule::layered,
                                            decoding_schedule::flooding };

std::string mackay_spec()
{
    return "alist:" + gpufec_test::refcodes_dir() + "/binary/MACKAY_504_1008.alist";
}

decoder_options options(backend_kind backend,
                        check_node_rule rule = check_node_rule::normalized_min_sum,
                        decoding_schedule schedule = decoding_schedule::layered)
{
    decoder_options o;
    o.backend = backend;
    o.rule = rule;
    o.schedule = schedule;
    o.max_iterations = 10;
    o.early_termination = true;
    o.threads = 0;
    return o;
}

std::unique_ptr<cuda_decoder> make_gpu(ldpc_code::sptr code, const decoder_options& o)
{
    return cuda_decoder::make(std::move(code), o);
}

decoder::uptr make_cpu(ldpc_code::sptr code, decoder_options o)
{
    o.backend = backend_kind::cpu;
    o.precision = message_precision::float32;
    o.threads = 0;
    return decoder::make(std::move(code), o);
}

// batches and results (decode_batches.h)
using gpufec_test::batch;
using gpufec_test::make_batch;
using gpufec_test::outputs::empty_result;
using gpufec_test::outputs::output_of;
using gpufec_test::outputs::result;
using gpufec_test::outputs::run;
using gpufec_test::outputs::run_int8;

bool same_frame(const result& a, size_t fa, const result& b, size_t fb, size_t n)
{
    return std::equal(a.codeword.begin() + fa * n,
                      a.codeword.begin() + (fa + 1) * n,
                      b.codeword.begin() + fb * n);
}

bool wrong_frame(const result& r, size_t f, const batch& b, size_t n)
{
    return !std::equal(r.codeword.begin() + f * n,
                       r.codeword.begin() + (f + 1) * n,
                       b.codeword.begin() + f * n);
}

/*! The frame's information bits differ from those sent (what gpufec-ber counts). */
bool wrong_info(const result& r, size_t f, const batch& b, size_t k)
{
    return !std::equal(
        r.info.begin() + f * k, r.info.begin() + (f + 1) * k, b.info.begin() + f * k);
}

size_t frame_errors(const result& r, const batch& b, size_t n)
{
    size_t e = 0;
    for (size_t f = 0; f < r.frames; ++f) {
        e += wrong_frame(r, f, b, n);
    }
    return e;
}

/*! GPU vs CPU on one batch. */
struct comparison {
    size_t frames = 0;
    size_t differ = 0;            //!< frames whose hard decisions (codewords) differ
    size_t differ_both_wrong = 0; //!< ... of which both codewords were wrong
    size_t gpu_errors = 0;        //!< frames whose information bits the GPU got wrong
    size_t cpu_errors = 0;        //!< frames whose information bits the CPU got wrong
    size_t gpu_cw_errors = 0;     //!< frames whose codeword the GPU got wrong
    size_t cpu_cw_errors = 0;     //!< frames whose codeword the CPU got wrong
    size_t iterations_differ = 0; //!< among agreeing frames
    size_t parity_differ = 0;     //!< among agreeing frames
    double gpu_mean_iterations = 0;
    double cpu_mean_iterations = 0;
};

comparison compare(const result& gpu, const result& cpu, const batch& b, size_t n)
{
    comparison c;
    c.frames = b.frames;
    const size_t k = b.info.size() / b.frames;
    for (size_t f = 0; f < b.frames; ++f) {
        const bool gw = wrong_frame(gpu, f, b, n);
        const bool cw = wrong_frame(cpu, f, b, n);
        c.gpu_cw_errors += gw;
        c.cpu_cw_errors += cw;
        c.gpu_errors += wrong_info(gpu, f, b, k);
        c.cpu_errors += wrong_info(cpu, f, b, k);
        if (!same_frame(gpu, f, cpu, f, n)) {
            c.differ++;
            c.differ_both_wrong += gw && cw;
        } else {
            c.iterations_differ += gpu.iterations[f] != cpu.iterations[f];
            c.parity_differ += gpu.parity_ok[f] != cpu.parity_ok[f];
        }
        c.gpu_mean_iterations += gpu.iterations[f];
        c.cpu_mean_iterations += cpu.iterations[f];
    }
    c.gpu_mean_iterations /= b.frames;
    c.cpu_mean_iterations /= b.frames;
    return c;
}

/*! At most 0.1% of the frames may differ (rounded down). */
size_t allowed_differences(size_t frames) { return frames / 1000; }

std::string describe(const std::string& what, const comparison& c)
{
    char line[640];
    std::snprintf(
        line,
        sizeof(line),
        "%-44s frames %6zu  FER gpu %.4f cpu %.4f  codeword FER gpu %.4f cpu %.4f  "
        "differ %zu (both wrong %zu)  iterations differ %zu  parity differ %zu  "
        "mean it gpu %.2f cpu %.2f",
        what.c_str(),
        c.frames,
        double(c.gpu_errors) / c.frames,
        double(c.cpu_errors) / c.frames,
        double(c.gpu_cw_errors) / c.frames,
        double(c.cpu_cw_errors) / c.frames,
        c.differ,
        c.differ_both_wrong,
        c.iterations_differ,
        c.parity_differ,
        c.gpu_mean_iterations,
        c.cpu_mean_iterations);
    return line;
}

/*!
 * A code of the CPU-reference comparison, with the Eb/N0 (dB) where the CPU
 * reference (10 iterations, early termination on, alpha 0.75, beta 0.5) has a FER
 * near 1e-2: [schedule: layered, flooding][rule: spa, ms, nms, oms, scms].
 * Measured here with gpufec-ber --backend cpu (up to 3000 frames per point,
 * 0.25 dB steps, interpolated in log FER).
 */
struct code_case {
    std::string spec;
    size_t frames;
    double ebn0[2][5];
};

const code_case reference_cases[] = {
    { "wimax:2304:1/2",
      2000,
      { { 1.75, 2.15, 2.00, 1.85, 2.05 }, { 2.45, 2.65, 2.70, 2.50, 2.60 } } },
    { "wifi:648:1/2",
      2000,
      { { 2.10, 2.55, 2.25, 2.15, 2.30 }, { 2.55, 2.80, 2.70, 2.60, 2.80 } } },
    { "nr5g:bg2:52",
      2000,
      { { 0.80, 2.60, 1.45, 1.10, 1.70 }, { 1.60, 2.35, 1.95, 1.90, 2.10 } } },
    { "MACKAY_504_1008",
      2000,
      { { 2.30, 2.65, 2.30, 2.30, 2.45 }, { 2.70, 2.95, 2.75, 2.70, 2.90 } } },
    { "dvbs2:short:1/2",
      1000,
      { { 1.65, 1.85, 2.65, 1.80, 2.00 }, { 2.75, 2.80, 3.40, 2.90, 3.00 } } },
};

/*! H * codeword == 0 for a code without punctured columns. */
bool syndrome_ok(const ldpc_code& code, const uint8_t* codeword)
{
    return code.h().syndrome_ok(codeword);
}

// ---------------------------------------------------------------------------
// The CUDA runtime functions of the device-resident test (see file comment)
// ---------------------------------------------------------------------------

struct cuda_runtime_api {
    using malloc_fn = int (*)(void**, size_t);
    using free_fn = int (*)(void*);
    using memcpy_fn = int (*)(void*, const void*, size_t, int);
    using sync_fn = int (*)();
    using mem_info_fn = int (*)(size_t*, size_t*);
    malloc_fn malloc = nullptr;
    free_fn free = nullptr;
    memcpy_fn memcpy = nullptr;
    sync_fn synchronize = nullptr;
    mem_info_fn mem_get_info = nullptr;
    static constexpr int host_to_device = 1; // cudaMemcpyHostToDevice
    static constexpr int device_to_host = 2; // cudaMemcpyDeviceToHost

    bool load()
    {
        malloc = reinterpret_cast<malloc_fn>(dlsym(RTLD_DEFAULT, "cudaMalloc"));
        free = reinterpret_cast<free_fn>(dlsym(RTLD_DEFAULT, "cudaFree"));
        memcpy = reinterpret_cast<memcpy_fn>(dlsym(RTLD_DEFAULT, "cudaMemcpy"));
        synchronize =
            reinterpret_cast<sync_fn>(dlsym(RTLD_DEFAULT, "cudaDeviceSynchronize"));
        mem_get_info =
            reinterpret_cast<mem_info_fn>(dlsym(RTLD_DEFAULT, "cudaMemGetInfo"));
        return malloc && free && memcpy && synchronize && mem_get_info;
    }
};

/*! Device memory of the device-resident test. */
class device_buffer
{
public:
    device_buffer(const cuda_runtime_api& api, size_t bytes) : d_api(api)
    {
        CPPUNIT_ASSERT_EQUAL(0, d_api.malloc(&d_ptr, std::max<size_t>(bytes, 1)));
    }
    ~device_buffer() { d_api.free(d_ptr); }
    device_buffer(const device_buffer&) = delete;
    device_buffer& operator=(const device_buffer&) = delete;
    template <typename T>
    T* as()
    {
        return static_cast<T*>(d_ptr);
    }
    void upload(const void* src, size_t bytes)
    {
        CPPUNIT_ASSERT_EQUAL(
            0, d_api.memcpy(d_ptr, src, bytes, cuda_runtime_api::host_to_device));
    }
    void download(void* dst, size_t bytes)
    {
        CPPUNIT_ASSERT_EQUAL(
            0, d_api.memcpy(dst, d_ptr, bytes, cuda_runtime_api::device_to_host));
    }

private:
    const cuda_runtime_api& d_api;
    void* d_ptr = nullptr;
};

} // namespace

class qa_cuda_decoder : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(qa_cuda_decoder);
    CPPUNIT_TEST(test_make_and_tuning);
    CPPUNIT_TEST(test_bad_options_refused);
    CPPUNIT_TEST(test_bad_input_refused);
    CPPUNIT_TEST(test_non_finite_and_huge_llrs);
    CPPUNIT_TEST(test_noiseless_every_rule_and_schedule);
    CPPUNIT_TEST(test_matches_cpu_reference);
    CPPUNIT_TEST(test_half2_and_int8);
    CPPUNIT_TEST(test_precision_auto);
    CPPUNIT_TEST(test_partial_batches_and_order);
    CPPUNIT_TEST(test_early_termination);
    CPPUNIT_TEST(test_iterations_and_parity_outputs);
    CPPUNIT_TEST(test_device_resident_equals_host);
    CPPUNIT_TEST(test_noisy_chunks_over_streams);
    CPPUNIT_TEST(test_batch_too_large_refused);
    CPPUNIT_TEST(test_out_of_memory_and_no_leak);
    CPPUNIT_TEST(test_large_qc_kernel);
    CPPUNIT_TEST(test_dvbs2_posterior_modes);
    CPPUNIT_TEST(test_register_instances_agree);
    CPPUNIT_TEST(test_measured_choice);
    CPPUNIT_TEST_SUITE_END();

public:
    void test_make_and_tuning()
    {
        const auto code = ldpc_code::make("wimax:2304:1/2");
        auto dec = make_gpu(code, options(backend_kind::cuda));
        CPPUNIT_ASSERT_EQUAL(std::string("cuda"), dec->backend_name());
        const cuda_tuning t = dec->tuning();
        std::cout << "tuning wimax:2304:1/2 nms layered float: kernel " << t.kernel
                  << ", " << t.frames_per_block << " frames/block, "
                  << t.threads_per_block << " threads/block, " << t.shared_bytes_per_block
                  << " B shared, " << t.blocks_per_sm << " blocks/SM, batch "
                  << t.batch_frames << ", " << t.streams << " streams (" << t.reason
                  << ")\n";
        CPPUNIT_ASSERT(!t.kernel.empty());
        CPPUNIT_ASSERT(!t.device_name.empty());
        CPPUNIT_ASSERT(t.frames_per_block >= 1);
        CPPUNIT_ASSERT(t.threads_per_block >= 1);
        CPPUNIT_ASSERT(t.blocks_per_sm >= 1);
        CPPUNIT_ASSERT(t.batch_frames >= t.frames_per_block);
        CPPUNIT_ASSERT(t.streams >= 1);

        // decoder::make with backend cuda and auto both give the CUDA decoder
        CPPUNIT_ASSERT_EQUAL(
            std::string("cuda"),
            decoder::make(code, options(backend_kind::cuda))->backend_name());
        CPPUNIT_ASSERT_EQUAL(
            std::string("cuda"),
            decoder::make(code, options(backend_kind::automatic))->backend_name());

        // the tuner's choice per device
        const std::vector<cuda_tuning> choices =
            cuda_tuner_choices(*code, options(backend_kind::cuda));
        CPPUNIT_ASSERT(!choices.empty());
        CPPUNIT_ASSERT_EQUAL(t.frames_per_block, choices[0].frames_per_block);
        CPPUNIT_ASSERT_EQUAL(t.batch_frames, choices[0].batch_frames);

        // user overrides are honoured, and the decoder still decodes
        decoder_options o = options(backend_kind::cuda);
        o.gpu.frames_per_block = 2;
        o.gpu.batch_frames = 256;
        o.gpu.streams = 3;
        auto forced = make_gpu(code, o);
        CPPUNIT_ASSERT_EQUAL(2, forced->tuning().frames_per_block);
        CPPUNIT_ASSERT_EQUAL(256, forced->tuning().batch_frames);
        CPPUNIT_ASSERT_EQUAL(3, forced->tuning().streams);
        const batch b = make_batch(*code, 600, 3.0, test_seed());
        const result r = run(*forced, b);
        const result ref = run(*dec, b);
        CPPUNIT_ASSERT(r.codeword == ref.codeword);
        CPPUNIT_ASSERT(r.iterations == ref.iterations);
    }

    void test_bad_options_refused()
    {
        const auto code = ldpc_code::make("wifi:648:1/2");
        decoder_options o = options(backend_kind::cuda, check_node_rule::spa);
        o.precision = message_precision::half2;
        GPUFEC_ASSERT_THROW_MSG(make_gpu(code, o), gpufec::invalid_argument, "half2");

        o = options(backend_kind::cuda);
        o.gpu.streams = 0;
        GPUFEC_ASSERT_THROW_MSG(make_gpu(code, o), gpufec::invalid_argument, "streams");

        o = options(backend_kind::cuda);
        o.gpu.batch_frames = -1;
        GPUFEC_ASSERT_THROW_MSG(
            make_gpu(code, o), gpufec::invalid_argument, "batch_frames");

        // a kernel of the other precision: refused, naming the option
        o = options(backend_kind::cuda);
        o.gpu.kernel = "layered-tab-12x7-minsum-half2";
        GPUFEC_ASSERT_THROW_MSG(
            make_gpu(code, o), gpufec::invalid_argument, "gpu.kernel");

        // a device that does not exist
        o = options(backend_kind::cuda);
        o.gpu.device = 4096;
        bool refused = false;
        try {
            make_gpu(code, o);
        } catch (const gpufec::invalid_argument& e) {
            refused = std::string(e.what()).find("device") != std::string::npos;
        } catch (const gpufec::backend_unavailable& e) {
            refused = std::string(e.what()).find("device") != std::string::npos;
        }
        CPPUNIT_ASSERT_MESSAGE("device 4096 was not refused with a message naming the "
                               "device",
                               refused);

        // more frames per block than any thread block can hold
        o = options(backend_kind::cuda);
        o.gpu.frames_per_block = 1 << 20;
        refused = false;
        try {
            make_gpu(code, o);
        } catch (const gpufec::invalid_argument& e) {
            refused = std::string(e.what()).find("frames_per_block") != std::string::npos;
        }
        CPPUNIT_ASSERT_MESSAGE("frames_per_block 2^20 was not refused with "
                               "gpufec::invalid_argument naming frames_per_block",
                               refused);

        // the int16 / int8 message precisions are the SIMD CPU decoders'
        o = options(backend_kind::cuda);
        o.precision = message_precision::int16;
        CPPUNIT_ASSERT_THROW(make_gpu(code, o), gpufec::invalid_argument);
    }

    void test_bad_input_refused()
    {
        const auto code = ldpc_code::make("wifi:648:1/2");
        auto dec = make_gpu(code, options(backend_kind::cuda));
        const size_t n = code->n();
        std::vector<float> llrs(3 * n, 1.0f);
        std::vector<int8_t> llrs8(3 * n, 8);
        std::vector<uint8_t> bits(3 * code->k());
        decode_output out;
        out.info_bits = bits.data();
        GPUFEC_ASSERT_THROW_MSG(dec->decode(llrs.data(), llrs.size() - 1, 3, out),
                                gpufec::invalid_argument,
                                "llr_count");
        GPUFEC_ASSERT_THROW_MSG(
            dec->decode(llrs.data(), 0, 0, out), gpufec::invalid_argument, "frames is 0");
        GPUFEC_ASSERT_THROW_MSG(
            dec->decode(static_cast<const float*>(nullptr), 3 * n, 3, out),
            gpufec::invalid_argument,
            "null");
        GPUFEC_ASSERT_THROW_MSG(
            dec->decode(llrs8.data(), llrs8.size() + 1, 3, 0.125f, out),
            gpufec::invalid_argument,
            "llr_count");
        CPPUNIT_ASSERT_THROW(dec->decode(llrs8.data(), 0, 0, 0.125f, out),
                             gpufec::invalid_argument);
        CPPUNIT_ASSERT_THROW(dec->decode(llrs8.data(), llrs8.size(), 3, 0.0f, out),
                             gpufec::invalid_argument);
        CPPUNIT_ASSERT_THROW(dec->decode(llrs8.data(),
                                         llrs8.size(),
                                         3,
                                         std::numeric_limits<float>::quiet_NaN(),
                                         out),
                             gpufec::invalid_argument);

        // device-resident: zero frames and null pointers
        CPPUNIT_ASSERT_THROW(dec->decode_device(static_cast<const float*>(nullptr),
                                                0,
                                                nullptr,
                                                nullptr,
                                                nullptr,
                                                nullptr),
                             gpufec::invalid_argument);
        CPPUNIT_ASSERT_THROW(dec->decode_device(static_cast<const float*>(nullptr),
                                                4,
                                                nullptr,
                                                nullptr,
                                                nullptr,
                                                nullptr),
                             gpufec::invalid_argument);

        // the decoder still works after refusing
        const batch b = make_batch(*code, 5, std::numeric_limits<double>::quiet_NaN(), 3);
        const result r = run(*dec, b);
        CPPUNIT_ASSERT(r.codeword == b.codeword);
    }

    /*
     * NaN, +-Inf, +-1e30, +-FLT_MAX, denormals and a random mix of them as channel
     * LLRs, on every kernel family, rule, schedule and precision: the decoder gives a
     * valid decision (bits 0/1, parity 0/1, iterations within the maximum), and the
     * all-zero codeword sent as +1e30, +FLT_MAX or +Inf decodes.
     */
    void test_non_finite_and_huge_llrs()
    {
        const float inf = std::numeric_limits<float>::infinity();
        const float nan = std::numeric_limits<float>::quiet_NaN();
        const float fmax = std::numeric_limits<float>::max();
        const float denorm = std::numeric_limits<float>::denorm_min() * 7.0f;
        const float fills[] = { nan, inf, -inf, 1e30f, -1e30f, fmax, -fmax, denorm };
        const float mix[] = { nan,  inf,   -inf,   1e30f, -1e30f,
                              fmax, -fmax, denorm, 1.0f,  -1.0f };
        const size_t clean_from[] = { 1,
                                      3,
                                      5 }; // +Inf, +1e30, +FLT_MAX: all-zero codeword
        const size_t frames = std::size(fills) + 2;
        for (const std::string spec : { std::string("wimax:2304:1/2"),
                                        std::string("wifi:648:1/2"),
                                        std::string("nr5g:bg2:52"),
                                        std::string("dvbs2:short:1/2"),
                                        mackay_spec() }) {
            const auto code = ldpc_code::make(spec);
            const size_t n = code->n();
            std::vector<float> llrs(frames * n);
            for (size_t f = 0; f < std::size(fills); ++f) {
                std::fill(llrs.begin() + f * n, llrs.begin() + (f + 1) * n, fills[f]);
            }
            uint64_t state = test_seed() ^ 0x9e3779b97f4a7c15ull;
            for (size_t i = std::size(fills) * n; i < frames * n; ++i) {
                state = state * 6364136223846793005ull + 1442695040888963407ull;
                llrs[i] = mix[(state >> 33) % std::size(mix)];
            }
            for (auto s : all_schedules) {
                for (auto rule : all_rules) {
                    for (auto p :
                         { message_precision::float32, message_precision::half2 }) {
                        if (p == message_precision::half2 &&
                            rule == check_node_rule::spa) {
                            continue;
                        }
                        decoder_options o = options(backend_kind::cuda, rule, s);
                        o.precision = p;
                        o.early_termination = s == decoding_schedule::layered;
                        auto gpu = make_gpu(code, o);
                        result r = empty_result(*code, frames);
                        gpu->decode(
                            llrs.data(), llrs.size(), frames, output_of(r, *code));
                        const std::string what = spec + " " + to_string(rule) + " " +
                                                 to_string(s) + " " + to_string(p);
                        for (size_t f = 0; f < frames; ++f) {
                            CPPUNIT_ASSERT_MESSAGE(what, r.parity_ok[f] <= 1);
                            CPPUNIT_ASSERT_MESSAGE(what,
                                                   r.iterations[f] >= 0 &&
                                                       r.iterations[f] <=
                                                           o.max_iterations);
                        }
                        CPPUNIT_ASSERT_MESSAGE(
                            what,
                            std::all_of(r.codeword.begin(),
                                        r.codeword.end(),
                                        [](uint8_t v) { return v <= 1; }));
                        CPPUNIT_ASSERT_MESSAGE(
                            what,
                            std::all_of(r.info.begin(), r.info.end(), [](uint8_t v) {
                                return v <= 1;
                            }));
                        for (size_t f : clean_from) {
                            CPPUNIT_ASSERT_MESSAGE(what + " clean frame " +
                                                       std::to_string(f),
                                                   r.parity_ok[f] == 1);
                            CPPUNIT_ASSERT_MESSAGE(
                                what + " clean frame " + std::to_string(f),
                                std::all_of(r.codeword.begin() + f * n,
                                            r.codeword.begin() + (f + 1) * n,
                                            [](uint8_t v) { return v == 0; }));
                        }
                    }
                }
            }
        }
    }

    void test_noiseless_every_rule_and_schedule()
    {
        for (const std::string spec :
             { "wimax:2304:1/2", "nr5g:bg2:52", "dvbs2:short:1/2" }) {
            const auto code = ldpc_code::make(spec);
            const batch b =
                make_batch(*code, 37, std::numeric_limits<double>::quiet_NaN(), 5);
            for (auto s : all_schedules) {
                for (auto rule : all_rules) {
                    decoder_options o = options(backend_kind::cuda, rule, s);
                    auto gpu = make_gpu(code, o);
                    auto cpu = make_cpu(code, o);
                    const result g = run(*gpu, b);
                    const result c = run(*cpu, b);
                    const std::string what =
                        spec + " " + to_string(rule) + " " + to_string(s);
                    CPPUNIT_ASSERT_MESSAGE(what, g.codeword == b.codeword);
                    CPPUNIT_ASSERT_MESSAGE(what, g.info == b.info);
                    CPPUNIT_ASSERT_MESSAGE(what, g.iterations == c.iterations);
                    CPPUNIT_ASSERT_MESSAGE(what,
                                           std::all_of(g.parity_ok.begin(),
                                                       g.parity_ok.end(),
                                                       [](uint8_t v) { return v == 1; }));
                }
            }
        }
    }

    void test_matches_cpu_reference()
    {
        const uint64_t seed = test_seed();
        size_t config = 0;
        std::vector<std::string> failures;
        for (const code_case& cc : reference_cases) {
            std::string spec = cc.spec;
            if (spec == "MACKAY_504_1008") {
                if (!gpufec_test::have_refcodes()) {
                    std::cout << "skipping MacKay (504,1008): no reference matrices at "
                              << gpufec_test::refcodes_dir() << "\n";
                    continue;
                }
                spec = mackay_spec();
            }
            const auto code = ldpc_code::make(spec);
            const size_t n = code->n();
            for (int si = 0; si < 2; ++si) {
                for (int ri = 0; ri < 5; ++ri) {
                    const decoder_options o =
                        options(backend_kind::cuda, all_rules[ri], all_schedules[si]);
                    const double ebn0 = cc.ebn0[si][ri];
                    // fresh frames for every configuration
                    const batch b =
                        make_batch(*code, cc.frames, ebn0, seed, config++ * 1000000);
                    auto gpu = make_gpu(code, o);
                    auto cpu = make_cpu(code, o);
                    const result g = run(*gpu, b);
                    const result c = run(*cpu, b);
                    const comparison cmp = compare(g, c, b, n);
                    std::ostringstream what;
                    what << cc.spec << " " << to_string(all_rules[ri]) << " "
                         << to_string(all_schedules[si]) << " " << ebn0 << " dB";
                    const std::string line = describe(what.str(), cmp);
                    std::cout << line << "\n";
                    // same hard decisions on >= 99.9% of the frames
                    if (cmp.differ > allowed_differences(cmp.frames)) {
                        failures.push_back("hard decisions differ: " + line);
                    }
                    // GPU FER inside the 99% Wilson interval of the CPU's FER
                    const confidence_interval ci =
                        wilson_interval(cmp.cpu_errors, cmp.frames, 0.99);
                    const double gpu_fer = double(cmp.gpu_errors) / cmp.frames;
                    if (gpu_fer < ci.lower || gpu_fer > ci.upper) {
                        failures.push_back("FER outside the CPU's 99% interval: " + line);
                    }
                    // iteration counts and parity flags agree where decisions agree
                    if (cmp.iterations_differ > allowed_differences(cmp.frames) ||
                        cmp.parity_differ > 0) {
                        failures.push_back("iterations/parity differ: " + line);
                    }
                    // the point is in the waterfall (the test is not vacuous)
                    if (cmp.cpu_errors == 0 || cmp.cpu_errors > cmp.frames / 5) {
                        std::cout << "  note: CPU FER far from 1e-2 at this point\n";
                    }
                }
            }
        }
        assert_no_failures(failures);
    }

    void test_half2_and_int8()
    {
        const auto code = ldpc_code::make("wimax:2304:1/2");
        const size_t n = code->n();
        const float step = default_int8_llr_step;
        // noiseless frames: exact for every min-sum-family rule, both schedules
        const batch clean =
            make_batch(*code, 33, std::numeric_limits<double>::quiet_NaN(), 7);
        std::vector<int8_t> clean8(clean.llrs.size());
        quantize_llrs(clean.llrs.data(), clean.llrs.size(), step, clean8.data());
        for (auto s : all_schedules) {
            for (auto rule : all_rules) {
                decoder_options o = options(backend_kind::cuda, rule, s);
                const std::string what = to_string(rule) + " " + to_string(s);
                auto f32 = make_gpu(code, o);
                CPPUNIT_ASSERT_MESSAGE(
                    "int8 " + what,
                    run_int8(*f32, clean8, clean.frames, step).codeword ==
                        clean.codeword);
                if (rule == check_node_rule::spa) {
                    continue;
                }
                o.precision = message_precision::half2;
                auto h2 = make_gpu(code, o);
                CPPUNIT_ASSERT_MESSAGE("half2 " + what,
                                       run(*h2, clean).codeword == clean.codeword);
                CPPUNIT_ASSERT_MESSAGE(
                    "half2 int8 " + what,
                    run_int8(*h2, clean8, clean.frames, step).codeword == clean.codeword);
            }
        }

        // noisy frames near FER 1e-2 (NMS: layered 2.0 dB, flooding 2.7 dB): half2 and
        // int8 input within a loose bound of float (the 0.1 dB table is measured
        // separately)
        for (auto s : all_schedules) {
            const double ebn0 = s == decoding_schedule::layered ? 2.0 : 2.7;
            const batch b = make_batch(*code, 4000, ebn0, test_seed(), 77000000);
            std::vector<int8_t> b8(b.llrs.size());
            quantize_llrs(b.llrs.data(), b.llrs.size(), step, b8.data());
            std::vector<float> dequantized(b8.size());
            for (size_t i = 0; i < b8.size(); ++i) {
                dequantized[i] = b8[i] * step;
            }
            decoder_options o =
                options(backend_kind::cuda, check_node_rule::normalized_min_sum, s);
            o.early_termination = true;
            auto f32 = make_gpu(code, o);
            o.precision = message_precision::half2;
            auto h2 = make_gpu(code, o);
            const result rf = run(*f32, b);
            const result rh = run(*h2, b);
            const result r8 = run_int8(*f32, b8, b.frames, step);
            const result rh8 = run_int8(*h2, b8, b.frames, step);
            const size_t ef = frame_errors(rf, b, n);
            const size_t eh = frame_errors(rh, b, n);
            const size_t e8 = frame_errors(r8, b, n);
            const size_t eh8 = frame_errors(rh8, b, n);
            std::cout << "wimax:2304:1/2 nms " << to_string(s) << " " << ebn0 << " dB, "
                      << b.frames << " frames: frame errors float " << ef << ", half2 "
                      << eh << ", int8 input " << e8 << ", half2 + int8 input " << eh8
                      << "\n";
            // "close": fewer than twice the float errors plus a margin of 10
            CPPUNIT_ASSERT(eh <= 2 * ef + 10);
            CPPUNIT_ASSERT(e8 <= 2 * ef + 10);
            CPPUNIT_ASSERT(eh8 <= 2 * ef + 10);

            // int8 input = float input of the dequantized values, frame for frame
            batch bd = b;
            bd.llrs = dequantized;
            const result rd = run(*f32, bd);
            const comparison c = compare(r8, rd, b, n);
            CPPUNIT_ASSERT_MESSAGE(describe("int8 vs dequantized float", c),
                                   c.differ <= allowed_differences(c.frames));
        }
    }

    void test_precision_auto()
    {
        // precision auto on the CUDA backend (precision_defaults.cc): half2 for the
        // min-sum family, float32 for SPA, the named kernel's own precision; the
        // decoder reports it, its kernel is of that precision, and it decodes
        // exactly as a decoder made with the precision it chose
        const auto code = ldpc_code::make("wimax:576:1/2");
        const batch b = make_batch(*code, 800, 2.25, test_seed(), 78000000);
        for (auto s : all_schedules) {
            for (auto rule : all_rules) {
                decoder_options o = options(backend_kind::cuda, rule, s);
                o.precision = message_precision::automatic;
                const message_precision want = rule == check_node_rule::spa
                                                   ? message_precision::float32
                                                   : message_precision::half2;
                const std::string what = to_string(rule) + " " + to_string(s);
                for (auto backend : { backend_kind::cuda, backend_kind::automatic }) {
                    o.backend = backend;
                    auto d = decoder::make(code, o);
                    CPPUNIT_ASSERT_EQUAL(std::string("cuda"), d->backend_name());
                    CPPUNIT_ASSERT_MESSAGE(what, d->options().precision == want);
                }
                auto a = make_gpu(code, o);
                CPPUNIT_ASSERT_MESSAGE(what, a->options().precision == want);
                const bool half2_kernel =
                    a->tuning().kernel.find("half2") != std::string::npos;
                CPPUNIT_ASSERT_MESSAGE(what + ": kernel " + a->tuning().kernel,
                                       half2_kernel ==
                                           (want == message_precision::half2));
                decoder_options e = o;
                e.precision = want;
                auto explicit_dec = make_gpu(code, e);
                const result ra = run(*a, b);
                const result re = run(*explicit_dec, b);
                CPPUNIT_ASSERT_MESSAGE(what, ra.codeword == re.codeword);
                CPPUNIT_ASSERT_MESSAGE(what, ra.iterations == re.iterations);
            }
        }
        // a named float kernel: auto follows it instead of refusing it
        decoder_options o = options(backend_kind::cuda,
                                    check_node_rule::normalized_min_sum,
                                    decoding_schedule::flooding);
        o.precision = message_precision::automatic;
        o.gpu.kernel = "general-flooding-minsum-f32";
        auto named = make_gpu(code, o);
        CPPUNIT_ASSERT(named->options().precision == message_precision::float32);
        CPPUNIT_ASSERT_EQUAL(std::string("general-flooding-minsum-f32"),
                             named->tuning().kernel);
        // cuda_tuner_choices resolves auto the same way
        o.gpu.kernel = "auto";
        const std::vector<cuda_tuning> choices = cuda_tuner_choices(*code, o);
        CPPUNIT_ASSERT(!choices.empty());
        CPPUNIT_ASSERT(choices[0].kernel.find("half2") != std::string::npos);
    }

    void test_partial_batches_and_order()
    {
        const auto code = ldpc_code::make("wifi:648:1/2");
        const size_t n = code->n();
        for (auto precision : { message_precision::float32, message_precision::half2 }) {
            decoder_options o = options(backend_kind::cuda);
            o.precision = precision;
            // half2 decodes two frames per register: without early termination each
            // frame's result is defined alone, whatever frame shares its register
            o.early_termination = precision == message_precision::float32;
            auto dec = make_gpu(code, o);
            const size_t tuner_batch = static_cast<size_t>(dec->tuning().batch_frames);
            const size_t total = tuner_batch + 3;
            // near the waterfall: iteration counts and failures differ from frame to
            // frame
            const batch b = make_batch(*code, total, 2.3, test_seed(), 55000000);
            const result all = run(*dec, b);
            const std::string p = to_string(precision);
            std::cout << "partial batches " << p << ": tuner batch " << tuner_batch
                      << ", frames " << total << ", frame errors "
                      << frame_errors(all, b, n) << "\n";
            // chunks of 1, 7, tuner batch + 3 (the whole), and the rest
            size_t first = 0;
            for (size_t count : { size_t(1), size_t(7), size_t(1), size_t(7) }) {
                const result part = run(*dec, b, first, count);
                for (size_t f = 0; f < count; ++f) {
                    CPPUNIT_ASSERT_MESSAGE(p + " chunk frame " +
                                               std::to_string(first + f),
                                           same_frame(part, f, all, first + f, n));
                    CPPUNIT_ASSERT_EQUAL(all.iterations[first + f], part.iterations[f]);
                    CPPUNIT_ASSERT_EQUAL(all.parity_ok[first + f], part.parity_ok[f]);
                }
                first += count;
            }
            const result rest = run(*dec, b, first, total - first);
            for (size_t f = 0; f + first < total; ++f) {
                CPPUNIT_ASSERT_MESSAGE(p + " rest frame " + std::to_string(first + f),
                                       same_frame(rest, f, all, first + f, n));
            }
            // reversed input order gives the reversed output
            batch rev = b;
            for (size_t f = 0; f < total; ++f) {
                std::copy(b.llrs.begin() + (total - 1 - f) * n,
                          b.llrs.begin() + (total - f) * n,
                          rev.llrs.begin() + f * n);
            }
            const result rr = run(*dec, rev);
            for (size_t f = 0; f < total; ++f) {
                CPPUNIT_ASSERT_MESSAGE(p + " reversed frame " + std::to_string(f),
                                       same_frame(rr, total - 1 - f, all, f, n));
                CPPUNIT_ASSERT_EQUAL(all.iterations[f], rr.iterations[total - 1 - f]);
            }
            // every frame of a clean batch comes back as its own codeword
            const batch clean = make_batch(*code, total, 6.0, test_seed(), 56000000);
            const result rc = run(*dec, clean);
            CPPUNIT_ASSERT_MESSAGE(p + ": a frame came back in another frame's place",
                                   rc.codeword == clean.codeword);
            CPPUNIT_ASSERT(rc.info == clean.info);
        }
    }

    void test_early_termination()
    {
        const auto code = ldpc_code::make("wimax:2304:1/2");
        const size_t n = code->n();
        const batch b = make_batch(*code, 1000, 2.5, test_seed(), 88000000);
        for (auto s : all_schedules) {
            decoder_options o =
                options(backend_kind::cuda, check_node_rule::normalized_min_sum, s);
            o.max_iterations = 20;
            o.early_termination = false;
            const result off = run(*make_gpu(code, o), b);
            const result off_cpu = run(*make_cpu(code, o), b);
            o.early_termination = true;
            const result on = run(*make_gpu(code, o), b);
            const result on_cpu = run(*make_cpu(code, o), b);
            for (size_t f = 0; f < b.frames; ++f) {
                CPPUNIT_ASSERT_EQUAL(20, off.iterations[f]);
                CPPUNIT_ASSERT(on.iterations[f] >= 1 && on.iterations[f] <= 20);
            }
            const comparison c_off = compare(off, off_cpu, b, n);
            const comparison c_on = compare(on, on_cpu, b, n);
            std::cout << describe("wimax nms " + to_string(s) + " ET off", c_off) << "\n"
                      << describe("wimax nms " + to_string(s) + " ET on", c_on) << "\n";
            CPPUNIT_ASSERT(c_off.differ <= allowed_differences(b.frames));
            CPPUNIT_ASSERT(c_on.differ <= allowed_differences(b.frames));
            CPPUNIT_ASSERT(c_on.iterations_differ <= allowed_differences(b.frames));
            CPPUNIT_ASSERT(c_on.gpu_mean_iterations < 10.0);
            // frames that converged: early termination does not change the decision
            size_t changed = 0;
            for (size_t f = 0; f < b.frames; ++f) {
                if (on.parity_ok[f] && off.parity_ok[f]) {
                    changed += !same_frame(on, f, off, f, n);
                }
            }
            CPPUNIT_ASSERT(changed <= allowed_differences(b.frames));
        }
    }

    void test_iterations_and_parity_outputs()
    {
        // wimax has no punctured columns: the syndrome of the output codeword can be
        // checked here; at 1.5 dB many frames fail
        const auto code = ldpc_code::make("wimax:2304:1/2");
        const size_t n = code->n();
        CPPUNIT_ASSERT_EQUAL(size_t(0), code->punctured_columns().size());
        const batch b = make_batch(*code, 500, 1.5, test_seed(), 99000000);
        for (auto precision : { message_precision::float32, message_precision::half2 }) {
            for (bool et : { true, false }) {
                decoder_options o = options(backend_kind::cuda);
                o.precision = precision;
                o.early_termination = et;
                o.max_iterations = 8;
                auto dec = make_gpu(code, o);
                const result r = run(*dec, b);
                size_t failed = 0;
                for (size_t f = 0; f < b.frames; ++f) {
                    const bool ok = syndrome_ok(*code, &r.codeword[f * n]);
                    CPPUNIT_ASSERT_EQUAL(static_cast<uint8_t>(ok), r.parity_ok[f]);
                    CPPUNIT_ASSERT(r.iterations[f] >= 1 && r.iterations[f] <= 8);
                    if (!et || !ok) {
                        CPPUNIT_ASSERT_EQUAL(8, r.iterations[f]);
                    }
                    failed += !ok;
                    // info bits are the codeword's information positions
                    const std::vector<int>& pos = code->info_positions();
                    for (size_t i = 0; i < pos.size(); ++i) {
                        CPPUNIT_ASSERT_EQUAL(r.codeword[f * n + pos[i]],
                                             r.info[f * code->k() + i]);
                    }
                }
                CPPUNIT_ASSERT(failed > 0 && failed < b.frames);
                // outputs may be left out: the others are the same
                result partial = empty_result(*code, b.frames);
                decode_output out;
                out.parity_ok = partial.parity_ok.data();
                dec->decode(b.llrs.data(), b.llrs.size(), b.frames, out);
                CPPUNIT_ASSERT(partial.parity_ok == r.parity_ok);
            }
        }
    }

    /*!
     * The large-QC layered kernel: the tuner picks it for layered MS / NMS / OMS on
     * nr5g codes (more block rows than the register kernel's tiles); float equals
     * the CPU reference frame for frame, noiseless half2 is exact and noisy half2
     * close to float. Z = 384 (one unit per block, rows of 19 edges: two record
     * words of sign bits in half2), Z = 15 (many units per block, odd Z), and the
     * DVB-S2 codes in their QC form (Z = 360, columns permuted on load and store,
     * the missing first parity edge of row 0 masked, sublayers; the normal frame's
     * posterior in global memory).
     */
    void test_large_qc_kernel()
    {
        struct large_case {
            const char* spec;
            size_t frames;
            double ebn0[3]; //!< ms, nms, oms
        };
        // Eb/N0 near the waterfall (first guesses refined from the printed FER;
        // nr5g:bg1:384 ms: CPU reference FER 1.0 at 1.6 dB, 0.475 at 2.0, 0 in 120
        // frames at 2.4: gpufec-ber --code nr5g:bg1:384 --algorithm ms --backend cpu)
        const large_case cases[] = { { "nr5g:bg1:384", 240, { 2.2, 1.2, 0.9 } },
                                     { "nr5g:bg1:15", 1000, { 2.2, 1.6, 1.4 } },
                                     { "nr5g:bg2:52", 1000, { 2.3, 1.4, 1.1 } },
                                     // DVB-S2: 360-periodic layers, permuted columns,
                                     // masked edge, sublayers (normal: posterior in
                                     // global memory)
                                     { "dvbs2:short:1/2", 1000, { 1.8, 2.3, 1.8 } },
                                     { "dvbs2:normal:1/2", 240, { 1.7, 2.2, 1.7 } } };
        std::vector<std::string> failures;
        size_t config = 0;
        for (const large_case& lc : cases) {
            const auto code = ldpc_code::make(lc.spec);
            const size_t n = code->n();
            const batch clean =
                make_batch(*code, 9, std::numeric_limits<double>::quiet_NaN(), 11);
            const check_node_rule rules[] = { check_node_rule::min_sum,
                                              check_node_rule::normalized_min_sum,
                                              check_node_rule::offset_min_sum };
            for (int ri = 0; ri < 3; ++ri) {
                const check_node_rule rule = rules[ri];
                decoder_options o = options(backend_kind::cuda, rule);
                auto gpu = make_gpu(code, o);
                const std::string kernel = gpu->tuning().kernel;
                const std::string what = std::string(lc.spec) + " " + to_string(rule);
                std::cout << "tuning " << what << ": " << kernel << " ("
                          << gpu->tuning().reason << ")\n";
                CPPUNIT_ASSERT_MESSAGE(what + " kernel " + kernel,
                                       kernel.find("qc-large") != std::string::npos);
                const batch b = make_batch(*code,
                                           lc.frames,
                                           lc.ebn0[ri],
                                           test_seed(),
                                           88000000 + config++ * 100000);
                auto cpu = make_cpu(code, o);
                const result g = run(*gpu, b);
                const result c = run(*cpu, b);
                const comparison cmp = compare(g, c, b, n);
                const std::string line = describe(
                    what + " " + std::to_string(lc.ebn0[ri]).substr(0, 4) + " dB", cmp);
                std::cout << line << "\n";
                if (cmp.differ > allowed_differences(cmp.frames) ||
                    cmp.iterations_differ > allowed_differences(cmp.frames) ||
                    cmp.parity_differ > 0) {
                    failures.push_back(line);
                }
                if (cmp.cpu_errors == 0) {
                    std::cout << "  note: no CPU frame errors at this point\n";
                }
                // half2: the same kernel, noiseless exact, noisy close to float
                o.precision = message_precision::half2;
                auto h2 = make_gpu(code, o);
                CPPUNIT_ASSERT_MESSAGE(what + " half2 kernel " + h2->tuning().kernel,
                                       h2->tuning().kernel.find("qc-large") !=
                                           std::string::npos);
                const result hc = run(*h2, clean);
                CPPUNIT_ASSERT_MESSAGE(what + " half2 noiseless",
                                       hc.codeword == clean.codeword);
                const result rh = run(*h2, b);
                const size_t ef = frame_errors(g, b, n);
                const size_t eh = frame_errors(rh, b, n);
                std::cout << what << " half2: frame errors " << eh << " (float " << ef
                          << ")\n";
                if (eh > 2 * ef + 10) {
                    failures.push_back(what + " half2 frame errors " +
                                       std::to_string(eh) + " vs float " +
                                       std::to_string(ef));
                }
            }
        }
        assert_no_failures(failures);
    }

    /*!
     * The DVB-S2 posterior modes of the large-QC kernel, each selected through
     * gpu_options::kernel as the benchmarks select them: the default (normal
     * frames: the information part in shared memory, the parity part per thread,
     * barriers only where consecutive layers share an information block), the
     * posterior in global memory, and dvbs2:short in the per-thread parity mode
     * (its whole posterior would fit shared memory). Early termination off (10
     * iterations, as benchmarked): float equals the CPU reference, half2 decodes
     * noiseless frames exactly and noisy ones close to float.
     */
    void test_dvbs2_posterior_modes()
    {
        struct mode_case {
            const char* spec;
            bool
                forced; //!< gpu.kernel: the large-QC kernel with kernel_suffix; else auto
            const char* kernel_suffix;
        };
        const mode_case cases[] = {
            { "dvbs2:normal:1/2", false, "-ptpar" },
            { "dvbs2:normal:1/2", true, "-gmem" },
            { "dvbs2:short:1/2", true, "-ptpar" },
            // sets split into more than 64 sublayers (normal 3/5) and rows of more
            // than 20 edges (normal 9/10, short 8/9)
            { "dvbs2:normal:3/5", false, "" },
            { "dvbs2:normal:9/10", false, "" },
            { "dvbs2:short:8/9", false, "" },
        };
        std::vector<std::string> failures;
        std::string cpu_spec;
        result cpu_result;
        batch b, clean;
        size_t n = 0;
        for (const mode_case& mc : cases) {
            const auto code = ldpc_code::make(mc.spec);
            decoder_options o = options(backend_kind::cuda);
            o.early_termination = false;
            if (cpu_spec != mc.spec) {
                cpu_spec = mc.spec;
                n = code->n();
                b = make_batch(*code, 200, 2.2, test_seed(), 89000000);
                clean =
                    make_batch(*code, 9, std::numeric_limits<double>::quiet_NaN(), 12);
                auto cpu = make_cpu(code, o);
                cpu_result = run(*cpu, b);
            }
            auto kernel = [&](const char* precision) {
                return mc.forced ? std::string("layered-qc-large-minsum-") + precision +
                                       mc.kernel_suffix
                                 : std::string("auto");
            };
            o.gpu.kernel = kernel("f32");
            auto gpu = make_gpu(code, o);
            o.precision = message_precision::half2;
            o.gpu.kernel = kernel("half2");
            auto h2 = make_gpu(code, o);
            const std::string what = std::string(mc.spec) + " kernel=" + kernel("P");
            std::cout << "tuning " << what << ": " << gpu->tuning().kernel << " ("
                      << gpu->tuning().reason << ")\n";
            const std::string want =
                std::string("qc-large-minsum-f32") + mc.kernel_suffix;
            CPPUNIT_ASSERT_MESSAGE(what + " kernel " + gpu->tuning().kernel,
                                   gpu->tuning().kernel.find(want) != std::string::npos);
            CPPUNIT_ASSERT_MESSAGE(what + " half2 kernel " + h2->tuning().kernel,
                                   h2->tuning().kernel.find(mc.kernel_suffix) !=
                                       std::string::npos);
            const result g = run(*gpu, b);
            const comparison cmp = compare(g, cpu_result, b, n);
            const std::string line = describe(what + " float", cmp);
            std::cout << line << "\n";
            if (cmp.differ > 0 || cmp.iterations_differ > 0 || cmp.parity_differ > 0) {
                failures.push_back(line);
            }
            const result hc = run(*h2, clean);
            if (hc.codeword != clean.codeword) {
                failures.push_back(what + " half2 noiseless");
            }
            const result rh = run(*h2, b);
            const size_t ef = frame_errors(g, b, n);
            const size_t eh = frame_errors(rh, b, n);
            std::cout << what << " half2: frame errors " << eh << " (float " << ef
                      << ")\n";
            if (eh > 2 * ef + 10) {
                failures.push_back(what + " half2 frame errors " + std::to_string(eh) +
                                   " vs float " + std::to_string(ef));
            }
        }
        assert_no_failures(failures);
    }

    /*!
     * The code-specific register-kernel instances (compile-time block columns, early
     * reads) against the general table instance of the same precision, forced with
     * gpu_options::kernel: the same arithmetic, so the same codewords, iterations and
     * parity flags frame for frame (ms, nms, oms; with and without early termination;
     * one and two units per block; an odd frame count leaves a half-empty unit).
     */
    void test_register_instances_agree()
    {
        const auto code = ldpc_code::make("wimax:2304:1/2");
        const batch b = make_batch(*code, 1201, 2.0, test_seed(), 91000000);
        struct instance_set {
            message_precision precision;
            const char* reference;
            std::vector<const char*> instances;
        };
        const instance_set sets[] = {
            { message_precision::half2,
              "layered-tab-12x7-minsum-half2",
              { "layered-wimax96-r12-early-half2" } },
            { message_precision::float32,
              "layered-tab-12x7-minsum-f32",
              { "layered-wimax96-r12-early-f32" } },
        };
        const check_node_rule rules[] = { check_node_rule::min_sum,
                                          check_node_rule::normalized_min_sum,
                                          check_node_rule::offset_min_sum };
        auto decode_with = [&](const char* name, decoder_options o) {
            o.gpu.kernel = name;
            auto gpu = make_gpu(code, o);
            const std::string kernel = gpu->tuning().kernel;
            CPPUNIT_ASSERT_EQUAL_MESSAGE("forced instance", std::string(name), kernel);
            return run(*gpu, b);
        };
        for (const instance_set& set : sets) {
            for (const check_node_rule rule : rules) {
                for (const bool et : { true, false }) {
                    for (const int fpb : { 0, 4 }) {
                        decoder_options o = options(backend_kind::cuda, rule);
                        o.precision = set.precision;
                        o.early_termination = et;
                        o.gpu.frames_per_block = fpb;
                        const result ref = decode_with(set.reference, o);
                        for (const char* name : set.instances) {
                            const result r = decode_with(name, o);
                            const std::string what =
                                std::string(name) + " " + to_string(rule) +
                                (et ? " et" : " no-et") + " fpb " + std::to_string(fpb);
                            std::cout << what << ": " << frame_errors(r, b, code->n())
                                      << " frame errors (reference "
                                      << frame_errors(ref, b, code->n()) << ")\n";
                            CPPUNIT_ASSERT_MESSAGE(what, r.codeword == ref.codeword);
                            CPPUNIT_ASSERT_MESSAGE(what, r.info == ref.info);
                            CPPUNIT_ASSERT_MESSAGE(what, r.iterations == ref.iterations);
                            CPPUNIT_ASSERT_MESSAGE(what, r.parity_ok == ref.parity_ok);
                        }
                    }
                }
            }
        }
    }

    /*!
     * gpu.kernel auto times the register instances that fit and keeps the fastest:
     * the reason lists every candidate with its figure, the choice is one of them
     * and is remembered for the next decoder of the same code and options, "first"
     * is the first candidate, and every candidate decodes the same bits.
     */
    void test_measured_choice()
    {
        for (const std::string spec : { "wimax:2304:1/2",
                                        "wifi:1944:1/2",
                                        "wimax:576:1/2",
                                        "wimax:2304:2/3A",
                                        "wifi:648:3/4",
                                        "wifi:648:5/6" }) {
            const auto code = ldpc_code::make(spec);
            const batch b = make_batch(*code, 803, 2.0, test_seed(), 93000000);
            for (auto precision :
                 { message_precision::float32, message_precision::half2 }) {
                decoder_options o = options(backend_kind::cuda);
                o.precision = precision;
                const std::string what = spec + " " + to_string(precision);
                auto a = make_gpu(code, o);
                const std::string reason = a->tuning().reason;
                std::cout << what << ": " << a->tuning().kernel << " (" << reason
                          << ")\n";
                // "measured: NAME@F FIGURE Mbit/s; NAME@F FIGURE Mbit/s; ... fastest
                // taken" (F: frames per block)
                const size_t at = reason.find("measured:");
                CPPUNIT_ASSERT_MESSAGE(what + ": " + reason, at != std::string::npos);
                std::vector<std::string> names;
                std::istringstream words(reason.substr(at + 9));
                std::string name, figure, unit;
                while (words >> name >> figure >> unit && unit == "Mbit/s;") {
                    CPPUNIT_ASSERT_MESSAGE(what + ": " + figure, std::stod(figure) > 0.0);
                    CPPUNIT_ASSERT_MESSAGE(what + ": " + name,
                                           name.find('@') != std::string::npos);
                    names.push_back(name);
                }
                auto label = [](const cuda_decoder& d) {
                    return d.tuning().kernel + "@" +
                           std::to_string(d.tuning().frames_per_block);
                };
                CPPUNIT_ASSERT_MESSAGE(what + ": " + reason, names.size() >= 2);
                CPPUNIT_ASSERT_MESSAGE(what + ": " + reason,
                                       std::find(names.begin(), names.end(), label(*a)) !=
                                           names.end());
                auto again = make_gpu(code, o);
                CPPUNIT_ASSERT_EQUAL(label(*a), label(*again));
                CPPUNIT_ASSERT_MESSAGE(again->tuning().reason,
                                       again->tuning().reason.find("(remembered)") !=
                                           std::string::npos);
                decoder_options f = o;
                f.gpu.kernel = "first";
                auto first = make_gpu(code, f);
                CPPUNIT_ASSERT_EQUAL(names.front(), label(*first));
                CPPUNIT_ASSERT(first->tuning().reason.find("measured") ==
                               std::string::npos);
                const result ref = run(*a, b);
                for (const std::string& n : names) {
                    decoder_options forced = o;
                    forced.gpu.kernel = n.substr(0, n.find('@'));
                    forced.gpu.frames_per_block = std::stoi(n.substr(n.find('@') + 1));
                    auto d = make_gpu(code, forced);
                    CPPUNIT_ASSERT_EQUAL(n, label(*d));
                    const result r = run(*d, b);
                    CPPUNIT_ASSERT_MESSAGE(what + " " + n, r.codeword == ref.codeword);
                    CPPUNIT_ASSERT_MESSAGE(what + " " + n,
                                           r.iterations == ref.iterations);
                    CPPUNIT_ASSERT_MESSAGE(what + " " + n, r.parity_ok == ref.parity_ok);
                }
            }
        }
    }

    void test_device_resident_equals_host()
    {
        cuda_runtime_api api;
        CPPUNIT_ASSERT_MESSAGE("cudaMalloc etc. not found in the loaded CUDA runtime",
                               api.load());
        for (const std::string spec : { "wimax:2304:1/2", "nr5g:bg2:52" }) {
            const auto code = ldpc_code::make(spec);
            const size_t n = code->n();
            const size_t k = code->k();
            for (auto precision :
                 { message_precision::float32, message_precision::half2 }) {
                decoder_options o = options(backend_kind::cuda);
                o.precision = precision;
                auto dec = make_gpu(code, o);
                const size_t frames = static_cast<size_t>(dec->tuning().batch_frames) + 5;
                const batch b = make_batch(*code,
                                           frames,
                                           spec == "nr5g:bg2:52" ? 1.1 : 2.0,
                                           test_seed(),
                                           66000000);
                const result host = run(*dec, b);
                std::vector<int8_t> b8(b.llrs.size());
                quantize_llrs(
                    b.llrs.data(), b.llrs.size(), default_int8_llr_step, b8.data());
                const result host8 = run_int8(*dec, b8, frames, default_int8_llr_step);

                device_buffer d_llrs(api, b.llrs.size() * sizeof(float));
                device_buffer d_llrs8(api, b8.size());
                device_buffer d_bits(api, frames * k);
                device_buffer d_iters(api, frames * sizeof(int));
                device_buffer d_ok(api, frames);
                d_llrs.upload(b.llrs.data(), b.llrs.size() * sizeof(float));
                d_llrs8.upload(b8.data(), b8.size());
                for (int input = 0; input < 2; ++input) {
                    if (input == 0) {
                        dec->decode_device(d_llrs.as<float>(),
                                           frames,
                                           d_bits.as<uint8_t>(),
                                           d_iters.as<int>(),
                                           d_ok.as<uint8_t>(),
                                           nullptr);
                    } else {
                        dec->decode_device(d_llrs8.as<int8_t>(),
                                           default_int8_llr_step,
                                           frames,
                                           d_bits.as<uint8_t>(),
                                           d_iters.as<int>(),
                                           d_ok.as<uint8_t>(),
                                           nullptr);
                    }
                    CPPUNIT_ASSERT_EQUAL(0, api.synchronize());
                    std::vector<uint8_t> bits(frames * k);
                    std::vector<int> iters(frames);
                    std::vector<uint8_t> ok(frames);
                    d_bits.download(bits.data(), bits.size());
                    d_iters.download(iters.data(), frames * sizeof(int));
                    d_ok.download(ok.data(), frames);
                    const result& want = input == 0 ? host : host8;
                    const std::string what =
                        spec + " " + to_string(precision) + (input ? " int8" : " float");
                    CPPUNIT_ASSERT_MESSAGE(what + ": bits", bits == want.info);
                    CPPUNIT_ASSERT_MESSAGE(what + ": iterations",
                                           iters == want.iterations);
                    CPPUNIT_ASSERT_MESSAGE(what + ": parity", ok == want.parity_ok);
                }
                // iterations and parity pointers may be null
                dec->decode_device(d_llrs.as<float>(),
                                   1,
                                   d_bits.as<uint8_t>(),
                                   nullptr,
                                   nullptr,
                                   nullptr);
                CPPUNIT_ASSERT_EQUAL(0, api.synchronize());
                std::vector<uint8_t> one(k);
                d_bits.download(one.data(), k);
                CPPUNIT_ASSERT(std::equal(one.begin(), one.end(), host.info.begin()));
            }
        }
    }

    /*!
     * The host pipeline with several chunks per call (batch_frames 37, 3 streams,
     * so 3 host workers), on noisy frames near FER 1e-2, every rule and schedule in
     * float and the min-sum family in half2: the same results per frame as one
     * single-chunk call, and float the same hard decisions as the CPU reference.
     * Small on purpose: .ci/device-run runs it under compute-sanitizer.
     */
    void test_noisy_chunks_over_streams()
    {
        const uint64_t seed = test_seed();
        for (const code_case& cc : reference_cases) {
            if (cc.spec != "wimax:2304:1/2" && cc.spec != "dvbs2:short:1/2") {
                continue; // the register kernel and the general kernel
            }
            const auto code = ldpc_code::make(cc.spec);
            const size_t n = code->n();
            const size_t frames = 120;
            for (int si = 0; si < 2; ++si) {
                for (int ri = 0; ri < 5; ++ri) {
                    for (auto precision :
                         { message_precision::float32, message_precision::half2 }) {
                        if (precision == message_precision::half2 && ri == 0) {
                            continue; // no half2 SPA
                        }
                        decoder_options o =
                            options(backend_kind::cuda, all_rules[ri], all_schedules[si]);
                        o.precision = precision;
                        // half2 pairs frames in a register: without early
                        // termination each frame's result is its own
                        o.early_termination = precision == message_precision::float32;
                        const batch b = make_batch(*code,
                                                   frames,
                                                   cc.ebn0[si][ri],
                                                   seed,
                                                   90000000 + 1000 * (si * 5 + ri));
                        decoder_options chunked = o;
                        chunked.gpu.batch_frames = 37;
                        chunked.gpu.streams = 3;
                        auto one = make_gpu(code, o);
                        auto many = make_gpu(code, chunked);
                        const result r1 = run(*one, b);
                        const result rm = run(*many, b);
                        const std::string what =
                            cc.spec + " " + to_string(all_rules[ri]) + " " +
                            to_string(all_schedules[si]) + " " + to_string(precision);
                        CPPUNIT_ASSERT_MESSAGE(what + ": chunked codewords differ",
                                               r1.codeword == rm.codeword);
                        CPPUNIT_ASSERT_MESSAGE(what + ": chunked info bits differ",
                                               r1.info == rm.info);
                        CPPUNIT_ASSERT_MESSAGE(what + ": chunked iterations differ",
                                               r1.iterations == rm.iterations);
                        CPPUNIT_ASSERT_MESSAGE(what + ": chunked parity flags differ",
                                               r1.parity_ok == rm.parity_ok);
                        if (precision == message_precision::float32) {
                            auto cpu = make_cpu(code, o);
                            const comparison cmp = compare(rm, run(*cpu, b), b, n);
                            std::cout << describe("chunked " + what, cmp) << "\n";
                            CPPUNIT_ASSERT_MESSAGE(what + ": hard decisions differ",
                                                   cmp.differ <= 1);
                        }
                    }
                }
            }
        }
    }

    /*! A batch whose buffers cannot fit in the device is refused at construction. */
    void test_batch_too_large_refused()
    {
        const auto code = ldpc_code::make("wimax:2304:1/2");
        decoder_options o = options(backend_kind::cuda);
        o.gpu.batch_frames = 1 << 30; // 3.4 KiB per frame: about 3.6 TiB
        GPUFEC_ASSERT_THROW_MSG(
            make_gpu(code, o), gpufec::invalid_argument, "gpu.batch_frames = 1073741824");
        o.gpu.streams = 4;
        o.gpu.batch_frames = 1 << 26; // 4 streams x 64 Mi frames x 3461 B = 871 GiB
        GPUFEC_ASSERT_THROW_MSG(make_gpu(code, o), gpufec::invalid_argument, "MiB");
    }

    /*!
     * Device memory exhausted (the test takes all but 64 MiB of it): the decoder's
     * constructor or decode() throws an error carrying the CUDA text, nothing is
     * leaked (free device memory returns to what it was), and a decoder that failed
     * to decode works again once memory is back.
     */
    void test_out_of_memory_and_no_leak()
    {
        cuda_runtime_api api;
        CPPUNIT_ASSERT_MESSAGE("cudaMemGetInfo etc. not found in the CUDA runtime",
                               api.load());
        const auto code = ldpc_code::make("wimax:2304:1/2");
        const auto big = ldpc_code::make("dvbs2:normal:1/2");
        const size_t frames = 40000; // 352 MiB of float LLRs in one chunk
        const batch b = make_batch(*code,
                                   frames,
                                   std::numeric_limits<double>::quiet_NaN(),
                                   test_seed(),
                                   77000000);
        decoder_options o = options(backend_kind::cuda);
        o.gpu.batch_frames = static_cast<int>(frames);
        o.gpu.streams = 1;
        const decoder_options big_options = options(backend_kind::cuda);
        // load the kernels (lazy module loading takes device memory once)
        {
            auto warm = make_gpu(code, o);
            run(*warm, b, 0, 64);
            auto warm_big = make_gpu(big, big_options);
        }
        CPPUNIT_ASSERT_EQUAL(0, api.synchronize());
        size_t free0 = 0, total = 0;
        CPPUNIT_ASSERT_EQUAL(0, api.mem_get_info(&free0, &total));
        const cuda_memory_in_use held0 = cuda_memory_held();

        // takes all but `keep` bytes of device memory, in pieces of up to 1 GiB
        std::vector<void*> hog;
        auto take_memory = [&](size_t keep) {
            for (;;) {
                size_t free_now = 0;
                CPPUNIT_ASSERT_EQUAL(0, api.mem_get_info(&free_now, &total));
                if (free_now <= keep + (size_t(2) << 20)) {
                    return;
                }
                const size_t piece = std::min<size_t>(free_now - keep, size_t(1) << 30);
                void* p = nullptr;
                if (api.malloc(&p, piece) != 0) {
                    return;
                }
                hog.push_back(p);
            }
        };
        auto give_back = [&] {
            for (void* p : hog) {
                api.free(p);
            }
            hog.clear();
        };
        const size_t keep = size_t(64) << 20;
        {
            auto dec = make_gpu(code, o);
            take_memory(keep);
            std::string what;
            try {
                run(*dec, b);
            } catch (const std::exception& e) {
                what = e.what();
            }
            give_back();
            std::cout << "out of memory in decode(): " << what << "\n";
            CPPUNIT_ASSERT_MESSAGE("decode() did not fail with 64 MiB of device memory "
                                   "for a 352 MiB chunk",
                                   !what.empty());
            CPPUNIT_ASSERT_MESSAGE(
                what, what.find("cudaErrorMemoryAllocation") != std::string::npos);
            CPPUNIT_ASSERT_MESSAGE(what, what.find("batch_frames") != std::string::npos);
            // memory is back: the same decoder decodes the batch
            const result r = run(*dec, b);
            CPPUNIT_ASSERT_MESSAGE("decoding after the failure",
                                   r.codeword == b.codeword);
        }
        {
            // the general kernel's scratch of dvbs2:normal (hundreds of MiB) cannot
            // be allocated: the constructor throws, and frees what it had
            take_memory(size_t(8) << 20);
            std::string what;
            try {
                auto dec = make_gpu(big, big_options);
            } catch (const std::exception& e) {
                what = e.what();
            }
            give_back();
            std::cout << "out of memory in the constructor: " << what << "\n";
            CPPUNIT_ASSERT_MESSAGE("the constructor did not fail with 8 MiB free",
                                   !what.empty());
            CPPUNIT_ASSERT_MESSAGE(what, what.find("gpufec cuda") != std::string::npos);
        }
        CPPUNIT_ASSERT_EQUAL(0, api.synchronize());
        size_t free1 = 0;
        CPPUNIT_ASSERT_EQUAL(0, api.mem_get_info(&free1, &total));
        // the library's own count: exact whatever else holds device memory (other
        // tests' processes, a sanitizer's shadow memory); the device's free memory
        // is printed for the record
        const cuda_memory_in_use held1 = cuda_memory_held();
        std::cout << "device memory free before " << free0 / 1048576 << " MiB, after "
                  << free1 / 1048576 << " MiB; held by gpufec before "
                  << held0.device_bytes << " B device, " << held0.pinned_bytes
                  << " B pinned, after " << held1.device_bytes << " B, "
                  << held1.pinned_bytes << " B\n";
        CPPUNIT_ASSERT_EQUAL_MESSAGE(
            "device memory leaked", held0.device_bytes, held1.device_bytes);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(
            "pinned host memory leaked", held0.pinned_bytes, held1.pinned_bytes);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(qa_cuda_decoder);
