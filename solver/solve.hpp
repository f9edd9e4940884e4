// The library's entry point for one position: run a solver, then referee its answer.
#pragma once

#include <stdexcept>

#include "core/position.hpp"
#include "solver/verdict.hpp"

namespace patience {

enum class Engine : std::uint8_t { Reference };

struct SolveOptions {
    Engine engine = Engine::Reference;
    SearchLimits limits;
};

// Thrown when a solver's `won` does not replay as a win: a bug, never a verdict.
class UnverifiedSolution : public std::logic_error {
public:
    using std::logic_error::logic_error;
};

// Solves `start` with the chosen engine. A `won` result has been replayed move by move through
// the reference rules engine and ends won; otherwise UnverifiedSolution is thrown.
SolveResult solve(const Position& start, const SolveOptions& options);

}  // namespace patience
