#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "core/card.hpp"
#include "core/deal.hpp"
#include "core/position.hpp"
#include "core/position_io.hpp"
#include "core/variant.hpp"

namespace patience {
namespace {

constexpr std::uint64_t kMaxSeed = std::numeric_limits<std::uint64_t>::max();

// Every rank count the variant allows (Double Dot: odd, at least 3).
std::vector<int> allowed_ranks(const VariantRules& rules) {
    std::vector<int> ranks;
    for (int r = 1; r <= kMaxRanks; ++r) {
        if (!ranks_problem(rules, r)) ranks.push_back(r);
    }
    return ranks;
}

std::vector<Card> all_cards(const Position& position) {
    std::vector<Card> cards;
    for (const auto& column : position.tableau)
        cards.insert(cards.end(), column.begin(), column.end());
    cards.insert(cards.end(), position.stock.begin(), position.stock.end());
    cards.insert(cards.end(), position.waste.begin(), position.waste.end());
    for (const auto& pile : position.foundations)
        cards.insert(cards.end(), pile.begin(), pile.end());
    return cards;
}

int tableau_cards(const Position& position) {
    int count = 0;
    for (const auto& column : position.tableau) count += static_cast<int>(column.size());
    return count;
}

int foundation_cards(const Position& position) {
    int count = 0;
    for (const auto& pile : position.foundations) count += static_cast<int>(pile.size());
    return count;
}

Card card(const char* text) {
    return *parse_card(text);
}

// --- SplitMix64 ------------------------------------------------------------------------------

TEST(SplitMix64, SeedZeroGivesThePublishedReferenceOutputs) {
    SplitMix64 rng(0);
    EXPECT_EQ(rng.next(), 0xE220A8397B1DCDAFULL);
    EXPECT_EQ(rng.next(), 0x6E789E6AA1B965F4ULL);
    EXPECT_EQ(rng.next(), 0x06C45D188009454FULL);
}

TEST(SplitMix64, OtherSeedsIncludingTheLargestMatchTheReferenceImplementation) {
    // Values from scripts/deal_reference.py.
    SplitMix64 one(1);
    EXPECT_EQ(one.next(), 0x910A2DEC89025CC1ULL);
    EXPECT_EQ(one.next(), 0xBEEB8DA1658EEC67ULL);
    SplitMix64 max(kMaxSeed);  // the state wraps modulo 2^64 on the first step
    EXPECT_EQ(max.next(), 0xE4D971771B652C20ULL);
    EXPECT_EQ(max.next(), 0xE99FF867DBF682C9ULL);
}

TEST(SplitMix64, BelowThreeFollowsTheReferenceSequence) {
    // Seed 0, computed with scripts/deal_reference.py: next() % 3 with rejection (none needed).
    SplitMix64 rng(0);
    const std::vector<std::uint64_t> expected = {1, 0, 1, 1, 1, 0, 2, 2, 2, 2};
    std::vector<std::uint64_t> got;
    for (std::size_t i = 0; i < expected.size(); ++i) got.push_back(rng.below(3));
    EXPECT_EQ(got, expected);
}

TEST(SplitMix64, BelowRejectsDrawsInTheBiasedTail) {
    // n = 2^63 + 1: 2^64 mod n = 2^63 - 1, so every x >= 2^63 + 1 is redrawn. Seed 0's first
    // output 0xE220... is such an x; the second, 0x6E78..., is accepted and returned as it is.
    const std::uint64_t n = (std::uint64_t{1} << 63) + 1;
    SplitMix64 rng(0);
    EXPECT_EQ(rng.below(n), 0x6E789E6AA1B965F4ULL);
    // Exactly two draws were consumed: the next output is the third one.
    EXPECT_EQ(rng.next(), 0x06C45D188009454FULL);
}

TEST(SplitMix64, BelowOfAPowerOfTwoNeverRejects) {
    // 2^64 mod 2^63 = 0: every draw is accepted, one draw per call.
    SplitMix64 rng(0);
    EXPECT_EQ(rng.below(std::uint64_t{1} << 63), 0xE220A8397B1DCDAFULL & ~(std::uint64_t{1} << 63));
    EXPECT_EQ(rng.next(), 0x6E789E6AA1B965F4ULL);
}

TEST(SplitMix64, BelowOneIsZeroAndConsumesOneDraw) {
    SplitMix64 rng(0);
    EXPECT_EQ(rng.below(1), 0u);
    EXPECT_EQ(rng.next(), 0x6E789E6AA1B965F4ULL);
}

TEST(SplitMix64, BelowStaysInRange) {
    for (std::uint64_t n : {std::uint64_t{2}, std::uint64_t{3}, std::uint64_t{7}, std::uint64_t{52},
                            std::uint64_t{208}, kMaxSeed}) {
        SplitMix64 rng(n * 31 + 5);
        for (int i = 0; i < 2000; ++i) ASSERT_LT(rng.below(n), n) << "n = " << n;
    }
}

TEST(SplitMix64, BelowReachesEveryValueOfASmallRange) {
    SplitMix64 rng(12345);
    std::vector<int> hits(7, 0);
    for (int i = 0; i < 7000; ++i) ++hits[rng.below(7)];
    for (int v = 0; v < 7; ++v) EXPECT_GT(hits[v], 800) << "value " << v;
}

// --- full_deck and lay_out -------------------------------------------------------------------

TEST(Deal, FullDeckIsInDeckOrderPerCopy) {
    const auto deck = full_deck(rules_of(VariantId::Diplomat), 3);
    const std::vector<Card> one_copy = {card("AC"), card("2C"), card("3C"), card("AD"),
                                        card("2D"), card("3D"), card("AH"), card("2H"),
                                        card("3H"), card("AS"), card("2S"), card("3S")};
    ASSERT_EQ(deck.size(), 24u);
    EXPECT_EQ(std::vector<Card>(deck.begin(), deck.begin() + 12), one_copy);
    EXPECT_EQ(std::vector<Card>(deck.begin() + 12, deck.end()), one_copy);
}

TEST(Deal, FullDeckHoldsEveryCopyOfEveryCard) {
    for (const auto& rules : all_variants()) {
        for (int ranks : {1, 5, 13}) {
            const auto deck = full_deck(rules, ranks);
            EXPECT_EQ(static_cast<int>(deck.size()), rules.decks * kSuitCount * ranks)
                << rules.name;
            EXPECT_EQ(std::count(deck.begin(), deck.end(), Card(ranks, Suit::Spades)), rules.decks);
        }
    }
}

TEST(Deal, LayOutDealsRowByRowAndKeepsTheRestAsStockInDrawingOrder) {
    // Double Dot, 5 ranks: one row of 8, then a stock of 8 whose first card is drawn first.
    const std::vector<Card> shuffled = {card("2C"), card("3C"), card("4C"), card("5C"),
                                        card("AD"), card("3D"), card("4D"), card("5D"),
                                        card("2H"), card("3H"), card("4H"), card("5H"),
                                        card("AS"), card("3S"), card("4S"), card("5S")};
    const Position p = lay_out(VariantId::DoubleDot, 5, shuffled);
    ASSERT_EQ(p.columns(), 8);
    for (int c = 0; c < 8; ++c) EXPECT_EQ(p.tableau[c], std::vector<Card>{shuffled[c]}) << c;
    // Stored bottom first: back() is the next card drawn.
    const std::vector<Card> stock_in_file_order(shuffled.begin() + 8, shuffled.end());
    EXPECT_EQ(std::vector<Card>(p.stock.rbegin(), p.stock.rend()), stock_in_file_order);
    EXPECT_EQ(p.stock.back(), card("2H"));
    EXPECT_EQ(p.foundations, (std::vector<std::vector<Card>>{
                                 {card("AC")}, {card("AH")}, {card("2D")}, {card("2S")}}));
    EXPECT_TRUE(p.waste.empty());
}

TEST(Deal, LayOutFillsTheBottomRowFirst) {
    // Diplomat, 4 ranks: two rows of 8. Card k goes to column k % 8, row k / 8.
    std::vector<Card> shuffled = full_deck(rules_of(VariantId::Diplomat), 4);
    const Position p = lay_out(VariantId::Diplomat, 4, shuffled);
    for (int c = 0; c < 8; ++c) {
        ASSERT_EQ(p.tableau[c].size(), 2u) << c;
        EXPECT_EQ(p.tableau[c][0], shuffled[c]) << c;      // bottom
        EXPECT_EQ(p.tableau[c][1], shuffled[8 + c]) << c;  // top
    }
    EXPECT_EQ(p.stock.size(), 16u);
    EXPECT_EQ(p.stock.back(), shuffled[16]);
    EXPECT_EQ(p.stock.front(), shuffled.back());
}

TEST(Deal, LayOutTurnsAllButTheTopCardFaceDownInEmperor) {
    std::vector<Card> shuffled = full_deck(rules_of(VariantId::Emperor), kMaxRanks);
    const Position p = lay_out(VariantId::Emperor, kMaxRanks, shuffled);
    EXPECT_EQ(p.face_down, std::vector<int>(10, 3));
    const Position q =
        lay_out(VariantId::Diplomat, kMaxRanks, full_deck(rules_of(VariantId::Diplomat), 13));
    EXPECT_EQ(q.face_down, std::vector<int>(8, 0));
}

// --- deal_position: the SPEC §3 algorithm ------------------------------------------------------

TEST(Deal, ShufflesTheDeckWithoutPresetsByFisherYatesFromTheTop) {
    // The algorithm of SPEC §3 step by step, checked against deal_position for every variant.
    for (const auto& rules : all_variants()) {
        for (int ranks : allowed_ranks(rules)) {
            for (std::uint64_t seed : {std::uint64_t{0}, std::uint64_t{99}, kMaxSeed}) {
                std::vector<Card> deck = full_deck(rules, ranks);
                for (Card preset : preset_foundation_cards(rules, ranks)) {
                    deck.erase(std::find(deck.begin(), deck.end(), preset));
                }
                SplitMix64 rng(seed);
                for (std::size_t n = deck.size(); n > 1; --n) {  // i = n - 1 down to 1
                    std::swap(deck[n - 1], deck[rng.below(n)]);
                }
                EXPECT_EQ(deal_position(rules.id, seed, ranks), lay_out(rules.id, ranks, deck))
                    << rules.name << " seed " << seed << " ranks " << ranks;
            }
        }
    }
}

TEST(Deal, CardCountsAddUpToTheWholeGame) {
    for (const auto& rules : all_variants()) {
        for (int ranks : allowed_ranks(rules)) {
            for (std::uint64_t seed : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{12345}}) {
                const Position p = deal_position(rules.id, seed, ranks);
                const int total = rules.decks * kSuitCount * ranks;
                EXPECT_EQ(tableau_cards(p) + static_cast<int>(p.stock.size()) + foundation_cards(p),
                          total)
                    << rules.name << " ranks " << ranks;
                EXPECT_TRUE(p.waste.empty());
                // The same cards as the full deck, copies included.
                auto dealt = all_cards(p);
                auto deck = full_deck(rules, ranks);
                std::sort(dealt.begin(), dealt.end());
                std::sort(deck.begin(), deck.end());
                EXPECT_EQ(dealt, deck) << rules.name << " ranks " << ranks;
            }
        }
    }
}

TEST(Deal, TableauIsCeilRowsTimesRanksOverThirteenDeep) {
    for (const auto& rules : all_variants()) {
        for (int ranks : allowed_ranks(rules)) {
            const Position p = deal_position(rules.id, 77, ranks);
            const int rows = (rules.full_rows * ranks + 12) / 13;
            const int available = rules.decks * kSuitCount * ranks -
                                  static_cast<int>(preset_foundation_cards(rules, ranks).size());
            // Row by row until the rows are full or the cards run out (only with very few ranks).
            const int dealt = std::min(rows * rules.columns, available);
            ASSERT_EQ(p.columns(), rules.columns);
            for (int c = 0; c < rules.columns; ++c) {
                const int expected = dealt / rules.columns + (c < dealt % rules.columns ? 1 : 0);
                EXPECT_EQ(static_cast<int>(p.tableau[c].size()), expected)
                    << rules.name << " ranks " << ranks << " column " << c;
            }
            EXPECT_EQ(static_cast<int>(p.stock.size()), available - dealt)
                << rules.name << " " << ranks;
        }
    }
}

TEST(Deal, FullDealsHaveTheSpecLayout) {
    struct Expected {
        VariantId id;
        std::size_t depth;
        std::size_t stock;
    };
    for (const Expected& e :
         {Expected{VariantId::Diplomat, 4, 72}, Expected{VariantId::Malmaison, 8, 128},
          Expected{VariantId::LadyPalk, 4, 64}, Expected{VariantId::DoubleDot, 1, 40},
          Expected{VariantId::Emperor, 4, 64}, Expected{VariantId::EmperorModern, 4, 64}}) {
        const Position p = deal_position(e.id, 2);
        for (const auto& column : p.tableau)
            EXPECT_EQ(column.size(), e.depth) << rules_of(e.id).name;
        EXPECT_EQ(p.stock.size(), e.stock) << rules_of(e.id).name;
    }
}

TEST(Deal, DiplomatWithFourRanksHasTwoRowsAndSixteenInTheStock) {
    const Position p = deal_position(VariantId::Diplomat, 5, 4);
    for (const auto& column : p.tableau) EXPECT_EQ(column.size(), 2u);
    EXPECT_EQ(p.stock.size(), 16u);
}

TEST(Deal, DoubleDotStockIsAlwaysAMultipleOfEight) {
    for (int ranks : {3, 5, 7, 9, 11, 13}) {
        for (std::uint64_t seed = 0; seed < 5; ++seed) {
            const Position p = deal_position(VariantId::DoubleDot, seed, ranks);
            EXPECT_EQ(p.stock.size() % 8, 0u) << "ranks " << ranks;
            EXPECT_EQ(static_cast<int>(p.stock.size()), 4 * ranks - 12) << "ranks " << ranks;
        }
    }
}

TEST(Deal, DoubleDotStartsWithAceOfClubsAceOfHeartsTwoOfDiamondsTwoOfSpades) {
    for (int ranks : {3, 7, 13}) {
        const Position p = deal_position(VariantId::DoubleDot, 3, ranks);
        EXPECT_EQ(p.foundations, (std::vector<std::vector<Card>>{
                                     {card("AC")}, {card("AH")}, {card("2D")}, {card("2S")}}));
        // And those four are nowhere else.
        auto rest = all_cards(p);
        for (Card base : {card("AC"), card("AH"), card("2D"), card("2S")}) {
            EXPECT_EQ(std::count(rest.begin(), rest.end(), base), 1) << to_string(base);
        }
    }
}

TEST(Deal, LadyPalkHasAllEightAcesOnTheFoundations) {
    for (int ranks : {1, 4, 13}) {
        const Position p = deal_position(VariantId::LadyPalk, 42, ranks);
        ASSERT_EQ(p.foundations.size(), 8u);
        std::vector<Card> bases;
        for (const auto& pile : p.foundations) {
            ASSERT_EQ(pile.size(), 1u);
            bases.push_back(pile.front());
        }
        EXPECT_EQ(bases, (std::vector<Card>{card("AC"), card("AD"), card("AH"), card("AS"),
                                            card("AC"), card("AD"), card("AH"), card("AS")}));
        for (const auto& column : p.tableau) {
            for (Card c : column) EXPECT_NE(c.rank(), 1) << "ace in the tableau";
        }
        for (Card c : p.stock) EXPECT_NE(c.rank(), 1) << "ace in the stock";
    }
}

TEST(Deal, OtherVariantsStartWithEmptyFoundations) {
    for (VariantId id : {VariantId::Diplomat, VariantId::Malmaison, VariantId::Emperor,
                         VariantId::EmperorModern}) {
        const Position p = deal_position(id, 8);
        EXPECT_EQ(static_cast<int>(p.foundations.size()), rules_of(id).foundation_piles);
        EXPECT_EQ(foundation_cards(p), 0) << rules_of(id).name;
    }
}

TEST(Deal, EmperorHasAllButTheTopCardOfEachColumnFaceDown) {
    for (VariantId id : {VariantId::Emperor, VariantId::EmperorModern}) {
        EXPECT_EQ(deal_position(id, 123).face_down, std::vector<int>(10, 3));
        EXPECT_EQ(deal_position(id, 123, 7).face_down, std::vector<int>(10, 2));  // 3 rows
        EXPECT_EQ(deal_position(id, 123, 4).face_down, std::vector<int>(10, 1));  // 2 rows
        EXPECT_EQ(deal_position(id, 123, 1).face_down, std::vector<int>(10, 0));  // 1 row
    }
}

TEST(Deal, EmperorWithOneRankLeavesTheLastTwoColumnsEmpty) {
    // 8 cards for 10 columns: columns 9 and 10 get none, and an empty column has nothing face down.
    const Position p = deal_position(VariantId::Emperor, 0, 1);
    for (int c = 0; c < 8; ++c) EXPECT_EQ(p.tableau[c].size(), 1u) << c;
    EXPECT_TRUE(p.tableau[8].empty());
    EXPECT_TRUE(p.tableau[9].empty());
    EXPECT_TRUE(p.stock.empty());
}

TEST(Deal, NonEmperorVariantsDealEverythingFaceUp) {
    for (VariantId id :
         {VariantId::Diplomat, VariantId::Malmaison, VariantId::LadyPalk, VariantId::DoubleDot}) {
        const Position p = deal_position(id, 31);
        EXPECT_EQ(p.face_down, std::vector<int>(rules_of(id).columns, 0)) << rules_of(id).name;
    }
}

TEST(Deal, SameSeedGivesTheSameDeal) {
    for (const auto& rules : all_variants()) {
        for (std::uint64_t seed : {std::uint64_t{0}, std::uint64_t{2}, kMaxSeed}) {
            EXPECT_EQ(deal_position(rules.id, seed), deal_position(rules.id, seed)) << rules.name;
        }
    }
}

TEST(Deal, DifferentSeedsGiveDifferentDeals) {
    for (const auto& rules : all_variants()) {
        std::set<std::string> seen;
        for (std::uint64_t seed = 0; seed < 40; ++seed) {
            seen.insert(position_to_json(deal_position(rules.id, seed)));
        }
        seen.insert(position_to_json(deal_position(rules.id, kMaxSeed)));
        EXPECT_EQ(seen.size(), 41u) << rules.name;
    }
}

TEST(Deal, TheDeckOrderIsShuffled) {
    // A deal is not the unshuffled deck laid out (a guard against a no-op shuffle).
    for (const auto& rules : all_variants()) {
        auto deck = full_deck(rules, kMaxRanks);
        for (Card preset : preset_foundation_cards(rules, kMaxRanks)) {
            deck.erase(std::find(deck.begin(), deck.end(), preset));
        }
        EXPECT_NE(deal_position(rules.id, 0), lay_out(rules.id, kMaxRanks, deck)) << rules.name;
    }
}

TEST(Deal, EveryDealPassesValidation) {
    for (const auto& rules : all_variants()) {
        for (int ranks : allowed_ranks(rules)) {
            for (std::uint64_t seed = 0; seed < 25; ++seed) {
                EXPECT_EQ(validation_problem(deal_position(rules.id, seed, ranks)), "")
                    << rules.name << " seed " << seed << " ranks " << ranks;
            }
            EXPECT_EQ(validation_problem(deal_position(rules.id, kMaxSeed, ranks)), "")
                << rules.name << " ranks " << ranks;
        }
    }
}

TEST(Deal, PrintedDealReadsBackAsTheSameDeal) {
    for (const auto& rules : all_variants()) {
        for (int ranks : {5, 13}) {
            const Position p = deal_position(rules.id, 2024, ranks);
            EXPECT_EQ(parse_position(position_to_json(p), "deal"), p) << rules.name;
        }
    }
}

// --- pinned deals ------------------------------------------------------------------------------
// Expected texts printed by scripts/deal_reference.py, an independent implementation of SPEC §3:
// `python3 scripts/deal_reference.py VARIANT SEED RANKS`.

TEST(DealPinned, DiplomatSeed1) {
    const std::string expected = R"({
  "variant": "diplomat",
  "ranks": 13,
  "tableau": [
    ["6H", "6C", "10S", "5S"],
    ["7H", "9C", "4D", "3S"],
    ["JC", "5C", "3C", "7S"],
    ["8C", "10H", "4C", "AC"],
    ["KS", "KD", "JC", "8S"],
    ["7D", "JH", "9S", "9C"],
    ["6S", "AH", "JS", "8D"],
    ["8C", "QS", "KC", "9D"]
  ],
  "face_down": [0, 0, 0, 0, 0, 0, 0, 0],
  "stock": ["QD", "3D", "6C", "7D", "AS", "AD", "AS", "6D", "6H", "KH", "3H", "KC", "JS", "10D", "5S", "5D", "2D", "3S", "2C", "8H", "7C", "4S", "8H", "2H", "JH", "2S", "9H", "2C", "5C", "9S", "5H", "7C", "3C", "6S", "2S", "AH", "10H", "4S", "9H", "QH", "4C", "4D", "QS", "QH", "2H", "9D", "4H", "QC", "KS", "10C", "7H", "6D", "5D", "5H", "AD", "10S", "2D", "KH", "QD", "3H", "8S", "QC", "3D", "8D", "10D", "KD", "JD", "10C", "JD", "AC", "4H", "7S"],
  "waste": [],
  "foundations": [
    [],
    [],
    [],
    [],
    [],
    [],
    [],
    []
  ]
}
)";
    EXPECT_EQ(position_to_json(deal_position(VariantId::Diplomat, 1, 13)), expected);
}

