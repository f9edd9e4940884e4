#include "solver/statistics.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <tuple>

#include "core/input_error.hpp"

namespace patience {

Interval wilson_interval(std::uint64_t successes, std::uint64_t trials, double z) {
    if (trials == 0) return {0, 1};
    const double n = static_cast<double>(trials);
    const double p = static_cast<double>(successes) / n;
    const double z2 = z * z;
    const double denominator = 1 + z2 / n;
    const double center = (p + z2 / (2 * n)) / denominator;
    const double half = z * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator;
    return {std::max(0.0, center - half), std::min(1.0, center + half)};
}

void Statistics::add(const BatchRecord& record) {
    auto [it, inserted] = records_.try_emplace(record.id(), record);
    if (inserted) return;
    ++duplicates_;
    BatchRecord& kept = it->second;
    if (kept.result == Verdict::Unknown && record.result != Verdict::Unknown) {
        kept = record;
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
        s.p99_nodes = percentile(nodes, 0.99);
        s.p99_ms = percentile(ms, 0.99);
        out.push_back(s);
    }
    return out;
}

}  // namespace patience
