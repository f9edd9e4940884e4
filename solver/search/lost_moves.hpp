// Lost moves passed on: a move whose child a test proved lost stays lost, without a test, in the
// positions reached by moves that commute with it.
//
// Why: where a position is lost, the complete search meets it under every arrangement of the
// tableau moves that have nothing to do with its loss, and tries the losing moves again in each.
// An Emperor seed 563 end game (9 stock cards) that the search proves lost in 24 nodes is three
// independent shuffles (9S from the waste onto either of two red 10s or left there, 6S on either
// red 7, 2C on either 3H) times one stock macro (5C onto 6H) whose child the dead-end test calls
// lost: 12 arrangements, and the macro again in each.
//
// The rule. Let a position P have a move M whose child (after its safe moves) a sound test proved
// lost: the dead-end test (dead_end.hpp) or the capacity test (capacity.hpp), there or earlier
// (the table tells a test's proof from an exhausted subtree: TranspositionTable::store_proof),
// never the path, nor a mark of the search's own exhaustion. Let C be reached from P by
// moves m1..mj (the move that led to C and the safe moves played after it, and so on down the
// path), none of which touches what M touches (move_touches.hpp). Then C's move M, where C has it,
// leads to a lost position, and the search may leave it out.
//
// Proof. A move's legality reads only what it touches (move_touches.hpp: its columns, the waste
// with the stock, the foundations; a supermove every column, Double Dot's deal everything), and
// its effect changes only that. So when M and m1..mj touch disjoint things, each of m1..mj is
// legal after M and M after them, with the same effects on the same cards, and
// P.M.m1..mj = P.m1..mj.M = C.M. The child of M at P is lost: the test saw it after its safe moves,
// and a safe move keeps every win (safe_foundation.hpp), so P.M is lost too (a win from P.M would
// make its safe-move successor winnable). C.M is reached from P.M by m1..mj, and a position
// reachable from a lost one is lost (a win from it would be a win from the lost one). By the same
// argument every position below C along moves that commute with M has M lost too, so the knowledge
// passes down the path as far as the moves commute. Only moves whose loss is a test's proof are
// passed on. A child the table marks as searched may owe its mark to the current path (a cycle cut
// there is no proof of loss for the child alone), and nothing here leans on such marks: every move
// left out leads to a position that a sound test proved lost, or that is reachable from one. So the
// search's verdicts are those it gives with the rule off, and its `won` lines are untouched. (A
// false hit of the table, with the odds that transposition_table.hpp bounds, could pass a move on
// wrongly, as it could prune a subtree.) Tested against the unpruned reference search
// (fast_solver_test's DifferentialSolve*) and by ablation (`--disable lost-moves`), and the
// commuting rule move by move in lost_moves_test.cpp.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/move.hpp"
#include "solver/packed_state.hpp"
#include "solver/search/move_touches.hpp"

namespace patience {

// The most lost moves a position keeps: more are rare, and leaving one out costs only pruning.
inline constexpr std::size_t kMostLostMoves = 16;

// Appends to `lost` (the child's own list, from its end on) the moves of the parent's list
// [parent_begin, parent_end) that touch nothing of `path_touched`, what the moves from the parent
// to the child touch (path_touches: the move and its safe moves), and so commute with each.
template <class T>
void inherit_lost_moves(std::vector<Move>& lost, std::size_t parent_begin, std::size_t parent_end,
                        std::uint32_t path_touched) {
    const std::size_t begin = lost.size();
    for (std::size_t i = parent_begin; i < parent_end && lost.size() - begin < kMostLostMoves;
         ++i) {
        const Move m = lost[i];
        if ((touches<T>(m) & path_touched) == 0) lost.push_back(m);
    }
}

// Drops, from the moves at `begin` on, every one of the lost moves [lost_begin, lost_end);
// returns how many went.
inline std::size_t drop_lost_moves(const std::vector<Move>& lost, std::size_t lost_begin,
                                   std::size_t lost_end, std::vector<Move>& moves,
                                   std::uint32_t begin) {
    if (lost_begin == lost_end) return 0;
    const auto kept = std::remove_if(moves.begin() + begin, moves.end(), [&](const Move& m) {
        return std::find(lost.begin() + static_cast<std::ptrdiff_t>(lost_begin),
                         lost.begin() + static_cast<std::ptrdiff_t>(lost_end),
                         m) != lost.begin() + static_cast<std::ptrdiff_t>(lost_end);
    });
    const auto dropped = static_cast<std::size_t>(moves.end() - kept);
    moves.erase(kept, moves.end());
    return dropped;
}

}  // namespace patience
