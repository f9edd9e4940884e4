// Incomplete piles: a run is not lifted off a card it is built on onto another column's top,
// unless a card like the one it uncovers could go to the foundations.
//
// The rule (after Bjarnason & Gent's incomplete-pile dominance, JAIR 2007, Theorem 4, here in a
// state-based form with its own proof for these rules): in Lady Palk, Malmaison and
// Emperor-modern, a column-to-column move is dropped when
//   - its target column is not empty,
//   - the card p under the moved run is face up and the run's bottom card builds on p (the run
//     is the top of a longer built pile: an "incomplete pile"), and
//   - no foundation pile takes a card of p's class now.
// Two cards are of one class when the tableau lets the same cards onto them: the same rank, and
// in Malmaison the same suit, in Emperor-modern the same colour (Lady Palk builds in any suit).
// Cards of one class are interchangeable as landings; only the foundations tell them apart.
// Moves into a space are never dropped. Diplomat and Emperor move single cards only, and Double
// Dot deals onto the columns and wraps its ranks; the proof needs neither, so they keep every move.
//
// Claim: a position with a winning line of n moves has one of at most n moves that makes no
// dropped move (counting a stock macro as one move, search/stock_macro.hpp).
//
// Proof. Among the winning lines of at most n moves take one with the fewest dropped moves, and
// suppose it makes one, m, from position s: m lifts the run U off p (column A) onto q, the top of
// column B (u, U's bottom card, builds on both, so p and q are of one class and accept exactly the
// same cards). We build a winning line from s without m, with as many moves, whose other dropped
// moves are those of the old line: a contradiction.
//
// After m the real line R has A = a p X and B = b q Y, where X and Y are the cards on p and on q
// (at first X is empty and Y = U). The new line L skips m and starts with A = a p Y, B = b q X:
// the same position but for the cards above p and above q, which are swapped. L makes each of
// R's moves in turn, with "onto the top of p's stack" and "onto the top of q's stack" swapped,
// and the swap stays exactly as long as neither p nor q goes to the foundations:
//   - a card or run taken from X (or Y) is taken from the other column in L; a card or run put
//     onto X or p (Y or q) is put onto the other stack, whose top is the same card, or q for p
//     (p for q), which accepts the same cards;
//   - a run that carries p (its bottom is p or lies under it in a) moves with Y in L instead of
//     X: still a run (Y's bottom card builds on q, so on p), with the same bottom card, so the
//     same move is legal, and afterwards the cards above p and q are still swapped. Likewise for
//     q. Such a run never lands on the other stack: every card above p or q is built on it, so
//     lower, while the run's bottom card is at least as high and would need a higher card;
//   - every other move, the waste and the stock are the same in both lines; columns are empty
//     in L exactly when they are in R (p and q are still there), so spaces, Lady Palk's king-only
//     spaces and Emperor's face-down cards (which lie under p or q, or elsewhere) behave alike.
// Each such move is dropped in L exactly when it is in R: the run, its source and the card under
// it are the same, or the card under it is p instead of q (or the reverse), of the same class,
// and the foundations are the same.
// Since R wins, p or q goes to the foundations at some point, from the top. If p goes first,
// then X is empty, so in L q is a column top: L moves Y (a run built on q, in suit, colour or
// rank as the rules demand, so built on p) from p onto q, and then p to the foundations; now L
// and R are in the same position and L makes R's remaining moves. That run move uncovers p just
// before p goes up, so it is not dropped; when Y is empty it is left out. If q goes first,
// likewise with X moved from q onto p. L leaves m out and makes at most two moves (the run and
// the card going up) where R makes one, so it is no longer than R, and it has one dropped move
// fewer. QED.
//
// In the search: the rule depends only on the position, so with the transposition table, the safe
// moves and the dead-end test the complete search still explores a graph in which every
// winnable position reaches a win: a winnable position has a line without dropped moves of the
// same length, its first move leads to a position with a line one shorter, and a safe move only
// shortens it (search/safe_foundation.hpp deletes moves from a winning line). second_move.hpp
// leaves a second move in place where the parent's own move of the same cards could be dropped.
// Tested against the unpruned reference search (reduced decks and full-rank end games) and by
// ablation (`--disable incomplete-piles`), in tests/incomplete_pile_test.cpp.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/move.hpp"
#include "solver/packed_state.hpp"

namespace patience {

// Whether the rule applies to the variant at all.
template <class T>
inline constexpr bool kIncompletePilesApply =
    T::kRuns && !T::kDeals && T::kBuild != BuildRule::DownByTwo;

// Whether some foundation pile takes a card of `card`'s class (see above).
template <class T>
bool pile_takes_class_of(const PackedState<T>& state, Card card) {
    for (int t = 0; t < kSuitCount; ++t) {
        const Suit suit = static_cast<Suit>(t);
        bool same_class = true;
        if constexpr (T::kBuild == BuildRule::DownInSuit) same_class = suit == card.suit();
        if constexpr (T::kBuild == BuildRule::DownAlternateColour) {
            same_class = is_red(suit) == card.red();
        }
        if (same_class && state.foundation_takes(Card(card.rank(), suit))) return true;
    }
    return false;
}

// Whether the column-to-column move `m` is one the rule drops.
template <class T>
bool drops_incomplete_pile_move(const PackedState<T>& state, const Move& m) {
    if constexpr (!kIncompletePilesApply<T>) {
        return false;
    } else {
        if (m.kind != MoveKind::ColumnToColumn || state.column(m.to).size == 0) return false;
        const auto& from = state.column(m.from);
        const int under = from.size - m.count - 1;  // index of p
        if (under < from.face_down) return false;   // nothing under the run, or face down
        const Card p = from.cards[under];
        return state.builds_on(from.cards[under + 1], p) && !pile_takes_class_of(state, p);
    }
}

// Removes, from the moves at `begin` on, those the rule drops.
template <class T>
void drop_incomplete_pile_moves(const PackedState<T>& state, std::vector<Move>& moves,
                                std::uint32_t begin) {
    if constexpr (kIncompletePilesApply<T>) {
        moves.erase(
            std::remove_if(moves.begin() + begin, moves.end(),
                           [&](const Move& m) { return drops_incomplete_pile_move(state, m); }),
            moves.end());
    }
}

}  // namespace patience
