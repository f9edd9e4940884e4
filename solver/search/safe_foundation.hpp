// Safe foundation moves: a card that can go up and that no later move could ever need in the
// tableau is played to the foundations at once, without branching.
#pragma once

#include <vector>

#include "solver/packed_state.hpp"

namespace patience {

// Whether putting `card` on the foundations now can never lose a win: every card that could ever
// be built on it in the tableau is already on the foundations, and every pile of its suit is at
// least one rank below it.
//
// Proof: take any winning line from the position where the card stays. Delete the card's own
// later moves from it; every other move stays legal, because nothing can be placed on the card,
// removing it only frees the cards below it (and turns face-down ones up, which only adds moves),
// and each remaining copy of its rank still finds a pile one below it (all piles of the suit are
// at rank-1 or more, and one fewer copy needs one). Double Dot breaks the first step: a column the
// card would have kept non-empty could then block a `deal`, so there the rule waits until the
// stock is empty. The argument holds for any number of decks (it never asks which copy is where).
// Tested against the unpruned reference search by fast_solver_test (DifferentialSolve*) and by
// ablation (Ablation* tests switch it off).
template <class T>
bool safe_to_foundation(const PackedState<T>& state, Card card) {
    if constexpr (T::kDeals) {
        if (!state.stock_empty()) return false;
    }
    const int ranks = state.ranks();
    const int s = static_cast<int>(card.suit());
    const int r = card.rank();
    if constexpr (T::kFoundationStep == 2) {
        const int builder = (r + ranks - 3) % ranks + 1;  // two ranks below, wrapping
        for (int t = 0; t < kSuitCount; ++t) {
            if (!state.on_foundation(t, builder)) return false;
        }
        return true;
    } else {
        for (int k = 0; k < T::kDecks; ++k) {
            if (state.pile_height(s, k) < r - 1) return false;
        }
        if (r == 1) return true;
        for (int t = 0; t < kSuitCount; ++t) {
            const bool builds = T::kBuild == BuildRule::DownAnySuit ||
                                (T::kBuild == BuildRule::DownInSuit && t == s) ||
                                (T::kBuild == BuildRule::DownAlternateColour &&
                                 is_red(static_cast<Suit>(t)) != is_red(card.suit()));
            if (!builds) continue;
            for (int k = 0; k < T::kDecks; ++k) {
                if (state.pile_height(t, k) < r - 1) return false;
            }
        }
        return true;
    }
}

// Plays every safe foundation move from the waste top and the column tops until none is left,
// recording each on `undo`.
template <class T>
void play_safe_moves(PackedState<T>& state, std::vector<Undo>& undo) {
    for (bool again = true; again;) {
        again = false;
        if (state.waste_size() > 0) {
            const Card top = state.waste_top();
            if (state.foundation_takes(top) && safe_to_foundation(state, top)) {
                undo.push_back(state.make(Move::waste_to_foundation()));
                again = true;
            }
        }
        for (int c = 0; c < T::kColumns; ++c) {
            const auto& col = state.column(c);
            if (col.size == 0) continue;
            const Card top = col.top();
            if (state.foundation_takes(top) && safe_to_foundation(state, top)) {
                undo.push_back(state.make(Move::column_to_foundation(c)));
                again = true;
            }
        }
    }
}

}  // namespace patience
