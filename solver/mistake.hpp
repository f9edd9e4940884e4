// Where a game was lost: along a line of play that ends in a lost position, the last position
// proven winnable and the first proven lost, so that a player learns which move threw the game
// away.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"
#include "solver/solve.hpp"

namespace patience {

// The positions of a line are numbered by the moves played to reach them: 0 is its start, the
// number of moves its end.
struct MistakeReport {
    std::optional<std::size_t> last_won;  // the latest position proven winnable (none: not one)
    std::size_t first_lost = 0;           // the earliest position proven lost among those solved
    std::size_t solved = 0;               // positions solved to find them (the end's not counted)
    std::uint64_t nodes = 0;              // their nodes

    // The move that lost the game (1-based, the move from position k - 1 to position k), when the
    // two are neighbours; 0 when a gap of undecided positions lies between them, or when the start
    // itself is lost or none was proven winnable.
    std::size_t losing_move() const {
        return last_won && *last_won + 1 == first_lost ? first_lost : 0;
    }
};

// Called after each position solved: its number and its answer.
using MistakeProgress = std::function<void(std::size_t position, const SolveResult& result)>;

// For a line of legal `moves` from `start` whose end is proven lost: a position proven lost
// whose predecessor is not, and before it the latest position proven winnable, each found by
// bisection (about twice the logarithm of the line's length in solves, each with `options`).
// Once a position is lost every later one is (what a lost position reaches is lost), and once
// one is winnable every earlier one is, so where the search decides every position it looks at,
// they are the last winnable position and the first lost one: the move between them lost the
// game. A position it leaves undecided counts as proven neither way, so undecided positions may
// lie between the two. Every answer it reports is proven: a win replayed through the rules, a
// loss from an exhausted search.
MistakeReport find_mistake(const Position& start, const std::vector<Move>& moves,
                           const SolveOptions& options, const MistakeProgress& progress = {});

}  // namespace patience
