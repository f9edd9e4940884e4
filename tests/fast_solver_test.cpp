#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <random>
#include <vector>

#include "core/deal.hpp"
#include "core/position_io.hpp"
#include "core/rules.hpp"
#include "solver/fast_solver.hpp"
#include "solver/packed_state.hpp"
#include "solver/reference_solver.hpp"
#include "solver/solve.hpp"
#include "tests/differential.hpp"
#include "tests/test_support.hpp"

namespace patience {
namespace {

using testing::make_position;
using testing::random_position;

std::vector<std::string> sorted_tokens(const std::vector<Move>& moves) {
    std::vector<std::string> tokens;
    for (const Move& m : moves) tokens.push_back(to_string(m));
    std::sort(tokens.begin(), tokens.end());
    return tokens;
}

template <class T>
std::uint64_t key_of(const Position& p) {
    return PackedState<T>(p).key();
}

// Plays random games on both engines side by side: at every step the packed engine lists the
// same legal moves as the reference rules, reaches the same position, keeps its incremental key
// equal to the key from scratch, and undoes back to exactly where it was.
template <class T>
void play_side_by_side(Position reference, std::mt19937& rng, int steps) {
    PackedState<T> packed(reference);
    for (int step = 0; step < steps; ++step) {
        const auto expected = legal_moves(reference);
        std::vector<Move> listed;
        packed.template generate<false>(listed);
        ASSERT_EQ(sorted_tokens(listed), sorted_tokens(expected))
            << rules_of(T::kId).name << " step " << step << "\n" << position_to_json(reference);
        if (expected.empty()) return;
        const Move move = expected[std::uniform_int_distribution<std::size_t>(0, expected.size() - 1)(rng)];

        const std::uint64_t key_before = packed.key();
        const Position before = packed.to_position();
        const Undo undo = packed.make(move);
        apply_move(reference, move);
        ASSERT_EQ(canonical_key(packed.to_position()), canonical_key(reference))
            << rules_of(T::kId).name << " after " << to_string(move);
        ASSERT_EQ(packed.key(), packed.key_from_scratch()) << "after " << to_string(move);

        packed.undo(undo);
        ASSERT_EQ(packed.to_position(), before) << "undo of " << to_string(move);
        ASSERT_EQ(packed.key(), key_before) << "undo of " << to_string(move);
        packed.make(move);
    }
}

TEST(FastEngine, AgreesWithReferenceRulesMoveForMove) {
    std::mt19937 rng(11);
    for (const auto& rules : all_variants()) {
        for (int ranks : {3, 5, 13}) {
            for (std::uint64_t seed = 1; seed <= 12; ++seed) {
                const Position start = deal_position(rules.id, seed, ranks);
                dispatch_variant(rules.id, [&](auto traits) {
                    play_side_by_side<decltype(traits)>(start, rng, 150);
                });
                if (HasFatalFailure()) return;
            }
        }
    }
}

TEST(FastEngine, AgreesWithReferenceRulesFromRandomPositions) {
    std::mt19937 rng(12);
    for (const auto& rules : all_variants()) {
        for (int i = 0; i < 40; ++i) {
            const Position start = random_position(rules.id, i % 2 ? 5 : 7, rng);
            dispatch_variant(rules.id, [&](auto traits) {
                play_side_by_side<decltype(traits)>(start, rng, 60);
            });
            if (HasFatalFailure()) return;
        }
    }
}

TEST(FastEngine, KeyIgnoresColumnOrderAndFoundationOrder) {
    std::mt19937 rng(13);
    for (const auto& rules : all_variants()) {
        for (int i = 0; i < 20; ++i) {
            Position p = random_position(rules.id, 7, rng);
            if (rules.stock == StockRule::DealToColumns) p.stock.clear();  // order matters then
            ASSERT_EQ(validation_problem(p), "");
            Position shuffled = p;
            std::vector<int> order(p.tableau.size());
            for (std::size_t c = 0; c < order.size(); ++c) order[c] = static_cast<int>(c);
            std::shuffle(order.begin(), order.end(), rng);
            for (std::size_t c = 0; c < order.size(); ++c) {
                shuffled.tableau[c] = p.tableau[order[c]];
                shuffled.face_down[c] = p.face_down[order[c]];
            }
            std::shuffle(shuffled.foundations.begin(), shuffled.foundations.end(), rng);
            dispatch_variant(rules.id, [&](auto traits) {
                using T = decltype(traits);
                EXPECT_EQ(key_of<T>(p), key_of<T>(shuffled)) << rules.name;
            });
        }
    }
}

// --confirm-lost's key set is another set of keys: no position keeps its key, and positions that
// fold together under one set fold together under the other.
TEST(FastEngine, SecondKeySetGivesOtherKeysAndTheSameFolding) {
    std::mt19937 rng(29);
    for (const auto& rules : all_variants()) {
        for (int i = 0; i < 20; ++i) {
            Position p = random_position(rules.id, 7, rng);
            if (rules.stock == StockRule::DealToColumns) p.stock.clear();
            Position swapped = p;
            std::swap(swapped.tableau[0], swapped.tableau[1]);
            std::swap(swapped.face_down[0], swapped.face_down[1]);
            dispatch_variant(rules.id, [&](auto traits) {
                using T = decltype(traits);
                EXPECT_NE(PackedState<T>(p, 0).key(), PackedState<T>(p, 1).key());
                EXPECT_EQ(PackedState<T>(p, 1).key(), PackedState<T>(swapped, 1).key());
                EXPECT_EQ(PackedState<T>(p, 1).key(), PackedState<T>(p, 1).key_from_scratch());
            });
        }
    }
}

// The solver searches with the key set it is told to use: the restarting probes draw their move
// order noise from the keys, so the node counts move, while the verdicts stay.
TEST(FastSolver, KeySetOneSearchesWithOtherKeys) {
    FastSolver first(16u << 20);
    FastSolver second(16u << 20);
    second.use_key_set(1);
    SearchLimits limits;
    limits.node_limit = 200000;
    int differ = 0;
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        const Position p = deal_position(VariantId::Emperor, seed);
        const SolveResult a = first.solve(p, limits);
        const SolveResult b = second.solve(p, limits);
        differ += a.nodes != b.nodes;
        if (a.verdict != Verdict::Unknown && b.verdict != Verdict::Unknown) {
            EXPECT_EQ(a.verdict, b.verdict) << "seed " << seed;
        }
    }
    EXPECT_GE(differ, 1);
}

TEST(FastEngine, KeyFoldsIdenticalCardsInEitherPlace) {
    // Two copies of 7H trade places with two copies of 9C: the same position, the same key.
    const Position a = make_position(VariantId::Diplomat, {"T1: 7H 9C", "T2: 9C 7H"}, 13);
    const Position b = make_position(VariantId::Diplomat, {"T1: 7H 9C", "T2: 9C 7H"}, 13);
    Position swapped = a;
    std::swap(swapped.tableau[0][0], swapped.tableau[1][1]);  // the two 7H
    EXPECT_EQ(swapped, a);
    using T = VariantTraits<VariantId::Diplomat>;
    EXPECT_EQ(key_of<T>(swapped), key_of<T>(b));
    // Different positions, different keys.
    const Position c = make_position(VariantId::Diplomat, {"T1: 9C 7H", "T2: 9C 7H"}, 13);
    EXPECT_NE(key_of<T>(a), key_of<T>(c));
}

TEST(FastEngine, DoubleDotColumnOrderCountsWhileTheStockHasCards) {
    const Position p = deal_position(VariantId::DoubleDot, 5, 13);
    Position swapped = p;
    std::swap(swapped.tableau[0], swapped.tableau[1]);
    using T = VariantTraits<VariantId::DoubleDot>;
    EXPECT_NE(key_of<T>(p), key_of<T>(swapped));
    Position p_empty = p, swapped_empty = swapped;
    // Move the stock to the columns' tops (a deal) so that the stock is empty in both.
    for (Position* q : {&p_empty, &swapped_empty}) {
        while (!q->stock.empty()) apply_move(*q, Move::deal());
    }
    EXPECT_EQ(canonical_key(p_empty) == canonical_key(swapped_empty),
              key_of<T>(p_empty) == key_of<T>(swapped_empty));
}

TEST(FastSolver, WinsReplayAndLossesAreExhaustive) {
    FastSolver solver(8u << 20);
    const Position won = make_position(
        VariantId::Diplomat,
        {"T1: AS 2S", "F1: AC 2C", "F2: AC 2C", "F3: AD 2D", "F4: AD 2D", "F5: AH 2H",
         "F6: AH 2H", "F7: AS 2S"},
        2);
    const SolveResult r = solver.solve(won, {});
    ASSERT_EQ(r.verdict, Verdict::Won);
    EXPECT_TRUE(replay(won, r.solution).won);

    const Position dead = make_position(VariantId::Diplomat,
                                        {"T1: AC 2C", "T2: AC 2C", "T3: AD 2D", "T4: AD 2D",
                                         "T5: AH 2H", "T6: AH 2H", "T7: AS 2S", "T8: AS 2S"},
                                        2);
    EXPECT_EQ(solver.solve(dead, {}).verdict, Verdict::Lost);
}

TEST(FastSolver, NodeLimitGivesUnknown) {
    FastSolver solver(8u << 20);
    SearchLimits limits;
    limits.node_limit = 10;
    const SolveResult r = solver.solve(deal_position(VariantId::Diplomat, 1), limits);
    EXPECT_EQ(r.verdict, Verdict::Unknown);
    EXPECT_EQ(r.limit, LimitHit::Nodes);
    EXPECT_EQ(r.nodes, 10u);
}

// SearchLimits::progress is told the nodes so far, never more than the search ends with, and the
// most cards up so far, and changes nothing: the same verdict in the same nodes as without it
// (one thread). With two threads it is called from both, and still never past the end.
TEST(FastSolver, ProgressIsToldTheNodesAndChangesNothing) {
    const Position p = deal_position(VariantId::Emperor, 132);
    SearchLimits limits;
    limits.node_limit = 300000;
    const SolveResult plain = FastSolver(16u << 20).solve(p, limits);
    std::mutex mutex;
    std::vector<std::uint64_t> told;
    std::vector<int> told_up;
    limits.progress = [&](const SearchProgress& progress) {
        const std::lock_guard lock(mutex);
        told.push_back(progress.nodes);
        told_up.push_back(progress.most_up);
    };
    const SolveResult watched = FastSolver(16u << 20).solve(p, limits);
    EXPECT_EQ(watched.verdict, plain.verdict);
    EXPECT_EQ(watched.nodes, plain.nodes);
    ASSERT_GT(told.size(), 100u);  // a turn is at most a few thousand nodes
    EXPECT_TRUE(std::is_sorted(told.begin(), told.end()));
    EXPECT_GT(told.front(), 0u);
    EXPECT_EQ(told.back(), watched.nodes);
    // And the most cards up so far, which only grows, to the answer's.
    EXPECT_TRUE(std::is_sorted(told_up.begin(), told_up.end()));
    EXPECT_GT(told_up.back(), told_up.front());
    EXPECT_EQ(told_up.back(), watched.most_up);

    told.clear();
    const SolveResult parallel = FastSolver(16u << 20, {}, 2).solve(p, limits);
    ASSERT_GT(told.size(), 100u);
    EXPECT_LE(*std::max_element(told.begin(), told.end()), parallel.nodes);
}

// SearchLimits::cancel stops the search within a turn: `unknown`, cancelled.
TEST(FastSolver, CancelStopsTheSearch) {
    std::atomic<bool> stop{false};
    SearchLimits limits;
    limits.node_limit = 1000000;  // only if it were not stopped
    limits.cancel = &stop;
    limits.progress = [&](const SearchProgress& progress) {
        if (progress.nodes >= 50000) stop = true;
    };
    const SolveResult r =
        FastSolver(16u << 20).solve(deal_position(VariantId::Emperor, 132), limits);
    EXPECT_EQ(r.verdict, Verdict::Unknown);
    EXPECT_EQ(r.limit, LimitHit::Cancelled);
    EXPECT_GE(r.nodes, 50000u);
    EXPECT_LT(r.nodes, 60000u);
}

TEST(FastSolver, SameNodesWhetherTheTableIsFreshOrReused) {
    FastSolver reused(8u << 20);
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        const Position p = deal_position(VariantId::Emperor, seed, 6);
        FastSolver fresh(8u << 20);
        const SolveResult a = fresh.solve(p, {});
        const SolveResult b = reused.solve(p, {});
        EXPECT_EQ(a.verdict, b.verdict);
        EXPECT_EQ(a.nodes, b.nodes);
    }
}

