// One depth-first search over the packed state, resumable: run() searches until the search's own
// node count reaches a cap, then pauses exactly where it stopped, so that a schedule can share one
// node budget among several searches and still be a prefix of itself at every larger budget.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

#include "solver/node_histogram.hpp"
#include "solver/packed_state.hpp"
#include "solver/path_set.hpp"
#include "solver/search/capacity.hpp"
#include "solver/search/dead_end.hpp"
#include "solver/search/drain_anchors.hpp"
#include "solver/search/drain_lookahead.hpp"
#include "solver/search/incomplete_pile.hpp"
#include "solver/search/lost_moves.hpp"
#include "solver/search/member.hpp"
#include "solver/search/move_order.hpp"
#include "solver/search/restarts.hpp"
#include "solver/search/safe_foundation.hpp"
#include "solver/search/search_moves.hpp"
#include "solver/search/second_move.hpp"
#include "solver/search/stock_lookahead.hpp"
#include "solver/search/supermove.hpp"
#include "solver/search/techniques.hpp"
#include "solver/search/tree_share.hpp"
#include "solver/search/waste_drain.hpp"
#include "solver/transposition_table.hpp"
#include "solver/verdict.hpp"

namespace patience {

// What one search is: its move set and its place in the shared table.
struct SearchConfig {
    // 0: complete (every move the sound pruning keeps). b > 0: a narrow probe that tries only its
    // b best-ordered moves that do not only shuffle the tableau, and its best stock move, at each
    // node (move_order.hpp); it may find a win, but its "no win below here" is not a proof.
    int branching = 0;
    int lane = 0;  // the table lane it reads and writes (TranspositionTable)
    // 0: one search to the end. u > 0: a probe that restarts from the start position after
    // luby(i) * u nodes of its i-th run, each run with its own move order (restarts.hpp). The runs
    // share the probe's table marks, so a run skips the subtrees earlier runs exhausted.
    std::uint64_t restart_unit = 0;
    Techniques techniques;
    // Which salts the runs take (restarts.hpp): the lane in the one-thread portfolio; an extra
    // member of a multi-threaded search has a stream of its own, so that it searches apart.
    int stream = -1;  // -1: the lane
    int key_set = 0;  // KeyTables: 1 re-proves a `lost` with independent keys
    // A probe's own node count at which it stops for good (0: never), so that its turns go to
    // the other members once it has had its chance.
    std::uint64_t retire_after = 0;
    // How far a restarted run's move order strays from the plain one (move_order.hpp's
    // OrderNoise: per move and per kind of move).
    int order_noise = kOrderNoise;
    int kind_order_noise = 0;
    // > 0: not a depth-first search but a beam probe (beam.hpp) whose first run keeps this many
    // positions a level; branching and restarts are then unused.
    int beam_width = 0;
    // A beam probe's first run: it starts its cycle of widths (and salts) that many runs along,
    // as if those runs were done (the extra beams of a multi-threaded search: portfolio.hpp).
    std::uint64_t beam_first_run = 0;
    // The search starts from an end game (portfolio.hpp's kEndGameStock): the capacity test may
    // spend more on each position (capacity.hpp's kEndGameCapacityBudget).
    bool end_game = false;
    // Another thread searches the start's relaxed game to the end (relaxed_start.hpp), so the
    // capacity test does not search it again (CapacityBudget::retries_start).
    bool relaxed_start_elsewhere = false;
    // How much the complete search's waste-drain tests may spend proving its start lost: k times
    // each test's budget (waste_drain.hpp) and the drain anchors' credit (drain_anchors.hpp). 1 by
    // default.
    int proof_effort = 1;

    // The one member whose exhaustion proves a loss: every move the sound pruning keeps.
    bool complete() const { return branching == 0 && beam_width == 0; }

