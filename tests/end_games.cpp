#include "tests/end_games.hpp"

#include <algorithm>
#include <iterator>
#include <random>

#include "core/deal.hpp"
#include "core/rules.hpp"
#include "solver/fast_solver.hpp"
#include "solver/reference_solver.hpp"

namespace patience::testing {

namespace {

int cards_off_foundations(const Position& p) {
    int off = static_cast<int>(p.stock.size() + p.waste.size());
    for (const auto& column : p.tableau) off += static_cast<int>(column.size());
    return off;
}

bool is_stock_move(const Move& m) {
    return m.kind == MoveKind::Draw || m.kind == MoveKind::Deal;
}

bool is_foundation_move(const Move& m) {
    return m.kind == MoveKind::WasteToFoundation || m.kind == MoveKind::ColumnToFoundation;
}

// Plays on until at most `cards_left` cards are off the foundations, no move is left, or a step
// cap (against shuffling between columns) is reached; returns every position passed, the last
// one included. Greedy: a foundation move whenever there is one. Stock moves are one choice among
// many, so they are favoured: playouts then reach the end of the stock.
std::vector<Position> play_down(Position p, int cards_left, bool greedy, std::mt19937& rng) {
    std::vector<Position> line{p};
    for (int step = 0; step < 2000 && cards_off_foundations(p) > cards_left; ++step) {
        const auto moves = legal_moves(p);
        if (moves.empty()) break;
        const auto pick = [&](auto predicate) {
            std::vector<Move> some;
            std::copy_if(moves.begin(), moves.end(), std::back_inserter(some), predicate);
            return some;
        };
        std::vector<Move> choice;
        if (greedy) choice = pick(is_foundation_move);
        if (choice.empty() && rng() % 2 == 0) choice = pick(is_stock_move);
        if (choice.empty()) choice = moves;
        apply_move(p,
                   choice[std::uniform_int_distribution<std::size_t>(0, choice.size() - 1)(rng)]);
        line.push_back(p);
    }
    return line;
}

}  // namespace

std::vector<EndGame> end_games(const EndGameRequest& request) {
    std::vector<EndGame> kept;
    const int max_won = request.count - request.count / 3;
    int won = 0;
    std::mt19937 rng(static_cast<std::uint32_t>(request.first_seed * 7919 + request.cards_left));
    SearchLimits limits;
    limits.node_limit = request.reference_cap;
    FastSolver guide(16u << 20);
    SearchLimits guide_limits;
    guide_limits.node_limit = 100000;
    for (std::uint64_t seed = request.first_seed; seed < request.first_seed + request.max_seeds &&
                                                  static_cast<int>(kept.size()) < request.count;
         ++seed) {
        Position p = deal_position(request.variant, seed);
        Position candidate;
        if (seed % 2 == 0) {
            // Random play from a deal hardly ever brings a one-pass game near its end: follow a
            // winning line of the deal to 1-40 cards more than wanted, then leave it.
            const SolveResult line = guide.solve(p, guide_limits);
            if (line.verdict != Verdict::Won) continue;
            const int leave_at = request.cards_left + 1 + static_cast<int>(rng() % 40);
            for (const Move& m : line.solution) {
                if (cards_off_foundations(p) <= leave_at) break;
                apply_move(p, m);
            }
            candidate = play_down(p, request.cards_left, seed % 4 == 0, rng).back();
        } else {
            // A greedy playout from the deal that gets stuck early: a position 1-80 moves before
            // it got stuck is where it went wrong, often lost, and small enough to exhaust.
            const auto line = play_down(p, request.cards_left, true, rng);
            const auto back = std::min<std::size_t>(line.size() - 1, 1 + rng() % 80);
            candidate = line[line.size() - 1 - back];
        }
        if (legal_moves(candidate).empty()) continue;  // nothing to decide
        const SolveResult r = reference_solve(candidate, limits);
        if (r.verdict == Verdict::Unknown) continue;
        if (r.verdict == Verdict::Won) {
            if (won == max_won) continue;
            ++won;
        }
        kept.push_back({candidate, r.verdict, r.nodes, seed});
    }
    return kept;
}

}  // namespace patience::testing
