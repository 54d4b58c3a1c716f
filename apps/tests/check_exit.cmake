# Runs EXE with ARGS (comma-separated, or separated by SEP when given) and checks
# that it exits with EXPECT_RC and that its stderr matches the regular expression
# EXPECT. For the apps' CTest checks of bad command lines (exit status 2, a
# message naming the problem).
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
if(NOT DEFINED SEP)
    set(SEP ",")
endif()
string(REPLACE "${SEP}" ";" _args "${ARGS}")
execute_process(COMMAND ${EXE} ${_args}
                RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _err)
if(NOT "${_rc}" STREQUAL "${EXPECT_RC}")
    message(FATAL_ERROR "exit status ${_rc}, expected ${EXPECT_RC}\nstdout: ${_out}\nstderr: ${_err}")
endif()
if(NOT _err MATCHES "${EXPECT}")
    message(FATAL_ERROR "stderr does not match '${EXPECT}':\n${_err}")
endif()
message(STATUS "exit ${_rc}: ${_err}")
