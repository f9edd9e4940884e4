// One fast-versus-reference comparison, shared by the differential tests and the long-run tool.
#pragma once

#include <cstdint>

#include "core/position.hpp"
#include "solver/fast_solver.hpp"

namespace patience::testing {

struct Comparison {
    Verdict reference = Verdict::Unknown;  // Unknown: the reference search hit its node cap
    Verdict fast = Verdict::Unknown;
    bool fast_win_replays = true;          // a fast `won` replays to a win through the rules
    bool agree() const {
        return reference == Verdict::Unknown || (fast == reference && fast_win_replays);
    }
};

// Solves `position` with the exhaustive reference search (capped at `reference_nodes`) and, when
// that finished, with `fast` at no node limit.
Comparison compare_with_reference(const Position& position, FastSolver& fast,
                                  std::uint64_t reference_nodes);

}  // namespace patience::testing
