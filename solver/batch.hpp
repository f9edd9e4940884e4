// Batch runs: many seeded deals solved in parallel, one JSON line each, in a file that survives
// being killed at any moment and resumes where it stopped.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
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
    bool pysol = false;    // seeds are PySolFC game numbers (full deck only)
    int threads = 1;
    SearchLimits limits;   // per deal; memory_bytes is shared by the workers' tables
    Techniques techniques;  // all on unless switched off for ablation
    std::string out_path;  // empty: standard output, no resuming
};

struct BatchProgress {
    struct Tally {
        std::uint64_t deals = 0;
        std::uint64_t won = 0;
    };
    std::uint64_t done = 0;     // deals solved in this run
    std::uint64_t total = 0;    // deals this run has to solve
    std::uint64_t skipped = 0;  // deals already in the output file
    double seconds = 0;
    std::map<VariantId, Tally> tally;  // every deal of the batch's range finished so far
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
