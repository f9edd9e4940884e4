#include "solver/cli/report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace patience::cli {

namespace {

std::string format(const char* pattern, auto... values) {
    char buffer[256];
    std::snprintf(buffer, sizeof buffer, pattern, values...);
    return buffer;
}

double rounded(double value) { return std::round(value * 1e6) / 1e6; }

unsigned long long as_ull(std::uint64_t value) {
    return static_cast<unsigned long long>(value);
}

// A share as a percentage: two decimals, or as many more as it takes (up to six) not to show a
// share strictly between 0 and 1 as 0.00% or 100.00%. The 95% interval of 107,060 deals all won
// reaches down to 99.996%: printed as 100.00%, it would read as a certainty.
std::string percent(double share) {
    for (int decimals = 2;; ++decimals) {
        std::string text = format("%.*f%%", decimals, 100 * share);
        const double shown = std::strtod(text.c_str(), nullptr);
        const bool faithful = (share <= 0 || shown > 0) && (share >= 1 || shown < 100);
        if (faithful || decimals == 6) return text;
    }
}

}  // namespace

namespace {

std::string limit_text(std::uint64_t node_limit) {
    return node_limit == 0 ? std::string("none") : std::to_string(node_limit);
}

// "  node limit 1000000", or the range, the lines without limits and the stale unknowns when a
// row mixes limits: a line each, indented.
std::string limits_text(const VariantSummary& s) {
    if (s.unrecorded == s.deals) return "  limits not recorded\n";
    std::string text;
    if (s.min_node_limit == s.max_node_limit) {
        text = "  node limit " + limit_text(s.max_node_limit) + "\n";
    } else {
        text = "  node limits " + limit_text(s.min_node_limit) + " to " +
               limit_text(s.max_node_limit) + "\n";
    }
    if (s.unrecorded > 0) text += format("  %llu lines without limits\n", as_ull(s.unrecorded));
    if (s.stale_unknown > 0) {
        text += format("  %llu unknown under a smaller node limit (batch --retry-unknown)\n",
                       as_ull(s.stale_unknown));
    }
    return text;
}

// A decider's name as the summaries show it: "not recorded" for lines from before it was.
std::string decider_name(const std::string& name) {
    return name.empty() ? std::string("not recorded") : name;
}

// `head` and then `items` (each with its leading space), wrapped before 80 columns onto lines
// indented by three spaces, with the last newline.
std::string wrapped(std::string line, const std::vector<std::string>& items) {
    std::string text;
    for (const std::string& item : items) {
        if (line.size() + item.size() > 80) {
            text += line + "\n";
            line = "   ";
        }
        line += item;
    }
    return text + line + "\n";
}

// "  decided by: beam probe 92, narrow probe 64, ...", wrapped before 80 columns; nothing when
// no deal is decided.
std::string deciders_text(const VariantSummary& s) {
    if (s.decided_by.empty()) return "";
    std::vector<std::string> items;
    for (std::size_t i = 0; i < s.decided_by.size(); ++i) {
        const auto& [name, count] = s.decided_by[i];
        items.push_back(" " + decider_name(name) + " " + std::to_string(count) +
                        (i + 1 < s.decided_by.size() ? "," : ""));
    }
    return wrapped("  decided by:", items);
}

// "  unknown: most cards up 103.4 of 208 (49.71%), median 106, most 159 (seed 42)", wrapped
// before 80 columns, with "of the N that tell it" where older lines do not; nothing when none
// tells it.
std::string unknown_up_text(const VariantSummary& s) {
    if (s.up_told == 0) return "";
    std::vector<std::string> items{
        format(" %.1f of %d (%s),", s.up_mean, s.deal_cards,
               percent(s.up_mean / s.deal_cards).c_str()),
        format(" median %d,", s.up_median),
        format(" most %d (%s %llu)", s.up_most, s.pysol ? "game" : "seed",
               as_ull(s.up_most_seed))};
    if (s.up_told < s.unknown) {
        items.back() += ",";
        items.push_back(format(" of the %llu that tell it", as_ull(s.up_told)));
    }
    return wrapped("  unknown: most cards up", items);
}

// "  confirmed: 23 of 24 lost (1 unconfirmed), 0 refuted" (proven again with the independent
// keys: batch --confirm-lost): nothing when no line tells a confirmation.
std::string confirmations_text(const VariantSummary& s) {
    if (s.lost_confirmed + s.lost_unconfirmed + s.refuted == 0) return "";
    return format("  confirmed: %llu of %llu lost (%llu unconfirmed), %llu refuted\n",
                  as_ull(s.lost_confirmed), as_ull(s.lost), as_ull(s.lost_unconfirmed),
                  as_ull(s.refuted));
}

}  // namespace

