// The share of the complete search's tree done (solver/search/tree_share.hpp): the sum down the
// path, and what the fast solver tells of it while it proves a position lost.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "solver/fast_solver.hpp"
#include "solver/search/techniques.hpp"
#include "solver/search/tree_share.hpp"
#include "tests/test_support.hpp"

namespace patience {
namespace {

TEST(TreeShare, EachLevelAddsItsFinishedMovesTimesItsShareOfTheStart) {
    TreeShare share;
    EXPECT_EQ(share.share(), 0);
    share.descend(1, 2);  // the second of two moves: half the tree done
    EXPECT_DOUBLE_EQ(share.share(), 0.5);
    share.descend(0, 1);  // one move: nothing more, and the level below weighs as much
    EXPECT_DOUBLE_EQ(share.share(), 0.5);
    share.descend(3, 4);  // three of four moves in the second half
    EXPECT_DOUBLE_EQ(share.share(), 0.5 + 0.5 * 0.75);
    share.descend(0, 0);  // a position without moves changes nothing
    EXPECT_DOUBLE_EQ(share.share(), 0.875);
    EXPECT_FALSE(share.settled());
    for (int i = 0; i < 70; ++i) share.descend(0, 2);
    EXPECT_TRUE(share.settled());
}

// Emperor seed 563 with 33 stock cards (tests/positions/emperor_563_33_stock.json), proven lost in
// some forty thousand nodes by the complete search without the drain anchors (with them, in 9,164,
// too few turns to watch) and in 328,141 by the portfolio without them (with them, in 49,456 but
// in 32 seconds, the anchors' tests being given back what each proof spent): the share told after
// each turn lies in [0, 1], never falls, passes through values strictly between, and is 1 when
// the complete search has exhausted the start, as is the answer's. The probes tell none, so the
// complete search's share is told with them on too.
TEST(TreeShare, TheFastSolverTellsAShareThatRisesToOneAsItProvesALoss) {
    const Position p = testing::source_position("tests/positions/emperor_563_33_stock.json");
    for (const char* disabled : {"probes,drain-anchors", "drain-anchors"}) {
        std::vector<double> told;
        SearchLimits limits;
        limits.progress = [&](const SearchProgress& progress) {
            told.push_back(progress.tree_share);
        };
        const SolveResult r =
            FastSolver(64u << 20, parse_disabled_techniques(disabled)).solve(p, limits);
        EXPECT_EQ(r.verdict, Verdict::Lost) << disabled;
        ASSERT_GT(told.size(), 10u) << disabled;
        EXPECT_TRUE(std::is_sorted(told.begin(), told.end())) << disabled;
        EXPECT_GE(told.front(), 0) << disabled;
        EXPECT_EQ(told.back(), 1) << disabled;
        const auto between = std::count_if(told.begin(), told.end(),
                                           [](double share) { return share > 0 && share < 1; });
        EXPECT_GT(between, 5) << disabled;
        EXPECT_EQ(r.tree_share, 1) << disabled;
    }
    // Stopped halfway, the answer keeps the share it had reached.
    SearchLimits limits;
    limits.node_limit = 20000;
    const SolveResult half =
        FastSolver(64u << 20, parse_disabled_techniques("probes,drain-anchors")).solve(p, limits);
    EXPECT_EQ(half.verdict, Verdict::Unknown);
    EXPECT_GT(half.tree_share, 0);
    EXPECT_LT(half.tree_share, 1);
}

}  // namespace
}  // namespace patience
