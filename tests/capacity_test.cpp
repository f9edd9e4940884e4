// The capacity test (solver/search/capacity.hpp): hand-made positions where the order of the
// waste decides, and every position it calls lost checked against the unpruned reference search
// on reduced decks. Full-rank end games check it beside the dead-end test, in dead_end_test.cpp.
#include <gtest/gtest.h>

#include <chrono>
#include <iostream>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <tuple>
#include <utility>

#include "core/deal.hpp"
#include "core/position_io.hpp"
#include "core/rules.hpp"
#include "solver/fast_solver.hpp"
#include "solver/reference_solver.hpp"
#include "solver/search/capacity.hpp"
#include "solver/search/dead_end.hpp"
#include "solver/search/depth_first.hpp"
#include "solver/search/portfolio.hpp"
#include "solver/search/techniques.hpp"
#include "tests/test_support.hpp"

namespace patience {
namespace {

using testing::make_position;

// Diplomat with every pile at its nine and the 32 tens to kings on the waste, the tens at the
// bottom, then the given ranks, eight cards each (two decks of four suits), the last on top.
Position court_cards(std::initializer_list<std::string_view> ranks_bottom_up) {
    std::string waste = "W:";
    for (std::string_view rank : {std::string_view("10")}) {
        for (std::string_view suit : {"C", "D", "H", "S", "C", "D", "H", "S"}) {
            waste += " " + std::string(rank) + std::string(suit);
        }
    }
    for (std::string_view rank : ranks_bottom_up) {
        for (std::string_view suit : {"C", "D", "H", "S", "C", "D", "H", "S"}) {
            waste += " " + std::string(rank) + std::string(suit);
        }
    }
    std::vector<std::string> piles;
    for (std::string_view suit : {"C", "D", "H", "S"}) {
        std::string pile;
        for (std::string_view rank : {"A", "2", "3", "4", "5", "6", "7", "8", "9"}) {
            pile += " " + std::string(rank) + std::string(suit);
        }
        for (int copy = 0; copy < 2; ++copy) {
            piles.push_back("F" + std::to_string(piles.size() + 1) + ":" + pile);
        }
    }
    std::vector<std::string_view> lines{waste};
    for (const std::string& pile : piles) lines.push_back(pile);
    Position p = make_position(VariantId::Diplomat, lines);
    EXPECT_EQ(validation_problem(p), "");
    return p;
}

// A search from `p` proves it lost within 1,000 nodes, and so does the search without the capacity
// test within `node_limit` nodes (the ablation keeps the verdict).
void expect_lost_at_once_and_without_the_test(const Position& p, std::uint64_t node_limit) {
    SearchLimits limits;
    limits.node_limit = 1000;
    EXPECT_EQ(FastSolver(16u << 20).solve(p, limits).verdict, Verdict::Lost);
    limits.node_limit = node_limit;
    FastSolver without_it(64u << 20, parse_disabled_techniques("capacity"));
    EXPECT_EQ(without_it.solve(p, limits).verdict, Verdict::Lost);
}

// Kings on top: each takes one of the eight empty columns, and then the jacks, with the queens
// under them and the tens at the bottom, can go nowhere. The dead-end test cannot see it (every
// card can reach a space), the capacity test does. With the jacks under the queens, the queens
// build on the kings and the jacks on the queens: won, and not called lost.
TEST(Capacity, KingsFillTheColumnsAndTheJacksHaveNowhereToGo) {
    const Position lost = court_cards({"Q", "J", "K"});
    const Position won = court_cards({"J", "Q", "K"});
    SearchLimits limits;
    limits.node_limit = 2000000;
    EXPECT_FALSE(dead_end(lost));
    EXPECT_TRUE(capacity_lost(lost));
    EXPECT_EQ(reference_solve(lost, limits).verdict, Verdict::Lost);
    EXPECT_FALSE(capacity_lost(won));
    EXPECT_EQ(reference_solve(won, limits).verdict, Verdict::Won);
}

// Lady Palk with every pile full but one clubs pile at its ten, eight spaces, and the jack, queen
// and king of clubs in the waste. With the queen on top it has nowhere to go: no pile takes it, and
// only a King, or a run headed by one, fills a space; so the relaxed games give it no free column
// (capacity.hpp) and the position is called lost. With the king on top it fills a space, the queen
// builds on it and the jack goes home: won, and not called lost.
TEST(Capacity, LadyPalkSpacesTakeOnlyKings) {
    auto clubs_under = [](std::string_view waste) {
        std::vector<std::string> lines{std::string("W: ") + std::string(waste)};
        for (std::string_view suit : {"C", "D", "H", "S"}) {
            for (int copy = 0; copy < 2; ++copy) {
                std::string pile = "F" + std::to_string(lines.size()) + ":";
                for (std::string_view rank :
                     {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}) {
                    pile += " " + std::string(rank) + std::string(suit);
                    if (suit == "C" && copy == 1 && rank == "10") break;
                }
                lines.push_back(pile);
            }
        }
        const std::vector<std::string_view> views(lines.begin(), lines.end());
        Position p = make_position(VariantId::LadyPalk, views);
        EXPECT_EQ(validation_problem(p), "");
        return p;
    };
    const Position lost = clubs_under("KC JC QC");
    const Position won = clubs_under("JC QC KC");
    SearchLimits limits;
    limits.node_limit = 100000;
    EXPECT_TRUE(capacity_lost(lost));
    EXPECT_EQ(reference_solve(lost, limits).verdict, Verdict::Lost);
    EXPECT_FALSE(capacity_lost(won));
    EXPECT_EQ(reference_solve(won, limits).verdict, Verdict::Won);
}

// An Emperor-modern seed 132 end game (7 stock cards, no space) where the relaxed strict game
// could swap two chains through a column that only one of them can free: the run headed by 6C
// leaving the 5D under it for the column of the run headed by 4S, which can leave that column only
// for that 5D. A card must have its place before it moves (capacity.hpp), and the strict game is
// lost, as the real one is: the fast solver proves it with the capacity and dead-end tests off.
TEST(Capacity, StrictGameCardsNeedTheirPlaceBeforeTheyMove) {
    const Position p = parse_position(R"({
  "variant": "emperor-modern", "ranks": 13,
  "tableau": [
    ["5C", "5C", "JD", "10C", "9D", "8C", "7H", "6S"], ["10S", "9D", "8C"], ["JH", "10C"],
    ["10S", "KS", "KC", "7C", "6D"], ["AD", "5D", "6C", "5H", "4C"], ["4S", "3H", "2S"],
    ["7H", "JH", "QD", "QD", "JC", "10D", "9S", "8D", "7S", "6H"],
    ["3D", "AS", "10H", "QH", "JC"], ["3S", "JS", "KC", "10D", "9S", "8H", "7S", "6D"],
    ["9H", "2S", "4C"]],
  "face_down": [2, 0, 0, 3, 2, 0, 3, 3, 3, 2],
  "stock": ["2H", "6H", "9H", "6S", "KH", "JS", "AS"],
  "waste": ["5S", "2D", "5S", "3S", "7D", "7D", "3C", "KD", "6C", "5H", "3C", "QC", "10H", "4H",
            "KH", "7C", "QH", "KS", "9C", "9C", "8S", "KD", "4D", "8H", "4H", "4S", "QS", "QC",
            "QS", "JD", "8D", "8S"],
  "foundations": [["AC", "2C"], ["AC", "2C"], ["AD", "2D", "3D", "4D", "5D"], [],
                  ["AH", "2H", "3H"], ["AH"], [], []]})",
                                      "end game");
    using T = VariantTraits<VariantId::EmperorModern>;
    const PackedState<T> state(p);
    auto test = std::make_unique<CapacityTest<T>>();
    EXPECT_EQ(test->relaxed_lost(state, false, kAllReductions, 1u << 20),
              std::optional<bool>(false));
    EXPECT_EQ(test->relaxed_lost(state, true, kAllReductions, 1u << 20), std::optional<bool>(true));
    EXPECT_EQ(test->relaxed_lost(state, true, kNoReductions, 1u << 20), std::optional<bool>(true));
    EXPECT_TRUE(capacity_lost(p, kEndGameCapacityBudget));
    FastSolver without_tests(16u << 20, parse_disabled_techniques("capacity,dead-ends"));
    EXPECT_EQ(without_tests.solve(p, {}).verdict, Verdict::Lost);
}

