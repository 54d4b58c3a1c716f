/* -*- c++ -*- */
/*
 * The check-node rules (check_node_rule, gpufec/decoder.h) as one descriptor shared
 * by the CPU decoders and the CUDA backend, in the spirit of AFF3CT's update-rule
 * policies: per rule, compile-time traits (min-sum family or not, which of alpha and
 * beta it reads, whether it erases V2C messages on a sign change, which magnitude
 * correction the check node applies, which message precisions it allows), and
 * visit_rule(rule, f), the one switch from a run-time rule to a compile-time tag.
 * Every decoder that dispatches on the rule or tests one of its properties goes
 * through here, so adding a rule means adding one traits specialisation here.
 * Usable from C++ and CUDA sources (GPUFEC_HD: __host__ __device__ under nvcc).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CHECK_NODE_TRAITS_H
#define INCLUDED_GPUFEC_CHECK_NODE_TRAITS_H

#include <gpufec/decoder.h>
#include <gpufec/error.h>
#include <string>

#if defined(__CUDACC__)
#define GPUFEC_HD __host__ __device__
#else
#define GPUFEC_HD
#endif

namespace gpufec {

/*!
 * The correction a min-sum check node applies to the row minima m: none (min-sum,
 * self-corrected min-sum), alpha * m (normalized), max(m - beta, 0) (offset). SPA
 * has none (its box-plus is exact). The values are those of the CUDA kernels'
 * correction_kind (kernel_params.h asserts it).
 */
enum class magnitude_correction : int { none = 0, normalized = 1, offset = 2 };

/*! A check-node rule as a type: what visit_rule hands to its function. */
template <check_node_rule R>
struct rule_tag {
    static constexpr check_node_rule value = R;
};

/*! The traits of one rule; one specialisation per check_node_rule. */
template <check_node_rule R>
struct check_node_traits;

template <>
struct check_node_traits<check_node_rule::spa> {
    static constexpr const char* name = "spa";
    static constexpr bool min_sum_family = false; //!< exact box-plus
    static constexpr bool uses_alpha = false;
    static constexpr bool uses_beta = false;
    static constexpr bool self_corrected = false;
    static constexpr magnitude_correction correction = magnitude_correction::none;
    static constexpr bool half2_allowed = false; //!< the box-plus needs float32
    static constexpr bool int16_allowed = false; //!< float reference decoder only
    static constexpr bool int8_allowed = false;
};

template <>
struct check_node_traits<check_node_rule::min_sum> {
    static constexpr const char* name = "ms";
    static constexpr bool min_sum_family = true;
    static constexpr bool uses_alpha = false;
    static constexpr bool uses_beta = false;
    static constexpr bool self_corrected = false;
    static constexpr magnitude_correction correction = magnitude_correction::none;
    static constexpr bool half2_allowed = true;
    static constexpr bool int16_allowed = true;
    static constexpr bool int8_allowed = true;
};

template <>
struct check_node_traits<check_node_rule::normalized_min_sum> {
    static constexpr const char* name = "nms";
    static constexpr bool min_sum_family = true;
    static constexpr bool uses_alpha = true;
    static constexpr bool uses_beta = false;
    static constexpr bool self_corrected = false;
    static constexpr magnitude_correction correction = magnitude_correction::normalized;
    static constexpr bool half2_allowed = true;
    static constexpr bool int16_allowed = true;
    static constexpr bool int8_allowed = true;
};

template <>
struct check_node_traits<check_node_rule::offset_min_sum> {
    static constexpr const char* name = "oms";
    static constexpr bool min_sum_family = true;
    static constexpr bool uses_alpha = false;
    static constexpr bool uses_beta = true;
    static constexpr bool self_corrected = false;
    static constexpr magnitude_correction correction = magnitude_correction::offset;
    static constexpr bool half2_allowed = true;
    static constexpr bool int16_allowed = true;
    static constexpr bool int8_allowed = true;
};

template <>
struct check_node_traits<check_node_rule::self_corrected_min_sum> {
    static constexpr const char* name = "scms";
    static constexpr bool min_sum_family = true;
    static constexpr bool uses_alpha = false;
    static constexpr bool uses_beta = false;
    //! a V2C whose sign changed against the previous iteration's is erased to 0
    static constexpr bool self_corrected = true;
    static constexpr magnitude_correction correction = magnitude_correction::none;
    static constexpr bool half2_allowed = true;
    static constexpr bool int16_allowed = true;
    static constexpr bool int8_allowed = true;
};

