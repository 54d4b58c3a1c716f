# Checks the JSON file written by the app_bench_cpu_tiny test: the keys of
# gpufec-bench's --json object and consistent figures (CPU backend: no
# device-resident result, a host-fed median between min and max, 2 timed runs,
# latency p50 <= p99, FER in [0, 1]).
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
file(READ "${JSON}" _json)
set(_keys program command code n k rate algorithm alpha beta schedule iterations
          early_termination backend precision threads cuda tuning batch_frames input
          int8_step pinned ebn0_db seed warmup reps device_resident host_fed latency)
foreach(key ${_keys})
    if(NOT _json MATCHES "\"${key}\": ")
        message(FATAL_ERROR "${JSON}: no key ${key}:\n${_json}")
    endif()
endforeach()
if(CMAKE_VERSION VERSION_LESS 3.19)
    return()
endif()
macro(_get var)
    string(JSON ${var} GET "${_json}" ${ARGN})
endmacro()
_get(_code code)
_get(_backend backend)
_get(_k k)
_get(_batch batch_frames)
_get(_reps reps)
string(JSON _dev TYPE "${_json}" device_resident)
_get(_med host_fed gbps_median)
_get(_min host_fed gbps_min)
_get(_max host_fed gbps_max)
_get(_fer host_fed fer)
_get(_p50 latency p50_us)
_get(_p99 latency p99_us)
_get(_nlat latency samples)
string(JSON _nsamples LENGTH "${_json}" host_fed gbps_samples)
if(NOT _code STREQUAL "wifi:648:1/2" OR NOT _backend STREQUAL "cpu" OR NOT _k EQUAL 324
   OR NOT _batch EQUAL 32 OR NOT _reps EQUAL 2 OR NOT _nsamples EQUAL 2
   OR NOT _nlat EQUAL 20)
    message(FATAL_ERROR "${JSON}: unexpected run description:\n${_json}")
endif()
if(NOT _dev STREQUAL "NULL")
    message(FATAL_ERROR "${JSON}: the CPU backend has no device-resident result")
endif()
if(_med LESS_EQUAL 0 OR _min GREATER _med OR _med GREATER _max)
    message(FATAL_ERROR "${JSON}: host-fed min/median/max ${_min}/${_med}/${_max}")
endif()
if(_fer LESS 0 OR _fer GREATER 1 OR _p50 LESS_EQUAL 0 OR _p50 GREATER _p99)
    message(FATAL_ERROR "${JSON}: FER ${_fer}, latency p50 ${_p50} p99 ${_p99}")
endif()
message(STATUS "${JSON}: host-fed ${_med} Gbps, FER ${_fer}, p50 ${_p50} us")
