// What a move touches: the parts of a position its legality reads and its effect changes. Two
// moves that touch nothing in common commute: each is legal after the other, with the same
// effects, and both orders reach one position. Lost moves (lost_moves.hpp) pass down the search's
// path through such moves, and the stock lookahead's known dead draws (stock_lookahead.hpp) through
// moves that leave the waste and the stock alone.
//
// The parts: each column (the cards a move takes from it or puts on it, and the face-down card it
// turns up there), the waste with the stock, and the foundations (all piles as one, so that no two
// moves to the foundations commute here). What each move reads and changes:
//   - a column move: its source's top card or run, its target's top card or emptiness (in Lady
//     Palk a King for a space: the card moved), both columns;
//   - a foundation move: its card's column or the waste, and the piles;
//   - a stock macro or a draw: the stock and the waste, and its target (a column or the piles);
//   - a supermove (supermove.hpp): its two columns, and the number of empty columns, which every
//     column's emptiness decides: it touches every column, and neither the waste nor the piles;
//   - Double Dot's deal: every column and the stock: everything.
#pragma once

#include <cstdint>

#include "core/move.hpp"
#include "solver/packed_state.hpp"
#include "solver/search/supermove.hpp"

namespace patience {

// What a move touches, as bits: one per column, then the waste with the stock, then the
// foundations.
inline constexpr std::uint32_t kTouchesWaste = std::uint32_t{1} << 30;
inline constexpr std::uint32_t kTouchesFoundations = std::uint32_t{1} << 31;
inline constexpr std::uint32_t kTouchesEveryColumn = kTouchesWaste - 1;
inline constexpr std::uint32_t kTouchesEverything = ~std::uint32_t{0};

template <class T>
constexpr std::uint32_t touches(const Move& m) {
    static_assert(T::kColumns < 30);
    const auto column = [](int c) { return std::uint32_t{1} << c; };
    switch (m.kind) {
        case MoveKind::Draw:
            return kTouchesWaste;
        case MoveKind::Deal:
            return kTouchesEverything;
        case MoveKind::WasteToFoundation:
            return kTouchesWaste | kTouchesFoundations;
        case MoveKind::WasteToColumn:
            return kTouchesWaste | column(m.to);
        case MoveKind::ColumnToFoundation:
            return column(m.from) | kTouchesFoundations;
        case MoveKind::ColumnToColumn:
            return is_supermove<T>(m) ? kTouchesEveryColumn : column(m.from) | column(m.to);
    }
    return kTouchesEverything;
}

// Whether two moves touch nothing in common, and so commute.
template <class T>
constexpr bool commutes(const Move& a, const Move& b) {
    return (touches<T>(a) & touches<T>(b)) == 0;
}

// What the `count` moves of `path` touch in all (from a parent to its child: the move, then its
// safe moves): a move commutes with every one of them exactly when it touches none of this.
template <class T>
std::uint32_t path_touches(const Undo* path, std::size_t count) {
    std::uint32_t touched = 0;
    for (std::size_t i = 0; i < count; ++i) touched |= touches<T>(path[i].move);
    return touched;
}

}  // namespace patience
