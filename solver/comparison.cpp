#include "solver/comparison.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <tuple>

namespace patience {

double mcnemar_exact_p(std::uint64_t gained, std::uint64_t dropped) {
    const std::uint64_t n = gained + dropped;
    const std::uint64_t k = std::min(gained, dropped);
    if (n == 0 || 2 * k == n) return 1;
    // 2 * P(X <= k) for X ~ Binomial(n, 1/2), the terms summed in logarithms so that large n
    // neither overflows the binomial coefficients nor underflows 2^-n.
    const double log_half_n = -static_cast<double>(n) * std::log(2.0);
    const double log_n_factorial = std::lgamma(static_cast<double>(n) + 1);
    double tail = 0;
    for (std::uint64_t i = 0; i <= k; ++i) {
        const double x = static_cast<double>(i);
        tail += std::exp(log_n_factorial - std::lgamma(x + 1) -
                         std::lgamma(static_cast<double>(n) - x + 1) + log_half_n);
    }
    return std::min(1.0, 2 * tail);
}

namespace {

bool decided(const BatchRecord& r) { return r.result != Verdict::Unknown; }

// What a run's records in one row were solved under, for telling whether two runs are one
// search at two budgets.
struct RowConditions {
    bool uniform = true;  // every record recorded, with one commit, techniques and memory
    std::optional<RunConditions> first;
    std::uint64_t least_limit = std::numeric_limits<std::uint64_t>::max();  // 0 (none) as largest
    std::uint64_t most_limit = 0;
    bool timed = false;  // some record had a time limit

    void add(const RunConditions& c) {
        const std::uint64_t limit =
            c.node_limit == 0 ? std::numeric_limits<std::uint64_t>::max() : c.node_limit;
        least_limit = std::min(least_limit, limit);
        most_limit = std::max(most_limit, limit);
        if (c.time_limit != 0) timed = true;
        // A commit with local changes on top ("-dirty") does not name the search that ran.
        if (!c.recorded || c.commit.empty() || c.commit.ends_with("-dirty")) uniform = false;
        if (!first) {
            first = c;
        } else if (c.commit != first->commit || c.disabled != first->disabled ||
                   c.memory_mib != first->memory_mib) {
            uniform = false;
        }
    }
};

bool one_search_at_two_budgets(const RowConditions& before, const RowConditions& after) {
    return before.uniform && after.uniform && before.first && after.first && !before.timed &&
           !after.timed && before.first->commit == after.first->commit &&
           before.first->disabled == after.first->disabled &&
           before.first->memory_mib == after.first->memory_mib &&
           before.most_limit <= after.least_limit;
}

}  // namespace

std::vector<ComparisonRow> compare_runs(const Statistics& before, const Statistics& after) {
    using RowKey = std::tuple<VariantId, int, bool>;
    struct Work {
        ComparisonRow row;
        RowConditions before_conditions, after_conditions;
        double log_ratio_sum = 0;
        double ms_before = 0, ms_after = 0;
        std::vector<std::pair<std::uint64_t, std::uint64_t>> decided_before;  // seed, nodes
    };
    std::map<RowKey, Work> rows;
    auto work_for = [&](const BatchRecord::Id& id) -> Work& {
        Work& w = rows[RowKey{id.variant, id.ranks, id.pysol}];
        w.row.variant = id.variant;
        w.row.ranks = id.ranks;
        w.row.pysol = id.pysol;
        return w;
    };
    for (const BatchRecord::Id& id : before.ids()) {
        Work& w = work_for(id);
        const BatchRecord& b = before.record(id);
        w.before_conditions.add(b.conditions);
        if (!after.contains(id)) {
            ++w.row.only_before;
            continue;
        }
        const BatchRecord& a = after.record(id);
        ComparisonRow& row = w.row;
        ++row.paired;
        row.decided_before += decided(b) ? 1 : 0;
        row.decided_after += decided(a) ? 1 : 0;
        row.won_before += b.result == Verdict::Won ? 1 : 0;
        row.won_after += a.result == Verdict::Won ? 1 : 0;
        if (decided(b)) w.decided_before.emplace_back(id.seed, b.nodes);
        if (!decided(b) && decided(a)) {
            ++row.gained;
            row.gained_seeds.push_back(id.seed);
        } else if (decided(b) && !decided(a)) {
            ++row.dropped;
            row.dropped_seeds.push_back(id.seed);
        } else if (decided(b) && decided(a) && b.result != a.result) {
            ++row.conflicts;
            row.conflict_seeds.push_back(id.seed);
        } else if (decided(b) && decided(a)) {
            ++row.both_decided;
            w.log_ratio_sum += std::log(static_cast<double>(std::max<std::uint64_t>(a.nodes, 1)) /
                                        static_cast<double>(std::max<std::uint64_t>(b.nodes, 1)));
            w.ms_before += b.ms;
            w.ms_after += a.ms;
        }
        if (b.result == a.result && b.nodes == a.nodes) ++row.identical;
    }
    for (const BatchRecord::Id& id : after.ids()) {
        Work& w = work_for(id);
        w.after_conditions.add(after.record(id).conditions);
        if (!before.contains(id)) ++w.row.only_after;
    }

    std::vector<ComparisonRow> out;
    for (auto& [key, w] : rows) {
        ComparisonRow& row = w.row;
        row.p_value = mcnemar_exact_p(row.gained, row.dropped);
        if (row.both_decided > 0) {
            row.nodes_ratio = std::exp(w.log_ratio_sum / static_cast<double>(row.both_decided));
            row.ms_ratio = w.ms_before > 0 ? w.ms_after / w.ms_before : 0;
        }
        row.budget_pair =
            row.paired > 0 && one_search_at_two_budgets(w.before_conditions, w.after_conditions);
        if (row.budget_pair) {
            // Every deal the before run decided lies within the after run's limit, which is at
            // least the before run's: the after run must repeat it exactly.
            for (const auto& [seed, nodes] : w.decided_before) {
                const BatchRecord::Id id{row.variant, seed, row.ranks, row.pysol};
                const BatchRecord& a = after.record(id);
                const BatchRecord& b = before.record(id);
                if (a.result != b.result || a.nodes != nodes) {
                    ++row.budget_violations;
                    row.violation_seeds.push_back(seed);
                }
            }
        }
        out.push_back(std::move(row));
    }
    return out;
}

}  // namespace patience
