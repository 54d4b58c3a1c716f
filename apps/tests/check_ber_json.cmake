# Checks the JSON file written by the app_ber_tiny test: a list of points, each
# with exactly the keys of gpufec-ber's --json output (the nine of its first
# version first, then intervals, exact counts and the run description) and
# consistent counts.
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
file(READ "${JSON}" _json)
set(_keys ebn0_db frames bit_errors frame_errors ber fer avg_iterations info_bits seconds
          fer_ci ber_ci undetected_frame_errors total_iterations bit_errors_sq first_frame
          decoded_frames decode_seconds info_throughput_bps stopped_by program code n k q
          rate modulation seed all_zero backend devices ranks precision decoder
          stop_rules)
if(CMAKE_VERSION VERSION_LESS 3.19)
    foreach(key ${_keys})
        if(NOT _json MATCHES "\"${key}\": ")
            message(FATAL_ERROR "${JSON}: no key ${key}")
        endif()
    endforeach()
    return()
endif()
string(JSON _n LENGTH "${_json}")
if(NOT _n EQUAL 3)
    message(FATAL_ERROR "${JSON}: ${_n} points, expected 3:\n${_json}")
endif()
math(EXPR _last "${_n} - 1")
foreach(i RANGE ${_last})
    string(JSON _nkeys LENGTH "${_json}" ${i})
    list(LENGTH _keys _want)
    if(NOT _nkeys EQUAL _want)
        message(FATAL_ERROR "${JSON}: point ${i} has ${_nkeys} keys, expected ${_want}")
    endif()
    foreach(key ${_keys})
        string(JSON _v GET "${_json}" ${i} ${key})
        set(_${key} ${_v})
    endforeach()
    if(_frames LESS 1 OR _frames GREATER 200)
        message(FATAL_ERROR "${JSON}: point ${i}: frames ${_frames} outside [1, 200]")
    endif()
    if(NOT _frames EQUAL 200 AND NOT _frame_errors EQUAL 20)
        message(FATAL_ERROR "${JSON}: point ${i} stopped at ${_frames} frames with "
                            "${_frame_errors} frame errors: no stop rule met")
    endif()
    math(EXPR _bits "${_frames} * 324")
    if(NOT _info_bits EQUAL _bits)
        message(FATAL_ERROR "${JSON}: point ${i}: info_bits ${_info_bits}, expected ${_bits}")
    endif()
    if(_frame_errors GREATER _frames OR _bit_errors LESS _frame_errors)
        message(FATAL_ERROR "${JSON}: point ${i}: inconsistent counts")
    endif()
    string(JSON _lo GET "${_json}" ${i} fer_ci 0)
    string(JSON _hi GET "${_json}" ${i} fer_ci 1)
    if(_lo GREATER _fer OR _hi LESS _fer)
        message(FATAL_ERROR "${JSON}: point ${i}: FER ${_fer} outside [${_lo}, ${_hi}]")
    endif()
    string(JSON _alg GET "${_json}" ${i} decoder algorithm)
    string(JSON _it GET "${_json}" ${i} decoder iterations)
    if(NOT _code STREQUAL "wifi:648:1/2" OR NOT _alg STREQUAL "nms" OR NOT _it EQUAL 8
       OR NOT _backend STREQUAL "cpu")
        message(FATAL_ERROR "${JSON}: point ${i}: run description ${_code} ${_alg} "
                            "${_it} ${_backend}")
    endif()
endforeach()
string(JSON _first GET "${_json}" 0 ebn0_db)
string(JSON _fer0 GET "${_json}" 0 fer)
string(JSON _fer2 GET "${_json}" 2 fer)
if(NOT _first EQUAL 0)
    message(FATAL_ERROR "${JSON}: first point at ${_first} dB, expected 0")
endif()
message(STATUS "${JSON}: ${_n} points, FER ${_fer0} at 0 dB, ${_fer2} at 4 dB")
