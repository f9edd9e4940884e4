// The fast solver: depth-first search over the packed state with a transposition table, an exact
// path set and sound dominance pruning. One instance may solve many positions in turn, reusing its
// table (an epoch makes old entries void without clearing).
#pragma once

#include <cstdint>
#include <memory>

#include "core/position.hpp"
#include "solver/transposition_table.hpp"
#include "solver/verdict.hpp"

namespace patience {

struct FastSolverStats {
    std::uint64_t table_bytes = 0;
    std::size_t state_bytes = 0;  // the packed position of the variant last solved
    std::size_t max_depth = 0;    // longest path of the last search, moves included auto ones
};

class FastSolver {
public:
    explicit FastSolver(std::uint64_t table_bytes);
    SolveResult solve(const Position& start, const SearchLimits& limits);
    const FastSolverStats& stats() const { return stats_; }

private:
    TranspositionTable table_;
    FastSolverStats stats_;
};

}  // namespace patience
