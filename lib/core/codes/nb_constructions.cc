/* -*- c++ -*- */
/*
 * Constructions of GF(q) LDPC matrices (include/gpufec/nb_code.h):
 *  - NB-QC by array dispersion (Thi and Lee, "Efficient Parallel Block-layered Nonbinary
 * Quasi-cyclic LDPC Decoding on a GPU" section 2.1, Fig. 1; Zhou, Huang, Lin,
 *    Abdel-Ghaffar): W = [alpha^(i+j) - 1], a DV x DC zero-free subarray, each
 *    entry dispersed into an alpha-multiplied circulant permutation matrix.
 *  - Random (dv,dc)-regular GF(q) codes by progressive edge growth (X.-Y. Hu,
 *    E. Eleftheriou, D. M. Arnold, "Regular and irregular progressive edge-growth
 *    Tanner graphs", IEEE Trans. IT 51(1), 2005) with seeded tie breaking, and
 *    uniform nonzero values (as the random GF(q) codes of Wang et al., "Parallel
 * Nonbinary LDPC Decoding on GPU", in its references).
 *  - The girth of a Tanner graph (BFS from every variable node).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gpufec/error.h>
#include <gpufec/limits.h>
#include <gpufec/nb_code.h>

#include <algorithm>
#include <limits>
#include <queue>

namespace gpufec {

namespace {

/* splitmix64: a small portable generator, so a seed gives the same code everywhere. */
struct splitmix64 {
    uint64_t s;
    uint64_t next()
    {
        uint64_t z = (s += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    /* Uniform in [0, n). */
    uint64_t below(uint64_t n) { return next() % n; }
};

} // namespace

nb_matrix make_nbqc_matrix(const galois_field& gf, int dv, int dc)
{
    const int q = gf.q();
    const int z = q - 1;
    if (q < 4) {
        throw invalid_argument("nbqc: q = " + std::to_string(q) + " must be at least 4");
    }
    if (dv < 1 || dc < 1 || dv + dc > z) {
        throw invalid_argument(
            "nbqc: (dv, dc) = (" + std::to_string(dv) + ", " + std::to_string(dc) +
            ") needs dv, dc >= 1 and dv + dc <= q - 1 = " + std::to_string(z));
    }
    nb_qc_structure qc;
    qc.z = z;
    qc.block_rows = dv;
    qc.block_cols = dc;
    qc.exponents.assign(static_cast<size_t>(dv) * dc, -1);
    std::vector<nb_entry> entries;
    entries.reserve(static_cast<size_t>(dv) * dc * z);
    for (int i = 0; i < dv; i++) {
        for (int jj = 0; jj < dc; jj++) {
            const int j = jj + 1; // columns 1..dc: alpha^(i+j) != 1 for i < dv
            const int w = gf.exp(i + j) ^ 1;
            const int e = gf.log(static_cast<uint8_t>(w));
            qc.exponents[static_cast<size_t>(i) * dc + jj] = e;
            for (int r = 0; r < z; r++) {
                const int s = (r + e) % z;
                entries.push_back({ i * z + r, jj * z + s, gf.exp(s) });
            }
        }
    }
    nb_matrix h = nb_matrix::from_entries(dv * z, dc * z, q, std::move(entries));
    h.set_qc(qc);
    return h;
}

nb_matrix make_nbreg_matrix(const galois_field& gf, int n, int dv, int dc, uint64_t seed)
{
    if (n < 2 || dv < 1 || dc < 2 || dv > n) {
        throw invalid_argument("nbreg: N = " + std::to_string(n) + ", (dv, dc) = (" +
                               std::to_string(dv) + ", " + std::to_string(dc) +
                               ") needs N >= 2, dv >= 1, dc >= 2");
    }
    if ((static_cast<long>(n) * dv) % dc != 0) {
        throw invalid_argument("nbreg: N * dv = " + std::to_string(long(n) * dv) +
                               " is not a multiple of dc = " + std::to_string(dc));
    }
    const int m = static_cast<int>(static_cast<long>(n) * dv / dc);
    if (dc > n || dv > m) {
        throw invalid_argument("nbreg: dc must be <= N and dv <= M");
    }
    if (static_cast<size_t>(n) * static_cast<size_t>(dv) > limits::max_peg_edges) {
        throw invalid_argument("nbreg: N * dv = " + std::to_string(long(n) * dv) +
                               " edges, more than the limit of " +
                               std::to_string(limits::max_peg_edges) +
                               " (gpufec::limits::max_peg_edges)");
    }
    splitmix64 rng{ seed * 0x2545F4914F6CDD1Dull + 0x5851F42D4C957F2Dull };
    std::vector<std::vector<int>> vn(n), cn(m);
    std::vector<int> depth(m);
    std::vector<int> vdepth(n);
    std::vector<int> candidates;
    std::vector<int> on_j(m, -1); // on_j[c] == j: check c is already on column j
    for (int j = 0; j < n; j++) {
        for (int k = 0; k < dv; k++) {
            candidates.clear();
            // Depth of every check from column j in the graph so far (BFS to the
            // end); -1 = unreachable. The new edge goes to a free check (degree
            // < dc, not yet on j) at the largest depth, unreachable first.
            std::fill(depth.begin(), depth.end(), -1);
            if (k > 0) {
                std::fill(vdepth.begin(), vdepth.end(), -1);
                std::vector<int> frontier{ j };
                vdepth[j] = 0;
                int level = 0;
                int reached = 0;
                // once every check is reached, the rest of the search changes
                // no depth: stop there
                while (!frontier.empty() && reached < m) {
                    std::vector<int> next;
                    for (int v : frontier) {
                        for (int c : vn[v]) {
                            if (depth[c] >= 0) {
                                continue;
                            }
                            depth[c] = level;
                            reached++;
                            for (int w : cn[c]) {
                                if (vdepth[w] < 0) {
                                    vdepth[w] = level + 1;
                                    next.push_back(w);
                                }
                            }
                        }
                    }
                    frontier.swap(next);
                    level++;
                }
            }
            int best_depth = -2;
            for (int c = 0; c < m; c++) {
                if (static_cast<int>(cn[c].size()) >= dc || on_j[c] == j) {
                    continue;
                }
                const int d = depth[c] < 0 ? std::numeric_limits<int>::max() : depth[c];
                if (d > best_depth) {
                    best_depth = d;
                    candidates.clear();
                }
                if (d == best_depth) {
                    candidates.push_back(c);
                }
            }
            if (candidates.empty()) {
                throw invalid_argument("nbreg: PEG found no free check for column " +
                                       std::to_string(j) + " (try another seed)");
            }
            size_t min_deg = std::numeric_limits<size_t>::max();
            for (int c : candidates) {
                min_deg = std::min(min_deg, cn[c].size());
            }
            std::vector<int> best;
            for (int c : candidates) {
                if (cn[c].size() == min_deg) {
                    best.push_back(c);
                }
            }
            const int c = best[rng.below(best.size())];
            on_j[c] = j;
            vn[j].push_back(c);
            cn[c].push_back(j);
        }
    }
    std::vector<nb_entry> entries;
    for (int j = 0; j < n; j++) {
        for (int c : vn[j]) {
            entries.push_back({ c, j, 1 + static_cast<int>(rng.below(gf.q() - 1)) });
        }
    }
    return nb_matrix::from_entries(m, n, gf.q(), std::move(entries));
}

int tanner_girth(const nb_matrix& h)
{
    // Nodes: variables 0..N-1, checks N..N+M-1. Shortest cycle by BFS from variables.
    const int n = h.cols();
    const int total = n + h.rows();
    int girth = std::numeric_limits<int>::max();
    std::vector<int> dist(total), parent(total);
    for (int s = 0; s < n; s++) {
        std::fill(dist.begin(), dist.end(), -1);
        std::queue<int> qu;
        dist[s] = 0;
        parent[s] = -1;
        qu.push(s);
        while (!qu.empty()) {
            const int u = qu.front();
            qu.pop();
            if (2 * dist[u] + 1 >= girth) {
                break;
            }
            auto visit = [&](int w) {
                if (dist[w] < 0) {
                    dist[w] = dist[u] + 1;
                    parent[w] = u;
                    qu.push(w);
                } else if (parent[u] != w) {
                    girth = std::min(girth, dist[u] + dist[w] + 1);
                }
            };
            if (u < n) {
                for (int i = h.col_ptr()[u]; i < h.col_ptr()[u + 1]; i++) {
                    visit(n + h.col_rows()[i]);
                }
            } else {
                const int r = u - n;
                for (int e = h.row_ptr()[r]; e < h.row_ptr()[r + 1]; e++) {
                    visit(h.row_cols()[e]);
                }
            }
        }
    }
    return girth == std::numeric_limits<int>::max() ? 0 : girth;
}

} // namespace gpufec
