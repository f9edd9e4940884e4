#include "solver/solve.hpp"

#include "core/rules.hpp"
#include "solver/reference_solver.hpp"

namespace patience {

SolveResult solve(const Position& start, const SolveOptions& options) {
    SolveResult result = reference_solve(start, options.limits);
    if (result.verdict == Verdict::Won) {
        const ReplayResult replayed = replay(start, result.solution);
        if (!replayed.all_legal) {
            throw UnverifiedSolution("solution move " + std::to_string(replayed.first_illegal + 1) +
                                     " is illegal: " + replayed.reason);
        }
        if (!replayed.won) throw UnverifiedSolution("solution replays but does not win");
    }
    return result;
}

}  // namespace patience
