#include "solver/fast_solver.hpp"

#include <algorithm>
#include <array>
#include <memory>
#include <vector>

#include "solver/search/depth_first.hpp"
#include "solver/search/portfolio.hpp"

namespace patience {

FastSolver::FastSolver(std::uint64_t table_bytes, const Techniques& techniques)
    : table_(table_bytes), techniques_(techniques) {}

SolveResult FastSolver::solve(const Position& start, const SearchLimits& limits) {
    const auto started = SearchClock::now();
    const auto deadline =
        limits.time_limit_seconds > 0
            ? started + std::chrono::duration_cast<SearchClock::duration>(
                            std::chrono::duration<double>(limits.time_limit_seconds))
            : SearchClock::time_point::max();
    table_.new_search();
    return dispatch_variant(start.variant, [&](auto traits) {
        using T = decltype(traits);
        const std::vector<PortfolioMember> plan = portfolio(techniques_);
        std::vector<std::unique_ptr<DepthFirstSearch<T>>> members;
        for (const PortfolioMember& member : plan) {
            members.push_back(std::make_unique<DepthFirstSearch<T>>(start, member.config, table_));
        }
        SolveResult result;
        auto total_nodes = [&] {
            std::uint64_t sum = 0;
            for (const auto& m : members) sum += m->nodes();
            return sum;
        };
        auto finish = [&](Verdict verdict, LimitHit limit) {
            result.verdict = verdict;
            result.limit = limit;
            result.nodes = total_nodes();
            result.seconds = std::chrono::duration<double>(SearchClock::now() - started).count();
            return result;
        };
        for (;;) {
            bool any_live = false;
            for (std::size_t i = 0; i < members.size(); ++i) {
                DepthFirstSearch<T>& search = *members[i];
                if (search.status() != SearchStatus::Paused) continue;
                any_live = true;
                std::uint64_t slice = kPortfolioSlice * plan[i].weight;
                if (limits.node_limit != 0) {
                    const std::uint64_t spent = total_nodes();
                    if (spent >= limits.node_limit) return finish(Verdict::Unknown, LimitHit::Nodes);
                    slice = std::min(slice, limits.node_limit - spent);
                }
                switch (search.run(search.nodes() + slice, deadline)) {
                    case SearchStatus::Won:
                        result.solution = search.solution();
                        return finish(Verdict::Won, LimitHit::None);
                    case SearchStatus::Exhausted:
                        if (plan[i].config.branching == 0) {
                            return finish(Verdict::Lost, LimitHit::None);
                        }
                        break;  // a probe ran out of moves: it proves nothing, and stops
                    case SearchStatus::TimeUp:
                        return finish(Verdict::Unknown, LimitHit::Time);
                    case SearchStatus::Paused:
                        break;
                }
            }
            // The complete member (branching 0) never leaves the loop but by a verdict or a limit.
            if (!any_live) return finish(Verdict::Unknown, LimitHit::Nodes);
        }
    });
}

}  // namespace patience
