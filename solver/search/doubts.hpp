// Doubts: the beam probe (beam.hpp) keeps a position it doubts only where a level has room left
// after every position it does not doubt. A position is doubtful when the dead-end test
// (dead_end.hpp) calls it lost once stock cards no longer count as landings for other cards.
//
// Why: the beam's runs die in end games. In Emperor the lines of a run reach the empty stock all
// lost: the dead-end test drops them one by one there (seed 82's run of width 1,024: its levels
// start losing positions to the test with 28 stock cards left, and once the stock is empty the
// level empties within fifteen moves). They were lost long before the test saw it, because the
// sound test takes each stock card as a possible column top on its own, while the stock cards
// cannot all be landings at once (README, "What it decides today"). The stricter, unsound test
// sees more of those losses earlier; it also doubts some positions that can still be won, so a
// doubtful position is not dropped, only ranked below the rest of its level.
//
// Measured with the decided-rate harness at 1M nodes, deals won without and with the doubts
// (deal by deal: deals gained / lost to the budget):
//   Emperor seeds 1-1000, 1001-2000, 2001-3000:  982, 982, 979 -> 985, 986, 984 (+12 / -0)
//   Emperor seeds 3001-4000, 4001-5000:          973, 982 -> 976, 985 (+9 / -3)
//   Diplomat seeds 1-1000, 1001-2000, 2001-3000: 999, 1000, 999 -> 998, 1000, 1000 (+1 / -1)
//   Lady Palk seeds 1-1000: 999 -> 999 (+1 / -1); Emperor-modern seeds 1-1000: 997 -> 997
// Dropping doubtful positions instead of ranking them last won 972 Emperor deals of seeds 1-1000;
// doubting also the positions that the test calls lost when kings may not fill spaces, 984
// (+5 / -3), and those in a tier between the two kinds, 984 (+3 / -4); ranking the doubtful
// positions by the cards the test strands changed no deal. Doubting fewer positions, those the
// test calls lost when only waste and stock cards lose the stock cards as landings (column cards
// keep them), won 982 (+0 / -3), in 8% more nodes over the deals won either way; fewer still,
// those it calls lost when only the waste and stock cards that would wait on the waste for a
// stock card drawn after them lose it as a landing (the README's "waits"), 985 (+1 / -5). Those
// positions as a last tier, after the other doubtful ones, changed 9 deals' nodes and no
// verdict (989): few doubtful positions make it into a level at all. Emperor seeds
// 1-1000 take 51 s on 2 threads (98 CPU seconds), against 56 s (108) before the doubts, whose wins
// come sooner, and 65 s while the beam ran both tests on every position a level keeps (below).
//
// Every dead end is doubtful: the stricter test's rules are the sound test's with fewer landings,
// so its least fixpoint has no flag the sound one lacks, and every card the sound test strands it
// strands too (tested by Doubts.DoubtEveryDeadEndAndMore). The beam therefore runs the sound test
// only on the positions it doubts. The doubts' own test is the cost: Emperor seed 82 at 300,000
// nodes runs it on 72,685 positions (the dead-end tests take 62% of the instructions), of which
// 3,784 are doubtful; the sound test started from the doubts' fixpoint instead of from nothing
// (which reaches the same fixpoint, since the doubts' is inside it) saved 0.1% of them. Verdicts
// remembered by position key (2^15 of them) spare the tests of positions that later runs meet
// again (15% of them on Emperor seeds 29 and 82 at 1M nodes, 4% to 6% on seeds 7 and 13): seeds
// 1-1000 took 2.3% less CPU time, deal by deal in the same nodes, less than runs differ by.
//
// Sound: a heuristic of a probe. It only chooses which positions the beam keeps; the beam reports
// only wins, each replayed through the rules engine, and never touches the complete search's
// table lane. So it can change which deals are won within a budget, never a `lost`.
#pragma once

#include "solver/packed_state.hpp"
#include "solver/search/dead_end.hpp"

namespace patience {

template <class T>
class Doubts {
  public:
    Doubts() { test_.count_stock_landings(false); }

    // Whether the beam should keep `state` only after every position of its level it does not
    // doubt. Positions with so many stock cards that the sound test is not run
    // (dead_end_test_pays) are not doubted either.
    bool doubtful(const PackedState<T>& state) {
        return dead_end_test_pays(state.stock_left()) && test_.lost(state);
    }

  private:
    DeadEndTest<T> test_;
};

}  // namespace patience
