// How far along a position looks: the evaluation the beam probe (beam.hpp) ranks positions by.
// A heuristic only: it chooses which positions a probe keeps, never which a complete search
// skips, so it cannot change a `lost`.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "core/variant.hpp"
#include "solver/packed_state.hpp"

namespace patience {

// The weights, chosen with the beam probe alone (no other member) at 1M nodes on seeds 101-200 of
// Emperor, Diplomat and Lady Palk, deals won: with a bonus of 250 per space and 300 per face-down
// card, 76 / 55 / 75; without the space bonus, 73 / 72 / 89; and 600 per face-down card, 78 / 72
// / 89 (kept). The waste's weights mattered most: with 20 per card and 150 per inversion the beam
// won 16 Emperor deals of seeds 1-100, with 100 and 400 70, with 400 and 1500 82 (800 and 3000:
// 67). A bonus per space lures the beam into emptying columns it then has to fill with the cards
// it wanted to move. A weight against each card left in the stock (with the weights below, Emperor
// seeds 1-1000 at 1M nodes with the whole portfolio): 100 and 300 won 986 and 987 deals against
// 985, but 300 won 1,955 of seeds 1001-3000 against 1,970, and 1000 won 935 of seeds 1-1000; a
// weight for each card drawn (-100) won 983. A weight against the cards that lie on the cards the
// piles need next (for each, the fewest over one of its copies, in a column or the waste), 30, 100
// and 300 a card: Emperor seeds 1-1000 985, 987 and 984; 100 on seeds 1001-3000 1,969 against
// 1,970; 100 with a stock card's draws counted too (half a card each), 981 of seeds 1-1000.
// A search over the weights below at 100,000 nodes (before kPlaced; Emperor seeds 1001-2000, 868
// won as they are), halving and doubling each: face-down 300 / 1200 won 881 / 862, waste 200 / 800
// 866 / 880, inversion 750 / 3000 870 / 866, break 30 / 120 876 / 869; face-down 300 with waste 800
// 868, and with break 30 too 885. Every one of them is within chance (`patience compare`: face-down
// 300 gained 34 deals and dropped 21, McNemar's p = 0.11). The last, at 1M nodes: seeds 1-1000 989
// (5 gained, 1 dropped, p = 0.22), seeds 1001-3000 1,970 (7 and 7), as the weights below.
struct ProgressWeights {
    // For: a card on the foundations.
    static constexpr int kUp = 1000;
    // Against: a face-down card (Emperor); a card in the waste; a waste card above a lower card of
    // its suit; a card at a break in a column (see below).
    static constexpr int kFaceDown = 600;
    static constexpr int kWaste = 400;
    static constexpr int kInversion = 1500;
    static constexpr int kBreak = 60;
    // Malmaison's card in the waste. Its stock is the longest (128 cards at full rank), and a card
    // builds on just one card identity, so a waste card waits longer for a way out. Deals won at
    // 1M nodes with eleven ranks (the most at which a tenth of the deals or more is won), seeds
    // 1-80 and 81-160, with 400 (the other games' weight), 1,000, 1,600, 3,200: 25 + 30, 27 + 33,
    // 32 + 37 (kept), 31 + 34; with 1,600 and 800 or 4,000 per inversion, 29 and 29 of seeds 1-80,
    // and with 200 per break, 29. Twelve ranks, seeds 1-100: 14 with 400, 15 with 1,600. Full
    // deals, seeds 1-1000: 4 with 400 (554, 696, 705, 858), 6 with 1,600 (and 658, 717).
    // Two more weights tried with twelve ranks, seeds 1-100 (15 deals won as it is): against the
    // waste left when the stock is drawn out greedily (each drawn card, and then the waste's top,
    // goes home or onto a column top it builds on while one can; column tops go home), 400, 1,600
    // and 4,000 a card won 16, 17 and 11 deals (1,600 with spaces taking cards too: 16) in 1.5
    // times the CPU time (1,600 with eleven ranks, seeds 1-100: 43 deals, as without it);
    // against the cards lying on the cards the piles need next (the fewest over one copy, a stock
    // copy counting half its draws), 100 and 300 a card won 13 and 12. A bonus for each space
    // (a column any card or run may fill), eleven ranks, seeds 1-100: 800 and 3,000 won 41 and 38
    // deals (43 as it is), and -800 (a space as a cost) 42.
    static constexpr int kWasteMalmaison = 1600;
    // For, where single cards move (Diplomat, Emperor): each of the next kLookahead stock cards
    // that has a place now (a pile that takes it, a column top it builds on, or a space). A draw
    // puts its card on the waste, where it is a debt unless it leaves at once; a position whose
    // coming cards have places waiting draws them for free, and one that used those places up or
    // buried them will bury the coming cards in the waste (the solver knows the stock's order).
    // Measured with `patience compare` against the search without it (Emperor, 1M nodes unless
    // said; deals gained / dropped, McNemar's p):
    //   100,000 nodes, seeds 1001-2000 (868 won without): 200, 600, 1,200 and 2,400 a card won
    //   891, 903 (+63 / -28, p = 0.0003), 912 and 900; 600 looking 4 and 16 cards ahead, 891 and
    //   904.
    //   600: seeds 1-1000 985 -> 989 (+4 / -0), seeds 1001-3000 1,970 -> 1,977 (+14 / -7), together
    //   p = 0.04, and 12% fewer nodes over the deals decided either way (geometric mean, 0.88 and
    //   0.885); 1,200: seeds 1-1000 986 (+3 / -2). Diplomat seeds 1-1000: 998 -> 999, 3% fewer
    //   nodes.
    //   Where runs move it did not pay (seeds 1-1000 unless said): Lady Palk 999 -> 997 and 4% more
    //   nodes, Emperor-modern 997 -> 996 and 12.5% more, Malmaison with eleven ranks, seeds 1-100,
    //   43 -> 39 (+2 / -6); which of those games' differences is the cause is not known (moving
    //   runs makes places that a position does not show yet, perhaps). So it is off there.
    // Tried beside it and not kept, Emperor seeds 1001-2000 at 100,000 nodes (903 won as it is;
    // gained / dropped, McNemar's p): the coming cards placed one after another, each using up
    // the place it takes (a pile raised, a column top covered, a space filled, so that it can
    // then take the next), 905 (+39 / -37, p = 0.91); the places weighted down by how far the
    // card lies in the stock (600 - 60 i for the i-th), 892 (+20 / -31); 600 more where the
    // waste's top has a place, 911 (+25 / -17, p = 0.28); a weight against each waste card whose
    // pile waits for a card that lies in the stock (every copy of it off the piles), 300 / 1,000
    // / 2,500 a card, 914 / 917 (+31 / -17, p = 0.06) / 904, and 1,000 on seeds 2001-3000 905
    // against 912 (+24 / -31): chance both times; the same weighted by how deep that card lies
    // (up to 8 or 16 draws), 897 and 900.
    static constexpr int kPlaced = 600;
    static constexpr int kLookahead = 8;
};

// The weight against a card in the waste, for variant T.
template <class T>
inline constexpr int kWasteWeight =
    T::kId == VariantId::Malmaison ? ProgressWeights::kWasteMalmaison : ProgressWeights::kWaste;

// How many of the next ProgressWeights::kLookahead stock cards have a place in `state` as it is:
// a pile that takes the card, or a column that accepts it (on a top it builds on, or as a space
// it may fill).
template <class T>
int coming_cards_placed(const PackedState<T>& state) {
    const int coming = std::min(ProgressWeights::kLookahead, state.stock_left());
    int placed = 0;
    for (int i = 0; i < coming; ++i) {
        const Card card = state.stock_card(i);
        bool place = state.foundation_takes(card);
        for (int c = 0; !place && c < T::kColumns; ++c) place = state.column_accepts(c, card);
        placed += place ? 1 : 0;
    }
    return placed;
}

// Higher is better. Besides the cards up: face-down cards still to turn, the waste (a one-pass
// waste is a stack that must later be emptied from the top, so every card in it is a debt, and one
// lying above a lower card of its own suit can go up only after that card found another way), and
// the breaks in the columns (a card that does not build on the card below it buries that card and
// everything under it: the deeper the break, the more cards must be dug out); and where single
// cards move, the coming stock cards that have a place (coming_cards_placed).
template <class T>
std::int64_t progress_score(const PackedState<T>& state) {
    using W = ProgressWeights;
    std::int64_t score = std::int64_t{W::kUp} * state.cards_up();
    for (int c = 0; c < T::kColumns; ++c) {
        const auto& col = state.column(c);
        score -= std::int64_t{W::kFaceDown} * col.face_down;
        for (int i = std::max<int>(col.face_down, 1); i < col.size; ++i) {
            if (!state.builds_on(col.cards[i], col.cards[i - 1]))
                score -= W::kBreak * i / 2 + W::kBreak;
        }
    }
    score -= std::int64_t{kWasteWeight<T>} * state.waste_size();
    if constexpr (!T::kRuns) score += std::int64_t{W::kPlaced} * coming_cards_placed(state);
    std::array<int, kSuitCount> lowest;
    lowest.fill(kMaxRanks + 1);
    for (int i = 0; i < state.waste_size(); ++i) {
        const Card card = state.waste_card(i);
        const int suit = static_cast<int>(card.suit());
        if (card.rank() > lowest[suit]) score -= W::kInversion;
        lowest[suit] = std::min<int>(lowest[suit], card.rank());
    }
    return score;
}

}  // namespace patience
