/* -*- c++ -*- */
/*
 * The decoder options by name: one table of every option of decoder_options
 * (decoder.h, its gpu part and its GF(q) part, nonbinary_options.h) with its
 * name, accepted values, help text and the kind of code it applies to, and the
 * parser that every interface (the GNU Radio blocks, the Python API, the apps)
 * turns names and values into decoder_options with: set one option from text,
 * parse "name=value,name=value", list the options for a help text, check the
 * options against the kind of code (binary or GF(q)).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_DECODER_OPTION_PARSER_H
#define INCLUDED_GPUFEC_DECODER_OPTION_PARSER_H

#include <gpufec/api.h>
#include <gpufec/decoder.h>
#include <gpufec/unused_options.h>
#include <string>
#include <utility>
#include <vector>

namespace gpufec {

/*! The codes an option applies to. */
enum class option_codes {
    both,     //!< binary and GF(q) codes
    binary,   //!< binary codes only (a GF(q) decoder does not read it)
    nonbinary //!< GF(q) codes only (a binary decoder does not read it)
};

/*! One option of the table. */
struct GPUFEC_API decoder_option_info {
    std::string name;   //!< as Python's keywords spell it: "fraction_bits"
    std::string values; //!< the accepted values, for help texts: "layered, flooding"
    std::string help;   //!< what it sets
    option_codes codes; //!< the kind of code it applies to
    std::string default_value; //!< the default decoder_options' value, as text
};

/*! Every option, in the order of the help text. */
GPUFEC_API const std::vector<decoder_option_info>& decoder_option_table();

/*! Where options come from, for the messages of the refusals. */
struct GPUFEC_API option_source {
    std::string who; //!< prefix of every message ("gpufec.batch_decoder"), or empty
    option_spelling spelling = option_spelling::field; //!< "alpha" or "--alpha"
    bool quote_values = false; //!< values as typed (a command line): shown quoted
};

/*!
 * Sets option \p name of \p o from \p value. Names are the table's; values as
 * its `values` say (numbers in decimal, "auto" where the option has it; names of
 * rules, schedules and so on in any case). Throws gpufec::invalid_argument
 * naming the option and the value for an unknown name or a value that does not
 * parse. Ranges (alpha in (0, 1], threads <= 1024, ...) are decoder_options::
 * validate()'s and nb_decoder_options::validate()'s to check. "algorithm" sets
 * the binary rule for a binary rule's name, the GF(q) rule for a GF(q) rule's,
 * and both to their defaults (nms, minmax) for "auto".
 */
GPUFEC_API void set_decoder_option(decoder_options& o,
                                   const std::string& name,
                                   const std::string& value,
                                   const option_source& source = {});

/*!
 * The value of option \p name of \p o as text that set_decoder_option reads
 * back to the same value ("algorithm": the binary rule). Throws
 * gpufec::invalid_argument for an unknown name.
 */
GPUFEC_API std::string get_decoder_option(const decoder_options& o,
                                          const std::string& name);

/*! The kind of code that options are meant for. */
enum class code_kind {
    any,      //!< not known: no check
    binary,   //!< a binary code (ldpc_code)
    nonbinary //!< a GF(q) code (nb_code)
};

/*!
 * Checks option \p name = \p value against a code of kind \p kind (named
 * \p spec in the messages): an option of the other kind whose value differs
 * from its default is refused ("alpha is 0.8, but code 'nbreg:...' is a
 * nonbinary code; alpha applies to binary codes only (...)"), and so is an
 * algorithm of the other kind. Throws gpufec::invalid_argument; a value that
 * does not parse is refused as set_decoder_option refuses it.
 */
GPUFEC_API void check_decoder_option(const std::string& name,
                                     const std::string& value,
                                     code_kind kind,
                                     const std::string& spec,
                                     const option_source& source = {});

/*! Options as name / value pairs, in the order given. */
using option_list = std::vector<std::pair<std::string, std::string>>;

/*!
 * Splits "name=value,name=value" (spaces around names and values ignored, an
 * empty text gives no pairs). Throws gpufec::invalid_argument for an item
 * without '=' or with an empty name.
 */
GPUFEC_API option_list split_decoder_options(const std::string& text);

/*!
 * \p base with the options of \p options set in order, each first checked
 * against \p kind (check_decoder_option). Throws gpufec::invalid_argument as
 * those functions do. Does not call validate().
 */
GPUFEC_API decoder_options parse_decoder_options(const option_list& options,
                                                 code_kind kind = code_kind::any,
                                                 const std::string& spec = "",
                                                 const option_source& source = {},
                                                 const decoder_options& base = {});
/*! As above, from "name=value,name=value". */
GPUFEC_API decoder_options parse_decoder_options(const std::string& text,
                                                 code_kind kind = code_kind::any,
                                                 const std::string& spec = "",
                                                 const option_source& source = {},
                                                 const decoder_options& base = {});

/*!
 * A value as the parser reads it back exactly: the shortest decimal of a float
 * (0.7f gives "0.7"), an integer in decimal, a flag as on / off. For the
 * interfaces whose arguments come as numbers (Python, the blocks).
 */
GPUFEC_API std::string option_value(float v);
GPUFEC_API std::string option_value(int v);
GPUFEC_API std::string option_value(bool v);

/*!
 * Every option of \p o as "name=value,..." in the table's order, which
 * parse_decoder_options reads back to the same options.
 */
GPUFEC_API std::string format_decoder_options(const decoder_options& o);

/*!
 * One line per option, from the table: "  name=VALUES  help (binary codes
 * only) [default D]", in \p spelling ("--fraction-bits" for the command line).
 */
GPUFEC_API std::string
decoder_options_help(option_spelling spelling = option_spelling::field);

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_DECODER_OPTION_PARSER_H */
