// Capacity: a position is lost when a relaxed game that forgets how the tableau's moved cards are
// arranged, and keeps only how many columns they need and what they may lie on, cannot be won.
//
// Why: once the stock runs low, the waste is a fixed stack whose cards must leave top first, each
// to the foundations or to a column. The search then meets the same waste and foundations under
// millions of arrangements of the same tableau cards (an Emperor-modern seed 132 end game with 8
// stock cards left: 1.1M nodes of complete search for 33 different wastes and foundations), and
// the dead-end test (dead_end.hpp) sees none of them lost, because some column can always be
// emptied. What the arrangements share is how much room the tableau has: each column is the cards
// it was dealt that never moved, with one chain of moved cards built on them, so a waste card that
// goes neither home nor onto a chain, nor into a column of its own, has nowhere to go.
//
// The relaxed game. Each column's *stack* is the bottom of the column up to and including the
// lowest card of the face-up built run on its top (each run card builds on the card under it;
// face-down cards are never in the run): the cards that lie where they were when the test began.
// The *pool* is a multiset of every other tableau card: the rest of the runs and the cards that
// come from the waste or leave a stack. The relaxed state is the stock, the waste, the
// foundations, the length of each stack, and the pool. Moves: draw; the waste's top home or into
// the pool; a stack's top card home or into the pool; a pool card home. Every state must *fit*:
// the pool must be covered by chains, one to a column, where a column whose stack is not empty
// takes only a chain whose top card builds on the stack's top card, and an empty stack leaves its
// column *free* to take any chain. The relaxed game is won when every card is home. Each move
// takes a card one step along stock, waste, stack, pool, home, so the game has no cycles, and a
// state whose every move was tried and lost is lost whatever the path to it.
//
// Two relaxed games. In the *loose* one the cover may also use *optional* cards (those that went
// home in the relaxed game, since the position tested; chosen afresh in each state) as links
// between chains; in the *strict* one it may not. The loose game has more lines, but it lets the
// moves below be played at once, which keeps its search small; the strict one is searched when the
// loose one is not lost. The cards already home in the position tested are never optional: the
// moves played at once need only the cards they send home to be, and where the piles are high the
// home cards link nearly any chains (above all in Diplomat and Lady Palk, whose cards all build on
// each other). With them optional, a Diplomat seed 966 end game with 23 cards in the waste and two
// piles of kings home was loose-won, and strict-lost in 11 states, where the complete search needs
// 601,352 nodes; the loose games of tests/capacity_test.cpp's positions were lost in 26 of 2,997,
// and are lost in 129 of 2,998 without them. In Malmaison with nine ranks (seed 96, end games with
// 8 to 11 stock cards and 35 to 40 in the waste) the loose game was won in each of 12 tried, and
// the strict one lost in 2 of them within two million states; without them the loose game is lost
// in 5 of the 12 within two million states (in 10 with a memory of relaxed states 32 times larger
// than the 2^17 keys it then had).
//
// In the strict game a card must also have its place before it moves, as in the real game, where
// a card from the waste lands on a column's top card or in a space and nothing lies on it then,
// and a card that leaves a stack (lifted with the cards on it, or home as its column's top)
// frees its column's next card, or the column, only by leaving. So the waste's top joins the
// pool only when the pool fits with it as no card's parent, and a stack's top card leaves its
// stack only when the state after fits without its column (neither its slot nor free), unless it
// builds on the card under it or is its stack's only card (it then joins the pool at once,
// below, and keeps the plain test; in Lady Palk, an only card that is a King). Without that the
// strict game swaps chains through a column that only one of them can free: in an Emperor-modern
// seed 132 end game (7 stock cards, 32 in the waste, no space; the complete search proves it
// lost in 436 nodes with neither test), the run headed by 6C left the 5D under it for the column
// of the run headed by 4S, which could leave that column only for the 5D. With it, the strict
// games of 60 end games of Diplomat seeds 7 and 966 and Emperor-modern seed 132 (4 to 7 stock
// cards) are lost in 44 instead of 39 within 2^20 states, and won in none instead of 9, and
// Emperor-modern's in 1.5 times fewer states (six of them in 33 to 546 times fewer); of 57
// positions that the complete search of Emperor-modern seed 132 meets with 8 to 11 stock cards,
// the strict game is lost in all 57 within 2^20 states, against one before.
//
// Fit. Cards that can lie on each other form *families*: in suit, the suits (Malmaison); down by
// rank, one family (Diplomat, Lady Palk); alternating colours, two (black odd ranks with red even
// ones, and the other way round: Emperor). A card that builds on a stack's top card is of its
// family and one rank lower, so a column with a stack offers one *slot*, a family and a rank. A
// chain is a run of consecutive ranks of one family. If y(r) cards of a family have rank r, a
// cover of them has t(r) >= max(0, y(r) - y(r+1)) chains with their top at rank r, any t(r) up to
// y(r) can be had, and more tops only need more columns: so the pool fits when the tops
// max(0, y(r) - y(r+1)) that find no slot of their family and rank number at most the free
// columns. Which optional cards to add is a small dynamic programme over the ranks. In Lady Palk a
// space takes only a King or a run headed by one, so there a free column takes only a chain whose
// top is a King, and every chain topped by a lower card needs a slot.
//
// Proof that a relaxed loss is a loss. Take a real line from the position to a win, and map each
// real position Q on it to the relaxed state with Q's stock, waste and foundations, each column's
// stack cut to the cards of it that have not moved (nothing moves from under a card that does not
// move, so they are its bottom), and every other tableau card in the pool.
// 1. The state fits. Every moved card lies on a card it builds on or at the bottom of a column
//    that was empty: its last move put it there, or carried it in a built run whose cards under
//    it moved too, and the card under it cannot have moved since without it. So each column is
//    its unmoved cards with one chain of moved cards built on them. When some stack card has not
//    moved, that chain, with the column's unmoved run cards under it, is one chain of the pool
//    whose top builds on the stack's top (when the stack's top is the run's lowest card, the run
//    card above it builds on it, by the stack's definition); when none is left, the column is free
//    (in Lady Palk its chain's top is a King: only a King, or a run headed by one, fills a space,
//    and the column's bottom card leaves only with everything on it, emptying the column).
//    No card is home and in a column, so no optional card is needed: the state fits in both games.
// 2. Each real move is zero or more relaxed moves. Draw, and the waste's top home, are the same.
//    The waste's top onto a column joins the pool: in Q's columns after the move it lies on a card
//    or in a space with nothing on it, so they cover the pool with it as no card's parent. A card
//    home from a column leaves the pool or, when unmoved, the top of its stack. A move between
//    columns only rearranges the pool, except that the unmoved cards it lifts leave their stack for
//    the pool, top first. A stack state in between fits: each lifted stack card but the lowest
//    builds on the one under it (they move as one built run), so it anchors the chain above it.
//    After the lowest leaves, or an unmoved card goes home, nothing lies on its column's next
//    card, nor in its column if it was the last: Q's columns after the move cover the pool without
//    that column.
// So both relaxed games are won whenever the real one is: a relaxed loss is a real loss. Double
// Dot's deals put stock cards on columns without building on them, so the test is not used there.
//
// Moves played at once in the relaxed games (each keeps a relaxed win when there is one):
// - In both: a stack's top card that builds on the card under it, or is the only card of its
//   stack (in Lady Palk, only a King), joins the pool. In any relaxed line, the stack card may be
//   read as a pool card: the chain its column holds builds on it, so with it on top that chain
//   builds on the card under it, or fills the now free column (a cover of the same chains, with no
//   optional card added; in Lady Palk a chain topped by a King, as a free column takes there); when
//   the line moves it home, it goes home from the pool instead. The strict game's placement
//   checks come out the same too: in the pool the card is a parent where its slot was, and it
//   keeps the slot, or the column, that holds it.
// - In the loose game: a pool card goes home when a pile takes it (safe_home_move has the proof).
// - In the loose game: the waste's top goes home when no other copy of it is off the foundations.
// The last two need home cards to stay links: in the strict game a pool card that goes home may
// leave two chains where there was one. So there they are played at once only when no card that
// could lie on the card (its family, one rank lower) is off the foundations: then it links no
// chains (safe_home_move). Any other move home of a pool card is a choice like any other, and
// allowed only where the state still fits. On 60 end games of Diplomat seeds 7 and 966 and
// Emperor-modern seed 132 with 4 to 7 stock cards, playing those two at once cut the strict game's
// states by 1.0 to 4.5 times (5.1 million to 1.6 million on the 37 decided either way) and decided
// 11 more of them within 2^20 states, 6 lost and 5 won (measured before the placement checks).
//
// Draws postponed. Right after a draw (one that no move played at once followed), the relaxed
// search tries only the moves of the waste's top (home, or into the pool) and another draw, and
// keys that state apart from the same state reached otherwise (kAfterDrawKey), since it tries
// fewer moves there. It still finds a relaxed win when there is one. A draw reads and changes only
// the stock and the waste; the other moves (a card home from a stack or the pool, a stack's top
// into the pool) neither read nor change them: whether one may be played, and whether the state
// after it fits and passes the strict game's placement checks, depend only on the piles, the
// stacks and the pool. So in a winning line a draw followed by such a move may be swapped with it:
// the move may be played before the draw, where the piles, stacks and pool are those it was
// played on; the states after both are the same; and the one in between has the piles, stacks
// and pool of that state after both, which fits. Swapping until no draw is followed by such a move
// (each swap brings one of them a step earlier, so this ends) gives a winning line of the same
// length in which each draw is followed by a draw, a move of the waste's top, or the end. By
// induction on the length of the shortest win: from a state the search expands with every move,
// take a shortest win in that form; its first move is tried, and leads to a state with a shorter
// win (the moves played at once keep a win without making it longer: their proofs above drop a move
// of the line or replace one with another). When that first move is a draw that no move played at
// once follows, the state reached is expanded after a draw, and the rest of the line is in that
// form and begins with a draw, a move of the waste's top, or the win, all of which are tried there.
// A state keyed as one after a draw is lost only for such lines, which is all its key is ever asked
// about. On 160 end games sampled from the complete search of Diplomat seeds 7 and 966, Emperor
// seed 480, Emperor-modern seed 132 and Lady Palk seed 20 (0 to 7 stock cards), at 300,000 nodes:
// 154 -> 155 lost, 2.00M -> 1.72M nodes, 50.5 -> 44.4 s; on the 112 Malmaison end games of
// kApplies, the same 106 lost in 77.5 -> 48.2 s.
//
// Moves home that wait (the strict game). There a pool card's move home is a choice, and most
// states differ only in which such moves were made (Emperor seed 563's position with 10 stock
// cards along bench/frontier-lines: 1,735 foundation vectors, against 328 with every pool card
// home at once, which is not sound). So the strict search does not play pool card c (family f,
// rank r) home where its move can wait (home_can_wait, next_may_follow): where
// (a) the next card of its suit is neither in the pool nor on the waste's top, in the stock or on
//     a stack's top;
// (b) some card is left outside the pool; and
// (c) with e = y(r) - y(r+1) - slots(r) (the chain tops at rank r without a slot, before the max)
//     counted as if every pool card of family f and rank r + 1 that can go home one after another
//     from here (on its pile, rank by rank) had gone: e < 0; or e = 0 and no move but one home from
//     the pool can raise e (no card of family f and rank r on the waste's top, in the stock or on
//     a stack's top, none of rank r + 1 on a stack's top); or the free columns exceed the
//     unslotted tops by n + 1 chain tops' cost or more (one column; in Lady Palk, for a top below
//     a King, more than all the columns), where n counts the pool cards that can go home one after
//     another and have a card of their family and the rank below in the pool.
// The strict search still finds a relaxed win when there is one. From a state it expands with
// every move, take a shortest win in the form of draws postponed whose first moves include the
// fewest moves home from the pool, c_1 ... c_k, before its first other move m (after draws, if
// any, a move of the waste's top) or its end. Suppose k > 0 and c_1 can wait. If the line ends
// after them, every card left is the pool's, against (b). Else play c_1 right after m instead:
// - no move before it needs its pile: by (a), none of the c_i is its next card, nor is m's;
// - the states between keep c_1 in the pool and fit. The other c_i are pool cards going home one
//   after another, so in those states e is at most (c)'s count, and m raises it by one at most
//   (only by the moves (c) names: a card into the pool that could be a parent counts as none by
//   the placement check, and a stack card that joins the pool replaces its slot as a parent). So
//   where (c) holds by e, e <= 0 with c_1 in the pool in each of those states: c_1 adds no chain
//   top at rank r, and, as a parent, none at r - 1, so each fits as the line's state without c_1
//   did. Where it holds by the spare columns, each c_i but c_1 uses at most one chain top's worth
//   (a card home leaves its children without a parent: none when it has none in the pool, which
//   only shrinks meanwhile), and m one more, so each state fits;
// - c_1's move after m is legal (a pile takes it: a move that put a copy of it home meanwhile took
//   another pile of its height) and reaches the line's state.
// That line is as long, in the same form, and has one move home fewer first: a contradiction. So
// its first move is not a pool card's move home that can wait, and it is tried; the induction of
// draws postponed goes through as it is. TheRelaxedSearchsReductionsKeepItsVerdict checks it
// against the search without reductions; a version that let c wait by (a) and its own state alone
// (not counting what the moves home before m may change) was not sound: of those relaxed games it
// called 24 lost, won where only a few pool cards are left and each can go home before the others.
// Measured with the strict game alone (2^23 states kept): Emperor seed 563's positions along
// bench/frontier-lines with 10, 12 and 14 stock cards are lost in 3,780,325, 6,850,891 and
// 63,343,998 states instead of 5,268,228, 10,638,056 and 130,426,995 (3.0 and 5.5 s instead of 4.1
// and 8.9; 89 s instead of 130, beside other runs); the 70 positions of bench/positions/frontier
// with a cap of kStartCap, the same 28 lost, 6 won and 36 open, the 28 in 9,498,750 states instead
// of 10,588,643 (8.0 s instead of 9.1), 10 to 30% fewer but in Malmaison, where none changes.
//
// What the test may spend, and which positions it tests: capacity_budget.hpp.
//
// Tested against the unpruned reference search and by ablation (`--disable capacity`), in
// tests/capacity_test.cpp.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "solver/bounded_key_set.hpp"
#include "solver/packed_state.hpp"
#include "solver/path_set.hpp"
#include "solver/search/capacity_budget.hpp"
#include "solver/search/chain_family.hpp"
#include "solver/search/idle_sampling.hpp"

