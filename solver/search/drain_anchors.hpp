// Drain anchors: the waste-drain test (waste_drain.hpp) made again down the complete search, at
// positions whose waste has grown, and carried below each of them.
//
// Why: the start's test carried down the search ("Carried" in waste_drain.hpp) speaks only of the
// start's own waste cards. The cards drawn since then that stay in the waste must drain too, and
// it is their moments that end the lines of a mid-game: Emperor seed 590's furthest line
// (bench/frontier-lines) is proven lost from move 24 (46 stock cards, 14 in the waste) by the
// start's test, but from move 22, two draws earlier, its search finds no loss in a million nodes;
// with anchors it is lost in 272,999 (tests/positions/emperor_590_move_22.json), and so is move
// 19's (51 stock cards) in 281,121.
//
// The rule. A position D of the complete search becomes an *anchor* when its waste holds at least
// kGrowth cards more than the fewest the innermost anchor's waste held on the way to D (the start
// is the outermost anchor). D's *own* cards are its waste cards from that fewest count up: those
// drawn since the anchor before and still there. D's test takes only those, from the top down in
// the order of play (waste_drain.hpp's moments with D's columns and stock), which gives the J
// (D's stock cards drawn) with which the lowest of them leaves at the fewest; the anchors outside
// it then take their own cards that are still held, each from the fewest J the cards above them
// left (in its own stock count). A position below D is lost where, for the own cards of each
// anchor held all the way to it, some card has no fitting J no fewer than what the cards above it
// need and the stock cards drawn since that anchor.
//
// Proof. Take a position P reached by the search through anchors A_0 (the start) ... A_k, and a won
// line L from P. The waste is a stack that loses only its top and gains only drawn cards, so the
// cards of A_i's waste that it held all the way to P (the fewest on the way, h_i) lie at the
// bottom of P's waste in A_i's order, and A_i's own cards among them are those from b_i (the
// fewest A_(i-1) held on the way to A_i) up to h_i. P's waste cards all leave in L, from the top
// down, and the stock only ever grows drawn: so their moments, counted in stock cards drawn since
// the start, never fall from the top card down. Each card c of A_i's own cards leaves in L, and
// the line from A_i through P then L is a won line from A_i: waste_drain.hpp's proof says that
// the moment c leaves, with J stock cards drawn since A_i, has a choice of A_i's column prefixes
// that fits. J is at least the stock cards drawn from A_i to P, and at least the J of the card
// above c (in its own anchor's count, plus the cards drawn between that anchor and A_i). Taking,
// card by card from the top, the fewest fitting J no fewer than both leaves every J the line could
// take (by induction, each is at most the line's), as in waste_drain.hpp's "Order". So where a
// card has none, no won line leaves P: P is lost, however it was reached. Every answer is one
// that holds of every won line from its anchor, so an answer kept by an anchor serves every
// position below it. A capped search counts as a fit, and an anchor that spent its budget learns
// nothing more: caps only ever leave a lost position open.
//
// Cost. An anchor's searches for a choice cost about 0.14 microseconds each, and one anchor makes
// up to millions (the losses come from moments whose search is long: with caps of 64,000 or
// 250,000 choices a moment instead of a million, the Emperor 590 position above stays open). So
// the anchors made in a search together evaluate at most kRate choices for each node the search
// has counted (about 140 microseconds of their own a node at the most), plus a fixed credit of
// kCredit (about 8 s) for the first anchors, near the start, where the rate has earned nothing
// yet, with what a proof of loss spent given back: a rule of the search's own history, so the
// search at a node limit is still a prefix of the search at any larger one. The complete search
// alone proves move 22 above in 152 nodes and 4.7 s with no rate, in 33,917 and 7.4 s at 1,000 a
// node, and leaves it open after 3 million nodes at 200 or 50 (anchors then come deep in the tree,
// where they cut little, instead of near its top). From a deal, at that rate, they cost more than
// they found: Emperor seed 29 at a million nodes took 19.6 s instead of 2.7 at 1,000 a node (6.0 at
// 200, 3.6 at 50), and no moment of its anchors had no fit; with the choice search skipping the
// lengths a chain continues (waste_drain.hpp), still 22.5 s against 2.3, while move 22 above is
// lost in 36,046 nodes and 1.1 s at 1,000 a node. So below a deal they have no rate, and a bounded
// cost (see "From a deal").
// Measured again with the frame and the shared moments (below), at a million nodes with anchors
// made from the deal at 1,000 a node: Emperor 563, 480 and 132 5.2, 5.8 and 2.5 s instead of 3.1,
// 5.5 and 3.5, Malmaison 23 113 s instead of 8.9, all `unknown` as without them.
//
// From a deal. A deal's start has no waste and no cards of its own, and is the outermost anchor
// all the same: the anchors below it prove alone. Their proofs come near the top of the complete
// search or not at all: Malmaison seeds 2, 3, 6, 7, 8, 9, 11, 15, 16, 17, 19 and 20 are lost at
// proof effort 2 within 250 nodes of its start, after the probes' 1,000 or so. So below a start
// with no waste the anchors have the credit and no rate, and a proof gives back what it cost only
// up to the credit in all: with every proof's cost given back (and the credit of effort 1),
// Malmaison seed 13 made 1,450 anchors, 1,262 of them proven lost (274 million choices given
// back), and was `unknown` at a million nodes after about a minute. With the rule, a deal's
// anchors evaluate at most twice the credit whatever the node limit (about 17 s at the default
// effort, K times that at effort K), and still follow the search's own history, so the search at
// a node limit is a prefix of the search at any larger one. Malmaison seeds 1-20 at a million
// nodes, effort 2: 11 lost in 527 s of CPU (with every proof given back, 12 in 726 s: seed 11
// more; with the credit doubled but each anchor's budget not, 9 in 594 s). Like every cap, the
// one on what is given back only ever leaves a position open: it decides which tests are made,
// never what a test proves.
// Waking. Made from the deal's first node, at the default effort, they prove 11 of Malmaison
// seeds 1-40 lost at 200,000 nodes (none without), in 682 s of CPU instead of 22, but every
// solve from a deal that the other members do not decide at once pays up to the credit twice:
// seeds 1-200 of the other games at a million nodes decide the same deals in 1.9 (Diplomat) to
// 6.0 (Emperor-modern) times the time, and none more. So below a deal they wait (waiting()): the
// complete search runs without them for kWakeAfter nodes of its own, and then, undecided, starts
// over from its start with them awake (depth_first.hpp's start_over_with_the_anchors(), which
// has why that stays sound). Their proofs come near the top of its tree as before (Malmaison
// seeds 1-60 at a million nodes: the same 11 lost, in 148,500 to 148,700 nodes), and only the
// deals still open by then pay for them: those other games' seeds 1-200 take 1.2 to 1.3 times
// the time, and a deal won late pays in full (Malmaison seed 696, won by the beam in 403,751
// nodes, 12 s instead of 0.6). `--disable deal-anchors` (Techniques::deal_anchors) leaves the
// deal's search as it was, for a search that only looks for wins.
//
// Frame. Every anchor's test counts its prefixes from the start (waste_drain.hpp, "Frame"): the
// start's columns, each cut to what has not moved from it, rather than the anchor's own columns.
// Its answers are the same (bench/positions/frontier at 300,000 nodes: the same answers in the
// same nodes, position by position), in fewer choices, since an undecided column holds fewer
// cards in the hopeful count: the 87 positions in 227 s instead of 299 (Emperor's 42 in 115 s
// instead of 187; alone on 2 cores); Emperor 563's after 40 moves, lost in 279,293 nodes, made
// its 8,872 anchors' moments in 230 million choices instead of 497 million (36 s against 92).
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

