// The beam probe: a breadth-first search that keeps, at each depth, only the positions that look
// furthest along (progress.hpp), so that it walks many lines side by side instead of one line to
// its bottom.
//
// Why: the depth-first members commit to their first moves, and a narrow probe that restarts
// still follows one line at a time, ranked by the move's look, not by where it leads. The beam
// compares the positions themselves, across lines: at every level it expands each kept position by
// every move the sound pruning leaves (but the stock macros that dig deep into the stock and the
// moves that only shuffle the tableau: move_order.hpp's keep_near_stock_moves and drop_shuffles;
// where only single cards move, only the few best-ordered moves: keep_best_children), scores
// every new position, and keeps the best `width` of them (ties broken by a salted hash of the
// key, then by the order of generation). A position seen before in the same run is not kept again
// (its mark in the table, in the probe's lane; a mark the table gave up to a costlier entry only
// lets the position in once more). A run ends when nothing new is left to keep; the next run
// starts again from the start with twice the width (after kWidthDoublings doublings, the first
// width again, with a new salt).
//
// Children seen before in the same run are a third of those scored (32% in Emperor seeds 29, 82
// and 555 at 1M nodes; 55% of them repeat a child of the same level, the rest a position of an
// earlier one).
// Scoring fewer of them did not pay, Emperor seeds 1-3000 at 1M nodes (2,955 deals won as it is):
// not making second moves of the same cards (second_move.hpp) cut the repeats by 4% and won 2,955;
// trying the best-ordered moves until 3 new children came (at most 5) won 2,932, and until 2 came
// (at most 3) 2,953. Counting only the new children as nodes (as the depth-first searches count
// only the positions they enter, not those the table knows) won 988 of seeds 1-1000 (3 gained,
// none dropped: McNemar's p = 0.25, `patience compare`) in 15% more CPU time: the same work for
// the same wins, only measured differently, so the nodes stay as they are.
//
// A position that a stricter, unsound version of the dead-end test calls lost is kept only where
// the level has room after the others (doubts.hpp). Testing only where a position could have
// become a dead end (not after a move between columns from a parent it did not doubt, as the
// depth-first searches skip the test there) decided the same 985 Emperor deals of seeds 1-1000 in
// 2% less CPU time (194.5 s against 198.7), so every kept position is tested. The test runs
// without the stock prefixes (dead_end.hpp): with them it won the same deals at 1M nodes (Emperor
// seeds 1-1000: 985, in 1.55 times the time; Malmaison with eleven ranks, seeds 1-80: 25).
// Dropping the positions that the capacity test (capacity.hpp, with a deal's budget) calls lost
// too changed next to nothing: of Emperor's deals won between 1M and 2M nodes (seeds 82, 181, 544,
// 555, 557, 994), one was won sooner, 555 (1,117,432 -> 1,088,676 nodes).
// Dropping those that the waste-drain test (waste_drain.hpp) calls lost found almost none:
// Malmaison with ten ranks, seed 2 at 200,000 nodes (0.43 s as it is), testing every kept
// position with 16 or more waste cards, called 0 of 9,744 lost with 2,000 choices a test
// (8.1 s) and 54 of 9,785 with 20,000 (44 s); with 20,000 and 8 waste cards, seeds 3-6 were won
// in the same nodes as without, in 60 to 115 times the CPU time, and seed 2's million nodes took
// 415 s instead of 2.8.
//
// A level keeps at most kPerClass positions that differ only in their tableau (the same
// foundations, stock and waste). Without that cap the best children of one good position can
// fill the level with rearrangements of the same columns, so that every line the level holds has
// made the same stock and foundation moves, and a wider beam only finds more such rearrangements.
// Deals won at 1M nodes with no cap, at most 2, 3 (kept) and 5 positions per class, Emperor /
// Lady Palk / Diplomat / Emperor-modern, seeds 1-600: 561 / 587 / 591 / 595, 568 / 598 / 596 /
// 597, 570 / 597 / 594 / 596 and 570 / 597 / 591 / 597. (A class of the stock, waste size, waste
// top and foundations only, capped at 3: 565 / 598 / 595 / 596; Malmaison with eleven ranks,
// seeds 1-80, 24 deals against 23. Malmaison with twelve ranks, seeds 1-100, at most 1, 3 and 8
// positions a class: 13, 15 and 14 deals; with 3 a class and at most 2 or 4 children of one
// parent a level besides, 17 and 13; with 2, eleven ranks, seeds 1-100: 40 against 43.)
//
// Sound: it is a probe. It reports only wins, and every win is a line of moves that the solver
// replays through the rules engine before it reports it; its end proves nothing, and it never
// reads or writes the complete search's table lane. So it can change which deals are won within
// a budget, never a `lost`.
//
// Budget-monotone: nodes are the positions it scores (each one made, its safe moves played, keyed
// and scored), counted one by one; run() pauses before the next one when its cap is reached and
// goes on from exactly there, and nothing it does depends on the cap. Choosing a level's positions
// and testing them for dead ends (dead_end.hpp, which drops lost ones from the beam) costs no
// node: it touches at most `width` positions a level, each of which was counted when scored.
//
// Levels by stock instead of by depth were tried: each run kept its positions in one bucket per
// count of stock cards left, expanded the best `width` of the fullest stock's bucket (its own
// new children went back into that bucket, the others into theirs, each bucket keeping its
// best), and went on to the next stock count only when no new position was left at this one, so
// that positions compete only with those that have drawn as far. Malmaison with twelve ranks,
// seeds 1-100, at 1M nodes (15 deals won as it is): 16, 14 and 15 deals with buckets of 1, 2 and
// 4 times the width; with eleven ranks 42 against 43. As a second beam with half of the beam's
// turns: eleven ranks, seeds 1-100 and 101-200, 46 and 44 against 43 and 47; twelve ranks 16;
// ten ranks 89 either way; Emperor seeds 1-1000 984 against 985 (two beams both by depth,
// three turns each: 41 with eleven ranks, 15 with twelve).
//
// Measured with the beam alone at 1M nodes (seeds 1-100), deals won by it, by the portfolio
// without it, and by either: Emperor 79, 80, 90; Diplomat 71, 97, 99; Lady Palk 89, 99, 99;
// Emperor-modern 94, 97, 100. It wins other deals than the depth-first probes do. See
// portfolio.hpp for its share of the budget.
#pragma once

