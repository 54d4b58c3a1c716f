/* -*- c++ -*- */
/*
 * The apps' command lines over CLI11: an option kept as text (parsed and checked
 * later, so a bad value is a usage_error naming the option), shown in the help
 * with its value's name and default, and the parse of a command line with --help,
 * --version and bad options handled the same way in every app.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_APPS_APP_CLI_H
#define INCLUDED_GPUFEC_APPS_APP_CLI_H

#include "app_common.h"
#include <CLI/CLI.hpp>
#include <string>

// the project version (CMake's PROJECT_VERSION, apps/CMakeLists.txt)
#ifndef GPUFEC_VERSION
#define GPUFEC_VERSION "unknown"
#endif

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
 * Parses the command line of the app named by app.get_name() (the name its help
 * and --version show: "gpufec-ber 0.1.0"). Returns -1 when the run goes on, else
 * the exit status of --help or --version (printed only where `print_help`: one
 * process of several prints it); throws usage_error on a bad command line.
 */
inline int
parse_command_line(CLI::App& app, int argc, char** argv, bool print_help = true)
{
    app.set_version_flag("--version",
                         app.get_name() + " " + GPUFEC_VERSION,
                         "print the program's name and version and exit");
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return print_help ? app.exit(e) : 0;
    } catch (const CLI::CallForAllHelp& e) {
        return print_help ? app.exit(e) : 0;
    } catch (const CLI::CallForVersion& e) {
        return print_help ? app.exit(e) : 0;
    } catch (const CLI::ParseError& e) {
        throw usage_error(e.what());
    }
    return -1;
}

} // namespace gpufec_app

#endif /* INCLUDED_GPUFEC_APPS_APP_CLI_H */
