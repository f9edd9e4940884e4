// Shorter solutions. The search's winning line wanders: it shuffles cards between columns, and a
// card it moves twice could often have gone straight to its place. A player wants the short way.
#pragma once

#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"

namespace patience {

// A winning line from `start` no longer than `moves` (itself a winning line from `start`), found
// by short cuts through the positions it passes: from each position, play the one legal move
// that reaches the latest later position of the line (or none at all, where the line comes back
// to the same position), and repeat over the new line until it shrinks no more. Every move is
// checked by the rules engine (core/rules.hpp) as it is chosen; positions are compared exactly
// (column order included, since moves name columns; foundation piles of a suit in any order,
// since `f` takes any pile that accepts the card).
std::vector<Move> shorten_solution(const Position& start, const std::vector<Move>& moves);

}  // namespace patience
