#include "core/deal.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace patience {

std::uint64_t SplitMix64::next() {
    state_ += 0x9E3779B97F4A7C15ULL;
    std::uint64_t z = state_;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

std::uint64_t SplitMix64::below(std::uint64_t n) {
    // 2^64 mod n, computed in 64 bits: (2^64 - n) mod n.
    const std::uint64_t excess = (0 - n) % n;
    for (;;) {
        const std::uint64_t x = next();
        // Accept x < 2^64 - excess; when excess is 0 every x is accepted.
        if (excess == 0 || x < 0 - excess) return x % n;
    }
}

std::vector<Card> full_deck(const VariantRules& rules, int ranks) {
    std::vector<Card> deck;
    deck.reserve(static_cast<std::size_t>(rules.decks) * kSuitCount * ranks);
    for (int copy = 0; copy < rules.decks; ++copy) {
        for (int s = 0; s < kSuitCount; ++s) {
            for (int rank = 1; rank <= ranks; ++rank) deck.emplace_back(rank, static_cast<Suit>(s));
        }
    }
    return deck;
}

Position lay_out(VariantId variant, int ranks, const std::vector<Card>& shuffled) {
    const VariantRules& rules = rules_of(variant);
    Position position;
    position.variant = variant;
    position.ranks = ranks;
    position.tableau.assign(rules.columns, {});
    position.face_down.assign(rules.columns, 0);
    position.foundations.assign(rules.foundation_piles, {});
    const auto presets = preset_foundation_cards(rules, ranks);
    for (std::size_t i = 0; i < presets.size(); ++i) position.foundations[i].push_back(presets[i]);

    const int rows = dealt_rows(rules, ranks);
    std::size_t next = 0;
    for (int row = 0; row < rows; ++row) {
        for (int col = 0; col < rules.columns && next < shuffled.size(); ++col) {
            position.tableau[col].push_back(shuffled[next++]);
        }
    }
    if (rules.top_card_only_face_up) {
        for (int col = 0; col < rules.columns; ++col) {
            position.face_down[col] = std::max(0, static_cast<int>(position.tableau[col].size()) - 1);
        }
    }
    // Stored bottom first: the first card to be drawn goes last.
    position.stock.assign(shuffled.rbegin(),
                          shuffled.rend() - static_cast<std::ptrdiff_t>(next));
    return position;
}

Position deal_position(VariantId variant, std::uint64_t seed, int ranks) {
    const VariantRules& rules = rules_of(variant);
    if (auto problem = ranks_problem(rules, ranks)) throw std::invalid_argument(*problem);
    std::vector<Card> deck = full_deck(rules, ranks);
    for (Card preset : preset_foundation_cards(rules, ranks)) {
        deck.erase(std::find(deck.begin(), deck.end(), preset));
    }
    SplitMix64 rng(seed);
    for (std::size_t i = deck.size(); i-- > 1;) {
        const auto j = static_cast<std::size_t>(rng.below(i + 1));
        std::swap(deck[i], deck[j]);
    }
    return lay_out(variant, ranks, deck);
}

}  // namespace patience
