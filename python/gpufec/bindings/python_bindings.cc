/*
 * The gpufec_python extension module: imports gnuradio.gr and gnuradio.fec first
 * (their base classes, gr.block and fec.generic_decoder / generic_encoder, must be
 * registered before ours derive from them, so our objects pass unchanged into
 * gr-fec's deployments), then binds the core (binary and nonbinary codes, the
 * numpy batch decoder of every code), the code family table, the blocks and
 * FECAPI objects (one of each role, for every code) and the BER/FER simulator
 * (simulate). The deprecated nonbinary names (nb_ldpc_decoder_fb,
 * nb_batch_decoder, ...) are Python aliases, deprecated.py. The private submodule
 * _testing holds the testing hooks.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <pybind11/pybind11.h>

namespace py = pybind11;

void bind_core(py::module& m);
void bind_code_families(py::module& m);
void bind_batch_decoder(py::module& m);
void bind_ldpc_decoder_fb(py::module& m);
void bind_ldpc_encoder_bb(py::module& m);
void bind_ldpc_decoder_pdu(py::module& m);
void bind_ldpc_decoder(py::module& m);
void bind_ldpc_encoder(py::module& m);
void bind_nb_core(py::module& m);
void bind_simulate(py::module& m);
void bind_testing(py::module& m);

PYBIND11_MODULE(gpufec_python, m)
{
    m.doc() = "gr-gpufec: LDPC codes, encoders, GPU/CPU decoders, GNU Radio blocks "
              "and gr-fec FECAPI objects";

    py::module::import("gnuradio.gr");
    py::module::import("gnuradio.fec");

    bind_core(m);
    bind_code_families(m);
    bind_nb_core(m); // before the blocks: their spec argument takes an nb_ldpc_code
    bind_batch_decoder(m);
    bind_ldpc_decoder_fb(m);
    bind_ldpc_encoder_bb(m);
    bind_ldpc_decoder_pdu(m);
    bind_ldpc_decoder(m);
    bind_ldpc_encoder(m);
    bind_simulate(m);
    bind_testing(m);
}