// The Diplomat seed 966 end game of the two tests below (and of relaxed_start_test.cpp).
Position diplomat_966_end_game() {
    return testing::source_position("bench/positions/diplomat-966-end-game.json");
}

// A Diplomat seed 966 position from its complete search, with 8 stock cards and 27 in the waste,
// whose strict relaxed game is lost in about 153,000 states: past the caps of the end game's other
// tests (2^16), within the start's (kStartCap). So it is called lost as an end game's start, and
// not without the start's caps, nor once the search's deadline has passed; the soundness test
// below checks the calls the larger caps add.
TEST(Capacity, AnEndGamesStartGetsTheLargerCaps) {
    const Position p = diplomat_966_end_game();
    using T = VariantTraits<VariantId::Diplomat>;
    const PackedState<T> state(p);
    auto test = std::make_unique<CapacityTest<T>>();
    EXPECT_EQ(test->relaxed_lost(state, true, kAllReductions, 1u << 16), std::nullopt);
    EXPECT_EQ(test->relaxed_lost(state, true, kAllReductions, kStartCap),
              std::optional<bool>(true));
    CapacityBudget without_start = kEndGameCapacityBudget;
    without_start.start_cap = 0;
    EXPECT_FALSE(capacity_lost(p, without_start));
    EXPECT_TRUE(capacity_lost(p, kEndGameCapacityBudget));
    // Past the search's deadline (--time-limit) the relaxed search stops as at a cap.
    auto late = std::make_unique<CapacityTest<T>>(0, kEndGameCapacityBudget);
    late->set_deadline(std::chrono::steady_clock::now() - std::chrono::seconds(1));
    EXPECT_FALSE(late->lost(state));
    SearchLimits limits;
    limits.node_limit = 1000;
    EXPECT_EQ(FastSolver(16u << 20).solve(p, limits).verdict, Verdict::Lost);
    // The complete search that tested it proved its start lost by itself, which ends a solve on
    // many threads without waiting for the other complete searches (fast_solver.cpp).
    TranspositionTable table(16u << 20);
    SearchConfig config{0, 0, 0, Techniques{}};
    config.end_game = true;
    DepthFirstSearch<T> search(p, config, table);
    EXPECT_EQ(search.run(1000, SearchClock::time_point::max()), SearchStatus::Exhausted);
    EXPECT_TRUE(search.proved_start_lost());
}