    // What the member is, for a player: the one that decided a solve (SolveResult::decided_by).
    const char* name() const {
        if (beam_width > 0) return "beam probe";
        if (complete()) return "complete search";
        return branching == 1 ? "greedy probe" : "narrow probe";
    }
};

template <class T>
class DepthFirstSearch final : public SearchMember<T> {
  public:
    DepthFirstSearch(const Position& start, const SearchConfig& config, TranspositionTable& table)
        : state_(start, config.key_set),
          start_(start),
          config_(config),
          table_(table),
          stream_(config.stream < 0 ? config.lane : config.stream),
          salt_(run_salt(stream_, 0)),
          table_salt_(config.complete() ? 0 : salt_) {}

    // SearchMember::run; the deadline is checked every 4096 nodes.
    SearchStatus run(std::uint64_t node_cap, SearchClock::time_point deadline) override {
        assert(config_.retire_after == 0 || config_.branching > 0);
        if (config_.retire_after != 0) node_cap = std::min(node_cap, config_.retire_after);
        deadline_ = deadline;
        capacity_.set_deadline(deadline);
        while (status_ == SearchStatus::Paused) {
            const std::uint64_t run_end =
                config_.restart_unit == 0 ? node_cap
                                          : run_start_ + luby(run_index_) * config_.restart_unit;
            node_cap_ = std::min(node_cap, run_end);
            pause_at_the_wake();
            // No open frame while paused: the start position itself was not entered yet.
            Outcome outcome = frames_.empty() ? enter() : step();
            while (outcome == Outcome::Pushed || outcome == Outcome::Seen) outcome = step();
            switch (outcome) {
                case Outcome::Won:
                    status_ = SearchStatus::Won;
                    break;
                case Outcome::Exhausted:
                    // A restarting probe's run that ends proves nothing (it is narrow or salted
                    // apart from the complete search); it just starts its next run.
                    if (config_.restart_unit == 0)
                        status_ = SearchStatus::Exhausted;
                    else
                        restart();
                    break;
                case Outcome::TimeUp:
                    status_ = SearchStatus::TimeUp;
                    break;
                default:
                    if (config_.retire_after != 0 && nodes_ >= config_.retire_after) {
                        status_ = SearchStatus::Retired;
                        break;
                    }
                    if (anchors_.waiting() && nodes_ >= DrainAnchors<T>::kWakeAfter) {
                        start_over_with_the_anchors();
                        break;
                    }
                    if (nodes_ >= node_cap) return SearchStatus::Paused;  // stays resumable
                    restart();  // this run's share is spent
                    break;
            }
        }
        return status_;
    }

    std::uint64_t nodes() const override { return nodes_; }
    int most_up() const override { return most_up_; }
    bool proved_start_lost() const override {
        return status_ == SearchStatus::Exhausted && (capacity_.start_lost() || start_drained_);
    }
    int start_drained_card() const override {
        return status_ == SearchStatus::Exhausted && start_drained_ ? start_drained_card_ : -1;
    }
    // The complete search's estimate of the share of its tree done (tree_share.hpp); 0 for a
    // probe, whose tree is not the start's.
    double tree_share_done() const override {
        if (!config_.complete()) return 0;
        if (status_ == SearchStatus::Exhausted) return 1;
        TreeShare share;
        for (std::size_t i = 0; i < frames_.size() && !share.settled(); ++i) {
            const bool deepest = i + 1 == frames_.size();
            const std::size_t end = deepest ? moves_.size() : frames_[i + 1].moves_begin;
            // Below the deepest frame, the move before `next` is the one being searched.
            const std::size_t done = frames_[i].next - frames_[i].moves_begin - (deepest ? 0 : 1);
            share.descend(done, end - frames_[i].moves_begin);
        }
        return share.share();
    }
    // Runs started so far (restarting probes; 1 for any other search once it ran).
    std::uint64_t runs() const { return run_index_ + 1; }
    // How many times the start was given the dead-end test (dead_end_lost), for tests.
    std::uint64_t start_dead_end_tests() const { return start_dead_end_tests_; }

    void record_into(HistogramRecorder* recorder) override { recorder_ = recorder; }
    void sample_into(PositionSampler* sampler) override { sampler_ = sampler; }
    SearchStatus status() const override { return status_; }

