/* -*- c++ -*- */
/*
 * gpufec-bench --sweep: the measurement of one --code (bench_workload), made for
 * every standard code of the families named, one code after the other with the
 * same options, then one table of the codes' information throughput; with --json,
 * one file with every row. The codes are the library's (gpufec::standard_code_specs),
 * in the standards' order.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_APPS_BENCH_SWEEP_H
#define INCLUDED_GPUFEC_APPS_BENCH_SWEEP_H

#include "bench_args.h"
#include <string>
#include <vector>

namespace gpufec_app {

/*!
 * The code specs that --sweep's text names, in order, each once. The text is a
 * comma list of items: "all" (every family), a family (wifi, wimax, dvbs2, nr5g:
 * its codes), or FAMILY:FIELD[:FIELD] (the family's codes whose spec is the item or
 * starts with it and ':', e.g. dvbs2:short, nr5g:bg1:384), case-insensitive.
 * Throws usage_error for an empty item, an unknown family (listing the families) or
 * an item that names no code.
 */
std::vector<std::string> sweep_specs(const std::string& text);

/*!
 * Measures every code of args.sweep with the other options of args, prints each
 * code's run as a single --code run prints it, then the table, and writes --json
 * (after each code, so an interrupted sweep keeps the rows it made). `command` is
 * the command line. A bad command line (usage_error) or an unusable backend ends
 * the sweep; any other failure of a code is its row's error, and the status is
 * then 1. Returns the exit status.
 */
int run_sweep(const bench_args& args, const std::string& command);

} // namespace gpufec_app

#endif /* INCLUDED_GPUFEC_APPS_BENCH_SWEEP_H */
