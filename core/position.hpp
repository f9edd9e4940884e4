// A position of any variant in plain containers: the form files are read into and the reference
// rules engine plays on. Readable first; the fast solver has its own packed state.
#pragma once

#include <string>
#include <vector>

#include "core/card.hpp"
#include "core/variant.hpp"

namespace patience {

// Every pile is stored bottom card first, so its playable (top) card is back(). For the stock that
// means back() is the next card drawn: the reverse of the file order, where the first card listed
// is the first drawn.
struct Position {
    VariantId variant = VariantId::Diplomat;
    int ranks = kMaxRanks;
    std::vector<std::vector<Card>> tableau;
    std::vector<int> face_down;  // per column: how many bottom cards are face down
    std::vector<Card> stock;
    std::vector<Card> waste;
    std::vector<std::vector<Card>> foundations;  // always rules().foundation_piles piles

    const VariantRules& rules() const { return rules_of(variant); }
    int columns() const { return static_cast<int>(tableau.size()); }
    // Cards per suit and rank in the full game: decks.
    int copies() const { return rules().decks; }
    int total_cards() const { return deal_cards(rules(), ranks); }
    int cards_on_foundations() const;

    friend bool operator==(const Position&, const Position&) = default;
};

// A byte string that is equal for two positions exactly when they are the same up to the order of
// the columns (while that order cannot matter: not in Double Dot with cards left in the stock) and
// the order of the foundation piles. Exact: no hashing, no loss.
std::string canonical_key(const Position& position);

}  // namespace patience