    std::vector<Move> solution() const override { return plain_moves<T>(start_, path_moves()); }
    std::vector<Move> furthest_line() const override { return plain_moves<T>(start_, furthest_); }

  private:
    enum class Outcome { Pushed, Seen, Won, Exhausted, Paused, TimeUp };

    struct Frame {
        std::uint64_t key;
        std::uint64_t nodes_at_entry;
        std::uint32_t moves_begin;
        std::uint32_t next;
        std::uint32_t undo_base;  // undo stack size before this node's safe moves
        // The fewest draws known to reach a lost position from here (0: none; stock_lookahead.hpp)
        int dead_draws;
        // The innermost drain anchor's waste cards (drain_anchors.hpp; the start is the first)
        // that have stayed in the waste all the way here (the fewest cards it held on the way, as
        // a stack that loses only its top and gains only draws)
        int anchor_waste_left;
        // Where this position's moves known to lose begin in lost_moves_ (lost_moves.hpp); they
        // end where the next frame's begin, or at its end.
        std::uint32_t lost_begin;
    };

    // The capacity test's budget: by the start (capacity.hpp). The start's relaxed game is
    // searched again only by the portfolio's own complete search: its helpers would repeat the
    // same search (they share the table's marks, not the relaxed states), and so would a thread
    // that searches it to the end (relaxed_start.hpp).
    static CapacityBudget capacity_budget_of(const SearchConfig& config, const Position& start) {
        CapacityBudget budget =
            capacity_budget(T::kId, config.end_game, static_cast<int>(start.stock.size()));
        if (config.stream >= kFirstExtraStream || config.relaxed_start_elsewhere) {
            budget.retries_start = false;
        }
        return budget;
    }

    void play(const Move& m) { undo_.push_back(state_.make(m)); }

    // The search's moves from the start to the position now searched (safe moves included).
    std::vector<Move> path_moves() const {
        std::vector<Move> moves;
        for (const Undo& u : undo_) moves.push_back(u.move);
        return moves;
    }

    // Whether `last`, just played, moved a run into a space. The parent's own move of those cards
    // onto another column top may then be one incomplete_pile.hpp drops, so second_move.hpp's
    // argument (the parent tries that move itself) needs the second move kept.
    bool filled_a_space(const Move& last) const {
        return kIncompletePilesApply<T> && last.kind == MoveKind::ColumnToColumn &&
               state_.column(last.to).size == last.count;
    }

    // Every move taken back and every frame closed unmarked: the start position, not entered yet.
    void back_to_the_start() {
        take_back_to(0);
        frames_.clear();
        moves_.clear();
        lost_moves_.clear();
        path_.clear();
    }

    // Where the drain anchors wait below a deal, the run pauses where they wake, whatever cap it
    // was given (start_over_with_the_anchors()).
    void pause_at_the_wake() {
        if (anchors_.waiting()) node_cap_ = std::min(node_cap_, DrainAnchors<T>::kWakeAfter);
    }

    // Back to the start position for the next run, with a new salt for its move order. Its table
    // marks stay those of the earlier runs (table_salt_): what a run exhausted, the later ones
    // skip, so each run spends its nodes on lines not tried yet. Measured with the decided-rate
    // harness against runs with table marks of their own (seeds 61-200 at 1M nodes, and the
    // deals of seeds 1-60 still unknown at 1M, at 2M and 4M): see portfolio.hpp.
    void restart() {
        back_to_the_start();
        anchors_.clear();
        ++run_index_;
        run_start_ = nodes_;
        salt_ = run_salt(stream_, run_index_);
    }

