// The search strategy: a portfolio of depth-first searches over one position, run in turns of
// fixed size until one of them decides.
//
// Why a portfolio: one depth-first search spends its whole budget below its first wrong turn
// near the root. Narrow probes (the few best-ordered moves at each node) reach far down other
// lines early and find the wins the complete search buries; only the complete search can prove
// a loss. Each member has a table lane of its own (TranspositionTable), so the complete search
// never prunes with a probe's "no win here", which is not true for the full move set.
//
// Budget-monotone: the turns depend only on this fixed table, never on the node limit, and every
// member is deterministic and resumable. So the search at node limit N is exactly the first N
// nodes of the search at any larger limit: a deal decided at N is decided the same way, in the
// same number of nodes, at 2N (tested by FastSolver.BudgetMonotone*).
#pragma once

#include <cstdint>
#include <vector>

#include "solver/search/depth_first.hpp"

namespace patience {

struct PortfolioMember {
    SearchConfig config;
    int weight;  // turns of kPortfolioSlice nodes per round
};

inline constexpr std::uint64_t kPortfolioSlice = 1024;
inline constexpr std::uint64_t kRestartUnit = 1024;
inline constexpr std::uint64_t kGreedyRetirement = 1u << 16;

// The members for the techniques that are on, in the order of their turns. The complete search
// (branching 0, lane 0) is the only one whose exhaustion means `lost`; every member gets one
// turn in four. Beside it: a greedy probe (the best move at each node, and the best stock move)
// that never restarts, and goes first because it wins the easy deals (Double Dot's nearly all) in
// a few hundred nodes. It retires after kGreedyRetirement nodes of its own, and the other three
// share its turns: on seeds 1-200 at 1M its wins came within 11,000 of its nodes but one (43,110),
// so the quarter of the budget it kept was spent for nothing (retiring it won 11 more deals of
// 800 in Diplomat, Emperor, Lady Palk and Emperor-modern). Then two narrow probes (the 2 and the
// 3 best moves, and the best stock move) that restart after Luby-many units of 1024 nodes, each
// run with its own noisy move order. Chosen by
// the decided-rate harness at 1M nodes (seeds 1-40, checked on 41-80), among weights 1-4 for the
// complete search, restart units 256-4096, narrow 1-3 and full-width probes, and probes that never
// restart. While no full deal can be proven lost, the complete search's share buys nothing but
// the rare win it finds itself; the proofs of loss to come will want it larger.
//
// With `threads` > 1 (lazy SMP), restarting probes are added until every thread has a member:
// narrow 2 and 3 in turn, in the lanes of their kind, each with a salt stream of its own.
inline std::vector<PortfolioMember> portfolio(const Techniques& techniques, int threads = 1) {
    const std::uint64_t unit = techniques.restarts ? kRestartUnit : 0;
    std::vector<PortfolioMember> members;
    if (techniques.probes) {
        PortfolioMember greedy{{1, 3, 0, techniques}, 1};
        greedy.config.retire_after = kGreedyRetirement;
        members.push_back(greedy);
    }
    members.push_back({{0, 0, 0, techniques}, 1});
    if (techniques.probes) {
        members.push_back({{2, 1, unit, techniques}, 1});
        members.push_back({{3, 2, unit, techniques}, 1});
        for (int extra = 0; static_cast<int>(members.size()) < threads; ++extra) {
            const int branching = 2 + extra % 2;
            members.push_back(
                {{branching, branching - 1, unit, techniques, kFirstExtraStream + extra}, 1});
        }
    }
    return members;
}

}  // namespace patience
