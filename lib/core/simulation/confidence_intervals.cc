/* -*- c++ -*- */
/*
 * Confidence intervals of a simulated point (see ber_simulator.h): the Wilson
 * score interval of a proportion (E. B. Wilson, "Probable inference, the law of
 * succession, and statistical inference", J. Am. Stat. Assoc. 22, 1927) for the
 * FER, and for the BER, whose bit errors come in frames, the product of the FER's
 * interval and a Student t interval of the mean bit errors per failed frame,
 * combined by the Bonferroni inequality (docs/SIMULATOR.md, "What is counted").
 * Student's t quantile inverts its distribution function, computed through the
 * regularized incomplete beta function (continued fraction, modified Lentz).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gpufec/ber_simulator.h>
#include <gpufec/error.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>

namespace gpufec {

namespace {

std::string number_text(double v)
{
    std::ostringstream s;
    s << v;
    return s.str();
}

void check_confidence(double confidence, const char* what)
{
    if (!(confidence > 0.0 && confidence < 1.0)) {
        throw invalid_argument(std::string(what) + ": confidence " +
                               number_text(confidence) + " is outside (0, 1)");
    }
}

/* z with P(|Z| <= z) = confidence for a standard normal Z (bisection on erf). */
double two_sided_z(double confidence)
{
    double lo = 0.0;
    double hi = 40.0;
    for (int i = 0; i < 200; i++) {
        const double mid = 0.5 * (lo + hi);
        if (std::erf(mid / std::sqrt(2.0)) < confidence) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    return 0.5 * (lo + hi);
}

/* Continued fraction of the incomplete beta function (modified Lentz). */
double beta_fraction(double a, double b, double x)
{
    const double tiny = 1e-300;
    const auto guard = [tiny](double v) { return std::fabs(v) < tiny ? tiny : v; };
    double c = 1.0;
    double d = 1.0 / guard(1.0 - (a + b) * x / (a + 1.0));
    double h = d;
    for (int m = 1; m <= 10000; m++) {
        const double m2 = 2.0 * m;
        // even step
        double num = m * (b - m) * x / ((a + m2 - 1.0) * (a + m2));
        d = 1.0 / guard(1.0 + num * d);
        c = guard(1.0 + num / c);
        h *= d * c;
        // odd step
        num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1.0));
        d = 1.0 / guard(1.0 + num * d);
        c = guard(1.0 + num / c);
        const double step = d * c;
        h *= step;
        if (std::fabs(step - 1.0) < 1e-15) {
            break;
        }
    }
    return h;
}

/* The regularized incomplete beta function I_x(a, b), 0 <= x <= 1. */
double incomplete_beta(double a, double b, double x)
{
    if (x <= 0.0) {
        return 0.0;
    }
    if (x >= 1.0) {
        return 1.0;
    }
    const double front = std::exp(std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) +
                                  a * std::log(x) + b * std::log1p(-x));
    if (x < (a + 1.0) / (a + b + 2.0)) {
        return front * beta_fraction(a, b, x) / a;
    }
    return 1.0 - front * beta_fraction(b, a, 1.0 - x) / b;
}

/* P(T > t) for Student's t with df degrees of freedom, t >= 0. */
double student_t_upper_tail(double t, double df)
{
    return 0.5 * incomplete_beta(0.5 * df, 0.5, df / (df + t * t));
}

} // namespace

confidence_interval wilson_interval(uint64_t errors, uint64_t trials, double confidence)
{
    check_confidence(confidence, "wilson_interval");
    if (errors > trials) {
        throw invalid_argument("wilson_interval: errors (" + std::to_string(errors) +
                               ") exceed trials (" + std::to_string(trials) + ")");
    }
    confidence_interval ci;
    if (trials == 0) {
        return ci;
    }
    const double z = two_sided_z(confidence);
    const double n = static_cast<double>(trials);
    const double p = static_cast<double>(errors) / n;
    const double z2 = z * z;
    const double denom = 1.0 + z2 / n;
    const double centre = (p + z2 / (2.0 * n)) / denom;
    const double half = z * std::sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n)) / denom;
    ci.lower = errors == 0 ? 0.0 : std::max(0.0, centre - half);
    ci.upper = errors == trials ? 1.0 : std::min(1.0, centre + half);
    return ci;
}