namespace patience {

// The relaxed search's reductions, each of which keeps a relaxed win (see the header): the moves
// played at once, draws postponed, and the strict game's moves home that wait. Only tests switch
// them off.
struct RelaxedReductions {
    bool moves_at_once = true;
    bool draws_postponed = true;
    bool homes_wait = true;  // the strict game's
};
inline constexpr RelaxedReductions kAllReductions{true, true, true};
inline constexpr RelaxedReductions kNoReductions{false, false, false};

template <class T>
class CapacityTest {
  public:
    // Double Dot deals stock cards onto columns: its columns are not chains. Malmaison runs the
    // test only with a budget that says so (kMalmaisonEndGameCapacityBudget from an end game,
    // kMalmaisonMidGameCapacityBudget from a start with up to kStartStockLeft stock cards). From
    // its deals the test costs and decides nothing: seeds 1-10 at 100,000 nodes took 6.0 s with it
    // against 3.2 s without, with no deal decided either way, and on seed 96 with nine ranks
    // (unknown at 20M nodes, though won: README) 50M nodes of the complete search alone (`--disable
    // probes`) took 236 s with it and 89 s without, neither finishing. From an end game it decides
    // what the search alone does not: of 112 full-deck end games sampled from the beam's runs on
    // seeds 1-4 (0 to 16 stock cards, 56 to 81 cards in the waste), at 300,000 nodes, 106 are
    // proven lost with it and 67 without (0-3 stock cards: 20 and 19 of 20; 4-7: 40 and 24 of 40;
    // 8-11: 32 and 19 of 32; 12-16: 14 and 5 of 20), in 1.8M nodes and 67 s against 15.9M and 54 s,
    // most of them by the start's search within a few hundred nodes. With 17 to 24 stock cards (the
    // start's search of a mid-game) it decided 3 of 18 where the search alone decided none, for 6 s
    // a position instead of 0.8, and was left out; measured again since, it decides more for less,
    // and runs (kMalmaisonMidGameCapacityBudget).
    static constexpr bool kApplies = !T::kDeals;
    // Whether the test runs with `budget` (in Malmaison only with a budget that says so).
    static constexpr bool runs_with(const CapacityBudget& budget) {
        return kApplies && (T::kId != VariantId::Malmaison || budget.malmaison);
    }

