// Micro-benchmarks of the fast engine's hot path, per variant: move generation, make/undo (which
// includes the incremental key update), the key itself, table probe and store, and one small
// end-to-end solve.
#include <benchmark/benchmark.h>

#include <random>

#include "core/deal.hpp"
#include "core/rules.hpp"
#include "solver/fast_solver.hpp"
#include "solver/packed_state.hpp"
#include "solver/transposition_table.hpp"

namespace {

using namespace patience;

// A mid-game position: a deal after some random legal moves, so that the columns have built
// runs and the waste holds cards.
Position mid_game(VariantId variant) {
    Position p = deal_position(variant, 7);
    std::mt19937 rng(7);
    for (int i = 0; i < 40; ++i) {
        const auto moves = legal_moves(p);
        if (moves.empty()) break;
        apply_move(p, moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
    }
    return p;
}

template <class F>
void per_variant(benchmark::State& state, F&& body) {
    const auto variant = static_cast<VariantId>(state.range(0));
    state.SetLabel(std::string(rules_of(variant).name));
    dispatch_variant(variant, [&](auto traits) {
        body(traits, mid_game(variant));
        return 0;
    });
}

void BM_Generate(benchmark::State& state) {
    per_variant(state, [&](auto traits, const Position& p) {
        PackedState<decltype(traits)> s(p);
        std::vector<Move> moves;
        for (auto _ : state) {
            moves.clear();
            s.template generate<true>(moves);
            benchmark::DoNotOptimize(moves.data());
        }
    });
}
BENCHMARK(BM_Generate)->DenseRange(0, kVariantCount - 1);

void BM_MakeUndo(benchmark::State& state) {
    per_variant(state, [&](auto traits, const Position& p) {
        PackedState<decltype(traits)> s(p);
        std::vector<Move> moves;
        s.template generate<true>(moves);
        std::size_t i = 0;
        for (auto _ : state) {
            const Undo u = s.make(moves[i]);
            benchmark::DoNotOptimize(s.key());
            s.undo(u);
            if (++i == moves.size()) i = 0;
        }
    });
}
BENCHMARK(BM_MakeUndo)->DenseRange(0, kVariantCount - 1);

void BM_KeyFromScratch(benchmark::State& state) {
    per_variant(state, [&](auto traits, const Position& p) {
        PackedState<decltype(traits)> s(p);
        for (auto _ : state) benchmark::DoNotOptimize(s.key_from_scratch());
    });
}
BENCHMARK(BM_KeyFromScratch)->DenseRange(0, kVariantCount - 1);

void BM_TableProbeStore(benchmark::State& state) {
    TranspositionTable table(std::uint64_t{64} << 20);
    table.new_search();
    SplitMix64 keys(1);
    for (auto _ : state) {
        const std::uint64_t key = keys.next();
        benchmark::DoNotOptimize(table.contains(key));
        table.store(key, 100);
    }
}
BENCHMARK(BM_TableProbeStore);

void BM_SolveReducedDeal(benchmark::State& state) {
    const auto variant = static_cast<VariantId>(state.range(0));
    state.SetLabel(std::string(rules_of(variant).name));
    const Position p = deal_position(variant, 1, 7);
    FastSolver solver(std::uint64_t{16} << 20);
    std::uint64_t nodes = 0;
    for (auto _ : state) nodes += solver.solve(p, {}).nodes;
    state.counters["nodes/s"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_SolveReducedDeal)->DenseRange(0, kVariantCount - 1);

}  // namespace
