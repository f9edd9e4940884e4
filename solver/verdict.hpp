// What every solver returns: one of three verdicts, the effort spent, and for a win its moves.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"
#include "solver/node_histogram.hpp"

namespace patience {

enum class Verdict : std::uint8_t { Won, Lost, Unknown };

// Why a search stopped short (Verdict::Unknown).
// Cancelled: the caller asked the search to stop (a batch being interrupted); such a result is
// no verdict at all and is never recorded.
enum class LimitHit : std::uint8_t { None, Nodes, Time, Memory, Cancelled };

std::string_view to_string(Verdict verdict);
std::string_view to_string(LimitHit limit);

// What a search tells of its progress (SearchLimits::progress).
struct SearchProgress {
    std::uint64_t nodes = 0;  // searched so far
    // The complete search's estimate of the share of its tree done, in [0, 1]
    // (search/tree_share.hpp): a rough guide, since it takes every subtree of a position to be of
    // one size. 0 where no complete search tells one (the reference search, or before its turn).
    double tree_share = 0;
    // The most cards on the foundations in any position searched so far (SolveResult::most_up);
    // -1 where the search does not tell.
    int most_up = -1;
};

struct SearchLimits {
    std::uint64_t node_limit = 0;    // 0: no limit
    double time_limit_seconds = 0;   // 0: no limit
    std::uint64_t memory_bytes = 0;  // 0: no limit
    // Set from elsewhere (a signal handler) to stop the search within a turn (1024 nodes):
    // the result is then `unknown` with LimitHit::Cancelled. Null: never.
    const std::atomic<bool>* cancel = nullptr;
    // Told the nodes searched so far, and the share of the tree done, often (between the fast
    // solver's turns, every 1,024 of the reference's nodes), so that a caller can show progress on
    // a long search; with several threads, from any of them and possibly at once. It must not stop
    // the search (that is what `cancel` is for), and nothing it does changes the search. Empty:
    // never called.
    std::function<void(const SearchProgress&)> progress;

    bool cancelled() const { return cancel != nullptr && cancel->load(std::memory_order_relaxed); }
};

// The proof efforts (FastSolver::prove_with_effort) the commands and batch files take: 1 to this.
inline constexpr int kMaxProofEffort = 1000;

// A `lost` re-proved with independent position keys (solve.hpp).
enum class Confirmation : std::uint8_t {
    NotAsked,
    Confirmed,    // the re-proof is lost too
    Unconfirmed,  // the re-proof hit a limit
    Refuted,      // the re-proof won: the first proof was wrong (a key collision); the result is
                  // the win, replayed
};

std::string_view to_string(Confirmation confirmation);

struct SolveResult {
    Verdict verdict = Verdict::Unknown;
    LimitHit limit = LimitHit::None;
    std::uint64_t nodes = 0;  // positions expanded: deterministic effort
    double seconds = 0;
    std::vector<Move> solution;      // every move from the start, when won (shortened)
    std::uint64_t search_moves = 0;  // the length of the search's own winning line, before
                                     // solution_shortening.hpp
    NodeHistogram histogram;         // filled only when asked for (FastSolver::record_histogram)
    Confirmation confirmation = Confirmation::NotAsked;  // of a `lost` (SolveOptions::confirm_lost)
    std::uint64_t confirmation_nodes = 0;  // the re-proof's nodes (not counted in `nodes`)
    std::vector<Position> samples;         // of the complete search (FastSolver::sample_positions)
    // The complete search's estimate of the share of its tree done when the search stopped
    // (search/tree_share.hpp; several complete searches: the largest): 1 once it exhausted the
    // start, 0 where none tells one (the reference search).
    double tree_share = 0;
    // Which search reached the verdict (SearchConfig::name(): "complete search", "beam probe",
    // ...; "relaxed start", "reference search"); "" for `unknown`.
    std::string decided_by;
    // The most cards on the foundations in any position the searches reached (the whole deal's
    // when won): for an `unknown`, how far the best line got. -1 where the search does not tell
    // (the reference search, but for a win).
    int most_up = -1;
    // When not won: plain moves from the start to a position with most_up cards up, the line of
    // the first search (in the portfolio's order) that got there; empty where most_up is the
    // start's own count or is not told.
    std::vector<Move> furthest_line;
    // When lost by the waste-drain test at the complete search's start (waste_drain.hpp): the
    // waste card (0: the bottom one) the waste cannot drain down to; else -1.
    int waste_drain_card = -1;
};

}  // namespace patience
