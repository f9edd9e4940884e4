#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "core/deal.hpp"
#include "core/move.hpp"
#include "core/position_io.hpp"
#include "core/rules.hpp"
#include "solver/reference_solver.hpp"

namespace patience {
namespace {

// Diplomat with two ranks: every ace in the tableau, every two in the stock.
Position aces_out() {
    return parse_position(R"({
        "variant": "diplomat", "ranks": 2,
        "tableau": [["AC"], ["AC"], ["AD"], ["AD"], ["AH"], ["AH"], ["AS"], ["AS"]],
        "stock": ["2C", "2C", "2D", "2D", "2H", "2H", "2S", "2S"]
    })",
                          "aces_out");
}

std::vector<Move> moves_of(std::string_view text) {
    std::vector<Move> moves;
    const auto error = parse_moves(text, moves);
    EXPECT_FALSE(error) << "token " << error->index << " '" << error->token << "'";
    return moves;
}

// The win of aces_out(), written out move by move.
constexpr std::string_view kAcesOutWin =
    "1>f 2>f 3>f 4>f 5>f 6>f 7>f 8>f "
    "draw w>f draw w>f draw w>f draw w>f draw w>f draw w>f draw w>f draw w>f";

TEST(Check, HandWrittenWinReplaysAsWon) {
    const ReplayResult result = replay(aces_out(), moves_of(kAcesOutWin));
    EXPECT_TRUE(result.all_legal) << result.reason;
    EXPECT_TRUE(result.won);
    EXPECT_TRUE(is_won(result.final_position));
}

TEST(Check, WinThatBuildsInTheTableauReplaysAsWon) {
    // Each two is parked on the tableau before the aces go up, then everything goes home.
    Position start = parse_position(R"({
        "variant": "diplomat", "ranks": 2,
        "tableau": [["2C"], ["2C"], ["2D"], ["2D"], ["2H"], ["2H"], ["2S"], ["2S"]],
        "stock": ["AC", "AC", "AD", "AD", "AH", "AH", "AS", "AS"]
    })",
                                    "twos_out");
    const ReplayResult result = replay(start, moves_of("draw w>1 1>f 1>f "
                                                       "draw w>f 2>f draw w>f 3>f draw w>f 4>f "
                                                       "draw w>f 5>f draw w>f 6>f draw w>f 7>f "
                                                       "draw w>f 8>f"));
    EXPECT_TRUE(result.all_legal) << result.first_illegal << ": " << result.reason;
    EXPECT_TRUE(result.won);
}

TEST(Check, ReplayLeavesTheStartPositionUnchanged) {
    const Position start = aces_out();
    const Position copy = start;
    replay(start, moves_of(kAcesOutWin));
    EXPECT_TRUE(start == copy);
}

TEST(Check, ReferenceSolutionOfAReducedDealReplaysAsWon) {
    const Position start = deal_position(VariantId::Emperor, 4, 3);
    const SolveResult solved = reference_solve(start);
    ASSERT_EQ(solved.verdict, Verdict::Won);
    const ReplayResult result = replay(start, solved.solution);
    EXPECT_TRUE(result.all_legal) << result.first_illegal << ": " << result.reason;
    EXPECT_TRUE(result.won);
}

TEST(Check, ReferenceSolutionSurvivesBeingWrittenAndReadBack) {
    // The notation is what `check` reads: a solution printed and parsed again must still win.
    const Position start = deal_position(VariantId::Malmaison, 5, 3);
    const SolveResult solved = reference_solve(start);
    ASSERT_EQ(solved.verdict, Verdict::Won);
    const ReplayResult result = replay(start, moves_of(format_moves(solved.solution, "\n")));
    EXPECT_TRUE(result.won);
}

// Double Dot with five ranks (piles from A: A 3 5 2 4, from 2: 2 4 A 3 5): the bottom card of each
// column follows its top card, which comes from the stock.
Position double_dot_to_deal() {
    return parse_position(R"({
        "variant": "double-dot", "ranks": 5,
        "tableau": [["2C"], ["2H"], ["3D"], ["3S"], ["4C"], ["4H"], ["5D"], ["5S"]],
        "stock": ["3C", "3H", "4D", "4S", "5C", "5H", "AD", "AS"],
        "foundations": [["AC"], ["AH"], ["2D"], ["2S"]]
    })",
                          "double_dot_to_deal");
}

