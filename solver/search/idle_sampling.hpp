// Idle sampling: a costly test that has called no position lost for a while runs on fewer of the
// positions it could test (every second one, then every fourth, ... up to every kMaxPeriod-th),
// and on every one again as soon as it calls one lost.
//
// Why: the capacity test (capacity.hpp) costs something at every position it looks at (the
// position's relaxed state is built, fitted and keyed, and looked up), whether or not it decides
// anything. Where it bites, it decides a large share of them: 40-60% of the positions of Diplomat
// seed 7's end games in bench/positions. Where it does not, it may decide none: the complete search
// of Emperor seed 563 with 47 stock cards (1,608,825 nodes) tests 1,344,690 positions with 16 or
// fewer stock cards and calls none lost, and the test takes 30% of the search's time (8.0 s
// against 5.5 with `--disable capacity`, the same nodes). The three end games of Diplomat seed 703
// in bench/positions: 287 of 580,301 positions called lost in the first. Where losses come in
// bursts (a card flow whose positions are all lost, then long stretches of one that is not), a long
// period would let the next lost flow run on untested, so the capacity test samples only while it
// does not bite. capacity.hpp gives the measurements kIdleWindow and kMaxPeriod were chosen by.
//
// Sound: skipping a test gives up a pruning, never adds one. A position that is not tested is
// searched like any other, and every rule that prunes still holds (each proof asks only that a
// position it calls lost is lost, not that every lost position be called so).
//
// Deterministic and budget-monotone: the period depends on nothing but the outcomes of the tests
// this search made so far, in order, never on the node limit or the clock, so a search makes the
// same tests at every limit and on every run.
#pragma once

#include <cstdint>

namespace patience {

class IdleSampling {
  public:
    // Tests in a row that call nothing lost before the period doubles.
    static constexpr std::uint64_t kIdleWindow = 4096;
    // The longest period: one position in this many is tested while the test stays idle.
    static constexpr std::uint64_t kMaxPeriod = 16;

    // Whether the position at hand is to be tested; called once for each position the test could
    // be run on.
    bool due() {
        if (++since_due_ < period_) return false;
        since_due_ = 0;
        return true;
    }

    // The outcome of a test made on a position that was due.
    void note(bool called_lost) {
        if (called_lost) {
            period_ = 1;
            idle_ = 0;
        } else if (++idle_ >= kIdleWindow && period_ < kMaxPeriod) {
            period_ *= 2;
            idle_ = 0;
        }
    }

    // One position tested in this many, now.
    std::uint64_t period() const { return period_; }

  private:
    std::uint64_t period_ = 1;
    std::uint64_t since_due_ = 0;  // positions since the last one due
    std::uint64_t idle_ = 0;       // tests in a row that called nothing lost, at this period
};

}  // namespace patience