// Compares the fast solver (pruned, lossy table) with the reference solver (unpruned, exact) on
// one position; returns the reference verdict, Unknown when the reference could not finish.
Verdict compare_solvers(const Position& p, FastSolver& fast, const std::string& label) {
    const auto c = testing::compare_with_reference(p, fast, 20000);
    EXPECT_TRUE(c.agree()) << label << ": reference " << to_string(c.reference) << ", fast "
                           << to_string(c.fast) << "\n"
                           << position_to_json(p);
    return c.reference;
}

// The fast solver's pruning (safe foundation moves, space folding) and lossy table must never
// change a verdict: hundreds of reduced deals per variant and random mid-game positions, compared
// with the exhaustive reference search. scripts/differential.sh runs the large version.
TEST(FastSolver, DifferentialSolve_AgreesWithReferenceOnReducedDeals) {
    FastSolver fast(16u << 20);
    for (const auto& rules : all_variants()) {
        int decided = 0;
        // Double Dot's state space explodes past 3 ranks (5 ranks: ~10^6 positions per deal), so
        // it gets 3 ranks here and 5 in scripts/differential.sh.
        const std::vector<int> ranks_list =
            rules.foundation_step == 2 ? std::vector<int>{3} : std::vector<int>{3, 4};
        for (int ranks : ranks_list) {
            for (std::uint64_t seed = 1; seed <= 150; ++seed) {
                const Position p = deal_position(rules.id, seed, ranks);
                decided += compare_solvers(p, fast,
                                           std::string(rules.name) + " seed " +
                                               std::to_string(seed) + " ranks " +
                                               std::to_string(ranks)) != Verdict::Unknown;
            }
        }
        EXPECT_GE(decided, 140) << rules.name;
    }
}

TEST(FastSolver, DifferentialSolve_AgreesWithReferenceOnRandomPositions) {
    FastSolver fast(16u << 20);
    std::mt19937 rng(99);
    for (const auto& rules : all_variants()) {
        int lost = 0, decided = 0;
        for (int i = 0; i < 150; ++i) {
            const Position p = random_position(rules.id, i % 3 == 0 ? 5 : 3, rng);
            const Verdict v = compare_solvers(p, fast, std::string(rules.name) + " random " +
                                                           std::to_string(i));
            decided += v != Verdict::Unknown;
            lost += v == Verdict::Lost;
        }
        EXPECT_GE(decided, 100) << rules.name;
        (void)lost;
    }
}

}  // namespace
}  // namespace patience
