// What the portfolio (portfolio.hpp) asks of each of its members, whatever kind of search it is:
// run in turns against its own node count, pause exactly where it stopped, and give its winning
// line. A turn's virtual call costs nothing beside the thousand nodes it runs.
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

#include "core/move.hpp"
#include "solver/position_sampler.hpp"

namespace patience {

using SearchClock = std::chrono::steady_clock;

// Retired: a probe reached its retire_after; like a probe's exhaustion, it proves nothing.
enum class SearchStatus { Paused, Won, Exhausted, TimeUp, Retired };

template <class T>
class SearchMember {
  public:
    virtual ~SearchMember() = default;
    // Searches until a win, exhaustion, the search's own node count reaching `node_cap`, or the
    // deadline (SearchClock::time_point::max() for none). Called again after Paused, it goes on
    // exactly where it stopped, so that a schedule can share one node budget among several
    // searches and still be a prefix of itself at every larger budget.
    virtual SearchStatus run(std::uint64_t node_cap, SearchClock::time_point deadline) = 0;
    virtual SearchStatus status() const = 0;
    virtual std::uint64_t nodes() const = 0;
    // The winning line in plain moves (after run() returned Won).
    virtual std::vector<Move> solution() const = 0;
    // Counts every expanded position into `recorder` from now on.
    virtual void record_into(HistogramRecorder* recorder) = 0;
    // Offers every expanded position to `sampler` from now on (only the complete search keeps any).
    virtual void sample_into(PositionSampler* /*sampler*/) {}
    // A complete search's estimate of the share of its tree done, in [0, 1] (tree_share.hpp); 0
    // for any other member.
    virtual double tree_share_done() const { return 0; }
    // The most cards on the foundations in any position this member counted as a node (its start
    // included, once it ran): how far its best line got. It never falls as the member goes on, so
    // it never falls as the node limit grows (a search at a limit is a prefix of one at any
    // larger limit).
    virtual int most_up() const = 0;
    // A line of plain moves from the start to the first position this member counted with
    // most_up() cards up (empty while that is the start's own count before any move): where a
    // player can see how far the deal gets when no win was found.
    virtual std::vector<Move> furthest_line() const = 0;
    // A complete search's exhaustion that proves the start lost by itself, whatever the other
    // complete searches sharing its marks are doing (the capacity or the waste-drain test found the
    // start lost).
    virtual bool proved_start_lost() const { return false; }
    // The waste card (0: the bottom one) by which the waste-drain test proved a complete search's
    // start lost (waste_drain.hpp's drained_at()); -1 where it did not.
    virtual int start_drained_card() const { return -1; }
};

}  // namespace patience