    // From a deal (drain_anchors.hpp): the complete search, undecided after kWakeAfter nodes of
    // its own, starts over from its start with the drain anchors awake, in a key space of its
    // own (kDealAnchorsKeys XORed into its table keys). Why a key space of its own: the marks of
    // the search so far may rely on its path as it was (portfolio.hpp, "Proof that `lost` stays
    // sound": a position is marked once closed, and a move back to a position on the path is not
    // followed), and that path is now given up, never to be closed. The search from here reads
    // and writes only its new marks, so it is a complete search of its own, and its proof of
    // loss is the single search's. Where helpers search too (portfolio.hpp's complete_helper),
    // each starts over alike, and the solve calls `lost` once every complete search has closed
    // its start: the searches that write the new marks have then all closed their paths there,
    // and the portfolio's proof holds over those marks; a helper that closed its start before
    // starting over (it read the marks of a path given up) is not what proves. The nodes so far
    // stay counted, and kWakeAfter is fixed, so the search at a node limit is still a prefix of
    // the search at any larger one.
    void start_over_with_the_anchors() {
        back_to_the_start();
        anchors_.wake();
        table_salt_ = kDealAnchorsKeys;
    }
    static constexpr std::uint64_t kDealAnchorsKeys = 0x9e3779b97f4a7c15;

    // The dead-end test of the position just entered. Every run of a restarting probe starts
    // from the same position (restart() takes every move back, and enter() plays the same safe
    // moves), and the test is a function of the position alone, so a start found alive stays
    // alive: its test is made in the first run only. At the start it is the costliest test the
    // search makes (with the stock prefixes: one more test for each prefix read), and Malmaison's
    // probes restart hundreds of times a million nodes: seed 522 took 64 s for its million nodes,
    // 98% of them in the test, where the same nodes and verdict now take 2.6 s; seeds 1-1000
    // took 6,079 CPU seconds, and take 1,923, deal by deal in the same nodes.
    bool dead_end_lost(bool at_start) {
        if (at_start && start_alive_) return false;
        const bool lost = dead_end_.lost(state_);
        if (at_start) {
            start_alive_ = !lost;
            ++start_dead_end_tests_;
        }
        return lost;
    }

    // The waste-drain test of the complete search's start (waste_drain.hpp), made once: the
    // complete search never meets its start again (but where it starts over with the anchors,
    // which keep the test). Where it does not prove the start lost and
    // DrainAnchors::makes_anchors() says so (a start with a waste, or a deal with the technique
    // deal_anchors on), it is the first of the drain anchors (drain_anchors.hpp), which the test
    // is made again at deeper down; below a deal they wait (start_over_with_the_anchors()).
    bool waste_drained() {
        if (!config_.complete() || !config_.techniques.waste_drain || start_drain_tested_) {
            return false;
        }
        start_drain_tested_ = true;
        auto test =
            std::make_unique<WasteDrainTest<T>>(WasteDrainBudget{}.scaled(config_.proof_effort));
        test->set_deadline(deadline_);
        start_drained_ = test->lost(state_);
        start_drained_card_ = test->drained_at();
        if (!start_drained_ &&
            DrainAnchors<T>::makes_anchors(state_, config_.techniques.deal_anchors)) {
            anchors_.start(std::move(test), state_, config_.proof_effort);
            pause_at_the_wake();  // the first run's cap came before they waited
        }
        return start_drained_;
    }

    // The drain anchors' tests carried down to this position (drain_anchors.hpp; waste_drain.hpp,
    // "Carried"): `held` of the innermost anchor's waste cards have stayed in the waste all the way
    // here.
    bool carried_drain_lost(bool at_start, int held) {
        return !at_start && anchors_.lost(held, state_.stock_left(), nodes_);
    }

    // This position made a drain anchor (drain_anchors.hpp) where its waste has grown, and proven
    // lost by it: last of the tests, as the costliest.
    bool anchored_lost(bool at_start, int held) {
        return !at_start && config_.techniques.drain_anchors &&
               anchors_.anchor(state_, held, nodes_, deadline_);
    }

    void take_back_to(std::size_t size) {
        while (undo_.size() > size) {
            state_.undo(undo_.back());
            undo_.pop_back();
        }
    }

