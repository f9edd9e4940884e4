// The six variants as one table of data: every rule the engines need is read from here.
#pragma once

#include <array>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "core/card.hpp"

namespace patience {

enum class VariantId : std::uint8_t { Diplomat, Malmaison, LadyPalk, DoubleDot, Emperor, EmperorModern };
inline constexpr int kVariantCount = 6;

// How a card may be placed on the top card of a tableau column.
enum class BuildRule : std::uint8_t {
    DownAnySuit,          // one rank lower, any suit
    DownInSuit,           // one rank lower, same suit
    DownAlternateColour,  // one rank lower, other colour
    DownByTwo,            // two ranks lower, any suit, wrapping modulo the rank count (Q on A, K on 2)
};

// What may be lifted from a column in one move.
enum class MoveUnit : std::uint8_t {
    TopCard,  // only the top card
    Run,      // any top run of face-up cards, each built on the one below by the build rule
};

// What an empty column accepts (within what MoveUnit allows to move at all).
enum class EmptyColumnRule : std::uint8_t {
    Anything,     // any card, or any run where runs move
    KingHeaded,   // only a card of the top rank, or a run whose bottom card has the top rank
};

// Where stock cards go.
enum class StockRule : std::uint8_t {
    DrawToWaste,     // `draw`: one card to the waste, any time the stock is not empty
    DealToColumns,   // `deal`: one card onto every column; not while any column is empty
};

struct VariantRules {
    VariantId id;
    std::string_view name;
    int decks;
    int columns;
    int full_rows;           // tableau depth with 13 ranks; reduced decks use ceil(full_rows * R / 13)
    bool top_card_only_face_up;  // every card of a dealt column but its top card is face down
    int foundation_piles;
    int foundation_step;     // ranks added per foundation card (Double Dot: 2)
    BuildRule build;
    MoveUnit moves;
    EmptyColumnRule empty_column;
    StockRule stock;
    // Cards that start on the foundations, one pile each, taken out of the deck before shuffling.
    // Ranks here are absolute (Ace = 1, Two = 2). Empty where piles start empty and take an Ace.
    std::span<const Card> preset_foundation_bases;
    // Lady Palk presets every Ace (one per pile, decks x suits of them).
    bool preset_all_aces;
    std::string_view summary;
};

// The table itself, constexpr so that the fast engine compiles its rules from it.
namespace detail {
inline constexpr std::array<Card, 4> kDoubleDotBases = {
    Card(1, Suit::Clubs), Card(1, Suit::Hearts), Card(2, Suit::Diamonds), Card(2, Suit::Spades)};
}  // namespace detail

inline constexpr std::array<VariantRules, kVariantCount> kVariantTable = {{
    {VariantId::Diplomat, "diplomat", 2, 8, 4, false, 8, 1, BuildRule::DownAnySuit,
     MoveUnit::TopCard, EmptyColumnRule::Anything, StockRule::DrawToWaste, {}, false,
     "2 decks; 8 columns of 4 face up; build down any suit; top card only; one pass"},
    {VariantId::Malmaison, "malmaison", 4, 10, 8, false, 16, 1, BuildRule::DownInSuit,
     MoveUnit::Run, EmptyColumnRule::Anything, StockRule::DrawToWaste, {}, false,
     "4 decks; 10 columns of 8 face up; build down in suit; runs move; one pass"},
    {VariantId::LadyPalk, "lady-palk", 2, 8, 4, false, 8, 1, BuildRule::DownAnySuit, MoveUnit::Run,
     EmptyColumnRule::KingHeaded, StockRule::DrawToWaste, {}, true,
     "2 decks, aces preset; 8 columns of 4; build down any suit; runs move; spaces take kings"},
    {VariantId::DoubleDot, "double-dot", 1, 8, 1, false, 4, 2, BuildRule::DownByTwo, MoveUnit::Run,
     EmptyColumnRule::Anything, StockRule::DealToColumns, detail::kDoubleDotBases, false,
     "1 deck; foundations by twos from AC AH 2D 2S; build down by two; deal 8 at a time"},
    {VariantId::Emperor, "emperor", 2, 10, 4, true, 8, 1, BuildRule::DownAlternateColour,
     MoveUnit::TopCard, EmptyColumnRule::Anything, StockRule::DrawToWaste, {}, false,
     "2 decks; 10 columns of 4, 3 face down; build down alternate colour; top card only"},
    {VariantId::EmperorModern, "emperor-modern", 2, 10, 4, true, 8, 1,
     BuildRule::DownAlternateColour, MoveUnit::Run, EmptyColumnRule::Anything,
     StockRule::DrawToWaste, {}, false,
     "emperor, but face-up runs in alternate colour move as a unit"},
}};

const VariantRules& rules_of(VariantId id);
std::span<const VariantRules> all_variants();
std::optional<VariantId> parse_variant(std::string_view name);
// "diplomat, malmaison, ..." for error messages.
std::string variant_names();

// Tableau depth of a fresh deal with `ranks` ranks per suit.
int dealt_rows(const VariantRules& rules, int ranks);
// Every card of a deal with `ranks` ranks per suit, the foundations' included: a copy of each
// card for each deck.
inline int deal_cards(const VariantRules& rules, int ranks) {
    return rules.decks * kSuitCount * ranks;
}
// Why `ranks` is not allowed for this variant, or nullopt when it is.
std::optional<std::string> ranks_problem(const VariantRules& rules, int ranks);

// The cards that start on the foundations, in the order they are taken out of the deck
// (one per pile, in pile order).
std::vector<Card> preset_foundation_cards(const VariantRules& rules, int ranks);

// The rank that follows `rank` on a foundation of this variant (wrapping in Double Dot).
int next_foundation_rank(const VariantRules& rules, int ranks, int rank);
// Whether `card` may be placed on `target` in the tableau.
bool builds_on(const VariantRules& rules, int ranks, Card card, Card target);

}  // namespace patience