    // The most relaxed states found lost that a test keeps (lost_, below): kMaxLostKeys, or, in
    // the one test of a solve that searches its start's relaxed game again and again (a budget
    // that retries_start: the portfolio's complete search, or the relaxed start's thread),
    // kMaxStartLostKeys. When the set is full, its cheapest states are forgotten and searched
    // again when met (bounded_key_set.hpp), and the start's large searches are the ones that fill
    // it. Searched alone with kStartLooseCap states, the loose games of the 70 positions of
    // bench/positions/frontier are lost in 32 with 2^20 keys and 35 with 2^23 (Emperor seed 480
    // with 12 stock cards, Emperor-modern 563 with 10 and 12; 2^21 or 2^22 keys decide the first
    // only), in up to 2.4 times fewer states where lost either way (Emperor 480 with 10,
    // 7,971,197 -> 3,339,161). The strict game of Emperor 563 with 10 stock cards (prefix 70 of
    // its line) is lost in 13,245,091 states with 2^20 keys and 5,268,228 with 2^23; with 12
    // (prefix 67), 40,118,927 and 10,638,056; with 14 (prefix 64), it is open after 300 million
    // with 2^20, and lost in 86,228,760 with 2^24. In the solver, those 70 positions at 300,000
    // nodes: 34 lost instead of 29, 10.9 million nodes instead of 12.3, 189 s instead of 203;
    // along bench/frontier-lines at a million nodes a position, the first lost position comes
    // earlier on five of the ten lines (Emperor 480: move 70 with 14 stock cards, before 81 with
    // 10); Diplomat seed 7's first two end games of bench/positions are lost in 789,567 and
    // 1,662,117 nodes instead of 3.9 and 8.2 million. Where the relaxed games stay open and fill
    // the set, it costs time: Malmaison seed 1's positions along its line with 8, 12 and 16 stock
    // cards take 5-9% longer at 300,000 nodes (about 3.2 s). A key takes 12 bytes in a table at
    // most half full: the set holds at most 24 MiB, the start searcher's 192 MiB (1.5 times that
    // for a moment while it grows or forgets). It grows only as the searches fill it, from a few
    // kilobytes, so searches from deals, which have no start search, come near neither bound
    // (seeds 1-200 of every game but Malmaison at 1M nodes: the same verdicts and nodes).
    static constexpr std::size_t kMaxLostKeys = std::size_t{1} << 20;
    static constexpr std::size_t kMaxStartLostKeys = std::size_t{1} << 23;

    // `max_lost_keys` 0: by the budget, as above; tests may set a bound of their own.
    explicit CapacityTest(int key_set = 0, const CapacityBudget& budget = kDealCapacityBudget,
                          std::size_t max_lost_keys = 0)
        : seed_(0x9E3779B97F4A7C15ull * static_cast<std::uint64_t>(key_set + 1)),
          lost_(max_lost_keys > 0      ? max_lost_keys
                : budget.retries_start ? kMaxStartLostKeys
                                       : kMaxLostKeys),
          budget_(budget),
          savings_(budget.max_savings) {}

    std::size_t max_lost_keys() const { return lost_.max_keys(); }

    // Relaxed searches stop, as at a cap, once `deadline` has passed (checked every 4,096 states):
    // the start's search can take seconds, and --time-limit must still stop a solve.
    void set_deadline(std::chrono::steady_clock::time_point deadline) { deadline_ = deadline; }
    // Relaxed searches stop, as at a cap, once `*stop` is set (checked as the deadline is).
    void set_stop(const std::atomic<bool>* stop) { stop_ = stop; }

    // The relaxed games of `state` searched first as a start's are (search_start), then the strict
    // one without a cap: true when they are lost, so `state` is; nullopt when
    // the search stopped (deadline or stop), `state` does not fit, or the test does not run with
    // this budget. For relaxed_start.hpp.
    std::optional<bool> lost_without_cap(const PackedState<T>& state) {
        if constexpr (!kApplies) {
            return std::nullopt;
        } else {
            if (!runs_with(budget_)) return std::nullopt;
            load(state);
            if (!fits()) return std::nullopt;
            std::uint64_t searched = 0, loose_cap = 0;
            Outcome outcome = search_start(searched, loose_cap);
            if (outcome == Outcome::Capped) outcome = search_game(true, UINT64_MAX, searched);
            if (outcome == Outcome::Capped) return std::nullopt;
            return outcome == Outcome::Lost;
        }
    }

