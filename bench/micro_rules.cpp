// Micro-benchmarks of the reference rules engine and the seeded deal: the baseline the packed
// engine is measured against.
#include <benchmark/benchmark.h>

#include "core/deal.hpp"
#include "core/rules.hpp"

namespace {

using namespace patience;

void BM_Deal(benchmark::State& state) {
    const auto variant = static_cast<VariantId>(state.range(0));
    std::uint64_t seed = 1;
    for (auto _ : state) benchmark::DoNotOptimize(deal_position(variant, seed++));
    state.SetLabel(std::string(rules_of(variant).name));
}
BENCHMARK(BM_Deal)->DenseRange(0, kVariantCount - 1);

void BM_ReferenceLegalMoves(benchmark::State& state) {
    const auto variant = static_cast<VariantId>(state.range(0));
    const Position position = deal_position(variant, 1);
    for (auto _ : state) benchmark::DoNotOptimize(legal_moves(position));
    state.SetLabel(std::string(rules_of(variant).name));
}
BENCHMARK(BM_ReferenceLegalMoves)->DenseRange(0, kVariantCount - 1);

void BM_ReferenceCanonicalKey(benchmark::State& state) {
    const auto variant = static_cast<VariantId>(state.range(0));
    const Position position = deal_position(variant, 1);
    for (auto _ : state) benchmark::DoNotOptimize(canonical_key(position));
    state.SetLabel(std::string(rules_of(variant).name));
}
BENCHMARK(BM_ReferenceCanonicalKey)->DenseRange(0, kVariantCount - 1);

}  // namespace

