// Chain families: the cards that can lie on each other in the tableau's built runs, for the tests
// that count how many runs ("chains") the columns must hold (capacity.hpp, waste_drain.hpp).
// Building in suit, the suits are the families (Malmaison); down by rank in any suit, all cards
// are one (Diplomat, Lady Palk); in alternating colours, two: black odd ranks with red even ones,
// and the other way round (Emperor). A card that builds on another is of its family and one rank
// lower, so a chain is a run of consecutive ranks of one family.
#pragma once

#include "core/card.hpp"
#include "solver/variant_traits.hpp"

namespace patience {

template <class T>
struct ChainFamilies {
    static constexpr int kCount = T::kBuild == BuildRule::DownInSuit            ? kSuitCount
                                  : T::kBuild == BuildRule::DownAlternateColour ? 2
                                                                                : 1;
    // The most cards of one rank in one family: the decks times the suits in a family.
    static constexpr int kMaxPerRank = T::kDecks * kSuitCount / kCount;

    static int of(Card card) {
        if constexpr (kCount == kSuitCount) {
            return static_cast<int>(card.suit());
        } else if constexpr (kCount == 2) {
            return card.red() == (card.rank() % 2 == 0) ? 0 : 1;
        } else {
            return 0;
        }
    }
};

}  // namespace patience