TEST(DealPinned, EmperorSeed123) {
    const std::string expected = R"({
  "variant": "emperor",
  "ranks": 13,
  "tableau": [
    ["10D", "AH", "3C", "8D"],
    ["9C", "3S", "4H", "QS"],
    ["3S", "AH", "AS", "2C"],
    ["2H", "5D", "KC", "7S"],
    ["7D", "9C", "9S", "6D"],
    ["2S", "QS", "5H", "6S"],
    ["9D", "KS", "AD", "AS"],
    ["4C", "10C", "KH", "4S"],
    ["KD", "10S", "6D", "JC"],
    ["7H", "QC", "QC", "5D"]
  ],
  "face_down": [3, 3, 3, 3, 3, 3, 3, 3, 3, 3],
  "stock": ["7D", "8S", "6C", "JC", "AC", "8C", "AD", "9H", "10C", "6H", "8D", "4S", "QH", "JD", "8S", "9S", "JH", "3H", "KD", "3H", "KH", "3C", "KC", "4C", "3D", "6C", "5S", "5C", "5H", "10H", "6S", "2S", "10S", "8H", "2H", "4D", "2D", "9D", "5S", "JD", "4D", "10H", "QD", "9H", "JH", "4H", "JS", "7C", "2C", "8H", "7C", "7S", "KS", "8C", "5C", "QH", "JS", "7H", "6H", "10D", "2D", "AC", "QD", "3D"],
  "waste": [],
  "foundations": [
    [],
    [],
    [],
    [],
    [],
    [],
    [],
    []
  ]
}
)";
    EXPECT_EQ(position_to_json(deal_position(VariantId::Emperor, 123, 13)), expected);
}

