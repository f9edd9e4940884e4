// Stock lookahead: a stock macro that draws k cards passes through the position with those k cards
// drawn and nothing else played. When the dead-end test calls that position lost, every macro that
// draws k cards or more leads to a lost position, and one test drops them all, where the search
// would enter each of those children and test it.
//
// Why it pays: in the end games that proofs of loss are made of, nearly every child of a position
// is a stock macro (one for each stock card and each place it can go) and is called lost the moment
// it is entered. Emperor seed 563's complete search at 150 million nodes had 95.8% of its nodes
// with at most 7 stock cards left, and each of 39 sampled there was called lost on entry; its
// children are mostly macros that bury a few stock cards in the waste, and those buried cards are
// what the test needs to see the loss.
//
// Proof. Let P be a position with a one-pass stock (every variant but Double Dot), and D(j) the
// position reached from P by j plain draws, each legal while the stock has cards (SPEC: drawing is
// allowed at any time). A macro that draws j cards and plays the last one drawn is those j draws,
// then a waste move (stock_macro.hpp), so it reaches a child of D(j); and D(j) is reached from D(k)
// by j - k draws when j >= k. Every position reachable from a lost position is lost: a win from it
// would be a win from the lost one, by the moves to it followed by that win. So when the dead-end
// test, which is sound (dead_end.hpp), calls D(k) lost, every macro with k draws or more leads to a
// lost position, and dropping those moves loses no win: the complete search still reaches a win
// whenever it did, and exhausts its start exactly when it did before, since the children dropped
// would each have been exhausted (lost) below. The rule reads only the position and the moves
// generated from it, so the positions the search marks in its table are searched as before. With
// the second-move rule (second_move.hpp), which drops a child's move because its parent reaches the
// same position itself: where the parent's macro to that position was dropped here, the position
// is lost, so the child's move leads nowhere a win could be.
//
// Which draw counts are tested: those the macros make, upward from the fewest (usually one: if
// D(1) is lost, every macro goes) until one is lost. Testing the most second, before the others,
// saved tests where nothing is lost, but where proofs are made D(most) is nearly always lost and
// the first lost count lies a few above the fewest (Emperor seed 563's position with 47 stock
// cards: 1.68 million tests with it, 1.27 million without, for the same 1,885,022 nodes, 10.8
// and 10.3 s against 13.0 and 11.4), and where nothing is lost the pace (below) soon makes the
// tests rare (deals at 1M nodes, seeds 1-200: the same nodes either way; a Diplomat seed 703 end
// game 20,755 tests with it and 22,055 without, in the same time).
// None where a depth is inherited (inherited_dead_draws below): the search passes the fewest draws
// known to reach a lost position down its path through moves that leave the stock and the waste
// alone, and there the macros that draw that many or more go without a test. In end games, where
// the search rearranges the columns under the same stock and waste, most positions inherit:
// Emperor seed 563's positions with 47 to 33 stock cards (below) are proven lost in the same
// nodes, the one with 33 in 2.85 billion instructions instead of 4.94 (callgrind; 2.67 with the
// upward order above), and a minute of the complete search from the deal reaches 10.4 million
// nodes instead of 5.7 (11.2 with the upward order). An inheriting
// position could still test fewer draws, but those tests found nothing there and little
// elsewhere: in the position with 47 stock cards they were 0.99 of 2.67 million tests (3.88
// billion instructions for the one with 33 with them), against 8,000 more nodes of a Diplomat
// seed 703 end game's 658,403 without them (bench/positions/) and 2,672 more of the 109,332 of
// `bench/positions/end-games`' Diplomat games, in the same time. Testing only the fewest draws
// there made 2.35 million tests, and kept the Diplomat game's nodes.
//
// Where: in the complete search only, and there while it pays (LookaheadPace). The probes look
// for wins, where a test for each stock macro's position costs more than entering the few macros
// they try: with it in every depth-first member, Diplomat, Lady Palk, Emperor, Emperor-modern and
// Double Dot seeds 1-200 at 1M nodes took 97.4 CPU seconds instead of 74.9, for the same verdicts.
// In the complete search it drops 2.7 macros a test in Emperor seed 563's positions, and about one
// in Emperor-modern's and Diplomat seed 703's end games, where it cut the nodes by 38% and 10-28%
// and took as long or longer (Emperor-modern seed 563 with 33 stock cards: 2,085,960 -> 1,316,502
// nodes, 11.7 -> 11.9 s; Diplomat 703's three end games: one 8% faster, two 3-9% slower): hence
// the pace, which keeps Emperor's gains and leaves those near their times without the rule.
//
// With how many stock cards: at most kStockLookaheadLimit. In the complete search of a deal, a
// position with many stock cards costs a test after as many draws and rarely loses a macro; the
// proofs gain little from those (Emperor seed 563 positions with 47, 44 and 33 stock cards,
// complete search alone: 1,857,960, 415,040 and 50,032 nodes with no limit, 1,885,022, 418,680 and
// 50,464 with 24, 2,116,272, 450,672 and 53,896 with 16, and 14,662,340, 3,054,464 and 374,080
// without the rule), while deals pay for them (Emperor and Lady Palk seeds 1-200 at 1M nodes, CPU
// seconds on 2 cores: 58.2 and 16.7 with no limit, 54.8 and 15.7 with 24, 51.0 and 14.9 with 16,
// 49.6 and 13.4 without the rule; the same deals won, and runs differ by 10% from one to the next).
//
// Tested against the unpruned reference search (every macro dropped leads to a position it finds
// lost, on reduced decks) and by ablation (`--disable stock-lookahead`), in
// tests/stock_lookahead_test.cpp.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "solver/packed_state.hpp"
#include "solver/search/dead_end.hpp"
#include "solver/search/move_touches.hpp"
#include "solver/search/stock_macro.hpp"