    // True when the relaxed game of `state` is lost, so `state` is lost.
    bool lost(const PackedState<T>& state) {
        if constexpr (!kApplies) {
            return false;
        } else {
            if (!runs_with(budget_)) return false;
            const std::optional<bool> called = relaxed_game_lost(state);
            if (!called) return false;  // sampled out: not a test
            ++tests_;
            if (*called) ++losses_;
            return *called;
        }
    }

    // Whether the start's relaxed game was found lost (by its first search or a later one): then
    // the start is lost, and every position the search tests is called lost.
    bool start_lost() const { return start_lost_; }

    // For tests of the relaxed search's reductions: the verdict (true: lost) of the loose or the
    // strict relaxed game, searched with the reductions asked for (without any, every move is tried
    // in turn), up to `cap` states; nullopt past the cap, or when the position does not fit.
    // Forgets the states remembered so far.
    std::optional<bool> relaxed_lost(const PackedState<T>& state, bool strict,
                                     RelaxedReductions reductions, std::uint64_t cap) {
        if constexpr (!kApplies) {
            return std::nullopt;
        } else {
            load(state);
            if (!fits()) return std::nullopt;
            lost_.clear();
            won_.clear();
            strict_ = strict;
            reductions_ = reductions;
            cap_ = cap;
            nodes_ = 0;
            const Outcome outcome = search();
            reductions_ = kAllReductions;
            strict_ = false;
            lost_.clear();
            won_.clear();
            if (outcome == Outcome::Capped) return std::nullopt;
            return outcome == Outcome::Lost;
        }
    }
    // The states the last relaxed search took: right after relaxed_lost(), its own.
    std::uint64_t relaxed_states() const { return nodes_; }

  private:
    // lost(), where the test applies; nullopt where the position was sampled out (sampling_).
    std::optional<bool> relaxed_game_lost(const PackedState<T>& state) {
        // Every position the search meets is reached from its start.
        if (start_lost_) return true;
        if (start_state_ && ++tests_since_start_ * kStartRetryRatio >= start_retry_cost()) {
            return retry_start();
        }
        // The first position tested is the search's start (depth_first.hpp tests it first).
        const bool start = !tested_start_ && budget_.start_cap > 0;
        tested_start_ = true;
        if (state.stock_left() > (start ? kStartStockLeft : kCapacityStockLeft)) return false;
        if (start || test_bites(losses_, tests_)) return test(state, start);
        if (!sampling_.due()) return std::nullopt;
        const bool called = test(state, false);
        sampling_.note(called);
        return called;
    }

    // The relaxed games of `state`, which has few enough stock cards, from the tables or searched
    // within the budget; `start`: the search's start.
    bool test(const PackedState<T>& state, bool start) {
        load(state);
        // A real position always fits (step 1 of the proof); nothing to prove if it did not.
        if (!fits()) return false;
        const std::uint64_t root = key();
        if (lost_.contains(root)) return true;
        strict_ = true;
        const std::uint64_t strict_root = key();  // the loose key also holds the start's piles
        strict_ = false;
        if (lost_.contains(strict_root)) return true;
        if (won_roots_.contains(root)) return false;
        // The positions that come back with a relaxed state stopped at its cap are the tableau
        // arrangements of one stock, waste and foundations, which the complete search expands
        // one by one while that relaxed game stays open.
        std::uint64_t loose_cap = 0, strict_cap = 0;
        const auto capped = capped_.find(root);
        const bool retry = capped != capped_.end();
        if (retry) {
            Retry& last = capped->second;
            loose_cap = std::uint64_t{last.loose_cap} * 4;
            strict_cap = std::uint64_t{last.strict_cap} * 4;
            if (strict_cap > kMaxRetryCap) return false;
            if (++last.returns * states_per_return(losses_, tests_) < strict_cap) return false;
        } else if (start) {
            strict_cap = budget_.start_cap;
        } else {
            savings_ = std::min(savings_ + budget_.saved_per_test, budget_.max_savings);
            if (savings_ < kRelaxedNodeCap) return false;
            loose_cap = std::clamp(savings_, kLooseNodeCap, budget_.max_loose_cap);
            strict_cap = std::clamp(savings_, kRelaxedNodeCap, budget_.max_strict_cap);
        }
        const bool saved_up = !retry && !start;
        std::uint64_t searched = 0;
        const Outcome outcome = start ? search_start(searched, loose_cap)
                                      : search_both(loose_cap, strict_cap, searched);
        if (saved_up) {
            const std::uint64_t free = budget_.base_caps_free ? kLooseNodeCap + kRelaxedNodeCap : 0;
            const std::uint64_t spent = outcome == Outcome::Capped ? searched
                                        : searched > free          ? searched - free
                                                                   : 0;
            savings_ -= std::min(savings_, spent);
        }
        if (start && outcome == Outcome::Lost) start_lost_ = true;
        if (start && outcome == Outcome::Capped && budget_.retries_start) {
            start_state_.emplace(state);
            start_loose_cap_ = loose_cap;
            start_next_cap_ = strict_cap;
            schedule_start_retry();
        }
        if (outcome == Outcome::Capped) {
            if (capped_.size() >= kMaxCapped) capped_.clear();
            capped_[root] = Retry{static_cast<std::uint32_t>(loose_cap),
                                  static_cast<std::uint32_t>(strict_cap), 0};
        } else {
            capped_.erase(root);
            if (outcome == Outcome::Won) remember(won_roots_, root);
        }
        return outcome == Outcome::Lost;
    }

    // After a search of the start that stopped at its caps: the strict game, and the loose one if
    // it stopped at its cap too (it may have been won), get four times their caps for the next
    // search, which comes once the tests since pay for it (start_retry_cost).
    void schedule_start_retry() {
        if (loose_capped_) start_loose_cap_ *= 4;
        start_next_cap_ *= 4;
        start_retry_loose_ = loose_capped_;
        tests_since_start_ = 0;
    }
    // The states the start's next search may take: the strict cap, and the loose one if it is
    // still open.
    std::uint64_t start_retry_cost() const {
        return start_next_cap_ + (start_retry_loose_ ? start_loose_cap_ : 0);
    }

    // The start's relaxed game searched again, with the next cap. Returns whether it is lost now
    // (then every position is); a search that ends either way is the last one.
    bool retry_start() {
        load(*start_state_);
        std::uint64_t searched = 0;
        const Outcome outcome = search_both(start_loose_cap_, start_next_cap_, searched);
        schedule_start_retry();
        if (outcome != Outcome::Capped) start_state_.reset();
        start_lost_ = outcome == Outcome::Lost;
        return start_lost_;
    }

    static constexpr int kFamilies = ChainFamilies<T>::kCount;  // chain_family.hpp
    static constexpr int kMaxPerRank = ChainFamilies<T>::kMaxPerRank;
    static constexpr int kMaxStock = PackedState<T>::kMaxStock;
    enum class Outcome { Won, Lost, Capped };