// The start's relaxed game, stopped at its cap, is searched again with four times the cap each
// time, after kStartRetryRatio times fewer tests than that cap; once it is lost, every position
// the search tests is called lost, since every one is reached from the start. The start here is
// the Diplomat seed 966 end game (its strict game is lost in about 153,000 states), with a start
// cap of 4,096, which its searches outgrow one by one. The positions tested meanwhile are a deal,
// which the test leaves alone (72 stock cards). Without the retries the start is never searched
// again.
TEST(Capacity, AStartLeftOpenIsSearchedAgainWithLargerCaps) {
    using T = VariantTraits<VariantId::Diplomat>;
    const PackedState<T> start(diplomat_966_end_game());
    const PackedState<T> deal(deal_position(VariantId::Diplomat, 1));
    CapacityBudget budget = kEndGameCapacityBudget;
    budget.start_cap = 4096;
    const auto tests_until_lost = [&](const CapacityBudget& b) {
        auto test = std::make_unique<CapacityTest<T>>(0, b);
        EXPECT_FALSE(test->lost(start));
        for (std::uint64_t n = 1; n <= 40000; ++n) {
            if (test->lost(deal)) {
                EXPECT_TRUE(test->lost(deal));  // and every position after it
                return n;
            }
        }
        return std::uint64_t{0};
    };
    // Called lost right at one of the retries: after 16,384 / ratio tests, then 65,536 / ratio
    // more, and so on.
    const std::uint64_t n = tests_until_lost(budget);
    std::uint64_t at = 0;
    for (std::uint64_t cap = 4096 * 4; at < n; cap *= 4) at += cap / kStartRetryRatio;
    EXPECT_EQ(n, at);
    EXPECT_GT(n, 16384 / kStartRetryRatio);  // not by the first retry
    budget.retries_start = false;
    EXPECT_EQ(tests_until_lost(budget), 0u);
}

