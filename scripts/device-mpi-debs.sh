#!/bin/sh
# Downloads Debian 12's OpenMPI (runtime, mpirun, headers) and the libraries it
# loads into .debs-mpi/ (about 9 MiB), for .ci/device-run to unpack into its
# prefix on the GPU machine, which has no MPI and no package registry:
#   sh scripts/device-mpi-debs.sh
#   run(command="sh .ci/device-run '...mpirun -np 2 gpufec-ber ...'",
#       carry=[".debs", ".debs-mpi", ".refcodes-xz"])
# Left out: the Fortran bindings' compilers and the -dev packages of the
# libraries (only libopenmpi-dev's headers are needed to build gpufec-ber).
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
cd "$(dirname "$0")/.."
rm -rf .debs-mpi
mkdir -p .debs-mpi
cd .debs-mpi
apt-get download openmpi-bin openmpi-common libopenmpi3 libopenmpi-dev libpmix2 \
    libhwloc15 libevent-core-2.1-7 libevent-pthreads-2.1-7 libfabric1 libucx0 \
    libibverbs1 ibverbs-providers librdmacm1 libpsm2-2 libpsm-infinipath1 libnl-3-200 \
    libnl-route-3-200 libmunge2 libnuma1 libltdl7 libgfortran5 libquadmath0 libxnvctrl0
du -sh .
