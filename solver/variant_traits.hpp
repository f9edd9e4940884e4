// The rules table (core/variant.hpp) read at compile time: the fast engine is instantiated once
// per variant, so inside the search every rule is a constant and no branch asks which game is
// being played.
#pragma once

#include "core/variant.hpp"

namespace patience {

template <VariantId V>
struct VariantTraits {
    static constexpr VariantId kId = V;
    static constexpr const VariantRules& kRules = kVariantTable[static_cast<int>(V)];
    static_assert(kRules.id == V);
    static constexpr int kDecks = kRules.decks;
    static constexpr int kColumns = kRules.columns;
    static constexpr int kFoundationStep = kRules.foundation_step;
    static constexpr bool kFaceDown = kRules.top_card_only_face_up;
    static constexpr BuildRule kBuild = kRules.build;
    static constexpr bool kRuns = kRules.moves == MoveUnit::Run;
    static constexpr bool kKingSpaces = kRules.empty_column == EmptyColumnRule::KingHeaded;
    static constexpr bool kDeals = kRules.stock == StockRule::DealToColumns;
};

// Calls f(VariantTraits<V>{}) for the position's variant: the one switch per solve.
template <class F>
decltype(auto) dispatch_variant(VariantId id, F&& f) {
    switch (id) {
        case VariantId::Diplomat: return f(VariantTraits<VariantId::Diplomat>{});
        case VariantId::Malmaison: return f(VariantTraits<VariantId::Malmaison>{});
        case VariantId::LadyPalk: return f(VariantTraits<VariantId::LadyPalk>{});
        case VariantId::DoubleDot: return f(VariantTraits<VariantId::DoubleDot>{});
        case VariantId::Emperor: return f(VariantTraits<VariantId::Emperor>{});
        case VariantId::EmperorModern: break;
    }
    return f(VariantTraits<VariantId::EmperorModern>{});
}

}  // namespace patience