// Emperor seed 563 with 10 stock cards and 43 in the waste (bench/frontier-lines' line, prefix 70;
// one of bench/positions/frontier): its loose relaxed game is lost in one to four million states,
// past the start's strict cap (kStartCap), at which its strict game is still open. So the start's
// loose game, searched again with kStartLooseCap where both games stopped at their first caps,
// calls it lost; without that cap the start stays open. With a smaller one, the start's later
// searches (retries_start) give the loose game four times its cap each time, paced by the tests
// since, until it is lost.
TEST(Capacity, AStartsLooseGameGetsTheLargestCap) {
    const Position p =
        testing::source_position("bench/positions/frontier/emperor-563-s10-m70.json");
    using T = VariantTraits<VariantId::Emperor>;
    const PackedState<T> start(p);
    // A small strict cap, at which the strict game stays open as at kStartCap, for a shorter test.
    CapacityBudget budget = kEndGameCapacityBudget;
    budget.start_cap = 4096;
    EXPECT_TRUE(capacity_lost(p, budget));
    budget.start_loose_cap = budget.max_loose_cap;
    EXPECT_FALSE(capacity_lost(p, budget));
    // The retries: a deal, which the test leaves alone (64 stock cards), is tested meanwhile.
    budget.start_loose_cap = std::uint64_t{1} << 20;
    const PackedState<T> deal(deal_position(VariantId::Emperor, 1));
    auto test = std::make_unique<CapacityTest<T>>(0, budget);
    EXPECT_FALSE(test->lost(start));
    std::uint64_t n = 1;
    while (n <= 2000000 && !test->lost(deal)) ++n;
    // Not before the first retry, which may take the loose game's next cap (2^22) and the strict
    // game's (16,384).
    EXPECT_GE(n, ((std::uint64_t{1} << 22) + 16384) / kStartRetryRatio);
    EXPECT_LE(n, 2000000u);
}

// The relaxed states found lost are kept up to a bound, past which the cheapest are forgotten and
// searched again when met: the one test of a solve that searches the start's relaxed game again
// and again (a budget that retries_start) keeps the most, kMaxStartLostKeys, and every other test,
// as a deal's or a complete helper's, kMaxLostKeys. What the bound buys: the strict game of the
// Diplomat seed 966 end game is lost in about 153,000 states when they all fit, and still open
// after 2^18 when only 2^14 of them may be kept.
TEST(Capacity, TheStartsSearcherKeepsTheMostLostStates) {
    using T = VariantTraits<VariantId::Diplomat>;
    using Test = CapacityTest<T>;
    EXPECT_GT(Test::kMaxStartLostKeys, Test::kMaxLostKeys);
    EXPECT_EQ(Test(0, kEndGameCapacityBudget).max_lost_keys(), Test::kMaxStartLostKeys);
    EXPECT_EQ(Test(0, kMidGameCapacityBudget).max_lost_keys(), Test::kMaxStartLostKeys);
    EXPECT_EQ(Test(0, kDealCapacityBudget).max_lost_keys(), Test::kMaxLostKeys);
    CapacityBudget helper = kEndGameCapacityBudget;
    helper.retries_start = false;
    EXPECT_EQ(Test(0, helper).max_lost_keys(), Test::kMaxLostKeys);

    const PackedState<T> state(diplomat_966_end_game());
    const std::uint64_t cap = std::uint64_t{1} << 18;
    auto small = std::make_unique<Test>(0, kEndGameCapacityBudget, std::size_t{1} << 14);
    EXPECT_EQ(small->relaxed_lost(state, true, kAllReductions, cap), std::nullopt);
    auto large = std::make_unique<Test>(0, kEndGameCapacityBudget);
    EXPECT_EQ(large->relaxed_lost(state, true, kAllReductions, cap), std::optional<bool>(true));
}

