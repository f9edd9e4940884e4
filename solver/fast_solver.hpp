// The fast solver: a portfolio of depth-first searches (search/portfolio.hpp) over the packed
// state with a transposition table, an exact path set and sound dominance pruning. One instance may
// solve many positions in turn, reusing its table (an epoch makes old entries void without
// clearing).
#pragma once

#include <cstdint>
#include <memory>

#include "core/position.hpp"
#include "solver/position_sampler.hpp"
#include "solver/search/techniques.hpp"
#include "solver/transposition_table.hpp"
#include "solver/verdict.hpp"

namespace patience {

class FastSolver {
  public:
    // `threads` > 1 searches each position with that many threads (lazy SMP: the portfolio's
    // members in parallel over the shared table); only one thread is deterministic.
    explicit FastSolver(std::uint64_t table_bytes, const Techniques& techniques = {},
                        int threads = 1);
    SolveResult solve(const Position& start, const SearchLimits& limits);
    // With `on`, every result carries a NodeHistogram of where its nodes went (it costs a counter
    // per node and 430 KB per portfolio member, and for the complete search a hash and a set entry
    // per card flow).
    void record_histogram(bool on);
    // Which position keys the searches use (KeyTables): 0, or 1 to re-prove a `lost` with keys
    // drawn independently of the first proof's.
    void use_key_set(int key_set);
    // How much the complete search's waste-drain tests may spend proving a position lost:
    // `effort` times their default budget and the drain anchors' credit, and above 1 anchors
    // below a start with no waste (a deal) too (SearchConfig::proof_effort). More proves more
    // positions lost in fewer nodes, at more time where the tests find no loss.
    void prove_with_effort(int effort);
    // With `spec.every` > 0, every result carries samples of the positions its complete search
    // expanded (position_sampler.hpp; the first complete search's, where threads run several).
    void sample_positions(const SampleSpec& spec);

  private:
    TranspositionTable table_;
    Techniques techniques_;
    int threads_;
    bool histogram_ = false;
    int key_set_ = 0;
    int proof_effort_ = 1;
    SampleSpec sample_;
};

}  // namespace patience