    // Arrives at a position just reached by a move (or the start): plays its safe moves, then
    // either wins, finds it already searched or on the path, stops at a limit (taking the safe
    // moves back, so that the same arrival can be made again on resuming), or opens a frame.
    Outcome enter() {
        entered_lost_ = false;
        const auto undo_base = static_cast<std::uint32_t>(undo_.size());
        if (config_.techniques.safe_moves) play_safe_moves(state_, undo_);
        if (state_.won()) return Outcome::Won;
        const std::uint64_t key = state_.key();
        assert(key == state_.key_from_scratch());
        // Path first. The start position is never looked up: a probe whose earlier run exhausted
        // it goes on with its next run's move order (the complete search never meets it again).
        if (path_.contains(key)) {
            take_back_to(undo_base);
            return Outcome::Seen;
        }
        if (!frames_.empty()) {
            const auto hit = table_.lookup(key ^ table_salt_, config_.lane);
            if (hit != TranspositionTable::Hit::None) {
                take_back_to(undo_base);
                entered_lost_ = hit == TranspositionTable::Hit::Proof;  // a test's, earlier
                return Outcome::Seen;
            }
        }
        if (nodes_ >= node_cap_) {
            take_back_to(undo_base);
            return Outcome::Paused;
        }
        if ((nodes_ & 4095) == 0 && SearchClock::now() >= deadline_) {
            take_back_to(undo_base);
            return Outcome::TimeUp;
        }
        ++nodes_;
        if (state_.cards_up() > most_up_) {
            most_up_ = state_.cards_up();
            furthest_ = path_moves();
        }
        if (recorder_ != nullptr) {
            recorder_->count(state_.stock_left(), state_.cards_up());
            if (recorder_->tracks_flows()) {
                recorder_->count_flow(state_.stock_left(), state_.key_without_tableau());
            }
        }
        if (sampler_ != nullptr && sampler_->wants(state_.stock_left())) {
            sampler_->keep(state_.to_position());
        }
        // A search's start is tested with the stock prefixes too (dead_end.hpp): a prefix's test
        // costs as much as the position's, one is run for each prefix the rules read, and deeper
        // in the search they cut little (README, "How it decides").
        const bool at_start = frames_.empty();
        dead_end_.use_stock_prefix(at_start && config_.techniques.stock_prefix);
        // A move either draws (and the waste only grows) or lets the waste only lose its top,
        // and so do the safe moves after it: the fewest cards held on the way from the parent
        // are at one of the two ends.
        const int anchor_waste_left =
            at_start ? state_.waste_size()
                     : std::min(frames_.back().anchor_waste_left, state_.waste_size());
        // The capacity test runs after moves between columns too, unlike the dead-end test
        // (worth_a_dead_end_test): such a move seldom changes the relaxed game, whose verdict is
        // then one lookup, and a relaxed loss there ends the rearranging of a lost end game's
        // columns at once instead of one move later, in every child. In 3M nodes the complete
        // search then gets through 231 card flows (node_histogram.hpp) of Diplomat seed 966
        // instead of 84, and 1,618 of Emperor-modern seed 132 instead of 46, in the same time.
        const bool worth_a_test = undo_.empty() || (worth_a_dead_end_test(undo_.back().move) &&
                                                    dead_end_test_pays(state_.stock_left()));
        // The capacity test first (the dead-end test then only where it is not lost) took the
        // complete search alone through Emperor seed 563's positions with 10 and 12 stock cards
        // (bench/frontier-lines, prefixes 70 and 67) in 992,560 and 1,870,723 nodes instead of
        // 1,122,801 and 2,142,282: a relaxed loss it would have found where the dead-end test
        // cut first is remembered for the positions after. But in the same time (22.0 and 33.8 s
        // against 21-23 and 33.2), and bench/positions/end-games took 7.3 s instead of 6.2 for
        // the same nodes: so the cheap test stays first.
        if ((worth_a_test && config_.techniques.dead_ends && dead_end_lost(at_start)) ||
            (at_start && waste_drained()) || carried_drain_lost(at_start, anchor_waste_left) ||
            (config_.techniques.capacity && config_.complete() && capacity_.lost(state_)) ||
            anchored_lost(at_start, anchor_waste_left)) {
            // A proven loss: marked as a test's proof, so it is never tested again. The
            // capacity test runs in the complete search only: in the probes it cost Emperor-modern
            // seeds 1-200 at 1M nodes 1.3 times the CPU time (Emperor 1.4), for the same deals.
            table_.store_proof(key ^ table_salt_, config_.lane);
            take_back_to(undo_base);
            entered_lost_ = true;
            return Outcome::Seen;
        }
        path_.insert(key);
        const auto begin = static_cast<std::uint32_t>(moves_.size());
        generate_search_moves(state_, config_.techniques, moves_);
        // The second-move rule in the probes only. Every position it removes is the parent or
        // the parent's child, which the complete search meets anyway: it saves only a table
        // lookup, never a node (Emperor seed 563 with 33 stock cards, with lost moves and the
        // stock lookahead off: 374,080 nodes either way). And it costs nodes: a child reached
        // by a second move inherits this position's lost moves (lost_moves.hpp), which the
        // parent, entering it by its own move, does not know yet. In the complete search
        // without it: that position 42,099 -> 41,411 nodes, the one with 45 stock cards 675,661
        // -> 664,380, bench/positions/end-games 98,190 -> 95,640; deals at 1M nodes (seeds
        // 1-200 of every game but Malmaison) keep their verdicts, Emperor's nodes 0.2% fewer.
        if (config_.techniques.second_move && !config_.complete() && undo_.size() == undo_base &&
            undo_base > 0 && !is_supermove<T>(undo_.back().move) &&
            !(config_.techniques.incomplete_piles && filled_a_space(undo_.back().move))) {
            drop_second_moves(moves_, begin, undo_.back().move);
        }
        // What the moves from the parent touch (move_touches.hpp): the parent's knowledge that
        // commutes with all of them passes down (lost moves, dead draws).
        const std::uint32_t since_parent =
            frames_.empty() ? 0
                            : path_touches<T>(&undo_[undo_base - 1], undo_.size() - undo_base + 1);
        // The moves the parent knows to lose that commute with every move since (lost_moves.hpp).
        const auto lost_begin = static_cast<std::uint32_t>(lost_moves_.size());
        if (config_.techniques.lost_moves && !frames_.empty()) {
            inherit_lost_moves<T>(lost_moves_, frames_.back().lost_begin, lost_begin, since_parent);
            drop_lost_moves(lost_moves_, lost_begin, lost_moves_.size(), moves_, begin);
        }
        // The fewest draws known to reach a lost position, by the stock lookahead (dead-end
        // tests of the positions the draws pass through, with few stock cards) or the drain
        // lookahead (the drain anchors' tests): what the parent knew holds here when every move
        // since commutes with draws, and then nothing is tested (stock_lookahead.hpp says why).
        const bool stock_rule = config_.complete() && config_.techniques.dead_ends &&
                                config_.techniques.stock_lookahead &&
                                stock_lookahead_pays(state_.stock_left());
        const bool drain_rule = config_.complete() && config_.techniques.drain_anchors &&
                                config_.techniques.drain_lookahead && anchors_.active();
        // Anchored here (drain_anchors.hpp): the anchor's frame is the one opened below.
        const bool anchored = anchors_.placed(frames_.size());
        const int held = anchored ? state_.waste_size() : anchor_waste_left;
        int dead_draws = 0;
        if (stock_rule || drain_rule) {
            dead_draws =
                frames_.empty() ? 0 : inherited_dead_draws(frames_.back().dead_draws, since_parent);
            if (dead_draws > 0) {
                drop_macros_drawing_at_least(dead_draws, moves_, begin);
            } else {
                if (stock_rule && lookahead_pace_.due()) {
                    const LookaheadCount count =
                        drop_macros_past_a_dead_draw(state_, dead_end_, moves_, begin);
                    lookahead_pace_.record(count);
                    dead_draws = count.dead_draws;
                }
                if (drain_rule && dead_draws == 0) {
                    dead_draws = drop_macros_past_a_drained_draw(state_, anchors_, held, nodes_,
                                                                 deadline_, moves_, begin);
                }
            }
        }
        order_moves(state_, moves_, begin, scored_, key,
                    {salt_, config_.order_noise, config_.kind_order_noise});
        if (config_.branching > 0) {
            drop_shuffles(state_, moves_, begin);
            keep_best_moves(moves_, begin, config_.branching);
        }
        frames_.push_back({key, nodes_, begin, begin, undo_base, dead_draws, held, lost_begin});
        return Outcome::Pushed;
    }

