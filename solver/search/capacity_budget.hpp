// What the capacity test (capacity.hpp) may spend: the caps on its relaxed searches, the budgets
// that save states up test by test, the start's own search and its retries, and the positions
// it tests.
//
// Cost. A relaxed search starts from each position tested whose relaxed state is new, and stops at
// a cap on the states of each game (the position is then not called lost). Where the relaxed games
// are too large to finish, that is costly (Emperor seed 188, whose columns hold 36 face-down and
// other unmoved cards: 2,073 searches stopped at the cap in its first 200,000 nodes, which took
// 18.9 s instead of 0.37 s). So each test saves up states (CapacityBudget), a search starts only
// with a strict cap's worth saved, and one that stops at its cap spends what it searched. From a
// deal the caps are kLooseNodeCap and kRelaxedNodeCap; from an end game, where losses are proven,
// they grow with the savings. Every relaxed state found lost is kept in a table, so the many
// positions that differ only in their pool's arrangement are settled by one lookup. Those whose
// relaxed game stopped at its cap come back to the test again and again (an Emperor-modern seed 132
// end game with 3 stock cards: 114,722 nodes of the search, whose relaxed game the loose search
// proves lost in 13 ms within 65,536 states), so such a relaxed state is searched again with four
// times the caps once it has come back often enough to pay for it. The start never comes back, but
// the search below it can run for millions of nodes, so its relaxed game is searched again too,
// with growing caps, as the search goes on (kStartRetryRatio): once it is lost, the start is lost,
// and so is every position the search tests, since every one is reached from the start (a win from
// one would be a win from the start). Keys are 64-bit hashes seeded by the key set, like the
// transposition table's (packed_state.hpp): a collision could call a position lost, with the same
// odds.
//
// Where the test does not bite (fewer than one position in kTestsPerLossWhileBiting called lost
// so far) and keeps calling nothing lost, it tests fewer positions (idle_sampling.hpp): after each
// 4,096 tests in a row that called nothing lost, half as many, down to one in 16, and every one
// again after a called loss; the search's start is always tested, and every position while the
// test bites. Measured against testing every position (complete search alone, `--disable
// probes`): Emperor seed 563 with 47 stock cards, whose 1,344,690 tests call nothing lost,
// 1,608,825 nodes either way, in 5.8-5.9 s instead of 8.0-8.5 (5.5 without the test); Diplomat
// seed 703's three end games in bench/positions (287 of 580,301 positions called lost in the
// first), the same nodes, 2.55-2.77, 1.62 and 0.74 s -> 1.17, 0.79 and 0.47; Diplomat seed 7's
// end games there (over 40% called lost) as before; the 62 end games of bench/positions/end-games
// at 300,000 nodes, all lost, 95,640 -> 95,642 nodes. Deals, seeds 1-1000 at 1M nodes of
// Diplomat, Lady Palk, Emperor and Emperor-modern: the same verdicts and nodes but 8 deals won in
// 4 to 18 nodes more. With 1,024 tests a step, down to one in 64: Emperor 563 in 5.7-6.0 s, but 13
// deals won in more nodes, up to 3.8 times as many (Emperor seed 998: 48,003 -> 181,252), where
// the complete search wins after long idle stretches. Sampling while the test bites too lost
// more than it saved where losses come in bursts: Diplomat seed 966's complete search, whose test
// calls two thirds of its positions lost, got through 4,256 card flows in 3 million nodes instead
// of 10,309 (10,305 with the bite rule).
#pragma once

#include <cstdint>

#include "core/variant.hpp"