#include "solver/packed_state.hpp"
#include "solver/search/waste_drain.hpp"

namespace patience {

template <class T>
class DrainAnchors {
  public:
    // Growth of the waste over the innermost anchor's held cards that makes a new anchor (5
    // proved move 19 above in as many nodes as 3 when each anchor tested its whole waste).
    static constexpr int kGrowth = 3;
    // The complete search's own nodes after which, below a start with no waste, it starts over
    // with the anchors ("From a deal"): 16 of the portfolio's turns, about 147,000 nodes of a
    // Malmaison deal's solve in all (its other members take the rest), by when most deals of the
    // other games are decided: seeds 1-200 at a million nodes, the 90th percentile of the nodes
    // to a decision is 34,574 in Diplomat, 42,152 in Lady Palk, 98,671 in Emperor and 25,564 in
    // Emperor-modern.
    static constexpr std::uint64_t kWakeAfter = 16384;
    // The choices the anchors inside a search may evaluate for each node it has counted. With
    // the choice search skipping the lengths a chain continues (waste_drain.hpp), the 79
    // positions of bench/positions/frontier at 300,000 nodes: 53 lost at 200 (151 s), 55 at 1,000
    // (160 s) and 55 at 5,000 (206 s: one Emperor position more, one Emperor-modern one fewer).
    // With the test's kept cards' bounds, the 81 positions there now: 62 lost at 300 and at 1,000
    // (116 s), 61 at 3,000 (one Emperor position fewer).
    static constexpr std::uint64_t kRate = 1000;
    // The choices the anchors may evaluate beyond what the rate has earned, from the search's first
    // node on; and what an anchor (or a carried check) spent on a position it proves lost is given
    // back (below a deal, up to the credit in all: "From a deal"). The anchors nearest the start
    // are the ones whose tests decide, and the rate alone gives them next to nothing: Malmaison
    // 23's line (bench/frontier-lines) after 35 moves (107 stock cards, 13 in the waste) has 38
    // children, all stock macros, each lost by its own test (9 of them in 2 to 5 s), and the
    // complete search from it was open after 300,000 nodes without a credit. The 81 positions of
    // bench/positions/frontier at 300,000 nodes: 62 lost without it (149 s); with a credit and no
    // refunds, 64 at 10 million (119 s), 65 at 50 and at 200 million, node for node the same (121 s
    // and 134 s), the 35-move position lost in 35 nodes and 29 s; with refunds, 65 at 10 million
    // (130 s), the same nodes. The credit is spent where no proof comes too: positions along
    // Malmaison 554's won line took 17 and 11 s to win at a million nodes without it, 54 and 23 s
    // with 50 million and no refunds, 25 and 19 s with 10 million and refunds; Emperor 563's with
    // 33 stock cards (tests/positions) is lost in 66,518 nodes and 56 s with them, in 320,183 and
    // 16 s without a credit. The end games of bench/positions/end-games are node for node as
    // before. A fixed amount, and refunds that follow the search's own history, so the search at a
    // node limit is still a prefix of the search at any larger one. 60 million (about 8 s) since
    // the anchors' proofs reached further up the frontier lines: with 10 million, Malmaison 23's
    // line after 27 moves (112 stock cards, 10 in the waste) and Emperor 563's after 40 (30 stock
    // cards) are `unknown` at 300,000 nodes, with 60 million lost in 1,402 and 279,293 nodes (97
    // and 124 s); the first lost positions of those lines had been after 28 moves (112) and 42
    // (29). Four or five anchors of the first reach their cap of six million choices
    // (WasteDrainBudget::total) before the proof, and with 10 million the allowance then cuts the
    // next tests short: they learn nothing, the search goes on below the anchors it could not test
    // and makes anchors deeper, where they prove less. Its child `draw draw draw w>f`: 130 anchors
    // made, 101 of them cut short, and `unknown` at 300,000 nodes; with 30 million or more, 42
    // made, none cut short, lost in 1,312 nodes. bench/positions/frontier at 300,000 nodes keeps
    // its 69 losses of 85, node for node, in about a tenth more time. It costs most where a win
    // comes early and the credit is spent on tests that prove nothing: 15 positions of Malmaison
    // 554's won line (every tenth move up to move 150) are won at a million nodes node for node as
    // before, in 288 s instead of 199, up to 18 s more each (those with 82 or more stock cards).
    // The credit can go to anchors that reach their cap before the ones that would prove: from
    // Malmaison 23's line after 16 moves with the next card (a QS) kept in the waste, 13 of the
    // first 71 anchors reach it (79 million choices) and the search is open at 20,000 nodes; with
    // ten times the credit and caps (proof effort 10, SearchConfig::proof_effort) it is lost in 302
    // nodes.
    static constexpr std::uint64_t kCredit = 60000000;
    // What one anchor may evaluate: as the start's test (waste_drain.hpp's WasteDrainBudget).
    static constexpr WasteDrainBudget kBudget{};