namespace {

// "  LABEL:" and the seeds, the first `most` of them and how many more, in lines of at most 80
// columns (the later ones indented by four).
std::string seed_lines(const std::string& label, const std::vector<std::uint64_t>& seeds,
                       std::size_t most = 40) {
    std::string text = "  " + label + ":";
    std::size_t line_start = 0;
    auto add = [&](const std::string& word) {
        if (text.size() - line_start + 1 + word.size() > 80) {
            text += "\n   ";
            line_start = text.size() - 3;
        }
        text += " " + word;
    };
    for (std::size_t i = 0; i < seeds.size() && i < most; ++i) add(std::to_string(seeds[i]));
    if (seeds.size() > most) add(format("and %llu more", as_ull(seeds.size() - most)));
    return text + "\n";
}

// "1 deal", "2 deals".
std::string deals(std::uint64_t n) {
    return format("%llu deal%s", as_ull(n), n == 1 ? "" : "s");
}

std::string row_name(VariantId variant, bool pysol) {
    return std::string(rules_of(variant).name) + (pysol ? " (pysol)" : "");
}

}  // namespace

std::string comparison_table(const std::vector<ComparisonRow>& rows) {
    std::string text = format("%-22s %5s %6s %6s %6s %6s %7s %9s\n", "variant", "ranks", "paired",
                              "dec<", "dec>", "gained", "dropped", "p");
    for (const ComparisonRow& r : rows) {
        text += format("%-22s %5d %6llu %6llu %6llu %6llu %7llu %9.3g\n",
                       row_name(r.variant, r.pysol).c_str(), r.ranks, as_ull(r.paired),
                       as_ull(r.decided_before), as_ull(r.decided_after), as_ull(r.gained),
                       as_ull(r.dropped), r.p_value);
        text += format("  won %llu -> %llu; %s identical (verdict and nodes)\n",
                       as_ull(r.won_before), as_ull(r.won_after), deals(r.identical).c_str());
        if (r.both_decided > 0) {
            text += format("  decided alike by both: %s; nodes x%.3f (geometric mean), "
                           "time x%.3f\n",
                           deals(r.both_decided).c_str(), r.nodes_ratio, r.ms_ratio);
        }
        if (!r.gained_seeds.empty()) text += seed_lines("gained", r.gained_seeds);
        if (!r.dropped_seeds.empty()) text += seed_lines("dropped", r.dropped_seeds);
        if (r.conflicts > 0) {
            text += seed_lines("CONFLICT, won in one run and lost in the other", r.conflict_seeds);
        }
        if (r.budget_pair && r.budget_violations == 0) {
            text += "  one search, no smaller budget after: every deal decided before repeated\n";
        } else if (r.budget_pair) {
            text += seed_lines("BUDGET VIOLATION, one search, no smaller budget after, deals "
                               "decided before and not repeated",
                               r.violation_seeds);
        }
        if (r.only_before > 0 || r.only_after > 0) {
            text += "  not compared: " + deals(r.only_before) + " only before, " +
                    deals(r.only_after) + " only after\n";
        }
    }
    return text;
}

