/* -*- c++ -*- */
/*
 * gpufec-ber over several processes (mpirun -np N gpufec-ber ...; OpenMPI or any
 * MPI): the part_exchange of split_ber_simulator over MPI_COMM_WORLD. Each round,
 * every rank's parts (counts and frame-error marks, serialized as 64-bit words)
 * are gathered on all ranks (MPI_Allgather of the sizes, MPI_Allgatherv of the
 * words) and the stop flags OR-reduced (MPI_Allreduce), so every rank merges the
 * same parts in frame order and takes the same decisions. Counts could be
 * reduced by a plain sum only when no rank's part has to be cut; the marks make
 * the cut at the stopping frame error exact whatever rule ends a point.
 *
 * mpi_session starts MPI only when the process was launched by an MPI launcher
 * (its environment says so), so the same binary runs alone without MPI.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_APPS_MPI_EXCHANGE_H
#define INCLUDED_GPUFEC_APPS_MPI_EXCHANGE_H

#include <gpufec/split_ber_simulator.h>

#include <mpi.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace gpufec_app {

/*! MPI_Init / MPI_Finalize around main, when launched by mpirun (or srun). */
class mpi_session
{
public:
    mpi_session(int* argc, char*** argv)
    {
        static const char* vars[] = {
            "OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_SIZE", "PMI_RANK", "MPI_LOCALNRANKS"
        };
        for (const char* v : vars) {
            if (std::getenv(v)) {
                d_active = true;
            }
        }
        if (d_active) {
            MPI_Init(argc, argv);
            MPI_Comm_rank(MPI_COMM_WORLD, &d_rank);
            MPI_Comm_size(MPI_COMM_WORLD, &d_size);
            MPI_Comm node;
            MPI_Comm_split_type(
                MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, d_rank, MPI_INFO_NULL, &node);
            MPI_Comm_rank(node, &d_local_rank);
            MPI_Comm_free(&node);
        }
    }
    ~mpi_session()
    {
        if (d_active) {
            MPI_Finalize();
        }
    }
    mpi_session(const mpi_session&) = delete;
    mpi_session& operator=(const mpi_session&) = delete;

    bool active() const { return d_active; }
    int rank() const { return d_rank; }
    int size() const { return d_size; }
    /*! This process among those of its host (to pick a GPU). */
    int local_rank() const { return d_local_rank; }
    /*! Ends every rank (an error on one rank in the middle of a collective run). */
    void abort(int code) const
    {
        if (d_active && d_size > 1) {
            MPI_Abort(MPI_COMM_WORLD, code);
        }
    }

private:
    bool d_active = false;
    int d_rank = 0;
    int d_size = 1;
    int d_local_rank = 0;
};

class mpi_exchange : public gpufec::part_exchange
{
public:
    mpi_exchange()
    {
        MPI_Comm_rank(MPI_COMM_WORLD, &d_rank);
        MPI_Comm_size(MPI_COMM_WORLD, &d_size);
    }

    int rank() const override { return d_rank; }
    int size() const override { return d_size; }

    std::vector<gpufec::ber_part> all_parts(const std::vector<gpufec::ber_part>& mine,
                                            unsigned& flags) override
    {
        std::vector<uint64_t> words;
        words.push_back(mine.size());
        for (const gpufec::ber_part& p : mine) {
            put(words, p);
        }
        int count = static_cast<int>(words.size());
        std::vector<int> counts(d_size);
        MPI_Allgather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, MPI_COMM_WORLD);
        std::vector<int> displs(d_size, 0);
        int total = 0;
        for (int r = 0; r < d_size; r++) {
            displs[r] = total;
            total += counts[r];
        }
        std::vector<uint64_t> all(static_cast<size_t>(total));
        MPI_Allgatherv(words.data(),
                       count,
                       MPI_UINT64_T,
                       all.data(),
                       counts.data(),
                       displs.data(),
                       MPI_UINT64_T,
                       MPI_COMM_WORLD);
        unsigned reduced = 0;
        MPI_Allreduce(&flags, &reduced, 1, MPI_UNSIGNED, MPI_BOR, MPI_COMM_WORLD);
        flags = reduced;