    // The start's first search: both games with the budget's caps (max_loose_cap, start_cap), then,
    // where both stopped there, the loose game again with start_loose_cap (kStartLooseCap): lost,
    // won, or stopped. Adds the states searched to `searched`; sets `loose_cap` to the loose game's
    // last cap.
    Outcome search_start(std::uint64_t& searched, std::uint64_t& loose_cap) {
        loose_cap = budget_.max_loose_cap;
        const Outcome outcome = search_both(loose_cap, budget_.start_cap, searched);
        if (outcome != Outcome::Capped || !loose_capped_ ||
            budget_.start_loose_cap <= budget_.max_loose_cap) {
            return outcome;
        }
        loose_cap = budget_.start_loose_cap;
        const Outcome loose = search_game(false, loose_cap, searched);
        // A loose win leaves the strict game as open as it was.
        return loose == Outcome::Lost ? Outcome::Lost : Outcome::Capped;
    }

    // The loose game, then the strict one unless the loose one is lost, with these caps; adds the
    // states searched to `searched`.
    Outcome search_both(std::uint64_t loose_cap, std::uint64_t strict_cap,
                        std::uint64_t& searched) {
        const Outcome outcome = search_game(false, loose_cap, searched);
        return outcome == Outcome::Lost ? outcome : search_game(true, strict_cap, searched);
    }

    // One relaxed game, the strict or the loose one, with this cap; adds the states searched to
    // `searched`, and notes whether a loose game stopped at its cap (loose_capped_).
    Outcome search_game(bool strict, std::uint64_t cap, std::uint64_t& searched) {
        strict_ = strict;
        cap_ = cap;
        nodes_ = 0;
        const Outcome outcome = search();
        strict_ = false;
        searched += std::min(nodes_, cap_);
        if (!strict) loose_capped_ = outcome == Outcome::Capped;
        return outcome;
    }

    // Forgetting a relaxed state costs only time, since a key's verdict never depends on the sets.
    // The lost ones, which the searches of all the positions tested share, are kept with the
    // states each took (bounded_key_set.hpp), at most max_lost_keys() of them; when full, the
    // cheapest are forgotten. With PathSets emptied at 2^19 keys instead, the strict games of
    // Diplomat seed 7 positions with 8 stock cards were open after 8 million states, and are lost
    // in 1.6-1.9 million. The won ones (kMaxKeys, in PathSets: path_set.hpp) are only the
    // lines of relaxed wins, and are emptied when full.
    static constexpr std::size_t kMaxKeys = std::size_t{1} << 19;
    static constexpr std::size_t kMaxCapped = std::size_t{1} << 14;  // states kept to retry
    static constexpr std::uint64_t kStrictKey = 0x5851F42D4C957F2Dull;
    static constexpr std::uint64_t kAfterDrawKey = 0x2545F4914F6CDD1Dull;
    static void remember(PathSet& set, std::uint64_t key) {
        if (set.size() >= kMaxKeys) set.clear();
        set.insert(key);
    }

    static int family(Card card) { return ChainFamilies<T>::of(card); }

    void load(const PackedState<T>& state) {
        ranks_ = state.ranks();
        for (auto& f : pool_) f.fill(0);
        pool_card_.fill(0);
        stack_card_.fill(0);
        waste_or_stock_.fill(0);
        for (int s = 0; s < kSuitCount; ++s) {
            for (int k = 0; k < T::kDecks; ++k) height_[s][k] = state.pile_height(s, k);
        }
        start_height_ = height_;
        home_ = state.cards_up();
        for (auto& f : home_by_rank_) f.fill(0);  // no card is optional yet
        total_ = T::kDecks * kSuitCount * ranks_;
        stock_size_ = state.stock_left();
        for (int i = 0; i < stock_size_; ++i) {
            stock_[i] = state.stock_card(i);
            ++waste_or_stock_[stock_[i].bits()];
        }
        drawn_ = 0;
        waste_size_ = state.waste_size();
        for (int i = 0; i < waste_size_; ++i) {
            waste_[i] = state.waste_card(i);
            ++waste_or_stock_[waste_[i].bits()];
        }
        for (int c = 0; c < T::kColumns; ++c) {
            const auto& col = state.column(c);
            const int stack = col.size == 0 ? 0 : col.size - state.built_run(c) + 1;
            stack_size_[c] = static_cast<std::uint8_t>(stack);
            for (int d = 0; d < col.size; ++d) {
                if (d < stack) {
                    stack_[c][d] = col.cards[d];
                    ++stack_card_[col.cards[d].bits()];
                } else {
                    add_to_pool(col.cards[d], 1);
                }
            }
        }
    }

    // Whether the top card of column c's stack joins the pool at once (see the header).
    bool pops_at_once(int c, int size) const {
        if (size == 1) return !T::kKingSpaces || stack_[c][0].rank() == ranks_;
        return size > 1 &&
               PackedState<T>::builds_on(stack_[c][size - 1], stack_[c][size - 2], ranks_);
    }

    using Counts = std::array<std::array<std::uint8_t, kMaxRanks + 2>, kFamilies>;

    // What a card placed in the strict game may not use (see the header): the column it left, and
    // itself as a parent (a card of this family and rank, in the pool).
    struct Placement {
        int column = -1;
        int family = -1;
        int rank = 0;
    };
    void add_to_pool(Card card, int n) {
        auto& count = pool_[family(card)][card.rank()];
        count = static_cast<std::uint8_t>(count + n);
        pool_card_[card.bits()] = static_cast<std::uint8_t>(pool_card_[card.bits()] + n);
    }

    // What one chain top of rank r that finds no slot costs in free columns: one, or in Lady Palk,
    // for a top below a King, more than all the columns (none may take it).
    int unslotted_cost(int r) const { return T::kKingSpaces && r < ranks_ ? T::kColumns + 1 : 1; }

    // The free columns that the chain tops of family f that find no slot need: without optional
    // cards, or the fewest that any choice of optional cards leaves. Above the highest rank with a
    // card home the count is fixed; below it, best[v] is the fewest above rank r with v cards of
    // rank r+1 in the chains.
    int unslotted_tops(int f, const Counts& slots, bool with_optional,
                       const Placement& placed) const {
        int highest_home = 0;
        if (with_optional) {
            for (int r = ranks_; r >= 1 && highest_home == 0; --r) {
                if (home_by_rank_[f][r] > 0) highest_home = r;
            }
        }
        int fixed = 0;
        for (int r = ranks_; r > highest_home; --r) {
            const int parents = pool_[f][r + 1] - (f == placed.family && r + 1 == placed.rank);
            fixed += unslotted_cost(r) * std::max(0, pool_[f][r] - parents - slots[f][r]);
        }
        if (highest_home == 0) return fixed;
        constexpr int kInf = 1 << 20;
        std::array<int, kMaxPerRank + 1> best;
        best.fill(kInf);
        best[pool_[f][highest_home + 1]] = fixed;
        for (int r = highest_home; r >= 1; --r) {
            std::array<int, kMaxPerRank + 1> next;
            next.fill(kInf);
            const int low = pool_[f][r];
            const int high = std::min(kMaxPerRank, low + home_by_rank_[f][r]);
            for (int above = 0; above <= kMaxPerRank; ++above) {
                if (best[above] == kInf) continue;
                for (int here = low; here <= high; ++here) {
                    const int tops = unslotted_cost(r) * std::max(0, here - above - slots[f][r]);
                    next[here] = std::min(next[here], best[above] + tops);
                }
            }
            best = next;
        }
        return *std::min_element(best.begin(), best.end());
    }

