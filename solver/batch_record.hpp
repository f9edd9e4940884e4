// One line of a batch file: the outcome of one deal, as the JSON object SPEC §6 describes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/variant.hpp"
#include "solver/verdict.hpp"

namespace patience {

// What a record was solved under: the limits, the techniques switched off, and the solver. Lines
// written before these were recorded parse with `recorded` false.
struct RunConditions {
    std::uint64_t node_limit = 0;  // 0: none
    double time_limit = 0;         // seconds, 0: none
    double memory_mib = 0;         // the deal's transposition table
    std::string disabled;          // techniques switched off, comma-separated; "" for none
    int proof_effort = 1;          // SolveOptions::proof_effort
    std::string version;           // solver_version()
    std::string commit;            // solver_commit(); "" when unknown
    bool recorded = false;

    // The conditions that decide the search (the solver aside): equal ones solve a deal the same
    // way, so a deal left `unknown` under them stays `unknown` (time limits aside).
    bool same_search(const RunConditions& o) const {
        return recorded == o.recorded && node_limit == o.node_limit && time_limit == o.time_limit &&
               memory_mib == o.memory_mib && disabled == o.disabled &&
               proof_effort == o.proof_effort;
    }
};

struct BatchRecord {
    VariantId variant = VariantId::Diplomat;
    std::uint64_t seed = 0;
    int ranks = kMaxRanks;
    Verdict result = Verdict::Unknown;
    std::uint64_t nodes = 0;
    double ms = 0;
    std::uint64_t moves = 0;  // solution length when won, else 0
    LimitHit limit = LimitHit::None;
    bool pysol = false;  // `seed` is a PySolFC game number ("numbering": "pysol")
    RunConditions conditions;
    // The search that reached the verdict (SolveResult::decided_by); "" for `unknown`, and for
    // lines written before it was recorded.
    std::string decided_by;
    // The most cards on the foundations in any position the search reached
    // (SolveResult::most_up); -1 for lines written before it was recorded.
    int most_up = -1;
    // Whether a `lost` was proven again with the independent position keys (batch
    // --confirm-lost; NotAsked otherwise), and that search's nodes. Refuted: the line is the win
    // the second search found.
    Confirmation confirmation = Confirmation::NotAsked;
    std::uint64_t confirmation_nodes = 0;

    // Deals are identified by (variant, seed, ranks) and the numbering of the seed: a batch file
    // holds each at most once.
    struct Id {
        VariantId variant;
        std::uint64_t seed;
        int ranks;
        bool pysol = false;
        friend auto operator<=>(const Id&, const Id&) = default;
    };
    Id id() const { return {variant, seed, ranks, pysol}; }
};

// {"variant":..,"seed":..,"ranks":..,"result":..,"nodes":..,"ms":..,"moves":..[,"limit":..]
//  [,"decided_by":..][,"most_up":..][,"confirmation":..,"confirmation_nodes":..]
//  [,"numbering":"pysol"],"node_limit":..,"time_limit":..,
//  "memory_mib":..[,"disabled":..][,"proof_effort":..],"version":..[,"commit":..]} without a
//  trailing newline ("proof_effort" only where it is not 1).
// "moves" is null unless the deal was won; "limit" (which limit stopped the search) only for
// `unknown`.
std::string to_json_line(const BatchRecord& record);

// Parses one line; on failure returns nullopt and says why in `error`.
std::optional<BatchRecord> parse_batch_line(std::string_view line, std::string& error);

}  // namespace patience
