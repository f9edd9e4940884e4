// The stock lookahead (solver/search/stock_lookahead.hpp): every stock macro it drops leads to a
// position the unpruned reference search finds lost, it drops nothing in Double Dot, the depth it
// passes down holds after moves that commute with draws and only after those, on an Emperor end
// game the complete search proves the same loss in fewer nodes with it than without, and it runs
// while it pays.
#include <gtest/gtest.h>

#include <iostream>
#include <random>

#include "core/deal.hpp"
#include "core/position_io.hpp"
#include "core/rules.hpp"
#include "solver/fast_solver.hpp"
#include "solver/reference_solver.hpp"
#include "solver/search/stock_lookahead.hpp"
#include "solver/search/techniques.hpp"
#include "tests/test_support.hpp"

namespace patience {
namespace {

// Soundness on reduced decks (9 ranks; Double Dot 7): the positions are the last ones with two
// stock cards or more of greedy playouts of deals (a foundation move whenever there is one, else a
// random move, drawing favoured), where a deep waste meets the last stock cards, and random
// positions (a short stock over a long waste). Every macro the rule drops there leads to a
// position the reference search does not win (lost, or past its node cap). At most 60 are checked
// in each variant; every variant but Double Dot has some dropped, and enough are dropped, and
// proven lost, for the check to mean something.
TEST(StockLookahead, EveryDroppedMacroIsLostForTheReference_ReducedDecks) {
    std::mt19937 rng(23);
    SearchLimits limits;
    limits.node_limit = 20000;
    int dropped = 0, proven = 0;
    for (const auto& rules : all_variants()) {
        const int ranks = rules.foundation_step == 2 ? 7 : 9;
        std::vector<Position> positions;
        for (std::uint64_t seed = 1; seed <= 100; ++seed) {
            // The last positions of the playout with two stock cards or more.
            const auto line =
                testing::greedy_playout(deal_position(rules.id, seed, ranks), 300, rng);
            int taken = 0;
            for (std::size_t i = line.size(); i-- > 0 && taken < 6;) {
                if (line[i].stock.size() >= 2) {
                    positions.push_back(line[i]);
                    ++taken;
                }
            }
        }
        for (int n = 0; n < 400; ++n) {
            positions.push_back(testing::random_position(rules.id, ranks, rng));
        }
        int dropped_here = 0, proven_here = 0;
        for (const Position& p : positions) {
            for (const Move& m : stock_lookahead_drops(p)) {
                if (++dropped_here > 60) break;
                const Verdict truth =
                    reference_solve(testing::after_search_move(p, m), limits).verdict;
                proven_here += truth == Verdict::Lost;
                EXPECT_NE(truth, Verdict::Won) << rules.name << " move " << to_string(m) << " ("
                                               << static_cast<int>(m.from) << " draws)\n"
                                               << position_to_json(p);
            }
        }
        std::cout << rules.name << ": " << dropped_here << " macros dropped, " << proven_here
                  << " checked lost by the reference search\n";
        if (rules.id == VariantId::DoubleDot) {
            EXPECT_EQ(dropped_here, 0);  // it deals onto the columns: no waste, no macros
        } else {
            EXPECT_GT(dropped_here, 0) << rules.name;
        }
        dropped += std::min(dropped_here, 60);
        proven += proven_here;
    }
    EXPECT_GE(dropped, 200);
    EXPECT_GE(proven, 150);
}

// The depth a position passes to its children (inherited_dead_draws), on reduced decks: where the
// rule's tests find k draws to reach a lost position from P, C is P after one to three random legal
// moves that commute with draws (between columns, column to foundation), and the position after k
// draws from C is one the reference search does not win. Enough are proven lost, in every variant
// with a waste, for the check to mean something.
TEST(StockLookahead, TheDeadDepthHoldsAfterMovesThatCommuteWithDraws_ReducedDecks) {
    std::mt19937 rng(29);
    SearchLimits limits;
    limits.node_limit = 20000;
    for (const auto& rules : all_variants()) {
        if (rules.id == VariantId::DoubleDot) continue;  // no waste, no macros
        // As above, with more of each line: the last positions of greedy playouts with two stock
        // cards or more, and random ones.
        std::vector<Position> positions;
        for (std::uint64_t seed = 1; seed <= 200; ++seed) {
            const auto line = testing::greedy_playout(deal_position(rules.id, seed, 9), 300, rng);
            int taken = 0;
            for (std::size_t i = line.size(); i-- > 0 && taken < 20;) {
                if (line[i].stock.size() >= 2) {
                    positions.push_back(line[i]);
                    ++taken;
                }
            }
            positions.push_back(testing::random_position(rules.id, 9, rng));
        }
        int checked = 0, proven = 0;
        for (const Position& p : positions) {
            if (checked == 40) break;
            const int k = stock_lookahead_dead_draws(p);
            if (k == 0) continue;
            Position c = p;
            int played = 0;
            for (int step = 0; step < 3; ++step) {
                std::vector<Move> commuting;
                dispatch_variant(rules.id, [&](auto traits) {
                    for (const Move& m : legal_moves(c)) {
                        if (commutes_with_draws<decltype(traits)>(m)) commuting.push_back(m);
                    }
                });
                if (commuting.empty()) break;
                apply_move(c, commuting[rng() % commuting.size()]);
                ++played;
            }
            if (played == 0) continue;
            ++checked;
            for (int i = 0; i < k; ++i) apply_move(c, Move::draw());
            const Verdict truth = reference_solve(c, limits).verdict;
            proven += truth == Verdict::Lost;
            EXPECT_NE(truth, Verdict::Won) << rules.name << ", " << k << " draws\n"
                                           << position_to_json(p);
        }
        std::cout << rules.name << ": " << checked << " positions after commuting moves, " << proven
                  << " checked lost by the reference search\n";
        EXPECT_GE(checked, 20) << rules.name;
        EXPECT_GE(proven, 10) << rules.name;
    }
}

// Which moves pass the depth on: only a path of moves that leave the stock and the waste alone.
// Supermoves are moves between columns, which draws leave alone.
TEST(StockLookahead, OnlyMovesThatCommuteWithDrawsPassTheDepthOn) {
    using E = VariantTraits<VariantId::Emperor>;
    const Undo shuffle{Move::column_to_column(0, 1, 1), 0, 0, Card()};
    const Undo supermove{Move::column_to_column(4, 5, 3), 0, 0, Card()};
    const Undo home{Move::column_to_foundation(2), 0, 0, Card()};
    const Undo waste{Move::waste_to_column(3), 0, 0, Card()};
    const Undo macro{stock_macro(2, Move::waste_to_foundation()), 0, 0, Card()};
    const Undo commuting[] = {shuffle, home, supermove};
    EXPECT_EQ(inherited_dead_draws(4, path_touches<E>(commuting, 3)), 4);
    EXPECT_EQ(inherited_dead_draws(0, path_touches<E>(commuting, 3)), 0);
    const Undo through_the_waste[] = {shuffle, waste};
    EXPECT_EQ(inherited_dead_draws(4, path_touches<E>(through_the_waste, 2)), 0);
    const Undo through_a_macro[] = {macro, home};
    EXPECT_EQ(inherited_dead_draws(4, path_touches<E>(through_a_macro, 2)), 0);
}

// Emperor seed 563, 12 stock cards left and 42 in the waste (tests/positions/
// emperor_563_end_game.json, met by the complete search of the deal): the complete search alone,
// without the capacity and waste-drain tests (the second, with its kept cards' bounds, proves it
// lost at the first node), proves it lost with the rule and without it, and with it in fewer
// nodes (960 against 7,504 when this was written). Some of the start's own macros are dropped.
TEST(StockLookahead, AnEmperorEndGameIsProvenLostInFewerNodes) {
    const Position p = testing::source_position("tests/positions/emperor_563_end_game.json");
    FastSolver with(16u << 20, parse_disabled_techniques("probes,capacity,waste-drain"));
    FastSolver without(16u << 20,
                       parse_disabled_techniques("probes,capacity,waste-drain,stock-lookahead"));
    const SolveResult a = with.solve(p, {});
    const SolveResult b = without.solve(p, {});
    EXPECT_EQ(a.verdict, Verdict::Lost);
    EXPECT_EQ(b.verdict, Verdict::Lost);
    EXPECT_LT(a.nodes * 2, b.nodes);
    EXPECT_FALSE(stock_lookahead_drops(p).empty());
}

// The pace: on while a window of tests drops at least 1.5 macros a test; then at one position in
// 16 only, until a window of those tests shows the yield again.
TEST(StockLookahead, RunsWhileItPaysAndSamplesWhileItDoesNot) {
    LookaheadPace pace;
    auto window = [&](std::size_t dropped_per_two_tests) {
        for (std::uint64_t t = 0; t < kLookaheadWindow; t += 2)
            pace.record({2, dropped_per_two_tests});
    };
    window(3);  // 1.5 a test: stays on
    for (int i = 0; i < 100; ++i) EXPECT_TRUE(pace.due());
    window(2);  // 1 a test: off
    int due = 0;
    for (int i = 0; i < 1600; ++i) due += pace.due();
    EXPECT_EQ(due, 100);
    window(4);  // the sampled tests pay again: back on
    for (int i = 0; i < 100; ++i) EXPECT_TRUE(pace.due());
}

}  // namespace
}  // namespace patience
