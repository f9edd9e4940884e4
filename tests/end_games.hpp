// Full-rank end games with known verdicts: positions reached by playouts of real deals, stopped
// when few cards are left off the foundations, and decided by the exhaustive reference search.
// Losses at full rank are what the search's pruning must never invent and what its dead-end tests
// should find; these sets check both.
#pragma once

#include <cstdint>
#include <vector>

#include "core/position.hpp"
#include "solver/verdict.hpp"

namespace patience::testing {

struct EndGame {
    Position position;
    Verdict verdict = Verdict::Unknown;  // the reference search's: won or lost
    std::uint64_t reference_nodes = 0;   // positions the reference search expanded
    std::uint64_t seed = 0;              // the deal it was played from
};

struct EndGameRequest {
    VariantId variant = VariantId::Diplomat;
    std::uint64_t first_seed = 1;
    int count = 30;                        // positions wanted
    int cards_left = 20;                   // a playout stops at this many cards off the foundations
    std::uint64_t reference_cap = 200000;  // reference nodes; a position past it is dropped
    std::uint64_t max_seeds = 2000;        // deals to try at most
};

// Plays one playout per deal from `first_seed` on that the fast solver wins: it follows the
// winning line until 1 to 12 cards more than `cards_left` are off the foundations, then plays
// random moves (on odd seeds) or greedy ones (a foundation move whenever there is one) down to
// `cards_left`. Keeps the positions the reference search decides, and stops at `count` positions,
// taking at most two thirds of them won (so that at least a third are lost when the deals give
// enough losses). Deterministic for a request.
std::vector<EndGame> end_games(const EndGameRequest& request);

}  // namespace patience::testing
