#include "solver/mistake.hpp"

#include <cstddef>
#include <map>
#include <stdexcept>

#include "core/rules.hpp"

namespace patience {

namespace {

// Bisection over the positions after `lo` up to `hi`: `holds` is taken to fail at `lo` (-1:
// before the start) and to hold at `hi`; returns a position where it holds right after one where
// it does not.
template <class Holds>
std::size_t first_holding(std::ptrdiff_t lo, std::size_t hi, Holds holds) {
    while (static_cast<std::ptrdiff_t>(hi) - lo > 1) {
        const auto mid = static_cast<std::size_t>(lo + (static_cast<std::ptrdiff_t>(hi) - lo) / 2);
        if (holds(mid)) {
            hi = mid;
        } else {
            lo = static_cast<std::ptrdiff_t>(mid);
        }
    }
    return hi;
}

}  // namespace

MistakeReport find_mistake(const Position& start, const std::vector<Move>& moves,
                           const SolveOptions& options, const MistakeProgress& progress) {
    std::vector<Position> positions{start};
    positions.reserve(moves.size() + 1);
    for (const Move& move : moves) {
        if (why_illegal(positions.back(), move)) {
            throw std::invalid_argument("find_mistake: an illegal move in the line");
        }
        positions.push_back(positions.back());
        apply_move(positions.back(), move);
    }
    MistakeReport report;
    std::map<std::size_t, Verdict> known{{moves.size(), Verdict::Lost}};
    auto verdict = [&](std::size_t k) {
        const auto at = known.find(k);
        if (at != known.end()) return at->second;
        const SolveResult result = solve(positions[k], options);
        ++report.solved;
        report.nodes += result.nodes;
        if (progress) progress(k, result);
        known.emplace(k, result.verdict);
        return result.verdict;
    };
    // A position proven lost whose predecessor is not.
    const std::size_t lost = first_holding(
        -1, moves.size(), [&](std::size_t k) { return verdict(k) == Verdict::Lost; });
    // Before it, a position proven winnable whose successor is not, from the latest the first
    // bisection proved winnable: run for the positions it solves (a position this proves lost
    // lies before `lost`, never before a winnable one).
    auto latest_won_before = [&](std::size_t end) {
        std::ptrdiff_t latest = -1;
        for (const auto& [k, v] : known) {
            if (k < end && v == Verdict::Won) latest = static_cast<std::ptrdiff_t>(k);
        }
        return latest;
    };
    first_holding(latest_won_before(lost), lost,
                  [&](std::size_t k) { return verdict(k) != Verdict::Won; });
    // The earliest the two bisections proved lost, and the latest they proved winnable before it
    // (where undecided positions broke the second bisection, one it met earlier may lie later).
    for (const auto& [k, v] : known) {
        if (v == Verdict::Lost) {
            report.first_lost = k;
            break;
        }
    }
    const std::ptrdiff_t won = latest_won_before(report.first_lost);
    if (won >= 0) report.last_won = static_cast<std::size_t>(won);
    return report;
}

}  // namespace patience