TEST(DealPinned, DoubleDotSeed7Ranks5) {
    const std::string expected = R"({
  "variant": "double-dot",
  "ranks": 5,
  "tableau": [
    ["4S"],
    ["4D"],
    ["AD"],
    ["4C"],
    ["3D"],
    ["5H"],
    ["3S"],
    ["3C"]
  ],
  "face_down": [0, 0, 0, 0, 0, 0, 0, 0],
  "stock": ["5C", "AS", "5S", "4H", "2H", "2C", "3H", "5D"],
  "waste": [],
  "foundations": [
    ["AC"],
    ["AH"],
    ["2D"],
    ["2S"]
  ]
}
)";
    EXPECT_EQ(position_to_json(deal_position(VariantId::DoubleDot, 7, 5)), expected);
}

TEST(DealPinned, LadyPalkSeed42Ranks4) {
    const std::string expected = R"({
  "variant": "lady-palk",
  "ranks": 4,
  "tableau": [
    ["4H", "4S"],
    ["4H", "2H"],
    ["4D", "3D"],
    ["2C", "2C"],
    ["3H", "2S"],
    ["2H", "2D"],
    ["3D", "4C"],
    ["4S", "4D"]
  ],
  "face_down": [0, 0, 0, 0, 0, 0, 0, 0],
  "stock": ["3H", "3C", "2D", "3S", "2S", "3S", "4C", "3C"],
  "waste": [],
  "foundations": [
    ["AC"],
    ["AD"],
    ["AH"],
    ["AS"],
    ["AC"],
    ["AD"],
    ["AH"],
    ["AS"]
  ]
}
)";
    EXPECT_EQ(position_to_json(deal_position(VariantId::LadyPalk, 42, 4)), expected);
}

