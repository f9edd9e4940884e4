// Positions for tests, written as short readable lines.
#pragma once

#include <initializer_list>
#include <random>
#include <string_view>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"

namespace patience::testing {

// Builds a position from lines such as
//   "T1: 9H 2C | KS 7D"  tableau column 1, bottom first; cards left of '|' are face down
//   "S: QD 4S"           the stock, first card drawn first (the file order)
//   "W: 3H 4H"           the waste, bottom first (4H is playable)
//   "F1: AC 2C"          foundation pile 1, bottom first
// Columns and piles not named are empty. No validation: tests of single rules use partial decks.
// A malformed line fails the test that builds it (and the position comes back as far as parsed).
Position make_position(VariantId variant, std::initializer_list<std::string_view> lines,
                       int ranks = kMaxRanks);
Position make_position(VariantId variant, const std::vector<std::string_view>& lines,
                       int ranks = kMaxRanks);

// A random valid position (it passes validation_problem): low random foundation heights, then the
// other cards shuffled into a short stock, a long waste and the columns (each column gets a card
// while there are cards), with random face-down counts where the variant has them. Unlike
// positions reached by play they need not be reachable, which makes them good probes of folding
// and pruning. (Small decks are forgiving: nearly all such positions are still winnable.)
Position random_position(VariantId variant, int ranks, std::mt19937& rng);

// The position file at `relative` in the source tree, e.g.
// "tests/positions/malmaison_end_game.json" or "bench/positions/frontier/emperor-563-s10-m70.json"
// (load_position's errors throw).
Position source_position(std::string_view relative);

// A playout of at most `max_moves` moves from `start`, every position on the way (start first): a
// foundation move whenever there is one, else a random move, drawing or dealing favoured; it
// stops where no move is left. Backed up a few moves from its end, it gives positions where
// one-pass games die. `played`, if given, receives its moves.
std::vector<Position> greedy_playout(const Position& start, int max_moves, std::mt19937& rng,
                                     std::vector<Move>* played = nullptr);

// The greedy playout of 300 moves at most from `start`, backed up fewer than `back` moves (drawn
// from `rng`, and never past its start): where one-pass games have just died.
Position backed_up_playout(const Position& start, unsigned back, std::mt19937& rng);

// Plays a random legal move on `p`, a draw half the time where there is one (so that the waste
// grows); false where no move is left.
bool play_drawing_move(Position& p, std::mt19937& rng);

// The position a search move (a stock macro, or a plain move) leads to, in plain moves.
Position after_search_move(const Position& position, const Move& move);

}  // namespace patience::testing
