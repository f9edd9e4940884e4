#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/card.hpp"
#include "core/variant.hpp"

namespace patience {
namespace {

Card card(const char* text) {
    return *parse_card(text);
}

const VariantRules& rules(VariantId id) {
    return rules_of(id);
}

// --- the rules table (SPEC §2) -----------------------------------------------------------------

TEST(Variant, TableListsTheSixVariantsInOrder) {
    const auto variants = all_variants();
    ASSERT_EQ(variants.size(), 6u);
    ASSERT_EQ(kVariantCount, 6);
    for (int i = 0; i < kVariantCount; ++i) {
        EXPECT_EQ(static_cast<int>(variants[i].id), i);
        EXPECT_EQ(&rules_of(static_cast<VariantId>(i)), &variants[i]);
    }
    EXPECT_EQ(variant_names(),
              "diplomat, malmaison, lady-palk, double-dot, emperor, emperor-modern");
}

TEST(Variant, NamesDecksColumnsRowsAndFoundationsFollowTheSpecTable) {
    struct Row {
        VariantId id;
        const char* name;
        int decks;
        int columns;
        int rows;
        int foundations;
    };
    for (const Row& row : {Row{VariantId::Diplomat, "diplomat", 2, 8, 4, 8},
                           Row{VariantId::Malmaison, "malmaison", 4, 10, 8, 16},
                           Row{VariantId::LadyPalk, "lady-palk", 2, 8, 4, 8},
                           Row{VariantId::DoubleDot, "double-dot", 1, 8, 1, 4},
                           Row{VariantId::Emperor, "emperor", 2, 10, 4, 8},
                           Row{VariantId::EmperorModern, "emperor-modern", 2, 10, 4, 8}}) {
        const VariantRules& r = rules(row.id);
        EXPECT_EQ(r.id, row.id) << row.name;
        EXPECT_EQ(r.name, row.name);
        EXPECT_EQ(r.decks, row.decks) << row.name;
        EXPECT_EQ(r.columns, row.columns) << row.name;
        EXPECT_EQ(r.full_rows, row.rows) << row.name;
        EXPECT_EQ(r.foundation_piles, row.foundations) << row.name;
        EXPECT_FALSE(r.summary.empty()) << row.name;
    }
}

TEST(Variant, FullDealsLeaveTheSpecStockSizes) {
    // decks * 52 - presets - columns * rows: 72, 128, 64, 40, 64, 64 (SPEC §2).
    struct Row {
        VariantId id;
        int stock;
    };
    for (const Row& row : {Row{VariantId::Diplomat, 72}, Row{VariantId::Malmaison, 128},
                           Row{VariantId::LadyPalk, 64}, Row{VariantId::DoubleDot, 40},
                           Row{VariantId::Emperor, 64}, Row{VariantId::EmperorModern, 64}}) {
        const VariantRules& r = rules(row.id);
        const int presets = static_cast<int>(preset_foundation_cards(r, kMaxRanks).size());
        EXPECT_EQ(r.decks * 52 - presets - r.columns * dealt_rows(r, kMaxRanks), row.stock)
            << r.name;
    }
}

TEST(Variant, BuildRulesFollowTheSpecTable) {
    EXPECT_EQ(rules(VariantId::Diplomat).build, BuildRule::DownAnySuit);
    EXPECT_EQ(rules(VariantId::Malmaison).build, BuildRule::DownInSuit);
    EXPECT_EQ(rules(VariantId::LadyPalk).build, BuildRule::DownAnySuit);
    EXPECT_EQ(rules(VariantId::DoubleDot).build, BuildRule::DownByTwo);
    EXPECT_EQ(rules(VariantId::Emperor).build, BuildRule::DownAlternateColour);
    EXPECT_EQ(rules(VariantId::EmperorModern).build, BuildRule::DownAlternateColour);
}

TEST(Variant, WhatMovesFollowsTheSpecTable) {
    EXPECT_EQ(rules(VariantId::Diplomat).moves, MoveUnit::TopCard);
    EXPECT_EQ(rules(VariantId::Malmaison).moves, MoveUnit::Run);
    EXPECT_EQ(rules(VariantId::LadyPalk).moves, MoveUnit::Run);
    EXPECT_EQ(rules(VariantId::DoubleDot).moves, MoveUnit::Run);
    EXPECT_EQ(rules(VariantId::Emperor).moves, MoveUnit::TopCard);
    EXPECT_EQ(rules(VariantId::EmperorModern).moves, MoveUnit::Run);
}

TEST(Variant, OnlyLadyPalkRestrictsEmptyColumnsToKings) {
    for (const auto& r : all_variants()) {
        EXPECT_EQ(r.empty_column, r.id == VariantId::LadyPalk ? EmptyColumnRule::KingHeaded
                                                              : EmptyColumnRule::Anything)
            << r.name;
    }
}

TEST(Variant, OnlyDoubleDotDealsTheStockToTheColumns) {
    for (const auto& r : all_variants()) {
        EXPECT_EQ(r.stock,
                  r.id == VariantId::DoubleDot ? StockRule::DealToColumns : StockRule::DrawToWaste)
            << r.name;
        EXPECT_EQ(r.foundation_step, r.id == VariantId::DoubleDot ? 2 : 1) << r.name;
    }
}

TEST(Variant, OnlyTheEmperorsDealCardsFaceDown) {
    for (const auto& r : all_variants()) {
        const bool emperor = r.id == VariantId::Emperor || r.id == VariantId::EmperorModern;
        EXPECT_EQ(r.top_card_only_face_up, emperor) << r.name;
    }
}

// --- parse_variant -----------------------------------------------------------------------------

TEST(Variant, ParsesEveryExactName) {
    EXPECT_EQ(parse_variant("diplomat"), VariantId::Diplomat);
    EXPECT_EQ(parse_variant("malmaison"), VariantId::Malmaison);
    EXPECT_EQ(parse_variant("lady-palk"), VariantId::LadyPalk);
    EXPECT_EQ(parse_variant("double-dot"), VariantId::DoubleDot);
    EXPECT_EQ(parse_variant("emperor"), VariantId::Emperor);
    EXPECT_EQ(parse_variant("emperor-modern"), VariantId::EmperorModern);
}

TEST(Variant, RejectsUnknownAndWronglyCasedNames) {
    for (const char* name : {"", "Diplomat", "DIPLOMAT", "Emperor-Modern", "lady_palk", "ladypalk",
                             "lady palk", "double dot", "doubledot", "emperor ", " emperor",
                             "emperor-", "modern", "klondike", "all"}) {
        EXPECT_FALSE(parse_variant(name)) << '"' << name << '"';
    }
}

// --- ranks_problem and dealt_rows --------------------------------------------------------------

TEST(Variant, AcceptsOneToThirteenRanksOutsideDoubleDot) {
    for (const auto& r : all_variants()) {
        if (r.id == VariantId::DoubleDot) continue;
        for (int ranks = 1; ranks <= 13; ++ranks) {
            EXPECT_FALSE(ranks_problem(r, ranks)) << r.name << " " << ranks;
        }
    }
}

TEST(Variant, RejectsRankCountsOutsideOneToThirteen) {
    for (const auto& r : all_variants()) {
        for (int ranks : {-1, 0, 14, 100}) {
            const auto problem = ranks_problem(r, ranks);
            ASSERT_TRUE(problem) << r.name << " " << ranks;
            EXPECT_NE(problem->find(std::to_string(ranks)), std::string::npos) << *problem;
        }
    }
}

TEST(Variant, DoubleDotNeedsAnOddRankCountOfAtLeastThree) {
    const VariantRules& r = rules(VariantId::DoubleDot);
    for (int ranks : {3, 5, 7, 9, 11, 13}) EXPECT_FALSE(ranks_problem(r, ranks)) << ranks;
    for (int ranks : {1, 2, 4, 6, 8, 10, 12}) {
        const auto problem = ranks_problem(r, ranks);
        ASSERT_TRUE(problem) << ranks;
        EXPECT_NE(problem->find("double-dot"), std::string::npos) << *problem;
    }
}

TEST(Variant, DealtRowsIsCeilRowsTimesRanksOverThirteen) {
    EXPECT_EQ(dealt_rows(rules(VariantId::Diplomat), 4), 2);  // the SPEC's example
    EXPECT_EQ(dealt_rows(rules(VariantId::Diplomat), 13), 4);
    EXPECT_EQ(dealt_rows(rules(VariantId::Diplomat), 1), 1);
    EXPECT_EQ(dealt_rows(rules(VariantId::Diplomat), 3), 1);   // 12 / 13
    EXPECT_EQ(dealt_rows(rules(VariantId::Diplomat), 10), 4);  // 40 / 13
    EXPECT_EQ(dealt_rows(rules(VariantId::Diplomat), 9), 3);   // 36 / 13
    EXPECT_EQ(dealt_rows(rules(VariantId::Malmaison), 13), 8);
    EXPECT_EQ(dealt_rows(rules(VariantId::Malmaison), 7), 5);  // 56 / 13
    EXPECT_EQ(dealt_rows(rules(VariantId::Malmaison), 1), 1);
    EXPECT_EQ(dealt_rows(rules(VariantId::Emperor), 7), 3);  // 28 / 13
    for (int ranks : {3, 5, 13}) EXPECT_EQ(dealt_rows(rules(VariantId::DoubleDot), ranks), 1);
    for (const auto& r : all_variants()) {
        for (int ranks = 1; ranks <= 13; ++ranks) {
            const int rows = dealt_rows(r, ranks);
            EXPECT_GE(rows * 13, r.full_rows * ranks) << r.name << " " << ranks;
            EXPECT_LT((rows - 1) * 13, r.full_rows * ranks) << r.name << " " << ranks;
        }
    }
}

// --- preset foundation cards -------------------------------------------------------------------

TEST(Variant, PresetFoundationCardsPerVariant) {
    for (int ranks : {1, 3, 13}) {
        EXPECT_TRUE(preset_foundation_cards(rules(VariantId::Diplomat), ranks).empty());
        EXPECT_TRUE(preset_foundation_cards(rules(VariantId::Malmaison), ranks).empty());
        EXPECT_TRUE(preset_foundation_cards(rules(VariantId::Emperor), ranks).empty());
        EXPECT_TRUE(preset_foundation_cards(rules(VariantId::EmperorModern), ranks).empty());
        EXPECT_EQ(preset_foundation_cards(rules(VariantId::LadyPalk), ranks),
                  (std::vector<Card>{card("AC"), card("AD"), card("AH"), card("AS"), card("AC"),
                                     card("AD"), card("AH"), card("AS")}));
    }
    for (int ranks : {3, 5, 13}) {
        EXPECT_EQ(preset_foundation_cards(rules(VariantId::DoubleDot), ranks),
                  (std::vector<Card>{card("AC"), card("AH"), card("2D"), card("2S")}));
    }
}

// --- next_foundation_rank ----------------------------------------------------------------------

std::vector<int> foundation_sequence(const VariantRules& r, int ranks, int base) {
    std::vector<int> seq = {base};
    for (int i = 1; i < ranks; ++i) seq.push_back(next_foundation_rank(r, ranks, seq.back()));
    return seq;
}

TEST(Variant, FoundationsBuildUpByOneOutsideDoubleDot) {
    for (const auto& r : all_variants()) {
        if (r.id == VariantId::DoubleDot) continue;
        for (int ranks : {4, 13}) {
            for (int rank = 1; rank < ranks; ++rank) {
                EXPECT_EQ(next_foundation_rank(r, ranks, rank), rank + 1) << r.name;
            }
        }
    }
}

TEST(Variant, DoubleDotAceFoundationsWrapFromKingToTwo) {
    const VariantRules& r = rules(VariantId::DoubleDot);
    EXPECT_EQ(foundation_sequence(r, 13, 1), (std::vector<int>{1, 3, 5, 7, 9, 11, 13, 2, 4, 6, 8,
                                                               10, 12}));  // A 3 5 7 9 J K 2 ... Q
    EXPECT_EQ(next_foundation_rank(r, 13, 13), 2);                         // K -> 2
}

TEST(Variant, DoubleDotTwoFoundationsWrapFromQueenToAce) {
    const VariantRules& r = rules(VariantId::DoubleDot);
    EXPECT_EQ(foundation_sequence(r, 13, 2), (std::vector<int>{2, 4, 6, 8, 10, 12, 1, 3, 5, 7, 9,
                                                               11, 13}));  // 2 4 ... Q A 3 ... K
    EXPECT_EQ(next_foundation_rank(r, 13, 12), 1);                         // Q -> A
}

TEST(Variant, DoubleDotFoundationsWrapModuloAReducedRankCount) {
    const VariantRules& r = rules(VariantId::DoubleDot);
    EXPECT_EQ(foundation_sequence(r, 5, 1), (std::vector<int>{1, 3, 5, 2, 4}));
    EXPECT_EQ(foundation_sequence(r, 5, 2), (std::vector<int>{2, 4, 1, 3, 5}));
    EXPECT_EQ(foundation_sequence(r, 3, 1), (std::vector<int>{1, 3, 2}));
    EXPECT_EQ(foundation_sequence(r, 3, 2), (std::vector<int>{2, 1, 3}));
    EXPECT_EQ(next_foundation_rank(r, 7, 7), 2);
    EXPECT_EQ(next_foundation_rank(r, 7, 6), 1);
}

TEST(Variant, DoubleDotFoundationsReachEveryRankForEveryAllowedRankCount) {
    const VariantRules& r = rules(VariantId::DoubleDot);
    for (int ranks : {3, 5, 7, 9, 11, 13}) {
        for (int base : {1, 2}) {
            auto seq = foundation_sequence(r, ranks, base);
            std::sort(seq.begin(), seq.end());
            std::vector<int> all(ranks);
            for (int i = 0; i < ranks; ++i) all[i] = i + 1;
            EXPECT_EQ(seq, all) << "ranks " << ranks << " base " << base;
        }
    }
}

// --- builds_on ---------------------------------------------------------------------------------

TEST(Variant, DownAnySuitTakesOneRankLowerOfAnySuit) {
    for (VariantId id : {VariantId::Diplomat, VariantId::LadyPalk}) {
        const VariantRules& r = rules(id);
        EXPECT_TRUE(builds_on(r, 13, card("9H"), card("10C")));
        EXPECT_TRUE(builds_on(r, 13, card("9H"), card("10H")));
        EXPECT_TRUE(builds_on(r, 13, card("9H"), card("10D")));
        EXPECT_TRUE(builds_on(r, 13, card("AS"), card("2S")));
        EXPECT_TRUE(builds_on(r, 13, card("QC"), card("KD")));
        EXPECT_FALSE(builds_on(r, 13, card("10C"), card("9H")));  // up
        EXPECT_FALSE(builds_on(r, 13, card("9H"), card("JC")));   // two lower
        EXPECT_FALSE(builds_on(r, 13, card("9H"), card("9C")));   // same rank
        EXPECT_FALSE(builds_on(r, 13, card("KS"), card("AS")));   // no wrap
    }
}

TEST(Variant, DownInSuitTakesOneRankLowerOfTheSameSuit) {
    const VariantRules& r = rules(VariantId::Malmaison);
    EXPECT_TRUE(builds_on(r, 13, card("9H"), card("10H")));
    EXPECT_TRUE(builds_on(r, 13, card("AC"), card("2C")));
    EXPECT_FALSE(builds_on(r, 13, card("9H"), card("10D")));  // same colour, other suit
    EXPECT_FALSE(builds_on(r, 13, card("9H"), card("10S")));
    EXPECT_FALSE(builds_on(r, 13, card("10H"), card("9H")));
    EXPECT_FALSE(builds_on(r, 13, card("8H"), card("10H")));
}

TEST(Variant, DownAlternateColourTakesOneRankLowerOfTheOtherColour) {
    for (VariantId id : {VariantId::Emperor, VariantId::EmperorModern}) {
        const VariantRules& r = rules(id);
        EXPECT_TRUE(builds_on(r, 13, card("9H"), card("10C")));
        EXPECT_TRUE(builds_on(r, 13, card("9D"), card("10S")));
        EXPECT_TRUE(builds_on(r, 13, card("9C"), card("10H")));
        EXPECT_TRUE(builds_on(r, 13, card("QS"), card("KD")));
        EXPECT_FALSE(builds_on(r, 13, card("9H"), card("10D")));  // both red
        EXPECT_FALSE(builds_on(r, 13, card("9H"), card("10H")));
        EXPECT_FALSE(builds_on(r, 13, card("9C"), card("10S")));  // both black
        EXPECT_FALSE(builds_on(r, 13, card("10C"), card("9H")));  // up
        EXPECT_FALSE(builds_on(r, 13, card("8H"), card("10C")));
    }
}

TEST(Variant, DownByTwoTakesTwoRanksLowerOfAnySuitWrapping) {
    const VariantRules& r = rules(VariantId::DoubleDot);
    EXPECT_TRUE(builds_on(r, 13, card("9H"), card("JC")));
    EXPECT_TRUE(builds_on(r, 13, card("9H"), card("JH")));
    EXPECT_TRUE(builds_on(r, 13, card("AS"), card("3D")));
    EXPECT_TRUE(builds_on(r, 13, card("JS"), card("KD")));
    EXPECT_TRUE(builds_on(r, 13, card("QC"), card("AH")));  // Q on A
    EXPECT_TRUE(builds_on(r, 13, card("KC"), card("2H")));  // K on 2
    EXPECT_FALSE(builds_on(r, 13, card("9H"), card("10C")));
    EXPECT_FALSE(builds_on(r, 13, card("JC"), card("9H")));  // up by two
    EXPECT_FALSE(builds_on(r, 13, card("AC"), card("KH")));  // A on K would be down by one
    EXPECT_FALSE(builds_on(r, 13, card("KC"), card("AH")));
}

TEST(Variant, DownByTwoWrapsModuloAReducedRankCount) {
    const VariantRules& r = rules(VariantId::DoubleDot);
    // Five ranks A..5: 4 on A and 5 on 2 wrap; 3 on 5 does not.
    EXPECT_TRUE(builds_on(r, 5, card("4C"), card("AH")));
    EXPECT_TRUE(builds_on(r, 5, card("5C"), card("2H")));
    EXPECT_TRUE(builds_on(r, 5, card("3C"), card("5H")));
    EXPECT_TRUE(builds_on(r, 5, card("AC"), card("3H")));
    EXPECT_FALSE(builds_on(r, 5, card("4C"), card("5H")));
    EXPECT_FALSE(builds_on(r, 5, card("5C"), card("AH")));
    // Three ranks: 2 on A, 3 on 2, A on 3.
    EXPECT_TRUE(builds_on(r, 3, card("2C"), card("AH")));
    EXPECT_TRUE(builds_on(r, 3, card("3C"), card("2H")));
    EXPECT_TRUE(builds_on(r, 3, card("AC"), card("3H")));
    EXPECT_FALSE(builds_on(r, 3, card("AC"), card("2H")));
}

}  // namespace
}  // namespace patience
