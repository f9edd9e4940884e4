// The library's entry point for one position: run a solver, then referee its answer.
#pragma once

#include <stdexcept>

#include "core/position.hpp"
#include "solver/position_sampler.hpp"
#include "solver/search/techniques.hpp"
#include "solver/verdict.hpp"

namespace patience {

enum class Engine : std::uint8_t {
    Fast,       // packed state, transposition table, sound pruning (fast_solver.hpp)
    Reference,  // exhaustive search over the plain rules engine (reference_solver.hpp)
};

struct SolveOptions {
    Engine engine = Engine::Fast;
    SearchLimits limits;  // memory_bytes sizes the fast solver's table, or caps the reference's set
    Techniques techniques;   // the fast solver's (all on unless switched off for ablation)
    int threads = 1;         // the fast solver's threads for this one position
    bool histogram = false;  // the fast solver's NodeHistogram in the result
    SampleSpec sample;       // the fast solver's samples of its complete search in the result
    // Re-prove a `lost` of the fast solver with a second, independently drawn set of position
    // keys and a fresh table (SolveResult::confirmation): a false prune by a key collision would
    // have to happen again, independently, at the same place of the proof.
    bool confirm_lost = false;
    // The fast solver's position keys (KeyTables): 0, the search's own, or 1, the independent set
    // --confirm-lost proves with. A confirmation uses the other one. With 1, a second machine can
    // re-prove a long loss at the same time as the first proves it with 0.
    int key_set = 0;
    // How much the fast solver's waste-drain tests may spend proving a position lost
    // (FastSolver::prove_with_effort): 1 by default.
    int proof_effort = 1;
};

// Thrown when a solver's `won` does not replay as a win: a bug, never a verdict.
class UnverifiedSolution : public std::logic_error {
  public:
    using std::logic_error::logic_error;
};

// Throws UnverifiedSolution unless `result` (a `won`) replays from `start` to a win.
void verify_win(const Position& start, const SolveResult& result);

// verify_win, then the solution shortened (solution_shortening.hpp; its length before in
// search_moves) and verified again.
void verify_and_shorten(const Position& start, SolveResult& result);

class FastSolver;

// Solves `start` with a caller's fast solver (whose table is reused), then referees and shortens
// a win as solve() does.
SolveResult solve_with(FastSolver& solver, const Position& start, const SearchLimits& limits);

// Re-proves `result` (a fast `lost` of `start`) as SolveOptions::confirm_lost says, and records
// the outcome in it; a refuting win replaces it.
void confirm_loss(const Position& start, const SolveOptions& options, SolveResult& result);

// The same with a caller's fast solver, which proved `result` with key set `key_set`: it searches
// again with the other set (a fresh table: a new search's entries only), then `key_set` again.
void confirm_loss_with(FastSolver& solver, int key_set, const Position& start,
                       const SearchLimits& limits, SolveResult& result);

// Solves `start` with the chosen engine. A `won` result has been replayed move by move through
// the reference rules engine and ends won, before and after its shortening; otherwise
// UnverifiedSolution is thrown.
SolveResult solve(const Position& start, const SolveOptions& options);

}  // namespace patience
