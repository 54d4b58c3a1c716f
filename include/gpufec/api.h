/* -*- c++ -*- */
/*
 * gr-gpufec core library: symbol visibility for libgpufec.
 * The core (namespace gpufec) holds no GNU Radio types; see docs/ARCHITECTURE.md.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_API_H
#define INCLUDED_GPUFEC_API_H

#if defined(_WIN32)
#ifdef gpufec_EXPORTS
#define GPUFEC_API __declspec(dllexport)
#else
#define GPUFEC_API __declspec(dllimport)
#endif
#else
#define GPUFEC_API __attribute__((visibility("default")))
#endif

#endif /* INCLUDED_GPUFEC_API_H */