#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "solver/node_histogram.hpp"
#include "solver/packed_state.hpp"
#include "solver/search/dead_end.hpp"
#include "solver/search/depth_first.hpp"
#include "solver/search/doubts.hpp"
#include "solver/search/member.hpp"
#include "solver/search/move_order.hpp"
#include "solver/search/path_tree.hpp"
#include "solver/search/progress.hpp"
#include "solver/search/restarts.hpp"
#include "solver/search/safe_foundation.hpp"
#include "solver/search/search_moves.hpp"
#include "solver/search/stock_macro.hpp"
#include "solver/search/supermove.hpp"
#include "solver/transposition_table.hpp"

namespace patience {

template <class T>
class BeamProbe final : public SearchMember<T> {
  public:
    // Widths first_width * 2^k for k = 0 .. kWidthDoublings - 1, then over again. The hard
    // Emperor deals come in runs of every width (seeds 82 and 555 at 512, 181 at 64, 544 at 32,
    // 557 and 994 at 1024; 1.0 to 2.0 million nodes of the portfolio), so widths in Luby's
    // sequence (16 * 1, 1, 2, 1, 1, 2, 4, ...; each run with its own salt, as here) were tried,
    // with the harness at 1M nodes: Emperor seeds 1-1000 won 987 deals against 985 with the
    // doublings, but seeds 1001-3000 1,962 against 1,970; Diplomat 996 and 1,998 against 998 and
    // 2,000; Lady Palk 998 against 999; Emperor-modern 997 either way. First widths 8 and 32 in
    // Luby's sequence won 980 and 986 Emperor deals of seeds 1-1000. Six doublings (up to 512,
    // so that within 1M nodes more runs start over with a new salt) won 988 and 1,968 of seeds
    // 1-1000 and 1001-3000, against 985 and 1,970.
    // Runs that choose each position's children with one salt for all the widths of a cycle
    // (ties still broken by the run's own salt) won 988 and 1,968; with the children of every
    // position the cycle had already expanded remembered (their moves, keys and scores), so that
    // a wider run scores only positions new to the cycle, the same 988 (in 7% fewer nodes over the
    // deals both won) and 1,970, for 6% to 15% more CPU time. Only 30% to 47% of a run's positions
    // had been expanded by the narrower runs before it: the best positions of a wider level are
    // mostly others. Nested runs, whose every level kept the level of the narrower run before
    // them (the positions of it met again) and then the best of the rest, so that half of each
    // run's positions had their children remembered, won 82, 181, 555 and 694 of seeds 1-1000
    // within 1M nodes but lost 80, 260, 384 and 819: 985 again, over as many nodes.
    // Malmaison with twelve ranks, seeds 1-100 (15 deals won as it is): a first width of 64 with
    // five doublings won 14, of 4 with nine doublings 16. Emperor with a first width of 32 and
    // six doublings (32 to 1024) won 988 deals of seeds 1-1000 but 1,964 of seeds 1001-3000
    // (985 and 1,970 as it is); widths that quadruple, 16 to 1024 and 8 to 512, won 982 and
    // 981 of seeds 1-1000.
    static constexpr int kWidthDoublings = 7;
    // At most this many positions of a level may differ only in their tableau (have the same
    // foundations, stock and waste: PackedState::key_without_tableau).
    static constexpr int kPerClass = 3;