    // Tries the next move of the deepest open frame, or closes it when none is left.
    Outcome step() {
        if (frames_.empty()) return Outcome::Exhausted;
        Frame& frame = frames_.back();
        if (frame.next == moves_.size()) {
            table_.store(frame.key ^ table_salt_, nodes_ - frame.nodes_at_entry + 1, config_.lane);
            path_.erase(frame.key);
            moves_.resize(frame.moves_begin);
            lost_moves_.resize(frame.lost_begin);
            take_back_to(frame.undo_base);
            frames_.pop_back();
            anchors_.leave(frames_.size());
            if (frames_.empty()) return Outcome::Exhausted;
            take_back_to(undo_.size() - 1);  // the move that led here
            return Outcome::Seen;
        }
        const Move move = moves_[frame.next++];
        play(move);
        const Outcome outcome = enter();
        if (outcome == Outcome::Seen) take_back_to(undo_.size() - 1);
        // A child a test proved lost: its move stays lost below here (lost_moves.hpp).
        if (entered_lost_ && config_.techniques.lost_moves &&
            touches<T>(move) != kTouchesEverything &&
            lost_moves_.size() - frames_.back().lost_begin < kMostLostMoves) {
            lost_moves_.push_back(move);
        }
        if (outcome == Outcome::Paused || outcome == Outcome::TimeUp) {
            take_back_to(undo_.size() - 1);
            --frames_.back().next;  // try the same move again on resuming
        }
        return outcome;
    }