namespace patience {

// Relaxed states searched at most per position tested. A cap of 1,024 states took the complete
// search of an Emperor-modern seed 132 end game with 11 stock cards 1,795,920 nodes, 4,096 and
// 16,384 both 1,680,144 (before the strict game's placement checks).
inline constexpr std::uint64_t kRelaxedNodeCap = 4096;
// The loose game's own cap, below the strict game's: a loose game that needs thousands of states
// costs more than it decides. Emperor-modern seeds 1-200 at 1M nodes took 7.3 s with a loose cap of
// 4,096 (seed 140: 0.48 s), 6.7 s with 2,048 (0.05 s) and 6.1 s with 1,024 (0.04 s), for the same
// verdicts and nodes; 6.4 s (0.08 s) before the cards home at the start stopped linking chains (the
// deals' times summed, one run each; repeated runs on one thread of Emperor and Emperor-modern
// seeds 1-200 differ by 10-25%, more than 2,048 and the old game do). Losses called on
// tests/capacity_test.cpp's full-deck playouts, Diplomat / Emperor / Emperor-modern, all confirmed
// by the reference search: 46 / 40 / 90 before that change, and with loose caps of 4,096, 2,048 and
// 1,024: 49 / 46 / 92, 46 / 41 / 92 and 44 / 40 / 92.
inline constexpr std::uint64_t kLooseNodeCap = 2048;
// How much a test may spend on relaxed searches, saved up test by test: a search of a new relaxed
// state starts only with a strict cap's worth (kRelaxedNodeCap) saved, takes caps as large as the
// savings within the limits below, and spends what it searched when it stops at a cap, and beyond
// the two base caps when it ends. Where relaxed games are too large to finish, most tests are
// skipped; where they finish, none is.
struct CapacityBudget {
    std::uint64_t saved_per_test;
    std::uint64_t max_savings;
    std::uint64_t max_loose_cap;
    std::uint64_t max_strict_cap;
    // The strict and loose caps of the start position's relaxed search, outside the savings
    // (start_cap 0: none). The start is the first position a search tests.
    std::uint64_t start_cap = 0;
    std::uint64_t start_loose_cap = 0;
    // Whether a saved-up search that ends within the base caps (kLooseNodeCap, kRelaxedNodeCap)
    // costs nothing, or spends what it searched like one stopped at its cap.
    bool base_caps_free = true;
    // Whether the test runs in Malmaison with this budget (CapacityTest::kApplies).
    bool malmaison = false;
    // Whether a start whose relaxed game stopped at its caps is searched again, with four times
    // the caps each time, after kStartRetryRatio times fewer tests than its next caps.
    bool retries_start = false;
};
// From a deal, the base caps only. The end game's budget decides no more deals (Diplomat, Lady
// Palk, Emperor and Emperor-modern seeds 1-200 at 1M nodes: the same verdicts and nodes) for about
// 1.35 times the CPU time (Emperor 37.6 and 38.8 s against 50.6 and 52.7, Emperor-modern 6.0 and
// 6.3 against 8.4 and 8.9), since the complete search's share of a deal's budget proves no deal
// lost.
inline constexpr CapacityBudget kDealCapacityBudget{1, kRelaxedNodeCap, kLooseNodeCap,
                                                    kRelaxedNodeCap};
// The strict cap of the start position's relaxed search (the position a player asks about),
// outside the savings, where the start has at most kStartStockLeft stock cards: from an end
// game, and from a start with up to 24. A relaxed game of the start that is lost ends the search
// at once, where its positions' own relaxed games, smaller, may each stay open: the strict games
// of Diplomat seed 7 and 966 positions with 8 to 11 stock cards are lost in 47,000 to 1.9
// million states (about a microsecond each), and the search below them can take millions of
// nodes. 36 positions sampled from the complete search of Diplomat seeds 7, 703 and 966 with 8
// to 16 stock cards, at 300,000 nodes: 15 -> 26 lost, 7.6M -> 3.1M nodes, 41 -> 48 s (an open
// strict game costs its cap: 2 s); the 180 end games of kEndGameCapacityBudget: 165 -> 174 lost,
// 6.0M -> 1.8M nodes, 42 -> 48 s. Half this cap: 23 of the 36 lost; twice: 26, in 59 s (both
// measured with the loose game's cap as large, which decided nothing more and took up to twice
// the time on open games). Like every relaxed search it stops at the search's deadline
// (--time-limit).
//
// Above 16 stock cards no other position is tested, but the start's strict game is still often
// lost within this cap: of 12 positions with 17 to 24 stock cards sampled from the complete
// search of Emperor seed 480 and Emperor-modern seed 132, in 11 (97,000 to 1.6 million states),
// where 3 were proven lost at 300,000 nodes without the start's search and 11 are with it (with
// 5 of Diplomat seed 7, none either way: 3 -> 11 of the 17 in all, 4.6M -> 1.8M nodes, 11 -> 24
// s); of 10 with 25 to 32, in 2 (and none of 12 from Emperor seed 188 and Emperor-modern seed 563
// with 17 to 32).
inline constexpr std::uint64_t kStartCap = std::uint64_t{1} << 21;
inline constexpr int kStartStockLeft = 24;
// The loose game's cap in a third search of the start, after both games stopped at their caps
// (max_loose_cap, kStartCap). The loose game, with its moves played at once, often proves a lost
// relaxed game in fewer states than the strict one: Emperor seed 563's positions with 10 and 12
// stock cards along bench/frontier-lines (prefixes 70 and 67) are loose-lost in 2.2 and 5.9 s (1-4
// and 4-8 million states), while the strict game takes 9.7 s for the first and is open after 20
// million states (16 s) for the second. Not always: tests/capacity_test.cpp's Emperor seed 480
// position with 24 stock cards is strict-lost within kStartCap and loose-open at 2^23. So the loose
// game gets its large cap last, where the first two searches leave the start open, and an open
// start costs 6 to 12 s more (more with more stock cards; a start whose loose game is won within
// max_loose_cap, as a winnable start's often is, skips it). The 70 positions of
// bench/positions/frontier (along bench/frontier-lines' lines, the first of each with at most 24,
// 20, 16, 14, 12, 10 and 8 stock cards), at 300,000 nodes: 25 -> 29 lost (Emperor 563 with 10 and
// 12 stock cards, Emperor-modern 563 with 8 and 590 with 20, each within 354 nodes), 13.5M -> 12.3M
// nodes, 104 -> 203 s. The loose game with this cap first (then the strict one with kStartCap)
// decided Emperor 480 with 10 stock cards too, in 198 s, but took the position with 24 from 0.07 to
// 7.6 s. bench/positions/ (Diplomat end games, whose loose games are won at once) and
// bench/positions/end-games keep their verdicts, nodes and times.
inline constexpr std::uint64_t kStartLooseCap = std::uint64_t{1} << 23;
// A start whose relaxed game stopped at its cap is searched again with four times the cap, once the
// search has tested kStartRetryRatio times fewer positions than that cap (every node of the
// complete search counts), and again each time with four times more (CapacityBudget::
// retries_start); where the loose game stopped at its cap too, its cap grows the same way, and the
// tests wait for both caps. A relaxed state costs about a microsecond and a half, a node of an end
// game's complete search 6 to 15 (with its tests), so the retries take one to three times the
// search's own time where they stay open; searches of a million nodes make none (an end game's
// complete search takes a quarter of the budget, 250,000 nodes). Two Diplomat seed 7 end games with
// 8 and 9 stock cards (bench/positions/diplomat-7-end-game-1 and -2), unknown at 5 million nodes
// without the retries (and at 50 million on 16 threads): one is lost in 3.9 million nodes (47 s)
// with this ratio and 2.2 million (34 s) with 64; the other in 8.2 million (58 s) and 2.3 million
// (35 s). With 64 the retries would be part of every million-node search of an end game, at 12 s
// each where they stay open. (Measured with 2^20 relaxed states kept; with kMaxStartLostKeys, the
// two are lost in 789,567 and 1,662,117 nodes, 5.4 and 8.8 s.)
inline constexpr std::uint64_t kStartRetryRatio = 16;
// From an end game (a start with at most kEndGameStock stock cards, portfolio.hpp), where the
// complete search proves losses, with all its savings at the start: a relaxed game that needs
// 10,000 to 65,000 states takes a few milliseconds and can cut 10^5 nodes. On 180 end games
// sampled from the complete search of hard deals (Diplomat 7 and 966, Emperor 480, Emperor-modern
// 132, Lady Palk 20; 0-3 and 4-7 stock cards), solved at 300,000 nodes: 154 lost in 9.3M nodes,
// against 136 in 14.5M with a deal's budget, in 50 CPU seconds against 44.
inline constexpr CapacityBudget kEndGameCapacityBudget = [] {
    CapacityBudget budget{4, std::uint64_t{1} << 18, std::uint64_t{1} << 16, std::uint64_t{1} << 16,
                          kStartCap, kStartLooseCap};
    budget.retries_start = true;
    return budget;
}();
// Between the two, a start with 17 to kStartStockLeft stock cards: a deal's budget, and the
// start's search.
inline constexpr CapacityBudget kMidGameCapacityBudget = [] {
    CapacityBudget budget = kDealCapacityBudget;
    budget.start_cap = kStartCap;
    budget.start_loose_cap = kStartLooseCap;
    budget.retries_start = true;
    return budget;
}();
// `budget` for Malmaison: the test runs there (CapacityTest::runs_with), and every saved-up search
// spends what it searched.
inline constexpr CapacityBudget for_malmaison(CapacityBudget budget) {
    budget.base_caps_free = false;
    budget.malmaison = true;
    return budget;
}
// Malmaison's end games: the end game's budget, where every saved-up search spends what it
// searched. Its relaxed states are larger (sixteen piles, four suits of four decks), and most of
// them are new at each position, so free searches within the base caps made an open end game
// (14 stock cards, 73 in the waste; from the beam's runs on seed 2) take 38 s at the default
// 1,000,000 nodes, against 2.5 s without the test; with every search spent, 9.5 s. On the 112 end
// games of CapacityTest::kApplies both decide the same positions in the same nodes; the 20 with
// 12 to 16 stock cards take 42 s instead of 100 s (14 s without the test).
inline constexpr CapacityBudget kMalmaisonEndGameCapacityBudget =
    for_malmaison(kEndGameCapacityBudget);
// Malmaison's mid-games (17 to kStartStockLeft stock cards): the start's search, where every
// saved-up search spends what it searched (as in its end games), without the loose game's third
// search (kStartLooseCap): 20 positions with 17 to 24 stock cards sampled from the complete search
// of seeds 1-4 (`--disable probes --node-limit 300000 --sample-positions`, five of each seed's,
// evenly spaced), at 300,000 nodes: 15 lost instead of 7 (in 75 to 938 nodes; 4.4M -> 1.5M
// nodes), 11.4 s instead of 7.1; with the third search, the same 15 in 98 s, each of the five
// left open taking 19 s. Along bench/frontier-lines, Malmaison 23's positions with 20 and 24
// stock cards are lost in 92 and 60 nodes (their strict games within kStartCap).
inline constexpr CapacityBudget kMalmaisonMidGameCapacityBudget = [] {
    CapacityBudget budget = for_malmaison(kMidGameCapacityBudget);
    budget.start_loose_cap = 0;
    return budget;
}();
// The budget of a complete search from its start: an end game's (the portfolio's end_game), a
// mid-game's, or a deal's, by the start's stock; in Malmaison, none from a deal.
inline constexpr const CapacityBudget& capacity_budget(VariantId variant, bool end_game,
                                                       int start_stock) {
    if (variant == VariantId::Malmaison) {
        return end_game                         ? kMalmaisonEndGameCapacityBudget
               : start_stock <= kStartStockLeft ? kMalmaisonMidGameCapacityBudget
                                                : kDealCapacityBudget;
    }
    return end_game                         ? kEndGameCapacityBudget
           : start_stock <= kStartStockLeft ? kMidGameCapacityBudget
                                            : kDealCapacityBudget;
}
// A relaxed state stopped at its caps is searched again with caps four times larger, as long as
// the strict one stays within kMaxRetryCap, once its position has come back to the test often
// enough to pay for it: each return pays kStatesPerReturn states while the test is biting (at
// least one test in kTestsPerLossWhileBiting so far has called its position lost), and only
// kIdleStatesPerReturn otherwise. A return is a node of the search, about 1.4 microseconds in a
// Diplomat end game without the test, and a relaxed state costs about one, so at 64 a retry may
// cost forty times the search it serves. Where the relaxation decides little that is all loss:
// the three end games of Diplomat seed 703 in bench/positions (15 stock cards), whose complete
// search alone (`--disable probes`) proves them lost in 852,443, 556,602 and 285,528 nodes in 1.2,
// 0.8 and 0.6 s without the test, took 11.8, 6.1 and 1.9 s with it, 8.3 of the 11.8 in retries
// of 263 relaxed games, none of which was lost (the test called 0.7% of its positions lost); at
// 4 states a return, 3.1, 1.9 and 1.0 s. Where it bites it pays: Diplomat seed 7's first end
// game there (8 stock cards, 12% of its positions called lost) is lost in 3,858,740 nodes at 64
// and unknown at 5 million at 4 or 16. Paying 64 only while biting keeps that proof to the node
// and takes the 703 end games to 2.8, 1.8 and 1.0 s (851,345, 555,505 and 284,431 nodes); the 160
// end games of kStartRetryRatio's measurements at 300,000 nodes keep their 155 losses and
// 1,717,248 nodes (41.5 -> 40.4 s), and deals (seeds 1-200 at 1M nodes of Diplomat, Lady Palk,
// Emperor and Emperor-modern) their verdicts and nodes. Never retrying at all decided the same
// 160 end games and deals, but not Diplomat seed 7's.
inline constexpr std::uint64_t kMaxRetryCap = kRelaxedNodeCap << 6;
inline constexpr std::uint64_t kStatesPerReturn = 64;
inline constexpr std::uint64_t kIdleStatesPerReturn = 4;
inline constexpr std::uint64_t kTestsPerLossWhileBiting = 16;
// Whether the test bites after `tests` tests of which `losses` called their position lost.
inline constexpr bool test_bites(std::uint64_t losses, std::uint64_t tests) {
    return losses * kTestsPerLossWhileBiting >= tests;
}
// What a return pays after `tests` tests of which `losses` called their position lost.
inline constexpr std::uint64_t states_per_return(std::uint64_t losses, std::uint64_t tests) {
    return test_bites(losses, tests) ? kStatesPerReturn : kIdleStatesPerReturn;
}
// The most stock cards a tested position may have left: the end games' line (portfolio.hpp's
// kEndGameStock). Up to 8, 11 of 57 positions with 8 to 11 stock cards sampled from the complete
// search of Emperor-modern seed 132 were proven lost at 300,000 nodes each (13.8 million nodes in
// all, 56 s), since only their descendants with 8 left were tested; up to 16, all 57 (1.1 million
// nodes, 15 s), whose strict games are lost. Before the strict game's placement checks, 56 of them
// were strict-won. Deals keep their verdicts, nodes and time (seeds 1-200 at 1M nodes of Diplomat,
// Lady Palk, Emperor and Emperor-modern).
inline constexpr int kCapacityStockLeft = 16;

}  // namespace patience
