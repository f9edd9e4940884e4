#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "core/card.hpp"
#include "core/deal.hpp"
#include "core/move.hpp"
#include "core/position.hpp"
#include "core/rules.hpp"
#include "core/variant.hpp"
#include "tests/test_support.hpp"

namespace patience {
namespace {

using testing::make_position;

constexpr VariantId kDiplomat = VariantId::Diplomat;
constexpr VariantId kMalmaison = VariantId::Malmaison;
constexpr VariantId kLadyPalk = VariantId::LadyPalk;
constexpr VariantId kDoubleDot = VariantId::DoubleDot;
constexpr VariantId kEmperor = VariantId::Emperor;
constexpr VariantId kEmperorModern = VariantId::EmperorModern;

constexpr std::array<VariantId, kVariantCount> kAllVariants = {
    kDiplomat, kMalmaison, kLadyPalk, kDoubleDot, kEmperor, kEmperorModern};

Move mv(std::string_view token) {
    const auto move = parse_move(token);
    EXPECT_TRUE(move.has_value()) << "test uses a bad move token '" << token << "'";
    return move.value_or(Move::draw());
}

Card card(std::string_view text) {
    const auto parsed = parse_card(text);
    EXPECT_TRUE(parsed.has_value()) << "test uses a bad card '" << text << "'";
    return parsed.value_or(Card());
}

bool listed(const Position& position, const Move& move) {
    const auto moves = legal_moves(position);
    return std::find(moves.begin(), moves.end(), move) != moves.end();
}

// Whether the move is legal by why_illegal; a disagreement with legal_moves fails the test.
bool legal(const Position& position, std::string_view token) {
    const Move move = mv(token);
    const bool by_reason = !why_illegal(position, move).has_value();
    EXPECT_EQ(by_reason, listed(position, move))
        << "why_illegal and legal_moves disagree on " << token;
    return by_reason;
}

// Why the move is illegal, or "" when it is legal.
std::string reason(const Position& position, std::string_view token) {
    return why_illegal(position, mv(token)).value_or("");
}

// Plays the moves in order; an illegal one fails the test and stops there.
Position play(Position position, std::string_view tokens) {
    std::vector<Move> moves;
    EXPECT_FALSE(parse_moves(tokens, moves).has_value()) << tokens;
    for (const Move& move : moves) {
        const auto why = why_illegal(position, move);
        EXPECT_FALSE(why.has_value()) << to_string(move) << " is illegal: " << why.value_or("");
        if (why) return position;
        apply_move(position, move);
    }
    return position;
}

std::string show(const std::vector<Card>& pile) {
    std::string text;
    for (Card c : pile) {
        if (!text.empty()) text += ' ';
        text += to_string(c);
    }
    return text;
}

// The stock in drawing order, as in the "S:" line.
std::string show_stock(const Position& position) {
    return show(std::vector<Card>(position.stock.rbegin(), position.stock.rend()));
}

int piles_showing(const Position& position, std::string_view cards) {
    return static_cast<int>(std::count_if(
        position.foundations.begin(), position.foundations.end(),
        [&](const std::vector<Card>& pile) { return show(pile) == cards; }));
}

bool contains(const std::string& text, std::string_view part) {
    return text.find(part) != std::string::npos;
}

// Puts each card in turn alone on column 1 and plays it to the foundations.
Position climb(Position position, std::initializer_list<std::string_view> cards) {
    for (std::string_view next : cards) {
        position.tableau[0] = {card(next)};
        position.face_down[0] = 0;
        if (!legal(position, "1>f")) {
            ADD_FAILURE() << next << " does not go up: " << reason(position, "1>f");
            return position;
        }
        apply_move(position, mv("1>f"));
    }
    return position;
}

// ---------------------------------------------------------------------------------------------
// What moves: top card only, or runs.

TEST(Rules, Diplomat_MovesOnlyTheTopCard) {
    const Position p = make_position(kDiplomat, {"T1: 9H 8S", "T2: 10C", "T3: 9D"});
    EXPECT_EQ(movable_run_length(p, 0), 1);
    EXPECT_TRUE(legal(p, "1>3"));
    EXPECT_FALSE(legal(p, "1>2x2"));
    EXPECT_NE(reason(p, "1>2x2"), "");
}

TEST(Rules, Emperor_MovesOnlyTheTopCard) {
    const Position p = make_position(kEmperor, {"T1: 9H 8S", "T2: 10C", "T3: 9D"});
    EXPECT_EQ(movable_run_length(p, 0), 1);
    EXPECT_TRUE(legal(p, "1>3"));
    EXPECT_FALSE(legal(p, "1>2x2"));
    EXPECT_NE(reason(p, "1>2x2"), "");
}

TEST(Rules, Malmaison_EveryTailOfAnInSuitRunMoves) {
    const Position p =
        make_position(kMalmaison, {"T1: KS 9H 8H 7H", "T2: 10H", "T3: 9H", "T4: 8H"});
    EXPECT_EQ(movable_run_length(p, 0), 3);
    EXPECT_TRUE(legal(p, "1>2x3"));
    EXPECT_TRUE(legal(p, "1>3x2"));
    EXPECT_TRUE(legal(p, "1>4"));
}

TEST(Rules, Malmaison_RunMustBeInSuit) {
    const Position p = make_position(kMalmaison, {"T1: 9H 8S 7H", "T2: 10H", "T3: 9S"});
    EXPECT_EQ(movable_run_length(p, 0), 1);
    EXPECT_FALSE(legal(p, "1>2x3"));
    EXPECT_FALSE(legal(p, "1>3x2"));
    EXPECT_NE(reason(p, "1>3x2"), "");
}

TEST(Rules, Malmaison_BrokenSequenceIsNotARun) {
    const Position p = make_position(kMalmaison, {"T1: 10H 8H 7H", "T2: JH", "T3: 9H"});
    EXPECT_EQ(movable_run_length(p, 0), 2);
    EXPECT_TRUE(legal(p, "1>3x2"));
    EXPECT_FALSE(legal(p, "1>2x3"));
}

TEST(Rules, LadyPalk_EveryTailOfARunDownAnySuitMoves) {
    const Position p =
        make_position(kLadyPalk, {"T1: 5C 9H 8S 7D", "T2: 10C", "T3: 9D", "T4: 8C"});
    EXPECT_EQ(movable_run_length(p, 0), 3);
    EXPECT_TRUE(legal(p, "1>2x3"));
    EXPECT_TRUE(legal(p, "1>3x2"));
    EXPECT_TRUE(legal(p, "1>4"));
    EXPECT_FALSE(legal(p, "1>2x4"));
}

TEST(Rules, LadyPalk_BrokenSequenceIsNotARun) {
    const Position p = make_position(kLadyPalk, {"T1: 10S 8D 7C", "T2: JH", "T3: 9H"});
    EXPECT_EQ(movable_run_length(p, 0), 2);
    EXPECT_TRUE(legal(p, "1>3x2"));
    EXPECT_FALSE(legal(p, "1>2x3"));
}

TEST(Rules, DoubleDot_EveryTailOfARunDownByTwoMoves) {
    const Position p =
        make_position(kDoubleDot, {"T1: 2C 9H 7S 5D", "T2: JC", "T3: 9D", "T4: 7C"});
    EXPECT_EQ(movable_run_length(p, 0), 3);
    EXPECT_TRUE(legal(p, "1>2x3"));
    EXPECT_TRUE(legal(p, "1>3x2"));
    EXPECT_TRUE(legal(p, "1>4"));
    EXPECT_FALSE(legal(p, "1>2x4"));
}

TEST(Rules, DoubleDot_RunDownByOneIsNotARun) {
    const Position p = make_position(kDoubleDot, {"T1: 9H 8S", "T2: JC", "T3: 10C"});
    EXPECT_EQ(movable_run_length(p, 0), 1);
    EXPECT_FALSE(legal(p, "1>2x2"));
    EXPECT_TRUE(legal(p, "1>3"));
}

TEST(Rules, DoubleDot_RunMayWrapFromAceToQueen) {
    // Q sits on A and K on 2, so 2 K ... and A Q ... are runs.
    const Position p = make_position(kDoubleDot, {"T1: 4S 2C KD JH", "T2: AS QC", "T3: 3H"});
    EXPECT_EQ(movable_run_length(p, 0), 4);
    EXPECT_EQ(movable_run_length(p, 1), 2);
    EXPECT_TRUE(legal(p, "2>3x2"));  // A goes on 3, carrying its Q
}

TEST(Rules, EmperorModern_EveryTailOfAnAlternatingRunMoves) {
    const Position p =
        make_position(kEmperorModern, {"T1: 2C 9H 8S 7D", "T2: 10C", "T3: 9D", "T4: 8C"});
    EXPECT_EQ(movable_run_length(p, 0), 3);
    EXPECT_TRUE(legal(p, "1>2x3"));
    EXPECT_TRUE(legal(p, "1>3x2"));
    EXPECT_TRUE(legal(p, "1>4"));
    EXPECT_FALSE(legal(p, "1>2x4"));
}

TEST(Rules, EmperorModern_SameColourSequenceIsNotARun) {
    const Position p = make_position(kEmperorModern, {"T1: 9H 8D", "T2: 10C", "T3: 9S"});
    EXPECT_EQ(movable_run_length(p, 0), 1);
    EXPECT_FALSE(legal(p, "1>2x2"));
    EXPECT_TRUE(legal(p, "1>3"));
}

TEST(Rules, EmperorModern_RunNeverIncludesAFaceDownCard) {
    // 9C would carry 8H 7S onto 10D if it were face up.
    const Position p = make_position(kEmperorModern, {"T1: 9C | 8H 7S", "T2: 10D", "T3: 9S"});
    EXPECT_EQ(movable_run_length(p, 0), 2);
    EXPECT_FALSE(legal(p, "1>2x3"));
    EXPECT_TRUE(legal(p, "1>3x2"));
}

TEST(Rules, EmptyColumnHasNoMovableRun) {
    for (VariantId v : kAllVariants) {
        const Position p = make_position(v, {"T2: 5C"});
        EXPECT_EQ(movable_run_length(p, 0), 0) << rules_of(v).name;
        EXPECT_FALSE(legal(p, "1>2")) << rules_of(v).name;
    }
}

// ---------------------------------------------------------------------------------------------
// What an empty column takes.

TEST(Rules, Diplomat_EmptyColumnTakesAnySingleCard) {
    const Position p = make_position(kDiplomat, {"T1: 9H 8S", "T3: 4C", "W: 5D"});
    EXPECT_TRUE(legal(p, "1>2"));
    EXPECT_TRUE(legal(p, "3>2"));
    EXPECT_TRUE(legal(p, "w>2"));
    EXPECT_FALSE(legal(p, "1>2x2"));
}

TEST(Rules, Emperor_EmptyColumnTakesAnySingleCard) {
    const Position p = make_position(kEmperor, {"T1: 9H 8S", "T3: 4C", "W: 5D"});
    EXPECT_TRUE(legal(p, "1>2"));
    EXPECT_TRUE(legal(p, "3>2"));
    EXPECT_TRUE(legal(p, "w>2"));
    EXPECT_FALSE(legal(p, "1>2x2"));
}

TEST(Rules, Malmaison_EmptyColumnTakesAnyCardOrRun) {
    const Position p = make_position(kMalmaison, {"T1: KS 9H 8H", "W: 4D"});
    EXPECT_TRUE(legal(p, "1>2"));
    EXPECT_TRUE(legal(p, "1>2x2"));
    EXPECT_TRUE(legal(p, "w>2"));
    EXPECT_FALSE(legal(p, "1>2x3"));
}

TEST(Rules, DoubleDot_EmptyColumnTakesAnyCardOrRun) {
    const Position p = make_position(kDoubleDot, {"T1: KS 9H 7C", "W: 4D"});
    EXPECT_TRUE(legal(p, "1>2"));
    EXPECT_TRUE(legal(p, "1>2x2"));
    EXPECT_FALSE(legal(p, "1>2x3"));
}

TEST(Rules, EmperorModern_EmptyColumnTakesAnyCardOrRun) {
    const Position p = make_position(kEmperorModern, {"T1: 4C 9H 8S", "W: 4D"});
    EXPECT_TRUE(legal(p, "1>2"));
    EXPECT_TRUE(legal(p, "1>2x2"));
    EXPECT_TRUE(legal(p, "w>2"));
    EXPECT_FALSE(legal(p, "1>2x3"));
}

TEST(Rules, LadyPalk_EmptyColumnTakesOnlyKingRuns) {
    const Position p = make_position(kLadyPalk, {"T1: 4C KS QH", "T3: 5D"});
    EXPECT_FALSE(legal(p, "1>2"));
    EXPECT_FALSE(legal(p, "3>2"));
    EXPECT_TRUE(legal(p, "1>2x2"));
    EXPECT_NE(reason(p, "1>2"), "");
}

TEST(Rules, LadyPalk_EmptyColumnTakesAKingFromTheWaste) {
    EXPECT_TRUE(legal(make_position(kLadyPalk, {"T1: 5C", "W: KH"}), "w>2"));
    EXPECT_FALSE(legal(make_position(kLadyPalk, {"T1: 5C", "W: QH"}), "w>2"));
}

TEST(Rules, LadyPalk_TopRankOfAReducedDeckFillsASpace) {
    const Position p = make_position(kLadyPalk, {"T1: 2C 5S 4H", "T3: 3D", "W: 5D"}, 5);
    EXPECT_TRUE(legal(p, "1>2x2"));
    EXPECT_TRUE(legal(p, "w>2"));
    EXPECT_FALSE(legal(p, "1>2"));
    EXPECT_FALSE(legal(p, "3>2"));
    EXPECT_TRUE(column_accepts(p, 1, card("5C")));
    EXPECT_FALSE(column_accepts(p, 1, card("4C")));
}

// ---------------------------------------------------------------------------------------------
// How the tableau builds.

TEST(Rules, Diplomat_BuildsDownInAnySuit) {
    const Position p = make_position(
        kDiplomat, {"T1: 9H", "T2: 8H", "T3: 8S", "T4: 7C", "T5: 10C", "T6: 9D"});
    EXPECT_TRUE(legal(p, "2>1"));
    EXPECT_TRUE(legal(p, "3>1"));
    EXPECT_FALSE(legal(p, "4>1"));  // two lower
    EXPECT_FALSE(legal(p, "5>1"));  // higher
    EXPECT_FALSE(legal(p, "6>1"));  // same rank
}

TEST(Rules, LadyPalk_BuildsDownInAnySuit) {
    const Position p = make_position(
        kLadyPalk, {"T1: 9H", "T2: 8H", "T3: 8S", "T4: 7C", "T5: 10C", "T6: 9D"});
    EXPECT_TRUE(legal(p, "2>1"));
    EXPECT_TRUE(legal(p, "3>1"));
    EXPECT_FALSE(legal(p, "4>1"));
    EXPECT_FALSE(legal(p, "5>1"));
    EXPECT_FALSE(legal(p, "6>1"));
}

TEST(Rules, Malmaison_BuildsDownInSuitOnly) {
    const Position p = make_position(
        kMalmaison, {"T1: 9H", "T2: 8H", "T3: 8D", "T4: 8S", "T5: 7H", "T6: 10H"});
    EXPECT_TRUE(legal(p, "2>1"));
    EXPECT_FALSE(legal(p, "3>1"));  // same colour, other suit
    EXPECT_FALSE(legal(p, "4>1"));
    EXPECT_FALSE(legal(p, "5>1"));
    EXPECT_FALSE(legal(p, "6>1"));
}

TEST(Rules, Emperor_BuildsDownInAlternateColour) {
    const Position p = make_position(
        kEmperor, {"T1: 9H", "T2: 8S", "T3: 8C", "T4: 8D", "T5: 8H", "T6: 7C", "T7: 10S"});
    EXPECT_TRUE(legal(p, "2>1"));
    EXPECT_TRUE(legal(p, "3>1"));
    EXPECT_FALSE(legal(p, "4>1"));
    EXPECT_FALSE(legal(p, "5>1"));
    EXPECT_FALSE(legal(p, "6>1"));
    EXPECT_FALSE(legal(p, "7>1"));
}

TEST(Rules, EmperorModern_BuildsDownInAlternateColour) {
    const Position p = make_position(
        kEmperorModern, {"T1: 9C", "T2: 8H", "T3: 8D", "T4: 8S", "T5: 7D", "T6: 10H"});
    EXPECT_TRUE(legal(p, "2>1"));
    EXPECT_TRUE(legal(p, "3>1"));
    EXPECT_FALSE(legal(p, "4>1"));
    EXPECT_FALSE(legal(p, "5>1"));
    EXPECT_FALSE(legal(p, "6>1"));
}

TEST(Rules, DoubleDot_BuildsDownByTwoInAnySuit) {
    const Position p = make_position(
        kDoubleDot, {"T1: JS", "T2: 9C", "T3: 9S", "T4: 10D", "T5: 8H", "T6: KD"});
    EXPECT_TRUE(legal(p, "2>1"));   // 9 on J
    EXPECT_TRUE(legal(p, "3>1"));
    EXPECT_FALSE(legal(p, "4>1"));  // one lower
    EXPECT_FALSE(legal(p, "5>1"));  // three lower
    EXPECT_FALSE(legal(p, "6>1"));  // higher
}

TEST(Rules, DoubleDot_BuildingWrapsQueenOnAceAndKingOnTwo) {
    const Position p = make_position(
        kDoubleDot, {"T1: AC", "T2: 2D", "T3: QH", "T4: KS", "T5: JH", "T6: 3C"});
    EXPECT_TRUE(legal(p, "3>1"));   // Q on A
    EXPECT_TRUE(legal(p, "4>2"));   // K on 2
    EXPECT_FALSE(legal(p, "4>1"));  // K goes on 2, not on A
    EXPECT_FALSE(legal(p, "5>1"));
    EXPECT_FALSE(legal(p, "3>2"));
    EXPECT_FALSE(legal(p, "6>1"));  // no wrap the other way: 3 is above A
}

TEST(Rules, DoubleDot_ReducedDeckBuildsDownByTwoModuloRanks) {
    // Ranks 1..5: r goes on r+2 mod 5, so 4 on A, 5 on 2, 3 on 5.
    const Position p = make_position(
        kDoubleDot, {"T1: AC", "T2: 2D", "T3: 5H", "T4: 4S", "T5: 5C", "T6: 3H"}, 5);
    EXPECT_TRUE(legal(p, "4>1"));   // 4 on A
    EXPECT_TRUE(legal(p, "5>2"));   // 5 on 2
    EXPECT_TRUE(legal(p, "6>3"));   // 3 on 5
    EXPECT_FALSE(legal(p, "5>1"));  // 5 on A
    EXPECT_FALSE(legal(p, "6>4"));  // 3 on 4
    EXPECT_TRUE(builds_on(rules_of(kDoubleDot), 5, card("4C"), card("AD")));
    EXPECT_FALSE(builds_on(rules_of(kDoubleDot), 13, card("4C"), card("AD")));
}

TEST(Rules, WasteCardBuildsByTheTableauRule) {
    EXPECT_TRUE(legal(make_position(kMalmaison, {"T1: 9H", "W: 8H"}), "w>1"));
    EXPECT_FALSE(legal(make_position(kMalmaison, {"T1: 9H", "W: 8D"}), "w>1"));
    EXPECT_TRUE(legal(make_position(kEmperor, {"T1: 9H", "W: 8S"}), "w>1"));
    EXPECT_FALSE(legal(make_position(kEmperor, {"T1: 9H", "W: 8D"}), "w>1"));
    EXPECT_TRUE(legal(make_position(kDiplomat, {"T1: 9H", "W: 8D"}), "w>1"));
    EXPECT_FALSE(legal(make_position(kDiplomat, {"T1: 9H", "W: 7D"}), "w>1"));
}

TEST(Rules, MovingARunPutsItOnTheTargetInOrder) {
    const Position p = make_position(kMalmaison, {"T1: 3C 9H 8H 7H", "T2: 10H"});
    const Position after = play(p, "1>2x3");
    EXPECT_EQ(show(after.tableau[0]), "3C");
    EXPECT_EQ(show(after.tableau[1]), "10H 9H 8H 7H");
}

// ---------------------------------------------------------------------------------------------
// Foundations.

TEST(Rules, Diplomat_EitherOfTwoEmptyFoundationsTakesAnAce) {
    const Position p = make_position(
        kDiplomat, {"F1: AD", "F2: AD", "F3: AH", "F4: AH", "F5: AS", "F6: AS", "T1: AC",
                    "T2: AC", "T3: 2C"});
    const Position after = play(p, "1>f 2>f");
    EXPECT_EQ(piles_showing(after, "AC"), 2);
    EXPECT_TRUE(legal(after, "3>f"));
}

TEST(Rules, Diplomat_SecondCopyGoesToTheOtherPile) {
    const Position p = make_position(kDiplomat, {"F1: AC 2C", "F2: AC", "T1: 2C"});
    const Position after = play(p, "1>f");
    EXPECT_EQ(piles_showing(after, "AC 2C"), 2);
}

TEST(Rules, Malmaison_FourCopiesFillFourPiles) {
    const Position p = make_position(
        kMalmaison, {"F1: AS 2S", "F2: AS 2S", "F3: AS", "F4: AS 2S", "W: 2S"});
    const Position after = play(p, "w>f");
    EXPECT_EQ(piles_showing(after, "AS 2S"), 4);
}

TEST(Rules, OnlyAnAceStartsAFoundation) {
    for (VariantId v : {kDiplomat, kMalmaison, kEmperor, kEmperorModern}) {
        const Position p = make_position(v, {"T1: 2C", "T2: KD", "W: AH"});
        EXPECT_FALSE(legal(p, "1>f")) << rules_of(v).name;
        EXPECT_FALSE(legal(p, "2>f")) << rules_of(v).name;
        EXPECT_TRUE(legal(p, "w>f")) << rules_of(v).name;
    }
}

TEST(Rules, FoundationsFollowInSuitOneRankUp) {
    for (VariantId v : {kDiplomat, kMalmaison, kLadyPalk, kEmperor, kEmperorModern}) {
        const Position p =
            make_position(v, {"F1: AC 2C", "T1: 3C", "T2: 3D", "T3: 4C", "T4: 2C"});
        EXPECT_TRUE(legal(p, "1>f")) << rules_of(v).name;
        EXPECT_FALSE(legal(p, "2>f")) << rules_of(v).name;  // other suit
        EXPECT_FALSE(legal(p, "3>f")) << rules_of(v).name;  // skips a rank
        EXPECT_FALSE(legal(p, "4>f")) << rules_of(v).name;  // already there
    }
}

TEST(Rules, CompleteFoundationTakesNothingMore) {
    // Every pile is in use, so an ace could only go on top of the King.
    const Position p = make_position(
        kDiplomat, {"F1: AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", "F2: AC 2C", "F3: AD",
                    "F4: AD", "F5: AH", "F6: AH", "F7: AS", "F8: AS", "T1: AC"});
    EXPECT_EQ(accepting_foundation(p, card("AC")), -1);
    EXPECT_FALSE(legal(p, "1>f"));
}

TEST(Rules, ReducedDeckFoundationIsCompleteAtTheTopRank) {
    const Position p = make_position(
        kDiplomat, {"F1: AC 2C 3C", "F2: AC 2C", "F3: AD", "F4: AD", "F5: AH", "F6: AH",
                    "F7: AS", "F8: AS", "T1: 3C", "T2: AC"},
        3);
    const Position after = play(p, "1>f");
    EXPECT_EQ(piles_showing(after, "AC 2C 3C"), 2);
    EXPECT_FALSE(legal(after, "2>f"));
}

TEST(Rules, LadyPalk_TwosGoStraightOntoThePresetAces) {
    const Position p = make_position(kLadyPalk, {"F1: AC", "F2: AC", "T1: 2C", "T2: 2C"});
    const Position after = play(p, "1>f 2>f");
    EXPECT_EQ(piles_showing(after, "AC 2C"), 2);
}

TEST(Rules, LadyPalk_DealtPositionTakesEveryTwoAtOnce) {
    const Position p = deal_position(kLadyPalk, 7);
    for (int s = 0; s < kSuitCount; ++s) {
        const Card two(2, static_cast<Suit>(s));
        EXPECT_GE(accepting_foundation(p, two), 0) << to_string(two);
        EXPECT_EQ(accepting_foundation(p, Card(1, static_cast<Suit>(s))), -1);
    }
}

TEST(Rules, DoubleDot_AceFoundationClimbsByTwoThroughTheWrap) {
    const Position p = make_position(kDoubleDot, {"F1: AC", "F2: AH", "F3: 2D", "F4: 2S"});
    const Position after =
        climb(p, {"3C", "5C", "7C", "9C", "JC", "KC", "2C", "4C", "6C", "8C", "10C", "QC"});
    EXPECT_EQ(show(after.foundations[0]), "AC 3C 5C 7C 9C JC KC 2C 4C 6C 8C 10C QC");
}

TEST(Rules, DoubleDot_TwoFoundationClimbsByTwoThroughTheWrap) {
    const Position p = make_position(kDoubleDot, {"F1: AC", "F2: AH", "F3: 2D", "F4: 2S"});
    const Position after =
        climb(p, {"4D", "6D", "8D", "10D", "QD", "AD", "3D", "5D", "7D", "9D", "JD", "KD"});
    EXPECT_EQ(show(after.foundations[2]), "2D 4D 6D 8D 10D QD AD 3D 5D 7D 9D JD KD");
}

TEST(Rules, DoubleDot_FoundationSkipsTheRankInBetween) {
    const Position p = make_position(
        kDoubleDot, {"F1: AC", "F2: AH", "F3: 2D", "F4: 2S", "T1: 2C", "T2: 3C", "T3: 3D",
                     "T4: 3S", "T5: 4S"});
    EXPECT_FALSE(legal(p, "1>f"));  // 2C does not follow AC
    EXPECT_TRUE(legal(p, "2>f"));   // 3C does
    EXPECT_FALSE(legal(p, "3>f"));  // 3D: no diamond pile at A
    EXPECT_FALSE(legal(p, "4>f"));  // 3S: the spade pile is at 2
    EXPECT_TRUE(legal(p, "5>f"));   // 4S follows 2S
}

TEST(Rules, DoubleDot_CompleteFoundationDoesNotWrapAgain) {
    const Position p = make_position(
        kDoubleDot, {"F1: AC 3C 5C 7C 9C JC KC 2C 4C 6C 8C 10C QC", "F2: AH", "F3: 2D",
                     "F4: 2S", "T1: AC"});
    EXPECT_EQ(accepting_foundation(p, card("AC")), -1);
    EXPECT_FALSE(legal(p, "1>f"));
}

TEST(Rules, DoubleDot_ReducedDeckFoundationsClimbModuloRanks) {
    // Ranks 1..5: A 3 5 2 4 and 2 4 A 3 5.
    const Position p = make_position(kDoubleDot, {"F1: AC", "F2: AH", "F3: 2D", "F4: 2S"}, 5);
    const Position after = climb(p, {"3C", "5C", "2C", "4C", "4D", "AD", "3D", "5D"});
    EXPECT_EQ(show(after.foundations[0]), "AC 3C 5C 2C 4C");
    EXPECT_EQ(show(after.foundations[2]), "2D 4D AD 3D 5D");
}

TEST(Rules, MoveToFoundationTakesTheTopCardOnly) {
    const Position p = make_position(kDiplomat, {"T1: AC 5D", "W: AH 9S"});
    EXPECT_FALSE(legal(p, "1>f"));
    EXPECT_FALSE(legal(p, "w>f"));
}

// ---------------------------------------------------------------------------------------------
// Stock and waste.

TEST(Rules, DrawMovesTheNextStockCardToTheWaste) {
    for (VariantId v : {kDiplomat, kMalmaison, kLadyPalk, kEmperor, kEmperorModern}) {
        const Position p = make_position(v, {"T1: 5C", "S: QD 4S 7H", "W: 3H"});
        const Position once = play(p, "draw");
        EXPECT_EQ(show(once.waste), "3H QD") << rules_of(v).name;
        EXPECT_EQ(show_stock(once), "4S 7H") << rules_of(v).name;
        const Position twice = play(once, "draw");
        EXPECT_EQ(show(twice.waste), "3H QD 4S") << rules_of(v).name;
    }
}

TEST(Rules, DrawIsAllowedWhileOtherMovesExist) {
    const Position p = make_position(kDiplomat, {"T1: 5C", "T2: 4D", "T3: AS", "S: QD"});
    EXPECT_TRUE(legal(p, "2>1"));
    EXPECT_TRUE(legal(p, "draw"));
}

TEST(Rules, OnlyTheTopOfTheWastePlays) {
    const Position p = make_position(kDiplomat, {"T1: 9D", "T2: 4C", "W: AC 8S 3H"});
    EXPECT_FALSE(legal(p, "w>1"));  // 8S lies under 3H
    EXPECT_FALSE(legal(p, "w>f"));  // so does AC
    EXPECT_TRUE(legal(p, "w>2"));
}

TEST(Rules, WasteMovesTakeTheTopCard) {
    const Position p = make_position(kDiplomat, {"T1: 4C", "W: AC 3H"});
    const Position after = play(p, "w>1");
    EXPECT_EQ(show(after.tableau[0]), "4C 3H");
    EXPECT_EQ(show(after.waste), "AC");
    EXPECT_EQ(piles_showing(play(after, "w>f"), "AC"), 1);
}

TEST(Rules, EmptyWasteHasNothingToPlay) {
    const Position p = make_position(kDiplomat, {"T1: 4C", "F1: AC", "S: 2C"});
    EXPECT_FALSE(legal(p, "w>f"));
    EXPECT_FALSE(legal(p, "w>1"));
    EXPECT_FALSE(legal(p, "w>2"));
}

TEST(Rules, DrawIsIllegalOnAnEmptyStockAndThereIsNoRedeal) {
    for (VariantId v : {kDiplomat, kMalmaison, kLadyPalk, kEmperor, kEmperorModern}) {
        const Position p = make_position(v, {"T1: 5C", "T2: 5D", "W: 8S 9S"});
        EXPECT_FALSE(legal(p, "draw")) << rules_of(v).name;
        EXPECT_NE(reason(p, "draw"), "") << rules_of(v).name;
        for (const Move& m : legal_moves(p)) {
            EXPECT_NE(m.kind, MoveKind::Draw) << rules_of(v).name;
            EXPECT_NE(m.kind, MoveKind::Deal) << rules_of(v).name;
        }
    }
}

TEST(Rules, DrawVariantsHaveNoDeal) {
    for (VariantId v : {kDiplomat, kMalmaison, kLadyPalk, kEmperor, kEmperorModern}) {
        // Every column filled, as a deal would need.
        Position p = make_position(v, {"S: 2C 2D 2H 2S 3C 3D 3H 3S 4C 4D"});
        for (auto& column : p.tableau) column = {card("6S")};
        EXPECT_FALSE(legal(p, "deal")) << rules_of(v).name;
        EXPECT_NE(reason(p, "deal"), "") << rules_of(v).name;
    }
}

TEST(Rules, DoubleDot_HasNoDraw) {
    const Position p = make_position(
        kDoubleDot, {"T1: 5C", "T2: 5D", "T3: 5H", "T4: 5S", "T5: 6C", "T6: 6D", "T7: 6H",
                     "T8: 6S", "S: 7C 7D 7H 7S 8C 8D 8H 8S"});
    EXPECT_FALSE(legal(p, "draw"));
    EXPECT_TRUE(contains(reason(p, "draw"), "deal")) << reason(p, "draw");
    EXPECT_TRUE(legal(p, "deal"));
}

TEST(Rules, DoubleDot_DealPutsTheNextStockCardOnEachColumnInOrder) {
    const Position p = make_position(
        kDoubleDot, {"T1: 5C", "T2: 5D", "T3: 5H", "T4: 5S", "T5: 6C", "T6: 6D", "T7: 6H",
                     "T8: 6S", "S: 7C 7D 7H 7S 8C 8D 8H 8S JC JD JH JS QC QD QH QS"});
    const Position after = play(p, "deal");
    const std::array<std::string_view, 8> expected = {"5C 7C", "5D 7D", "5H 7H", "5S 7S",
                                                      "6C 8C", "6D 8D", "6H 8H", "6S 8S"};
    for (int c = 0; c < 8; ++c) EXPECT_EQ(show(after.tableau[c]), expected[c]) << "column " << c + 1;
    EXPECT_EQ(show_stock(after), "JC JD JH JS QC QD QH QS");
    EXPECT_TRUE(after.waste.empty());
}

TEST(Rules, DoubleDot_DealIsBlockedWhileAColumnIsEmpty) {
    const Position p = make_position(
        kDoubleDot, {"T1: 5C", "T2: 5D", "T3: 5H", "T4: 7S 5S", "T6: 6D", "T7: 6H", "T8: 6S",
                     "S: 7C 7D 7H 7S 8C 8D 8H 8S"});
    EXPECT_FALSE(legal(p, "deal"));
    EXPECT_TRUE(contains(reason(p, "deal"), "5")) << reason(p, "deal");
    // Filling the space unblocks it.
    EXPECT_TRUE(legal(play(p, "4>5"), "deal"));
}

TEST(Rules, DoubleDot_DealIsIllegalOnAnEmptyStock) {
    const Position p = make_position(
        kDoubleDot, {"T1: 5C", "T2: 5D", "T3: 5H", "T4: 5S", "T5: 6C", "T6: 6D", "T7: 6H",
                     "T8: 6S"});
    EXPECT_FALSE(legal(p, "deal"));
    EXPECT_NE(reason(p, "deal"), "");
}

// ---------------------------------------------------------------------------------------------
// Emperor's face-down cards.

TEST(Rules, Emperor_FaceDownCardTurnsUpAfterAMoveToAColumn) {
    for (VariantId v : {kEmperor, kEmperorModern}) {
        const Position p = make_position(v, {"T1: 4C 9S | 8H", "T2: 9C", "T3: 10D"});
        EXPECT_FALSE(legal(p, "1>3x2")) << rules_of(v).name;
        const Position after = play(p, "1>2");
        EXPECT_EQ(after.face_down[0], 1) << rules_of(v).name;
        EXPECT_EQ(show(after.tableau[0]), "4C 9S") << rules_of(v).name;
        EXPECT_TRUE(legal(after, "1>3")) << rules_of(v).name;  // 9S is playable now
    }
}

TEST(Rules, Emperor_FaceDownCardTurnsUpAfterAMoveToTheFoundation) {
    for (VariantId v : {kEmperor, kEmperorModern}) {
        const Position p = make_position(v, {"T1: 3D 2C | AC"});
        const Position after = play(p, "1>f");
        EXPECT_EQ(after.face_down[0], 1) << rules_of(v).name;
        EXPECT_EQ(show(after.tableau[0]), "3D 2C") << rules_of(v).name;
        EXPECT_TRUE(legal(after, "1>f")) << rules_of(v).name;  // 2C goes up onto AC
        const Position last = play(after, "1>f");
        EXPECT_EQ(last.face_down[0], 0) << rules_of(v).name;
    }
}

TEST(Rules, EmperorModern_RunMoveTurnsUpTheCardBelow) {
    const Position p = make_position(kEmperorModern, {"T1: 5D 9C | 8H 7S", "T2: 9S", "T3: 10D"});
    const Position after = play(p, "1>2x2");
    EXPECT_EQ(after.face_down[0], 1);
    EXPECT_EQ(show(after.tableau[1]), "9S 8H 7S");
    EXPECT_TRUE(legal(after, "1>3"));
}

TEST(Rules, Emperor_EmptiedColumnHasNoFaceDownCards) {
    const Position p = make_position(kEmperor, {"T1: 8H", "T2: 9C"});
    const Position after = play(p, "1>2");
    EXPECT_EQ(after.face_down[0], 0);
    EXPECT_TRUE(after.tableau[0].empty());
}

TEST(Rules, EmperorModern_FaceUpCardsStayUpWhenTheTopMoves) {
    // A column built by play: 10D 9S 8H over two face-down cards.
    const Position p = make_position(kEmperorModern, {"T1: 2C 3C | 10D 9S 8H", "T2: 9C"});
    const Position after = play(p, "1>2");
    EXPECT_EQ(after.face_down[0], 2);
}

// ---------------------------------------------------------------------------------------------
// Moves that name nothing.

TEST(Rules, MovesNamingAMissingOrEmptyColumnAreIllegal) {
    const Position p = make_position(kDiplomat, {"T1: 5C", "T2: 6D", "W: 4H"});
    EXPECT_FALSE(legal(p, "9>1"));   // Diplomat has 8 columns
    EXPECT_FALSE(legal(p, "1>9"));
    EXPECT_FALSE(legal(p, "w>9"));
    EXPECT_FALSE(legal(p, "9>f"));
    EXPECT_FALSE(legal(p, "3>1"));   // column 3 is empty
    EXPECT_FALSE(legal(p, "3>f"));
    EXPECT_FALSE(legal(p, "1>1"));   // onto itself
    EXPECT_NE(reason(p, "9>1"), "");
    EXPECT_NE(reason(p, "3>1"), "");
    EXPECT_NE(reason(p, "1>1"), "");
}

// ---------------------------------------------------------------------------------------------
// Won and dead.

TEST(Rules, IsWonWhenEveryCardIsOnTheFoundations) {
    const Position p = make_position(
        kDiplomat, {"F1: AC", "F2: AC", "F3: AD", "F4: AD", "F5: AH", "F6: AH", "F7: AS",
                    "F8: AS"},
        1);
    EXPECT_TRUE(is_won(p));
    EXPECT_FALSE(is_dead(p));
    EXPECT_TRUE(legal_moves(p).empty());
}

TEST(Rules, IsNotWonWhileACardIsLeft) {
    for (const char* last : {"T3: AS", "W: AS", "S: AS"}) {
        const Position p = make_position(
            kDiplomat, {"F1: AC", "F2: AC", "F3: AD", "F4: AD", "F5: AH", "F6: AH", "F7: AS",
                        last},
            1);
        EXPECT_FALSE(is_won(p)) << last;
        EXPECT_FALSE(is_dead(p)) << last;
    }
}

TEST(Rules, DoubleDot_IsWonWithFourCompleteFoundations) {
    const Position p = make_position(
        kDoubleDot, {"F1: AC 3C 5C 2C 4C", "F2: AH 3H 5H 2H 4H", "F3: 2D 4D AD 3D 5D",
                     "F4: 2S 4S AS 3S 5S"},
        5);
    EXPECT_TRUE(is_won(p));
    EXPECT_FALSE(is_won(make_position(
        kDoubleDot, {"F1: AC 3C 5C 2C", "F2: AH 3H 5H 2H 4H", "F3: 2D 4D AD 3D 5D",
                     "F4: 2S 4S AS 3S 5S", "T1: 4C"},
        5)));
}

TEST(Rules, IsDeadWithNoMoveAndCardsLeft) {
    const Position p = make_position(
        kDiplomat, {"T1: 5C", "T2: 5D", "T3: 5H", "T4: 5S", "T5: 5C", "T6: 5D", "T7: 5H",
                    "T8: 5S", "W: KH"});
    EXPECT_TRUE(legal_moves(p).empty());
    EXPECT_TRUE(is_dead(p));
    EXPECT_FALSE(is_won(p));
}

TEST(Rules, IsNotDeadWhileTheStockCanBeDrawn) {
    const Position p = make_position(
        kDiplomat, {"T1: 5C", "T2: 5D", "T3: 5H", "T4: 5S", "T5: 5C", "T6: 5D", "T7: 5H",
                    "T8: 5S", "S: KH"});
    EXPECT_FALSE(is_dead(p));
}

TEST(Rules, LadyPalk_IsDeadWhenSpacesWaitForAKing) {
    const Position p = make_position(
        kLadyPalk, {"F1: AC", "F2: AC", "F3: AD", "F4: AD", "F5: AH", "F6: AH", "F7: AS",
                    "F8: AS", "T1: 5C", "T2: 5D", "W: QH"});
    EXPECT_TRUE(is_dead(p));
    EXPECT_FALSE(is_dead(make_position(kLadyPalk, {"T1: 5C", "T2: 5D KD"})));
}

TEST(Rules, DoubleDot_IsDeadWhenNothingBuildsAndTheStockIsEmpty) {
    const Position p = make_position(
        kDoubleDot, {"F1: AC", "F2: AH", "F3: 2D", "F4: 2S", "T1: 5C", "T2: 5D", "T3: 5H",
                     "T4: 5S", "T5: 6C", "T6: 6D", "T7: 6H", "T8: 6S"});
    EXPECT_TRUE(is_dead(p));
}

// ---------------------------------------------------------------------------------------------
// replay().

TEST(Rules, ReplayStopsAtTheFirstIllegalMove) {
    const Position start = make_position(kDiplomat, {"T1: 9H", "T2: 8S", "S: 4C 2D"});
    const std::vector<Move> moves = {mv("2>1"), mv("draw"), mv("2>1"), mv("draw")};
    const ReplayResult result = replay(start, moves);
    EXPECT_FALSE(result.all_legal);
    EXPECT_EQ(result.first_illegal, 2u);
    EXPECT_NE(result.reason, "");
    EXPECT_EQ(result.reason, reason(play(start, "2>1 draw"), "2>1"));
    EXPECT_FALSE(result.won);
    EXPECT_EQ(show(result.final_position.tableau[0]), "9H 8S");
    EXPECT_EQ(show(result.final_position.waste), "4C");
    EXPECT_EQ(show_stock(result.final_position), "2D");
}

TEST(Rules, ReplayOfLegalMovesThatDoNotWin) {
    const Position start = make_position(kDiplomat, {"T1: 9H", "T2: 8S", "S: 4C 2D"});
    const ReplayResult result = replay(start, {mv("2>1"), mv("draw")});
    EXPECT_TRUE(result.all_legal);
    EXPECT_FALSE(result.won);
    EXPECT_EQ(result.final_position, play(start, "2>1 draw"));
}

TEST(Rules, ReplayReportsAWin) {
    const Position start = make_position(
        kDiplomat, {"F1: AC", "F2: AC", "F3: AD", "F4: AD", "F5: AH", "F6: AH", "F7: AS",
                    "T4: AS"},
        1);
    const ReplayResult won = replay(start, {mv("4>f")});
    EXPECT_TRUE(won.all_legal);
    EXPECT_TRUE(won.won);
    EXPECT_TRUE(is_won(won.final_position));
    EXPECT_FALSE(replay(start, {}).won);
}

TEST(Rules, ReplayOfAnIllegalFirstMoveLeavesTheStart) {
    const Position start = make_position(kDoubleDot, {"T1: 5C", "S: 7C 7D 7H 7S 8C 8D 8H 8S"});
    const ReplayResult result = replay(start, {mv("draw"), mv("1>2")});
    EXPECT_FALSE(result.all_legal);
    EXPECT_EQ(result.first_illegal, 0u);
    EXPECT_EQ(result.final_position, start);
}

// ---------------------------------------------------------------------------------------------
// Properties over random play.

// Every move the engine could be asked about in this position, legal or not.
std::vector<Move> candidate_moves(const Position& position) {
    std::vector<Move> moves = {Move::draw(), Move::deal(), Move::waste_to_foundation()};
    const int columns = position.columns();
    for (int to = 0; to <= columns; ++to) moves.push_back(Move::waste_to_column(to));
    for (int from = 0; from <= columns; ++from) {
        moves.push_back(Move::column_to_foundation(from));
        for (int to = 0; to <= columns; ++to) {
            for (int count = 0; count <= kMaxRanks; ++count) {
                moves.push_back(Move::column_to_column(from, to, count));
            }
        }
    }
    return moves;
}

struct Playout {
    VariantId variant;
    std::uint64_t seed;
    int ranks;
};

std::vector<Playout> playouts() {
    std::vector<Playout> all;
    for (VariantId v : kAllVariants) {
        for (std::uint64_t seed : {1u, 2u, 3u}) all.push_back({v, seed, kMaxRanks});
        all.push_back({v, 11, v == kDoubleDot ? 5 : 4});
    }
    return all;
}

// Plays up to `steps` random legal moves from the deal, calling `visit` on each position reached
// (the start included) before the next move is chosen.
template <typename Visit>
void random_playout(const Playout& game, int steps, Visit visit) {
    std::mt19937 rng(static_cast<std::uint32_t>(game.seed * 7919 + game.ranks));
    Position position = deal_position(game.variant, game.seed, game.ranks);
    for (int step = 0; step <= steps; ++step) {
        visit(position, step);
        const auto moves = legal_moves(position);
        if (moves.empty()) break;
        // Stock moves are one of many choices; favour them so that playouts reach an empty stock.
        const auto stock_move = std::find_if(moves.begin(), moves.end(), [](const Move& m) {
            return m.kind == MoveKind::Draw || m.kind == MoveKind::Deal;
        });
        const bool take_stock = stock_move != moves.end() && rng() % 4 == 0;
        const Move move =
            take_stock ? *stock_move
                       : moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
        apply_move(position, move);
    }
}

std::string trace_of(const Playout& game) {
    return std::string(rules_of(game.variant).name) + " seed " + std::to_string(game.seed) +
           " ranks " + std::to_string(game.ranks);
}

// Fails the test where legal_moves and why_illegal disagree on any candidate move.
void expect_listing_matches_reasons(const Position& position) {
    const auto legal_list = legal_moves(position);
    for (const Move& move : legal_list) {
        const auto why = why_illegal(position, move);
        ASSERT_FALSE(why.has_value()) << "listed " << to_string(move) << " but " << *why;
    }
    for (const Move& move : candidate_moves(position)) {
        const bool is_listed =
            std::find(legal_list.begin(), legal_list.end(), move) != legal_list.end();
        const auto why = why_illegal(position, move);
        ASSERT_EQ(!why.has_value(), is_listed)
            << to_string(move) << " (count " << int(move.count) << ") "
            << (why ? "illegal: " + *why : std::string("legal but not listed"));
        if (why) {
            ASSERT_FALSE(why->empty()) << to_string(move);
        }
    }
}

TEST(Rules, LegalMovesAgreeWithWhyIllegalOnRandomPlayouts) {
    for (const Playout& game : playouts()) {
        SCOPED_TRACE(trace_of(game));
        random_playout(game, 200, [&](const Position& position, int step) {
            SCOPED_TRACE("step " + std::to_string(step));
            expect_listing_matches_reasons(position);
        });
    }
}

TEST(Rules, LegalMovesAgreeWithWhyIllegalOnRandomValidPositions) {
    std::mt19937 rng(20240601);
    for (VariantId v : kAllVariants) {
        for (int ranks : {kMaxRanks, v == kDoubleDot ? 5 : 4}) {
            for (int i = 0; i < 25; ++i) {
                SCOPED_TRACE(std::string(rules_of(v).name) + " ranks " + std::to_string(ranks) +
                             " position " + std::to_string(i));
                expect_listing_matches_reasons(testing::random_position(v, ranks, rng));
            }
        }
    }
}

// The build rules in SPEC §2 words, written apart from the engine's builds_on.
bool sits_on(const VariantRules& rules, int ranks, Card card, Card below) {
    switch (rules.build) {
        case BuildRule::DownAnySuit:
            return card.rank() == below.rank() - 1;
        case BuildRule::DownInSuit:
            return card.suit() == below.suit() && card.rank() == below.rank() - 1;
        case BuildRule::DownAlternateColour:
            return card.red() != below.red() && card.rank() == below.rank() - 1;
        case BuildRule::DownByTwo: {
            int up_two = card.rank() + 2;
            if (up_two > ranks) up_two -= ranks;
            return up_two == below.rank();
        }
    }
    return false;
}

// Cards by identity, counted wherever they lie.
std::map<std::uint8_t, int> card_counts(const Position& position) {
    std::map<std::uint8_t, int> counts;
    auto add = [&](const std::vector<Card>& pile) {
        for (Card c : pile) ++counts[c.bits()];
    };
    for (const auto& column : position.tableau) add(column);
    for (const auto& pile : position.foundations) add(pile);
    add(position.stock);
    add(position.waste);
    return counts;
}

TEST(Rules, RandomPlayoutsKeepEveryCardAndBuildValidFoundations) {
    for (const Playout& game : playouts()) {
        SCOPED_TRACE(trace_of(game));
        const auto start_counts = card_counts(deal_position(game.variant, game.seed, game.ranks));
        const int step_of_foundation = rules_of(game.variant).foundation_step;
        random_playout(game, 200, [&](const Position& position, int step) {
            ASSERT_EQ(card_counts(position), start_counts) << "step " << step;
            for (int c = 0; c < position.columns(); ++c) {
                const int size = static_cast<int>(position.tableau[c].size());
                ASSERT_GE(position.face_down[c], 0);
                ASSERT_TRUE(size == 0 ? position.face_down[c] == 0 : position.face_down[c] < size)
                    << "step " << step << " column " << c + 1 << ": top card face down";
            }
            for (const auto& pile : position.foundations) {
                ASSERT_LE(static_cast<int>(pile.size()), position.ranks);
                for (std::size_t i = 1; i < pile.size(); ++i) {
                    ASSERT_EQ(pile[i].suit(), pile[0].suit()) << show(pile);
                    ASSERT_EQ(pile[i].rank(),
                              (pile[i - 1].rank() - 1 + step_of_foundation) % position.ranks + 1)
                        << show(pile);
                }
            }
        });
    }
}

TEST(Rules, RandomPlayoutsMoveOnlyCardsThatLieCorrectly) {
    // Independent of movable_run_length: every listed column move lifts face-up cards, each
    // built on the one below by the variant's rule, and a single card where only top cards move.
    for (const Playout& game : playouts()) {
        SCOPED_TRACE(trace_of(game));
        const VariantRules& rules = rules_of(game.variant);
        random_playout(game, 200, [&](const Position& position, int) {
            for (const Move& move : legal_moves(position)) {
                if (move.kind != MoveKind::ColumnToColumn) continue;
                const auto& from = position.tableau[move.from];
                const int size = static_cast<int>(from.size());
                ASSERT_LE(move.count, size - position.face_down[move.from]) << to_string(move);
                if (rules.moves == MoveUnit::TopCard) {
                    ASSERT_EQ(move.count, 1) << to_string(move);
                }
                for (int i = size - move.count + 1; i < size; ++i) {
                    ASSERT_TRUE(sits_on(rules, position.ranks, from[i], from[i - 1]))
                        << to_string(move);
                }
                const auto& to = position.tableau[move.to];
                const Card bottom = from[size - move.count];
                if (to.empty()) {
                    if (rules.empty_column == EmptyColumnRule::KingHeaded) {
                        ASSERT_EQ(bottom.rank(), position.ranks) << to_string(move);
                    }
                } else {
                    ASSERT_TRUE(sits_on(rules, position.ranks, bottom, to.back()))
                        << to_string(move);
                }
            }
        });
    }
}

}  // namespace
}  // namespace patience