double student_t_quantile(double q, double df)
{
    if (!(q > 0.0 && q < 1.0)) {
        throw invalid_argument("student_t_quantile: q " + number_text(q) +
                               " is outside (0, 1)");
    }
    if (!(df > 0.0) || !std::isfinite(df)) {
        throw invalid_argument("student_t_quantile: df " + number_text(df) +
                               " is not a finite number > 0");
    }
    if (q == 0.5) {
        return 0.0;
    }
    const double tail = q > 0.5 ? 1.0 - q : q; // P(T > t) wanted
    double lo = 0.0;
    double hi = 1.0;
    while (student_t_upper_tail(hi, df) > tail && hi < 1e300) {
        lo = hi;
        hi *= 2.0;
    }
    for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
        const double mid = 0.5 * (lo + hi);
        if (student_t_upper_tail(mid, df) > tail) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    const double t = 0.5 * (lo + hi);
    return q > 0.5 ? t : -t;
}

confidence_interval clustered_ber_interval(uint64_t frames,
                                           uint64_t frame_errors,
                                           uint64_t bit_errors,
                                           uint64_t bit_errors_sq,
                                           uint64_t bits_per_frame,
                                           double confidence)
{
    check_confidence(confidence, "clustered_ber_interval");
    const auto counts = [&] {
        return " (frames " + std::to_string(frames) + ", frame errors " +
               std::to_string(frame_errors) + ", bit errors " +
               std::to_string(bit_errors) + ", bit_errors_sq " +
               std::to_string(bit_errors_sq) + ", " + std::to_string(bits_per_frame) +
               " bits per frame)";
    };
    if (frame_errors > frames) {
        throw invalid_argument("clustered_ber_interval: frame errors exceed frames" +
                               counts());
    }
    confidence_interval ci;
    if (frames == 0) {
        return ci;
    }
    if (bits_per_frame == 0) {
        throw invalid_argument("clustered_ber_interval: no bits per frame" + counts());
    }
    using wide = unsigned __int128;
    const wide m = frame_errors, s = bit_errors, q = bit_errors_sq, k = bits_per_frame;
    // each failed frame has between 1 and k wrong bits: m <= s <= m k, and for the
    // squares s <= q <= s k (e^2 between e and e k) and q m >= s^2 (Cauchy-Schwarz)
    if (s < m || s > m * k || q < s || q > s * k || q * m < s * s) {
        throw invalid_argument("clustered_ber_interval: the counts are not those of "
                               "frames with 1 to " +
                               std::to_string(bits_per_frame) +
                               " wrong bits per failed frame" + counts());
    }
    const double kd = static_cast<double>(bits_per_frame);
    if (frame_errors <= 1) {
        // the errors per failed frame are known only to lie in [1, k]: the FER
        // interval takes the whole confidence
        const confidence_interval fer = wilson_interval(frame_errors, frames, confidence);
        ci.lower = frame_errors == 0 ? 0.0 : fer.lower / kd;
        ci.upper = fer.upper;
        return ci;
    }
    const double part = 1.0 - 0.5 * (1.0 - confidence); // Bonferroni: each half of alpha
    const confidence_interval fer = wilson_interval(frame_errors, frames, part);
    const double md = static_cast<double>(frame_errors);
    const double mean = static_cast<double>(bit_errors) / md;
    // sample variance from the exact integer sums: (m q - s^2) / (m (m - 1))
    const double spread = static_cast<double>(q * m - s * s);
    const double variance = spread / (md * (md - 1.0));
    const double t = student_t_quantile(1.0 - 0.5 * (1.0 - part), md - 1.0);
    const double half = t * std::sqrt(variance / md);
    const double mu_lo = std::max(1.0, std::min(mean, mean - half));
    const double mu_hi = std::min(kd, std::max(mean, mean + half));
    const double ber =
        static_cast<double>(bit_errors) / (static_cast<double>(frames) * kd);
    ci.lower = std::min(ber, fer.lower * mu_lo / kd);
    ci.upper = std::min(1.0, std::max(ber, fer.upper * mu_hi / kd));
    return ci;
}

confidence_interval fer_confidence_interval(const ber_point& point, double confidence)
{
    return wilson_interval(point.frame_errors, point.frames, confidence);
}

confidence_interval ber_confidence_interval(const ber_point& point, double confidence)
{
    const uint64_t k = point.frames ? point.info_bits / point.frames : 0;
    return clustered_ber_interval(point.frames,
                                  point.frame_errors,
                                  point.bit_errors,
                                  point.bit_errors_sq,
                                  k,
                                  confidence);
}

} // namespace gpufec
