// Supermoves: where only a column's top card moves (Diplomat, Emperor), the search may also move
// a built run of n top cards at once, as long as the empty columns could carry it one card at a
// time. The move is a macro of single-card moves, like a stock macro; solutions print the single
// moves (SPEC §5).
//
// Why: a run moves card by card only through spaces, in one exact order (with two spaces, a run
// of four takes nine moves, most of them into spaces, which the move order ranks last). A narrow
// probe almost never finds that order; with the run as one move it finds the relocation as
// easily as in Emperor-modern, where runs move by the rules. Measured with the decided-rate
// harness, seeds 1-1000 at 1M nodes: Diplomat 89.2% -> 96.8% decided, Emperor 74.6% -> 82.7%.
// Lending other columns' tops to park the run's top cards on, besides the spaces, won Emperor
// seeds 1-300 244 deals against 242, and was left out.
//
// The expansion. Let k be the number of empty columns other than the target. Move(n, from, to)
// with k free spaces: n = 1 is one legal move (the top card goes onto a card it builds on, or
// into a space, which takes any card in these variants). For n > 1, with h = n / 2: Move(h) from
// `from` into one free space s, using the other k - 1; Move(n - h) from `from` to `to`, using the
// same k - 1; Move(h) from s to `to`, using the same k - 1. Every card moved lands on the card it
// was built on in the run, on the target's top (the run's bottom card builds on it, or the target
// is empty), or in an empty column, so each single move is legal. By induction, k spaces carry
// 2^k cards: h and n - h are both at most 2^(k-1) when n <= 2^k. The source's cards below the run
// are untouched until its last card leaves, so a face-down card turns up exactly as it would
// after the run's single moves. Only empty columns are borrowed (never another column's top,
// which would be a legal but larger reach): the capacity is a sufficient condition, not the
// largest run that could move.
//
// Why this loses no win and proves no false loss: a supermove is a sequence of legal single moves,
// so it reaches only positions the single moves reach, and the single moves stay in the move set.
// The search's graph gains edges that are paths of the old one: the same positions are reachable
// from every position, so a win is found, or every reachable position exhausted, with or without
// them. The position-based pruning rules keep their proofs (each says which of a position's moves
// can be left out because another kept move reaches what it reaches; adding moves keeps that
// true), the dead-end test speaks about every line of single moves, and the second-move rule
// (second_move.hpp) is not applied after a supermove (its argument asks that the parent could
// make the same move, and a supermove's capacity changes when its source column empties).
// Tested: every supermove expands into legal single moves that reach the position the macro
// reaches (supermove_test.cpp), against the unpruned reference search (DifferentialSolve*), and
// by ablation (`--disable supermoves`).
#pragma once

#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"
#include "solver/packed_state.hpp"

namespace patience {

template <class T>
inline constexpr bool kSupermovesApply = !T::kRuns && !T::kKingSpaces;

// The longest run k empty columns (other than the target) carry one card at a time.
constexpr int supermove_capacity(int spaces) {
    return spaces >= 6 ? 64 : 1 << spaces;
}

// Whether `m`, in a search of variant T, is a supermove (a run move where the rules move one card).
template <class T>
constexpr bool is_supermove(const Move& m) {
    return kSupermovesApply<T> && m.kind == MoveKind::ColumnToColumn && m.count > 1;
}

// Appends the supermoves of `state`: each built run of 2 or more face-up top cards, onto every
// column top its bottom card builds on and into the first empty column (spaces are alike; a
// whole column is never moved into a space, which would only give the same position), where
// the other empty columns can carry it.
template <class T>
void add_supermoves(const PackedState<T>& state, std::vector<Move>& out) {
    if constexpr (kSupermovesApply<T>) {
        static_assert(!T::kDeals, "spaces are alike only where no stock deals onto the columns");
        int spaces = 0, first_space = -1;
        for (int c = 0; c < T::kColumns; ++c) {
            if (state.column(c).size != 0) continue;
            ++spaces;
            if (first_space < 0) first_space = c;
        }
        if (spaces == 0) return;  // one card at a time is all that moves
        for (int from = 0; from < T::kColumns; ++from) {
            const auto& col = state.column(from);
            const int run = state.built_run(from);
            for (int n = 2; n <= run; ++n) {
                const Card bottom = col.cards[col.size - n];
                for (int to = 0; to < T::kColumns; ++to) {
                    const auto& target = state.column(to);
                    if (to == from) continue;
                    if (target.size == 0) {
                        if (to != first_space || n == col.size) continue;
                        if (n > supermove_capacity(spaces - 1)) continue;
                    } else if (!state.builds_on(bottom, target.top()) ||
                               n > supermove_capacity(spaces)) {
                        continue;
                    }
                    out.push_back(Move::column_to_column(from, to, n));
                }
            }
        }
    }
}

// Appends the single moves that make supermove `m` (n cards from `from` to `to`) with the empty
// columns `spaces` (the target not among them), as the header's expansion.
inline void expand_supermove(int n, int from, int to, std::vector<int> spaces,
                             std::vector<Move>& out) {
    if (n == 1) {
        out.push_back(Move::column_to_column(from, to, 1));
        return;
    }
    const int space = spaces.back();
    spaces.pop_back();
    const int half = n / 2;
    expand_supermove(half, from, space, spaces, out);
    expand_supermove(n - half, from, to, spaces, out);
    expand_supermove(half, space, to, spaces, out);
}

// The search's moves from `start` with every supermove written out as its single moves (other
// moves, stock macros included, are left as they are).
template <class T>
std::vector<Move> expand_supermoves(const Position& start, const std::vector<Move>& moves) {
    if constexpr (!kSupermovesApply<T>) {
        return moves;
    } else {
        std::vector<Move> plain;
        plain.reserve(moves.size());
        PackedState<T> replay(start);
        for (const Move& m : moves) {
            if (is_supermove<T>(m)) {
                std::vector<int> spaces;
                for (int c = 0; c < T::kColumns; ++c) {
                    if (c != m.to && replay.column(c).size == 0) spaces.push_back(c);
                }
                expand_supermove(m.count, m.from, m.to, spaces, plain);
            } else {
                plain.push_back(m);
            }
            replay.make(m);
        }
        return plain;
    }
}

}  // namespace patience
