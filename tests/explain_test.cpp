// Moves and positions in words (core/explain.hpp).
#include <gtest/gtest.h>

#include "core/explain.hpp"
#include "core/rules.hpp"
#include "tests/test_support.hpp"

namespace patience {
namespace {

using testing::make_position;

TEST(Explain, EveryKindOfMoveNamesItsCardsAndWhereTheyGo) {
    const Position p =
        make_position(VariantId::EmperorModern,
                      {"T1: KD | 7S 6H", "T2: 8D", "T3: 9C", "W: 2C 5C", "S: QH JS", "F1: AC"});
    EXPECT_EQ(describe_move(p, Move::draw()), "QH to the waste");
    EXPECT_EQ(describe_move(p, Move::waste_to_column(3)), "5C into a space");
    EXPECT_EQ(describe_move(p, Move::column_to_column(0, 1, 2)), "7S 6H onto 8D, turning up KD");
    EXPECT_EQ(describe_move(p, Move::column_to_column(0, 2, 1)), "6H onto 9C");
    EXPECT_EQ(describe_move(p, Move::column_to_foundation(1)), "8D to the foundation");
    Position waste_two = p;
    waste_two.waste.pop_back();
    EXPECT_EQ(describe_move(waste_two, Move::waste_to_foundation()), "2C to the foundation");
    const Position dd = make_position(VariantId::DoubleDot,
                                      {"T1: 5C", "T2: 6C", "T3: 7C", "T4: 8C", "T5: 9C", "T6: 10C",
                                       "T7: JC", "T8: QC", "S: 3D 4D 5D 6D 7D 8D 9D 10D"},
                                      13);
    EXPECT_EQ(describe_move(dd, Move::deal()), "deals 3D 4D 5D 6D 7D 8D 9D 10D onto the columns");
}

TEST(Explain, TheBoardShowsEveryPileWithFaceDownCardsInBrackets) {
    const Position p = make_position(VariantId::Emperor,
                                     {"T1: 3C 4D | 9S", "T2: 8H", "W: 2C 5C", "S: QH", "F1: AC"});
    const std::string board = board_text(p);
    EXPECT_NE(board.find("foundations: AC -- --"), std::string::npos) << board;
    EXPECT_NE(board.find("stock 1, waste: 2C 5C\n"), std::string::npos) << board;
    EXPECT_NE(board.find(" 1: [3C] [4D] 9S\n"), std::string::npos) << board;
    EXPECT_NE(board.find(" 2: 8H\n"), std::string::npos) << board;
    EXPECT_NE(board.find("10:\n"), std::string::npos) << board;
}

}  // namespace
}  // namespace patience