    // The start's test, which did not prove the start `state` lost (a start with no waste, as a
    // deal's, has no cards of its own: the anchors below it prove alone). Every anchor below it
    // is its frame's (leave()), and counts its prefixes from the start. With proof effort
    // `effort` (SearchConfig::proof_effort), the credit and each anchor's budget are that many
    // times kCredit and kBudget: a fixed amount still, so the search at a node limit stays a
    // prefix of the search at any larger one.
    // Below a start with no waste they wait (waiting()) until the search wakes them (wake():
    // "From a deal").
    void start(std::unique_ptr<WasteDrainTest<T>> test, const PackedState<T>& state,
               int effort = 1) {
        anchors_.clear();
        effort_ = std::max(effort, 1);
        start_ = std::make_unique<PackedState<T>>(state);
        moments_.clear();
        anchors_.push_back({std::move(test), state.stock_left(), 0, 0});
        spent_ = 0;
        given_back_ = 0;
        from_deal_ = state.waste_size() == 0;
        waiting_ = from_deal_;
    }

    // Whether the complete search from `start` makes anchors below it: where the start has a
    // waste (a game in progress), and below a start with no waste (a deal) where `from_a_deal`
    // (Techniques::deal_anchors: "From a deal").
    static bool makes_anchors(const PackedState<T>& start, bool from_a_deal) {
        return start.waste_size() > 0 || from_a_deal;
    }