// An Emperor seed 480 position from its complete search, with 24 stock cards: above the stock line
// of the other tests (kCapacityStockLeft), within the start's (kStartStockLeft), and its strict
// relaxed game is lost in about 97,000 states. A search from it takes kMidGameCapacityBudget and
// ends at once, where without the start's search it needs 278,601 nodes; the search without the
// capacity test proves it lost too.
TEST(Capacity, AStartWithUpTo24StockCardsIsTested) {
    const Position p = parse_position(R"({
  "variant": "emperor", "ranks": 13,
  "tableau": [
    ["AH", "8D", "KC", "QD", "JC", "10H"], ["2H", "KS", "QH"],
    ["9D", "10D", "2H", "JH", "10S", "9D", "8S"], ["4C", "9H", "4D", "4H"], ["10C"],
    ["5H", "7S", "AC", "JH", "10S"], ["6C", "KH", "AS", "8C"], ["6D", "JS", "KC"],
    ["QS", "3S", "2S", "3H", "2S"], ["7D", "JS", "7H", "KS", "QH"]],
  "face_down": [2, 1, 3, 3, 0, 3, 3, 2, 3, 3],
  "stock": ["4D", "7C", "6H", "10H", "7C", "JD", "KD", "6D", "4H", "9C", "QC", "3C", "QD", "9H",
            "7H", "10D", "4S", "5D", "7D", "KD", "6S", "9S", "AS", "JC"],
  "waste": ["6H", "9C", "9S", "5H", "7S", "4C", "8D", "QC", "3D", "5C", "8H", "5S", "6S", "3S",
            "10C", "5D", "5C", "8C", "4S", "8S", "QS", "2C", "5S", "JD", "3D", "8H", "KH", "6C",
            "3H"],
  "foundations": [["AC", "2C", "3C"], [], ["AD", "2D"], ["AD", "2D"], ["AH"], [], [], []]})",
                                      "mid game");
    EXPECT_FALSE(capacity_lost(p, kDealCapacityBudget));
    EXPECT_TRUE(capacity_lost(p, kMidGameCapacityBudget));
    expect_lost_at_once_and_without_the_test(p, 10000000);
}

// A Malmaison end game from the beam's runs on seed 2 (tests/positions/malmaison_end_game.json: 7
// stock cards, 70 in the waste, one column empty): the test runs in Malmaison only with budgets
// of its own, from end games and mid-games, never with a deal's or the other games', and from the
// start's search proves it lost within a few dozen nodes, where the search without the test needs
// 820,704 nodes to prove it lost too.
TEST(Capacity, MalmaisonIsTestedFromEndGamesAndMidGamesOnly) {
    const Position p = testing::source_position("tests/positions/malmaison_end_game.json");
    EXPECT_FALSE(capacity_lost(p, kDealCapacityBudget));
    EXPECT_FALSE(capacity_lost(p, kEndGameCapacityBudget));
    EXPECT_FALSE(capacity_lost(p, kMidGameCapacityBudget));
    EXPECT_EQ(&capacity_budget(VariantId::Malmaison, true, 7), &kMalmaisonEndGameCapacityBudget);
    EXPECT_EQ(&capacity_budget(VariantId::Malmaison, false, kStartStockLeft),
              &kMalmaisonMidGameCapacityBudget);
    EXPECT_EQ(&capacity_budget(VariantId::Malmaison, false, kStartStockLeft + 1),
              &kDealCapacityBudget);
    EXPECT_TRUE(capacity_lost(p, kMalmaisonEndGameCapacityBudget));
    expect_lost_at_once_and_without_the_test(p, 3000000);
}

// Malmaison seed 23 with 20 stock cards and 77 in the waste (bench/frontier-lines' line, prefix
// 171; one of bench/positions/frontier): a mid-game, whose strict relaxed game is lost within the
// start's cap (in about 2.02 million of kStartCap's 2.10 million states). So a search from it
// takes Malmaison's mid-game budget and is lost at once (without the test it is unknown at
// 300,000 nodes), and a deal's budget calls nothing lost.
TEST(Capacity, AMalmaisonMidGameGetsTheStartsSearch) {
    const Position p =
        testing::source_position("bench/positions/frontier/malmaison-23-s20-m171.json");
    EXPECT_FALSE(capacity_lost(p, kDealCapacityBudget));
    SearchLimits limits;
    limits.node_limit = 1000;
    const SolveResult r = FastSolver(16u << 20).solve(p, limits);
    EXPECT_EQ(r.verdict, Verdict::Lost);
}