TEST(DealPinned, MalmaisonLargestSeedRanks2) {
    const std::string expected = R"({
  "variant": "malmaison",
  "ranks": 2,
  "tableau": [
    ["2C", "2D"],
    ["AC", "AS"],
    ["AH", "AC"],
    ["AS", "2H"],
    ["2S", "2S"],
    ["2H", "2S"],
    ["AH", "2D"],
    ["AH", "2H"],
    ["2C", "2D"],
    ["AS", "2S"]
  ],
  "face_down": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  "stock": ["AD", "2D", "AD", "AH", "AC", "2H", "AD", "AS", "AD", "2C", "2C", "AC"],
  "waste": [],
  "foundations": [
    [],
    [],
    [],
    [],
    [],
    [],
    [],
    [],
    [],
    [],
    [],
    [],
    [],
    [],
    [],
    []
  ]
}
)";
    EXPECT_EQ(position_to_json(deal_position(VariantId::Malmaison, kMaxSeed, 2)), expected);
}

TEST(DealPinned, EmperorModernSeed12345Ranks7) {
    const std::string expected = R"({
  "variant": "emperor-modern",
  "ranks": 7,
  "tableau": [
    ["7D", "6C", "4C"],
    ["7S", "6S", "3C"],
    ["6H", "7C", "AD"],
    ["7D", "5S", "4H"],
    ["2S", "7H", "4D"],
    ["6C", "3S", "AC"],
    ["7H", "6S", "2D"],
    ["5S", "3S", "7C"],
    ["AS", "2D", "5C"],
    ["5H", "4H", "5D"]
  ],
  "face_down": [2, 2, 2, 2, 2, 2, 2, 2, 2, 2],
  "stock": ["3H", "7S", "2C", "2C", "4S", "3D", "5C", "3C", "AH", "6D", "4S", "2S", "2H", "AC", "4C", "5D", "AS", "AD", "3D", "5H", "3H", "6H", "4D", "2H", "AH", "6D"],
  "waste": [],
  "foundations": [
    [],
    [],
    [],
    [],
    [],
    [],
    [],
    []
  ]
}
)";
    EXPECT_EQ(position_to_json(deal_position(VariantId::EmperorModern, 12345, 7)), expected);
}

}  // namespace
}  // namespace patience
