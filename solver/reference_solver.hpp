// The reference solver: exhaustive depth-first search over the reference rules engine with an
// exact visited set of canonical positions. Slow and obviously right: the ground truth the fast
// solver is compared against on reduced decks.
#pragma once

#include "core/position.hpp"
#include "solver/verdict.hpp"

namespace patience {

// Searches every position reachable from `start`. The only folding is exact: positions that differ
// by column order (where it cannot matter) or foundation pile order share one canonical key, and
// copies of a card are identical bytes. `won` carries the moves from `start`; `lost` means every
// reachable position was visited.
SolveResult reference_solve(const Position& start, const SearchLimits& limits = {});

}  // namespace patience
