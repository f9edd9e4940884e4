// The fixed benchmark: a built-in set of deals per variant, solved at fixed limits. Its total node
// count is the signature of the search: it changes only when the search changes.
#pragma once

#include <cstdint>
#include <vector>

#include "core/variant.hpp"
#include "solver/verdict.hpp"

namespace patience {

// A seeded deal, or (when `position` is set) a built-in position file.
struct BenchDeal {
    VariantId variant;
    std::uint64_t seed = 0;
    int ranks = kMaxRanks;
    const char* position = nullptr;
};

// Fixed (changing it changes the signature): per variant, full deals (won or unknown at the
// bench limit) and reduced deals (won); and positions that are lost, because seeded deals that
// the solver proves lost are rare: none among 3,300 reduced deals of 7 and 8 ranks.
const std::vector<BenchDeal>& bench_deals();

inline constexpr std::uint64_t kBenchNodeLimit = 200000;
inline constexpr std::uint64_t kBenchTableBytes = std::uint64_t{64} << 20;

struct BenchVariantResult {
    VariantId variant;
    std::uint64_t deals = 0, nodes = 0, won = 0, lost = 0, unknown = 0;
    double seconds = 0;  // summed over deals (CPU time of the searches)
};

struct BenchResult {
    std::vector<BenchVariantResult> variants;
    std::uint64_t nodes = 0;
    double seconds = 0;  // wall time
};

// Solves the bench deals (of one variant, or all when `only` is empty) on `threads` threads.
BenchResult run_bench(const std::vector<VariantId>& only, int threads);

}  // namespace patience
