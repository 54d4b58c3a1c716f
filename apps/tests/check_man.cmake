# The man pages of the apps (help2man at build time, apps/CMakeLists.txt): each
# file of PAGES (comma-separated) exists and is a section-1 page of its app with
# the project VERSION, a synopsis and the options. With no PAGES (help2man was not
# found when the build was configured) the test is skipped, unless help2man is
# installed now: then the build should be configured again. A build that makes
# none on purpose (SKIP_REASON: cross-compiling, sanitizers) is skipped too.
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
if(NOT "${SKIP_REASON}" STREQUAL "")
    message(STATUS "SKIP: no man pages in this build (${SKIP_REASON})")
    return()
endif()
if("${PAGES}" STREQUAL "")
    find_program(_help2man help2man)
    if(_help2man)
        message(FATAL_ERROR "help2man is installed (${_help2man}) but this build has "
                            "no man pages: run cmake again to generate them")
    endif()
    message(STATUS "SKIP: help2man not found (apt-get install help2man), no man pages")
    return()
endif()
string(REPLACE "," ";" _pages "${PAGES}")
foreach(page ${_pages})
    if(NOT EXISTS "${page}")
        message(FATAL_ERROR "${page}: no such file (help2man did not run?)")
    endif()
    get_filename_component(_app "${page}" NAME_WE)
    string(TOUPPER "${_app}" _APP)
    file(READ "${page}" _text)
    foreach(_expect "\\.TH ${_APP} \"1\" \"[^\"]*\" \"gr-gpufec ${VERSION}\""
                    "\\.B ${_app}\n" "\\.SH SYNOPSIS"
                    "\\.SH DESCRIPTION" "\\-\\\\-version" "\\-\\\\-help")
        if(NOT _text MATCHES "${_expect}")
            message(FATAL_ERROR "${page} does not match '${_expect}':\n${_text}")
        endif()
    endforeach()
    message(STATUS "${page}: man page of ${_app} ${VERSION}")
endforeach()
