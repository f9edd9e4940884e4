// Drain moments: the answers of the waste-drain test's moments (waste_drain.hpp), remembered
// between the tests that the drain anchors (drain_anchors.hpp) make inside one search.
//
// Why: the anchors of a search meet the same moments again and again. The positions below an
// anchor differ mostly in how the moved cards lie in the columns and in the foundation moves made
// on the way, and none of that changes what a moment reads. Emperor 563's line after 40 moves
// (bench/positions/frontier) makes 8,872 anchors in its 279,293 nodes, with 284 different wastes
// and stocks among them; of the 168,000 moments their tests look up, 124,000 had been searched
// before with the same inputs, and 27,000 of the others are decided by one whose cuts dominate.
//
// What a moment reads. The search for a choice at the moment waste card p leaves with J stock
// cards drawn reads nothing but: the frame's columns (waste_drain.hpp, "Frame"; the same for every
// test of a search), each cut to what has not moved from it (the *cuts*); the copies of each card
// home now (H); the copies home or available (H + a: every copy but those in the waste from p down
// and in the stock after J); and the ranks and the test's switches, the same for the search. So
// two moments with equal inputs have the same answer, and each is remembered by its inputs
// themselves (the counts and the cuts, compared in full: no hash stands for them).
//
// Monotone in the cuts. With the other inputs equal, a choice within cuts C is within any cuts
// C' >= C (column by column), and it is counted alike there: a column's prefix of length l is the
// first l cards of the same frame column either way. So a moment that fits within C fits within
// every C' >= C, and one with no fit within C' has none within any C <= C'. A moment is answered
// from one remembered with the same counts and cuts that dominate it so. A search cut at its cap
// answers nothing: it is remembered only with its own cuts, to tell at which cap it was cut (the
// search is the same each time, so a cap no larger cuts it again).
//
// Measured on bench/positions/frontier at 300,000 nodes: the same answers in the same nodes,
// position by position, in 152 s instead of 227 (Emperor's 42 positions in 51 s instead of 115;
// Emperor 563's after 40 moves in 4.7 s instead of 35, and 11.4 s with equal cuts only);
// bench/positions/end-games the same, node for node. A moment answered here costs the anchors'
// allowance nothing, so it reaches further where it binds: along Emperor 563's line
// (bench/frontier-lines; `solve --variant emperor --seed 563 --moves M --node-limit N`), the
// position after 26 moves is lost in the same 1,000,081 nodes in 12 s, where it took 411 s
// before the frame and the memo; after 24 moves in 4,268,524 nodes and 31 s (6,185,389 and 1,106
// s); and after 22 moves (46 of its 64 stock cards to come) in 43,950,552 nodes and 265 s, where
// 8.5 million nodes had left it open after 900 s. The home counts seldom decide an answer (with
// them left out of the inputs, tests/drain_moments_test.cpp still passed); they stay in because
// the search for a choice reads them.
//
#pragma once

#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include <xxhash.h>

#include "core/card.hpp"

namespace patience {

template <int Columns>
class DrainMoments {
  public:
    // The counts a moment reads besides its cuts: by card (Card::index()), the copies home and
    // the copies home or available.
    struct Counts {
        std::array<std::uint8_t, kDistinctCards> home{};
        std::array<std::uint8_t, kDistinctCards> reachable{};
        bool operator==(const Counts&) const = default;
    };
    using Cuts = std::array<std::uint8_t, Columns>;
    enum class Answer : std::uint8_t { Fit, NoFit, Capped };  // the test's Search

    // At most this many different counts are kept (about 200 bytes each with a moment or two:
    // some 13 MB); past it the memo starts empty again (it only saves work: every answer is the
    // same with or without it).
    static constexpr std::size_t kMaxCounts = std::size_t{1} << 16;

    // What is known of the moment with `counts` and `cuts` at a pass whose cap a moment is `cap`:
    // Fit or NoFit where a remembered moment decides it, else Capped where the same moment was
    // cut at a cap no smaller, else nothing (returned false).
    bool known(const Counts& counts, const Cuts& cuts, std::uint64_t cap, Answer& answer) {
        const auto it = moments_.find(counts);
        if (it == moments_.end()) return false;
        bool capped = false;
        for (const Moment& m : it->second) {
            if (m.answer == Answer::Capped) {
                capped = capped || (m.cuts == cuts && m.capped_at >= cap);
            } else if (m.answer == Answer::NoFit ? covers(m.cuts, cuts) : covers(cuts, m.cuts)) {
                answer = m.answer;
                ++answered_;
                return true;
            }
        }
        if (!capped) return false;
        answer = Answer::Capped;
        ++answered_;
        return true;
    }

    // The moments known() has answered.
    std::uint64_t answered() const { return answered_; }

    // The answer of a moment searched (Capped: at the pass's `cap`).
    void remember(const Counts& counts, const Cuts& cuts, Answer answer, std::uint64_t cap) {
        if (moments_.size() >= kMaxCounts && moments_.find(counts) == moments_.end()) {
            moments_.clear();
        }
        auto& list = moments_[counts];
        for (Moment& m : list) {
            if (m.cuts == cuts && m.answer == Answer::Capped) {
                m.answer = answer;
                m.capped_at = cap;
                return;
            }
        }
        list.push_back({cuts, answer, cap});
    }

    void clear() { moments_.clear(); }

  private:
    struct Moment {
        Cuts cuts;
        Answer answer;
        std::uint64_t capped_at;
    };
    struct CountsHash {
        std::size_t operator()(const Counts& c) const {
            return static_cast<std::size_t>(XXH3_64bits(&c, sizeof c));
        }
    };

    // Whether every cut of `larger` is at least that of `smaller`.
    static bool covers(const Cuts& larger, const Cuts& smaller) {
        for (int c = 0; c < Columns; ++c) {
            if (larger[c] < smaller[c]) return false;
        }
        return true;
    }

    std::unordered_map<Counts, std::vector<Moment>, CountsHash> moments_;
    std::uint64_t answered_ = 0;
};

}  // namespace patience
