/* -*- c++ -*- */
/*
 * A binary LDPC code named by a code spec string, the one name used by the CLI,
 * Python and GRC:
 *   wifi:N:RATE        IEEE 802.11n, N in {648,1296,1944}, RATE in {1/2,2/3,3/4,5/6}
 *   wimax:N:RATE       IEEE 802.16e, N in 576..2304 step 96, RATE in
 *                      {1/2,2/3A,2/3B,3/4A,3/4B,5/6}
 *   nr5g:bg1:Z | nr5g:bg2:Z   5G NR base graph, Z a lifting size (38.212 Table 5.3.2-1)
 *   dvbs2:normal:RATE | dvbs2:short:RATE   DVB-S2 (EN 302 307)
 *   alist:PATH[:PLACEMENT]  an alist file (parity-check matrix); PLACEMENT of
 *                      the information bits: pivot (default) or grfec
 *   PATH.alist[:PLACEMENT]  the same: a plain path ending in .alist
 *   galist:PATH        a systematic generator matrix G = [I | P] in alist layout
 *                      (gr-fec's generator-matrix files); information first
 *   qc:PATH            a base-matrix .qc file
 * An alist file whose name says it holds a generator matrix (its base name
 * contains "gen_matrix" or "g_matrix", as gr-fec's do) is refused as alist:,
 * with a pointer to galist: (read as H it would give a different code, silently).
 * A code holds H, the punctured columns (never transmitted; the decoder sets
 * their LLRs to 0), an encoder, built on first use, and its information-bit
 * placement (info_placement.h): which columns carry the information bits, what
 * the encoder writes and the decoders read back.
 *
 * Lengths: n() is the number of transmitted bits, n_full() the columns of H
 * (n() + punctured), k() the information bits. A codeword in this API is the
 * transmitted one (n() bits) unless a name says "full".
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_LDPC_CODE_H
#define INCLUDED_GPUFEC_LDPC_CODE_H

#include <cstdint>
#include <gpufec/api.h>
#include <gpufec/encoder.h>
#include <gpufec/info_placement.h>
#include <gpufec/parity_check_matrix.h>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace gpufec {

class GPUFEC_API ldpc_code
{
public:
    using sptr = std::shared_ptr<const ldpc_code>;

    /*!
     * Makes a code from a spec (see file comment). An unknown or malformed spec
     * throws gpufec::invalid_argument with a message listing the valid forms.
     */
    static sptr make(const std::string& spec);

    /*!
     * Wraps an explicit H. The encoder is `kind` ("dual-diagonal" with kb and
     * core_rows, "accumulator", or "generic").
     */
    static sptr from_matrix(parity_check_matrix h,
                            std::vector<int> punctured_columns,
                            const std::string& name,
                            const std::string& encoder_kind = "generic",
                            int kb = 0,
                            int core_rows = 0);

    /*!
     * Wraps an explicit H whose information bit i sits in column
     * info_positions[i] (generic encoder; no punctured columns). An empty list
     * with placement grfec means gr-fec's columns for this H
     * (grfec_info_positions), computed with the encoder. The encoder, built on
     * first use (k() builds it), throws gpufec::invalid_argument when the
     * columns are not an information set of H. `placement` is what placement()
     * reports.
     */
    static sptr from_matrix_info(parity_check_matrix h,
                                 std::vector<int> info_positions,
                                 const std::string& name,
                                 info_placement placement);

    /*! Text listing every valid spec form, used in error messages and --help. */
    static std::string spec_forms();

    const std::string& name() const { return d_name; }
    const parity_check_matrix& h() const { return d_h; }
    int n_full() const { return d_h.cols(); }
    int n() const { return d_h.cols() - static_cast<int>(d_punctured.size()); }
    int m() const { return d_h.rows(); }
    /*! Information bits; for a generic code this builds the encoder (elimination). */
    int k() const { return get_encoder().k(); }
    double rate() const { return static_cast<double>(k()) / n(); }
    int q() const { return 2; }

    const std::vector<int>& punctured_columns() const { return d_punctured; }
    /*! Columns of H that are transmitted, in transmission order (n() entries). */
    const std::vector<int>& transmitted_columns() const { return d_transmitted; }
    /*! Columns of H carrying information bit i (k() entries). */
    const std::vector<int>& info_positions() const
    {
        return get_encoder().info_positions();
    }

    /*!
     * Where the information bits sit (info_placement.h): standard for the
     * standard families, pivot for alist / qc files unless the spec says
     * grfec, grfec for galist.
     */
    info_placement placement() const { return d_placement; }
    /*!
     * One line for people: the placement's name, what it means for this code,
     * and the information columns by runs, e.g. "grfec (gr-fec's columns: ...):
     * columns 58-99". Builds the encoder.
     */
    std::string placement_description() const;

    /*! The encoder (built once, thread-safe). */
    const encoder& get_encoder() const;

    /*! Encodes k() info bits to the n() transmitted bits. */
    void encode(const uint8_t* info, uint8_t* codeword) const;
    /*! Encodes k() info bits to the full codeword (n_full() bits). */
    void encode_full(const uint8_t* info, uint8_t* codeword_full) const;

private:
    ldpc_code() = default;

    std::string d_name;
    parity_check_matrix d_h;
    std::vector<int> d_punctured;
    std::vector<int> d_transmitted;
    std::string d_encoder_kind;
    int d_kb = 0;
    int d_core_rows = 0;
    info_placement d_placement = info_placement::pivot;
    std::vector<int> d_given_info; //!< generic-given: info bit i -> column
    bool d_grfec_columns = false;  //!< generic-given: gr-fec's columns, computed
    std::string d_placement_note;  //!< what the placement means for this code
    mutable std::once_flag d_encoder_once;
    mutable std::unique_ptr<encoder> d_encoder;
};

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_LDPC_CODE_H */
