/* -*- c++ -*- */
/*
 * gr-gpufec GNU Radio library (libgnuradio-gpufec): symbol visibility of the
 * blocks and gr-fec FECAPI objects in namespace gr::gpufec.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GR_GPUFEC_API_H
#define INCLUDED_GR_GPUFEC_API_H

#include <gnuradio/attributes.h>

#ifdef gnuradio_gpufec_EXPORTS
#define GPUFEC_GR_API __GR_ATTR_EXPORT
#else
#define GPUFEC_GR_API __GR_ATTR_IMPORT
#endif

#endif /* INCLUDED_GR_GPUFEC_API_H */