    // The anchors test and are made: started, and not waiting.
    bool active() const { return !anchors_.empty() && !waiting_; }

    // Started below a start with no waste, and waiting for the search to count kWakeAfter nodes
    // and start over from its start ("From a deal"): until wake(), nothing is tested.
    bool waiting() const { return !anchors_.empty() && waiting_; }
    void wake() { waiting_ = false; }

    // What the anchors may still evaluate at the search's `nodes`-th node: below a start with no
    // waste the credit alone ("From a deal"), below a game in progress the rate's too.
    std::uint64_t allowance(std::uint64_t nodes) const {
        const std::uint64_t earned = credit() + (from_deal_ ? 0 : kRate * nodes);
        return earned > spent_ ? earned - spent_ : 0;
    }

    // The anchors' tests carried down to a position with `stock` stock cards, reached with
    // `inner_held` of the innermost anchor's waste cards held all the way (the proof above), at
    // the search's `nodes`-th node: true when that proves it lost. `uncharged`: their searches
    // are not counted in the tests' carried budgets (WasteDrainTest::drained_after()), only in
    // the allowance, the start's too.
    bool lost(int inner_held, int stock, std::uint64_t nodes, bool uncharged = false) {
        if (!active()) return false;
        const std::uint64_t spent_before = spent_;
        int held = inner_held;
        int fewest = 0;  // stock cards drawn since the anchor at hand, at the fewest
        for (std::size_t i = anchors_.size(); i-- > 0;) {
            Anchor& anchor = anchors_[i];
            if (i + 1 < anchors_.size()) held = std::min(held, anchor.held_to_next);
            fewest += anchor.stock - stock;
            stock = anchor.stock;
            // The start's own test found a J for each of its cards from 0 up, so with no stock
            // card drawn since it there is nothing to find.
            if (i == 0 && fewest == 0) return false;
            if (i == 0 && !uncharged) {
                fewest = anchor.test->drained_after(held, fewest);  // its own budget
            } else {
                const std::uint64_t before = anchor.test->spent();
                fewest = anchor.test->drained_after(held, fewest, allowance(nodes), uncharged);
                spent_ += anchor.test->spent() - before;
            }
            if (fewest < 0) {
                give_back(spent_before);
                return true;
            }
        }
        return false;
    }