    // The positions of the level being expanded, for tests.
    std::vector<PackedState<T>> level() const {
        std::vector<PackedState<T>> states;
        for (const Entry& entry : beam_) states.push_back(entry.state);
        return states;
    }

    BeamProbe(const Position& start, const SearchConfig& config, TranspositionTable& table)
        : start_(start),
          root_(start, config.key_set),
          config_(config),
          table_(table),
          stream_(config.stream < 0 ? config.lane : config.stream),
          runs_(config.beam_first_run) {
        assert(config.beam_width > 0);
    }

    SearchStatus run(std::uint64_t node_cap, SearchClock::time_point deadline) override {
        while (status_ == SearchStatus::Paused) {
            if (nodes_ >= node_cap) return SearchStatus::Paused;
            if ((nodes_ & 4095) == 0 && SearchClock::now() >= deadline) {
                status_ = SearchStatus::TimeUp;
                break;
            }
            if (beam_.empty()) {
                start_run();
            } else if (parent_ == beam_.size()) {
                next_level();
            } else if (!moves_ready_) {
                generate(beam_[parent_].state);
            } else if (next_move_ == moves_.size()) {
                ++parent_;
                moves_ready_ = false;
            } else {
                score_child();
            }
        }
        return status_;
    }

    SearchStatus status() const override { return status_; }
    std::uint64_t nodes() const override { return nodes_; }
    int most_up() const override { return most_up_; }
    std::uint64_t runs() const { return runs_; }
    int width() const { return width_; }
    std::vector<Move> solution() const override { return plain_moves<T>(start_, solution_); }
    std::vector<Move> furthest_line() const override { return plain_moves<T>(start_, furthest_); }
    void record_into(HistogramRecorder* recorder) override { recorder_ = recorder; }

  private:
    struct Entry {
        PackedState<T> state;
        PathTree::Tip path;  // from the start, safe moves included (in paths_)
    };
    struct Child {
        std::int64_t score;
        std::uint32_t parent;
        std::uint32_t order;  // place among the level's children: the last tie-break
        Move move;
    };

    // A new run from the start position; counted as a node, so that runs that end at once still
    // spend the budget.
    void start_run() {
        width_ = config_.beam_width << (runs_ % kWidthDoublings);
        salt_ = run_salt(stream_, runs_) ^ kBeamSalt;
        ++runs_;
        ++nodes_;
        paths_.clear();
        Entry root{root_, PathTree::kEmpty};
        undo_.clear();
        if (config_.techniques.safe_moves) play_safe_moves(root.state, undo_);
        count(root.state);
        root.path = extended(root.path);
        if (root.state.cards_up() > most_up_) {
            most_up_ = root.state.cards_up();
            furthest_ = paths_.line(root.path);
        }
        if (root.state.won()) {
            win(paths_.line(root.path));
            return;
        }
        table_.store(root.state.key() ^ salt_, 1, config_.lane);
        beam_.push_back(std::move(root));
        parent_ = 0;
        moves_ready_ = false;
        children_.clear();
    }

    void count(const PackedState<T>& state) {
        if (recorder_ != nullptr) recorder_->count(state.stock_left(), state.cards_up());
    }

    void generate(const PackedState<T>& state) {
        moves_.clear();
        generate_search_moves(state, config_.techniques, moves_);
        keep_near_stock_moves(moves_, 0, kBeamStockWindow);
        drop_shuffles(state, moves_, 0);
        keep_best_children(state, moves_, 0, kBeamChildrenFor<T>, state.key(), salt_, scratch_);
        next_move_ = 0;
        moves_ready_ = true;
    }

    // `path` followed by the moves on undo_: the line to the position just played, kept.
    PathTree::Tip extended(PathTree::Tip path) {
        for (const Undo& u : undo_) path = paths_.extend(path, u.move);
        return path;
    }

    // Plays `m` and the safe moves after it on `state`, recording them on undo_.
    void play(PackedState<T>& state, const Move& m) {
        undo_.clear();
        undo_.push_back(state.make(m));
        if (config_.techniques.safe_moves) play_safe_moves(state, undo_);
    }

