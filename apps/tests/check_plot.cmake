# gpufec-plot: PNG and SVG of BER/FER curves from a gpufec-ber --json file, with a
# reference curve and the theory lines (their legends in the SVG, gone with
# --no-theory; their values by check_plot_theory.py). Skipped (the message matches the test's SKIP_REGULAR_EXPRESSION)
# when no Python of PYTHONS (comma-separated) has matplotlib.
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
string(REPLACE "," ";" _pythons "${PYTHONS}")
set(_python "")
foreach(p ${_pythons})
    execute_process(COMMAND ${p} -c "import matplotlib" RESULT_VARIABLE _rc
                    OUTPUT_QUIET ERROR_QUIET)
    if(_rc EQUAL 0)
        set(_python ${p})
        break()
    endif()
endforeach()
if(NOT _python)
    message(STATUS "SKIP: matplotlib is missing (install python3-matplotlib)")
    return()
endif()
file(MAKE_DIRECTORY ${DIR})
file(WRITE ${DIR}/reference.txt "# Eb/N0 FER, a made-up reference\n0 0.9\n2 0.05\n4 1e-4\n")
foreach(ext png svg)
    execute_process(COMMAND ${_python} ${SCRIPT} ${JSON} --reference ${DIR}/reference.txt
                            --reference-label "reference" --title "gpufec-plot test"
                            -o ${DIR}/curve.${ext}
                    RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _err)
    if(NOT _rc EQUAL 0)
        message(FATAL_ERROR "gpufec-plot exit ${_rc}:\n${_out}\n${_err}")
    endif()
    file(SIZE ${DIR}/curve.${ext} _size)
    if(_size LESS 1000)
        message(FATAL_ERROR "${DIR}/curve.${ext}: ${_size} bytes")
    endif()
endforeach()
# the SVG keeps each text as a comment: the legends of the reference lines and of
# the zero-error marker (app_ber_tiny's 4 dB point has no error)
file(READ ${DIR}/curve.svg _svg)
foreach(legend "uncoded BPSK/QPSK" "BI-AWGN limit, R = 0.5 \\(0.19 dB\\)"
               "normal approx., \\(648, 324\\)" "no errors: 95% upper bound")
    if(NOT _svg MATCHES "<!-- ${legend}")
        message(FATAL_ERROR "${DIR}/curve.svg: no legend '${legend}'")
    endif()
endforeach()
execute_process(COMMAND ${_python} ${SCRIPT} ${JSON} --no-theory -o ${DIR}/bare.svg
                RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _err)
file(READ ${DIR}/bare.svg _bare)
if(NOT _rc EQUAL 0 OR _bare MATCHES "uncoded|BI-AWGN|normal approx")
    message(FATAL_ERROR "gpufec-plot --no-theory: exit ${_rc}, or a theory line drawn\n"
                        "${_out}\n${_err}")
endif()
execute_process(COMMAND ${_python} ${CMAKE_CURRENT_LIST_DIR}/check_plot_theory.py ${SCRIPT}
                RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _err)
if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "check_plot_theory.py: exit ${_rc}\n${_out}\n${_err}")
endif()
message(STATUS "${_out}")
file(READ ${DIR}/curve.png _magic LIMIT 4 HEX)
if(NOT _magic STREQUAL "89504e47")
    message(FATAL_ERROR "${DIR}/curve.png is not a PNG (${_magic})")
endif()
# a file that is not gpufec-ber JSON is refused with a message
file(WRITE ${DIR}/bad.json "{\"x\": 1}")
execute_process(COMMAND ${_python} ${SCRIPT} ${DIR}/bad.json -o ${DIR}/bad.png
                RESULT_VARIABLE _rc ERROR_VARIABLE _err OUTPUT_QUIET)
if(NOT _rc EQUAL 2 OR NOT _err MATCHES "bad.json")
    message(FATAL_ERROR "bad JSON: exit ${_rc}: ${_err}")
endif()
message(STATUS "${DIR}/curve.png: ${_size} bytes")
