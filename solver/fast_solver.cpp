#include "solver/fast_solver.hpp"

#include <algorithm>
#include <chrono>
#include <vector>

#include "solver/packed_state.hpp"
#include "solver/path_set.hpp"

namespace patience {

namespace {

using Clock = std::chrono::steady_clock;

template <class T>
class Search {
public:
    // `branching` > 0 makes a probe: each node tries only its `branching` best-ordered moves
    // plus the stock move. A probe may find a win, but its "no win below here" is not a proof.
    Search(const Position& start, const SearchLimits& limits, TranspositionTable& table,
           int branching, Clock::time_point started)
        : state_(start),
          limits_(limits),
          table_(table),
          started_(started),
          branching_(branching) {}

    SolveResult run() {
        SolveResult result;
        Outcome outcome = enter();
        while (outcome == Outcome::Pushed || outcome == Outcome::Seen) {
            outcome = step();
        }
        result.nodes = nodes_;
        result.seconds = elapsed();
        switch (outcome) {
            case Outcome::Won:
                result.verdict = Verdict::Won;
                for (const Undo& u : undo_) result.solution.push_back(u.move);
                break;
            case Outcome::Exhausted:
                result.verdict = Verdict::Lost;
                break;
            default:
                result.verdict = Verdict::Unknown;
                result.limit = limit_hit_;
                break;
        }
        return result;
    }

private:
    enum class Outcome { Pushed, Seen, Won, Exhausted, Limit };

    struct Frame {
        std::uint64_t key;
        std::uint64_t nodes_at_entry;
        std::uint32_t moves_begin;
        std::uint32_t next;
        std::uint32_t undo_base;  // undo stack size before this node's safe moves
    };

    double elapsed() const { return std::chrono::duration<double>(Clock::now() - started_).count(); }

    void play(const Move& m) { undo_.push_back(state_.make(m)); }

    void take_back_to(std::size_t size) {
        while (undo_.size() > size) {
            state_.undo(undo_.back());
            undo_.pop_back();
        }
    }

    // Plays every safe foundation move (see PackedState::safe_to_foundation) until none is left.
    void play_safe_moves() {
        for (bool again = true; again;) {
            again = false;
            if (state_.waste_size() > 0) {
                const Card top = state_.waste_top();
                if (state_.foundation_takes(top) && state_.safe_to_foundation(top)) {
                    play(Move::waste_to_foundation());
                    again = true;
                }
            }
            for (int c = 0; c < T::kColumns; ++c) {
                const auto& col = state_.column(c);
                if (col.size == 0) continue;
                const Card top = col.top();
                if (state_.foundation_takes(top) && state_.safe_to_foundation(top)) {
                    play(Move::column_to_foundation(c));
                    again = true;
                }
            }
        }
    }

    // Arrives at a position just reached by a move (or the start): plays its safe moves, then
    // either wins, finds it already searched or on the path, hits a limit, or opens a frame.
    Outcome enter() {
        const auto undo_base = static_cast<std::uint32_t>(undo_.size());
        play_safe_moves();
        if (state_.won()) return Outcome::Won;
        const std::uint64_t key = state_.key();
        assert(key == state_.key_from_scratch());
        if (path_.contains(key) || table_.contains(key)) {  // the small path set first
            take_back_to(undo_base);
            return Outcome::Seen;
        }
        if (limits_.node_limit != 0 && nodes_ >= limits_.node_limit) {
            limit_hit_ = LimitHit::Nodes;
            return Outcome::Limit;
        }
        if (limits_.time_limit_seconds > 0 && (nodes_ & 4095) == 0 &&
            elapsed() >= limits_.time_limit_seconds) {
            limit_hit_ = LimitHit::Time;
            return Outcome::Limit;
        }
        ++nodes_;
        path_.insert(key);
        const auto begin = static_cast<std::uint32_t>(moves_.size());
        state_.template generate<true>(moves_);
        if (undo_.size() == undo_base && undo_base > 0) drop_second_moves(begin, undo_.back().move);
        order_moves(begin);
        if (branching_ > 0) narrow(begin);
        frames_.push_back({key, nodes_, begin, begin, undo_base});
        return Outcome::Pushed;
    }

    // The cards the last move put on a column are not moved on again at once: moving them back
    // gives the parent position (on the path), and moving them to another column gives the same
    // position as moving them there straight away, a move the grandparent tries itself (up to
    // the same folding of spaces that its own moves get). Applied only where no safe move was
    // played in between, so that the positions really are equal. Tested against the reference
    // search by fast_solver_test (DifferentialSolve*).
    void drop_second_moves(std::uint32_t begin, const Move& last) {
        if (last.kind != MoveKind::ColumnToColumn && last.kind != MoveKind::WasteToColumn) return;
        auto again = [&](const Move& m) {
            return m.kind == MoveKind::ColumnToColumn && m.from == last.to && m.count == last.count;
        };
        moves_.erase(std::remove_if(moves_.begin() + begin, moves_.end(), again), moves_.end());
    }