        std::vector<gpufec::ber_part> parts;
        for (int r = 0; r < d_size; r++) {
            size_t at = static_cast<size_t>(displs[r]);
            const uint64_t n = all.at(at++);
            for (uint64_t i = 0; i < n; i++) {
                parts.push_back(get(all, at));
            }
        }
        return parts;
    }

    uint64_t max_over_processes(uint64_t value) override
    {
        uint64_t out = 0;
        MPI_Allreduce(&value, &out, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
        return out;
    }

private:
    static uint64_t bits(double v)
    {
        uint64_t w;
        std::memcpy(&w, &v, sizeof w);
        return w;
    }
    static double real(uint64_t w)
    {
        double v;
        std::memcpy(&v, &w, sizeof v);
        return v;
    }

    /* A count of a point (count set), or a double sent as its bits (real set). */
    struct point_word {
        uint64_t gpufec::ber_point::*count;
        double gpufec::ber_point::*real;
    };

    /* The words of a part's counts, in order; then nonbinary, stopped_by, marks. */
    static const std::vector<point_word>& count_words()
    {
        using P = gpufec::ber_point;
        static const std::vector<point_word> words = {
            { nullptr, &P::ebn0_db },          { &P::frames, nullptr },
            { &P::bit_errors, nullptr },       { &P::bit_errors_sq, nullptr },
            { &P::frame_errors, nullptr },     { &P::undetected_frame_errors, nullptr },
            { &P::total_iterations, nullptr }, { &P::info_bits, nullptr },
            { &P::symbol_errors, nullptr },    { &P::info_symbols, nullptr },
            { &P::decoded_frames, nullptr },   { nullptr, &P::decode_seconds },
            { nullptr, &P::seconds },          { &P::first_frame, nullptr },
        };
        return words;
    }

    /* The words of a frame-error mark, in order. */
    static const std::vector<uint64_t gpufec::frame_error_mark::*>& mark_words()
    {
        using M = gpufec::frame_error_mark;
        static const std::vector<uint64_t M::*> words = { &M::frames,
                                                          &M::bit_errors,
                                                          &M::bit_errors_sq,
                                                          &M::symbol_errors,
                                                          &M::undetected_frame_errors,
                                                          &M::iterations };
        return words;
    }

    static void put(std::vector<uint64_t>& w, const gpufec::ber_part& part)
    {
        const gpufec::ber_point& c = part.counts;
        for (const point_word& f : count_words()) {
            w.push_back(f.count ? c.*f.count : bits(c.*f.real));
        }
        w.push_back(c.nonbinary ? 1u : 0u);
        w.push_back(static_cast<uint64_t>(c.stopped_by));
        w.push_back(part.marks.size());
        for (const gpufec::frame_error_mark& m : part.marks) {
            for (const auto field : mark_words()) {
                w.push_back(m.*field);
            }
        }
    }

    static gpufec::ber_part get(const std::vector<uint64_t>& w, size_t& at)
    {
        if (at + count_words().size() + 3 > w.size()) {
            throw std::runtime_error("mpi_exchange: truncated part");
        }
        gpufec::ber_part part;
        gpufec::ber_point& c = part.counts;
        for (const point_word& f : count_words()) {
            if (f.count) {
                c.*f.count = w[at++];
            } else {
                c.*f.real = real(w[at++]);
            }
        }
        c.nonbinary = w[at++] != 0;
        c.stopped_by = static_cast<gpufec::stop_reason>(w[at++]);
        const uint64_t marks = w[at++];
        if (at + mark_words().size() * marks > w.size()) {
            throw std::runtime_error("mpi_exchange: truncated marks");
        }
        part.marks.resize(static_cast<size_t>(marks));
        for (gpufec::frame_error_mark& m : part.marks) {
            for (const auto field : mark_words()) {
                m.*field = w[at++];
            }
        }
        return part;
    }

    int d_rank = 0;
    int d_size = 1;
};

} // namespace gpufec_app

#endif /* INCLUDED_GPUFEC_APPS_MPI_EXCHANGE_H */
