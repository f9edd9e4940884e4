#include "core/variant.hpp"

#include <array>
#include <string>

namespace patience {


const VariantRules& rules_of(VariantId id) { return kVariantTable[static_cast<int>(id)]; }

std::span<const VariantRules> all_variants() { return kVariantTable; }

std::optional<VariantId> parse_variant(std::string_view name) {
    for (const auto& v : kVariantTable) {
        if (v.name == name) return v.id;
    }
    return std::nullopt;
}

std::string variant_names() {
    std::string names;
    for (const auto& v : kVariantTable) {
        if (!names.empty()) names += ", ";
        names += v.name;
    }
    return names;
}

int dealt_rows(const VariantRules& rules, int ranks) {
    return (rules.full_rows * ranks + kMaxRanks - 1) / kMaxRanks;
}

std::optional<std::string> ranks_problem(const VariantRules& rules, int ranks) {
    if (ranks < 1 || ranks > kMaxRanks) {
        return "ranks must be between 1 and 13, got " + std::to_string(ranks);
    }
    if (rules.foundation_step == 2 && (ranks < 3 || ranks % 2 == 0)) {
        return std::string(rules.name) +
               " needs an odd number of ranks of at least 3 (its foundations step by two), got " +
               std::to_string(ranks);
    }
    return std::nullopt;
}

std::vector<Card> preset_foundation_cards(const VariantRules& rules, int ranks) {
    std::vector<Card> cards(rules.preset_foundation_bases.begin(),
                            rules.preset_foundation_bases.end());
    if (rules.preset_all_aces) {
        for (int deck = 0; deck < rules.decks; ++deck) {
            for (int s = 0; s < kSuitCount; ++s) cards.emplace_back(1, static_cast<Suit>(s));
        }
    }
    (void)ranks;  // every preset card has rank 1 or 2, present for every allowed rank count
    return cards;
}

int next_foundation_rank(const VariantRules& rules, int ranks, int rank) {
    return (rank - 1 + rules.foundation_step) % ranks + 1;
}

bool builds_on(const VariantRules& rules, int ranks, Card card, Card target) {
    switch (rules.build) {
        case BuildRule::DownAnySuit:
            return card.rank() + 1 == target.rank();
        case BuildRule::DownInSuit:
            return card.suit() == target.suit() && card.rank() + 1 == target.rank();
        case BuildRule::DownAlternateColour:
            return card.red() != target.red() && card.rank() + 1 == target.rank();
        case BuildRule::DownByTwo:
            return (card.rank() - 1 + 2) % ranks + 1 == target.rank();
    }
    return false;
}

}  // namespace patience
