# Included by the gpufec-ber CTest scripts: ber_run() runs gpufec-ber and fails
# on a nonzero exit; ber_compare() checks that two --json files hold the same
# points with the same counts (frames, errors, iterations, first frame).
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
function(ber_run)
    execute_process(COMMAND ${ARGN} RESULT_VARIABLE _rc OUTPUT_VARIABLE _out
                    ERROR_VARIABLE _err)
    if(NOT _rc EQUAL 0)
        message(FATAL_ERROR "exit status ${_rc}: ${ARGN}\n${_out}\n${_err}")
    endif()
endfunction()

function(ber_compare a b)
    file(READ "${a}" _ja)
    file(READ "${b}" _jb)
    string(JSON _na LENGTH "${_ja}")
    string(JSON _nb LENGTH "${_jb}")
    if(NOT _na EQUAL _nb OR _na EQUAL 0)
        message(FATAL_ERROR "${a} has ${_na} points, ${b} ${_nb}")
    endif()
    math(EXPR _last "${_na} - 1")
    foreach(i RANGE ${_last})
        foreach(key ebn0_db frames bit_errors frame_errors undetected_frame_errors
                    total_iterations bit_errors_sq info_bits first_frame stopped_by)
            string(JSON _va GET "${_ja}" ${i} ${key})
            string(JSON _vb GET "${_jb}" ${i} ${key})
            if(NOT "${_va}" STREQUAL "${_vb}")
                message(FATAL_ERROR "point ${i}: ${key} ${_va} in ${a}, ${_vb} in ${b}")
            endif()
        endforeach()
        string(JSON _f GET "${_ja}" ${i} frames)
        string(JSON _fe GET "${_ja}" ${i} frame_errors)
        string(JSON _e GET "${_ja}" ${i} ebn0_db)
        message(STATUS "  ${_e} dB: ${_f} frames, ${_fe} frame errors in both")
    endforeach()
endfunction()
