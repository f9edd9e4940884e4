// Lines of play with the drain anchors (solver/search/drain_anchors.hpp) made along them as the
// complete search makes them: the walk that the anchors' tests and the rules built on them share
// to check them against the reference search.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <random>

#include "core/position.hpp"
#include "solver/packed_state.hpp"
#include "solver/search/drain_anchors.hpp"
#include "solver/search/waste_drain.hpp"
#include "tests/test_support.hpp"

namespace patience::testing {

inline constexpr std::uint64_t kNoRate = std::uint64_t{1} << 40;  // nodes: an allowance never spent
inline const auto kNoDeadline = std::chrono::steady_clock::time_point::max();

// From `p`, which its own waste-drain test must leave open (else nothing is walked), up to 40
// random moves that draw half the time where they can (play_drawing_move), with an anchor made
// wherever the rule makes one (no rate: every one is made; from a start with no waste, the credit
// alone, which such short lines of reduced decks do not spend) and the anchors' verdict asked at
// every position on the way, as the search asks it. A position they call lost goes to
// `on_lost(p)` and ends the line; every other one to `on_open(p, state, anchors, held, step)`,
// with `held` the innermost anchor's waste cards held all the way (the position's own, where it
// was made an anchor), and `step` the frame the search would open for it: false ends the line.
// Returns the anchors made.
template <class T, class OnLost, class OnOpen>
int walk_anchor_line(Position p, std::mt19937& rng, OnLost&& on_lost, OnOpen&& on_open) {
    auto start = std::make_unique<WasteDrainTest<T>>(WasteDrainBudget{20000, 400000, 400000});
    if (start->lost(PackedState<T>(p))) return 0;
    DrainAnchors<T> anchors;
    anchors.start(std::move(start), PackedState<T>(p));
    anchors.wake();  // from a start with no waste, as the search wakes them (drain_anchors.hpp)
    int held = static_cast<int>(p.waste.size());  // since the innermost anchor
    int anchored = 0;
    for (std::size_t step = 1; step <= 40; ++step) {
        if (!play_drawing_move(p, rng)) break;
        held = std::min(held, static_cast<int>(p.waste.size()));
        PackedState<T> state(p);
        if (anchors.lost(held, state.stock_left(), kNoRate) ||
            anchors.anchor(state, held, kNoRate, kNoDeadline)) {
            on_lost(static_cast<const Position&>(p));
            break;  // a lost position's line goes nowhere
        }
        if (anchors.placed(step)) {
            ++anchored;
            held = static_cast<int>(p.waste.size());
        }
        if (!on_open(static_cast<const Position&>(p), state, anchors, held, step)) break;
    }
    return anchored;
}

}  // namespace patience::testing