nlohmann::ordered_json comparison_json(const std::vector<ComparisonRow>& rows) {
    auto list = nlohmann::ordered_json::array();
    for (const ComparisonRow& r : rows) {
        list.push_back({{"variant", rules_of(r.variant).name},
                        {"ranks", r.ranks},
                        {"numbering", r.pysol ? "pysol" : "seed"},
                        {"paired", r.paired},
                        {"only_before", r.only_before},
                        {"only_after", r.only_after},
                        {"decided", {r.decided_before, r.decided_after}},
                        {"won", {r.won_before, r.won_after}},
                        {"gained", r.gained},
                        {"dropped", r.dropped},
                        {"p_value", r.p_value},
                        {"conflicts", r.conflicts},
                        {"identical", r.identical},
                        {"both_decided", r.both_decided},
                        {"nodes_ratio", rounded(r.nodes_ratio)},
                        {"ms_ratio", rounded(r.ms_ratio)},
                        {"budget_pair", r.budget_pair},
                        {"budget_violations", r.budget_violations},
                        {"gained_seeds", r.gained_seeds},
                        {"dropped_seeds", r.dropped_seeds},
                        {"conflict_seeds", r.conflict_seeds},
                        {"violation_seeds", r.violation_seeds}});
    }
    return {{"rows", list}};
}

// Per variant: its counts on one row under a header, then indented lines: the win rate as bounds
// with the 95% interval, the searches that decided the deals, how far the searches got on the
// unknown ones, the nodes and the milliseconds per deal, and the limits. Every line fits 80
// columns.
std::string summary_table(const std::vector<VariantSummary>& summaries) {
    std::string text = format("%-22s %5s %8s %8s %8s %8s\n", "variant", "ranks", "deals", "won",
                              "lost", "unknown");
    for (const auto& s : summaries) {
        text += format("%-22s %5d %8llu %8llu %8llu %8llu\n", row_name(s.variant, s.pysol).c_str(),
                       s.ranks, as_ull(s.deals), as_ull(s.won), as_ull(s.lost), as_ull(s.unknown));
        text += "  " + percent(s.bounds.lo) + " <= win rate <= " + percent(s.bounds.hi) +
                "; 95% CI of won/deals [" + percent(s.ci95.lo) + ", " + percent(s.ci95.hi) +
                "]\n";
        text += deciders_text(s);
        text += unknown_up_text(s);
        text += confirmations_text(s);
        text += format("  nodes median %llu, p90 %llu, p99 %llu\n", as_ull(s.median_nodes),
                       as_ull(s.p90_nodes), as_ull(s.p99_nodes));
        text += format("  ms median %.1f, p90 %.1f, p99 %.1f\n", s.median_ms, s.p90_ms, s.p99_ms);
        text += limits_text(s);
    }
    return text;
}

nlohmann::ordered_json summary_json(const std::vector<VariantSummary>& summaries) {
    auto list = nlohmann::ordered_json::array();
    for (const auto& s : summaries) {
        list.push_back({{"variant", rules_of(s.variant).name},
                        {"ranks", s.ranks},
                        {"numbering", s.pysol ? "pysol" : "seed"},
                        {"deals", s.deals},
                        {"won", s.won},
                        {"lost", s.lost},
                        {"unknown", s.unknown},
                        {"win_rate", rounded(s.win_rate)},
                        {"ci95", {rounded(s.ci95.lo), rounded(s.ci95.hi)}},
                        {"bounds", {rounded(s.bounds.lo), rounded(s.bounds.hi)}},
                        {"mean_nodes", rounded(s.mean_nodes)},
                        {"median_nodes", s.median_nodes},
                        {"p90_nodes", s.p90_nodes},
                        {"p99_nodes", s.p99_nodes},
                        {"mean_ms", rounded(s.mean_ms)},
                        {"median_ms", rounded(s.median_ms)},
                        {"p90_ms", rounded(s.p90_ms)},
                        {"p99_ms", rounded(s.p99_ms)},
                        {"node_limits", {s.min_node_limit, s.max_node_limit}},
                        {"unrecorded_lines", s.unrecorded},
                        {"stale_unknown", s.stale_unknown},
                        {"versions", s.versions}});
        auto deciders = nlohmann::ordered_json::object();
        for (const auto& [name, count] : s.decided_by) deciders[decider_name(name)] = count;
        list.back()["decided_by"] = deciders;
        list.back()["confirmations"] = {{"lost_confirmed", s.lost_confirmed},
                                        {"lost_unconfirmed", s.lost_unconfirmed},
                                        {"refuted", s.refuted}};
        if (s.up_told > 0) {
            list.back()["unknown_most_up"] = {{"told", s.up_told},
                                              {"mean", rounded(s.up_mean)},
                                              {"median", s.up_median},
                                              {"most", s.up_most},
                                              {"most_seed", s.up_most_seed},
                                              {"deal_cards", s.deal_cards}};
        } else {
            list.back()["unknown_most_up"] = nullptr;
        }
    }
    return {{"variants", list}};
}

