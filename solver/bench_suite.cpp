#include "solver/bench_suite.hpp"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>

#include "core/deal.hpp"
#include "core/position_io.hpp"
#include "solver/arena_size.hpp"
#include "solver/fast_solver.hpp"
#include "solver/solve.hpp"

namespace patience {

namespace {

// Every ace lies under its own two, no column is free, the stock is empty: lost at once.
constexpr const char* kDeadDiplomat = R"({"variant": "diplomat", "ranks": 2, "tableau": [
    ["AC", "2C"], ["AC", "2C"], ["AD", "2D"], ["AD", "2D"],
    ["AH", "2H"], ["AH", "2H"], ["AS", "2S"], ["AS", "2S"]]})";

// Two draws let 2C and 3C up, but the only king that could open a space lies at the bottom of
// column 2: lost after a short search.
constexpr const char* kLockedLadyPalk = R"({"variant": "lady-palk", "ranks": 4,
    "tableau": [["4S", "2S", "3S"], ["4C", "4S", "2S", "3S"], [], [], [], [], [], []],
    "stock": ["3C", "2C"],
    "foundations": [["AC"], ["AC", "2C", "3C", "4C"], ["AD", "2D", "3D", "4D"],
                    ["AD", "2D", "3D", "4D"], ["AH", "2H", "3H", "4H"],
                    ["AH", "2H", "3H", "4H"], ["AS"], ["AS"]]})";

}  // namespace

const std::vector<BenchDeal>& bench_deals() {
    static const std::vector<BenchDeal> deals = [] {
        std::vector<BenchDeal> list;
        for (const auto& rules : all_variants()) {
            for (std::uint64_t seed : {1, 2, 3, 4}) list.push_back({rules.id, seed, kMaxRanks});
            const int reduced = rules.foundation_step == 2 ? 7 : 8;
            for (std::uint64_t seed : {1, 2}) list.push_back({rules.id, seed, reduced});
        }
        list.push_back({VariantId::Diplomat, 0, 2, kDeadDiplomat});
        list.push_back({VariantId::LadyPalk, 0, 4, kLockedLadyPalk});
        return list;
    }();
    return deals;
}

BenchResult run_bench(const std::vector<VariantId>& only, int threads) {
    std::vector<BenchDeal> deals;
    for (const BenchDeal& d : bench_deals()) {
        if (only.empty() || std::find(only.begin(), only.end(), d.variant) != only.end()) {
            deals.push_back(d);
        }
    }
    std::vector<SolveResult> results(deals.size());
    SearchLimits limits;
    limits.node_limit = kBenchNodeLimit;
    tbb::enumerable_thread_specific<std::unique_ptr<FastSolver>> solvers;
    std::atomic<std::size_t> solved{0};
    const auto started = std::chrono::steady_clock::now();
    tbb::task_arena arena(arena_size(threads));
    arena.execute([&] {
        tbb::parallel_for(std::size_t{0}, deals.size(), [&](std::size_t i) {
            auto& solver = solvers.local();
            if (!solver) solver = std::make_unique<FastSolver>(kBenchTableBytes);
            const BenchDeal& d = deals[i];
            const Position start = d.position ? parse_position(d.position, "built-in bench position")
                                              : deal_position(d.variant, d.seed, d.ranks);
            results[i] = solve_with(*solver, start, limits);
            solved.fetch_add(1, std::memory_order_release);
        });
    });
    // Orders every worker's results before the reads below in a way ThreadSanitizer can see (it
    // cannot see libtbb's own join, which orders them already).
    (void)solved.load(std::memory_order_acquire);
    BenchResult bench;
    bench.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    for (std::size_t i = 0; i < deals.size(); ++i) {
        auto it = std::find_if(bench.variants.begin(), bench.variants.end(),
                               [&](const auto& v) { return v.variant == deals[i].variant; });
        if (it == bench.variants.end()) {
            bench.variants.push_back({deals[i].variant});
            it = bench.variants.end() - 1;
        }
        const SolveResult& r = results[i];
        ++it->deals;
        it->nodes += r.nodes;
        it->seconds += r.seconds;
        it->won += r.verdict == Verdict::Won;
        it->lost += r.verdict == Verdict::Lost;
        it->unknown += r.verdict == Verdict::Unknown;
        bench.nodes += r.nodes;
    }
    return bench;
}

}  // namespace patience
