/* -*- c++ -*- */
/*
 * Test helper: the check-node rules the decoder tests loop over, in one place
 * (every rule; the min-sum family, which the SIMD decoders and the CUDA register
 * and flooding kernels take) with their option names, checked at compile time
 * against the rule descriptor (decoders/check_node_traits.h).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_TESTS_RULE_LIST_H
#define INCLUDED_GPUFEC_TESTS_RULE_LIST_H

#include "decoders/check_node_traits.h"
#include <gpufec/decoder.h>

namespace gpufec_test {

/*! Every check-node rule, in the enum's order. */
inline constexpr gpufec::check_node_rule all_rules[] = {
    gpufec::check_node_rule::spa,
    gpufec::check_node_rule::min_sum,
    gpufec::check_node_rule::normalized_min_sum,
    gpufec::check_node_rule::offset_min_sum,
    gpufec::check_node_rule::self_corrected_min_sum,
};

/*! The min-sum family: every rule but SPA, in the enum's order. */
inline constexpr gpufec::check_node_rule min_sum_rules[] = {
    gpufec::check_node_rule::min_sum,
    gpufec::check_node_rule::normalized_min_sum,
    gpufec::check_node_rule::offset_min_sum,
    gpufec::check_node_rule::self_corrected_min_sum,
};

/*! A rule and its option name (the algorithm= value, to_string(rule)). */
struct named_rule {
    gpufec::check_node_rule rule;
    const char* name;
};

inline constexpr named_rule rule_names[] = {
    { gpufec::check_node_rule::spa, "spa" },
    { gpufec::check_node_rule::min_sum, "ms" },
    { gpufec::check_node_rule::normalized_min_sum, "nms" },
    { gpufec::check_node_rule::offset_min_sum, "oms" },
    { gpufec::check_node_rule::self_corrected_min_sum, "scms" },
};

namespace rule_list_detail {
constexpr bool same_name(const char* a, const char* b)
{
    return *a == *b && (*a == '\0' || same_name(a + 1, b + 1));
}
constexpr bool lists_agree()
{
    constexpr int n = sizeof(all_rules) / sizeof(all_rules[0]);
    static_assert(n == sizeof(gpufec::all_check_node_rules) /
                           sizeof(gpufec::all_check_node_rules[0]),
                  "all_rules lists every rule");
    int m = 0;
    for (int i = 0; i < n; ++i) {
        if (all_rules[i] != gpufec::all_check_node_rules[i] ||
            rule_names[i].rule != all_rules[i])
            return false;
        const char* traits_name = gpufec::visit_rule(all_rules[i], [](auto tag) {
            return gpufec::traits_of<decltype(tag)>::name;
        });
        if (!same_name(traits_name, rule_names[i].name))
            return false;
        if (gpufec::is_min_sum_family(all_rules[i]) && min_sum_rules[m++] != all_rules[i])
            return false;
    }
    return m == sizeof(min_sum_rules) / sizeof(min_sum_rules[0]);
}
static_assert(lists_agree(), "the test rule lists follow check_node_traits.h");
} // namespace rule_list_detail

} // namespace gpufec_test

#endif /* INCLUDED_GPUFEC_TESTS_RULE_LIST_H */
