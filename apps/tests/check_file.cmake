# Checks that the file FILE (written by an earlier test) matches the regular
# expression EXPECT, e.g. a key and value of an app's --json output.
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
if(NOT EXISTS "${FILE}")
    message(FATAL_ERROR "${FILE}: no such file")
endif()
file(READ "${FILE}" _text)
if(NOT _text MATCHES "${EXPECT}")
    message(FATAL_ERROR "${FILE} does not match '${EXPECT}':\n${_text}")
endif()
message(STATUS "${FILE} matches '${EXPECT}'")
