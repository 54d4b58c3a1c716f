/* -*- c++ -*- */
/*
 * The one table of code families: every spec form a code is named by (the
 * standard families wifi, wimax, dvbs2, nr5g; the matrix files alist, galist,
 * qc; the GF(q) forms nbalist, nbqc, nbreg), each row with its name (the spec's
 * first ':'-field), kind (binary or GF(q)), spec grammar and help text, the
 * forms / sizes / rates GRC offers, its builder, the specs of its standard
 * codes and its default rule parameters. ldpc_code::make, nb_code::make,
 * make_code, standard_codes.h's family lists, the spec help texts,
 * default_rule_parameters, the Python helpers and the GRC enums read it.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CODE_FAMILIES_H
#define INCLUDED_GPUFEC_CODE_FAMILIES_H

#include <gpufec/api.h>
#include <gpufec/decoder.h>
#include <gpufec/ldpc_code.h>
#include <gpufec/nb_code.h>
#include <string>
#include <vector>

namespace gpufec {

/*! One code family: a row of the table (see file comment). */
struct GPUFEC_API code_family {
    /*! How GRC asks for the rest of the spec. */
    enum class input_kind {
        parameters, //!< fields typed after the name (wifi:648:1/2)
        file        //!< a file path after the name (alist:PATH)
    };

    std::string name;    //!< the spec's first field, e.g. "wifi"
    bool nonbinary;      //!< a GF(q) code (nb_code), else binary (ldpc_code)
    bool standard;       //!< a standard family: standard_specs() lists its codes
    input_kind input;    //!< parameters or a file path
    std::string grammar; //!< the spec form, e.g. "wifi:N:RATE"
    std::string help;    //!< its line(s) in ldpc_code / nb_code spec_forms()
    std::string label;   //!< GRC's label of the family, e.g. "IEEE 802.11n"
    std::string example; //!< GRC's example of the parameters after "name:"
    /*!
     * What GRC and listings offer: the forms, sizes and rates after "name:"
     * (e.g. "648:1/2"); for a standard family the parameters of every standard
     * code, else a few examples; empty for a file form.
     */
    std::vector<std::string> choices;

    /*! The binary code of a spec of this family (nonbinary false). */
    ldpc_code::sptr (*make_binary)(const std::string& spec, const std::string& rest);
    /*! The GF(q) code of a spec of this family (nonbinary true). */
    nb_code::sptr (*make_nonbinary)(const std::string& spec, unsigned polynomial);
    /*!
     * The default rule parameters of the code named `spec` (a spec of this
     * family); null: those of any other code (other_code_rule_parameters).
     */
    rule_parameters (*rule_defaults)(const std::string& spec);

    /*! The full specs of choices(): "name:" + each choice. */
    std::vector<std::string> standard_specs() const;
};

/*! Every family, in the table's order: wifi, wimax, dvbs2, nr5g, then the
 * file forms, then the GF(q) forms. */
GPUFEC_API const std::vector<code_family>& code_families();

/*! The family named `name` (exact, case-sensitive), or null. */
GPUFEC_API const code_family* find_code_family(const std::string& name);

/*!
 * The family named `name`; throws gpufec::invalid_argument "unknown code family
 * 'x'; families: ..." for another.
 */
GPUFEC_API const code_family& code_family_named(const std::string& name);

/*!
 * The family of a spec by its first ':'-field (case-sensitive), or null (a
 * plain path, an unknown family).
 */
GPUFEC_API const code_family* code_family_of_spec(const std::string& spec);

/*! The rule parameters of a code that no family row gives its own: 0.75, 0.5, 10. */
GPUFEC_API rule_parameters other_code_rule_parameters();

/*! The help lines of the binary (or GF(q)) families, in the table's order. */
GPUFEC_API std::string code_family_help(bool nonbinary);

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_CODE_FAMILIES_H */
