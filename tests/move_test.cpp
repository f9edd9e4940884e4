#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "core/move.hpp"

namespace patience {

// Readable failure messages: a move prints as its token.
static void PrintTo(const Move& move, std::ostream* out) { *out << to_string(move); }

namespace {

struct TokenCase {
    std::string_view token;
    Move move;
};

// One token of every form in SPEC §5, with the move it names (columns 0-based in Move).
const TokenCase kEveryForm[] = {
    {"draw", Move::draw()},
    {"deal", Move::deal()},
    {"w>f", Move::waste_to_foundation()},
    {"w>5", Move::waste_to_column(4)},
    {"3>f", Move::column_to_foundation(2)},
    {"3>5", Move::column_to_column(2, 4, 1)},
    {"3>5x4", Move::column_to_column(2, 4, 4)},
};

TEST(MoveNotation, ParsesEveryTokenFormToItsMove) {
    for (const auto& c : kEveryForm) {
        SCOPED_TRACE(std::string(c.token));
        EXPECT_EQ(parse_move(c.token), c.move);
    }
}

TEST(MoveNotation, PrintsEveryMoveInItsTokenForm) {
    for (const auto& c : kEveryForm) {
        EXPECT_EQ(to_string(c.move), c.token);
    }
}

TEST(MoveNotation, EveryTokenFormRoundTrips) {
    for (const auto& c : kEveryForm) {
        SCOPED_TRACE(std::string(c.token));
        const auto move = parse_move(c.token);
        ASSERT_TRUE(move.has_value());
        EXPECT_EQ(to_string(*move), c.token);
    }
}

TEST(MoveNotation, ColumnsCountFromOneInTextAndZeroInMoves) {
    EXPECT_EQ(parse_move("1>10"), Move::column_to_column(0, 9, 1));
    EXPECT_EQ(to_string(Move::column_to_column(0, 9, 13)), "1>10x13");
    EXPECT_EQ(to_string(Move::waste_to_column(0)), "w>1");
    EXPECT_EQ(to_string(Move::column_to_foundation(9)), "10>f");
}

TEST(MoveNotation, CountOfOneParsesAsASingleCardAndPrintsWithoutSuffix) {
    const auto move = parse_move("3>5x1");
    ASSERT_TRUE(move.has_value());
    EXPECT_EQ(move->count, 1);
    EXPECT_EQ(*move, Move::column_to_column(2, 4, 1));
    EXPECT_EQ(to_string(*move), "3>5");
}

TEST(MoveNotation, AcceptsUpperCase) {
    EXPECT_EQ(parse_move("DRAW"), Move::draw());
    EXPECT_EQ(parse_move("Deal"), Move::deal());
    EXPECT_EQ(parse_move("W>F"), Move::waste_to_foundation());
    EXPECT_EQ(parse_move("W>5"), Move::waste_to_column(4));
    EXPECT_EQ(parse_move("3>F"), Move::column_to_foundation(2));
    EXPECT_EQ(parse_move("3>5X4"), Move::column_to_column(2, 4, 4));
}

TEST(MoveNotation, ColumnNumbersRunFromOneTo255) {
    EXPECT_EQ(parse_move("255>1"), Move::column_to_column(254, 0, 1));
    EXPECT_EQ(parse_move("1>255x255"), Move::column_to_column(0, 254, 255));
    EXPECT_FALSE(parse_move("1>256").has_value());
    EXPECT_FALSE(parse_move("256>1").has_value());
    EXPECT_FALSE(parse_move("0>1").has_value());
    EXPECT_FALSE(parse_move("1>0").has_value());
    EXPECT_FALSE(parse_move("w>0").has_value());
}

TEST(MoveNotation, RejectsTokensThatAreNotMoves) {
    const std::string_view bad[] = {
        "",      "x",     "3>",    ">5",    "0>1",   "3>5x0", "w>5x2", "3>fx2", "1>256",
        "draw2", "3-5",   "w",     "w>",    "f>3",   "3>5x",  "3>5x-1", "-3>5", "+3>5",
        "3>5x4x2", "3>>5", "3 >5",  "3>5y4", "drawx", " draw", "w>fx2",
    };
    for (std::string_view token : bad) {
        EXPECT_FALSE(parse_move(token).has_value()) << "'" << token << "' parsed as a move";
    }
}

TEST(MoveNotation, ParseMovesSplitsOnAnyWhiteSpace) {
    std::vector<Move> moves;
    const auto error = parse_moves("  draw w>f\n3>5x4\t\t1>f\r\n  deal\n\n w>2 ", moves);
    EXPECT_FALSE(error.has_value());
    const std::vector<Move> expected = {Move::draw(),
                                        Move::waste_to_foundation(),
                                        Move::column_to_column(2, 4, 4),
                                        Move::column_to_foundation(0),
                                        Move::deal(),
                                        Move::waste_to_column(1)};
    EXPECT_EQ(moves, expected);
}

TEST(MoveNotation, ParseMovesOfBlankTextGivesNoMoves) {
    std::vector<Move> moves;
    EXPECT_FALSE(parse_moves("", moves).has_value());
    EXPECT_FALSE(parse_moves(" \n\t\n ", moves).has_value());
    EXPECT_TRUE(moves.empty());
}

TEST(MoveNotation, ParseMovesNamesTheFirstBadTokenAndItsIndex) {
    std::vector<Move> moves;
    const auto error = parse_moves("draw w>f\n3>5x4 3-5 draw2 1>f", moves);
    ASSERT_TRUE(error.has_value());
    EXPECT_EQ(error->index, 3u);
    EXPECT_EQ(error->token, "3-5");
}

TEST(MoveNotation, ParseMovesReportsABadFirstToken) {
    std::vector<Move> moves;
    const auto error = parse_moves("\n  0>1 draw", moves);
    ASSERT_TRUE(error.has_value());
    EXPECT_EQ(error->index, 0u);
    EXPECT_EQ(error->token, "0>1");
}

TEST(MoveNotation, FormattedMovesParseBackToTheSameMoves) {
    const std::vector<Move> moves = {Move::draw(), Move::column_to_column(7, 0, 3),
                                     Move::waste_to_column(9), Move::column_to_foundation(4),
                                     Move::deal()};
    EXPECT_EQ(format_moves(moves), "draw 8>1x3 w>10 5>f deal");
    EXPECT_EQ(format_moves(moves, "\n"), "draw\n8>1x3\nw>10\n5>f\ndeal");
    std::vector<Move> parsed;
    EXPECT_FALSE(parse_moves(format_moves(moves, "\n"), parsed).has_value());
    EXPECT_EQ(parsed, moves);
}

}  // namespace
}  // namespace patience
