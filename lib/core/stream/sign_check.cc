/* -*- c++ -*- */
/*
 * sign_check: the wrong-sign warning's text (sign_check.h).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stream/sign_check.h"

namespace gpufec {

std::string sign_check::message(bool positive_is_1) const
{
    const std::string llr = "LLRs ln(P(b=0)/P(b=1)): positive means bit 0";
    const std::string soft = "gr-fec / GNU Radio soft bits: positive means bit 1";
    const std::string is_1 = "sign=\"positive_is_1\"";
    const std::string is_0 = "sign=\"positive_is_0\"";
    return "the last " + std::to_string(d_retry_run) +
           " frames all failed their parity checks, and one of them decodes "
           "with its input negated: the input seems to have the opposite sign "
           "convention. This block has " +
           (positive_is_1 ? is_1 + " (" + soft : is_0 + " (" + llr) +
           "); if the source gives " +
           (positive_is_1 ? llr + ", set " + is_0 : soft + ", set " + is_1) +
           ". (Said once; the check stops here.)";
}

} // namespace gpufec