std::string summary_csv(const std::vector<VariantSummary>& summaries) {
    std::string text =
        "variant,ranks,numbering,deals,won,lost,unknown,win_rate,ci95_lo,ci95_hi,bounds_lo,"
        "bounds_hi,mean_nodes,median_nodes,p90_nodes,p99_nodes,mean_ms,median_ms,p90_ms,p99_ms,"
        "min_node_limit,max_node_limit,stale_unknown,decided_by,unknown_up_told,"
        "unknown_up_mean,unknown_up_median,unknown_up_most,unknown_up_most_seed,deal_cards,"
        "lost_confirmed,lost_unconfirmed,refuted\n";
    for (const auto& s : summaries) {
        // "beam probe=92;narrow probe=64": one field, with no comma to quote.
        std::string deciders;
        for (const auto& [name, count] : s.decided_by) {
            deciders += (deciders.empty() ? "" : ";") + decider_name(name) + "=" +
                        std::to_string(count);
        }
        text += format(
            "%s,%d,%s,%llu,%llu,%llu,%llu,%.6f,%.6f,%.6f,%.6f,%.6f,%.1f,%llu,%llu,%llu,"
            "%.3f,%.3f,%.3f,%.3f,%llu,%llu,%llu,",
            std::string(rules_of(s.variant).name).c_str(), s.ranks, s.pysol ? "pysol" : "seed",
            as_ull(s.deals), as_ull(s.won), as_ull(s.lost), as_ull(s.unknown), s.win_rate,
            s.ci95.lo, s.ci95.hi, s.bounds.lo, s.bounds.hi, s.mean_nodes, as_ull(s.median_nodes),
            as_ull(s.p90_nodes), as_ull(s.p99_nodes), s.mean_ms, s.median_ms, s.p90_ms, s.p99_ms,
            as_ull(s.min_node_limit), as_ull(s.max_node_limit), as_ull(s.stale_unknown));
        text += deciders;  // after format(), whose buffer it could outgrow
        // How far the unknown deals got; the four fields empty where no line tells it.
        text += format(",%llu,", as_ull(s.up_told));
        if (s.up_told > 0) {
            text += format("%.3f,%d,%d,%llu", s.up_mean, s.up_median, s.up_most,
                           as_ull(s.up_most_seed));
        } else {
            text += ",,,";
        }
        text += format(",%d,%llu,%llu,%llu\n", s.deal_cards, as_ull(s.lost_confirmed),
                       as_ull(s.lost_unconfirmed), as_ull(s.refuted));
    }
    return text;
}

namespace {
double nodes_per_second(std::uint64_t nodes, double seconds) {
    return seconds > 0 ? static_cast<double>(nodes) / seconds : 0;
}
}  // namespace

std::string bench_table(const BenchResult& bench) {
    std::string text = format("%-15s %6s %10s %9s %12s %5s %5s %8s\n", "variant", "deals", "nodes",
                              "seconds", "nodes/s", "won", "lost", "unknown");
    for (const auto& v : bench.variants) {
        text += format("%-15s %6llu %10llu %9.3f %12.0f %5llu %5llu %8llu\n",
                       std::string(rules_of(v.variant).name).c_str(),
                       static_cast<unsigned long long>(v.deals),
                       static_cast<unsigned long long>(v.nodes), v.seconds,
                       nodes_per_second(v.nodes, v.seconds),
                       static_cast<unsigned long long>(v.won),
                       static_cast<unsigned long long>(v.lost),
                       static_cast<unsigned long long>(v.unknown));
    }
    text += format("seconds %.3f\nnodes %llu\nnodes/second %.0f\n", bench.seconds,
                   static_cast<unsigned long long>(bench.nodes),
                   nodes_per_second(bench.nodes, bench.seconds));
    return text;
}

