#include "tests/differential.hpp"

#include "core/rules.hpp"
#include "solver/reference_solver.hpp"

namespace patience::testing {

Comparison compare_with_reference(const Position& position, FastSolver& fast,
                                  std::uint64_t reference_nodes) {
    Comparison c;
    SearchLimits reference_limits;
    reference_limits.node_limit = reference_nodes;
    c.reference = reference_solve(position, reference_limits).verdict;
    if (c.reference == Verdict::Unknown) return c;
    const SolveResult got = fast.solve(position, {});
    c.fast = got.verdict;
    if (got.verdict == Verdict::Won) c.fast_win_replays = replay(position, got.solution).won;
    return c;
}

}  // namespace patience::testing