    // The chain tops that find no slot, without optional cards, over every family.
    int strict_tops(const Counts& slots, const Placement& placed) const {
        int tops = 0;
        for (int f = 0; f < kFamilies; ++f) tops += unslotted_tops(f, slots, false, placed);
        return tops;
    }

    // Each family's slots by rank, and the free columns: those of every column but placed.column.
    int slots_and_free(Counts& slots, const Placement& placed) const {
        int free = 0;
        for (int c = 0; c < T::kColumns; ++c) {
            if (c == placed.column) continue;
            if (stack_size_[c] == 0) {
                ++free;
            } else {
                const Card top = stack_[c][stack_size_[c] - 1];
                if (top.rank() > 1) ++slots[family(top)][top.rank() - 1];
            }
        }
        return free;
    }

    bool fits(const Placement& placed = {}) const {
        Counts slots{};
        const int free = slots_and_free(slots, placed);
        // Without optional cards first: one cover among those the loose game considers.
        int tops = strict_tops(slots, placed);
        if (tops <= free) return true;
        if (strict_) return false;
        tops = 0;
        for (int f = 0; f < kFamilies && tops <= free; ++f) {
            tops += unslotted_tops(f, slots, true, placed);
        }
        return tops <= free;
    }

    std::uint64_t key() const {
        std::array<std::uint8_t, 2 * kSuitCount * T::kDecks + 2 + kMaxStock + T::kColumns> bytes{};
        std::size_t n = 0;
        auto add_heights = [&](const Heights& heights) {
            for (int s = 0; s < kSuitCount; ++s) {
                std::array<std::uint8_t, T::kDecks> h = heights[s];
                std::sort(h.begin(), h.end());  // piles of a suit are interchangeable
                for (int k = 0; k < T::kDecks; ++k) bytes[n++] = h[k];
            }
        };
        add_heights(height_);
        // The loose game's optional cards are those home now but not at the start.
        if (!strict_) add_heights(start_height_);
        bytes[n++] = static_cast<std::uint8_t>(stock_size_ - drawn_);
        bytes[n++] = static_cast<std::uint8_t>(waste_size_);
        for (int i = 0; i < waste_size_; ++i) bytes[n++] = waste_[i].bits();
        for (int c = 0; c < T::kColumns; ++c) bytes[n++] = stack_size_[c];
        // The two games' verdicts differ, so their keys do.
        return XXH3_64bits_withSeed(bytes.data(), n, seed_) ^ (strict_ ? kStrictKey : 0);
    }

    // A relaxed move other than a draw: a card home from the waste, the pool or a stack, or a
    // stack's top card into the pool (Unstack).
    enum class From : std::uint8_t { Waste, Pool, Stack, Unstack };
    struct CardMove {
        Card card;
        From from;
        std::uint8_t pile = 0;    // home moves: the copy of the suit's pile
        std::uint8_t column = 0;  // Stack, Unstack: the stack's column
    };

    void play(const CardMove& m) {
        if (m.from == From::Waste) take_from_waste(m.card, -1);
        if (m.from == From::Pool) add_to_pool(m.card, -1);
        if (m.from == From::Stack || m.from == From::Unstack) pop_stack(m.column);
        if (m.from == From::Unstack) {
            add_to_pool(m.card, 1);
        } else {
            ++height_[static_cast<int>(m.card.suit())][m.pile];
            ++home_by_rank_[family(m.card)][m.card.rank()];
            ++home_;
        }
    }
    void take_back(const CardMove& m) {
        if (m.from == From::Unstack) {
            add_to_pool(m.card, -1);
        } else {
            --height_[static_cast<int>(m.card.suit())][m.pile];
            --home_by_rank_[family(m.card)][m.card.rank()];
            --home_;
        }
        if (m.from == From::Waste) take_from_waste(m.card, 1);
        if (m.from == From::Pool) add_to_pool(m.card, 1);
        if (m.from == From::Stack || m.from == From::Unstack) push_stack(m.column);
    }
    void pop_stack(int c) {
        --stack_size_[c];
        --stack_card_[stack_[c][stack_size_[c]].bits()];
    }
    void push_stack(int c) {
        ++stack_card_[stack_[c][stack_size_[c]].bits()];
        ++stack_size_[c];
    }

    // The waste's top leaves (n = -1) or comes back (n = 1).
    void take_from_waste(Card card, int n) {
        if (n < 0) {
            --waste_size_;
        } else {
            waste_[waste_size_++] = card;  // a draw may have used the slot meanwhile
        }
        waste_or_stock_[card.bits()] = static_cast<std::uint8_t>(waste_or_stock_[card.bits()] + n);
    }

    // The moves the relaxed game may always make first (see the header and safe_home_move),
    // played until none is left.
    void play_moves_at_once() {
        for (bool again = true; again;) {
            again = false;
            for (int c = 0; c < T::kColumns; ++c) {
                while (pops_at_once(c, stack_size_[c])) {
                    play_at_once({stack_[c][stack_size_[c] - 1], From::Unstack, 0,
                                  static_cast<std::uint8_t>(c)});
                    again = true;
                }
            }
            for (int s = 0; s < kSuitCount; ++s) {
                for (int k = 0; k < T::kDecks; ++k) {
                    const int h = height_[s][k];
                    if (h >= ranks_) continue;
                    CardMove m{Card(h + 1, static_cast<Suit>(s)), From::Pool,
                               static_cast<std::uint8_t>(k)};
                    if (!safe_home_move(m)) continue;
                    play_at_once(m);
                    again = true;
                }
            }
        }
    }
    void play_at_once(const CardMove& m) {
        play(m);
        played_at_once_.push_back(m);
    }

    // Whether `m.card` can go home on pile m.pile by a move that keeps a relaxed win if there is
    // one; sets m.from.
    // - In the loose game, from the pool, always. Proof: let L be a relaxed line from the state
    //   that wins, and A the state after m. Piles of a suit at one height are interchangeable, so
    //   say that the first move of L that puts a copy of the card home puts it on m.pile. Until
    //   then L's moves are legal from A's states, which hold the same cards but one copy of the
    //   card home instead of in the pool: nothing else can go on m.pile, L takes no copy out of
    //   the pool (pool cards only go home), and A's states fit (the card is optional). At that
    //   move, A moves the copy L moves, if it is not the pool's, into the pool instead, which fits
    //   since the state reached is L's. From there A's states are L's.
    // - In the loose game, from the waste's top, when no other copy is off the foundations (none
    //   in the rest of the waste, the stock, the pool or a stack): L must put this very card home
    //   on a pile of that height, and A replays L without that move; its waste lacks the card,
    //   which L only covers with draws and uncovers before moving it, and otherwise its states are
    //   L's with the card home instead of in the waste or the pool.
    // - In the strict game, in both cases, when also no card that could lie on the card (of its
    //   family and one rank lower) is off the foundations. The same proofs hold. A's states fit,
    //   and pass the placement checks that L's pass (see the header), since a state of L less one
    //   pool card of rank r does: with y the pool's counts of the card's family, the unslotted tops
    //   max(0, y(r) - y(r+1) - slots) at rank r do not grow when y(r) falls, and those at rank
    //   r - 1 stay none, as y(r - 1) = 0 in every state of L (home cards never leave); other
    //   families and ranks are untouched. Where A moves a copy into the pool instead of home, its
    //   check is the one L's move passed: from a stack, on the same state without the same column;
    //   from the waste, on the same state, with the copy (which nothing can lie on) no parent.
    bool safe_home_move(CardMove& m) const {
        if (strict_ && !nothing_builds_on_home(m.card)) return false;
        if (pool_card_[m.card.bits()] > 0) {
            m.from = From::Pool;
            return true;
        }
        if (on_waste_top(m.card)) {
            m.from = From::Waste;
            return waste_or_stock_[m.card.bits()] == 1 && stack_card_[m.card.bits()] == 0;
        }
        return false;
    }

