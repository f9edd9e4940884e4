// The relaxed start (solver/search/relaxed_start.hpp): on many threads, one searches the start's
// relaxed game to the end before it joins the others.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>

#include "solver/fast_solver.hpp"
#include "solver/search/relaxed_start.hpp"
#include "solver/search/techniques.hpp"
#include "tests/test_support.hpp"

namespace patience {
namespace {

Position bench_position(const char* name) {
    return testing::source_position(std::string("bench/positions/") + name);
}

// Only solves on several threads whose complete search would search the start's relaxed game:
// the capacity test on, a variant it applies to, and a start with at most kStartStockLeft stock
// cards.
TEST(RelaxedStart, RunsOnManyThreadsWhereTheStartsRelaxedGameIsSearched) {
    using Diplomat = VariantTraits<VariantId::Diplomat>;
    using Malmaison = VariantTraits<VariantId::Malmaison>;
    using DoubleDot = VariantTraits<VariantId::DoubleDot>;
    const Techniques all;
    EXPECT_TRUE(runs_relaxed_start<Diplomat>(all, 2, 8));
    EXPECT_TRUE(runs_relaxed_start<Diplomat>(all, 16, kStartStockLeft));
    EXPECT_FALSE(runs_relaxed_start<Diplomat>(all, 1, 8));
    EXPECT_FALSE(runs_relaxed_start<Diplomat>(all, 2, kStartStockLeft + 1));
    EXPECT_FALSE(runs_relaxed_start<Diplomat>(parse_disabled_techniques("capacity"), 2, 8));
    EXPECT_TRUE(runs_relaxed_start<Malmaison>(all, 2, kEndGameStock));
    EXPECT_TRUE(runs_relaxed_start<Malmaison>(all, 2, kStartStockLeft));
    EXPECT_FALSE(runs_relaxed_start<Malmaison>(all, 2, kStartStockLeft + 1));
    EXPECT_FALSE(runs_relaxed_start<DoubleDot>(all, 2, 8));
}

// Diplomat seed 966's end game (8 stock cards), whose strict relaxed game is lost in about 153,000
// states, is lost for the relaxed start; one of seed 703's, whose relaxed games are won at once,
// is not called lost by it (the complete search proves it lost in 284,431 nodes). A relaxed start
// told to stop before it is done calls nothing lost, and neither does one past the deadline.
TEST(RelaxedStart, ALostRelaxedGameIsALostStart) {
    using T = VariantTraits<VariantId::Diplomat>;
    const auto never = std::chrono::steady_clock::time_point::max();
    const Position lost = bench_position("diplomat-966-end-game.json");
    const std::atomic<bool> go_on{false};
    EXPECT_TRUE(relaxed_start_lost<T>(lost, 0, go_on, never));
    EXPECT_TRUE(relaxed_start_lost<T>(lost, 1, go_on, never));  // --confirm-lost's keys
    // The same verdict as the capacity test's own strict game (whose losses tests/capacity_test.cpp
    // checks against the reference search).
    auto test = std::make_unique<CapacityTest<T>>();
    EXPECT_EQ(test->relaxed_lost(PackedState<T>(lost), true, kAllReductions, kStartCap),
              std::optional<bool>(true));
    EXPECT_FALSE(
        relaxed_start_lost<T>(bench_position("diplomat-703-end-game-3.json"), 0, go_on, never));
    const std::atomic<bool> stop{true};
    EXPECT_FALSE(relaxed_start_lost<T>(lost, 0, stop, never));
    EXPECT_FALSE(relaxed_start_lost<T>(lost, 0, go_on,
                                       std::chrono::steady_clock::now() - std::chrono::seconds(1)));
}

// A solve on two threads from an end game whose relaxed game is lost says `lost`, as one thread
// does.
TEST(RelaxedStart, TwoThreadsProveTheEndGameLost) {
    const Position p = bench_position("diplomat-966-end-game.json");
    SearchLimits limits;
    limits.node_limit = 1000000;
    EXPECT_EQ(FastSolver(16u << 20, Techniques{}, 2).solve(p, limits).verdict, Verdict::Lost);
    EXPECT_EQ(FastSolver(16u << 20, Techniques{}, 1).solve(p, limits).verdict, Verdict::Lost);
}

}  // namespace
}  // namespace patience
