/* -*- c++ -*- */
/*
 * The builders of the code family table (code_families.cc): one per family,
 * each making the code of a spec of its family. The binary ones live in
 * ldpc_code.cc, the GF(q) ones in nb_code.cc, next to the parsing helpers and
 * error messages of their kind. `rest` is the spec after its first ':'.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CODES_FAMILY_BUILDERS_H
#define INCLUDED_GPUFEC_CODES_FAMILY_BUILDERS_H

#include <gpufec/ldpc_code.h>
#include <gpufec/nb_code.h>
#include <string>

namespace gpufec {
namespace family_builders {

ldpc_code::sptr wifi(const std::string& spec, const std::string& rest);
ldpc_code::sptr wimax(const std::string& spec, const std::string& rest);
ldpc_code::sptr dvbs2(const std::string& spec, const std::string& rest);
ldpc_code::sptr nr5g(const std::string& spec, const std::string& rest);
ldpc_code::sptr alist(const std::string& spec, const std::string& rest);
ldpc_code::sptr galist(const std::string& spec, const std::string& rest);
ldpc_code::sptr qc(const std::string& spec, const std::string& rest);

nb_code::sptr nbalist(const std::string& spec, unsigned polynomial);
nb_code::sptr nbqc(const std::string& spec, unsigned polynomial);
nb_code::sptr nbreg(const std::string& spec, unsigned polynomial);

} // namespace family_builders
} // namespace gpufec

#endif /* INCLUDED_GPUFEC_CODES_FAMILY_BUILDERS_H */