    // What the strict game's moves home that wait read of a state (see the header), worked out
    // once a state: whether only pool cards are left; the pool cards that can go home one after
    // another, and how many of them have children in the pool (pool_cards_homing); the slots; and
    // how many free columns the unslotted tops leave.
    struct WaitContext {
        bool only_pool = false;
        Counts homing{};
        int raising = 0;
        Counts slots{};
        int spare = 0;
    };
    WaitContext wait_context() const {
        WaitContext context;
        context.only_pool =
            drawn_ == stock_size_ && waste_size_ == 0 &&
            std::all_of(stack_size_.begin(), stack_size_.end(), [](auto n) { return n == 0; });
        pool_cards_homing(context.homing, context.raising);
        const int free = slots_and_free(context.slots, {});
        context.spare = free - strict_tops(context.slots, {});
        return context;
    }

    // Whether the next card of `card`'s suit is in the pool, on the waste's top, in the stock or on
    // a stack's top: its move home may come next, on `card`.
    bool next_may_follow(Card card) const {
        if (card.rank() == ranks_) return false;
        const Card next(card.rank() + 1, card.suit());
        return pool_card_[next.bits()] > 0 || movable(next);
    }

    // Whether pool card `card`, which a pile takes and whose next card cannot follow it
    // (next_may_follow), may wait to go home in the strict game (see the header: moves home that
    // wait).
    bool home_can_wait(Card card, const WaitContext& context) const {
        if (context.only_pool) return false;
        const int f = family(card);
        const int r = card.rank();
        const int excess =
            pool_[f][r] - pool_[f][r + 1] - context.slots[f][r] + context.homing[f][r + 1];
        if (excess < 0) return true;
        if (excess == 0 && !raises_excess(f, r)) return true;
        const int most_raised = T::kKingSpaces ? T::kColumns + 1 : 1;  // by one move
        return context.spare >= (context.raising + 1) * most_raised;
    }

    // The pool cards that can go home one after another from here, by family and rank (`homing`:
    // on each suit's piles, rank by rank, the most that piles of the rank below take), and how
    // many of them have a card of their family and the rank below in the pool (`raising`: only
    // those can leave a chain top behind).
    void pool_cards_homing(Counts& homing, int& raising) const {
        for (int s = 0; s < kSuitCount; ++s) {
            auto piles = height_[s];
            for (int q = 1; q <= ranks_; ++q) {
                const Card card(q, static_cast<Suit>(s));
                int left = pool_card_[card.bits()];
                for (auto& h : piles) {
                    if (left == 0) break;
                    if (h != q - 1) continue;
                    h = static_cast<std::uint8_t>(q);
                    --left;
                    const int f = family(card);
                    ++homing[f][q];
                    if (pool_[f][q - 1] > 0) ++raising;
                }
            }
        }
    }

    // Whether a move other than a pool card's home may raise the excess of family f at rank r by
    // one: a card of that family and rank into the pool (from the waste's top, the stock after
    // draws, or a stack's top), or one of rank r + 1 off a stack's top (its slot goes with it).
    bool raises_excess(int f, int r) const {
        for (int s = 0; s < kSuitCount; ++s) {
            const Card same(r, static_cast<Suit>(s));
            if (family(same) != f) continue;
            if (movable(same)) return true;
            if (r < ranks_ && on_a_stack_top(Card(r + 1, static_cast<Suit>(s)))) return true;
        }
        return false;
    }

    // Whether `card` is on the waste's top, in the stock or on a stack's top: a move of it may come
    // next (after draws, for a card in the stock).
    bool movable(Card card) const {
        if (on_waste_top(card)) return true;
        const auto stock_end = stock_.begin() + stock_size_;
        return std::find(stock_.begin() + drawn_, stock_end, card) != stock_end ||
               on_a_stack_top(card);
    }
    bool on_waste_top(Card card) const {
        return waste_size_ > 0 && waste_[waste_size_ - 1] == card;
    }
    bool on_a_stack_top(Card card) const {
        for (int c = 0; c < T::kColumns; ++c) {
            if (stack_size_[c] > 0 && stack_[c][stack_size_[c] - 1] == card) return true;
        }
        return false;
    }

    // Whether every card that could lie on `card` in the tableau is home.
    bool nothing_builds_on_home(Card card) const {
        const int below = card.rank() - 1;
        if (below < 1) return true;
        int home = 0;
        for (int s = 0; s < kSuitCount; ++s) {
            if (family(Card(below, static_cast<Suit>(s))) != family(card)) continue;
            for (int k = 0; k < T::kDecks; ++k) home += height_[s][k] >= below;
        }
        return home == kMaxPerRank;
    }

    Outcome search() {
        const std::size_t base = played_at_once_.size();
        if (reductions_.moves_at_once) play_moves_at_once();
        // A draw followed by moves played at once is not a draw of the lines the postponed
        // draws' proof takes: every move is tried after it.
        if (played_at_once_.size() != base) just_drew_ = false;
        const Outcome outcome = home_ == total_ ? Outcome::Won : expand();
        while (played_at_once_.size() > base) {
            take_back(played_at_once_.back());
            played_at_once_.pop_back();
        }
        return outcome;
    }

    // Plays m, searches on when the state fits, takes m back.
    Outcome try_move(const CardMove& m) {
        // The strict game's placement check (see the header): a stack card that does not join the
        // pool at once must find its place without its own column.
        Placement placed;
        if (strict_ && (m.from == From::Stack || m.from == From::Unstack) &&
            !pops_at_once(m.column, stack_size_[m.column])) {
            placed.column = m.column;
        }
        play(m);
        // A home move from the waste leaves the pool and the stacks as they were; one from the pool
        // keeps a loose state fitting (safe_home_move).
        const bool fitting =
            m.from == From::Waste || (m.from == From::Pool && !strict_) || fits(placed);
        const Outcome outcome = fitting ? search() : Outcome::Lost;
        take_back(m);
        return outcome;
    }

