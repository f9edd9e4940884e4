#include "solver/reference_solver.hpp"

#include <algorithm>
#include <chrono>
#include <string>
#include <unordered_set>

#include "core/rules.hpp"

namespace patience {

namespace {

// Rough cost of one visited key in an unordered_set: node, bucket pointer, string header and
// its heap block. Used only to honour the memory limit.
constexpr std::uint64_t kVisitedOverheadBytes = 96;

// Foundation moves first: an ordering only, so the search stays exhaustive, but wins are found
// sooner and their solutions are shorter.
std::vector<Move> ordered_moves(const Position& position) {
    std::vector<Move> moves = legal_moves(position);
    std::stable_partition(moves.begin(), moves.end(), [](const Move& m) {
        return m.kind == MoveKind::ColumnToFoundation || m.kind == MoveKind::WasteToFoundation;
    });
    return moves;
}

struct Frame {
    Position position;
    std::vector<Move> moves;
    std::size_t next = 0;
};

}  // namespace

SolveResult reference_solve(const Position& start, const SearchLimits& limits) {
    using Clock = std::chrono::steady_clock;
    const auto started = Clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - started).count(); };

    SolveResult result;
    if (is_won(start)) {
        result.verdict = Verdict::Won;
        result.seconds = elapsed();
        return result;
    }

    std::unordered_set<std::string> visited;
    std::uint64_t visited_bytes = 0;
    auto remember = [&](std::string key) {
        const std::uint64_t bytes = key.size() + kVisitedOverheadBytes;
        const bool inserted = visited.insert(std::move(key)).second;
        if (inserted) visited_bytes += bytes;
        return inserted;
    };

    remember(canonical_key(start));
    std::vector<Frame> path;
    path.push_back({start, ordered_moves(start), 0});
    result.nodes = 1;

    while (!path.empty()) {
        Frame& frame = path.back();
        if (frame.next == frame.moves.size()) {
            path.pop_back();
            continue;
        }
        const Move move = frame.moves[frame.next++];
        Position child = frame.position;
        apply_move(child, move);

        if (is_won(child)) {
            for (const Frame& f : path) result.solution.push_back(f.moves[f.next - 1]);
            result.verdict = Verdict::Won;
            result.seconds = elapsed();
            return result;
        }
        if (!remember(canonical_key(child))) continue;

        LimitHit hit = LimitHit::None;
        if (limits.node_limit != 0 && result.nodes >= limits.node_limit) hit = LimitHit::Nodes;
        if (limits.memory_bytes != 0 && visited_bytes >= limits.memory_bytes) hit = LimitHit::Memory;
        if (result.nodes % 1024 == 0) {
            if (limits.time_limit_seconds > 0 && elapsed() >= limits.time_limit_seconds) {
                hit = LimitHit::Time;
            }
            if (limits.progress) limits.progress({result.nodes, 0});
            if (limits.cancelled()) hit = LimitHit::Cancelled;
        }
        if (hit != LimitHit::None) {
            result.verdict = Verdict::Unknown;
            result.limit = hit;
            result.seconds = elapsed();
            return result;
        }
        ++result.nodes;
        std::vector<Move> moves = ordered_moves(child);
        path.push_back({std::move(child), std::move(moves), 0});
    }
    result.verdict = Verdict::Lost;
    result.seconds = elapsed();
    return result;
}

}  // namespace patience