    // Sorts the moves from `begin` on, most promising first; ties keep generation order, so the
    // search stays deterministic.
    void order_moves(std::uint32_t begin) {
        scored_.clear();
        for (std::size_t i = begin; i < moves_.size(); ++i) {
            scored_.push_back({state_.score(moves_[i]), moves_[i]});
        }
        // Insertion sort: a node has a handful of moves, and it is stable.
        for (std::size_t i = 1; i < scored_.size(); ++i) {
            const Scored item = scored_[i];
            std::size_t j = i;
            for (; j > 0 && scored_[j - 1].score < item.score; --j) scored_[j] = scored_[j - 1];
            scored_[j] = item;
        }
        for (std::size_t i = 0; i < scored_.size(); ++i) moves_[begin + i] = scored_[i].move;
    }

    // Keeps the `branching_` best moves and the stock move (generated last, ordered by score).
    void narrow(std::uint32_t begin) {
        std::uint32_t kept = 0;
        for (std::size_t i = begin; i < moves_.size(); ++i) {
            const bool stock = moves_[i].kind == MoveKind::Draw || moves_[i].kind == MoveKind::Deal;
            if (stock || kept < static_cast<std::uint32_t>(branching_)) {
                moves_[begin + kept++] = moves_[i];
            }
        }
        moves_.resize(begin + kept);
    }

    // Tries the next move of the deepest open frame, or closes it when none is left.
    Outcome step() {
        if (frames_.empty()) return Outcome::Exhausted;
        Frame& frame = frames_.back();
        if (frame.next == moves_.size()) {
            table_.store(frame.key, nodes_ - frame.nodes_at_entry + 1);
            path_.erase(frame.key);
            moves_.resize(frame.moves_begin);
            take_back_to(frame.undo_base);
            frames_.pop_back();
            if (frames_.empty()) return Outcome::Exhausted;
            take_back_to(undo_.size() - 1);  // the move that led here
            return Outcome::Seen;
        }
        const Move move = moves_[frame.next++];
        play(move);
        const Outcome outcome = enter();
        if (outcome == Outcome::Seen) take_back_to(undo_.size() - 1);
        return outcome;
    }

    struct Scored {
        int score;
        Move move;
    };

    PackedState<T> state_;
    std::vector<Scored> scored_;
    const SearchLimits& limits_;
    TranspositionTable& table_;
    Clock::time_point started_;
    int branching_;
    PathSet path_;
    std::vector<Frame> frames_;
    std::vector<Move> moves_;
    std::vector<Undo> undo_;
    std::uint64_t nodes_ = 0;
    LimitHit limit_hit_ = LimitHit::None;
};

}  // namespace

FastSolver::FastSolver(std::uint64_t table_bytes) : table_(table_bytes) {}

// The node budget is shared by narrow probes and the full search. The probes follow only the
// best-looking moves, so they reach deep into the stock fast and find the wins that plain
// depth-first search misses by spending everything below an early mistake. Only the last pass,
// the full search, can prove a loss. Each pass starts a new table epoch: a probe's "no win here"
// is not true for the full move set.
SolveResult FastSolver::solve(const Position& start, const SearchLimits& limits) {
    struct Pass {
        int branching;
        std::uint64_t budget_divisor;  // share of the node limit
    };
    static constexpr Pass kProbes[] = {{1, 16}, {2, 8}, {3, 8}};

    const auto started = Clock::now();
    std::uint64_t spent = 0;
    return dispatch_variant(start.variant, [&](auto traits) {
        using T = decltype(traits);
        for (const Pass& pass : kProbes) {
            SearchLimits probe_limits = limits;
            probe_limits.node_limit =
                limits.node_limit == 0 ? 1'000'000 : limits.node_limit / pass.budget_divisor;
            if (probe_limits.node_limit == 0) continue;
            table_.new_search();
            Search<T> probe(start, probe_limits, table_, pass.branching, started);
            SolveResult result = probe.run();
            spent += result.nodes;
            if (result.verdict == Verdict::Won || result.limit == LimitHit::Time) {
                result.nodes = spent;
                return result;
            }
        }
        SearchLimits full_limits = limits;
        if (limits.node_limit != 0) full_limits.node_limit = limits.node_limit - spent;
        table_.new_search();
        Search<T> full(start, full_limits, table_, 0, started);
        SolveResult result = full.run();
        result.nodes += spent;
        return result;
    });
}

}  // namespace patience