// Soundness: every position the test calls lost is not won for the unpruned reference search
// (lost, or past its node cap), with a deal's budget and with an end game's, which searches the
// relaxed games further and so calls at least the same positions lost. The positions are greedy
// playouts of deals (as in dead_end_test.cpp), stopped when stuck and backed up as many as 30
// (nine ranks) or 40 moves (full decks), where one-pass games have just died and the stock is
// short. Double Dot is left out, as by the search (capacity.hpp). Malmaison takes its own end
// game's budget (capacity_budget), and a deal's budget never calls a Malmaison position lost.
TEST(Capacity, EveryCalledLossIsLostForTheReference) {
    std::mt19937 rng(23);
    SearchLimits limits;
    limits.node_limit = 20000;
    int called = 0, confirmed = 0, called_more = 0;
    for (const auto& rules : all_variants()) {
        if (rules.foundation_step == 2) continue;
        for (const auto& [ranks, seeds, back] : {std::tuple{9, 75u, 30u}, {13, 50u, 40u}}) {
            int called_here = 0, lost_here = 0, more_here = 0;
            for (std::uint64_t seed = 1; seed <= seeds; ++seed) {
                const Position p =
                    testing::backed_up_playout(deal_position(rules.id, seed, ranks), back, rng);
                if (legal_moves(p).empty()) continue;
                const bool deal_call = capacity_lost(p);
                const bool end_game_call = capacity_lost(p, capacity_budget(rules.id, true, 0));
                if (rules.id == VariantId::Malmaison) {
                    EXPECT_FALSE(deal_call);
                }
                EXPECT_TRUE(end_game_call || !deal_call) << rules.name << "\n"
                                                         << position_to_json(p);
                if (!end_game_call) continue;
                const Verdict truth = reference_solve(p, limits).verdict;
                ++called_here;
                more_here += !deal_call;
                lost_here += truth == Verdict::Lost;
                EXPECT_NE(truth, Verdict::Won) << rules.name << "\n" << position_to_json(p);
            }
            std::cout << rules.name << ", " << ranks << " ranks: " << called_here
                      << " called lost by the capacity test (" << more_here
                      << " only with an end game's budget), " << lost_here
                      << " of them lost for the reference search\n";
            called += called_here;
            confirmed += lost_here;
            called_more += more_here;
        }
    }
    EXPECT_GE(called, 100);
    EXPECT_GE(confirmed, 90);
    EXPECT_GE(called_more, 1);
}

// A relaxed game stopped at its cap is searched again, with larger caps, when its position comes
// back often enough: positions whose relaxed game a first test leaves open, and that the relaxed
// search proves lost within 65,536 states, are called lost after some returns to the same test,
// and are not won for the reference search. A test that has called nothing lost pays the idle
// rate, so the first retry (four times the first strict cap, kRelaxedNodeCap) comes only after
// that cap over kIdleStatesPerReturn returns; and one that keeps calling nothing lost tests only
// one return in up to IdleSampling::kMaxPeriod. Playouts as above, backed up as many as 40 moves;
// not in Malmaison, where a deal's budget leaves the test out.
TEST(Capacity, PositionsThatComeBackGetLargerCaps) {
    constexpr int kMaxReturns = 200000 * static_cast<int>(IdleSampling::kMaxPeriod);
    std::mt19937 rng(31);
    SearchLimits limits;
    limits.node_limit = 20000;
    int found = 0;
    for (const auto& rules : all_variants()) {
        if (rules.foundation_step == 2 || rules.id == VariantId::Malmaison) continue;
        for (std::uint64_t seed = 1; seed <= 120; ++seed) {
            const Position p =
                testing::backed_up_playout(deal_position(rules.id, seed, 13), 40, rng);
            if (legal_moves(p).empty()) continue;
            const int returns = dispatch_variant(p.variant, [&](auto traits) {
                using T = decltype(traits);
                const PackedState<T> state(p);
                if (state.stock_left() > kCapacityStockLeft) return -1;
                auto test = std::make_unique<CapacityTest<T>>();
                if (test->lost(state)) return -1;  // decided at once: nothing to retry
                const auto big = test->relaxed_lost(state, false, kAllReductions, 1u << 16);
                if (!big || !*big) return -1;
                test = std::make_unique<CapacityTest<T>>();
                for (int n = 0; n < kMaxReturns; ++n) {
                    if (test->lost(state)) return n;
                }
                return kMaxReturns;
            });
            if (returns < 0) continue;
            ++found;
            EXPECT_GE(returns, static_cast<int>(4 * kRelaxedNodeCap / kIdleStatesPerReturn))
                << rules.name << "\n"
                << position_to_json(p);
            EXPECT_LT(returns, kMaxReturns) << rules.name << "\n" << position_to_json(p);
            EXPECT_NE(reference_solve(p, limits).verdict, Verdict::Won) << rules.name << "\n"
                                                                        << position_to_json(p);
        }
    }
    std::cout << found << " positions called lost after coming back\n";
    EXPECT_GE(found, 1);
}