    void score_child() {
        ++nodes_;
        Entry& parent = beam_[parent_];
        const Move m = moves_[next_move_++];
        play(parent.state, m);
        count(parent.state);
        if (parent.state.cards_up() > most_up_) {
            most_up_ = parent.state.cards_up();
            furthest_ = paths_.line(extended(parent.path));
        }
        if (parent.state.won()) {
            win(paths_.line(extended(parent.path)));
            return;
        }
        const std::uint64_t key = parent.state.key() ^ salt_;
        if (!table_.contains(key, config_.lane)) {
            table_.store(key, 1, config_.lane);
            // Ties of the score go by a hash of the key, different in every run.
            const auto tie = static_cast<std::int64_t>((key * 0x9E3779B97F4A7C15ULL) >> 58);
            children_.push_back({progress_score(parent.state) + tie,
                                 static_cast<std::uint32_t>(parent_),
                                 static_cast<std::uint32_t>(children_.size()), m});
        }
        while (!undo_.empty()) {
            parent.state.undo(undo_.back());
            undo_.pop_back();
        }
    }

    // The best `width_` new positions that are not dead ends become the next level, those it
    // does not doubt first (doubts.hpp).
    void next_level() {
        std::sort(children_.begin(), children_.end(), [](const Child& a, const Child& b) {
            return a.score != b.score ? a.score > b.score : a.order < b.order;
        });
        next_.clear();
        doubted_.clear();
        per_class_.clear();
        for (const Child& child : children_) {
            if (static_cast<int>(next_.size()) == width_) break;
            Entry entry{beam_[child.parent].state, PathTree::kEmpty};
            play(entry.state, child.move);
            int& kept = per_class_[entry.state.key_without_tableau()];
            if (kept == kPerClass) continue;
            // Every dead end is doubtful (doubts.hpp), so with the doubts on the sound test runs
            // only on the doubtful positions: the others cannot be dead ends.
            const bool doubtful = config_.techniques.doubts && doubts_.doubtful(entry.state);
            if (config_.techniques.dead_ends && (doubtful || !config_.techniques.doubts) &&
                dead_end_test_pays(entry.state.stock_left()) && dead_end_.lost(entry.state)) {
                continue;
            }
            ++kept;
            entry.path = extended(beam_[child.parent].path);
            // A doubtful position still counts towards its class's cap (kPerClass).
            if (doubtful) {
                if (static_cast<int>(doubted_.size()) < width_) {
                    doubted_.push_back(std::move(entry));
                }
                continue;
            }
            next_.push_back(std::move(entry));
        }
        for (std::size_t k = 0; k < doubted_.size(); ++k) {
            if (static_cast<int>(next_.size()) == width_) break;
            next_.push_back(std::move(doubted_[k]));
        }
        beam_.clear();
        beam_.swap(next_);  // empty: the run is over, and the next one starts
        paths_.compact(beam_.size(),
                       [&](std::size_t i) -> PathTree::Tip& { return beam_[i].path; });
        children_.clear();
        parent_ = 0;
        moves_ready_ = false;
    }

    void win(std::vector<Move> path) {
        solution_ = std::move(path);
        status_ = SearchStatus::Won;
    }

    // Keeps the beam's table marks apart from every depth-first member's, whatever its stream.
    static constexpr std::uint64_t kBeamSalt = 0xBEA3'5A17'0C0F'FEE5ULL;

    Position start_;
    PackedState<T> root_;
    SearchConfig config_;
    TranspositionTable& table_;
    int stream_;
    std::uint64_t salt_ = 0;
    int width_ = 0;
    std::uint64_t runs_ = 0;
    std::uint64_t nodes_ = 0;
    int most_up_ = 0;  // the most cards up in a position counted as a node
    std::vector<Move> furthest_;  // the moves to the first node counted with most_up_ up
    SearchStatus status_ = SearchStatus::Paused;
    std::vector<Entry> beam_;
    PathTree paths_;  // the lines of this run's kept positions
    std::vector<Entry> next_;
    std::vector<Child> children_;
    std::vector<Move> moves_;
    std::vector<ScoredMove> scratch_;
    std::vector<Undo> undo_;
    std::size_t parent_ = 0;
    std::size_t next_move_ = 0;
    bool moves_ready_ = false;
    std::vector<Move> solution_;
    DeadEndTest<T> dead_end_;
    Doubts<T> doubts_;
    std::vector<Entry> doubted_;  // this level's doubtful positions, best first
    std::unordered_map<std::uint64_t, int> per_class_;  // key_without_tableau -> kept this level
    HistogramRecorder* recorder_ = nullptr;
};

}  // namespace patience
