#include "solver/fast_solver.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "solver/arena_size.hpp"
#include "solver/search/depth_first.hpp"
#include "solver/search/portfolio.hpp"
#include "solver/search/relaxed_start.hpp"

namespace patience {

namespace {

template <class T>
using Members = std::vector<std::unique_ptr<SearchMember<T>>>;

template <class T>
std::uint64_t total_nodes(const Members<T>& members) {
    std::uint64_t sum = 0;
    for (const auto& m : members) sum += m->nodes();
    return sum;
}

// Raises `most` to `value` where it is lower, whichever thread gets there first; returns the most
// after it.
template <class V>
V raise_to(std::atomic<V>& most, V value) {
    V seen = most.load(std::memory_order_relaxed);
    while (value > seen && !most.compare_exchange_weak(seen, value)) {
    }
    return std::max(value, seen);
}

// The most cards up that any member reached (SolveResult::most_up).
template <class T>
int most_up(const Members<T>& members) {
    int most = 0;
    for (const auto& m : members) most = std::max(most, m->most_up());
    return most;
}

// The furthest line of the first member, in the portfolio's order, that reached the most cards
// up (SolveResult::furthest_line): with one thread, the same line every run.
template <class T>
std::vector<Move> furthest_line(const Members<T>& members) {
    const int most = most_up(members);
    for (const auto& m : members) {
        if (m->most_up() == most) return m->furthest_line();
    }
    return {};
}

// What the end of a member's turn means for the whole solve: nothing (it goes on, or a probe ran
// out of moves, which proves nothing), or a verdict, or a limit. Only the exhaustion of the last
// complete search still open is `lost` (portfolio.hpp's complete helpers: the first of several to
// exhaust proves nothing alone), or of one that proved its start lost by itself.
struct TurnEnd {
    bool decides = false;
    Verdict verdict = Verdict::Unknown;
    LimitHit limit = LimitHit::None;
};

// The complete searches of a plan: the one-thread portfolio's and the helpers of more threads.
inline int complete_members(const std::vector<PortfolioMember>& plan) {
    return static_cast<int>(std::count_if(
        plan.begin(), plan.end(), [](const PortfolioMember& m) { return m.config.complete(); }));
}

// `complete_open` counts the complete searches not exhausted yet (an int on one thread, an atomic
// on several): a complete search's exhaustion is `lost` when it was the last one open, or when it
// proved its start lost by itself.
template <class T, class Count>
TurnEnd judge_turn(SearchStatus status, const PortfolioMember& member,
                   const SearchMember<T>& search, Count& complete_open) {
    switch (status) {
        case SearchStatus::Won:
            return {true, Verdict::Won, LimitHit::None};
        case SearchStatus::Exhausted:
            if (member.config.complete() && (search.proved_start_lost() || --complete_open == 0)) {
                return {true, Verdict::Lost, LimitHit::None};
            }
            return {};
        case SearchStatus::TimeUp:
            return {true, Verdict::Unknown, LimitHit::Time};
        case SearchStatus::Paused:
        case SearchStatus::Retired:
            return {};
    }
    return {};
}

// One thread: the members take their turns in the fixed order of the plan until one decides or
// the node limit is spent, so the search is a prefix of itself at every larger limit.
template <class T>
SolveResult run_in_turns(Members<T>& members, const std::vector<PortfolioMember>& plan,
                         const SearchLimits& limits, SearchClock::time_point deadline) {
    SolveResult result;
    int complete_open = complete_members(plan);
    double tree_share = 0;  // the most a complete member tells
    for (;;) {
        bool any_live = false;
        for (std::size_t i = 0; i < members.size(); ++i) {
            SearchMember<T>& search = *members[i];
            if (search.status() != SearchStatus::Paused) continue;
            any_live = true;
            if (limits.cancelled()) {
                result.limit = LimitHit::Cancelled;
                return result;
            }
            std::uint64_t slice = kPortfolioSlice * plan[i].weight;
            if (limits.node_limit != 0) {
                const std::uint64_t spent = total_nodes(members);
                if (spent >= limits.node_limit) {
                    result.limit = LimitHit::Nodes;
                    return result;
                }
                slice = std::min(slice, limits.node_limit - spent);
            }
            const TurnEnd end = judge_turn(search.run(search.nodes() + slice, deadline), plan[i],
                                           search, complete_open);
            if (limits.progress) {
                tree_share = std::max(tree_share, search.tree_share_done());
                limits.progress({total_nodes(members), tree_share, most_up(members)});
            }
            if (end.decides) {
                result.verdict = end.verdict;
                result.limit = end.limit;
                if (end.verdict != Verdict::Unknown) result.decided_by = plan[i].config.name();
                if (end.verdict == Verdict::Won) result.solution = search.solution();
                if (end.verdict == Verdict::Lost) {
                    result.waste_drain_card = search.start_drained_card();
                }
                return result;
            }
        }
        // The complete members (branching 0) never leave the loop but by a verdict or a limit.
        if (!any_live) {
            result.limit = LimitHit::Nodes;
            return result;
        }
    }
}

// Searches the start's relaxed game until `stop` is set: true when it is lost (relaxed_start.hpp).
using RelaxedStart = std::function<bool(const std::atomic<bool>& stop)>;

// Several threads (lazy SMP): each thread claims the next free member in round-robin order and
// runs it for one turn, so that every member goes on however many threads the machine really
// gives (the complete search never waits behind a probe that would run forever). All share the
// table (each member in its lane) and one node budget, reserved a turn at a time; the first
// verdict stops everyone. Sound for the same reasons as the one-thread schedule: a `won` is a
// replayed line, and `lost` still comes only from the complete searches' exhaustion, all of them
// (they read lane 0 alone, and share it: portfolio.hpp's complete helpers), or from the start's
// relaxed game, which the last worker searches first when `relaxed_start` is given. Not
// deterministic: which member decides first depends on timing.
template <class T>
SolveResult run_in_parallel(Members<T>& members, const std::vector<PortfolioMember>& plan,
                            const SearchLimits& limits, SearchClock::time_point deadline,
                            int threads, const RelaxedStart& relaxed_start) {
    const std::size_t count = members.size();
    SolveResult result;
    std::mutex result_mutex;
    std::atomic<bool> stop{false};
    std::atomic<std::uint64_t> reserved{0};
    std::atomic<std::uint64_t> spent{0};  // the nodes of the turns taken, for limits.progress
    std::atomic<double> tree_share{0};    // the most a complete member told, for limits.progress
    std::atomic<int> most_up_told{0};     // the most any member told, for limits.progress
    std::atomic<std::size_t> next_turn{0};
    // Members that left Paused: probes that ran out or retired, complete searches exhausted early.
    std::atomic<std::size_t> finished{0};
    std::atomic<int> complete_open{complete_members(plan)};  // complete searches not exhausted
    // A member is run by the thread that holds its claim; its state is read by no other.
    std::vector<std::atomic<bool>> claimed(count);
    for (auto& c : claimed) c.store(false, std::memory_order_relaxed);

    // The first verdict stands; a verdict beats a limit hit by another thread meanwhile. `by`
    // names the search that reached it (SolveResult::decided_by).
    auto decide = [&](Verdict verdict, LimitHit limit, const SearchMember<T>* decider,
                      const char* by = "") {
        std::lock_guard lock(result_mutex);
        stop.store(true, std::memory_order_relaxed);
        if (result.verdict != Verdict::Unknown) return;
        if (verdict == Verdict::Unknown) {
            if (result.limit == LimitHit::None) result.limit = limit;
            return;
        }
        result.verdict = verdict;
        result.limit = LimitHit::None;
        result.decided_by = by;
        if (decider != nullptr && verdict == Verdict::Won) result.solution = decider->solution();
        if (decider != nullptr && verdict == Verdict::Lost) {
            result.waste_drain_card = decider->start_drained_card();
        }
    };
    // One turn of member i (claimed by the caller). Returns false when the search is over.
    auto take_turn = [&](std::size_t i) {
        SearchMember<T>& search = *members[i];
        if (search.status() != SearchStatus::Paused) return true;
        if (limits.cancelled()) {
            decide(Verdict::Unknown, LimitHit::Cancelled, nullptr);
            return false;
        }
        std::uint64_t slice = kPortfolioSlice * plan[i].weight;
        if (limits.node_limit != 0) {
            const std::uint64_t before = reserved.fetch_add(slice);
            if (before >= limits.node_limit) {
                decide(Verdict::Unknown, LimitHit::Nodes, nullptr);
                return false;
            }
            slice = std::min(slice, limits.node_limit - before);
        }
        const std::uint64_t nodes_before = search.nodes();
        const SearchStatus status = search.run(nodes_before + slice, deadline);
        const std::uint64_t turn_nodes = search.nodes() - nodes_before;
        const std::uint64_t spent_now = spent.fetch_add(turn_nodes) + turn_nodes;
        if (limits.progress) {
            // Read by the thread that ran the member, which holds its claim.
            limits.progress({spent_now, raise_to(tree_share, search.tree_share_done()),
                             raise_to(most_up_told, search.most_up())});
        }
        const TurnEnd end = judge_turn(status, plan[i], search, complete_open);
        if (end.decides) {
            decide(end.verdict, end.limit, &search, plan[i].config.name());
            return false;
        }
        // A probe that ran out, or a complete search that exhausted before the others.
        if (status != SearchStatus::Paused) finished.fetch_add(1);
        return true;
    };
    // The last worker searches the relaxed start first: oneTBB runs the first on the calling
    // thread, and when the arena has fewer threads than workers it runs the rest only as threads
    // come free, so the members never wait for the relaxed start (stopped once they are done).
    auto worker = [&](int t) {
        if (t == threads - 1 && relaxed_start && !stop.load(std::memory_order_relaxed) &&
            relaxed_start(stop)) {
            decide(Verdict::Lost, LimitHit::None, nullptr, "relaxed start");
        }
        while (!stop.load(std::memory_order_relaxed) && finished.load() < count) {
            const std::size_t i = next_turn.fetch_add(1) % count;
            if (claimed[i].exchange(true, std::memory_order_acquire)) {
                std::this_thread::yield();  // busy in another thread
                continue;
            }
            const bool go_on = take_turn(i);
            claimed[i].store(false, std::memory_order_release);
            if (!go_on) break;
        }
        stop.store(true, std::memory_order_relaxed);  // the solve is over: so is the relaxed start
        std::lock_guard lock(result_mutex);  // the worker's last writes are visible after the join
    };
    tbb::task_arena arena(arena_size(threads));
    arena.execute([&] {
        tbb::parallel_for(
            tbb::blocked_range<int>(0, threads, 1),
            [&](const tbb::blocked_range<int>& range) {
                for (int t = range.begin(); t != range.end(); ++t) worker(t);
            },
            tbb::simple_partitioner());
    });
    std::lock_guard lock(result_mutex);
    if (result.verdict == Verdict::Unknown && result.limit == LimitHit::None) {
        result.limit = LimitHit::Nodes;  // every probe ran out and the budget with them
    }
    return result;
}

}  // namespace

FastSolver::FastSolver(std::uint64_t table_bytes, const Techniques& techniques, int threads)
    : table_(table_bytes), techniques_(techniques), threads_(std::max(threads, 1)) {}

void FastSolver::record_histogram(bool on) {
    histogram_ = on;
}

void FastSolver::use_key_set(int key_set) {
    key_set_ = key_set;
}

void FastSolver::prove_with_effort(int effort) {
    proof_effort_ = std::max(effort, 1);
}

void FastSolver::sample_positions(const SampleSpec& spec) {
    sample_ = spec;
}

SolveResult FastSolver::solve(const Position& start, const SearchLimits& limits) {
    const auto started = SearchClock::now();
    const auto deadline =
        limits.time_limit_seconds > 0
            ? started + std::chrono::duration_cast<SearchClock::duration>(
                            std::chrono::duration<double>(limits.time_limit_seconds))
            : SearchClock::time_point::max();
    table_.new_search();
    return dispatch_variant(start.variant, [&](auto traits) {
        using T = decltype(traits);
        const int start_stock = static_cast<int>(start.stock.size());
        std::vector<PortfolioMember> plan =
            portfolio(techniques_, threads_, kKindOrderNoiseFor<T>, start_stock);
        const bool relaxed_start = runs_relaxed_start<T>(techniques_, threads_, start_stock);
        for (PortfolioMember& member : plan) {
            member.config.key_set = key_set_;
            member.config.proof_effort = proof_effort_;
            member.config.relaxed_start_elsewhere = relaxed_start;
        }
        Members<T> members;
        std::vector<HistogramRecorder> recorders;
        if (histogram_) {
            recorders.reserve(plan.size());  // no reallocation: members keep pointers
            for (const PortfolioMember& member : plan)
                recorders.emplace_back(member.config.complete());
        }
        PositionSampler sampler(sample_);
        bool sampled = false;
        for (std::size_t i = 0; i < plan.size(); ++i) {
            members.push_back(make_member<T>(start, plan[i].config, table_));
            if (histogram_) members[i]->record_into(&recorders[i]);
            if (sample_.every > 0 && !sampled && plan[i].config.complete()) {
                members[i]->sample_into(&sampler);
                sampled = true;
            }
        }
        RelaxedStart search_relaxed_start;
        if (relaxed_start) {
            search_relaxed_start = [&](const std::atomic<bool>& stop) {
                return relaxed_start_lost<T>(start, key_set_, stop, deadline);
            };
        }
        SolveResult result = threads_ == 1 ? run_in_turns(members, plan, limits, deadline)
                                           : run_in_parallel(members, plan, limits, deadline,
                                                             threads_, search_relaxed_start);
        result.nodes = total_nodes(members);
        result.most_up = result.verdict == Verdict::Won ? start.total_cards() : most_up(members);
        if (result.verdict != Verdict::Won) result.furthest_line = furthest_line(members);
        for (std::size_t i = 0; i < members.size(); ++i) {
            if (plan[i].config.complete()) {
                result.tree_share = std::max(result.tree_share, members[i]->tree_share_done());
            }
        }
        result.samples = sampler.take();
        for (std::size_t i = 0; i < recorders.size(); ++i) {
            NodeHistogram& h = result.histogram;
            NodeHistogram::add_into(plan[i].config.complete() ? h.complete : h.probes,
                                    recorders[i].nodes());
            NodeHistogram::add_into(h.complete_flows, recorders[i].flows());
        }
        if (histogram_ && result.histogram.probes.empty()) {
            result.histogram.probes = NodeHistogram::blank();
        }
        result.seconds = std::chrono::duration<double>(SearchClock::now() - started).count();
        return result;
    });
}

}  // namespace patience