TEST(Check, DoubleDotWinWithADealReplaysAsWon) {
    const ReplayResult result =
        replay(double_dot_to_deal(), moves_of("deal 1>f 5>f 1>f 5>f 2>f 6>f 2>f 6>f "
                                              "3>f 7>f 3>f 7>f 4>f 8>f 4>f 8>f"));
    EXPECT_TRUE(result.all_legal) << result.first_illegal << ": " << result.reason;
    EXPECT_TRUE(result.won);
}

TEST(Check, DoubleDotDealWhileAColumnIsEmptyIsIllegal) {
    // 2C builds on 4C (down by two), which empties column 1.
    const ReplayResult result = replay(double_dot_to_deal(), moves_of("1>5 deal"));
    EXPECT_FALSE(result.all_legal);
    EXPECT_EQ(result.first_illegal, 1u);
    EXPECT_NE(result.reason.find("column 1 is empty"), std::string::npos) << result.reason;
}

TEST(Check, IllegalMoveIsReportedByItsZeroBasedIndex) {
    const ReplayResult result = replay(aces_out(), moves_of("1>f 2>f w>f draw"));
    EXPECT_FALSE(result.all_legal);
    EXPECT_EQ(result.first_illegal, 2u);
    EXPECT_NE(result.reason.find("waste is empty"), std::string::npos) << result.reason;
    EXPECT_FALSE(result.won);
}

TEST(Check, FirstOfSeveralIllegalMovesIsTheOneReported) {
    const ReplayResult result = replay(aces_out(), moves_of("draw 1>2 9>f w>3"));
    EXPECT_FALSE(result.all_legal);
    EXPECT_EQ(result.first_illegal, 1u);
    EXPECT_NE(result.reason.find("AC"), std::string::npos) << result.reason;
}

TEST(Check, FinalPositionOfAnIllegalReplayIsTheOneBeforeTheIllegalMove) {
    const ReplayResult result = replay(aces_out(), moves_of("1>f 2>f w>f"));
    ASSERT_FALSE(result.all_legal);
    EXPECT_EQ(result.final_position.cards_on_foundations(), 2);
}

TEST(Check, MoveFromAColumnThatDoesNotExistIsIllegal) {
    const ReplayResult result = replay(aces_out(), moves_of("9>f"));
    EXPECT_FALSE(result.all_legal);
    EXPECT_EQ(result.first_illegal, 0u);
    EXPECT_NE(result.reason.find("column 9"), std::string::npos) << result.reason;
}

TEST(Check, MovingAnEmptyColumnIsIllegal) {
    const ReplayResult result = replay(aces_out(), moves_of("1>f 1>f"));
    EXPECT_FALSE(result.all_legal);
    EXPECT_EQ(result.first_illegal, 1u);
    EXPECT_NE(result.reason.find("column 1 is empty"), std::string::npos) << result.reason;
}

TEST(Check, DrawingFromAnEmptyStockIsIllegal) {
    std::string moves(kAcesOutWin);
    moves += " draw";
    const ReplayResult result = replay(aces_out(), moves_of(moves));
    EXPECT_FALSE(result.all_legal);
    EXPECT_EQ(result.first_illegal, 24u);
    EXPECT_NE(result.reason.find("stock is empty"), std::string::npos) << result.reason;
}

TEST(Check, DrawInDoubleDotIsIllegal) {
    const ReplayResult result = replay(deal_position(VariantId::DoubleDot, 1, 5), moves_of("draw"));
    EXPECT_FALSE(result.all_legal);
    EXPECT_EQ(result.first_illegal, 0u);
    EXPECT_NE(result.reason.find("deal"), std::string::npos) << result.reason;
}

TEST(Check, LegalMovesThatDoNotWinReportNotWon) {
    const ReplayResult result = replay(aces_out(), moves_of("1>f 2>f draw w>f"));
    EXPECT_TRUE(result.all_legal) << result.reason;
    EXPECT_FALSE(result.won);
    EXPECT_EQ(result.final_position.cards_on_foundations(), 3);
}

TEST(Check, NoMovesOnAnUnfinishedPositionIsNotWon) {
    const ReplayResult result = replay(aces_out(), {});
    EXPECT_TRUE(result.all_legal);
    EXPECT_FALSE(result.won);
}

TEST(Check, ReferenceSolutionMissingItsLastMoveIsNotWon) {
    const Position start = deal_position(VariantId::LadyPalk, 2, 3);
    SolveResult solved = reference_solve(start);
    ASSERT_EQ(solved.verdict, Verdict::Won);
    solved.solution.pop_back();
    const ReplayResult result = replay(start, solved.solution);
    EXPECT_TRUE(result.all_legal) << result.reason;
    EXPECT_FALSE(result.won);
}

}  // namespace
}  // namespace patience