nlohmann::ordered_json bench_json(const BenchResult& bench) {
    auto list = nlohmann::ordered_json::array();
    for (const auto& v : bench.variants) {
        list.push_back({{"variant", rules_of(v.variant).name},
                        {"deals", v.deals},
                        {"nodes", v.nodes},
                        {"seconds", v.seconds},
                        {"won", v.won},
                        {"lost", v.lost},
                        {"unknown", v.unknown}});
    }
    return {{"nodes", bench.nodes},
            {"seconds", bench.seconds},
            {"nodes_per_second", std::round(nodes_per_second(bench.nodes, bench.seconds))},
            {"variants", list}};
}

namespace {

// "42s", "5m06s", "2h03m".
std::string duration_text(double seconds) {
    const auto s = static_cast<unsigned long long>(std::max(0.0, seconds) + 0.5);
    if (s < 60) return format("%llus", s);
    if (s < 3600) return format("%llum%02llus", s / 60, s % 60);
    return format("%lluh%02llum", s / 3600, s / 60 % 60);
}

}  // namespace

std::string progress_line(const BatchProgress& p, std::size_t width) {
    const double rate = p.seconds > 0 ? static_cast<double>(p.done) / p.seconds : 0;
    const double eta = rate > 0 ? static_cast<double>(p.total - p.done) / rate : 0;
    std::string line = format("%llu/%llu", as_ull(p.done), as_ull(p.total));
    if (p.skipped > 0) line += format(" (+%llu in file)", as_ull(p.skipped));
    if (p.retried > 0) line += format(" (%llu solved again)", as_ull(p.retried));
    line += format(", %.1f/s, ETA %s", rate, duration_text(eta).c_str());
    for (const auto& [variant, t] : p.tally) {
        // The running win rate as bounds: unknown deals may be either.
        const double deals = static_cast<double>(t.deals);
        line += format(" | %s %.1f-%.1f%%", std::string(rules_of(variant).name).c_str(),
                       100.0 * static_cast<double>(t.won) / deals,
                       100.0 * static_cast<double>(t.won + t.unknown) / deals);
    }
    if (width > 0 && line.size() > width) line.resize(width);
    return line;
}

namespace {

// `flows`: the different card flows by stock left (empty for the probes, which do not count them).
std::string one_histogram(const char* title, const std::vector<std::uint64_t>& cells,
                          const std::vector<std::uint64_t>& flows) {
    constexpr int kStockStep = 8, kUpStep = 16;
    constexpr int kRows = (NodeHistogram::kStockSlots + kStockStep - 1) / kStockStep;
    constexpr int kColumns = (NodeHistogram::kUpSlots + kUpStep - 1) / kUpStep;
    std::uint64_t grid[kRows][kColumns] = {};
    std::uint64_t flows_by_row[kRows] = {};
    std::uint64_t total = 0, total_flows = 0;
    int widest = 0;  // the highest column with nodes
    for (int stock = 0; stock < NodeHistogram::kStockSlots; ++stock) {
        for (int up = 0; up < NodeHistogram::kUpSlots; ++up) {
            const std::uint64_t n = cells[NodeHistogram::slot(stock, up)];
            if (n == 0) continue;
            grid[stock / kStockStep][up / kUpStep] += n;
            total += n;
            widest = std::max(widest, up / kUpStep);
        }
        if (static_cast<std::size_t>(stock) < flows.size()) {
            flows_by_row[stock / kStockStep] += flows[static_cast<std::size_t>(stock)];
            total_flows += flows[static_cast<std::size_t>(stock)];
        }
    }
    std::string text = format("%s: %llu nodes", title, static_cast<unsigned long long>(total));
    if (!flows.empty()) {
        text += format(" over %llu card flows (different stocks, wastes and foundations)",
                       static_cast<unsigned long long>(total_flows));
    }
    text += "; % of them by stock left (rows) and cards up (columns)";
    if (!flows.empty()) text += ", and the card flows by stock left";
    text += format("\n%-9s", "stock");
    if (total == 0) return text + "\n";
    for (int c = 0; c <= widest; ++c) text += format(" %7s", format("%d+", c * kUpStep).c_str());
    if (!flows.empty()) text += format(" %10s", "flows");
    text += "\n";
    for (int r = kRows - 1; r >= 0; --r) {
        std::uint64_t row = 0;
        for (int c = 0; c <= widest; ++c) row += grid[r][c];
        if (row == 0) continue;
        text += format("%3d-%-5d", r * kStockStep, r * kStockStep + kStockStep - 1);
        for (int c = 0; c <= widest; ++c) {
            text += grid[r][c] == 0 ? format(" %7s", ".")
                                    : format(" %6.2f%%", 100.0 * grid[r][c] / total);
        }
        if (!flows.empty()) {
            text += format(" %10llu", static_cast<unsigned long long>(flows_by_row[r]));
        }
        text += "\n";
    }
    return text;
}

nlohmann::ordered_json one_histogram_json(const std::vector<std::uint64_t>& cells) {
    auto triples = nlohmann::ordered_json::array();
    for (int stock = 0; stock < NodeHistogram::kStockSlots; ++stock) {
        for (int up = 0; up < NodeHistogram::kUpSlots; ++up) {
            const std::uint64_t n = cells[NodeHistogram::slot(stock, up)];
            if (n != 0) triples.push_back({stock, up, n});
        }
    }
    return triples;
}

}  // namespace

