#include "solver/solve.hpp"

#include "core/rules.hpp"
#include "solver/fast_solver.hpp"
#include "solver/reference_solver.hpp"
#include "solver/solution_shortening.hpp"

namespace patience {

void verify_win(const Position& start, const SolveResult& result) {
    const ReplayResult replayed = replay(start, result.solution);
    if (!replayed.all_legal) {
        throw UnverifiedSolution("solution move " + std::to_string(replayed.first_illegal + 1) +
                                 " is illegal: " + replayed.reason);
    }
    if (!replayed.won) throw UnverifiedSolution("solution replays but does not win");
}

void verify_and_shorten(const Position& start, SolveResult& result) {
    verify_win(start, result);
    result.search_moves = result.solution.size();
    result.solution = shorten_solution(start, result.solution);
    verify_win(start, result);
}

SolveResult solve_with(FastSolver& solver, const Position& start, const SearchLimits& limits) {
    SolveResult result = solver.solve(start, limits);
    if (result.verdict == Verdict::Won) verify_and_shorten(start, result);
    return result;
}

void confirm_loss(const Position& start, const SolveOptions& options, SolveResult& result) {
    FastSolver again(options.limits.memory_bytes, options.techniques, options.threads);
    again.prove_with_effort(options.proof_effort);
    confirm_loss_with(again, options.key_set, start, options.limits, result);
}

void confirm_loss_with(FastSolver& solver, int key_set, const Position& start,
                       const SearchLimits& limits, SolveResult& result) {
    solver.use_key_set(1 - key_set);
    SolveResult second = solve_with(solver, start, limits);
    solver.use_key_set(key_set);
    result.confirmation_nodes = second.nodes;
    switch (second.verdict) {
        case Verdict::Lost:
            result.confirmation = Confirmation::Confirmed;
            break;
        case Verdict::Unknown:
            result.confirmation = Confirmation::Unconfirmed;
            break;
        case Verdict::Won:  // replayed by solve_with
            second.confirmation = Confirmation::Refuted;
            second.confirmation_nodes = second.nodes;
            result = std::move(second);
            break;
    }
}

SolveResult solve(const Position& start, const SolveOptions& options) {
    if (options.engine == Engine::Fast) {
        FastSolver solver(options.limits.memory_bytes, options.techniques, options.threads);
        solver.use_key_set(options.key_set);
        solver.prove_with_effort(options.proof_effort);
        solver.record_histogram(options.histogram);
        solver.sample_positions(options.sample);
        SolveResult result = solve_with(solver, start, options.limits);
        if (options.confirm_lost && result.verdict == Verdict::Lost) {
            confirm_loss(start, options, result);
        }
        return result;
    }
    SolveResult result = reference_solve(start, options.limits);
    if (result.verdict != Verdict::Unknown) result.decided_by = "reference search";
    if (result.verdict == Verdict::Won) {
        verify_and_shorten(start, result);
        result.most_up = start.total_cards();
    }
    return result;
}

}  // namespace patience
