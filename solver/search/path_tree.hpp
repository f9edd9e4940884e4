// The lines of moves by which the beam probe (beam.hpp) reached its positions, kept as one tree
// of shared prefixes: a position's line is a tip, and each node holds one move and the node
// before it. Keeping a line is one node per move it adds to its parent's line, where a copy of
// the whole line per kept position costs the line's length: a run of the beam that goes deep
// then spends its time copying lines (Malmaison seed 3 took 2.65 s for 2M nodes and 26 s for 4M,
// 70% of it copying moves).
//
// The nodes no kept position leads through are dropped from time to time (compact()), so the
// tree holds about the lines of the level being expanded, not of every position a run kept.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "core/move.hpp"

namespace patience {

class PathTree {
  public:
    // A line: the node of its last move, or kEmpty for the line with no move.
    using Tip = std::uint32_t;
    static constexpr Tip kEmpty = std::numeric_limits<Tip>::max();

    // The line `tip` followed by `move`.
    Tip extend(Tip tip, const Move& move) {
        nodes_.push_back({tip, move});
        return static_cast<Tip>(nodes_.size() - 1);
    }

    // The moves of line `tip`, first move first.
    std::vector<Move> line(Tip tip) const {
        std::vector<Move> moves;
        for (; tip != kEmpty; tip = nodes_[tip].before) moves.push_back(nodes_[tip].move);
        std::reverse(moves.begin(), moves.end());
        return moves;
    }

    void clear() {
        nodes_.clear();
        live_ = 0;
    }

    std::size_t size() const { return nodes_.size(); }

    // Drops the nodes that no line `tip(i)`, i < count, passes through, and points those lines
    // (tip(i) is a reference to each) at their nodes' new places; the lines' moves stay the same.
    // It runs only once the tree has grown to twice what it kept last time (and kMinimum), so
    // its cost, one pass over the tree, is shared out over the nodes added since.
    template <class TipOf>
    void compact(std::size_t count, TipOf tip) {
        if (nodes_.size() < std::max<std::size_t>(kMinimum, 2 * live_)) return;
        // A node comes after the node before it, so one pass from the front renumbers them all.
        place_.assign(nodes_.size(), kEmpty);
        constexpr Tip kKept = kEmpty - 1;
        for (std::size_t i = 0; i < count; ++i) {
            for (Tip t = tip(i); t != kEmpty && place_[t] == kEmpty; t = nodes_[t].before) {
                place_[t] = kKept;
            }
        }
        Tip kept = 0;
        for (std::size_t t = 0; t < nodes_.size(); ++t) {
            if (place_[t] == kEmpty) continue;
            const Tip before = nodes_[t].before;
            nodes_[kept] = {before == kEmpty ? kEmpty : place_[before], nodes_[t].move};
            place_[t] = kept++;
        }
        nodes_.resize(kept);
        for (std::size_t i = 0; i < count; ++i) {
            Tip& t = tip(i);
            if (t != kEmpty) t = place_[t];
        }
        live_ = nodes_.size();
    }

  private:
    // The fewest nodes at which compact() looks for nodes to drop.
    static constexpr std::size_t kMinimum = std::size_t{1} << 16;

    struct Node {
        Tip before;
        Move move;
    };
    std::vector<Node> nodes_;
    std::vector<Tip> place_;  // compact(): each node's new place
    std::size_t live_ = 0;    // the nodes the last compact() kept
};

}  // namespace patience
