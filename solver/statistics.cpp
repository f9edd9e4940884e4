#include "solver/statistics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <set>
#include <sstream>
#include <tuple>

#include "core/input_error.hpp"
#include "core/variant.hpp"

namespace patience {

Interval wilson_interval(std::uint64_t successes, std::uint64_t trials, double z) {
    if (trials == 0) return {0, 1};
    const double n = static_cast<double>(trials);
    const double p = static_cast<double>(successes) / n;
    const double z2 = z * z;
    const double denominator = 1 + z2 / n;
    const double center = (p + z2 / (2 * n)) / denominator;
    const double half = z * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator;
    // With no success the low end is exactly 0, with all exactly 1 (centre - half and centre +
    // half there come out a rounding error away: 2e-22 for 0 of 2,000,000).
    return {successes == 0 ? 0.0 : std::max(0.0, center - half),
            successes == trials ? 1.0 : std::min(1.0, center + half)};
}

void Statistics::add(const BatchRecord& record) {
    auto [it, inserted] = records_.try_emplace(record.id(), record);
    if (inserted) return;
    ++duplicates_;
    BatchRecord& kept = it->second;
    if (kept.result == Verdict::Unknown) {
        kept = record;  // decided, or unknown again, later (batch --retry-unknown)
    } else if (kept.result != Verdict::Unknown && record.result != Verdict::Unknown &&
               kept.result != record.result) {
        ++conflicts_;
    }
}

std::vector<BatchRecord::Id> Statistics::ids() const {
    std::vector<BatchRecord::Id> out;
    out.reserve(records_.size());
    for (const auto& entry : records_) out.push_back(entry.first);
    return out;
}

void Statistics::add_file(
    const std::string& path,
    const std::function<void(std::size_t line, const std::string& why)>& malformed) {
    std::istringstream in(read_text_file(path));
    std::string line;
    for (std::size_t number = 1; std::getline(in, line); ++number) {
        if (line.empty()) continue;
        std::string error;
        if (auto record = parse_batch_line(line, error)) {
            add(*record);
        } else {
            malformed(number, error);
        }
    }
}

namespace {

// The nearest-rank percentile: the smallest value with at least fraction q of values at or below.
template <class T>
T percentile(std::vector<T> values, double q) {
    if (values.empty()) return T{};
    std::sort(values.begin(), values.end());
    const auto rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(values.size())));
    return values[std::max<std::size_t>(rank, 1) - 1];
}

// A node limit as an order: 0 (none) is larger than every number.
std::uint64_t as_budget(std::uint64_t node_limit) {
    return node_limit == 0 ? std::numeric_limits<std::uint64_t>::max() : node_limit;
}

void summarise_conditions(const std::vector<const BatchRecord*>& records, VariantSummary& s) {
    std::set<std::string> versions;
    bool any = false;
    for (const BatchRecord* r : records) {
        const RunConditions& c = r->conditions;
        if (!c.recorded) {
            ++s.unrecorded;
            continue;
        }
        versions.insert(c.version + (c.commit.empty() ? "" : " (commit " + c.commit + ")"));
        if (!any || as_budget(c.node_limit) < as_budget(s.min_node_limit)) {
            s.min_node_limit = c.node_limit;
        }
        if (!any || as_budget(c.node_limit) > as_budget(s.max_node_limit)) {
            s.max_node_limit = c.node_limit;
        }
        any = true;
    }
    for (const BatchRecord* r : records) {
        if (r->result != Verdict::Unknown) continue;
        // Unrecorded lines count as stale only beside recorded ones: their limit is unknown.
        s.stale_unknown += any && (!r->conditions.recorded || as_budget(r->conditions.node_limit) <
                                                                  as_budget(s.max_node_limit));
    }
    s.versions.assign(versions.begin(), versions.end());
}

void count_deciders(const std::vector<const BatchRecord*>& records, VariantSummary& s) {
    std::map<std::string, std::uint64_t> counts;
    for (const BatchRecord* r : records) {
        if (r->result != Verdict::Unknown) ++counts[r->decided_by];
    }
    s.decided_by.assign(counts.begin(), counts.end());
    std::stable_sort(s.decided_by.begin(), s.decided_by.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
}

void count_confirmations(const std::vector<const BatchRecord*>& records, VariantSummary& s) {
    for (const BatchRecord* r : records) {
        s.lost_confirmed += r->confirmation == Confirmation::Confirmed;
        s.lost_unconfirmed += r->confirmation == Confirmation::Unconfirmed;
        s.refuted += r->confirmation == Confirmation::Refuted;
    }
}

void summarise_unknown_up(const std::vector<const BatchRecord*>& records, VariantSummary& s) {
    std::vector<int> up;
    for (const BatchRecord* r : records) {
        if (r->result != Verdict::Unknown || r->most_up < 0) continue;
        up.push_back(r->most_up);
        // Records come in seed order, so the first of equals is the lowest seed.
        if (up.size() == 1 || r->most_up > s.up_most) {
            s.up_most = r->most_up;
            s.up_most_seed = r->seed;
        }
    }
    s.up_told = up.size();
    if (up.empty()) return;
    s.up_mean = std::accumulate(up.begin(), up.end(), 0.0) / static_cast<double>(up.size());
    s.up_median = percentile(up, 0.5);
}

}  // namespace

std::vector<VariantSummary> Statistics::summaries() const {
    std::map<std::tuple<VariantId, int, bool>, std::vector<const BatchRecord*>> groups;
    for (const auto& [id, record] : records_) {
        groups[{id.variant, id.ranks, id.pysol}].push_back(&record);
    }

    std::vector<VariantSummary> out;
    for (const auto& [key, records] : groups) {
        VariantSummary s;
        s.variant = std::get<0>(key);
        s.ranks = std::get<1>(key);
        s.pysol = std::get<2>(key);
        std::vector<std::uint64_t> nodes;
        std::vector<double> ms;
        for (const BatchRecord* r : records) {
            ++s.deals;
            s.won += r->result == Verdict::Won;
            s.lost += r->result == Verdict::Lost;
            s.unknown += r->result == Verdict::Unknown;
            nodes.push_back(r->nodes);
            ms.push_back(r->ms);
            s.mean_nodes += static_cast<double>(r->nodes);
            s.mean_ms += r->ms;
        }
        const double n = static_cast<double>(s.deals);
        s.win_rate = static_cast<double>(s.won) / n;
        s.ci95 = wilson_interval(s.won, s.deals);
        s.bounds = {s.win_rate, static_cast<double>(s.won + s.unknown) / n};
        s.mean_nodes /= n;
        s.mean_ms /= n;
        s.median_nodes = percentile(nodes, 0.5);
        s.p90_nodes = percentile(nodes, 0.9);
        s.p99_nodes = percentile(nodes, 0.99);
        s.median_ms = percentile(ms, 0.5);
        s.p90_ms = percentile(ms, 0.9);
        s.p99_ms = percentile(ms, 0.99);
        summarise_conditions(records, s);
        count_deciders(records, s);
        count_confirmations(records, s);
        summarise_unknown_up(records, s);
        s.deal_cards = deal_cards(rules_of(s.variant), s.ranks);
        out.push_back(s);
    }
    return out;
}

}  // namespace patience
