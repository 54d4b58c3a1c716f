/* -*- c++ -*- */
/*
 * Parameters shared by the nonbinary GNU Radio blocks and FECAPI objects of
 * gr-gpufec: turns their flat make() arguments into a core nb_code and
 * nb_decoder (include/gpufec/nb_code.h, nb_decoder.h), refusing bad ones with a
 * message that names the block and the parameter. The input sign / scale helpers
 * of decoder_params.h apply unchanged (the NB decoder takes bit LLRs of the
 * symbols' binary images, positive means bit 0).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GR_GPUFEC_NB_DECODER_PARAMS_H
#define INCLUDED_GR_GPUFEC_NB_DECODER_PARAMS_H

#include <gpufec/nb_code.h>
#include <gpufec/nb_decoder.h>
#include <string>

namespace gr {
namespace gpufec {

/*! The GF(q) code of an nbalist:/nbqc:/nbreg: spec; errors are prefixed with `who`. */
::gpufec::nb_code::sptr make_nb_code(const std::string& spec, const std::string& who);

/*! The arguments common to every nonbinary decoder make(). */
struct nb_decoder_args {
    std::string algorithm = "minmax";
    std::string schedule = "layered";
    int max_iterations = 10;
    bool early_termination = true;
    std::string backend = "auto";
    int threads = 0;
    int ems_nm = 0;
    float ems_offset = 0.0f;
    float ems_scale = 0.7f;
};

/*! A core NB decoder; errors (bad parameter, backend unusable) prefixed with `who`. */
::gpufec::nb_decoder::uptr make_nb_decoder(::gpufec::nb_code::sptr code,
                                           const nb_decoder_args& args,
                                           const std::string& who);

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_NB_DECODER_PARAMS_H */