    PackedState<T> state_;
    Position start_;  // to write the supermoves of a solution out
    SearchConfig config_;
    TranspositionTable& table_;
    PathSet path_;
    std::vector<Frame> frames_;
    std::vector<Move> moves_;
    std::vector<Move> lost_moves_;  // by frame (Frame::lost_begin)
    bool entered_lost_ = false;     // the last enter() met a position a test proved lost
    std::vector<Undo> undo_;
    std::vector<ScoredMove> scored_;
    DeadEndTest<T> dead_end_;
    bool start_alive_ = false;  // the dead-end test found the start alive (dead_end_lost)
    std::uint64_t start_dead_end_tests_ = 0;
    bool start_drain_tested_ = false;
    bool start_drained_ = false;   // the waste-drain test proved the start lost
    int start_drained_card_ = -1;  // and by this waste card (WasteDrainTest::drained_at())
    // The start's test where it did not prove the start lost, carried down, and the tests made
    // again below it (carried_drain_lost, anchored_lost)
    DrainAnchors<T> anchors_;
    LookaheadPace lookahead_pace_;
    CapacityTest<T> capacity_{config_.key_set, capacity_budget_of(config_, start_)};
    std::uint64_t nodes_ = 0;
    int most_up_ = 0;  // the most cards up in a position counted as a node
    // The search's moves (macros and supermoves) to the first node counted with most_up_ up: a
    // copy of the path at each rise, at most once per card of the deal.
    std::vector<Move> furthest_;
    std::uint64_t node_cap_ = 0;
    SearchClock::time_point deadline_ = SearchClock::time_point::max();
    SearchStatus status_ = SearchStatus::Paused;
    std::uint64_t run_index_ = 0;  // restarts so far
    std::uint64_t run_start_ = 0;  // nodes_ when this run began
    int stream_;
    std::uint64_t salt_;  // the run's move order (0: the plain one)
    // XORed into the table's keys: the stream's, for all its runs; none for a complete search, so
    // that the complete searches of a multi-threaded solve share their marks (portfolio.hpp), and
    // kDealAnchorsKeys once it starts over with the drain anchors below a deal.
    std::uint64_t table_salt_;
    HistogramRecorder* recorder_ = nullptr;
    PositionSampler* sampler_ = nullptr;
};

}  // namespace patience
