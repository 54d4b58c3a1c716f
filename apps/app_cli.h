/* -*- c++ -*- */
/*
 * The apps' command lines over CLI11: an option kept as text (parsed and checked
 * later, so a bad value is a usage_error naming the option), shown in the help
 * with its value's name and default, and the parse of a command line with --help
 * and bad options handled the same way in every app.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_APPS_APP_CLI_H
#define INCLUDED_GPUFEC_APPS_APP_CLI_H

#include "app_common.h"
#include <CLI/CLI.hpp>
#include <string>

namespace gpufec_app {

/* An option whose value is kept as text, with its type name and default in the help. */
inline CLI::Option* add_text_option(CLI::App& app,
                                    const std::string& name,
                                    std::string& value,
                                    const std::string& type,
                                    const std::string& help)
{
    return app.add_option(name, value, help)->type_name(type)->capture_default_str();
}

/*
 * Parses the command line. Returns -1 when the run goes on, else the exit status
 * of --help (printed only where `print_help`: one process of several prints it);
 * throws usage_error on a bad command line.
 */
inline int
parse_command_line(CLI::App& app, int argc, char** argv, bool print_help = true)
{
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return print_help ? app.exit(e) : 0;
    } catch (const CLI::CallForAllHelp& e) {
        return print_help ? app.exit(e) : 0;
    } catch (const CLI::ParseError& e) {
        throw usage_error(e.what());
    }
    return -1;
}

} // namespace gpufec_app

#endif /* INCLUDED_GPUFEC_APPS_APP_CLI_H */