std::string histogram_table(const NodeHistogram& histogram) {
    return one_histogram("complete search", histogram.complete, histogram.complete_flows) +
           one_histogram("probes", histogram.probes, {});
}

nlohmann::ordered_json histogram_json(const NodeHistogram& histogram) {
    auto flows = nlohmann::ordered_json::array();  // [stock left, card flows] where not zero
    for (std::size_t stock = 0; stock < histogram.complete_flows.size(); ++stock) {
        const std::uint64_t n = histogram.complete_flows[stock];
        if (n != 0) flows.push_back({stock, n});
    }
    return {{"complete", one_histogram_json(histogram.complete)},
            {"probes", one_histogram_json(histogram.probes)},
            {"complete_card_flows", flows}};
}

namespace {

bool is_face_down(const Position& position, const StuckCard& c) {
    if (c.column < 0) return false;
    const auto& column = position.tableau[static_cast<std::size_t>(c.column)];
    const int from_bottom = static_cast<int>(column.size()) - 1 - c.under;
    return from_bottom < position.face_down[static_cast<std::size_t>(c.column)];
}

std::string cards(int n) { return std::to_string(n) + (n == 1 ? " card" : " cards"); }

bool deals_to_columns(const Position& position) {
    return rules_of(position.variant).stock == StockRule::DealToColumns;
}

// Where no deal can ever be made again (dead_end.hpp, "Stranded stock"): the number of cards in
// the columns, else -1.
int stranded_column_cards(const Position& position) {
    if (!deals_to_columns(position) || !dead_end_stock_stranded(position)) return -1;
    std::size_t cards = 0;
    for (const auto& column : position.tableau) cards += column.size();
    return static_cast<int>(cards);
}

std::string place_text(const Position& position, const StuckCard& c) {
    if (c.column == StuckCard::kInStock) {
        const std::string how = deals_to_columns(position) ? "dealt" : "drawn";
        return c.under == 0 ? "the stock, " + how + " next"
                            : "the stock, " + how + " after " + cards(c.under);
    }
    if (c.column == StuckCard::kInWaste) {
        return c.under == 0 ? "the waste's top" : "the waste, under " + cards(c.under);
    }
    std::string text = "column " + std::to_string(c.column + 1);
    if (is_face_down(position, c)) text += ", face down";
    return text + (c.under == 0 ? ", on top" : ", under " + cards(c.under));
}

std::string where_json(const StuckCard& c) {
    if (c.column == StuckCard::kInStock) return "stock";
    if (c.column == StuckCard::kInWaste) return "waste";
    return "column " + std::to_string(c.column + 1);
}

std::string after_move(std::size_t k) {
    return k == 0 ? "from the start" : "after move " + std::to_string(k);
}

}  // namespace

