// Relaxed start: a multi-threaded solve from an end game or a mid-game gives one thread, before it
// joins the others, to the start's relaxed game (capacity.hpp), searched to the end.
//
// Why: the capacity test's relaxed game of the start often decides what the search below it
// cannot, but needs millions of relaxed states, which the complete search pays for a little at a
// time, by its own node count (capacity.hpp's kStartRetryRatio). On one thread that pacing keeps
// the search going; on several, a thread of its own does it at once. Diplomat seed 7's first two
// end games of bench/positions (8 and 9 stock cards), whose strict relaxed games are lost after
// 13.7 and 13.8 s of relaxed search alone (2.2 and 2.1 s since the searcher of a start's relaxed
// game keeps 2^23 lost states: capacity.hpp's kMaxStartLostKeys), took 27.7 s (3.9 million
// nodes) and, the complete search alone (`--disable probes`), 32.5 s (2.7 million) on one
// thread; 24.1 and 31.0 s on two threads of a 2-core machine, where with this thread they take
// 13 to 15 s; and on sixteen threads of a 16-core machine, before it, the first stayed open
// after 95 s and the second took 46. Most end games' relaxed games are won or lost within a few
// thousand states (Diplomat seed 703's three end games in bench/positions: won at once), and the
// thread joins the others at once; where the relaxed game stays open, the thread is spent on it
// until the solve ends. It is the last worker of the solve (fast_solver.cpp), so the members
// never wait for it where oneTBB runs fewer threads at once than asked.
//
// Proof: a relaxed loss of the start is a loss of the start (capacity.hpp's proof), whatever the
// other threads are doing: the verdict needs no other search, like a complete search that proved
// its start lost (SearchMember::proved_start_lost).
//
// Relaxed states are not nodes: the search is stopped by the solve's end (another verdict, the node
// limit or a cancellation) or its deadline, and counts nothing against the node budget. Only
// multi-threaded solves run it, so `--threads 1` stays deterministic and budget-monotone.
#pragma once

#include <atomic>
#include <chrono>
#include <memory>

#include "core/position.hpp"
#include "solver/search/capacity.hpp"
#include "solver/search/portfolio.hpp"
#include "solver/search/techniques.hpp"

namespace patience {

// The capacity test's budget for a search from `start_stock` stock cards (as the portfolio's
// complete search takes it).
inline const CapacityBudget& start_capacity_budget(VariantId variant, int start_stock) {
    return capacity_budget(variant, is_end_game(start_stock), start_stock);
}

// Whether a solve with these threads, techniques and start gives a thread to the relaxed start:
// where the capacity test searches the start's relaxed game (its budget has a start_cap: an end
// game, or up to kStartStockLeft stock cards).
template <class T>
bool runs_relaxed_start(const Techniques& techniques, int threads, int start_stock) {
    if (threads < 2 || !techniques.capacity) return false;
    const CapacityBudget& budget = start_capacity_budget(T::kId, start_stock);
    return CapacityTest<T>::runs_with(budget) && budget.start_cap > 0;
}

// The start's relaxed game searched to the end: true when it is lost (then the start is lost),
// false when it is won, or the search stopped at `stop` or the deadline.
template <class T>
bool relaxed_start_lost(const Position& start, int key_set, const std::atomic<bool>& stop,
                        std::chrono::steady_clock::time_point deadline) {
    // On the heap: the test's tables are large.
    auto test = std::make_unique<CapacityTest<T>>(
        key_set, start_capacity_budget(T::kId, static_cast<int>(start.stock.size())));
    test->set_deadline(deadline);
    test->set_stop(&stop);
    const auto lost = test->lost_without_cap(PackedState<T>(start, key_set));
    return lost.has_value() && *lost;
}

}  // namespace patience
