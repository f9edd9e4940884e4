// The share of a depth-first search's tree done, estimated from its path alone: for a long proof
// of loss, whether it will end in minutes or in years.
//
// The estimate (after Knuth's estimate of a tree's size from one path, Math. Comp. 1975): take
// every subtree of a position to be of one size. A position on the path with n moves, d of them
// finished, then has d / n of its tree done, plus 1 / n of the share done in the child being
// searched. Down the path from the start:
//   share = d0 / n0 + (1 / n0) (d1 / n1 + (1 / n1) (d2 / n2 + ...)).
// It never goes down as the search goes on: a new position on the path adds nothing at first; a
// finished move adds 1 / n at its level, at least as much as its child's whole part, which goes;
// and a position's moves, once generated, stay as they are. It is 1 once the start is exhausted.
// Where the subtrees differ in size the estimate can be far from the truth, so it is shown as a
// rough guide and decides nothing. In proofs of loss it runs low: the moves ordered first have
// the largest subtrees, and the later ones are soon proven lost. The complete search of Emperor
// seed 563 with 47 stock cards (1,629,231 nodes) shows 0.007% done at 600,000 nodes and 6.4% at
// 1,000,000, with 61% of its nodes searched. Estimating the moves still to come from the nodes
// their finished siblings took (sizes measured, not assumed) was worse: it multiplies the
// guesses down the path, and swung between 1e-9% and 0.3% there.
#pragma once

#include <cstddef>

namespace patience {

class TreeShare {
  public:
    // The next position down the path: `done` of its `count` moves finished (the one in progress,
    // whose child is the next level, not among them).
    void descend(std::size_t done, std::size_t count) {
        if (count == 0) return;
        const double n = static_cast<double>(count);
        share_ += weight_ * static_cast<double>(done) / n;
        weight_ /= n;
    }
    double share() const { return share_; }
    // Whether the levels further down can no longer change the share as a double shows it, so
    // that a long path need not be walked to its end.
    bool settled() const { return weight_ < 1e-18 * share_ || weight_ < 1e-300; }

  private:
    double share_ = 0;
    double weight_ = 1;  // the share of the start's tree that the current level's tree is
};

}  // namespace patience
