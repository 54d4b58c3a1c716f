# gpufec-ber --resume: a sweep cut short (by a lower --max-frames, or by
# --max-seconds after one batch per point) and resumed from its --json file
# counts exactly what the uninterrupted sweep counts; an older file without
# bit_errors_sq resumes where its counts decide the sum, and is refused where they
# do not. Also checks the --csv file.
# EXE: gpufec-ber; ARGS: comma-separated common arguments; DIR: scratch folder.
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
include(${CMAKE_CURRENT_LIST_DIR}/ber_json_compare.cmake)
string(REPLACE "," ";" _args "${ARGS}")
file(MAKE_DIRECTORY ${DIR})
ber_run(${EXE} ${_args} --max-frames 600 --json ${DIR}/whole.json --csv ${DIR}/whole.csv)
ber_run(${EXE} ${_args} --max-frames 70 --json ${DIR}/cut.json)
ber_run(${EXE} ${_args} --max-frames 600 --resume ${DIR}/cut.json --json ${DIR}/cut.json)
message(STATUS "cut at 70 frames, resumed:")
ber_compare(${DIR}/whole.json ${DIR}/cut.json)
ber_run(${EXE} ${_args} --max-frames 600 --batch 16 --max-seconds 1e-6
        --json ${DIR}/timed.json)
file(READ ${DIR}/timed.json _timed)
if(NOT _timed MATCHES "\"stopped_by\": \"max_seconds\"")
    message(FATAL_ERROR "no point ended by --max-seconds:\n${_timed}")
endif()
ber_run(${EXE} ${_args} --max-frames 600 --resume ${DIR}/timed.json
        --json ${DIR}/timed2.json)
message(STATUS "ended by --max-seconds after a batch, resumed:")
ber_compare(${DIR}/whole.json ${DIR}/timed2.json)

file(STRINGS ${DIR}/whole.csv _csv)
list(LENGTH _csv _rows)
list(GET _csv 0 _header)
string(JSON _n LENGTH "${_timed}")
math(EXPR _want "${_n} + 1")
if(NOT _header MATCHES "^ebn0_db,frames,bit_errors,frame_errors,ber,fer,fer_ci_lower,"
   OR NOT _header MATCHES ",stopped_by,bit_errors_sq$" OR NOT _rows EQUAL _want)
    message(FATAL_ERROR "${DIR}/whole.csv: header '${_header}', ${_rows} lines")
endif()

# A file of an older gpufec-ber, without bit_errors_sq: points with no or one frame
# error resume (the sum of squares follows from their counts), points with more
# are refused with a message naming the point.
file(READ ${DIR}/whole.json _whole)
string(JSON _n LENGTH "${_whole}")
math(EXPR _last "${_n} - 1")
set(_old_all "${_whole}")
set(_old_few "${_whole}")
set(_few 0)
foreach(i RANGE ${_last})
    string(JSON _old_all REMOVE "${_old_all}" ${i} bit_errors_sq)
    string(JSON _fe GET "${_whole}" ${i} frame_errors)
    if(_fe LESS 2)
        string(JSON _old_few REMOVE "${_old_few}" ${i} bit_errors_sq)
        math(EXPR _few "${_few} + 1")
    endif()
endforeach()
if(_few EQUAL 0)
    message(FATAL_ERROR "${DIR}/whole.json: no point with fewer than 2 frame errors")
endif()
file(WRITE ${DIR}/old_few.json "${_old_few}")
ber_run(${EXE} ${_args} --max-frames 600 --resume ${DIR}/old_few.json
        --json ${DIR}/old_few_resumed.json)
message(STATUS "an older file, ${_few} point(s) of 0 or 1 frame errors without "
               "bit_errors_sq, resumed:")
ber_compare(${DIR}/whole.json ${DIR}/old_few_resumed.json)
file(WRITE ${DIR}/old_all.json "${_old_all}")
execute_process(COMMAND ${EXE} ${_args} --max-frames 600 --resume ${DIR}/old_all.json
                RESULT_VARIABLE _rc OUTPUT_QUIET ERROR_VARIABLE _err)
if(NOT _rc EQUAL 2 OR NOT _err MATCHES "point 0 has no bit_errors_sq")
    message(FATAL_ERROR "an older file without bit_errors_sq: exit ${_rc}:\n${_err}")
endif()
message(STATUS "an older file with more frame errors is refused: ${_err}")

# Ctrl-C (SIGINT) in the middle of a point: exit status 130, the counted frames in
# the JSON file (stopped_by "interrupted"), and the resumed run equals the whole.
find_program(_timeout timeout)
if(NOT _timeout)
    message(STATUS "no timeout program: the SIGINT case is not run")
    return()
endif()
# (early termination off and 30 iterations: about 7 s of decoding on a 2-core
# machine; the signal comes at half the whole run's time, measured, so that it
# lands after the program's start (a CUDA build's start takes a good part of a
# second, more on a loaded machine) and before its end, on any machine)
set(_long --code wifi:648:1/2 --ebn0 3 --min-frame-errors 0 --max-frames 300000
          --iterations 30 --early-termination off --backend cpu --threads 2)
execute_process(COMMAND date +%s%N OUTPUT_VARIABLE _t0 OUTPUT_STRIP_TRAILING_WHITESPACE)
ber_run(${EXE} ${_long} --json ${DIR}/long.json)
execute_process(COMMAND date +%s%N OUTPUT_VARIABLE _t1 OUTPUT_STRIP_TRAILING_WHITESPACE)
math(EXPR _half_ms "(${_t1} - ${_t0}) / 2000000")
math(EXPR _s "${_half_ms} / 1000")
math(EXPR _ms "${_half_ms} % 1000 + 1000") # zero-padded below
string(SUBSTRING "${_ms}" 1 3 _ms)
message(STATUS "the whole run took about ${_half_ms} ms x 2: SIGINT at ${_s}.${_ms} s")
# --foreground: one SIGINT, to the program only (without it timeout also signals
# its own process group, and a second SIGINT ends the program at once, as a
# second Ctrl-C does, when the first was already handled)
execute_process(COMMAND ${_timeout} --foreground --preserve-status -s INT ${_s}.${_ms}
                        ${EXE} ${_long}
                        --json ${DIR}/sigint.json
                RESULT_VARIABLE _rc OUTPUT_QUIET ERROR_VARIABLE _err)
file(READ ${DIR}/sigint.json _sig)
if(NOT _rc EQUAL 130 OR NOT _sig MATCHES "\"stopped_by\": \"interrupted\"")
    message(FATAL_ERROR "SIGINT: exit status ${_rc} (expected 130):\n${_err}\n${_sig}")
endif()
ber_run(${EXE} ${_long} --resume ${DIR}/sigint.json --json ${DIR}/sigint.json)
message(STATUS "interrupted by SIGINT, resumed:")
ber_compare(${DIR}/long.json ${DIR}/sigint.json)
