// Stock macros ("k+" moves): the search has no bare `draw`; a stock move draws k cards and plays
// the last one drawn, so the stock advances only when a card is actually played.
//
// Encoding inside the search: a waste move (WasteToFoundation or WasteToColumn) whose `from` byte
// is k > 0 draws k cards first and then plays the new waste top; k = 0 is the plain waste move.
// Core never produces such a move (waste moves have no source column), and solutions leave the
// search only through expand_stock_macros(), which writes the k draws out as plain `draw` tokens
// (SPEC §5: nothing implied).
//
// Why this loses no win (one-pass, draw-1 stock; not Double Dot, whose `deal` is left as it is):
// take any winning line of plain moves. A draw touches only the stock and the waste; a move that
// touches neither (column to column, column to foundation) has the same legality and effect
// before or after it, so the two commute. Split the line at its waste moves (w>f, w>N). Inside
// each stretch between two waste moves, push every draw to the end of the stretch, past the
// moves that commute with it: the line stays legal and reaches the same positions at the waste
// moves. Each waste move is now preceded by the k >= 0 draws of its stretch and plays the last
// card they drew (or the old waste top when k = 0): that is exactly one stock macro. Draws after
// the last waste move would leave their cards in the waste at the end, which is no win, so there
// are none. Hence every winning line is a line of tableau moves and stock macros. Stock macros
// also never reach a position that plain moves cannot (they are plain moves, bundled), so the
// search's verdict is unchanged. Tested against the unpruned reference search by
// fast_solver_test (DifferentialSolve*), and move for move by StockMacro* tests.
#pragma once

#include <vector>

#include "core/move.hpp"

namespace patience {

// The waste move `play` (w>f or w>N) after `draws` draws.
constexpr Move stock_macro(int draws, Move play) {
    play.from = static_cast<std::uint8_t>(draws);
    return play;
}

constexpr bool is_waste_move(const Move& m) {
    return m.kind == MoveKind::WasteToFoundation || m.kind == MoveKind::WasteToColumn;
}

// How many draws a search move makes before it plays (0 for every other move).
constexpr int macro_draws(const Move& m) {
    return is_waste_move(m) ? m.from : 0;
}

// The search's moves as plain moves: each stock macro becomes its draws and its waste move.
inline std::vector<Move> expand_stock_macros(const std::vector<Move>& moves) {
    std::vector<Move> plain;
    plain.reserve(moves.size());
    for (Move m : moves) {
        for (int i = macro_draws(m); i > 0; --i) plain.push_back(Move::draw());
        if (is_waste_move(m)) m.from = 0;
        plain.push_back(m);
    }
    return plain;
}

}  // namespace patience