    // The relaxed moves of a state after the moves played at once.
    Outcome expand() {
        // Right after a draw only the waste's top and the stock move (see the header: draws
        // postponed); such a state is keyed apart, since fewer moves are tried from it.
        const bool after_draw = just_drew_;
        just_drew_ = false;
        const std::uint64_t here = key() ^ (after_draw ? kAfterDrawKey : 0);
        if (lost_.contains(here)) return Outcome::Lost;
        if (won_.contains(here)) return Outcome::Won;
        if (++nodes_ > cap_) return Outcome::Capped;
        if ((nodes_ & 4095) == 0 &&
            (std::chrono::steady_clock::now() >= deadline_ ||
             (stop_ != nullptr && stop_->load(std::memory_order_relaxed)))) {
            return Outcome::Capped;
        }
        const std::uint64_t entered = nodes_;
        Outcome outcome = Outcome::Lost;
        // Home moves from the waste's top or a stack's top (in the loose game, the pool's went
        // home at once).
        for (int s = 0; s < kSuitCount && outcome == Outcome::Lost; ++s) {
            for (int k = 0; k < T::kDecks && outcome == Outcome::Lost; ++k) {
                const int h = height_[s][k];
                if (h >= ranks_ || std::find(&height_[s][0], &height_[s][k], h) != &height_[s][k]) {
                    continue;  // full, or the same height as a pile before it
                }
                const Card card(h + 1, static_cast<Suit>(s));
                const auto pile = static_cast<std::uint8_t>(k);
                if (on_waste_top(card)) {
                    outcome = try_move({card, From::Waste, pile});
                }
                for (int c = 0; c < T::kColumns && outcome == Outcome::Lost && !after_draw; ++c) {
                    if (stack_size_[c] > 0 && stack_[c][stack_size_[c] - 1] == card) {
                        outcome = try_move({card, From::Stack, pile, static_cast<std::uint8_t>(c)});
                    }
                }
            }
        }
        // In the strict game, or without the moves played at once: pool cards home too (in the
        // strict game, those that cannot wait).
        const bool pool_home = (strict_ || !reductions_.moves_at_once) && !after_draw;
        const bool homes_wait = strict_ && reductions_.homes_wait;
        std::optional<WaitContext> wait;
        for (int s = 0; s < kSuitCount && outcome == Outcome::Lost && pool_home; ++s) {
            for (int k = 0; k < T::kDecks && outcome == Outcome::Lost; ++k) {
                const int h = height_[s][k];
                if (h >= ranks_ || std::find(&height_[s][0], &height_[s][k], h) != &height_[s][k]) {
                    continue;
                }
                const Card card(h + 1, static_cast<Suit>(s));
                if (pool_card_[card.bits()] == 0) continue;
                if (homes_wait && !next_may_follow(card)) {
                    if (!wait) wait = wait_context();
                    if (home_can_wait(card, *wait)) continue;
                }
                outcome = try_move({card, From::Pool, static_cast<std::uint8_t>(k)});
            }
        }
        // A stack's top card into the pool.
        for (int c = 0; c < T::kColumns && outcome == Outcome::Lost && !after_draw; ++c) {
            if (stack_size_[c] == 0) continue;
            outcome = try_move(
                {stack_[c][stack_size_[c] - 1], From::Unstack, 0, static_cast<std::uint8_t>(c)});
        }
        // The waste's top into the pool, then a draw.
        if (outcome == Outcome::Lost && waste_size_ > 0) {
            const Card card = waste_[waste_size_ - 1];
            take_from_waste(card, -1);
            add_to_pool(card, 1);
            // In the strict game it lands as no card's parent (see the header).
            const Placement placed =
                strict_ ? Placement{-1, family(card), card.rank()} : Placement{};
            if (fits(placed)) outcome = search();
            add_to_pool(card, -1);
            take_from_waste(card, 1);
        }
        if (outcome == Outcome::Lost && drawn_ < stock_size_) {
            waste_[waste_size_++] = stock_[drawn_++];
            just_drew_ = reductions_.draws_postponed;
            outcome = search();
            just_drew_ = false;  // when search() ended without expand()
            --drawn_;
            --waste_size_;
        }
        if (outcome == Outcome::Lost) lost_.insert(here, nodes_ - entered + 1);
        if (outcome == Outcome::Won) remember(won_, here);
        return outcome;
    }

    std::uint64_t seed_;
    int ranks_ = kMaxRanks;
    int home_ = 0;
    int total_ = 0;
    using Heights = std::array<std::array<std::uint8_t, T::kDecks>, kSuitCount>;
    Heights height_{};
    Heights start_height_{};  // at the position tested
    std::array<Card, kMaxStock> stock_{};
    int stock_size_ = 0;
    int drawn_ = 0;
    std::array<Card, kMaxStock> waste_{};
    int waste_size_ = 0;
    Counts pool_{};          // y(r) by family and rank
    Counts home_by_rank_{};  // the optional cards (home since the start), by family and rank
    std::array<std::array<Card, PackedState<T>::kMaxColumnCards>, T::kColumns> stack_{};
    std::array<std::uint8_t, T::kColumns> stack_size_{};
    std::array<std::uint8_t, 64> stack_card_{};      // the stacks' cards, by Card::bits()
    std::array<std::uint8_t, 64> pool_card_{};       // the pool, by Card::bits()
    std::array<std::uint8_t, 64> waste_or_stock_{};  // copies in the waste or the stock
    std::vector<CardMove> played_at_once_;
    BoundedKeySet lost_;  // relaxed states searched and lost
    PathSet won_;         // relaxed states on a relaxed win
    PathSet won_roots_;   // positions' relaxed states that are relaxed-won
    struct Retry {
        std::uint32_t loose_cap, strict_cap;  // the last search's
        std::uint32_t returns;                // tests of the same relaxed state since
    };
    std::unordered_map<std::uint64_t, Retry> capped_;  // relaxed states past the cap
    std::uint64_t nodes_ = 0;
    std::uint64_t cap_ = kRelaxedNodeCap;  // this search's
    bool tested_start_ = false;            // a position has been tested (budget_.start_cap)
    // The start, while its relaxed game stopped at its caps and is to be searched again (budget_.
    // retries_start), the caps of its next search, and the tests since its last.
    std::optional<PackedState<T>> start_state_;
    std::uint64_t start_loose_cap_ = 0;
    std::uint64_t start_next_cap_ = 0;
    bool start_retry_loose_ = false;  // the loose game stopped at its cap in the last search
    std::uint64_t tests_since_start_ = 0;
    bool start_lost_ = false;  // the start's relaxed game is lost
    // Which positions but the start are tested, by how often the tests call one lost.
    IdleSampling sampling_;
    std::uint64_t tests_ = 0;   // positions tested (lost() called, and not sampled out)
    std::uint64_t losses_ = 0;  // of them, called lost
    std::chrono::steady_clock::time_point deadline_ = std::chrono::steady_clock::time_point::max();
    const std::atomic<bool>* stop_ = nullptr;
    CapacityBudget budget_;
    std::uint64_t savings_;  // states saved up for the next search: at first, the most
    bool strict_ = false;    // which game: home cards never link chains
    RelaxedReductions reductions_ = kAllReductions;  // fewer only in relaxed_lost
    bool loose_capped_ = false;  // the last search's loose game stopped at its cap
    bool just_drew_ = false;     // the state about to be expanded was reached by a draw
};

// The test on a plain position (a valid one: validation first), for tests and tools: a first test,
// with the budget's savings.
bool capacity_lost(const Position& position, const CapacityBudget& budget = kDealCapacityBudget);

}  // namespace patience
