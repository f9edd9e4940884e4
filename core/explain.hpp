// Moves and positions in words, for a player following a solution: which cards a move takes
// where, and the board between moves.
#pragma once

#include <string>

#include "core/move.hpp"
#include "core/position.hpp"

namespace patience {

// The cards `move` (legal in `before`) moves and where they go: "5H onto 6C", "9C 8H 7S onto 10D",
// "KS into a space", "7D to the foundation", "QS to the waste", "deals 9H 3C ... onto the
// columns"; with ", turning up KD" when it uncovers a face-down card.
std::string describe_move(const Position& before, const Move& move);

// The position as text, one line per pile: the foundations' top cards, the stock's size and the
// waste (its playable card last), then each column, bottom card first, face-down cards in
// brackets. Several lines, each ending in a newline.
std::string board_text(const Position& position);

}  // namespace patience
