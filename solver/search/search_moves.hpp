// The moves a search tries at a node, as the techniques shape them: the rules' moves (with stock
// macros in place of bare draws where they are on), less the moves the incomplete-pile rule drops,
// plus supermoves. One place for the depth-first members and the beam probe, so that both search
// the same graph. (The second-move rule depends on the move that led to the node and stays with
// the depth-first search.)
#pragma once

#include <cstdint>
#include <vector>

#include "solver/packed_state.hpp"
#include "solver/search/incomplete_pile.hpp"
#include "solver/search/stock_macro.hpp"
#include "solver/search/supermove.hpp"
#include "solver/search/techniques.hpp"

namespace patience {

// Appends the moves of `state` to `moves`.
template <class T>
void generate_search_moves(const PackedState<T>& state, const Techniques& techniques,
                           std::vector<Move>& moves) {
    const auto begin = static_cast<std::uint32_t>(moves.size());
    state.template generate<true>(moves, techniques.stock_macros);
    if (techniques.incomplete_piles) drop_incomplete_pile_moves(state, moves, begin);
    if (techniques.supermoves) add_supermoves(state, moves);
}

// A line of the search's moves from `start` (stock macros and supermoves among them) written out
// as plain moves, as solutions are printed and replayed.
template <class T>
std::vector<Move> plain_moves(const Position& start, const std::vector<Move>& search_moves) {
    return expand_stock_macros(expand_supermoves<T>(start, search_moves));
}

}  // namespace patience