/*! The traits of a rule tag (for `auto tag` parameters of visit_rule's function). */
template <typename Tag>
using traits_of = check_node_traits<Tag::value>;

/*! Every rule, in the enum's order. */
constexpr check_node_rule all_check_node_rules[] = {
    check_node_rule::spa,
    check_node_rule::min_sum,
    check_node_rule::normalized_min_sum,
    check_node_rule::offset_min_sum,
    check_node_rule::self_corrected_min_sum,
};

/*! True for the values of check_node_rule (a cast integer may be none). */
GPUFEC_HD constexpr bool known_rule(check_node_rule rule)
{
    return static_cast<int>(rule) >= static_cast<int>(check_node_rule::spa) &&
           static_cast<int>(rule) <=
               static_cast<int>(check_node_rule::self_corrected_min_sum);
}

/*!
 * Calls f(rule_tag<rule>{}) and returns what it returns: the one switch over the
 * rule. An unknown value throws gpufec::invalid_argument on the host (traps on the
 * device); callers with their own message test known_rule() first.
 */
#ifdef __CUDACC__
#pragma nv_exec_check_disable
#endif
template <typename F>
GPUFEC_HD constexpr decltype(auto) visit_rule(check_node_rule rule, F&& f)
{
    switch (rule) {
    case check_node_rule::spa:
        return f(rule_tag<check_node_rule::spa>{});
    case check_node_rule::min_sum:
        return f(rule_tag<check_node_rule::min_sum>{});
    case check_node_rule::normalized_min_sum:
        return f(rule_tag<check_node_rule::normalized_min_sum>{});
    case check_node_rule::offset_min_sum:
        return f(rule_tag<check_node_rule::offset_min_sum>{});
    case check_node_rule::self_corrected_min_sum:
        break;
    default:
#ifdef __CUDA_ARCH__
        __trap();
#else
        throw invalid_argument("unknown check-node rule " +
                               std::to_string(static_cast<int>(rule)));
#endif
    }
    return f(rule_tag<check_node_rule::self_corrected_min_sum>{});
}

/*! The traits of a run-time rule, as values. */
struct rule_properties {
    bool min_sum_family;
    bool uses_alpha;
    bool uses_beta;
    bool self_corrected;
    magnitude_correction correction;
    bool half2_allowed;
    bool int16_allowed;
    bool int8_allowed;
};

namespace check_node_detail {
struct properties_of {
    template <typename Tag>
    GPUFEC_HD constexpr rule_properties operator()(Tag) const
    {
        using T = traits_of<Tag>;
        return { T::min_sum_family, T::uses_alpha,    T::uses_beta,     T::self_corrected,
                 T::correction,     T::half2_allowed, T::int16_allowed, T::int8_allowed };
    }
};
} // namespace check_node_detail

GPUFEC_HD constexpr rule_properties properties(check_node_rule rule)
{
    return visit_rule(rule, check_node_detail::properties_of{});
}

GPUFEC_HD constexpr bool is_min_sum_family(check_node_rule rule)
{
    return properties(rule).min_sum_family;
}
GPUFEC_HD constexpr bool uses_alpha(check_node_rule rule)
{
    return properties(rule).uses_alpha;
}
GPUFEC_HD constexpr bool uses_beta(check_node_rule rule)
{
    return properties(rule).uses_beta;
}
GPUFEC_HD constexpr bool is_self_corrected(check_node_rule rule)
{
    return properties(rule).self_corrected;
}
GPUFEC_HD constexpr magnitude_correction correction_of(check_node_rule rule)
{
    return properties(rule).correction;
}

/*! The one rule that reads alpha (normalized min-sum), and the one that reads beta. */
constexpr check_node_rule alpha_rule = check_node_rule::normalized_min_sum;
constexpr check_node_rule beta_rule = check_node_rule::offset_min_sum;

static_assert(check_node_traits<alpha_rule>::uses_alpha &&
                  !uses_alpha(check_node_rule::spa) &&
                  !uses_alpha(check_node_rule::min_sum) &&
                  !uses_alpha(check_node_rule::offset_min_sum) &&
                  !uses_alpha(check_node_rule::self_corrected_min_sum),
              "alpha_rule is the only rule that reads alpha");
static_assert(check_node_traits<beta_rule>::uses_beta &&
                  !uses_beta(check_node_rule::spa) &&
                  !uses_beta(check_node_rule::min_sum) &&
                  !uses_beta(check_node_rule::normalized_min_sum) &&
                  !uses_beta(check_node_rule::self_corrected_min_sum),
              "beta_rule is the only rule that reads beta");

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_CHECK_NODE_TRAITS_H */
