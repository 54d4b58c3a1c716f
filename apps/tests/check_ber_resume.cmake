# gpufec-ber --resume: a sweep cut short (by a lower --max-frames, or by
# --max-seconds after one batch per point) and resumed from its --json file
# counts exactly what the uninterrupted sweep counts. Also checks the --csv file.
# EXE: gpufec-ber; ARGS: comma-separated common arguments; DIR: scratch folder.
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
   OR NOT _rows EQUAL _want)
    message(FATAL_ERROR "${DIR}/whole.csv: header '${_header}', ${_rows} lines")
endif()