// A return pays the full rate while at least one test in kTestsPerLossWhileBiting has called its
// position lost, and the idle rate below that.
TEST(Capacity, ReturnsPayTheFullRateOnlyWhileTheTestBites) {
    EXPECT_EQ(states_per_return(0, 1), kIdleStatesPerReturn);
    EXPECT_EQ(states_per_return(1, 1), kStatesPerReturn);
    EXPECT_EQ(states_per_return(10, 10 * kTestsPerLossWhileBiting), kStatesPerReturn);
    EXPECT_EQ(states_per_return(10, 10 * kTestsPerLossWhileBiting + 1), kIdleStatesPerReturn);
    EXPECT_GT(kStatesPerReturn, kIdleStatesPerReturn);
}

// A test that has called nothing lost for a long time runs on one position in IdleSampling::
// kMaxPeriod, and on every one again once it calls one lost (idle_sampling.hpp). The positions
// are court_cards' lost and won one: after 2 kIdleWindow kMaxPeriod tests of the won one (enough to
// reach the longest period), not every test of the lost one calls it lost at first, one in the next
// kMaxPeriod does, and every one after it does.
TEST(Capacity, AnIdleTestSamplesPositionsUntilItCallsOneLost) {
    using T = VariantTraits<VariantId::Diplomat>;
    const PackedState<T> lost(court_cards({"Q", "J", "K"}));
    const PackedState<T> won(court_cards({"J", "Q", "K"}));
    auto test = std::make_unique<CapacityTest<T>>();
    EXPECT_TRUE(test->lost(lost));  // every position is tested at first
    for (std::uint64_t i = 0; i < 2 * IdleSampling::kIdleWindow * IdleSampling::kMaxPeriod; ++i) {
        ASSERT_FALSE(test->lost(won));
    }
    std::uint64_t calls = 0;  // before the first that calls it lost
    while (calls <= IdleSampling::kMaxPeriod && !test->lost(lost)) ++calls;
    EXPECT_GT(calls, 0u);
    EXPECT_LT(calls, IdleSampling::kMaxPeriod);
    for (int i = 0; i < 100; ++i) EXPECT_TRUE(test->lost(lost));
}

// The complete search takes an end game's budget when its start has at most kEndGameStock stock
// cards, and no other member does (the probes never run the test).
TEST(Capacity, OnlyTheCompleteSearchOfAnEndGameTakesTheLargerBudget) {
    const auto end_game_members = [](int start_stock) {
        int complete = 0, other = 0;
        for (const PortfolioMember& member : portfolio(Techniques{}, 1, 0, start_stock)) {
            if (!member.config.end_game) continue;
            (member.config.complete() ? complete : other) += 1;
        }
        return std::pair{complete, other};
    };
    EXPECT_EQ(end_game_members(0), (std::pair{1, 0}));
    EXPECT_EQ(end_game_members(kEndGameStock), (std::pair{1, 0}));
    EXPECT_EQ(end_game_members(kEndGameStock + 1), (std::pair{0, 0}));
    EXPECT_EQ(end_game_members(64), (std::pair{0, 0}));
}

