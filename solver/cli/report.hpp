// Output formatting for batch summaries and statistics (text table, JSON, CSV, progress line) and
// for parts of `solve`'s report.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "solver/batch.hpp"
#include "solver/bench_suite.hpp"
#include "solver/comparison.hpp"
#include "solver/mistake.hpp"
#include "solver/search/dead_end.hpp"
#include "solver/statistics.hpp"

namespace patience::cli {

std::string summary_table(const std::vector<VariantSummary>& summaries);
nlohmann::ordered_json summary_json(const std::vector<VariantSummary>& summaries);
std::string summary_csv(const std::vector<VariantSummary>& summaries);
// `patience compare`: per row, the deals each run decided, those gained and dropped with McNemar's
// p-value, the effort on the deals both decided, conflicts and budget violations, and the seeds
// that differ (up to a line's worth of each kind in the text; all of them in the JSON).
std::string comparison_table(const std::vector<ComparisonRow>& rows);
nlohmann::ordered_json comparison_json(const std::vector<ComparisonRow>& rows);
// `patience bench`: a line per variant, then wall time, the node signature and nodes per second.
std::string bench_table(const BenchResult& bench);
nlohmann::ordered_json bench_json(const BenchResult& bench);
// One line (no newline): deals done of total, rate, ETA, and per variant the running win rate's
// bounds (won / deals to (won + unknown) / deals); cut to `width` characters (0: no cut).
std::string progress_line(const BatchProgress& progress, std::size_t width = 0);
// `solve --histogram`: for the complete search and the probes, nodes by cards left in the stock
// (rows, in steps of 8) and cards on the foundations (columns, in steps of 16), as a text table
// with the share of that search's nodes in each cell, or as JSON [stock, up, nodes] triples.
std::string histogram_table(const NodeHistogram& histogram);
nlohmann::ordered_json histogram_json(const NodeHistogram& histogram);
// `solve`, for a lost position that is itself a dead end (`stuck`: dead_end_cards(position), not
// empty): why it is lost, as one line (no newline) naming the stuck cards where their suits'
// trouble starts and where they lie, or as JSON {"stuck": n, "first": [{"card", "where",
// "under", "face_down"}...]}.
std::string dead_end_line(const Position& position, const std::vector<StuckCard>& stuck);
nlohmann::ordered_json dead_end_json(const Position& position,
                                     const std::vector<StuckCard>& stuck);
// `solve`, for a lost position that the waste-drain test proves lost (waste_drain.hpp) and that is
// no dead end: why, as one line (no newline) naming the waste card `index` (0: the bottom one) that
// the waste cannot drain down to, or as JSON {"card", "from_bottom", "above"}.
std::string waste_drain_line(const Position& position, int index);
nlohmann::ordered_json waste_drain_json(const Position& position, int index);
// `solve --find-mistake`: where `moves` lost the game, as one line (no newline) or as JSON
// {"last_won": k or null, "first_lost": k, "move": its token or null, "solved": n, "nodes": n}.
std::string mistake_line(const MistakeReport& report, const std::vector<Move>& moves);
nlohmann::ordered_json mistake_json(const MistakeReport& report, const std::vector<Move>& moves);

}  // namespace patience::cli
