// The waste-drain test (solver/search/waste_drain.hpp): positions along a Malmaison line where it
// decides, and every position it calls lost checked against the unpruned reference search, on
// reduced decks and at full rank, and against the fast solver without the test (ablation).
#include <gtest/gtest.h>

#include <initializer_list>
#include <iostream>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "core/deal.hpp"
#include "core/position_io.hpp"
#include "core/rules.hpp"
#include "solver/fast_solver.hpp"
#include "solver/reference_solver.hpp"
#include "solver/search/dead_end.hpp"
#include "solver/search/techniques.hpp"
#include "solver/search/waste_drain.hpp"
#include "solver/variant_traits.hpp"
#include "tests/test_support.hpp"

namespace patience {
namespace {

Position frontier(const std::string& name) {
    return testing::source_position("bench/positions/frontier/" + name);
}

// Malmaison seed 23 with 30 stock cards and 67 in the waste (bench/frontier-lines' line, prefix
// 160): three of the four 2D lie deep in the waste and the fourth is home, so every diamond above
// the twos must be in the columns before the card over those twos (the 9H, card 53) can leave;
// they do not fit, and with the kept cards' bounds (waste_drain.hpp) nor do the cards held at the
// moment of the QH above it (card 54), nor at that of the 8D higher up (card 59), nor at that of
// the 9C on it (card 60), nor at that of the 5D higher still (card 63), which the test names since
// its first pass (16,000 choices a moment) decides that moment with the columns narrowed (without
// them the pass's cap cut it, counted as a fit, and the test named the 9C; with the columns in the
// order they lie, the 8D; at 4,000 a moment, the QH). The test calls it lost, and a
// solve with it is lost at its first node, where the search without it does not decide it (at a
// million nodes a position, its first lost position along the line was prefix 167).
TEST(WasteDrain, AMalmaisonMidGameWithItsDiamondsBuried) {
    const Position p = frontier("malmaison-23-s30-m160.json");
    EXPECT_TRUE(waste_drain_lost(p));
    SearchLimits limits;
    limits.node_limit = 1000;
    const SolveResult r = FastSolver(16u << 20).solve(p, limits);
    EXPECT_EQ(r.verdict, Verdict::Lost);
    EXPECT_LT(r.nodes, 200u);  // the first probes' turns, then the complete search's first node
    EXPECT_EQ(r.waste_drain_card, 63);  // the 5D, as the test alone finds it
    EXPECT_EQ(waste_drain_card(p), 63);
    // So with two threads (and room for the probes' nodes while the test runs).
    SearchLimits more;
    more.node_limit = 1000000;
    const SolveResult two = FastSolver(16u << 20, Techniques{}, 2).solve(p, more);
    EXPECT_EQ(two.verdict, Verdict::Lost);
    EXPECT_EQ(two.waste_drain_card, 63);
    const SolveResult without =
        FastSolver(16u << 20, parse_disabled_techniques("waste-drain")).solve(p, limits);
    EXPECT_NE(without.verdict, Verdict::Lost);
    EXPECT_EQ(without.waste_drain_card, -1);
}

// Malmaison seed 554's won line (the beam's, 426 moves) after 187 moves, where its waste is
// largest: 56 cards, 26 in the stock. The position is won, so some choice of columns holds what
// must be held at every moment, and the test must leave it open (it has to search for the
// choices: 103,670 of them); and a cap that stops every search for a choice before its first
// choice (a capped search counts as a fit) leaves a lost position open too.
TEST(WasteDrain, OpenWhereTheColumnsCanHoldTheWasteAndAtACap) {
    const Position won =
        testing::source_position("tests/positions/malmaison_554_won_waste_56.json");
    SearchLimits limits;
    limits.node_limit = 1000000;
    ASSERT_EQ(FastSolver(16u << 20).solve(won, limits).verdict, Verdict::Won);
    EXPECT_FALSE(waste_drain_lost(won));
    EXPECT_FALSE(waste_drain_lost(frontier("malmaison-23-s24-m167.json"), {.per_moment = 0}));
    EXPECT_FALSE(waste_drain_lost(frontier("malmaison-23-s24-m167.json"), {.total = 10}));
}

// Malmaison seed 1 with 20 stock cards and 60 in the waste (bench/frontier-lines' line, prefix
// 202). Counted as a kept card's count alone, the cards the columns must hold fit at every moment
// and the test leaves the position open after a full search for the choices; but a card kept in
// a column is not home either, nor can the piles of its suit pass it, and a suit's piles rise in
// order (waste_drain.hpp, "Kept cards"). With those bounds no choice fits at the moment of the
// 56th waste card (card 55, a 10C), and the test calls the position lost. (With the columns not
// narrowed, the first pass's cap cut that moment's searches, and the test named the moment of the
// 55th, card 54, a 5H; with the columns decided in the order they lie, that of the 30th, a KC.)
TEST(WasteDrain, KeptCardsHoldUpThePilesAboveThem) {
    const Position p = frontier("malmaison-1-s20-m202.json");
    dispatch_variant(p.variant, [&](auto traits) {
        using T = decltype(traits);
        WasteDrainTest<T> test({.per_moment = 100000000, .total = 1000000000});
        test.use_kept_bounds(false);
        EXPECT_FALSE(test.lost(PackedState<T>(p)));
        EXPECT_FALSE(test.counted_capped());
    });
    EXPECT_EQ(waste_drain_card(p), 55);
}

// The families' counts remembered between choices (waste_drain.hpp's family_tops(): Malmaison,
// where the families are the suits) change nothing: the same answer, the same waste card, the
// same choices evaluated and the same J for every count of stock cards drawn, with and without,
// on Malmaison positions lost and open: frontier positions at full rank and random reduced-deck
// positions.
TEST(WasteDrain, RememberedCountsChangeNoChoice) {
    std::vector<Position> positions;
    for (const char* name : {"malmaison-1-s08-m234.json", "malmaison-1-s12-m226.json",
                             "malmaison-1-s20-m202.json", "malmaison-23-s08-m191.json",
                             "malmaison-23-s16-m180.json", "malmaison-23-s30-m160.json"}) {
        positions.push_back(frontier(name));
    }
    const std::size_t full_rank = positions.size();
    std::mt19937 rng(43);
    for (int n = 0; n < 60; ++n) {
        positions.push_back(testing::random_position(VariantId::Malmaison, 5 + n % 4, rng));
    }
    int lost = 0, open = 0;
    for (std::size_t i = 0; i < positions.size(); ++i) {
        const Position& p = positions[i];
        if (p.waste.empty()) continue;
        dispatch_variant(p.variant, [&](auto traits) {
            using T = decltype(traits);
            const PackedState<T> state(p);
            // The reduced-deck positions' searches are the longer, and smaller budgets do there.
            const WasteDrainBudget budget =
                i < full_rank ? WasteDrainBudget{} : WasteDrainBudget{20000, 400000, 400000};
            WasteDrainTest<T> with(budget), without(budget);
            without.remember_tops(false);
            const bool lost_with = with.lost(state);
            EXPECT_EQ(lost_with, without.lost(state)) << position_to_json(p);
            EXPECT_EQ(with.drained_at(), without.drained_at());
            EXPECT_EQ(with.evaluations(), without.evaluations());
            EXPECT_GT(with.evaluations(), 0u);
            (lost_with ? lost : open) += 1;
            if (lost_with) return 0;
            const int waste = static_cast<int>(p.waste.size());
            for (int fewest = 1; fewest <= static_cast<int>(p.stock.size()); fewest += 3) {
                EXPECT_EQ(with.drained_after(waste, fewest), without.drained_after(waste, fewest));
                EXPECT_EQ(with.evaluations(), without.evaluations());
            }
            return 0;
        });
    }
    std::cout << lost << " lost, " << open << " open\n";
    EXPECT_GE(lost, 6);
    EXPECT_GE(open, 10);
}

// The frontier positions `names` (bench/positions/frontier), then, for every variant with a waste
// and five, seven and nine ranks, 12 random positions and 8 backed-up playouts of deals, drawn
// with `seed`: the positions on which a change to the test's search must not change an answer.
std::vector<Position> frontier_and_reduced_positions(std::initializer_list<const char*> names,
                                                     std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::vector<Position> positions;
    for (const char* name : names) positions.push_back(frontier(name));
    for (const auto& rules : all_variants()) {
        if (rules.id == VariantId::DoubleDot) continue;
        for (int ranks : {5, 7, 9}) {
            for (int n = 0; n < 12; ++n) {
                positions.push_back(testing::random_position(rules.id, ranks, rng));
            }
            for (std::uint64_t deal = 1; deal <= 8; ++deal) {
                positions.push_back(
                    testing::backed_up_playout(deal_position(rules.id, deal, ranks), 20, rng));
            }
        }
    }
    return positions;
}

// The families' counts taken greedily (waste_drain.hpp, greedy_tops()) instead of by the table
// change no choice: every variant's test answers alike with and without, in the same number of
// choices, on random positions and playouts of reduced decks and on full-rank frontier positions.
// A greedy count that were ever less than the least (a z the ranges or rises forbid) would cut
// choices that fit; one that were more would keep choices the table cuts: either changes the
// choices evaluated.
TEST(WasteDrain, GreedyCountsChangeNoChoice) {
    const std::vector<Position> positions = frontier_and_reduced_positions(
        {"malmaison-23-s16-m180.json", "malmaison-1-s20-m202.json", "emperor-563-s42-m27.json",
         "emperor-modern-590-s24-m83.json"},
        47);
    const WasteDrainBudget budget{.per_moment = 20000, .total = 300000, .carried = 600000};
    int lost = 0, open = 0;
    std::uint64_t evaluations = 0;
    for (const Position& p : positions) {
        if (p.waste.empty()) continue;
        dispatch_variant(p.variant, [&](auto traits) {
            using T = decltype(traits);
            const PackedState<T> state(p);
            WasteDrainTest<T> with(budget), without(budget);
            without.use_greedy_tops(false);
            const bool lost_with = with.lost(state);
            EXPECT_EQ(lost_with, without.lost(state)) << position_to_json(p);
            EXPECT_EQ(with.drained_at(), without.drained_at());
            EXPECT_EQ(with.evaluations(), without.evaluations()) << position_to_json(p);
            evaluations += with.evaluations();
            (lost_with ? lost : open) += 1;
            if (lost_with) return 0;
            const int stock = static_cast<int>(p.stock.size());
            const int waste = static_cast<int>(p.waste.size());
            for (int fewest = 1; fewest <= stock; fewest += 1 + stock / 5) {
                EXPECT_EQ(with.drained_after(waste, fewest), without.drained_after(waste, fewest));
                EXPECT_EQ(with.evaluations(), without.evaluations());
            }
            return 0;
        });
    }
    std::cout << lost << " lost, " << open << " open, " << evaluations << " choices\n";
    EXPECT_GE(lost, 10);
    EXPECT_GE(open, 50);
}

// The positions expect_same_answers() compares on: the frontier positions with the longest searches
// for a choice (Malmaison's and both Emperors'), and reduced-deck ones drawn with `seed`.
std::vector<Position> switch_positions(std::uint32_t seed) {
    return frontier_and_reduced_positions(
        {"malmaison-23-s16-m180.json", "malmaison-1-s20-m202.json", "malmaison-23-s30-m160.json",
         "emperor-563-s42-m27.json", "emperor-modern-590-s24-m83.json"},
        seed);
}

// What a search for choices told with a switch off changes: nothing, where neither test met a cap.
struct SameAnswers {
    int lost = 0, open = 0, carried = 0;
    std::uint64_t choices_with = 0, choices_without = 0;  // where neither met a cap
    std::uint64_t in_runs_with = 0, in_runs_without = 0;  // moments_in_runs(), of every test
};

// Every variant's test on `positions` with the default switches and with `switch_off` applied:
// the same positions called lost at the same waste card, and the same J carried down for a few
// counts of stock cards drawn, wherever neither met a cap (whose answers depend on the choices
// spent).
template <class SwitchOff>
SameAnswers expect_same_answers(const std::vector<Position>& positions, SwitchOff switch_off) {
    const WasteDrainBudget budget{.per_moment = 100000, .total = 2000000, .carried = 4000000};
    SameAnswers seen;
    for (const Position& p : positions) {
        if (p.waste.empty()) continue;
        dispatch_variant(p.variant, [&](auto traits) {
            using T = decltype(traits);
            const PackedState<T> state(p);
            WasteDrainTest<T> with(budget), without(budget);
            switch_off(without);
            const bool lost_with = with.lost(state);
            const bool lost_without = without.lost(state);
            seen.in_runs_with += with.moments_in_runs();
            seen.in_runs_without += without.moments_in_runs();
            if (with.counted_capped() || without.counted_capped()) return 0;
            EXPECT_EQ(lost_with, lost_without) << position_to_json(p);
            EXPECT_EQ(with.drained_at(), without.drained_at()) << position_to_json(p);
            seen.choices_with += with.spent();
            seen.choices_without += without.spent();
            (lost_with ? seen.lost : seen.open) += 1;
            if (lost_with) return 0;
            const int stock = static_cast<int>(p.stock.size());
            const int waste = static_cast<int>(p.waste.size());
            for (int fewest = 1; fewest <= stock; fewest += 1 + stock / 5) {
                const int a = with.drained_after(waste, fewest);
                const int b = without.drained_after(waste, fewest);
                if (with.counted_capped() || without.counted_capped()) continue;
                EXPECT_EQ(a, b) << "fewest " << fewest << "\n" << position_to_json(p);
                ++seen.carried;
            }
            return 0;
        });
    }
    std::cout << seen.lost << " lost, " << seen.open << " open, " << seen.carried
              << " carried answers; " << seen.choices_with << " choices with, "
              << seen.choices_without << " without; " << seen.in_runs_with
              << " moments decided by runs\n";
    return seen;
}

// Runs of moments searched as one (waste_drain.hpp) change no answer (expect_same_answers(), on
// random positions and playouts of reduced decks and on full-rank frontier positions), and runs
// decide moments there. A run's bounds that were not looser than each of its moments' would call
// a moment with a fit one with none, and change an answer.
TEST(WasteDrain, RunsOfMomentsChangeNoAnswer) {
    const SameAnswers seen =
        expect_same_answers(switch_positions(53), [](auto& test) { test.use_moment_runs(false); });
    EXPECT_GE(seen.lost, 10);
    EXPECT_GE(seen.open, 50);
    EXPECT_GE(seen.in_runs_with, 100u);
    EXPECT_EQ(seen.in_runs_without, 0u);
}

// Deciding next the column with the fewest lengths kept, and narrowing the others to the lengths
// kept (waste_drain.hpp, "Which column next" and "Narrowed columns"), change no answer
// (expect_same_answers(), as above), and take fewer choices there. A column called with no length
// kept while one has a fit (a cut the hopeful count does not make), or narrowed past a length that
// fits, would call a moment with a fit one with none (a range that drops the shortest length kept
// fails it 203 times).
TEST(WasteDrain, WhichColumnNextChangesNoAnswer) {
    const SameAnswers seen = expect_same_answers(
        switch_positions(59), [](auto& test) { test.use_forward_checking(false); });
    EXPECT_GE(seen.lost, 10);
    EXPECT_GE(seen.open, 50);
    EXPECT_LT(seen.choices_with, seen.choices_without);
}

// Malmaison with nine ranks, two stock cards (8H, then 9C) and 62 in the waste, from the
// reduced-deck sweep below: the moment the 56th waste card from the bottom (5S) leaves fits only
// with the 8H drawn, and the moment of the 37th (7S), later in any line, only with no stock card
// drawn. Each moment alone has a fit; in the order of play they have none, and the test without
// the kept cards' bounds calls it lost where it would not without the order. With them, the test
// finds a moment with no fit sooner, that of the 54th (5D). The reference search proves it lost.
TEST(WasteDrain, TheMomentsFollowTheOrderOfPlay) {
    const Position p =
        testing::source_position("tests/positions/malmaison_9_ranks_drain_order.json");
    const int without_bounds = dispatch_variant(p.variant, [&](auto traits) {
        using T = decltype(traits);
        WasteDrainTest<T> test;
        test.use_kept_bounds(false);
        test.lost(PackedState<T>(p));
        return test.drained_at();
    });
    EXPECT_EQ(without_bounds, 36);
    EXPECT_EQ(waste_drain_card(p), 53);
    SearchLimits limits;
    limits.node_limit = 200000;
    EXPECT_EQ(reference_solve(p, limits).verdict, Verdict::Lost);
}

// Emperor seed 590 after 24 moves of its furthest line (bench/frontier-lines: 46 stock cards, 14
// in the waste, 3 cards home). The test leaves the position itself open, but with three stock
// cards drawn before the top waste card leaves, some waste card's moment has no J that fits:
// carried down the search, the test cuts those lines wherever they go, and the search proves the
// position lost in about a second. Without the
// test, a million nodes leave it open (the complete search rearranges the columns under each
// draw), and so did ten million nodes at the position four moves on before the test was carried.
TEST(WasteDrain, CarriedDownTheSearchItCutsEveryDrawBeforeTheWasteDrains) {
    const Position p = testing::source_position("tests/positions/emperor_590_move_24.json");
    EXPECT_FALSE(waste_drain_lost(p));
    const bool cut_after_a_draw = dispatch_variant(p.variant, [&](auto traits) {
        using T = decltype(traits);
        WasteDrainTest<T> test;
        EXPECT_FALSE(test.lost(PackedState<T>(p)));
        EXPECT_FALSE(test.lost_after(static_cast<int>(p.waste.size()), 0));  // S's own test
        return test.lost_after(static_cast<int>(p.waste.size()), 3);
    });
    EXPECT_TRUE(cut_after_a_draw);
    SearchLimits limits;
    limits.node_limit = 1000000;
    const SolveResult r = FastSolver(16u << 20).solve(p, limits);
    EXPECT_EQ(r.verdict, Verdict::Lost);
    EXPECT_LT(r.nodes, 100000u);
    EXPECT_EQ(r.waste_drain_card, -1);  // not the start's own test
    const SolveResult without =
        FastSolver(16u << 20, parse_disabled_techniques("waste-drain")).solve(p, limits);
    EXPECT_EQ(without.verdict, Verdict::Unknown);
}

// Soundness of the test carried down (waste_drain.hpp, "Carried"), on reduced decks: random
// positions S with a long waste (test_support.hpp's random_position) that the test leaves open but
// whose lines it cuts somewhere, carried down (for some count of S's waste cards held all the
// way and of stock cards drawn, no J fits), never get the opposite of the unpruned reference
// search's verdict from the fast solver. Such cuts are rare in positions reached by play on
// reduced decks (a few in a thousand backed-up playouts: their stocks are short), common in
// full-rank mid-games that the reference search cannot exhaust. These positions are nearly all
// won: a cut that took a winning line away would show there.
TEST(WasteDrain, CarriedCutsKeepTheReferenceVerdict_ReducedDecks) {
    std::mt19937 rng(37);
    SearchLimits limits;
    limits.node_limit = 20000;
    SearchLimits fast_limits;
    fast_limits.node_limit = 200000;
    FastSolver fast(16u << 20);
    int cut = 0, won = 0, agreed = 0;
    for (const auto& rules : all_variants()) {
        if (rules.id == VariantId::DoubleDot) continue;
        int cut_here = 0;
        for (int ranks : {5, 7}) {
            for (int n = 0; n < 200; ++n) {
                const Position s = testing::random_position(rules.id, ranks, rng);
                if (s.waste.empty() || s.stock.empty()) continue;
                const bool cuts = dispatch_variant(s.variant, [&](auto traits) {
                    using T = decltype(traits);
                    WasteDrainTest<T> test(WasteDrainBudget{20000, 400000});  // smaller, for time
                    if (test.lost(PackedState<T>(s))) return false;
                    for (int held = static_cast<int>(s.waste.size()); held > 0; --held) {
                        for (int d = 1; d <= static_cast<int>(s.stock.size()); ++d) {
                            if (test.lost_after(held, d)) return true;
                        }
                    }
                    return false;
                });
                if (!cuts) continue;
                const Verdict truth = reference_solve(s, limits).verdict;
                if (truth == Verdict::Unknown) continue;
                ++cut_here;
                won += truth == Verdict::Won;
                const Verdict verdict = fast.solve(s, fast_limits).verdict;  // a win is replayed
                EXPECT_NE(verdict, truth == Verdict::Won ? Verdict::Lost : Verdict::Won)
                    << rules.name << "\n"
                    << position_to_json(s);
                agreed += verdict == truth;
            }
        }
        std::cout << rules.name << ": " << cut_here << " with carried cuts\n";
        cut += cut_here;
    }
    std::cout << cut << " positions with carried cuts, " << won << " of them won; the fast solver "
              << "agrees on " << agreed << ", the others unknown\n";
    EXPECT_GE(cut, 12);
    EXPECT_GE(agreed, 12);
}

// The lengths a chain continues (waste_drain.hpp's proof) are skipped without changing a
// moment's answer: on random positions with a waste and on playouts of deals, the test with and
// without the skip gives the same J for the lowest waste card from every count of stock cards
// drawn (drained_after(): a fit or none for every moment the order of play reaches), wherever the
// search without the skip stayed within its caps. Both answers must occur, lost and open, so
// that a skip that broke fits or made them up would show. The skip makes the test cheaper in all,
// not at every position: a moment without a fit searches a part of what it searched before, but
// where the skipped length led to a fit the depth-first search may meet the fit that the shorter
// length has a few choices later.
TEST(WasteDrain, SkippingTheLengthsAChainContinuesChangesNoAnswer) {
    std::mt19937 rng(41);
    const WasteDrainBudget budget{.per_moment = 25000, .total = 250000, .carried = 1000000};
    int compared = 0, lost = 0, skipped_capped = 0;
    std::uint64_t evaluations_with = 0, evaluations_without = 0;
    auto compare = [&](const Position& p, std::string_view name) {
        if (p.waste.empty()) return;
        dispatch_variant(p.variant, [&](auto traits) {
            using T = decltype(traits);
            const PackedState<T> state(p);
            WasteDrainTest<T> with(budget), without(budget);
            without.use_length_dominance(false);
            const bool lost_without = without.lost(state);
            if (without.counted_capped()) {
                ++skipped_capped;
                return 0;
            }
            const bool lost_with = with.lost(state);
            EXPECT_FALSE(with.counted_capped()) << name;
            EXPECT_EQ(lost_with, lost_without) << name << "\n" << position_to_json(p);
            EXPECT_EQ(with.drained_at(), without.drained_at()) << name;
            evaluations_with += with.evaluations();
            evaluations_without += without.evaluations();
            ++compared;
            lost += lost_with;
            if (lost_with) return 0;
            const int stock = static_cast<int>(p.stock.size());
            const int waste = static_cast<int>(p.waste.size());
            for (int fewest = 0; fewest <= stock; fewest += 1 + stock / 6) {
                const int j_without = without.drained_after(waste, fewest);
                if (without.counted_capped()) continue;
                EXPECT_EQ(with.drained_after(waste, fewest), j_without)
                    << name << " from " << fewest << "\n"
                    << position_to_json(p);
            }
            return 0;
        });
    };
    for (const auto& rules : all_variants()) {
        if (rules.id == VariantId::DoubleDot) continue;
        for (int ranks : {5, 7, 9}) {
            for (int n = 0; n < 40; ++n) {
                compare(testing::random_position(rules.id, ranks, rng), rules.name);
            }
            for (std::uint64_t seed = 1; seed <= 30; ++seed) {
                compare(testing::backed_up_playout(deal_position(rules.id, seed, ranks), 20, rng),
                        rules.name);
            }
        }
        for (std::uint64_t seed = 1; seed <= 8; ++seed) {
            compare(testing::backed_up_playout(deal_position(rules.id, seed), 30, rng), rules.name);
        }
    }
    std::cout << compared << " positions compared (" << lost << " lost), " << skipped_capped
              << " left out where the search without the skip met a cap; " << evaluations_with
              << " choices evaluated with the skip, " << evaluations_without << " without\n";
    EXPECT_LT(evaluations_with, evaluations_without);
    EXPECT_GE(compared, 300);
    EXPECT_GE(lost, 20);
    EXPECT_GE(compared - lost, 100);
}

// The prefixes counted from an earlier position F instead of the position tested (waste_drain.hpp,
// "Frame"), on reduced decks: F a greedy playout of a deal backed up, the position D reached from
// it by random legal moves that draw often. No D that the test framed by F calls lost may be won
// for the reference search; cut columns that were too short (prefixes the line did not keep)
// would call won positions lost. The framed test calls no fewer positions lost than the test on
// D's own columns. (Its undecided columns hold fewer cards, but with the columns narrowed by the
// forward checks (waste_drain.hpp) both evaluate about as many choices: 1.93 million each here.)
TEST(WasteDrain, FramedByAnEarlierPositionNoWonPositionIsCalledLost_ReducedDecks) {
    std::mt19937 rng(43);
    SearchLimits limits;
    limits.node_limit = 20000;
    const WasteDrainBudget budget{.per_moment = 25000, .total = 250000, .carried = 1000000};
    int tested = 0, framed_lost = 0, own_lost = 0, confirmed = 0;
    std::uint64_t framed_choices = 0, own_choices = 0;
    for (const auto& rules : all_variants()) {
        if (rules.id == VariantId::DoubleDot) continue;
        for (int ranks : {5, 7, 9}) {
            for (std::uint64_t seed = 1; seed <= 60; ++seed) {
                const Position f =
                    testing::backed_up_playout(deal_position(rules.id, seed, ranks), 30, rng);
                Position d = f;
                const int steps = 4 + static_cast<int>(rng() % 24);
                for (int step = 0; step < steps; ++step) {
                    if (!testing::play_drawing_move(d, rng)) break;
                }
                if (d.waste.empty()) continue;
                dispatch_variant(d.variant, [&](auto traits) {
                    using T = decltype(traits);
                    WasteDrainTest<T> framed(budget), own(budget);
                    framed.set_frame(PackedState<T>(f));
                    const PackedState<T> state(d);
                    const bool lost = framed.lost(state);
                    own_lost += own.lost(state);
                    framed_choices += framed.evaluations();
                    own_choices += own.evaluations();
                    ++tested;
                    if (!lost) return 0;
                    ++framed_lost;
                    const Verdict truth = reference_solve(d, limits).verdict;
                    EXPECT_NE(truth, Verdict::Won) << rules.name << "\n" << position_to_json(d);
                    confirmed += truth == Verdict::Lost;
                    return 0;
                });
            }
        }
    }
    std::cout << tested << " positions tested: " << framed_lost << " called lost framed ("
              << confirmed << " lost for the reference search), " << own_lost
              << " on their own columns; " << framed_choices << " choices evaluated framed, "
              << own_choices << " on their own columns\n";
    EXPECT_GE(framed_lost, own_lost);
    EXPECT_GE(confirmed, 30);
}

// A position without a waste has no moment to test; Double Dot has no waste at all.
TEST(WasteDrain, NothingToTestWithoutAWaste) {
    for (const auto& rules : all_variants()) {
        EXPECT_FALSE(waste_drain_lost(deal_position(rules.id, 1))) << rules.name;
    }
}

// Soundness on reduced decks: every position the test calls lost is not won for the unpruned
// reference search. The positions are greedy playouts of deals backed up a few moves (as in
// dead_end_test.cpp), where one-pass games die with a long waste. Most of the losses it calls
// there the dead-end test calls too; enough must be beyond it that the check has teeth, and
// those the search without the test proves lost too (ablation).
TEST(WasteDrain, EveryCalledLossIsLostForTheReference_ReducedDecks) {
    std::mt19937 rng(31);
    SearchLimits limits;
    limits.node_limit = 20000;
    FastSolver without(16u << 20, parse_disabled_techniques("waste-drain"));
    int called = 0, confirmed = 0, beyond_dead_ends = 0;
    for (const auto& rules : all_variants()) {
        if (rules.id == VariantId::DoubleDot) continue;
        int called_here = 0;
        for (int ranks : {5, 7, 9}) {
            for (std::uint64_t seed = 1; seed <= 150; ++seed) {
                const Position p =
                    testing::backed_up_playout(deal_position(rules.id, seed, ranks), 20, rng);
                if (p.waste.empty() || !waste_drain_lost(p)) continue;
                ++called_here;
                const Verdict truth = reference_solve(p, limits).verdict;
                EXPECT_NE(truth, Verdict::Won) << rules.name << "\n" << position_to_json(p);
                confirmed += truth == Verdict::Lost;
                if (truth != Verdict::Lost || dead_end(p, {.stock_prefix = true})) continue;
                ++beyond_dead_ends;
                // Ablation: the search without the test gives the same verdict.
                EXPECT_EQ(without.solve(p, limits).verdict, Verdict::Lost) << rules.name << "\n"
                                                                           << position_to_json(p);
            }
        }
        std::cout << rules.name << ": " << called_here << " called lost\n";
        called += called_here;
    }
    std::cout << confirmed << " of " << called << " lost for the reference search; "
              << beyond_dead_ends << " of those not dead ends (dead_end.hpp)\n";
    EXPECT_GE(confirmed, 100);
    EXPECT_GE(beyond_dead_ends, 30);
}

// Full rank: greedy playouts of deals backed up as many as 40 moves, where one-pass games have
// just died with a long waste. None that the test calls lost may be won: the reference search
// must not find a win, and where it cannot exhaust the position within its cap, the fast solver
// without the test must not find one either (its wins are replayed). Some must be proven lost by
// the reference search, so that the check has teeth.
TEST(WasteDrain, FullRankLossesAreLostForTheReference) {
    std::mt19937 rng(7);
    SearchLimits reference_limits;
    reference_limits.node_limit = 30000;
    SearchLimits fast_limits;
    fast_limits.node_limit = 100000;
    FastSolver without(16u << 20, parse_disabled_techniques("waste-drain"));
    const WasteDrainBudget budget{.per_moment = 20000, .total = 2000000};  // smaller, for time
    int called = 0, proven = 0, beyond_dead_ends = 0;
    for (const auto& rules : all_variants()) {
        if (rules.id == VariantId::DoubleDot) continue;
        int called_here = 0;
        for (std::uint64_t seed = 1; seed <= 30; ++seed) {
            const Position p = testing::backed_up_playout(deal_position(rules.id, seed), 40, rng);
            if (p.waste.empty() || !waste_drain_lost(p, budget)) continue;
            ++called_here;
            beyond_dead_ends += !dead_end(p, {.stock_prefix = true});
            const Verdict truth = reference_solve(p, reference_limits).verdict;
            EXPECT_NE(truth, Verdict::Won) << rules.name << "\n" << position_to_json(p);
            proven += truth == Verdict::Lost;
            if (truth == Verdict::Unknown) {
                EXPECT_NE(without.solve(p, fast_limits).verdict, Verdict::Won)
                    << rules.name << "\n"
                    << position_to_json(p);
            }
        }
        std::cout << rules.name << ": " << called_here << " called lost\n";
        called += called_here;
    }
    std::cout << proven << " of " << called << " lost for the reference search; "
              << beyond_dead_ends << " not dead ends (dead_end.hpp)\n";
    EXPECT_GE(proven, 10);
}

}  // namespace
}  // namespace patience
