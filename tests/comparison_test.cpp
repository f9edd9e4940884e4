// compare_runs and McNemar's exact test (solver/comparison.hpp).
#include "solver/comparison.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace patience {
namespace {

TEST(McNemar, MatchesTheBinomialTailsWorkedOutByHand) {
    EXPECT_DOUBLE_EQ(mcnemar_exact_p(0, 0), 1.0);
    EXPECT_DOUBLE_EQ(mcnemar_exact_p(3, 3), 1.0);
    // 5 : 0 is 2 * (1/2)^5; 0 : 10 is 2 * (1/2)^10.
    EXPECT_NEAR(mcnemar_exact_p(5, 0), 0.0625, 1e-12);
    EXPECT_NEAR(mcnemar_exact_p(0, 10), 2.0 / 1024, 1e-12);
    // 6 : 2 is 2 * (C(8,0) + C(8,1) + C(8,2)) / 2^8 = 74 / 256, either way round.
    EXPECT_NEAR(mcnemar_exact_p(6, 2), 74.0 / 256, 1e-12);
    EXPECT_NEAR(mcnemar_exact_p(2, 6), 74.0 / 256, 1e-12);
    // 3 : 4 is as even as 7 flips can be: the two tails cover everything.
    EXPECT_NEAR(mcnemar_exact_p(3, 4), 1.0, 1e-12);
}

TEST(McNemar, StaysFiniteForLargeCounts) {
    const double p = mcnemar_exact_p(600, 400);  // z about 6.3
    EXPECT_GT(p, 0);
    EXPECT_LT(p, 1e-8);
    EXPECT_NEAR(mcnemar_exact_p(50000, 50000), 1.0, 1e-12);
    EXPECT_TRUE(std::isfinite(mcnemar_exact_p(1000000, 0)));
}

BatchRecord record(std::uint64_t seed, Verdict result, std::uint64_t nodes,
                   std::uint64_t node_limit = 1000, std::string commit = "abc123") {
    BatchRecord r;
    r.variant = VariantId::Emperor;
    r.seed = seed;
    r.result = result;
    r.nodes = nodes;
    r.ms = static_cast<double>(nodes) / 10;
    r.conditions.recorded = true;
    r.conditions.node_limit = node_limit;
    r.conditions.memory_mib = 64;
    r.conditions.commit = std::move(commit);
    return r;
}

TEST(CompareRuns, PairsTheDealsAndSaysWhichDiffer) {
    Statistics before, after;
    before.add(record(1, Verdict::Won, 100));  // identical
    after.add(record(1, Verdict::Won, 100));
    before.add(record(2, Verdict::Won, 100));  // both won, four times the nodes
    after.add(record(2, Verdict::Won, 400));
    before.add(record(3, Verdict::Unknown, 1000));  // gained
    after.add(record(3, Verdict::Lost, 2000, 10000));
    before.add(record(4, Verdict::Won, 500));  // dropped
    after.add(record(4, Verdict::Unknown, 1000));
    before.add(record(5, Verdict::Won, 100));  // conflict
    after.add(record(5, Verdict::Lost, 100));
    before.add(record(6, Verdict::Unknown, 1000));  // gained
    after.add(record(6, Verdict::Won, 700));
    before.add(record(7, Verdict::Won, 100));  // only before
    after.add(record(8, Verdict::Won, 100));   // only after
    after.add(record(9, Verdict::Won, 100));

    const auto rows = compare_runs(before, after);
    ASSERT_EQ(rows.size(), 1u);
    const ComparisonRow& r = rows[0];
    EXPECT_EQ(r.variant, VariantId::Emperor);
    EXPECT_EQ(r.paired, 6u);
    EXPECT_EQ(r.only_before, 1u);
    EXPECT_EQ(r.only_after, 2u);
    EXPECT_EQ(r.decided_before, 4u);  // 1, 2, 4, 5
    EXPECT_EQ(r.decided_after, 5u);   // 1, 2, 3, 5, 6
    EXPECT_EQ(r.won_before, 4u);
    EXPECT_EQ(r.won_after, 3u);
    EXPECT_EQ(r.gained, 2u);
    EXPECT_EQ(r.dropped, 1u);
    EXPECT_EQ(r.conflicts, 1u);
    EXPECT_EQ(r.identical, 1u);
    EXPECT_EQ(r.gained_seeds, (std::vector<std::uint64_t>{3, 6}));
    EXPECT_EQ(r.dropped_seeds, (std::vector<std::uint64_t>{4}));
    EXPECT_EQ(r.conflict_seeds, (std::vector<std::uint64_t>{5}));
    EXPECT_NEAR(r.p_value, mcnemar_exact_p(2, 1), 1e-12);
    // Seeds 1 and 2: nodes ratios 1 and 4, geometric mean 2; time (100 + 400) / (100 + 100).
    EXPECT_EQ(r.both_decided, 2u);
    EXPECT_NEAR(r.nodes_ratio, 2.0, 1e-12);
    EXPECT_NEAR(r.ms_ratio, 2.5, 1e-12);
    // Seed 3 was solved under a larger limit, seeds 1-2 under the same: one search, the after
    // budget no smaller; deals 2, 4 and 5 were decided before and not repeated.
    EXPECT_TRUE(r.budget_pair);
    EXPECT_EQ(r.violation_seeds, (std::vector<std::uint64_t>{2, 4, 5}));
    EXPECT_EQ(r.budget_violations, 3u);
}

TEST(CompareRuns, KeepsRowsApartByVariantAndRanks) {
    Statistics before, after;
    BatchRecord a = record(1, Verdict::Won, 10);
    BatchRecord b = record(1, Verdict::Won, 10);
    b.ranks = 9;
    BatchRecord c = record(1, Verdict::Unknown, 1000);
    c.variant = VariantId::Diplomat;
    for (const BatchRecord& r : {a, b, c}) before.add(r);
    c.result = Verdict::Won;
    for (const BatchRecord& r : {a, b, c}) after.add(r);
    const auto rows = compare_runs(before, after);
    ASSERT_EQ(rows.size(), 3u);
    std::uint64_t gained = 0;
    for (const auto& r : rows) {
        EXPECT_EQ(r.paired, 1u);
        gained += r.gained;
        if (r.variant == VariantId::Diplomat) {
            EXPECT_EQ(r.gained, 1u);
        }
    }
    EXPECT_EQ(gained, 1u);
}

// The budget check reads only runs that are provably one search with a budget no smaller after.
TEST(CompareRuns, ChecksTheBudgetsOnlyForOneSearchAtALargerOrEqualBudget) {
    auto pair_of = [](const BatchRecord& b, const BatchRecord& a) {
        Statistics before, after;
        before.add(b);
        after.add(a);
        return compare_runs(before, after).at(0);
    };
    const BatchRecord won = record(1, Verdict::Won, 100, 1000);
    // A larger budget that repeats the deal: a pair, no violation.
    auto row = pair_of(won, record(1, Verdict::Won, 100, 5000));
    EXPECT_TRUE(row.budget_pair);
    EXPECT_EQ(row.budget_violations, 0u);
    // No limit after counts as the largest; the same deal in other nodes is a violation.
    row = pair_of(won, record(1, Verdict::Won, 101, 0));
    EXPECT_TRUE(row.budget_pair);
    EXPECT_EQ(row.budget_violations, 1u);
    // A smaller budget after, another commit, local changes, other memory, a time limit: the
    // runs may differ, so nothing is checked.
    EXPECT_FALSE(pair_of(won, record(1, Verdict::Unknown, 500, 500)).budget_pair);
    EXPECT_FALSE(pair_of(won, record(1, Verdict::Unknown, 1000, 5000, "def456")).budget_pair);
    EXPECT_FALSE(pair_of(record(1, Verdict::Won, 100, 1000, "abc123-dirty"),
                         record(1, Verdict::Unknown, 1000, 5000, "abc123-dirty"))
                     .budget_pair);
    BatchRecord more_memory = record(1, Verdict::Unknown, 5000, 5000);
    more_memory.conditions.memory_mib = 128;
    EXPECT_FALSE(pair_of(won, more_memory).budget_pair);
    BatchRecord timed = record(1, Verdict::Won, 100, 5000);
    timed.conditions.time_limit = 10;
    EXPECT_FALSE(pair_of(won, timed).budget_pair);
    BatchRecord unrecorded = won;
    unrecorded.conditions = RunConditions{};
    EXPECT_FALSE(pair_of(unrecorded, record(1, Verdict::Won, 100, 5000)).budget_pair);
}

}  // namespace
}  // namespace patience
