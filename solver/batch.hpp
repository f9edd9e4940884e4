// Batch runs: many seeded deals solved in parallel, one JSON line each, in a file that survives
// being killed at any moment and resumes where it stopped.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "solver/search/techniques.hpp"
#include "solver/statistics.hpp"
#include "solver/verdict.hpp"

namespace patience {

struct BatchConfig {
    std::vector<VariantId> variants;
    std::uint64_t first_seed = 1;
    std::uint64_t last_seed = 1;
    int ranks = kMaxRanks;
    bool pysol = false;  // seeds are PySolFC game numbers (full deck only)
    int threads = 1;
    // Per deal; memory_bytes is shared by the workers' tables. When limits.cancel is set, the
    // deals being solved are abandoned (not written) and no new one starts: run_batch returns
    // with the lines written so far synced, and a later run solves the rest.
    SearchLimits limits;
    Techniques techniques;  // all on unless switched off for ablation
    int proof_effort = 1;   // FastSolver::prove_with_effort, for every deal
    // Re-prove every `lost` with the independent position keys (solve's --confirm-lost), and
    // record the outcome in its line.
    bool confirm_lost = false;
    std::string out_path;  // empty: standard output, no resuming
    // Re-solve the deals of the range whose line in the output file is `unknown` and was solved
    // under other conditions (a smaller limit, say); the new line supersedes the old one.
    bool retry_unknown = false;
    // Told, before any deal is solved, what the output file already holds that this run will not
    // solve again although its conditions differ (one line of text, no newline).
    std::function<void(const std::string&)> notice;
    // The least time between two progress reports, in seconds, counted from the start and from
    // the last report; a report comes only when a deal ends (and once more at the end).
    double progress_interval = 0.25;
};

struct BatchProgress {
    struct Tally {
        std::uint64_t deals = 0;
        std::uint64_t won = 0;
        std::uint64_t unknown = 0;
    };
    std::uint64_t done = 0;     // deals solved in this run
    std::uint64_t total = 0;    // deals this run has to solve
    std::uint64_t skipped = 0;  // deals already in the output file, not solved again
    std::uint64_t retried = 0;  // unknown deals of the file solved again (--retry-unknown)
    double seconds = 0;
    std::map<VariantId, Tally> tally;  // every deal of the batch's range finished so far
};

// The seeds of the k-th (from 1) of n contiguous slices of [first, last], in order: the slices
// cover the range exactly once and their sizes differ by at most one. Empty (nullopt) when there
// are more slices than seeds and this one gets none. Needs 1 <= k <= n.
std::optional<std::pair<std::uint64_t, std::uint64_t>> shard_seeds(std::uint64_t first,
                                                                   std::uint64_t last,
                                                                   std::uint64_t k,
                                                                   std::uint64_t n);

// The conditions every line of this batch records: its limits (the table each deal gets is the
// memory divided among the threads), the techniques switched off, and the solver's version.
RunConditions batch_conditions(const BatchConfig& config);

// The batch's output could not be written (a full disk, a file size limit): the run stops, the
// lines written before are kept and flushed, and the same command resumes once there is room.
class BatchOutputError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Runs the batch. With an output file:
//  - each finished deal is appended as one line by a single write() of the whole line, so a
//    process killed at any moment leaves only whole lines, plus at worst one torn last line if
//    the machine itself stopped mid-write;
//  - the file is flushed to disk (fdatasync) at most every half second and at the end, so a
//    power cut loses at most the last half second of lines: those deals are solved again;
//  - on start the file is read: a torn last line is cut off, the deals already in it are
//    skipped, and a line that is not a batch record stops the run (InputError) rather than
//    append to a file that is not what it seems.
// `progress` is called now and then (from one thread at a time) and once at the end.
// Returns the statistics of every deal of the range (earlier runs' lines included).
Statistics run_batch(const BatchConfig& config,
                     const std::function<void(const BatchProgress&)>& progress);

}  // namespace patience
