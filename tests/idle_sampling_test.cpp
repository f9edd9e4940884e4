// Idle sampling (solver/search/idle_sampling.hpp): the period doubles after each kIdleWindow tests
// that call nothing lost, up to kMaxPeriod, and a called loss brings it back to 1.
#include <gtest/gtest.h>

#include <cstdint>

#include "solver/search/idle_sampling.hpp"

namespace patience {
namespace {

// Makes `tests` tests with the given outcome, each on the next position due; returns the
// positions offered.
std::uint64_t run_tests(IdleSampling& sampling, std::uint64_t tests, bool called_lost) {
    std::uint64_t offered = 0;
    for (std::uint64_t made = 0; made < tests;) {
        ++offered;
        if (!sampling.due()) continue;
        sampling.note(called_lost);
        ++made;
    }
    return offered;
}

TEST(IdleSampling, EveryPositionIsDueUntilTheTestHasBeenIdleForAWindow) {
    IdleSampling sampling;
    EXPECT_EQ(run_tests(sampling, IdleSampling::kIdleWindow - 1, false),
              IdleSampling::kIdleWindow - 1);
    EXPECT_EQ(sampling.period(), 1u);
    run_tests(sampling, 1, false);
    EXPECT_EQ(sampling.period(), 2u);
    EXPECT_EQ(run_tests(sampling, 10, false), 20u);
}

TEST(IdleSampling, ThePeriodDoublesUpToItsLongest) {
    IdleSampling sampling;
    std::uint64_t expected = 1;
    while (expected < IdleSampling::kMaxPeriod) {
        EXPECT_EQ(sampling.period(), expected);
        EXPECT_EQ(run_tests(sampling, IdleSampling::kIdleWindow, false),
                  expected * IdleSampling::kIdleWindow);
        expected *= 2;
    }
    EXPECT_EQ(sampling.period(), IdleSampling::kMaxPeriod);
    run_tests(sampling, 10 * IdleSampling::kIdleWindow, false);
    EXPECT_EQ(sampling.period(), IdleSampling::kMaxPeriod);
}

TEST(IdleSampling, ACalledLossMakesEveryPositionDueAgain) {
    IdleSampling sampling;
    run_tests(sampling, 3 * IdleSampling::kIdleWindow, false);
    ASSERT_EQ(sampling.period(), 8u);
    run_tests(sampling, 1, true);
    EXPECT_EQ(sampling.period(), 1u);
    EXPECT_EQ(run_tests(sampling, 5, false), 5u);
    // The idle count starts again: a full window before the period doubles.
    run_tests(sampling, IdleSampling::kIdleWindow - 6, false);
    EXPECT_EQ(sampling.period(), 1u);
    run_tests(sampling, 1, false);
    EXPECT_EQ(sampling.period(), 2u);
}

}  // namespace
}  // namespace patience
