// The search strategy: a portfolio of depth-first searches over one position, run in turns of
// fixed size until one of them decides.
//
// Why a portfolio: one depth-first search spends its whole budget below its first wrong turn
// near the root. Narrow probes (the few best-ordered moves at each node) reach far down other
// lines early and find the wins the complete search buries; only the complete search can prove
// a loss. Each member has a table lane of its own (TranspositionTable), so the complete search
// never prunes with a probe's "no win here", which is not true for the full move set.
//
// Budget-monotone: the turns depend only on this fixed table, never on the node limit, and every
// member is deterministic and resumable. So the search at node limit N is exactly the first N
// nodes of the search at any larger limit: a deal decided at N is decided the same way, in the
// same number of nodes, at 2N (tested by FastSolver.BudgetMonotone*).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "solver/search/beam.hpp"
#include "solver/search/depth_first.hpp"
#include "solver/search/member.hpp"

namespace patience {

struct PortfolioMember {
    SearchConfig config;
    int weight;  // turns of kPortfolioSlice nodes per round
};

inline constexpr std::uint64_t kPortfolioSlice = 1024;
inline constexpr std::uint64_t kRestartUnit = 1024;
inline constexpr std::uint64_t kGreedyRetirement = 1u << 16;

// The members for the techniques that are on, in the order of their turns. The complete search
// (branching 0, lane 0; on more threads, with its helpers below) is the only member whose
// exhaustion means `lost`; every member gets one turn a round but the beam, which gets kBeamTurns
// outside end games (below). Beside it: a greedy probe (the best move at each node, and the best
// stock move) that never restarts, and goes first because it wins the easy deals (Double Dot's
// nearly all) in a few hundred nodes. It retires after kGreedyRetirement nodes of its own, and the
// other three share its turns: on seeds 1-200 at 1M its wins came within 11,000 of its nodes but
// one (43,110), so the quarter of the budget it kept was spent for nothing (retiring it won 11 more
// deals of 800 in Diplomat, Emperor, Lady Palk and Emperor-modern). Then two narrow probes (the 2
// and the 3 best moves, and the best stock move) that restart after Luby-many units of 1024 nodes,
// each run with its own noisy move order; a probe's runs share its table marks (depth_first.hpp).
// The narrow-3 probe's noise (kWideOrderNoise) crosses the kinds of moves (a stock card before a
// tableau shuffle), the narrow-2 probe's (kOrderNoise) stays within them. Chosen by the
// decided-rate harness at 1M nodes (seeds 1-40, checked on 41-80), among weights 1-4 for the
// complete search, restart units 256-4096, narrow 1-3 and full-width probes, and probes that never
// restart. While full deals are proven lost only as dealt (by the dead-end test, at the complete
// search's first node), its share buys nothing but the rare win it finds itself; proofs of loss
// from deeper in a deal will want it larger.
//
// The beam probe (beam.hpp) has since taken the narrow-3 probe's place (`--disable beam` gives the
// narrow-3 probe back). Deals won at 1M nodes, Diplomat / Lady Palk / Emperor / Emperor-modern,
// seeds 1-200 and 201-400:
//   narrow-3 probe, no beam:       193 / 195 / 157 / 191 and 193 / 192 / 177 / 196 (1,494)
//   the beam as a fifth member:    195 / 194 / 165 / 197 and 192 / 193 / 172 / 197 (1,505)
//   the beam instead of narrow-3:  191 / 197 / 169 / 197 and 188 / 191 / 179 / 198 (1,510, kept)
// (a fifth member with two turns: 194 / 191 / 167 / 197 on seeds 1-200). Emperor, the game with
// the fewest deals decided, gains most: 334 -> 348 of 400. Malmaison with ten ranks, seeds 1-40
// and 41-80: 32 and 29 -> 34 and 31; eleven ranks, seeds 1-40: 2 -> 4. The beam's first width
// 16 against 4, 8 and 32 in Emperor seeds 1-200: 169 against 165, 161 and 165. Diplomat first
// kept its narrow-3 probe: seeds 1-1000 won 968 deals with it, 958 with the beam in its place.
// Since the beam makes fewer children (no deep stock macros, no shuffles: move_order.hpp), it
// wins 976 there (and 195 / 194 on seeds 1-200 / 201-400 against 193 / 193), so every game
// runs it.
//
// Shared marks and the two noises were chosen together with the same harness, on seeds 1-60 and
// checked on 61-200, at 1M nodes. Deals won of seeds 1-200 (Diplomat / Emperor / Lady Palk):
// 178 / 134 / 162 with runs that kept marks of their own and noise 16 in both probes; with shared
// marks and noises (narrow 2, narrow 3) of (32, 16): 180 / 134 / 171; (32, 32): 177 / 132 / 176;
// (16, 32): 179 / 135 / 174, kept. Noise 64 in both lost 4 to 12 deals of 60 in each game. On the
// 42 deals of seeds 1-60 still unknown at 1M, shared marks alone won 7 of the 21 Emperor deals
// at 4M nodes against 5.
//
// Where runs move by the rules and cards build on any suit of the right rank or colour (Lady Palk,
// Emperor-modern, Double Dot), each run of a restarting probe also ranks the kinds of moves in an
// order of its own (move_order.hpp's per-kind noise, kKindOrderNoise: above the scores' whole
// spread, so the order of kinds is drawn afresh). Measured with the decided-rate harness at 1M
// nodes, deals won without it and with it: Lady Palk seeds 1-60 51 -> 55, 61-200 123 -> 133,
// 201-400 162 -> 193 (noise 32: 53, 128, 181; 64: 56, 132, 190; 256 on 201-400: 191);
// Emperor-modern seeds 1-200 186 -> 192, 201-400 186 -> 192. Where only single cards move it does
// harm: Diplomat seeds 201-400 193 -> 174 at 128, Emperor 177 -> 167 at 32 (61-200: 109 -> 101), so
// there it stays off. It harms Malmaison too, the one game that builds in suit (which of its
// differences is the cause is not known): with ten ranks, seeds 1-40 and 41-80 won 24 and 20 deals
// with it, 32 and 29 without (28 on 41-80 at 32); with eleven ranks, seeds 1-20, none with it and 2
// without. Double Dot's greedy probe wins before any restart.
inline constexpr int kWideOrderNoise = 32;
inline constexpr int kKindOrderNoise = 128;

template <class T>
inline constexpr int kKindOrderNoiseFor = (T::kRuns && T::kBuild != BuildRule::DownInSuit)
                                              ? kKindOrderNoise
                                              : 0;

// The greedy probe's table lane, which the beam probe shares, kept apart by its salt (beam.hpp),
// and the beam's first width.
inline constexpr int kGreedyLane = 3;
inline constexpr int kBeamLane = kGreedyLane;
inline constexpr int kBeamWidth = 16;

// The beam's turns per round, and the most stock cards a start position may have for its search
// to be an end game, where every member keeps one turn.
//
// The beam wins most of the deals that take the portfolio long: of Emperor seeds 1-200 unknown at
// 1M nodes, it won 7 of the 8 won within 6M, after 411,825 to 1,163,433 nodes of its own, when it
// had a third of the budget. With six turns in nine after the greedy probe retires, deals won at
// 1M nodes, Diplomat / Lady Palk / Emperor / Emperor-modern, with one turn and with six:
//   seeds 1-200:     199 / 200 / 188 / 199 and 199 / 200 / 192 / 199
//   seeds 201-600:   395 / 397 / 382 / 397 and 397 / 399 / 386 / 398
//   seeds 601-1000:  395 / 398 / 385 / 400 and 396 / 400 / 390 / 400
// in about two thirds of the CPU time (Emperor seeds 601-1000: 94 s and 63 s). Two, three and four
// turns won 190, 192 and 192 Emperor deals of seeds 1-200, nine 192. The complete search with two
// turns beside the beam's eight won the same Diplomat and Emperor deals of seeds 201-1000 as with
// one beside six. The beam's first width (kBeamWidth) with six turns, Emperor seeds 201-600: 16
// and 32 won 386 deals, 64 won 384. Malmaison with ten ranks, seeds 1-80, won 68 deals with one
// turn and 67 with six; with eleven ranks, seeds 1-40, 5 and 8; full deals, seeds 1-20 at 10M
// nodes, none with six.
// Emperor with the narrow probe's turn given to the beam (seven turns, no narrow probe) won 987
// deals of seeds 1-1000 at 1M nodes and 1,968 of seeds 1001-3000, against 985 and 1,970 as it
// is; two beams of three turns each (the second with a salt of its own), beside the narrow probe
// or instead of it, 986 of seeds 1-1000; and with the second beam's first width 64, 985. Measured
// again against 989 as it is now: two beams of three turns that rank positions differently (the
// second with a weight of -1,000 for each waste card whose pile waits for a card that lies only
// in the stock, progress.hpp) won 987 (+1 / -3), as two with the same ranking and salts of their
// own did (987, the same deals gained and dropped): what counts is the first beam's share. That
// ranking alone, with six turns, won 986 (+1 / -4).
//
// The complete search's share is what a proof of loss costs: a third of the budget with one turn
// each, an eighth beside the beam's six. Losses are proven in end games, not in deals (no full deal
// has been, but those lost as dealt, at the first node), and a player asks about the position
// they are stuck in, mostly with little stock left: so a start with at most kEndGameStock stock
// cards keeps one turn for each member, and its proofs of loss cost what they cost before.
// One turn for the beam from every start with a waste (a game in progress, whatever its stock)
// was measured and not kept: it trades wins for losses. Emperor 563's position after 27 moves
// (bench/positions/frontier/emperor-563-s42-m27.json) is lost in 375,142 nodes instead of
// 999,782, in the same time; the eight positions of that set with 20 or 24 stock cards that are
// unknown at 300,000 nodes stay unknown; and 93 won positions with a waste and more than 16
// stock cards (Malmaison 554's winning line after every tenth move up to 150; Emperor seeds
// 1-40's after 30 and 60 moves) are all still won at a million nodes, but in 5.43 million
// nodes instead of 2.77 (Malmaison's 15: 3.78 million instead of 1.62, the largest 697,424
// instead of 317,520).
inline constexpr int kBeamTurns = 6;
inline constexpr int kEndGameStock = 16;
// Whether a start with `start_stock` stock cards is an end game (its complete search's
// SearchConfig::end_game).
inline constexpr bool is_end_game(int start_stock) {
    return start_stock <= kEndGameStock;
}

// Complete helpers: the extra complete searches of a multi-threaded solve (lazy SMP for proofs).
// Each is the complete search with a move order of its own (its stream's salt, with the wide
// per-move noise), in lane 0 with no table salt: every complete search reads and writes the same
// marks, so a subtree that one of them exhausted is skipped by the others, and they spread over the
// tree from different first moves. A proof of loss needs every position reachable from the start
// visited, which one thread does alone; with helpers it is shared out. Three end games of Diplomat
// seed 703 (bench/positions/, 15 stock cards, 0.85 to 2.6 million nodes on one thread): 6.2 times
// faster in all on 16 threads of a 16-core machine than on one; before the helpers, when every
// extra member was a probe, 1.05 times (README, "What it decides today"). From deals the extra
// members are probes and beams (extra_beam), not helpers: with every other one a helper, six hard
// Diplomat deals took 1.7 times as long to win on 16 threads (Emperor's nine, 0.9 times).
//
// Proof that `lost` stays sound. Every complete search tries the same moves at a position reached
// the same way (what the sound pruning keeps), and writes a mark in lane 0 only for a position
// that a dead-end or capacity test proved lost, or that it closes after trying each of its moves:
// the position reached was won (the solve ends `won`), or marked, or on that search's own path at
// the time. The solve calls `lost` only once *every* complete search has closed its start
// (fast_solver.cpp). Then no path is open anywhere, and every position a search entered was
// closed and marked or proved lost: the marked positions hold the start and are closed under the
// moves the searches try, and none is won, so the single-search argument of each pruning rule
// (the positions it drops are reached from a parent that tries them, and that parent was closed
// too) holds as it does for one search, and no win is reachable. The first search to close its
// start proves nothing alone: a position it skipped may have been marked by another search that
// relied on its own path, still open. A complete search whose capacity test proved its start lost
// (capacity.hpp: the start's relaxed game is lost) needs no other: that is a proof of its own.
inline PortfolioMember complete_helper(const Techniques& techniques, int stream, bool end_game) {
    PortfolioMember helper{{0, 0, 0, techniques, stream}, 1};
    helper.config.order_noise = kWideOrderNoise;
    helper.config.end_game = end_game;
    return helper;
}

// Extra beams: every other extra member of a multi-threaded search from a deal is a beam probe with
// the beam's turns, whose cycle of widths starts `first_run` runs along (the k-th at the width 2^k
// times kBeamWidth, the cycle wrapping round), with a salt of its own: so that the beam, which wins
// most of the deals that take long, runs at every width at once, and keeps its share of the budget
// as threads are added. Measured with `solve --threads T --node-limit 20000000 --memory 1024` on a
// 16-core machine, over the twelve deals of seeds 1-1000 unknown at 1M nodes and won within 10M by
// one thread (Emperor 29, 82, 181, 544, 555, 557, 694, 766, 912 and 994, Diplomat 187, Lady Palk
// 853): with restarting probes alone as the extra members, 8 and 16 threads decided 11 and 9 of
// them and were 2.76 and 4.11 times as fast as one thread over the deals all decided (60.4 and 50.5
// seconds on one thread); with every other one an extra beam, 12 and 10, 5.33 and 9.70 times (11.3
// and 5.2 seconds). With as many threads as members each member runs about as fast as a thread,
// whatever its turns: with the probes alone the beam then had a sixteenth of the nodes on 16
// threads (three quarters on one), and deals that need millions of its nodes (Emperor 912 and 29)
// ran out of the 20M; with the extra beams the beams have half (seven sixteenths as measured,
// before the extra member below). Sound: each is a probe (beam.hpp).
inline PortfolioMember extra_beam(const Techniques& techniques, int stream, int first_run) {
    PortfolioMember beam{{0, kBeamLane, 0, techniques, stream}, kBeamTurns};
    beam.config.beam_width = kBeamWidth;
    beam.config.beam_first_run = static_cast<std::uint64_t>(first_run);
    return beam;
}

inline PortfolioMember restarting_probe(const Techniques& techniques, int branching,
                                        std::uint64_t unit, int stream, int kind_order_noise) {
    PortfolioMember probe{{branching, branching - 1, unit, techniques, stream}, 1};
    probe.config.order_noise = branching == 3 ? kWideOrderNoise : kOrderNoise;
    probe.config.kind_order_noise = kind_order_noise;
    return probe;
}

// The members for a search of a variant whose restarting probes take `kind_order_noise`
// (kKindOrderNoiseFor), from a start position with `start_stock` cards in its stock.
inline std::vector<PortfolioMember> portfolio(const Techniques& techniques, int threads = 1,
                                              int kind_order_noise = 0,
                                              int start_stock = kEndGameStock + 1) {
    const std::uint64_t unit = techniques.restarts ? kRestartUnit : 0;
    std::vector<PortfolioMember> members;
    if (techniques.probes) {
        PortfolioMember greedy{{1, kGreedyLane, 0, techniques}, 1};
        greedy.config.retire_after = kGreedyRetirement;
        members.push_back(greedy);
    }
    const bool end_game = is_end_game(start_stock);
    members.push_back({{0, 0, 0, techniques}, 1});
    members.back().config.end_game = end_game;
    if (techniques.probes) {
        members.push_back(restarting_probe(techniques, 2, unit, -1, kind_order_noise));
        if (techniques.beam) {
            PortfolioMember probe{{0, kBeamLane, 0, techniques}, end_game ? 1 : kBeamTurns};
            probe.config.beam_width = kBeamWidth;
            members.push_back(probe);
        } else {
            members.push_back(restarting_probe(techniques, 3, unit, -1, kind_order_noise));
        }
    }
    // More threads than members: from an end game, where losses are proven, complete helpers;
    // from a deal, extra beams and restarting probes, which win more (above); only helpers when
    // the probes are off (`--disable probes`: a search for the proof alone). The greedy probe
    // retires after kGreedyRetirement nodes, and a thread with no member left to claim only
    // waits, so it does not count: on four threads one extra member, a beam from a deal, runs
    // beside the other three. Measured on a 16-core machine with `--threads 4 --node-limit
    // 20000000` over the ten deals of extra_beam's twelve that take up to 3 million nodes (60.4
    // seconds on one thread): 2.70 times as fast as one thread with the extra beam, 1.37 (and
    // 1.58 in another run) without it. On two threads one extra beam (five members for two)
    // took 32.1 seconds over eleven of those deals against 31.7 (2 cores), so there are none.
    const int busy = threads + (techniques.probes && threads > 1 ? 1 : 0);
    for (int extra = 0; static_cast<int>(members.size()) < busy; ++extra) {
        const int stream = kFirstExtraStream + extra;
        if (!techniques.probes || end_game) {
            members.push_back(complete_helper(techniques, stream, end_game));
        } else if (techniques.beam && extra % 2 == 0) {
            members.push_back(extra_beam(techniques, stream, extra / 2 + 1));
        } else {
            const int probe = techniques.beam ? extra / 2 : extra;
            members.push_back(
                restarting_probe(techniques, 2 + probe % 2, unit, stream, kind_order_noise));
        }
    }
    return members;
}

// The search a member of the plan is.
template <class T>
std::unique_ptr<SearchMember<T>> make_member(const Position& start, const SearchConfig& config,
                                             TranspositionTable& table) {
    if (config.beam_width > 0) return std::make_unique<BeamProbe<T>>(start, config, table);
    return std::make_unique<DepthFirstSearch<T>>(start, config, table);
}

}  // namespace patience
