// Two batch runs over the same deals compared deal by deal: which deals one run decided and the
// other did not, whether that difference is more than chance, how the effort on the deals both
// decided compares, and whether a run at a larger budget kept every answer of a smaller one.
//
// Why: a search change is judged by the deals it decides at a fixed budget, and two runs'
// won / lost / unknown rows say how many, not which. When a change decides 988 deals of 1000
// against 985, the question is whether it gained three deals or gained ten and dropped seven, and
// whether such a split is more than chance. Deal by deal the runs are paired: only the deals that
// one run decided and the other did not tell them apart, and McNemar's exact test asks whether
// those split more unevenly than fair coin flips would.
#pragma once

#include <cstdint>
#include <vector>

#include "core/variant.hpp"
#include "solver/statistics.hpp"

namespace patience {

// The two-sided p-value of McNemar's exact test: the chance that `gained` + `dropped` fair coin
// flips split at least as unevenly as gained : dropped. 1 when there is nothing to split.
double mcnemar_exact_p(std::uint64_t gained, std::uint64_t dropped);

// One variant and rank count (and numbering) of the two runs.
struct ComparisonRow {
    VariantId variant = VariantId::Diplomat;
    int ranks = kMaxRanks;
    bool pysol = false;
    std::uint64_t paired = 0;       // deals in both runs; every count below is over these
    std::uint64_t only_before = 0;  // deals in one run only: not compared
    std::uint64_t only_after = 0;
    std::uint64_t decided_before = 0, decided_after = 0;
    std::uint64_t won_before = 0, won_after = 0;
    std::uint64_t gained = 0;     // unknown before, decided after
    std::uint64_t dropped = 0;    // decided before, unknown after
    std::uint64_t conflicts = 0;  // won in one run, lost in the other: one of them is wrong
    std::uint64_t identical = 0;  // the same verdict in the same nodes
    double p_value = 1;           // mcnemar_exact_p(gained, dropped)
    // Over the deals both runs decided alike: the geometric mean of nodes after / nodes before,
    // and the total time after / the total time before (0 when there is none).
    std::uint64_t both_decided = 0;
    double nodes_ratio = 0;
    double ms_ratio = 0;
    // Whether the runs are one search at two budgets (the same recorded commit without local
    // changes, the same techniques and memory, no time limit, and the after run's node limits
    // all at least the before run's: equal ones too, where the runs must be the same), and
    // then the deals decided before within the after run's limit that it did not decide the same
    // way in the same nodes: the search at a larger limit must repeat them exactly (SPEC's
    // budgets).
    bool budget_pair = false;
    std::uint64_t budget_violations = 0;
    // The seeds of the deals gained, dropped, in conflict and (for a budget pair) violating the
    // budgets, lowest first.
    std::vector<std::uint64_t> gained_seeds, dropped_seeds, conflict_seeds, violation_seeds;
};

// The rows for every variant, rank count and numbering in either run, in the order of
// Statistics::summaries.
std::vector<ComparisonRow> compare_runs(const Statistics& before, const Statistics& after);

}  // namespace patience
