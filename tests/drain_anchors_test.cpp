// Drain anchors (solver/search/drain_anchors.hpp): the waste-drain test made again down the
// search decides a mid-game the start's test leaves open, and every position the anchors call lost
// along random lines of play is not won for the unpruned reference search.
#include <gtest/gtest.h>

#include <iostream>
#include <memory>
#include <random>
#include <string>
#include <utility>

#include "core/deal.hpp"
#include "core/position_io.hpp"
#include "core/rules.hpp"
#include "solver/fast_solver.hpp"
#include "solver/reference_solver.hpp"
#include "solver/search/drain_anchors.hpp"
#include "solver/search/techniques.hpp"
#include "solver/search/waste_drain.hpp"
#include "solver/solve.hpp"
#include "solver/variant_traits.hpp"
#include "tests/anchor_lines.hpp"
#include "tests/test_support.hpp"

namespace patience {
namespace {

Position test_position(const std::string& name) {
    return testing::source_position("tests/positions/" + name);
}

// Emperor seed 590's line (bench/frontier-lines) after 22 moves: 48 stock cards, 12 in the waste.
// The start's test, carried down, cuts nothing there: the cards that end its lines are drawn after
// it. Made again where three more cards stay in the waste, the test proves the position lost
// (in 1,176 nodes with the anchors' credit; by their rate alone in 969,838, and in 36,046 before
// the waste-drain test's kept cards' bounds, which change what the anchors' budgets buy along the
// way); without the anchors the same budget leaves it open.
TEST(DrainAnchors, AMidGameLostOnlyByTheCardsDrawnSinceItsStart) {
    const Position p = test_position("emperor_590_move_22.json");
    EXPECT_FALSE(waste_drain_lost(p));
    SearchLimits limits;
    limits.node_limit = 1500000;
    const SolveResult r = FastSolver(16u << 20).solve(p, limits);
    EXPECT_EQ(r.verdict, Verdict::Lost);
    // With the anchors' credit (drain_anchors.hpp's kCredit) the first anchors near the start are
    // tested in full: lost in 1,176 nodes, where the rate alone took 969,838.
    EXPECT_LT(r.nodes, 20000u);
    const SolveResult without =
        FastSolver(16u << 20, parse_disabled_techniques("drain-anchors")).solve(p, limits);
    EXPECT_EQ(without.verdict, Verdict::Unknown);
}

// Emperor seed 563's line after 52 moves: 24 stock cards, 33 in the waste. Its proof takes many
// anchors near the start, each tested in full: the credit pays for the first ones, and each
// proof gives back what it cost, so that the credit is still there for the next (lost in 8,777
// nodes; with the credit and no refunds, or with neither, the same budget leaves it open).
TEST(DrainAnchors, AProofNearTheStartGivesBackWhatItCost) {
    const Position p = test_position("emperor_563_move_52.json");
    EXPECT_FALSE(waste_drain_lost(p));
    SearchLimits limits;
    limits.node_limit = 300000;
    const SolveResult r = FastSolver(16u << 20).solve(p, limits);
    EXPECT_EQ(r.verdict, Verdict::Lost);
    EXPECT_LT(r.nodes, 20000u);
}

// What proof effort buys. The start's test: a position of Malmaison seed 1's complete search
// (probes off, `solve --sample-positions`: 82 stock cards, 30 in the waste) is open with a
// total of a million choices (the cap is met) and lost with four times that budget
// (WasteDrainBudget::scaled: one pass, four times the total); the default budget proves it too,
// in 2.4 million.
TEST(DrainAnchors, ProofEffortBuysTheTestsMoreChoices) {
    const Position p = test_position("malmaison_1_stock_82.json");
    const WasteDrainBudget million{.total = 1000000};
    EXPECT_FALSE(waste_drain_lost(p, million));
    EXPECT_TRUE(waste_drain_lost(p, million.scaled(4)));
    EXPECT_TRUE(waste_drain_lost(p));
}

// From a deal (drain_anchors.hpp): Malmaison seed 7's deal, whose start has no waste, is the
// outermost anchor once the complete search starts over after kWakeAfter nodes, and is lost 9
// nodes later; with `--disable deal-anchors` no anchors are made below it and the complete search
// is open at 3,000 nodes more. Before the anchors wake it is open too.
TEST(DrainAnchors, FromADealTheSearchStartsOverWithTheStartAsOutermostAnchor) {
    using Anchors = DrainAnchors<VariantTraits<VariantId::Malmaison>>;
    const Position deal = deal_position(VariantId::Malmaison, 7);
    SearchLimits limits;
    limits.node_limit = Anchors::kWakeAfter + 3000;
    const SolveResult r =
        FastSolver(16u << 20, parse_disabled_techniques("probes")).solve(deal, limits);
    EXPECT_EQ(r.verdict, Verdict::Lost);
    EXPECT_GT(r.nodes, Anchors::kWakeAfter);
    EXPECT_LE(r.nodes, Anchors::kWakeAfter + 9);
    const SolveResult without =
        FastSolver(16u << 20, parse_disabled_techniques("probes,deal-anchors")).solve(deal, limits);
    EXPECT_EQ(without.verdict, Verdict::Unknown);
    limits.node_limit = Anchors::kWakeAfter;
    const SolveResult before =
        FastSolver(16u << 20, parse_disabled_techniques("probes")).solve(deal, limits);
    EXPECT_EQ(before.verdict, Verdict::Unknown);
}

// After the start-over the complete search wins too, and its line, from the start again (the
// first run's moves taken back), replays: Malmaison seed 4 with nine ranks, the complete search
// alone, is won soon after the anchors wake (their proofs cut the lines its first run drowned
// in) and is open at 40,000 nodes without them. solve_with() replays the win.
TEST(DrainAnchors, AfterTheStartOverTheCompleteSearchWinsAndItsLineReplays) {
    using Anchors = DrainAnchors<VariantTraits<VariantId::Malmaison>>;
    const Position deal = deal_position(VariantId::Malmaison, 4, 9);
    SearchLimits limits;
    limits.node_limit = 40000;
    FastSolver complete_only(16u << 20, parse_disabled_techniques("probes"));
    const SolveResult r = solve_with(complete_only, deal, limits);
    ASSERT_EQ(r.verdict, Verdict::Won);
    EXPECT_GT(r.nodes, Anchors::kWakeAfter);
    EXPECT_TRUE(replay(deal, r.solution).won);
    FastSolver without(16u << 20, parse_disabled_techniques("probes,deal-anchors"));
    EXPECT_EQ(without.solve(deal, limits).verdict, Verdict::Unknown);
}

// Below a start with no waste the anchors wait: nothing is tested or made until the search wakes
// them; below a game in progress they are active at once.
TEST(DrainAnchors, BelowADealTheyWaitUntilWoken) {
    using T = VariantTraits<VariantId::Malmaison>;
    const PackedState<T> deal(deal_position(VariantId::Malmaison, 7));
    DrainAnchors<T> anchors;
    anchors.start(std::make_unique<WasteDrainTest<T>>(), deal);
    EXPECT_TRUE(anchors.waiting());
    EXPECT_FALSE(anchors.active());
    anchors.wake();
    EXPECT_FALSE(anchors.waiting());
    EXPECT_TRUE(anchors.active());
    const PackedState<T> in_progress(test_position("malmaison_1_stock_82.json"));
    anchors.start(std::make_unique<WasteDrainTest<T>>(), in_progress);
    EXPECT_FALSE(anchors.waiting());
    EXPECT_TRUE(anchors.active());
}

// Below a start with no waste (a deal's) the anchors have their credit and no rate: what they may
// evaluate does not grow with the search's nodes ("From a deal" in drain_anchors.hpp); below a
// game in progress it does, by kRate a node.
TEST(DrainAnchors, BelowADealTheCreditAloneAndNoRate) {
    auto allowances = [](const Position& p, std::uint64_t nodes) {
        return dispatch_variant(p.variant, [&](auto traits) {
            using T = decltype(traits);
            const PackedState<T> state(p);
            DrainAnchors<T> anchors;
            anchors.start(std::make_unique<WasteDrainTest<T>>(), state, 2);
            return std::pair{anchors.allowance(0), anchors.allowance(nodes)};
        });
    };
    using Anchors = DrainAnchors<VariantTraits<VariantId::Malmaison>>;
    const auto deal = allowances(deal_position(VariantId::Malmaison, 7), 1000000);
    EXPECT_EQ(deal.first, 2 * Anchors::kCredit);
    EXPECT_EQ(deal.second, deal.first);
    const auto in_progress = allowances(test_position("malmaison_1_stock_82.json"), 1000000);
    EXPECT_EQ(in_progress.first, 2 * Anchors::kCredit);
    EXPECT_EQ(in_progress.second, in_progress.first + 1000000 * Anchors::kRate);
}

// The rule itself, on reduced decks: from random positions (test_support.hpp's random_position;
// the start's own test leaves them open), random lines of legal moves that draw often, with an
// anchor made wherever the rule makes one (no rate: every one is made) and the anchors' verdict
// asked at every position on the way, as the search asks it. Every position the anchors call lost
// must not be won for the reference search. Most such positions are won (reduced decks are
// forgiving), so a rule that cut a winning line would show. With `empty_start`, the start's waste
// is put back on its stock first, so that the start is the outermost anchor with no cards of its
// own, as a deal's search makes it (drain_anchors.hpp's "From a deal"). `per_rank` positions are
// drawn for each variant and number of ranks.
struct AnchorLines {
    int anchored = 0;  // anchors made along the lines
    int called = 0;    // positions the anchors called lost
    int checked = 0;   // of those, decided by the reference search
};

AnchorLines check_anchor_lines(bool empty_start, int per_rank, std::uint32_t seed) {
    std::mt19937 rng(seed);
    SearchLimits limits;
    limits.node_limit = 100000;
    AnchorLines lines;
    for (const auto& rules : all_variants()) {
        if (rules.id == VariantId::DoubleDot) continue;
        for (int ranks : {5, 6, 7}) {
            for (int n = 0; n < per_rank; ++n) {
                Position p = testing::random_position(rules.id, ranks, rng);
                if (empty_start) {  // the waste drawn back: its top card first
                    p.stock.insert(p.stock.end(), p.waste.rbegin(), p.waste.rend());
                    p.waste.clear();
                } else if (p.waste.empty()) {
                    continue;
                }
                if (p.stock.size() < 4) continue;
                dispatch_variant(p.variant, [&](auto traits) {
                    lines.anchored += testing::walk_anchor_line<decltype(traits)>(
                        p, rng,
                        [&](const Position& lost) {
                            ++lines.called;
                            const Verdict truth = reference_solve(lost, limits).verdict;
                            if (truth != Verdict::Unknown) ++lines.checked;
                            EXPECT_NE(truth, Verdict::Won) << rules.name << "\n"
                                                           << position_to_json(lost);
                        },
                        [](const Position&, auto&, auto&, int, std::size_t) { return true; });
                });
            }
        }
    }
    std::cout << lines.anchored << " anchors made; " << lines.called << " positions called lost, "
              << lines.checked << " of them decided by the reference search\n";
    return lines;
}

TEST(DrainAnchors, EveryPositionTheAnchorsCallLostIsNotWonForTheReference_ReducedDecks) {
    const AnchorLines lines = check_anchor_lines(false, 100, 59);
    EXPECT_GE(lines.anchored, 50);
    EXPECT_GE(lines.checked, 8);
}

// The same from starts with no waste (a deal's search): the outermost anchor has no cards of its
// own, and every proof comes from anchors made down the lines.
TEST(DrainAnchors, FromAStartWithNoWasteEveryPositionCalledLostIsNotWon_ReducedDecks) {
    const AnchorLines lines = check_anchor_lines(true, 600, 61);
    EXPECT_GE(lines.anchored, 50);
    EXPECT_GE(lines.checked, 8);
}

}  // namespace
}  // namespace patience
