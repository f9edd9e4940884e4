// Drain lookahead: the stock lookahead (stock_lookahead.hpp) with the drain anchors' tests
// (drain_anchors.hpp) in place of the dead-end test. A stock macro that draws k cards passes
// through D(k), the position with those k cards drawn and nothing else played; where the anchors
// prove D(k) lost, every macro that draws k cards or more goes, with no child entered.
//
// Why: in Malmaison's proofs of loss nearly every child of a position is a stock macro (one for
// each stock card that has a place to go, and with an empty column every one has), and the search
// entered each, made it an anchor and proved it lost by its own test, one at a time: Malmaison
// seed 23's line (bench/frontier-lines) after 20 moves, at proof effort 10 (`solve --variant
// malmaison --seed 23 --moves M --proof-effort 10 --disable probes`), made 139 anchors in its 525
// nodes, 133 of them proven lost at once (217 million of the 231 million choices the anchors
// evaluated), in 31.6 s. The children of a macro that draws k + 1 cards and of D(k) hold the same
// waste, so one test of D(k) speaks for them all: with the rule, 16 nodes and 16 s; after 16 moves
// 60 nodes and 115 s instead of 1,973 and 149 s; after 2 moves 148 nodes and 162 s instead of
// 4,628 and 238 s. From the deal at proof effort 100 (`solve --variant malmaison --seed S
// --disable probes --proof-effort 100`): seed 23 lost in 998 nodes and 1,128 s instead of 30,091
// and 1,562; seeds 1, 2, 3, 5, 6, 7, 8 and 9 lost in 924, 28, 204, 233, 74, 4.8, 35 and 26 s
// (seed 1 was open after 1,800 s without the rule, seed 2 took 118 s), seed 4 open after 1,800 s
// (these with each D(k) tested at an anchor's full budget and the questions charged, see Budget;
// seeds 2, 7 and 9 again as below: the same nodes, in 13, 4.9 and 26 s).
// bench/positions/frontier at 300,000 nodes (scripts/position_set.sh; proof effort 1): 71 lost
// of 87 instead of 70 (Emperor 563's position with 42 stock cards), in 5.18 million nodes
// instead of 5.63, no answer lost, and Emperor 480's with 24 stock cards in 819 nodes instead
// of 17,377.
//
// Proof. Let P be a position of the complete search with a one-pass stock, and D(k) the position
// reached from P by k plain draws (legal while the stock has cards: SPEC). A macro that draws j
// cards reaches a child of D(j), and D(j) is reached from D(k) by j - k draws when j >= k; a
// position reachable from a lost one is lost (a win from it would be a win from the lost one). So
// where D(k) is lost, every macro drawing k cards or more leads to a lost position, and dropping
// them loses no win (stock_lookahead.hpp's proof, word for word). D(k) is proven lost by the
// anchors' rule (drain_anchors.hpp's proof): it is reached by the search's path to P and then k
// draws, which add to the waste and take nothing from it, so the innermost anchor's waste cards
// held all the way to P are held all the way to D(k), and the anchors' tests carried down to it
// speak for it as for any position the search reaches; and so does D(k)'s own test as an anchor,
// which is made as the search would make it on entering D(k), and dropped after: nothing below P
// is searched with it. Caps and the allowance only leave D(k) open. The depth found passes to the
// children as the stock lookahead's does (inherited_dead_draws: moves that commute with draws
// keep D(k) reachable from a lost position), and the complete search's verdicts are those it
// gives without the rule.
//
// Budget. A test of D(k) spends the anchors' allowance as an anchor's would, with a cap of its own
// of a quarter of an anchor's budget (kDrainLookaheadShare), and asks the anchors outside it
// uncharged (DrainAnchors::lost_unanchored): each test in a search has a fixed cap on all the
// choices it spends carried down (WasteDrainBudget::carried), and the lookahead asks them about
// many more positions than the search enters, one for each D(k) it tries. Charged, those
// questions spent the start's cap: bench/positions/frontier's malmaison-1-s95-m42 (complete
// search alone) went from lost in 215 nodes to open after 300,000; uncharged, and paid from the
// allowance (the start's test too), lost in 6 nodes.
//
// Which k: the macros' draw counts, the most first; where D(most) is not proven lost, none is
// tested further (one test a position), else the fewest proven is found by halving between the
// counts, as if a count proven meant every larger one is (it does for losses, not for the tests'
// proofs, so the k found may not be the fewest: that costs only pruning). Not where a depth is
// inherited (the stock lookahead's rule), and only where the anchors are made (the complete
// search, below a start with a waste or with proof effort above 1).
//
// Tested against the unpruned reference search (every macro dropped leads to a position it does
// not find won, on reduced decks) and by ablation (`--disable drain-lookahead`), in
// tests/drain_lookahead_test.cpp.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <vector>

#include "core/move.hpp"
#include "solver/packed_state.hpp"
#include "solver/search/drain_anchors.hpp"
#include "solver/search/stock_lookahead.hpp"
#include "solver/search/stock_macro.hpp"

namespace patience {

// The share of an anchor's budget that each test of a D(k) may spend of its own
// (DrainAnchors::lost_unanchored): a test that proves nothing costs the anchors' allowance, and
// where the macros are entered instead, each child is tested with the full budget anyway.
inline constexpr std::uint64_t kDrainLookaheadShare = 4;

// Drops, from the moves at `begin` on, every stock macro whose draws pass through a position that
// the drain anchors prove lost (see the header); `held` of the innermost anchor's waste cards
// have stayed in the waste all the way to `state`, the search's `nodes`-th node. Returns the
// fewest draws found to reach a lost position (0: none), which the children inherit. `state` is
// left as it was, and no anchor is kept.
template <class T>
int drop_macros_past_a_drained_draw(PackedState<T>& state, DrainAnchors<T>& anchors, int held,
                                    std::uint64_t nodes,
                                    std::chrono::steady_clock::time_point deadline,
                                    std::vector<Move>& moves, std::uint32_t begin) {
    if constexpr (T::kDeals) {
        return 0;  // Double Dot's `deal` is no macro, and it has no waste
    } else {
        if (!anchors.active()) return 0;
        std::vector<int> draws;
        for (std::uint32_t i = begin; i < moves.size(); ++i) {
            if (const int k = macro_draws(moves[i]); k > 0) draws.push_back(k);
        }
        if (draws.empty()) return 0;
        std::sort(draws.begin(), draws.end());
        draws.erase(std::unique(draws.begin(), draws.end()), draws.end());
        auto lost_after = [&](int k) {
            Undo drawn{};  // every draw's undo record is the same
            for (int i = 0; i < k; ++i) drawn = state.make(Move::draw());
            const bool lost =
                anchors.lost_unanchored(state, held, nodes, deadline, kDrainLookaheadShare);
            for (int i = 0; i < k; ++i) state.undo(drawn);
            return lost;
        };
        if (!lost_after(draws.back())) return 0;
        std::size_t low = 0, high = draws.size() - 1;  // draws[high] proven
        while (low < high) {
            const std::size_t mid = (low + high) / 2;
            if (lost_after(draws[mid])) {
                high = mid;
            } else {
                low = mid + 1;
            }
        }
        drop_macros_drawing_at_least(draws[high], moves, begin);
        return draws[high];
    }
}

}  // namespace patience
