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
inline constexpr std::uint64_t kRestartUnit = 4096;

// The members for the techniques that are on. Member 0 is the complete search: `lost` comes from
// it alone.
inline std::vector<PortfolioMember> portfolio(const Techniques& techniques) {
    std::vector<PortfolioMember> members;
    members.push_back({{0, 0, 0, techniques}, 4});
    if (techniques.probes) {
        members.push_back({{1, 1, 0, techniques}, 2});
        members.push_back({{2, 2, 0, techniques}, 1});
    }
    if (techniques.restarts) members.push_back({{2, 3, kRestartUnit, techniques}, 1});
    return members;
}

}  // namespace patience
