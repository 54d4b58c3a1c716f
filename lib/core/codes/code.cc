/* -*- c++ -*- */
/*
 * A code of either kind behind one handle (include/gpufec/code.h).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gpufec/code.h>
#include <gpufec/code_families.h>
#include <gpufec/error.h>

namespace gpufec {

code_handle::code_handle(ldpc_code::sptr binary) : d_binary(std::move(binary))
{
    if (!d_binary) {
        throw invalid_argument("code_handle: the binary code is null");
    }
}

code_handle::code_handle(nb_code::sptr nonbinary) : d_nonbinary(std::move(nonbinary))
{
    if (!d_nonbinary) {
        throw invalid_argument("code_handle: the nonbinary code is null");
    }
}

int code_handle::bits_per_symbol() const { return d_binary ? 1 : d_nonbinary->p(); }

int code_handle::q() const { return d_binary ? 2 : d_nonbinary->q(); }

int code_handle::n() const { return d_binary ? d_binary->n() : d_nonbinary->n(); }

int code_handle::k() const { return d_binary ? d_binary->k() : d_nonbinary->k(); }

std::string code_handle::name() const
{
    return d_binary ? d_binary->name() : d_nonbinary->name();
}

code_handle make_code(const std::string& spec)
{
    const code_family* family = code_family_of_spec(spec);
    if (family != nullptr && family->nonbinary) {
        return code_handle(family->make_nonbinary(spec, 0));
    }
    return code_handle(ldpc_code::make(spec));
}

} // namespace gpufec
