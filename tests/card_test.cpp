#include <gtest/gtest.h>

#include "core/card.hpp"

namespace patience {
namespace {

TEST(Card, ParsesEveryRankAndSuitInEitherCase) {
    EXPECT_EQ(parse_card("AC"), Card(1, Suit::Clubs));
    EXPECT_EQ(parse_card("10h"), Card(10, Suit::Hearts));
    EXPECT_EQ(parse_card("TD"), Card(10, Suit::Diamonds));
    EXPECT_EQ(parse_card("ks"), Card(13, Suit::Spades));
    EXPECT_FALSE(parse_card("1C"));
    EXPECT_FALSE(parse_card("KX"));
    EXPECT_FALSE(parse_card("11H"));
    EXPECT_FALSE(parse_card(""));
}

TEST(Card, PrintsTheCanonicalName) {
    EXPECT_EQ(to_string(Card(10, Suit::Hearts)), "10H");
    EXPECT_EQ(to_string(Card(12, Suit::Spades)), "QS");
}

}  // namespace
}  // namespace patience