std::string dead_end_line(const Position& position, const std::vector<StuckCard>& stuck) {
    std::string line = "a dead end: ";
    int first = 0;
    for (const StuckCard& c : stuck) {
        if (!c.first) continue;
        if (first > 0) line += ", ";
        line += to_string(c.card) + " (" + place_text(position, c) + ")";
        ++first;
    }
    line += " can never reach the foundations";
    // each of the others has a stuck copy of the card its pile needs before it, and so on down
    const auto others = static_cast<int>(stuck.size()) - first;
    if (others > 0) line += ", nor can " + cards(others) + " above them in their suits";
    if (const int left = stranded_column_cards(position); left >= 0) {
        line += " (no deal can ever be made: it needs a card in each of the " +
                std::to_string(position.columns()) + " columns, and they hold " + cards(left) +
                ")";
    }
    return line;
}

nlohmann::ordered_json dead_end_json(const Position& position,
                                     const std::vector<StuckCard>& stuck) {
    auto first = nlohmann::ordered_json::array();
    for (const StuckCard& c : stuck) {
        if (!c.first) continue;
        first.push_back({{"card", to_string(c.card)},
                         {"where", where_json(c)},
                         {"under", c.under},
                         {"face_down", is_face_down(position, c)}});
    }
    nlohmann::ordered_json json = {{"stuck", stuck.size()}, {"first", first}};
    if (const int left = stranded_column_cards(position); left >= 0) {
        json["stranded_stock"] = {{"column_cards", left}, {"columns", position.columns()}};
    }
    return json;
}

std::string waste_drain_line(const Position& position, int index) {
    const auto above = static_cast<int>(position.waste.size()) - 1 - index;
    return "the waste cannot drain: before " + to_string(position.waste[index]) + " (waste card " +
           std::to_string(index + 1) + " from the bottom, under " + cards(above) +
           ") can leave the waste, the cards that cannot be home by then need more room than the "
           "columns have, however many stock cards are drawn by then (no fewer than the cards above it "
           "needed)";
}

nlohmann::ordered_json waste_drain_json(const Position& position, int index) {
    return {{"card", to_string(position.waste[index])},
            {"from_bottom", index + 1},
            {"above", static_cast<int>(position.waste.size()) - 1 - index}};
}

std::string mistake_line(const MistakeReport& report, const std::vector<Move>& moves) {
    const std::string solved = " (" + std::to_string(report.solved) + " positions solved, " +
                               std::to_string(report.nodes) + " nodes)";
    const std::size_t lost = report.first_lost;
    if (lost == 0) return "none: the game could not be won from the start" + solved;
    if (const std::size_t k = report.losing_move(); k > 0) {
        return "move " + std::to_string(k) + " (" + to_string(moves[k - 1]) +
               ") lost the game: it could be won " + after_move(k - 1) + ", and cannot " +
               after_move(k) + solved;
    }
    if (!report.last_won) {
        return "not found: no position along the moves was proven winnable, and the game cannot "
               "be won " + after_move(lost) + solved;
    }
    const std::size_t won = *report.last_won;
    return "between moves " + std::to_string(won + 1) + " and " + std::to_string(lost) +
           ": the game could be won " + after_move(won) + ", and cannot " + after_move(lost) +
           "; the positions between are undecided at this limit" + solved;
}

nlohmann::ordered_json mistake_json(const MistakeReport& report, const std::vector<Move>& moves) {
    nlohmann::ordered_json out;
    out["last_won"] = report.last_won ? nlohmann::ordered_json(*report.last_won) : nullptr;
    out["first_lost"] = report.first_lost;
    const std::size_t k = report.losing_move();
    out["move"] = k > 0 ? nlohmann::ordered_json(to_string(moves[k - 1])) : nullptr;
    out["solved"] = report.solved;
    out["nodes"] = report.nodes;
    return out;
}

}  // namespace patience::cli
