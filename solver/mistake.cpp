#include "solver/mistake.hpp"

#include <map>
#include <stdexcept>

#include "core/rules.hpp"

namespace patience {

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
    // The earliest proven lost: `lost` holds at `hi` and at no position at or before `lo`.
    std::size_t hi = moves.size();
    std::ptrdiff_t lo = -1;
    while (static_cast<std::ptrdiff_t>(hi) - lo > 1) {
        const auto mid =
            static_cast<std::size_t>(lo + (static_cast<std::ptrdiff_t>(hi) - lo) / 2);
        if (verdict(mid) == Verdict::Lost) {
            hi = mid;
        } else {
            lo = static_cast<std::ptrdiff_t>(mid);
        }
    }
    // Before it, the latest proven winnable: `won` holds at `won_lo` (or nowhere, at -1) and at
    // no position from `won_hi` on. It starts from the latest the first bisection proved
    // winnable. (A position this proves lost lies before `hi`, never before a winnable one.)
    auto latest_won_before = [&](std::size_t end) {
        std::ptrdiff_t latest = -1;
        for (const auto& [k, v] : known) {
            if (k < end && v == Verdict::Won) latest = static_cast<std::ptrdiff_t>(k);
        }
        return latest;
    };
    std::ptrdiff_t won_lo = latest_won_before(hi);
    std::size_t won_hi = hi;
    while (static_cast<std::ptrdiff_t>(won_hi) - won_lo > 1) {
        const auto mid =
            static_cast<std::size_t>(won_lo + (static_cast<std::ptrdiff_t>(won_hi) - won_lo) / 2);
        if (verdict(mid) == Verdict::Won) {
            won_lo = static_cast<std::ptrdiff_t>(mid);
        } else {
            won_hi = mid;
        }
    }
    // The earliest the two bisections proved lost, and the latest they proved winnable before it
    // (where undecided positions broke the second bisection, one it met earlier may lie later).
    for (const auto& [k, v] : known) {
        if (v == Verdict::Lost) {
            report.first_lost = k;
            break;
        }
    }
    won_lo = latest_won_before(report.first_lost);
    if (won_lo >= 0) report.last_won = static_cast<std::size_t>(won_lo);
    return report;
}

}  // namespace patience
