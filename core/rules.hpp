// The reference rules engine: lists legal moves, says why a move is illegal, applies moves and
// recognises won and dead positions, for every variant, straight from the rules table. It is plain
// on purpose: it is the referee that every solution and the fast engine are checked against.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"

namespace patience {

// Length of the run that may be lifted from the top of `column` in one move: 0 for an empty
// column, 1 where only top cards move, otherwise the longest top run of face-up cards built by the
// variant's rule.
int movable_run_length(const Position& position, int column);

// Index of a foundation pile that accepts `card`, or -1. Foundations of a suit are interchangeable,
// so when several accept it the lowest index is as good as any.
int accepting_foundation(const Position& position, Card card);

// Whether `bottom` (the lowest card of what is moved) may go onto column `to`, empty or not.
bool column_accepts(const Position& position, int to, Card bottom);

std::vector<Move> legal_moves(const Position& position);

// nullopt when `move` is legal here, otherwise a short reason ("column 3 is empty").
std::optional<std::string> why_illegal(const Position& position, const Move& move);

// Plays a legal move: cards move, Emperor's newly uncovered face-down card turns up.
void apply_move(Position& position, const Move& move);

bool is_won(const Position& position);
// No legal move and not won.
bool is_dead(const Position& position);

struct ReplayResult {
    bool all_legal = true;
    std::size_t first_illegal = 0;  // 0-based index into the moves, when !all_legal
    std::string reason;             // why that move is illegal
    bool won = false;               // every move legal and the final position won
    Position final_position;        // where the replay stopped (before the illegal move)
};

// Replays moves from `start` through the rules; stops at the first illegal move.
ReplayResult replay(const Position& start, const std::vector<Move>& moves);

}  // namespace patience