// Moves home that wait cut the strict game's states where pool cards could go home in many orders:
// Emperor-modern seed 132's position with 16 stock cards along bench/frontier-lines is strict-lost
// either way, in 52,968 states instead of 73,413. (Their soundness: the test below.)
TEST(Capacity, MovesHomeThatWaitCutTheStrictGame) {
    using T = VariantTraits<VariantId::EmperorModern>;
    const PackedState<T> state(
        testing::source_position("bench/positions/frontier/emperor-modern-132-s16-m131.json"));
    auto test = std::make_unique<CapacityTest<T>>();
    const RelaxedReductions all_but_waits{true, true, false};
    ASSERT_EQ(test->relaxed_lost(state, true, all_but_waits, 1u << 20), std::optional<bool>(true));
    const std::uint64_t without = test->relaxed_states();
    ASSERT_EQ(test->relaxed_lost(state, true, kAllReductions, 1u << 20), std::optional<bool>(true));
    const std::uint64_t with = test->relaxed_states();
    EXPECT_LT(with * 4, without * 3) << with << " states with, " << without << " without";
}

// The relaxed search's reductions (the moves played at once: stack cards that build on the card
// under them, and in the loose game pool cards home and the waste's last copy home; draws
// postponed; and in the strict game moves home that wait) keep its verdicts: searched with each
// alone and with all, against a search that tries every move in turn, on positions as above
// (backed up as many as 12 moves, five to nine ranks), where the searches end. Malmaison takes a
// third of the seeds: its relaxed games are the longest.
TEST(Capacity, TheRelaxedSearchsReductionsKeepItsVerdict) {
    const RelaxedReductions kEach[] = {
        kAllReductions, {true, false, false}, {false, true, false}, {false, false, true}};
    constexpr int kKinds = sizeof kEach / sizeof kEach[0];
    std::mt19937 rng(29);
    int compared[2][kKinds] = {}, lost[2] = {};
    for (const auto& rules : all_variants()) {
        if (rules.foundation_step == 2) continue;
        const std::uint64_t seeds = rules.id == VariantId::Malmaison ? 50 : 150;
        for (int ranks = 5; ranks <= 9; ++ranks) {
            for (std::uint64_t seed = 1; seed <= seeds; ++seed) {
                const Position deal = deal_position(rules.id, seed, ranks);
                std::vector<Position> positions{testing::backed_up_playout(deal, 12, rng)};
                // And, for a third of the seeds, a position of a playout with 2 to 12 cards left
                // in its stock, to draw.
                if (seed % 3 == 0) {
                    const int stock = std::uniform_int_distribution<int>(2, 12)(rng);
                    for (const Position& q : testing::greedy_playout(deal, 300, rng)) {
                        if (static_cast<int>(q.stock.size()) > stock) continue;
                        positions.push_back(q);
                        break;
                    }
                }
                for (const Position& p : positions)
                    dispatch_variant(p.variant, [&](auto traits) {
                        using T = decltype(traits);
                        const PackedState<T> state(p);
                        if (state.stock_left() > kCapacityStockLeft) return 0;
                        auto test = std::make_unique<CapacityTest<T>>();
                        for (const bool strict : {false, true}) {
                            const auto plain =
                                test->relaxed_lost(state, strict, kNoReductions, 200000);
                            if (!plain) continue;
                            lost[strict] += *plain;
                            for (int i = 0; i < kKinds; ++i) {
                                const auto reduced =
                                    test->relaxed_lost(state, strict, kEach[i], 1u << 20);
                                if (!reduced) continue;
                                ++compared[strict][i];
                                EXPECT_EQ(*reduced, *plain)
                                    << rules.name << (strict ? ", strict" : ", loose")
                                    << ", moves at once " << kEach[i].moves_at_once
                                    << ", draws postponed " << kEach[i].draws_postponed
                                    << ", homes wait " << kEach[i].homes_wait << "\n"
                                    << position_to_json(p);
                            }
                        }
                        return 0;
                    });
            }
        }
    }
    for (const bool strict : {false, true}) {
        std::cout << (strict ? "strict: " : "loose: ") << lost[strict]
                  << " relaxed games lost without reductions; compared with all, with the moves "
                     "at once alone, with draws postponed alone and with homes waiting alone: "
                  << compared[strict][0] << ", " << compared[strict][1] << ", "
                  << compared[strict][2] << ", " << compared[strict][3] << "\n";
        for (int i = 0; i < kKinds; ++i) EXPECT_GE(compared[strict][i], 100);
        EXPECT_GE(lost[strict], 20);
    }
}

}  // namespace
}  // namespace patience
