/* -*- c++ -*- */
/*
 * A code of either kind, binary (ldpc_code) or GF(q) (nb_code), named by one
 * spec: the nbalist:, nbqc: and nbreg: forms make a GF(q) code, every other
 * form (ldpc_code.h) a binary one. What a caller that serves both kinds needs
 * to know of a code without asking which kind it is: lengths in bits and
 * symbols, bits per symbol, name.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CODE_H
#define INCLUDED_GPUFEC_CODE_H

#include <gpufec/api.h>
#include <gpufec/ldpc_code.h>
#include <gpufec/nb_code.h>
#include <string>

namespace gpufec {

/*! Holds exactly one code, binary or GF(q). */
class GPUFEC_API code_handle
{
public:
    /*! Wraps a binary code; throws gpufec::invalid_argument for a null one. */
    explicit code_handle(ldpc_code::sptr binary);
    /*! Wraps a GF(q) code; throws gpufec::invalid_argument for a null one. */
    explicit code_handle(nb_code::sptr nonbinary);

    /*! True for a binary code (binary() is set), false for GF(q) (nonbinary()). */
    bool is_binary() const { return static_cast<bool>(d_binary); }
    /*! The binary code, or null for a GF(q) code. */
    const ldpc_code::sptr& binary() const { return d_binary; }
    /*! The GF(q) code, or null for a binary code. */
    const nb_code::sptr& nonbinary() const { return d_nonbinary; }

    /*! Bits per symbol: 1 for a binary code, p for GF(2^p). */
    int bits_per_symbol() const;
    /*! Field size q: 2 for a binary code. */
    int q() const;
    /*! Code symbols N (bits for a binary code). */
    int n() const;
    /*! Information symbols K (bits for a binary code); builds the encoder. */
    int k() const;
    /*! Transmitted bits: n() * bits_per_symbol(). */
    int n_bits() const { return n() * bits_per_symbol(); }
    /*! Information bits: k() * bits_per_symbol(). */
    int k_bits() const { return k() * bits_per_symbol(); }
    /*! The code's name (its spec, as the code reports it). */
    std::string name() const;

private:
    ldpc_code::sptr d_binary;
    nb_code::sptr d_nonbinary;
};

/*!
 * The code of a spec, of either kind (see file comment). Throws what
 * ldpc_code::make or nb_code::make throw for a bad spec or file.
 */
GPUFEC_API code_handle make_code(const std::string& spec);

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_CODE_H */
