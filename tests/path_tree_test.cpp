// The beam's lines as a tree of shared prefixes (solver/search/path_tree.hpp): lines read back as
// they were built, and compacting keeps every line it is given and drops the rest.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "solver/search/path_tree.hpp"

namespace patience {
namespace {

Move some_move(std::mt19937& random) {
    return {MoveKind::ColumnToColumn, static_cast<std::uint8_t>(random() % 10),
            static_cast<std::uint8_t>(random() % 10), static_cast<std::uint8_t>(random() % 13)};
}

TEST(PathTree, ALineReadsBackItsMovesFirstFirstAndSharesItsPrefix) {
    PathTree tree;
    EXPECT_TRUE(tree.line(PathTree::kEmpty).empty());
    const Move a = Move::draw(), b = Move::waste_to_foundation(), c = Move::waste_to_column(3);
    const PathTree::Tip ta = tree.extend(PathTree::kEmpty, a);
    const PathTree::Tip ab = tree.extend(ta, b);
    const PathTree::Tip ac = tree.extend(ta, c);
    EXPECT_EQ(tree.line(ab), (std::vector<Move>{a, b}));
    EXPECT_EQ(tree.line(ac), (std::vector<Move>{a, c}));
    EXPECT_EQ(tree.size(), 3u);
}

// A beam of 200 lines, each level's lines continuing random lines of the level before, for 400
// levels (80,000 nodes, past the size at which compacting starts): after each level the tree is
// compacted with the new level's tips, and every line still reads as the moves it was built
// from, while the tree stays far smaller than everything added.
TEST(PathTree, CompactingKeepsTheLinesItIsGivenAndDropsTheRest) {
    constexpr int kWidth = 200;
    constexpr int kLevels = 400;
    std::mt19937 random(7);
    PathTree tree;
    std::vector<PathTree::Tip> tips(kWidth, PathTree::kEmpty);
    std::vector<std::vector<Move>> lines(kWidth);
    std::size_t added = 0;
    bool compacted = false;
    for (int level = 0; level < kLevels; ++level) {
        std::vector<PathTree::Tip> next_tips(kWidth);
        std::vector<std::vector<Move>> next_lines(kWidth);
        for (int i = 0; i < kWidth; ++i) {
            // Most lines follow one of the first few: the beam's lines meet in a common past.
            const int parent = static_cast<int>(random() % (random() % 4 == 0 ? kWidth : 8));
            const Move m = some_move(random);
            next_tips[i] = tree.extend(tips[parent], m);
            next_lines[i] = lines[parent];
            next_lines[i].push_back(m);
            ++added;
        }
        tips.swap(next_tips);
        lines.swap(next_lines);
        const std::size_t before = tree.size();
        tree.compact(tips.size(), [&](std::size_t i) -> PathTree::Tip& { return tips[i]; });
        compacted = compacted || tree.size() < before;
    }
    EXPECT_TRUE(compacted);
    EXPECT_LT(tree.size(), added / 2);
    for (int i = 0; i < kWidth; ++i) ASSERT_EQ(tree.line(tips[i]), lines[i]) << "line " << i;
}

}  // namespace
}  // namespace patience
