/* -*- c++ -*- */
/*
 * Parameters shared by gr-gpufec's nonbinary blocks and FECAPI objects: NB code
 * and NB decoder construction with messages that name the block.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "nb_decoder_params.h"
#include <gpufec/error.h>
#include <stdexcept>

namespace gr {
namespace gpufec {

::gpufec::nb_code::sptr make_nb_code(const std::string& spec, const std::string& who)
{
    if (!::gpufec::nb_code::is_nb_spec(spec)) {
        throw std::invalid_argument(
            who + ": code spec '" + spec +
            "' is not a nonbinary spec; valid forms: " + ::gpufec::nb_code::spec_forms());
    }
    try {
        auto code = ::gpufec::nb_code::make(spec);
        if (code->k() < 1) { // builds the encoder now: rank problems fail here
            throw std::invalid_argument("the code has no information symbols (K = 0)");
        }
        return code;
    } catch (const ::gpufec::file_format_error& e) {
        throw std::invalid_argument(who + ": code spec '" + spec + "': " + e.what());
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(who + ": code spec '" + spec + "': " + e.what());
    } catch (const std::runtime_error& e) {
        throw std::invalid_argument(who + ": code spec '" + spec + "': " + e.what());
    }
}

::gpufec::nb_decoder::uptr make_nb_decoder(::gpufec::nb_code::sptr code,
                                           const nb_decoder_args& args,
                                           const std::string& who)
{
    ::gpufec::nb_decoder_options o;
    try {
        o.rule = ::gpufec::parse_nb_check_rule(args.algorithm);
        o.schedule = ::gpufec::parse_schedule(args.schedule);
        o.max_iterations = args.max_iterations;
        o.early_termination = args.early_termination;
        o.backend = ::gpufec::parse_backend(args.backend);
        o.threads = args.threads;
        o.ems_nm = args.ems_nm;
        o.ems_offset = args.ems_offset;
        o.ems_scale = args.ems_scale;
        o.validate();
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(who + ": " + e.what());
    }
    try {
        return ::gpufec::nb_decoder::make(std::move(code), o);
    } catch (const ::gpufec::backend_unavailable& e) {
        throw ::gpufec::backend_unavailable(who + ": backend '" + args.backend +
                                            "': " + e.what());
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(who + ": " + e.what());
    }
}

} // namespace gpufec
} // namespace gr