namespace patience {

// The most stock cards with which the complete search runs the rule (see the header).
inline constexpr int kStockLookaheadLimit = 24;
inline bool stock_lookahead_pays(int stock_left) {
    return stock_left <= kStockLookaheadLimit;
}

struct LookaheadCount {
    int tests = 0;            // dead-end tests made
    std::size_t dropped = 0;  // macros dropped
    // The fewest draws found to reach a lost position (0: none): what the children inherit
    // (inherited_dead_draws).
    int dead_draws = 0;
};

// Whether a move commutes with draws: it neither reads nor changes the stock and the waste
// (move_touches.hpp: moves between columns, supermoves too, and from a column to a foundation), so
// playing it after k draws reaches the same position as playing it before them.
template <class T>
constexpr bool commutes_with_draws(const Move& m) {
    return (touches<T>(m) & kTouchesWaste) == 0;
}

// Inherited dead draws. Let P be a position where k draws are known to reach a lost position
// D_P(k), and C a position reached from P by moves m1..mj (safe moves included) that each commute
// with draws: moves between columns (supermoves too, which are such moves through spaces) and
// from a column to a foundation. Their legality reads only the columns and the foundations, which
// draws leave alone, and draws read only the stock, which they leave alone; so D_P(k) followed by
// m1..mj is legal and reaches D_C(k), the position after k draws from C. A position reachable from
// a lost one is lost (a win from it would be a win from the lost one), so D_C(k) is lost, and
// every macro of C that draws k cards or more may be dropped as in P, without a test. Hence the
// known depth passes down the search's path through such moves (and C tests nothing: see "Which
// draw counts are tested" above). It reads the path, not only the position, which costs no
// soundness: every move it drops leads to a lost position, whatever the path to it.
//
// The depth C inherits from a parent whose known depth is `parent_dead` (0: none), where the moves
// between them (the move that reached C, then its safe moves) touch `path_touched`
// (move_touches.hpp's path_touches): they commute with draws when none touches the waste.
inline int inherited_dead_draws(int parent_dead, std::uint32_t path_touched) {
    return (path_touched & kTouchesWaste) == 0 ? parent_dead : 0;
}

// Drops, from the moves at `begin` on, every stock macro that draws `dead` cards or more; returns
// how many went.
inline std::size_t drop_macros_drawing_at_least(int dead, std::vector<Move>& moves,
                                                std::uint32_t begin) {
    const auto kept = std::remove_if(moves.begin() + begin, moves.end(),
                                     [&](const Move& m) { return macro_draws(m) >= dead; });
    const auto dropped = static_cast<std::size_t>(moves.end() - kept);
    moves.erase(kept, moves.end());
    return dropped;
}

// Drops, from the moves at `begin` on, every stock macro whose draws pass through a position that
// `test` calls lost. `state` is left as it was.
template <class T>
LookaheadCount drop_macros_past_a_dead_draw(PackedState<T>& state, DeadEndTest<T>& test,
                                            std::vector<Move>& moves, std::uint32_t begin) {
    LookaheadCount count;
    if constexpr (T::kDeals) {
        return count;  // Double Dot's `deal` is no macro, and it has no waste
    } else {
        constexpr int kMaxDraws = PackedState<T>::kMaxStock;
        std::array<bool, kMaxDraws + 1> made{};  // made[k]: some macro draws k cards
        int fewest = kMaxDraws + 1, most = 0;
        for (std::uint32_t i = begin; i < moves.size(); ++i) {
            const int k = macro_draws(moves[i]);
            if (k == 0) continue;
            made[k] = true;
            fewest = std::min(fewest, k);
            most = std::max(most, k);
        }
        if (most == 0) return count;
        auto lost_after = [&](int k) {
            ++count.tests;
            Undo drawn{};  // every draw's undo record is the same
            for (int i = 0; i < k; ++i) drawn = state.make(Move::draw());
            const bool lost = test.lost(state);
            for (int i = 0; i < k; ++i) state.undo(drawn);
            return lost;
        };
        for (int k = fewest; k <= most; ++k) {
            if (made[k] && lost_after(k)) {
                count.dropped = drop_macros_drawing_at_least(k, moves, begin);
                count.dead_draws = k;
                break;
            }
        }
        return count;
    }
}

// Whether the rule is worth its tests in one search, judged by what it did lately: each test costs
// about what entering a child costs, so it pays where it drops more macros than it makes tests.
// It counts only the positions where the rule tests: one that inherits a depth makes no test.
// Over each window of kLookaheadWindow tests the rule stays on while it drops at least
// kLookaheadYield macros a test; below that it runs only at one position in kLookaheadSample of
// those where it could, until a window of those shows the yield again. Every count is the search's
// own, so the search stays deterministic and its prefix at any node budget is the same
// (budget-monotone), and the rule only ever drops lost moves, so when it runs changes no verdict.
inline constexpr std::uint64_t kLookaheadWindow = 4096;
inline constexpr std::uint64_t kLookaheadYield = 3;  // in halves: 1.5 macros a test
inline constexpr std::uint64_t kLookaheadSample = 16;
class LookaheadPace {
  public:
    // Whether to run the rule at the next position where it could.
    bool due() { return on_ || ++skipped_ % kLookaheadSample == 0; }
    void record(const LookaheadCount& count) {
        tests_ += static_cast<std::uint64_t>(count.tests);
        dropped_ += count.dropped;
        if (tests_ < kLookaheadWindow) return;
        on_ = 2 * dropped_ >= kLookaheadYield * tests_;
        tests_ = dropped_ = 0;
    }

  private:
    bool on_ = true;
    std::uint64_t skipped_ = 0;
    std::uint64_t tests_ = 0;    // in this window
    std::uint64_t dropped_ = 0;  // in this window
};

// The search moves (every technique on) at `position` (valid: validation first) that the rule
// drops, for tests and tools: each is a macro whose draws pass through a position the dead-end
// test calls lost.
std::vector<Move> stock_lookahead_drops(const Position& position);

// The fewest draws from `position` (valid) that the rule's own tests find to reach a lost
// position, as the search would pass it on to its children (0: none found), for tests and tools.
int stock_lookahead_dead_draws(const Position& position);

}  // namespace patience
