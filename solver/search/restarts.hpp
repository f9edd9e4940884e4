// Restarts for probes: the Luby sequence of run lengths and the salt that gives each run its own
// move order (its table marks are the probe's, shared by all its runs: depth_first.hpp).
//
// A depth-first search commits to its first moves near the root for as long as the subtree below
// them lasts. A probe that restarts after luby(i) * unit nodes, with its move order perturbed
// differently each run, tries many first moves early and still gives ever longer runs to the
// later ones (Luby, Sinclair & Zuckerman 1993: within a log factor of the best fixed cut-off).
// Restarts only ever find wins: a run's end proves nothing, and the complete search never reads
// a probe's table lane.
#pragma once

#include <cstdint>

namespace patience {

// The Luby sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ..., for i = 0, 1, 2, ...
constexpr std::uint64_t luby(std::uint64_t i) {
    std::uint64_t n = i + 1;  // 1-based
    for (;;) {
        std::uint64_t k = 1;
        while (((std::uint64_t{1} << k) - 1) < n) ++k;
        if (n == (std::uint64_t{1} << k) - 1) return std::uint64_t{1} << (k - 1);
        n -= (std::uint64_t{1} << (k - 1)) - 1;
    }
}

// Streams 0-3 are the one-thread portfolio's (one per table lane); the extra members of a
// multi-threaded search take streams from kFirstExtraStream on.
inline constexpr int kFirstExtraStream = 4;

// A run's salt, fixed for (stream, run): 0 only for the first run of streams 0-3 (their plain first
// run); every other run, an extra stream's first run included, gets its own non-zero salt.
constexpr std::uint64_t run_salt(int stream, std::uint64_t run) {
    if (run == 0 && stream < kFirstExtraStream) return 0;
    std::uint64_t z = (static_cast<std::uint64_t>(stream) << 56) + run * 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    return z == 0 ? 1 : z;
}

static_assert(luby(0) == 1 && luby(1) == 1 && luby(2) == 2 && luby(5) == 2 && luby(6) == 4 &&
              luby(13) == 4 && luby(14) == 8);

}  // namespace patience