    // Makes `state` an anchor where its waste has grown enough over the `inner_held` cards of the
    // innermost anchor's waste held all the way to it and the rate allows: true when its own cards
    // or the anchors outside it then prove it lost. An anchor made and not lost waits for its
    // frame (placed()).
    // `share`, `uncharged`: the test's own cap on its choices is its budget's over `share`, and
    // the anchors outside it are asked uncharged (lost_unanchored()).
    bool anchor(const PackedState<T>& state, int inner_held, std::uint64_t nodes,
                std::chrono::steady_clock::time_point deadline, std::uint64_t share = 1,
                bool uncharged = false) {
        if (!active() || state.waste_size() - inner_held < kGrowth) return false;
        const std::uint64_t allowed = allowance(nodes);
        if (allowed == 0) return false;
        const std::uint64_t spent_before = spent_;
        WasteDrainBudget budget = kBudget.scaled(effort_);
        const std::uint64_t total = budget.total;
        budget.total = std::min(budget.total / std::max<std::uint64_t>(share, 1), allowed);
        auto test = std::make_unique<WasteDrainTest<T>>(budget);
        test->set_frame(*start_);
        test->set_memo(&moments_);
        test->set_deadline(deadline);
        const bool own_lost = test->lost(state, inner_held);
        spent_ += test->spent();
        test->set_total(total);
        anchors_.back().held_to_next = inner_held;
        anchors_.push_back({std::move(test), state.stock_left(), kUnplaced, 0});
        if (own_lost || lost(state.waste_size(), state.stock_left(), nodes, uncharged)) {
            anchors_.pop_back();
            give_back(spent_before);
            return true;
        }
        return false;
    }

    // Whether `state`, reached by the search with `inner_held` of the innermost anchor's waste
    // cards held all the way, is proven lost by the anchors' tests carried down to it or by its
    // own test as an anchor, with a cap of its budget's over `share`; no anchor is kept for it
    // either way (drain_lookahead.hpp asks this of positions the search passes through without
    // entering).
    bool lost_unanchored(const PackedState<T>& state, int inner_held, std::uint64_t nodes,
                         std::chrono::steady_clock::time_point deadline, std::uint64_t share) {
        if (!active()) return false;
        if (lost(inner_held, state.stock_left(), nodes, true)) return true;
        if (anchor(state, inner_held, nodes, deadline, share, true)) return true;
        if (anchors_.size() > 1 && anchors_.back().frame == kUnplaced) anchors_.pop_back();
        return false;
    }

    // The position anchor() just made an anchor of opens frame `frame`: true when there was one.
    bool placed(std::size_t frame) {
        if (anchors_.size() < 2 || anchors_.back().frame != kUnplaced) return false;
        anchors_.back().frame = frame;
        return true;
    }

    // The search has left every frame from `frames` on: their anchors go.
    void leave(std::size_t frames) {
        while (anchors_.size() > 1 && anchors_.back().frame >= frames) anchors_.pop_back();
        if (frames == 0) anchors_.clear();
    }

    void clear() { anchors_.clear(); }

  private:
    static constexpr std::size_t kUnplaced = static_cast<std::size_t>(-1);

    struct Anchor {
        std::unique_ptr<WasteDrainTest<T>> test;
        int stock;          // its stock cards
        std::size_t frame;  // the search's frame it is (the start: 0; kUnplaced: not yet)
        int held_to_next;   // the fewest of its waste cards held on the way to the next anchor
    };

    std::uint64_t credit() const { return kCredit * static_cast<std::uint64_t>(effort_); }

    // A proof of loss: what the anchors evaluated since `spent_before` is given back, below a
    // deal only up to the credit in all ("From a deal").
    void give_back(std::uint64_t spent_before) {
        const std::uint64_t cost = spent_ - spent_before;
        const std::uint64_t back =
            from_deal_ ? std::min(cost, credit() - std::min(given_back_, credit())) : cost;
        given_back_ += back;
        spent_ -= back;
    }

    std::unique_ptr<PackedState<T>> start_;     // the frame of every anchor's test
    typename WasteDrainTest<T>::Memo moments_;  // their moments' answers
    std::vector<Anchor> anchors_;               // from the start (outermost) to the innermost
    std::uint64_t spent_ = 0;       // the choices the anchors made inside the search evaluated
    std::uint64_t given_back_ = 0;  // of those, what proofs gave back (give_back())
    int effort_ = 1;                // start()'s proof effort
    bool from_deal_ = false;        // start() had no waste ("From a deal")
    bool waiting_ = false;          // and the search has not woken them yet (wake())
};

}  // namespace patience
