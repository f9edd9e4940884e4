// Win-rate statistics over batch records: de-duplicated per deal, summarised per (variant, ranks)
// with a Wilson score interval.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "solver/batch_record.hpp"

namespace patience {

struct Interval {
    double lo = 0;
    double hi = 0;
};

// The Wilson score interval for `successes` out of `trials` at the normal quantile z (1.96 for
// 95%). Trials = 0 gives [0, 1]; no success has the low end 0 exactly, all successes the high
// end 1.
Interval wilson_interval(std::uint64_t successes, std::uint64_t trials,
                         double z = 1.959963984540054);

struct VariantSummary {
    VariantId variant = VariantId::Diplomat;
    int ranks = kMaxRanks;
    bool pysol = false;  // a row of PySolFC-numbered deals
    std::uint64_t deals = 0, won = 0, lost = 0, unknown = 0;
    double win_rate = 0;  // won / deals: unknowns counted as not won
    Interval ci95;        // Wilson, over all deals, unknowns counted as not won
    Interval bounds;      // [won / deals, (won + unknown) / deals]
    double mean_nodes = 0, mean_ms = 0;
    std::uint64_t median_nodes = 0, p90_nodes = 0, p99_nodes = 0;
    double median_ms = 0, p90_ms = 0, p99_ms = 0;
    // The conditions the deals were solved under (batch_record.hpp). A decided deal stays
    // decided under larger limits, so a row may mix limits as long as no `unknown` deal was
    // solved under a smaller node limit than the largest: `stale_unknown` counts those.
    std::uint64_t unrecorded = 0;  // lines from before conditions were recorded
    std::uint64_t min_node_limit = 0, max_node_limit = 0;  // over recorded lines; 0 means none
    std::uint64_t stale_unknown = 0;
    std::vector<std::string> versions;  // distinct "0.1.0 (commit ...)" strings, sorted
    // The decided deals by the search that decided them (BatchRecord::decided_by), most first,
    // ties by name; "" for lines from before the search was recorded.
    std::vector<std::pair<std::string, std::uint64_t>> decided_by;
    // How far the searches got on the unknown deals whose lines tell it (BatchRecord::most_up):
    // how many tell it, the mean and the median (nearest rank) of their most cards up, and the
    // deal that got furthest (the lowest seed among equals) with its count; the deal's cards
    // (deal_cards) for the shares. Nothing of it when no unknown line tells it (up_told 0).
    std::uint64_t up_told = 0;
    double up_mean = 0;
    int up_median = 0, up_most = 0;
    std::uint64_t up_most_seed = 0;
    int deal_cards = 0;
    // The losses proven again with the independent keys (batch --confirm-lost;
    // BatchRecord::confirmation): confirmed, and not (the second search hit a limit); and the
    // wins that refuted a first proof of loss.
    std::uint64_t lost_confirmed = 0, lost_unconfirmed = 0, refuted = 0;
};

class Statistics {
  public:
    // Adds a record. A deal seen before is not counted twice: a later record replaces an
    // `unknown` one (a decided one, or one solved again under larger limits), otherwise the
    // first stays. Two decided records that disagree are counted in
    // conflicts() (the first stays).
    void add(const BatchRecord& record);

    // Reads a batch file line by line; a line that does not parse is passed to `malformed`
    // (line number from 1, and why) and skipped. Throws InputError when the file cannot be read.
    void add_file(const std::string& path,
                  const std::function<void(std::size_t line, const std::string& why)>& malformed);

    std::vector<VariantSummary> summaries() const;
    std::uint64_t duplicates() const { return duplicates_; }
    std::uint64_t conflicts() const { return conflicts_; }
    std::uint64_t size() const { return records_.size(); }
    bool contains(const BatchRecord::Id& id) const { return records_.count(id) > 0; }
    const BatchRecord& record(const BatchRecord::Id& id) const { return records_.at(id); }
    std::vector<BatchRecord::Id> ids() const;

  private:
    std::map<BatchRecord::Id, BatchRecord> records_;
    std::uint64_t duplicates_ = 0;
    std::uint64_t conflicts_ = 0;
};

}  // namespace patience
