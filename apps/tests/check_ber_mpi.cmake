# mpirun -np 2 gpufec-ber gives the counts of one process, under the frame rule
# alone and with the frame-error rule (ranks split every round's frames; the
# merge cuts at the stopping frame error). MPIEXEC: the launcher with its
# options (comma-separated); EXE: gpufec-ber; ARGS: comma-separated; DIR: scratch.
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
include(${CMAKE_CURRENT_LIST_DIR}/ber_json_compare.cmake)
string(REPLACE "," ";" _args "${ARGS}")
string(REPLACE "," ";" _mpi "${MPIEXEC}")
file(MAKE_DIRECTORY ${DIR})
foreach(rule "0" "25")
    ber_run(${EXE} ${_args} --min-frame-errors ${rule} --json ${DIR}/one_${rule}.json)
    ber_run(${_mpi} -np 2 ${EXE} ${_args} --min-frame-errors ${rule}
            --json ${DIR}/two_${rule}.json)
    file(READ ${DIR}/two_${rule}.json _two)
    if(NOT _two MATCHES "\"ranks\": 2")
        message(FATAL_ERROR "${DIR}/two_${rule}.json was not written by 2 ranks")
    endif()
    message(STATUS "--min-frame-errors ${rule}, 1 and 2 processes:")
    ber_compare(${DIR}/one_${rule}.json ${DIR}/two_${rule}.json)
endforeach()
