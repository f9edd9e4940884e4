// Waste drain: a position is lost when, at the moment some waste card must leave the waste, the
// cards that cannot be home by then do not fit in the tableau.
//
// Why: the waste of a one-pass game is a stack. Before a card w deep in it can leave, every card
// above it must have left, home or into the tableau; when the copies that a suit's piles need next
// lie under w, none of that suit's higher cards can be home by then, and they must all be held in
// the columns at once. Columns hold them only as chains (runs built by the rules) on the cards
// that never moved, one chain a column. In Malmaison this ends deals with sixty and more cards in
// the waste, tens of stock cards before the stock runs out: seed 23's line (bench/frontier-lines)
// after 160 moves (30 stock cards, 67 in the waste, 32 cards home) has three of the four 2D under
// its 54th waste card (9H), the fourth home, so no diamond above the twos can be home before 9H
// leaves, and the diamonds that must be held then do not fit with the rest. The capacity test
// (capacity.hpp) reasons about the same room, but over every order of play: a relaxed game that
// is still too large to exhaust with 25 or more stock cards left. This test looks at one moment
// only, so it is a small finite problem for each choice below.
//
// The test. For each waste card w (index p from the bottom) and each J, the number of stock cards
// drawn by the moment w leaves, let the *available* cards be every tableau card, the waste cards
// above w, and the first J stock cards. For each suit s and rank r let H(s, r) be the piles of s
// at r or higher now (H(s, 0) = the decks), a(s, r) the available copies of (s, r), and
//     g(s, 0) = decks,   g(s, r) = min(g(s, r - 1), H(s, r) + a(s, r)),
//     T(s, r) = H(s, r) + a(s, r) - g(s, r)
// (g: the most copies of (s, r) that can be home then; T: the fewest available copies that are
// not). Then find a choice, for every column c, of a length l(c) from 0 to its size (the
// cards of c that never moved: its *prefix*) such that, with U the prefixes' cards and
// v(s, r) = H(s, r) + a(s, r) - U(s, r),
//     y(f, r)  = the sum over the suits s of family f of
//                v(s, r) - min(decks, v(s, 1), ..., v(s, r))   (>= max(0, T(s, r) - U(s, r)))
//     ub(f, r) = the sum over those suits of a(s, r) - U(s, r)
//     slot(f, r) = the columns whose prefix's top card is of family f and rank r + 1,
//     free = the columns with l(c) = 0,
// some z(f, r) in [y(f, r), ub(f, r)] has  sum over f, r of max(0, t(f, r) - slot(f, r)) <= free,
// where t(f, r) = max(0, z(f, r) - z(f, r + 1)) and z(f, ranks + 1) = 0 (in Lady Palk, where a
// space takes only a run headed by a King, t(f, r) <= slot(f, r) for every r below the King), and,
// where a family's cards of every rank are of all its suits (Malmaison, Diplomat, Lady Palk),
// z(f, r) - z(f, r + 1) <= the sum over its suits of v(s, r) - v(s, r + 1) for r below the top.
// Families are chain_family.hpp's: the cards that build on each other in chains (Malmaison: a suit;
// Emperor: black odd ranks with red even ones, and the others; Diplomat, Lady Palk: all cards).
// If for some p no J has such a choice, the position is lost; and so it is if the fitting J cannot
// be taken in the order of play: with J(p) the fewest that fits for p and is no fewer than
// J(p + 1) (J(top + 1) = 0), if for some p no J that large fits. Double Dot, whose deals put stock
// cards on columns without building on them and which has no waste, is not tested.
//
// Proof. Take a won line of play from the position and any waste card w. w leaves the waste in
// that line; let Q be the position just before it does, and J the stock cards drawn by then. The
// waste only gives its top card, and stock cards are drawn onto its top, so in Q the waste is
// exactly w and the cards under it now: every card above it now, and every card drawn since, has
// left it, home or into the tableau. So in Q every card off the foundations lies in the stock (the
// cards after the first J), in the waste (w and under), or in the tableau.
// - Home in Q. A card home in Q was home now or available: cards under w, w, and stock cards not
//   drawn have not moved. The piles of a suit are interchangeable and only grow, so in Q the
//   number h(s, r) of piles of s at r or higher has h(s, r) <= h(s, r - 1), h(s, 0) = decks, and
//   h(s, r) <= H(s, r) + a(s, r); by induction on r, h(s, r) <= g(s, r). So at least T(s, r)
//   available copies of (s, r) lie in Q's tableau (H + a - h of them do).
// - Kept cards. A prefix card never moved, so it is not home in Q either: h(s, r) <= v(s, r), and
//   with h(s, r) <= h(s, r - 1) <= ... <= decks, h(s, r) <= min(decks, v(s, 1), ..., v(s, r)).
//   The moved cards of (s, r) in Q are the available copies neither home nor kept, v(s, r) - h(s,
//   r) of them, at least y's term for s; that term is at least T(s, r) - U(s, r) (v(s, r') <=
//   H(s, r') + a(s, r'): the min is at most g(s, r)), and at least 0. And h(s, r) >= h(s, r + 1)
//   gives v(s, r) - z(s, r) >= v(s, r + 1) - z(s, r + 1), summed over a family's suits where its
//   cards of ranks r and r + 1 are of the same suits. So a kept card low in its suit holds up a
//   pile: an Ace kept where no pile of its suit has begun leaves one copy of every higher card of
//   that suit in the columns, where the bound without it asked for none.
// - The tableau in Q. Each column of Q is the cards of it that never moved since now (a prefix of
//   its cards now: a card moves only from the top, or carried with those on it), with the moved
//   cards on them, each built on the card under it, the lowest on the prefix's top card or at the
//   bottom of the column (capacity.hpp's proof, 1.): one chain of a family, of consecutive ranks.
//   So Q's prefixes give a choice of lengths l. The moved tableau cards of Q, z(f, r) of family f
//   and rank r, are Q's tableau cards less the prefix cards, so z(f, r) >= y(f, r) and its rises
//   are bounded (Kept cards); and each of
//   them is available (cards under w, w and the stock not drawn have not moved, and no card
//   leaves the foundations) and in no prefix, so z(f, r) <= ub(f, r).
// - Room. A cover of z by chains has at least t(f, r) chains whose highest card has rank r (the
//   chains holding rank r but not r + 1; each card of rank r + 1 continues at most one chain
//   down). Each chain lies in a column of its own, its highest card on that column's prefix top,
//   which it builds on (family f, rank r + 1: a slot), or at the bottom of an empty prefix (a free
//   column; in Lady Palk only a King, or a run headed by one, fills a space, and the column's
//   bottom card leaves only with every card on it). A column holds one chain: so the chains
//   topped at (f, r) beyond slot(f, r) need free columns of their own, and the sum is <= free.
// So the line gives, for p = w's index, a J with a choice that fits: if for some p no J has one,
// there is no won line, and the position is lost.
// - Order. The waste cards leave in the line from the top down (each lies on the next), and
//   stock cards are only ever drawn, so the line's J(p), p from the top down, never fall. Taking
//   for each p the fewest fitting J no fewer than the last leaves every choice the line's own J
//   could make next (by induction, each is at most the line's): so if for some p none is left,
//   the line has none either.
// - Carried. The test made on a position S and failed there still speaks for the positions the
//   search reaches from S. Let D be reached from S by a line L0 along which the waste never held
//   fewer than m of S's waste cards, with d stock cards drawn on the way. The waste is a stack
//   that loses only its top card and gains only drawn ones, so S's m lowest waste cards lie at
//   the bottom of D's waste, as in S. Take a won line L from D: L0 then L is a won line from S,
//   and each of those m cards leaves the waste in it after L0's d draws, so its J (counted from
//   S, as S's moments count them) is at least d. S's moments hold for every won line from S: so
//   taking them from p = m - 1 down with the fewest fitting J no fewer than d (and than the
//   moment's before, as in Order) finds one for every p. If for some p none is found, no won line
//   leaves D, and D is lost, however it was reached (the table may keep it). With d = 0 this asks
//   less than S's own test did, and is not made; the moments' answers are S's, searched once.
// - Own cards. The same holds of any lower part of the waste: the moments of S's waste cards from
//   `base` up, taken in the order of play from the top, need only a won line from S. So a test
//   may take only those (lost(state, base)), and give the J with which the lowest of them leaves
//   at the fewest (drained_after()), for the cards under them to start from: drain_anchors.hpp
//   makes the test again at positions down the search, each on the cards drawn since the one
//   before, and chains them.
// - Frame. The prefixes may be counted from any position F that the search passed through on
//   its way to S (its start), instead of from S: a card that never moved since F never moved
//   since S either, and every step above holds with "moved since F" for "moved since S" (the
//   cards moved since F that lie in a column of Q each lie on the card they were put on, which
//   they build on, or at its bottom; each is available, as nothing home, under w or in the stock
//   after J moves). F's cards that never moved by S are, in each column of F, a prefix of it,
//   and they lie at the bottom of a column of S; so each column of F is offered cut to the
//   longest run of its bottom cards that some column of S begins with, no shorter than what
//   never moved (and longer only where two columns begin alike). The available cards and the
//   piles are S's, as before. A line from S, taken after the path from F, gives each column of F
//   a prefix within its cut, so the test's answer holds of S however S was reached from F.
//   Measured against S's own columns: the cards put on a prefix since F build on it, so that
//   S's columns offer the same lengths as F's cut ones but for those the chain continues (which
//   are skipped, above), while the undecided columns hold fewer cards in the hopeful count
//   below, and fewer choices are cut sooner. The drain anchors' tests (drain_anchors.hpp) take
//   the complete search's start as F.
// - Lengths a chain continues. A column's length l >= 1 need not be tried when the card at l - 1
//   continues a chain below it, i.e. is of the same family as the card under it and one rank
//   lower (l >= 2), or is the column's bottom card (l = 1; in Lady Palk only when it is a King):
//   a choice that fits with l has a fit with l - 1 too, the other columns' lengths the same. Let
//   x be the card at l - 1, of family f and rank q. Give z one more (f, q): x leaves the prefix,
//   so ub(f, q) grows by one and y(f, q) by at most one, and z stays in its range (v(s, q) grows
//   by one: y's term at q by at most one, those above q do not grow, as the min only can; and
//   both sides of the rises' bounds at q and at q - 1 change alike). With l >= 2,
//   x is now a chain's link on the slot that the card under it offers, (f, q), which l - 1
//   adds; the slot (f, q - 1) that x offered goes. At rank q the chains topped grow by at most
//   one and the slots by one; at q - 1 (q > 1) z(f, q) grows by one, so the chains topped there
//   fall by one where there were any, as the slots do (there was at least x's); every other rank
//   is as it was. So no count of unslotted tops grows. With l = 1 the column is free instead:
//   x tops a chain of its own, one more unslotted top at q at the most (a King in Lady Palk,
//   which a space takes), and one more free column. Following the lengths down, every fitting
//   choice has one whose lengths all are tried; the choices tried and their counts are
//   unchanged otherwise, so a moment's answer (fit or none) is the same.
// Nothing asks which copy of a card is which, so it holds for any number of decks; Emperor's
// face-down cards are prefix cards like any other (they move only once face up, from the top).
//
// The search for a choice is a depth-first search over the columns (the next one as "Which
// column next" below picks it), each taking its lengths from the longest (most cards kept) to
// 0, but for the lengths a chain continues (see the proof), and cut where even the most
// hopeful completion fails: the columns not chosen yet counted as free,
// y bounded below with all their cards counted in U at its own rank and none of them below it
// (v(s, r) at its least, the v under it at their most), ub and the rises bounded above with none
// of them counted in U but at r + 1 (a kept card cannot also be a chain's link). Every
// completion's z is then in the range the bound allows, and the cost falls by at most one
// for each slot a column offers, which a free column matches; so a cut choice has no completion
// that fits (in Lady Palk the hopeful count lets a free column take any chain). Each search has a
// cap; a capped one counts as a fit, so a cap only ever leaves a lost position open. The tests made
// inside one search (the drain anchors') share their moments' answers (drain_moments.hpp). The
// moments are taken in passes, with a cap a moment four times the last's each time (from 16,000): a
// moment decided (a fit, or none) stays decided, and only the capped ones of the moments the order
// of play reaches are searched again. The losses come from moments whose search for a choice is
// long, and a pass spends on them only what the easy moments left. A capped moment is searched
// again from its start, so a first cap too small is paid twice: with 4,000, a sixth of the choices
// of Emperor 563's position after 45 moves went to moments cut there (1,113 of 21,236). From
// 16,000, bench/positions/frontier at 300,000 nodes gives the same answers in the same nodes,
// position by position, in 349 s instead of 386 (Emperor's 42 in 220 s instead of 261; Malmaison's
// 21 in 68 s instead of 65), and bench/positions/end-games and 93 won positions with a waste
// (Malmaison 554's line, Emperor seeds 1-40's) their nodes, in the same time. With proof effort
// above 1 there is one pass, at the full cap (WasteDrainBudget::scaled() says why).
// Runs of moments. Where a moment of waste card p had no fit, the next ones of p, with J from j
// to j' (j < j', each not searched yet), are searched as one: with a(s, r) counted with j' stock
// cards drawn, and H + a with j' (in the home caps, and in the rises' bound at r) or with j (in
// the held copies' low bound, and in the rises' bound at r + 1). Proof that a run with no fit has
// no moment with a fit: stock cards are only added to the available ones as J grows, so for each
// J from j to j', H + a lies between its counts with j and with j', card by card. Each bound of a
// choice is monotone in them: y's term for (s, r), max(0, (H + a)(s, r) - U(s, r) - min(decks,
// (H + a)(s, r') - D(s, r') for r' < r)) with D the decided prefixes' cards (the "Kept cards"
// bound as the search counts it), grows with H + a at r and falls with it below r; ub grows with
// a; the rises' bound (H + a)(s, r) - D(s, r) - ((H + a)(s, r + 1) - U(s, r + 1)) grows with
// H + a at r and falls with it at r + 1. So for every choice the run's ranges hold every one of
// its moments' ranges and rises, its least count of unslotted tops is no more than each
// moment's, and a choice that fits some moment of the run fits the run. The search for a choice
// holds for the run as for a moment: the hopeful count's proof and that of the lengths a chain
// continues ask only this shape of the bounds, in U and D, which the run's counts keep. A run with
// no fit marks each of its moments so (and tells the memo); one that fits, or meets its cap, proves
// nothing, and its moments are searched one by one. A run is of 2 moments after a moment with no
// fit, and of 4 after a run with none (kMostMomentsAtOnce); with a larger run the loosened
// bounds fit too often. Malmaison seeds 2, 9 and 3 at proof effort 100 (`solve --variant
// malmaison --seed S --disable probes --proof-effort 100`), each lost in the same nodes: 13.2,
// 27.5 and 147 s one moment at a time; 12.8, 19.8 and 121 s with runs of up to 4; 12.4, 22.2 and
// 126 with runs of 2; 13.1, 21.0 and 127 with up to 8; 14.2, 23.3 and 134 with runs doubling
// without bound.
// Skipping the lengths a chain continues leaves a column as many lengths as it has breaks, plus
// one, instead of one more than its cards. The 76 positions of bench/positions/frontier, each
// tested alone at the default budget: 38 called lost and 1 stopped at the total cap, in 12.4
// million choices and 3.2 s, against 36 and 17 in 220 million and 43 s without the skip (the 36
// among the 38; of the 16 it decides that it stopped on before, the other 14 are open).
// The kept cards' bounds (the proof's "Kept cards": a kept card holds up the piles above it, and
// a suit's piles rise in order) took the 79 positions of bench/positions/frontier, each tested
// alone, from 38 called lost (2 stopped at the total cap) in 18.7 million choices to 49 (none
// stopped) in 16.9 million: 3 more of Emperor 563's with the first, 6 more of Malmaison 1's with
// the rises bounding whole choices, and 2 more Malmaison positions with the rises bounding the
// partial ones too (the hopeful count below). Malmaison 554's won line
// (426 positions, up to 56 cards in the waste) has none called lost; 89 stop at the cap there.
// Which column next. The search decides next the undecided column with the fewest lengths that
// the hopeful count keeps, each length tried with the other columns still undecided (forward
// checking, as in constraint solvers); where one keeps none, the choice so far is cut. Proof: a
// length the hopeful count cuts has no completion that fits (the cut's proof holds for any set of
// undecided columns: it counts each of them free, all of its cards kept for the low bound and
// none for the high one), and a length a chain continues has a fit only where a shorter length
// tried has one (the skip's proof, the other columns' lengths the same); so a column whose every
// tried length is cut has no length in any completion that fits. The order in which the columns
// are decided changes which choices are evaluated, never whether one fits: each column still
// takes every length tried. The memo's keys name each column by its place in the position (or
// frame), whatever the order. Static orders move single moments both ways: on Malmaison seeds 8,
// 9 and 2 at proof effort 10 (`solve --variant malmaison --seed S --proof-effort 10`, each lost
// in the same nodes), the columns as they lie took 19.5, 11.9 and 11.7 s, in reverse 38.1, 4.8
// and 36.2, the longest first 19.0, 12.7 and 9.0; deciding the column with the fewest lengths
// kept, 14.5, 4.6 and 9.4 (at the first four columns only, 19.1, 5.8 and 12.3). The 87 positions
// of bench/positions/frontier at 300,000 nodes give the same answers in 107.3 s instead of 120.6
// (Malmaison's 21 in 7.5 s instead of 17.5). (Before the kept cards' bounds and the skip, static
// orders had been compared by the positions of bench/positions/frontier called lost and stopped
// at the total cap: as they lie 36 and 17; the most held cards first 33 and 16, the fewest first
// 26 and 32; the longest first 34 and 15, the shortest first 25 and 32.)
// Narrowed columns. The forward checks also narrow each undecided column to the lengths its count
// kept: below this choice the column is counted as one whose length lies between the shortest and
// the longest kept (a walk stopped early keeps its shortest as it was), its cards under the
// shortest decided (in D) and those from the longest up out of U, still counted free; and only
// those lengths are walked when it is decided. Proof that where the choice so far has a
// completion that fits, it has one with every undecided column's length in its range (so a
// search within the ranges finds a fit wherever there is one): true where no column is narrowed,
// and kept by each narrowing. Take a fitting completion within the ranges as they stand, and the
// column c narrowed. Where its length there is one the walk skips (a chain continues it), put the
// next shorter tried length in its place: the completion still fits (the skip's proof), and the
// length is still in c's range (the range's shortest is tried, or 0, which is). Now c's length is
// tried, or untried below a stopped walk's last length (in the new range: the shortest is kept),
// and a tried length the count cut has no completion within the ranges that fits: the hopeful
// count's bounds are monotone in U and D (as in "Runs of moments"), and it counts every undecided
// column's cards up to its longest in U and under its shortest in D, which bound those of every
// completion within the ranges, and the column free, which matches any slot it would offer. So
// c's length is kept, between the shortest and the longest kept. Narrowing changes which choices
// are evaluated and what the hopeful count knows, never whether a moment has a fit.
//
// Tested against the unpruned reference search (tests/waste_drain_test.cpp): every position it
// calls lost is lost, on reduced decks and on full-rank positions, and positions whose lines it
// cuts carried down keep the reference verdict in the fast solver; and by ablation (`--disable
// waste-drain` switches off both).
#pragma once

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "core/position.hpp"
#include "solver/packed_state.hpp"
#include "solver/search/chain_family.hpp"
#include "solver/search/drain_moments.hpp"

namespace patience {

// The work one test may do: evaluated choices, per (p, J) in the last pass and in all (about
// half a microsecond each). On the 71 positions of bench/positions/frontier, with one pass at the
// cap a moment, caps of 20,000 and 2 million called 14 lost (0.45 s a position at the most, 0.12
// at the median), 100,000 and 6 million 25 (1.8 s and 0.44), 300,000 and 10 million 33 (4.8 s
// and 0.79), 1 million and 6 million 22: a moment that fits only after a long search spent the
// total. With the passes: 100,000 and 6 million 25 (4.1 s and 0.69), 1 million and 3 million 26
// (2.2 s and 1.5), 500,000 and 4 million 30 (3.3 and 1.7), 1 million and 6 million 34 (4.2 and
// 1.7; kept), 2 million and 6 million 34, 1 million and 10 million 35 (8.2 and 1.7).
struct WasteDrainBudget {
    std::uint64_t per_moment = 1000000;
    std::uint64_t total = 6000000;
    // All the choices the test carried down a search (drained_after()) may evaluate, over all
    // its (m, d): Emperor 590's line after 24 moves (tests/positions) is proven lost in 1,176 nodes
    // with 2 million or more, after 28 moves in 1,046 with 6 million and is open with 2 million;
    // 500,000 leave both open. Only the complete search of a start with a waste spends it.
    std::uint64_t carried = 6000000;
    // The first pass's cap a moment (the header: the moments are taken in passes, each with four
    // times the last's cap, up to per_moment).
    std::uint64_t first_pass = 16000;

    // The budget of a search with proof effort k (SearchConfig::proof_effort): k times the
    // choices a test may evaluate in all, at its start and carried down; a moment's cap stays,
    // and above 1 the moments are taken in a single pass at that cap. The passes spend the
    // default budget on the easy moments first, and a proof of loss needs every moment of its
    // waste card searched to the end: Malmaison seeds 8, 16 and 9 (`solve --variant malmaison
    // --seed S --proof-effort K`) are lost in the same nodes at effort 10 in 18.4, 20.0 and
    // 11.3 s with one pass, 26.5, 37.2 and 19.8 with the passes from 16,000 and 20.7, 28.3 and
    // 15.4 from 160,000; seeds 8 and 9 at effort 2 in 18.9 and 11.8 s against 30.0 and 21.5, at
    // effort 3 19.4 and 11.5 against 26.8 and 20.8; seeds 2, 9 and 3 at effort 100 (`--disable
    // probes`) in 11.5, 11.2 and 108 s against 13.0, 20.2 and 121.
    WasteDrainBudget scaled(int k) const {
        const auto by = static_cast<std::uint64_t>(std::max(k, 1));
        return {per_moment, total * by, carried * by, k > 1 ? per_moment : first_pass};
    }
};

template <class T>
class WasteDrainTest {
  public:
    static constexpr bool kApplies = !T::kDeals;

    explicit WasteDrainTest(const WasteDrainBudget& budget = {}) : budget_(budget) {}

    // The test stops, as at its total cap, once `deadline` has passed (checked every 4,096
    // choices): it can take seconds, and --time-limit must still stop a solve.
    void set_deadline(std::chrono::steady_clock::time_point deadline) { deadline_ = deadline; }
    // The cap on the choices one call may evaluate (the budget's `total`).
    void set_total(std::uint64_t total) { budget_.total = total; }
    // Whether the search for a choice skips the lengths a chain continues (on by default; off only
    // for the test that both find the same answers).
    void use_length_dominance(bool on) { length_dominance_ = on; }
    // Whether runs of moments of one waste card are searched as one after a moment with no fit
    // (the header's "Runs of moments"; on by default; off only to check that the answers stay).
    void use_moment_runs(bool on) { moment_runs_ = on; }
    // Whether the search for a choice decides next the column with the fewest lengths kept (the
    // header's "Which column next", and with it "Narrowed columns"; on by default; off, the
    // columns in the order they lie, only to check that the answers stay).
    void use_forward_checking(bool on) { forward_checking_ = on; }
    // Whether the families' counts are remembered between choices (family_tops(); on by
    // default where the families are the suits; off only to check that it changes nothing).
    void remember_tops(bool on) {
        remember_tops_ = on;
        family_tops_ = {};
    }
    // Whether a family's count is taken greedily where that is exact (greedy_tops(); on by
    // default; off only to check that it changes nothing).
    void use_greedy_tops(bool on) {
        greedy_tops_ = on;
        family_tops_ = {};
    }
    // Whether the bounds on the moved cards count the prefixes' cards out of the piles they would
    // raise (the proof's "Kept cards"; on by default; off only for tests that compare).
    void use_kept_bounds(bool on) {
        kept_bounds_ = on;
        family_tops_ = {};  // counted with or without the rises
    }

    // The position the prefixes are counted from (the proof's "Frame"): one the search passed
    // through on its way to every position this test is made on. Without one, each position's
    // own columns.
    void set_frame(const PackedState<T>& frame) {
        framed_ = true;
        for (int c = 0; c < T::kColumns; ++c) frame_[c] = frame.column(c);
    }

    // Moments' answers shared with the other tests of a search (drain_moments.hpp), all framed
    // alike and with the same switches; null: none.
    using Memo = DrainMoments<T::kColumns>;
    void set_memo(Memo* memo) { memo_ = memo; }

    // True when `state` is proven lost (the rule above), by its waste cards from `base` up (its
    // *own* ones: an anchor's, see "Own cards"; 0, all of them, for a position alone).
    bool lost(const PackedState<T>& state, int base = 0) {
        evaluations_ = 0;
        next_clock_check_ = 0;
        capped_ = false;
        counted_capped_ = false;
        drained_at_ = -1;
        carried_evaluations_ = 0;
        if constexpr (!kApplies) {
            return false;
        } else {
            load(state);
            base_ = std::clamp(base, 0, waste_size_);
            known_.assign(static_cast<std::size_t>(waste_size_ * (stock_size_ + 1)),
                          Search::Capped);
            capped_at_.assign(known_.size(), 0);
            carried_.assign(static_cast<std::size_t>((waste_size_ + 1) * (stock_size_ + 1)),
                            kUntested);
            int fewest = 0;
            drained_at_ = undrained(waste_size_, 0, fewest);
            carried_[index(waste_size_, 0)] = drained_at_ >= 0 ? kLost : fewest;
            return drained_at_ >= 0;
        }
    }

    // The test carried down from the last lost() position S, which it did not call lost, to a
    // position reached from it (see "Carried" and "Own cards"): the own waste cards of S that have
    // stayed in the waste all the way (those below `remaining`), taken from the top down in the
    // order of play with J (stock cards drawn since S) no fewer than `fewest`. -1 when one of them
    // has no such J: the position is lost. Else the J with which the lowest of them leaves at the
    // fewest (`fewest` itself where none of them is left), which the cards under them, an outer
    // anchor's, cannot leave before. Each (remaining, fewest) is searched once, within the
    // budget's total, and all of them together within its `carried`; where that is spent, the
    // answer is `fewest` (nothing learnt). An `uncharged` search is not counted in the carried
    // budget, nor stopped by it (the drain lookahead's: drain_lookahead.hpp says why).
    int drained_after(int remaining, int fewest,
                      std::uint64_t allowance = std::numeric_limits<std::uint64_t>::max(),
                      bool uncharged = false) {
        if constexpr (!kApplies) {
            return fewest;
        } else {
            remaining = std::min(remaining, waste_size_);
            fewest = std::clamp(fewest, 0, stock_size_);
            if (remaining <= base_) return fewest;
            int& answer = carried_[index(remaining, fewest)];
            if (answer != kUntested) return answer;
            if (!uncharged && carried_evaluations_ >= budget_.carried) return answer = fewest;
            if (allowance == 0) return fewest;  // not searched: asked again later
            evaluations_ = 0;
            next_clock_check_ = 0;
            capped_ = false;
            counted_capped_ = false;
            const std::uint64_t total = budget_.total;
            const std::uint64_t own =
                uncharged ? total : std::min(total, budget_.carried - carried_evaluations_);
            budget_.total = std::min(own, allowance);
            int last = fewest;
            const int result = undrained(remaining, fewest, last) >= 0 ? kLost : last;
            budget_.total = total;
            if (!uncharged) carried_evaluations_ += evaluations_;
            // An answer cut short by the allowance alone is not kept: it may be searched again.
            if (result == kLost || !capped_ || allowance >= own) answer = result;
            return result;
        }
    }

    // drained_after() as a verdict, for the start's waste cards alone: true when the position
    // reached with only the `remaining` lowest of them held all the way and `drawn` stock cards
    // drawn since S is lost (false where that asks nothing S's own test did not).
    bool lost_after(int remaining, int drawn) {
        if (remaining <= 0 || remaining > waste_size_ || drawn <= 0 || drawn > stock_size_) {
            return false;
        }
        return drained_after(remaining, drawn) == kLost;
    }

    // One moment of the position of the last lost(), searched alone within the budget's cap a
    // moment (through the memo where there is one), for tests: 1 where the moment at which waste
    // card p leaves with j stock cards drawn has a choice that fits, 0 where it has none, -1 where
    // the search met its cap.
    int moment_fits(int p, int j) {
        moment_cap_ = budget_.per_moment;
        const Search search = moment_search(p, j);
        return search == Search::Fit ? 1 : search == Search::NoFit ? 0 : -1;
    }

    // The waste card (0: the bottom one) whose moment no J fits, when the last lost() was true;
    // else -1. For a player: the card the waste cannot drain down to.
    int drained_at() const { return drained_at_; }

    // The choices the last lost() evaluated, and whether it stopped at its total cap (a moment
    // past its own cap counts as a fit, and is not told).
    std::uint64_t evaluations() const { return evaluations_; }
    // Every choice this test has evaluated since it was made (lost() and drained_after()).
    std::uint64_t spent() const { return spent_; }
    bool capped() const { return capped_; }
    // The moments found with no fit by runs searched as one (the header's "Runs of moments"),
    // since the test was made.
    std::uint64_t moments_in_runs() const { return moments_in_runs_; }
    // Whether the last lost() or drained_after() counted a moment at its cap as a fit: its answer
    // is then one a search without the caps might not give (for tests that compare answers).
    bool counted_capped() const { return counted_capped_ || capped_; }

  private:
    static constexpr int kFamilies = ChainFamilies<T>::kCount;
    static constexpr int kMaxPerRank = ChainFamilies<T>::kMaxPerRank;
    static constexpr int kMaxColumnCards = PackedState<T>::kMaxColumnCards;
    // A Lady Palk chain topped below the King that finds no slot: no space can take it.
    static constexpr int kNoRoom = 1 << 12;
    using RankCounts = std::array<int, kMaxRanks + 2>;  // by rank, 0 to the King and one past
    using SuitCounts = std::array<RankCounts, kSuitCount>;
    using FamilyCounts = std::array<RankCounts, kFamilies>;
    // An undecided column's lengths that can still fit, from the shortest to the longest
    struct Lengths {
        int shortest = 0;
        int longest = 0;
    };

    static int family(Card card) { return ChainFamilies<T>::of(card); }
    static int family(int suit, int rank) { return family(Card(rank, static_cast<Suit>(suit))); }

    void load(const PackedState<T>& state) {
        family_tops_ = {};  // counted over other ranks, perhaps
        ranks_ = state.ranks();
        tableau_ = SuitCounts{};
        for (int c = 0; c < T::kColumns; ++c) {
            const auto& column = state.column(c);
            for (int i = 0; i < column.size; ++i) count(tableau_, column.cards[i]);
        }
        columns_ = 0;
        for (int c = 0; c < T::kColumns; ++c) {
            const auto& column = framed_ ? frame_[c] : state.column(c);
            const int size = framed_ ? unmoved(column, state) : column.size;
            sizes_[columns_] = size;
            for (int i = 0; i < size; ++i) cards_[columns_][i] = column.cards[i];
            frame_column_[columns_] = c;
            ++columns_;
        }
        waste_size_ = state.waste_size();
        for (int i = 0; i < waste_size_; ++i) waste_[i] = state.waste_card(i);
        stock_size_ = state.stock_left();
        for (int i = 0; i < stock_size_; ++i) stock_[i] = state.stock_card(i);
        for (auto& suit : home_) suit.fill(0);
        for (int s = 0; s < kSuitCount; ++s) {
            home_[s][0] = T::kDecks;
            for (int k = 0; k < T::kDecks; ++k) {
                for (int r = 1; r <= state.pile_height(s, k); ++r) ++home_[s][r];
            }
        }
        for (int s = 0; s < kSuitCount; ++s) {
            for (int r = 1; r <= ranks_; ++r) suit_family_[s][r] = family(s, r);
        }
    }

    // The frame's column cut to the longest run of its bottom cards that a column of `state`
    // begins with (the proof's "Frame").
    static int unmoved(const typename PackedState<T>::Column& column, const PackedState<T>& state) {
        int longest = 0;
        for (int d = 0; d < T::kColumns; ++d) {
            const auto& now = state.column(d);
            const int most = std::min<int>(column.size, now.size);
            int k = 0;
            while (k < most && column.cards[k] == now.cards[k]) ++k;
            longest = std::max(longest, k);
        }
        return longest;
    }

    using Search = typename Memo::Answer;
    static constexpr int kLost = -1;
    static constexpr int kUntested = -2;
    std::size_t index(int remaining, int fewest) const {
        return static_cast<std::size_t>(remaining * (stock_size_ + 1) + fewest);
    }
    // The most moments a run searches as one (the header's "Runs of moments").
    static constexpr int kMostMomentsAtOnce = 4;

    // The moments of the own waste cards below `top` (down to base_), from the top down in the
    // order of play with each J no fewer than `fewest` (lost(): all of them, from 0;
    // drained_after(): those that stayed, from the cards drawn since): the first card whose
    // moment no such J fits, or -1 where every one fits (a capped moment counts as a fit, and so
    // does every moment once the total cap is reached, which capped() then tells), with `fewest`
    // then the J of the lowest (at the total cap: of the lowest reached, which the lower ones'
    // can only exceed). Passes with ever larger caps a moment: each pass follows the moments in
    // the order of play (see the proof), a moment's answer once definite is kept, and a moment
    // past the pass's cap counts as a fit. A pass that met no capped moment is final.
    int undrained(int top, int first_fewest, int& fewest) {
        std::uint64_t cap = std::min(budget_.per_moment, budget_.first_pass);
        for (;;) {
            moment_cap_ = cap;
            bool capped_moment = false;
            counted_capped_ = false;  // this pass's answer supersedes the last's
            fewest = first_fewest;
            for (int p = top - 1; p >= base_; --p) {
                bool fits = false;
                int run = 0;  // moments to search as one next (the header's "Runs of moments")
                for (int j = fewest; j <= stock_size_ && !fits; ++j) {
                    const auto at = static_cast<std::size_t>(p * (stock_size_ + 1) + j);
                    Search& known = known_[at];
                    if (known == Search::Capped && capped_at_[at] >= cap) {
                        capped_moment = true;  // an earlier test's pass reached this cap
                    } else if (known == Search::Capped) {
                        if (evaluations_ >= budget_.total) {
                            capped_ = true;
                            return -1;
                        }
                        Search answer;
                        const bool in_memo = remembered(p, j, answer);
                        if (const int last = in_memo ? j : run_end(p, j, run, cap); last > j) {
                            if (run_search(p, j, last) == Search::NoFit) {
                                for (int i = j; i <= last; ++i) {
                                    known_[at + (i - j)] = Search::NoFit;
                                    if (memo_ != nullptr && framed_) {
                                        count_moment(p, i);
                                        memo_->remember(memo_counts(), memo_cuts(), Search::NoFit,
                                                        moment_cap_);
                                    }
                                }
                                moments_in_runs_ += static_cast<std::uint64_t>(last - j + 1);
                                j = last;
                                run = std::min(run * 2, kMostMomentsAtOnce);
                                continue;
                            }
                            run = 1;  // one by one until the next moment with no fit
                            if (evaluations_ >= budget_.total) {
                                capped_ = true;
                                return -1;
                            }
                        }
                        known = in_memo ? answer : searched_moment(p, j);
                        if (known == Search::NoFit) run = std::max(run, 2);
                        if (known == Search::Capped) {
                            capped_moment = true;
                            capped_at_[at] = cap;
                        }
                    }
                    if (known != Search::NoFit) {
                        fits = true;
                        fewest = j;
                        if (known == Search::Capped) counted_capped_ = true;
                    }
                }
                if (!fits) return p;
            }
            if (!capped_moment || cap >= budget_.per_moment) return -1;
            cap = std::min(budget_.per_moment, cap * 4);
        }
    }

    // The available copies of each card at the moment waste card p leaves with j stock cards
    // drawn, and those home or available; for the moments with j to `last` drawn as one (the
    // header's "Runs of moments"), the available copies with `last` drawn, and those home or
    // available with j (reach_low_) and with `last` (reach_high_).
    void count_moment(int p, int j, int last = -1) {
        if (last < j) last = j;
        available_ = tableau_;
        for (int i = p + 1; i < waste_size_; ++i) count(available_, waste_[i]);
        for (int i = 0; i < j; ++i) count(available_, stock_[i]);
        for (int s = 0; s < kSuitCount; ++s) {
            for (int r = 1; r <= ranks_; ++r) reach_low_[s][r] = home_[s][r] + available_[s][r];
        }
        for (int i = j; i < last; ++i) count(available_, stock_[i]);
        for (int s = 0; s < kSuitCount; ++s) {
            for (int r = 1; r <= ranks_; ++r) reach_high_[s][r] = home_[s][r] + available_[s][r];
        }
    }

    // Whether the moment at which waste card p leaves, with j stock cards drawn, has a choice
    // of prefixes that fits, has none, or the search for one reached its cap: answered from the
    // memo where it knows the moment (drain_moments.hpp), else searched, and remembered there.
    Search moment_search(int p, int j) {
        Search answer;
        return remembered(p, j, answer) ? answer : searched_moment(p, j);
    }

    // The moment's search for a choice, remembered in the memo (one it does not know).
    Search searched_moment(int p, int j) {
        count_moment(p, j);
        const Search answer = search_choices();
        if (memo_ != nullptr && framed_) {
            memo_->remember(memo_counts(), memo_cuts(), answer, moment_cap_);
        }
        return answer;
    }

    // Counts the moment at which waste card p leaves with j stock cards drawn (count_moment()):
    // true, with its `answer`, where the memo knows it at this pass's cap.
    bool remembered(int p, int j, Search& answer) {
        count_moment(p, j);
        return memo_ != nullptr && framed_ &&
               memo_->known(memo_counts(), memo_cuts(), moment_cap_, answer);
    }

    // The memo's key of the moment count_moment() counted last (a single one).
    typename Memo::Counts memo_counts() const {
        typename Memo::Counts counts;
        for (int s = 0; s < kSuitCount; ++s) {
            for (int r = 1; r <= ranks_; ++r) {
                const int at = Card(r, static_cast<Suit>(s)).index();
                counts.home[at] = static_cast<std::uint8_t>(home_[s][r]);
                counts.reachable[at] = static_cast<std::uint8_t>(reach_high_[s][r]);
            }
        }
        return counts;
    }
    typename Memo::Cuts memo_cuts() const {
        typename Memo::Cuts cuts{};
        for (int c = 0; c < columns_; ++c) {
            cuts[frame_column_[c]] = static_cast<std::uint8_t>(sizes_[c]);
        }
        return cuts;
    }

    // The last of the moments from (p, j) on to search as one (the header's "Runs of moments"):
    // up to `run` of them, each not searched yet at this pass's `cap` nor known to the memo; j
    // alone where runs are off or `run` is below 2.
    int run_end(int p, int j, int run, std::uint64_t cap) {
        if (!moment_runs_ || run < 2) return j;
        int last = j;
        Search answer;
        while (last < stock_size_ && last + 1 - j < run) {
            const auto at = static_cast<std::size_t>(p * (stock_size_ + 1) + last + 1);
            if (known_[at] != Search::Capped || capped_at_[at] >= cap) break;
            if (remembered(p, last + 1, answer)) break;  // the memo's, one by one
            ++last;
        }
        return last;
    }

    // The moments at which waste card p leaves with j to `last` stock cards drawn, searched as one
    // (the header's "Runs of moments"): NoFit proves that none of them has a choice that fits.
    Search run_search(int p, int j, int last) {
        count_moment(p, j, last);
        return search_choices();
    }

    // The search for a choice at the moment count_moment() counted last.
    Search search_choices() {
        // Every column undecided: all tableau cards kept (for the low bound), none decided.
        kept_ = SuitCounts{};
        for (int c = 0; c < columns_; ++c) {
            for (int i = 0; i < sizes_[c]; ++i) count(kept_, cards_[c][i], 1);
        }
        decided_kept_ = SuitCounts{};
        held_low_ = SuitCounts{};
        low_ = FamilyCounts{};
        high_ = FamilyCounts{};
        for (int s = 0; s < kSuitCount; ++s) {
            refresh_home_caps(s, 0);
            for (int r = 1; r <= ranks_; ++r) high_[suit_family_[s][r]][r] += available_[s][r];
        }
        slots_ = FamilyCounts{};
        family_tops_ = {};  // every count new
        free_ = columns_;
        for (int c = 0; c < columns_; ++c) lengths(c) = {0, sizes_[c]};
        moment_evaluations_ = 0;
        return choose(0);
    }

    // Columns [0, decided) have their lengths chosen; the others are counted hopefully (see the
    // proof), each within its lengths (lengths()). The counts (kept_, low_, high_,
    // slots_, free_) follow the choice as it is made and taken back. The column decided next is
    // the one with the fewest lengths the hopeful count keeps, and the others are narrowed to the
    // lengths it keeps (next_column(), the header's "Which column next" and "Narrowed columns").
    Search choose(int decided) {
        if (moment_evaluations_ >= moment_cap_) return Search::Capped;
        if (past_deadline()) {
            evaluations_ = budget_.total;  // as at the total cap: lost() stops
            return Search::Capped;
        }
        if (!evaluate(decided == columns_)) return Search::NoFit;
        if (decided == columns_) return Search::Fit;
        if (!forward_checking_) return choose_lengths(decided);
        // The undecided columns' lengths as they came (by their index in the frame: the columns
        // from `decided` on are reordered below, but none leaves them).
        const auto came = lengths_;
        const Search below = next_column(decided) ? choose_lengths(decided) : Search::NoFit;
        for (int c = decided; c < columns_; ++c) narrow(c, came[frame_column_[c]]);
        return below;
    }

    // choose() below each of column `decided`'s lengths in turn, until one fits.
    Search choose_lengths(int decided) {
        Search below = Search::NoFit;
        each_length(decided, [&](int) {
            below = choose(decided + 1);
            return below != Search::NoFit;
        });
        return below;
    }

    // hopeful(), counted as one evaluated choice.
    bool evaluate(bool exact) {
        ++moment_evaluations_;
        ++evaluations_;
        ++spent_;
        return hopeful(exact);
    }

    // Whether the deadline has passed, looked at every 4,096 evaluated choices.
    bool past_deadline() {
        if (evaluations_ < next_clock_check_) return false;
        next_clock_check_ = evaluations_ + 4096;
        return std::chrono::steady_clock::now() >= deadline_;
    }

    // Walks column c's lengths from its longest down to its shortest (lengths()), but those a chain
    // continues, each with its counts in place while `visit(l)` runs; stops after a visit that
    // returns true. The counts are as before once it returns.
    template <class Visit>
    void each_length(int c, Visit&& visit) {
        const auto [shortest, longest] = lengths(c);
        const auto* cards = cards_[c].data();
        --free_;  // decided now: free only with length 0
        for (int i = shortest; i < longest; ++i) decide(cards[i], 1);
        for (int l = longest; l >= shortest; --l) {
            if (l < longest) {  // the card at l leaves the prefix
                keep(cards[l], -1);
                decide(cards[l], -1);
            }
            if (chain_continued(cards, l)) continue;  // l - 1 fits if l does (see the proof)
            const bool slot = l > 0 && cards[l - 1].rank() > 1;
            if (slot) offer_slot(cards[l - 1], 1);
            if (l == 0) ++free_;
            const bool stop = visit(l);
            if (slot) offer_slot(cards[l - 1], -1);
            if (stop) {
                restore(c, l);
                return;
            }
        }
        restore(c, shortest);
    }

    // Puts at `decided` the undecided column with the fewest lengths that the hopeful count
    // keeps, the first of them where several tie, and narrows each column to the lengths its
    // count kept ("Narrowed columns"); false where one keeps none (no completion of the choice
    // fits: see "Which column next").
    bool next_column(int decided) {
        if (decided + 1 >= columns_) return true;  // one column left: nothing to pick
        int best = decided;
        int fewest = std::numeric_limits<int>::max();
        for (int c = decided; c < columns_ && fewest > 0; ++c) {
            int kept = 0;
            int longest = -1, shortest = -1;  // of the lengths kept
            bool stopped = false;
            each_length(c, [&](int l) {
                // not exact: another column stays undecided
                if (evaluate(false)) {
                    ++kept;
                    if (longest < 0) longest = l;
                    shortest = l;
                }
                stopped = kept >= fewest;  // no fewer than the best so far: not picked
                return stopped;
            });
            if (kept < fewest) {
                fewest = kept;
                best = c;
            }
            // A stopped walk leaves its shorter lengths untried: only its longest is known.
            if (kept > 0) narrow(c, {stopped ? lengths(c).shortest : shortest, longest});
        }
        if (best != decided) {
            std::swap(sizes_[best], sizes_[decided]);
            std::swap(cards_[best], cards_[decided]);
            std::swap(frame_column_[best], frame_column_[decided]);
        }
        return fewest > 0;
    }

    // Counts undecided column c as one whose length lies in `to` (see "Narrowed columns"): its
    // cards below the shortest decided, those from the longest up not kept.
    void narrow(int c, Lengths to) {
        const auto* cards = cards_[c].data();
        Lengths& was = lengths(c);
        for (int i = was.shortest; i < to.shortest; ++i) decide(cards[i], 1);
        for (int i = to.shortest; i < was.shortest; ++i) decide(cards[i], -1);
        for (int i = to.longest; i < was.longest; ++i) keep(cards[i], -1);
        for (int i = was.longest; i < to.longest; ++i) keep(cards[i], 1);
        was = to;
    }

    // Undecided column c's lengths, kept at its index in the position (or frame), which the
    // reordering of the columns does not change.
    Lengths& lengths(int c) { return lengths_[frame_column_[c]]; }

    // Whether length l of a column holding `cards` need not be tried, since l - 1 fits where it
    // does (the proof's "Lengths a chain continues"): the card at l - 1 is one rank below the card
    // under it and of its family, or is the column's bottom card (in Lady Palk, a King).
    bool chain_continued(const Card* cards, int l) const {
        if (!length_dominance_ || l == 0) return false;
        if (l == 1) return !T::kKingSpaces || cards[0].rank() == ranks_;
        const Card card = cards[l - 1];
        const Card under = cards[l - 2];
        return card.rank() + 1 == under.rank() && family(card) == family(under);
    }

    // Takes back the choice of length l for column c (the counts as before each_length() took
    // it: the column undecided within its lengths).
    void restore(int c, int l) {
        const auto* cards = cards_[c].data();
        for (int i = l; i < lengths(c).longest; ++i) keep(cards[i], 1);
        for (int i = lengths(c).shortest; i < l; ++i) decide(cards[i], -1);
        if (l > 0) ++free_;
    }

    // Whether the choice so far can still fit, counting the undecided columns as free with all
    // their cards kept (exact once every column is decided). low_ and high_ follow the choice
    // (keep(), decide()): the y and ub of the proof, summed over a family's suits. The families
    // are counted from the one that cut the last choice: a cut is decided by the sum passing the
    // free columns, in any order, and the family that cut last is the likeliest to cut again, so
    // that the others' counts are often not needed. With that, each family's rises computed only
    // when it is counted, and the count's inner loop without its branches (unslotted_tops()),
    // bench/positions/frontier at 300,000 nodes gives the same answers in the same nodes in 289 s
    // instead of 328 (Malmaison's 21 positions 72 s instead of 88; the choices are the same).
    bool hopeful(bool exact) {
        int cost = 0;
        const bool rising = kept_bounds_ && kFamilyHoldsItsSuits;
        const bool king_spaces = exact && T::kKingSpaces;
        for (int i = 0; i < kFamilies; ++i) {
            const int f = (first_family_ + i) % kFamilies;
            cost += family_tops(f, king_spaces, free_ - cost, rising);
            if (cost > free_) {
                first_family_ = f;
                return false;
            }
        }
        return true;
    }

    // unslotted_tops() of family f, remembered until what it is computed from changes: the count
    // is a function of the family's low_, high_, slots_ and rises (of its suits' reach_low_,
    // reach_high_, decided_kept_ and kept_) and of the King spaces' flag alone. Where the families
    // are the suits (Malmaison, whose spaces take any card), a column decided changes the counts of
    // its cards' suits only, so that most families' counts come back unchanged from one choice to
    // the next; every change marks its family (changed()), and a new moment all of them. A count
    // cut short at `most` is a low bound (the partial sums only grow): it answers again only where
    // it still exceeds the `most` asked now. So the answer is unslotted_tops()'s with `most`, or
    // one that exceeds `most` where that one does: hopeful() decides alike, in the same choices.
    // The 19 Malmaison positions of bench/positions/frontier, each tested alone: 14.9 s without it,
    // 10.1 with it (with the counts compared, before the greedy count; with the greedy count and
    // the marks, Malmaison 23's line after 17 moves in 40 s against 49 with the counts compared
    // and 54 without either). Emperor's two families alternate along a suit, so that a
    // column's cards touch both: there the comparison cost more than it saved (49 positions of
    // seed 563's search, 3.5 s against 4.3), and Diplomat and Lady Palk have a single family.
    static constexpr bool kRemembersTops = kFamilies == kSuitCount;
    static_assert(!kRemembersTops || !T::kKingSpaces, "the marks leave out the King spaces' flag");
    // `rising`: whether the family's rises bound it (the same for every call until
    // use_kept_bounds() forgets the counts).
    int family_tops(int f, bool king_spaces, int most, bool rising) {
        FamilyTops& known = family_tops_[f];
        if (kRemembersTops && remember_tops_ && known.valid &&
            (known.exact || known.count > most)) {
            return known.count;
        }
        RankCounts rise;
        if (rising) rises(f, rise);
        const int count = unslotted_tops(low_[f], high_[f], slots_[f], king_spaces, most,
                                         rising ? &rise : nullptr);
        known = {count <= most, true, count};  // only a count over `most` can have been cut short
        return count;
    }

    // Family f's counts have changed since its count was remembered.
    void changed(int f) {
        if constexpr (kRemembersTops) family_tops_[f].valid = false;
    }

    // Where a family's cards of every rank are of all its suits (Malmaison, a suit a family;
    // Diplomat and Lady Palk, one family), the most that its moved cards z may grow from rank
    // r + 1 down to r (see the proof's "Kept cards"): the piles of a suit at r are no fewer than
    // those at r + 1, so with v = H + a - U, z(r) - z(r + 1) <= v(r) - v(r + 1), summed over the
    // family's suits; bounded with the fewest prefix cards at r (the decided ones) and the most
    // at r + 1 (all undecided columns' too), exact once every column is decided.
    static constexpr bool kFamilyHoldsItsSuits = kFamilies == kSuitCount || kFamilies == 1;
    // Family f's rises, computed for it alone: hopeful() stops at the first family over the
    // free columns, and the others' are then not needed.
    void rises(int f, RankCounts& rise) const {
        rise.fill(0);
        for (int s = 0; s < kSuitCount; ++s) {
            if (kFamilies != 1 && s != f) continue;  // a suit a family, or one family of all
            for (int r = 1; r < ranks_; ++r) {
                rise[r] += (reach_high_[s][r] - decided_kept_[s][r]) -
                           (reach_low_[s][r + 1] - kept_[s][r + 1]);
            }
        }
    }

    // A decided column's prefix top `top` counted in (by 1) or out of the slots: a chain of its
    // family topped one rank below it may lie on it.
    void offer_slot(Card top, int by) {
        const int f = family(top);
        slots_[f][top.rank() - 1] += by;
        changed(f);
    }

    // A prefix card counted in or out of kept_ (every prefix card, the undecided columns' all).
    void keep(Card card, int by) {
        const int s = static_cast<int>(card.suit());
        const int r = card.rank();
        kept_[s][r] += by;
        changed(s);  // the rises read kept_ (where the counts are remembered, a family a suit)
        refresh_low(s, r);
    }

    // A decided column's prefix card counted in (by 1) or out of the decided prefixes: a card
    // kept there cannot be a chain's link (high_), nor go home, nor can the copies above it that
    // its pile would need it for (the home caps of its suit's higher ranks).
    void decide(Card card, int by) {
        const int s = static_cast<int>(card.suit());
        high_[suit_family_[s][card.rank()]][card.rank()] -= by;
        decided_kept_[s][card.rank()] += by;
        changed(s);  // high_ and the rises (where the counts are remembered, a family a suit)
        if (kept_bounds_) refresh_home_caps(s, card.rank());
    }

    // The home caps of suit s above rank `from` (home_cap_[s][r]: the most piles of s that can be
    // at r - 1 or higher in Q, with the decided prefixes' cards kept out of them), and the low
    // bounds of its held cards there.
    void refresh_home_caps(int s, int from) {
        int cap = from == 0 ? T::kDecks : home_cap_[s][from];
        for (int r = from + 1; r <= ranks_; ++r) {
            if (r > 1) {
                const int kept = kept_bounds_ ? decided_kept_[s][r - 1] : 0;
                cap = std::min(cap, reach_high_[s][r - 1] - kept);
            }
            home_cap_[s][r] = cap;
            refresh_low(s, r);
        }
    }

    // The low bound of the held copies of (s, r) (see the proof's "Kept cards"), and low_ with it.
    void refresh_low(int s, int r) {
        const int low = std::max(0, reach_low_[s][r] - kept_[s][r] - home_cap_[s][r]);
        if (low != held_low_[s][r]) changed(suit_family_[s][r]);
        low_[suit_family_[s][r]][r] += low - held_low_[s][r];
        held_low_[s][r] = low;
    }

    // min over z in [low, high] of the chain tops that find no slot (see the proof); with
    // `king_spaces`, a top below the King that finds none costs kNoRoom. A count over `most` is
    // returned as soon as every partial sum passes it (they only grow, rank by rank down).
    int unslotted_tops(const RankCounts& low, const RankCounts& high, const RankCounts& slots,
                       bool king_spaces, int most, const RankCounts* rise) const {
        constexpr int kInf = 1 << 28;
        if (greedy_tops_ && !king_spaces) {
            const int greedy = greedy_tops(low, high, slots, most, rise);
            if (greedy < kInf) return greedy;
        }
        // Two rows, swapped rank by rank: a row is read only within its rank's z range, so
        // neither is cleared or copied (a copy here, made by memmove, was 29% of the test's time
        // on Emperor positions).
        std::array<int, kMaxPerRank + 1> rows[2];
        int* best = rows[0].data();
        int* next = rows[1].data();
        best[0] = 0;                        // z above the top rank
        int above_low = 0, above_high = 0;  // the z range of the rank above
        for (int r = ranks_; r >= 1; --r) {
            const int weight = king_spaces && r < ranks_ ? kNoRoom : 1;
            const int z_low = low[r];
            const int z_high = std::min(kMaxPerRank, std::max(high[r], low[r]));
            // z - above <= the rise (rises()); the tops at r that find no slot are
            // max(0, z - above - slots[r]). An unreachable `above` (kInf) adds to kInf and never
            // wins against a reachable one: a z with none stays at kInf.
            const int rise_r = rise != nullptr && r < ranks_ ? (*rise)[r] : kInf;
            const int slot = slots[r];
            int least = kInf;
            for (int z = z_low; z <= z_high; ++z) {
                int value = kInf;
                for (int above = std::max(above_low, z - rise_r); above <= above_high; ++above) {
                    value = std::min(value, best[above] + weight * std::max(0, z - above - slot));
                }
                next[z] = value;
                least = std::min(least, value);
            }
            if (least > most) return least;
            std::swap(best, next);
            above_low = z_low;
            above_high = z_high;
        }
        int least = kInf;
        for (int z = above_low; z <= above_high; ++z) least = std::min(least, best[z]);
        return least;
    }

    // unslotted_tops()'s minimum in one pass over the ranks instead of its table of z against the
    // z above, where every top costs one (no King spaces): from the King down, each z is the most
    // that the z above and the slots take for nothing, g(r) = max(z_low, min(z_high, g(r + 1) +
    // slots(r), g(r + 1) + rise(r))), and its cost the sum of max(0, g(r) - g(r + 1) - slots(r)).
    // kInf where some g(r) passes its rise (z_low above g(r + 1) + rise): the table decides then.
    // Proof that where it does not, no z costs less. Let P_r(x) be the least cost of ranks from
    // the top down to r with z(r) = x (over z within the ranges and rises). Claim: P_r(x) >=
    // P_r(g(r)) + max(0, x - g(r)), with P_r(g(r)) = the greedy's cost down to r. At r = 1 that
    // says the greedy's cost is the least. By induction from the top (g above the King, and every
    // z there, is 0, P = 0). Take x and a y at r + 1 with x - y <= rise(r); by the claim at r + 1
    // its cost is at least P* + max(0, y - g') + max(0, x - y - slots) (g' = g(r + 1), P* its
    // cost), and that is at least P* + max(0, x - g' - slots) (for y > g', y - g' + x - y - slots
    // is x - g' - slots). The greedy's cost at r is c = max(0, g(r) - g' - slots), and the claim
    // asks for P* + c + max(0, x - g(r)). Where g(r) = z_low > g' + slots: c = z_low - g' -
    // slots, and x - g' - slots = c + (x - z_low) with x >= z_low. Else c = 0 and g(r) is the
    // least of z_high (x is no more), g' + slots (the bound above is the claim's) and g' +
    // rise(r): then x <= y + rise(r), so x - g(r) <= y - g', which the cost holds for y > g', and
    // for y <= g' x <= g(r). As the table's, a count over `most` is returned as soon as the
    // partial sum passes it: by the claim, the greedy's cost down to any rank r is the least of
    // every z's down to r, and the ranks below add nothing negative. With King spaces (Lady
    // Palk) the tops weigh more below the King, and paying one at a higher rank may save kNoRoom
    // lower down: the table decides there. The table had been four fifths of the test's time on
    // Malmaison positions; with the greedy count, Malmaison 23's line after 17 moves
    // (bench/frontier-lines) is lost in the same 1,641 nodes in 49 s instead of 108 (36.5 with
    // the marks of family_tops() and the stop at `most`), and bench/positions/frontier at 300,000
    // nodes gives the same answers in the same nodes, position by position, in 118 s instead of
    // 152.
    int greedy_tops(const RankCounts& low, const RankCounts& high, const RankCounts& slots,
                    int most, const RankCounts* rise) const {
        constexpr int kInf = 1 << 28;
        int cost = 0;
        int above = 0;  // g(r + 1)
        for (int r = ranks_; r >= 1; --r) {
            const int z_low = low[r];
            const int z_high = std::min(kMaxPerRank, std::max(high[r], low[r]));
            if (z_low > z_high) return kInf;  // no z at all: the table's minimum is kInf too
            const int most_rise = rise != nullptr && r < ranks_ ? (*rise)[r] : kInf;
            if (z_low - above > most_rise) return kInf;
            const int z = std::max(z_low, std::min({z_high, above + slots[r], above + most_rise}));
            cost += std::max(0, z - above - slots[r]);
            if (cost > most) return cost;
            above = z;
        }
        return cost;
    }

    static void count(SuitCounts& counts, Card card, int by = 1) {
        counts[static_cast<int>(card.suit())][card.rank()] += by;
    }

    WasteDrainBudget budget_;
    std::chrono::steady_clock::time_point deadline_ = std::chrono::steady_clock::time_point::max();
    std::uint64_t evaluations_ = 0;
    std::uint64_t spent_ = 0;
    std::uint64_t moment_evaluations_ = 0;
    std::uint64_t moment_cap_ = 0;        // this pass's cap a moment
    std::uint64_t next_clock_check_ = 0;  // past_deadline()
    std::vector<Search> known_;  // each moment's answer, at [p * (stock + 1) + j]; Capped: none yet
    std::vector<std::uint64_t> capped_at_;  // a capped moment's cap, at the same index
    // drained_after()'s answers (kUntested: none yet), at index(remaining, fewest)
    std::vector<int> carried_;
    std::uint64_t carried_evaluations_ = 0;  // the choices drained_after() has evaluated in all
    int base_ = 0;                           // the lowest own waste card (lost())
    bool capped_ = false;
    bool counted_capped_ = false;  // counted_capped()
    bool length_dominance_ = true;
    bool kept_bounds_ = true;
    bool remember_tops_ = true;
    bool greedy_tops_ = true;
    bool moment_runs_ = true;
    bool forward_checking_ = true;
    std::uint64_t moments_in_runs_ = 0;  // moments_in_runs()
    int drained_at_ = -1;
    int ranks_ = 0;
    Memo* memo_ = nullptr;
    bool framed_ = false;
    std::array<typename PackedState<T>::Column, T::kColumns> frame_{};  // set_frame()
    int columns_ = 0;
    // The columns the prefixes are chosen from: the position's own, or the frame's cut, in the
    // order the search for a choice decides them (next_column() reorders them), with the index
    // each has in the position (or frame)
    std::array<int, T::kColumns> sizes_{};
    std::array<std::array<Card, kMaxColumnCards>, T::kColumns> cards_{};
    std::array<int, T::kColumns> frame_column_{};
    // Each undecided column's lengths, the shortest and the longest that can fit (narrow()), at
    // its index in the position (or frame): lengths()
    std::array<Lengths, T::kColumns> lengths_{};
    SuitCounts kept_{};      // prefix cards, the undecided columns' all counted
    FamilyCounts low_{};     // by family and rank: held cards that no kept card covers
    FamilyCounts high_{};    // by family and rank: available cards in no decided prefix
    FamilyCounts slots_{};   // the decided columns' prefix tops' slots
    struct FamilyTops {      // family_tops(): a family's last count
        bool exact = false;  // else a low bound, cut short
        bool valid = false;  // none of its counts has changed since
        int count = 0;
    };
    std::array<FamilyTops, kFamilies> family_tops_{};
    int free_ = 0;          // decided columns with length 0, and the undecided ones
    int first_family_ = 0;  // hopeful(): the family that ended the last choice cut
    int waste_size_ = 0;
    std::array<Card, PackedState<T>::kMaxStock> waste_{};
    int stock_size_ = 0;
    std::array<Card, PackedState<T>::kMaxStock> stock_{};
    SuitCounts home_{};
    SuitCounts tableau_{};  // the position's tableau cards
    SuitCounts available_{};
    // H + a: the copies home now or available (count_moment(); for a run of moments, at its
    // first and its last)
    SuitCounts reach_low_{};
    SuitCounts reach_high_{};
    SuitCounts decided_kept_{};  // the decided prefixes' cards
    SuitCounts home_cap_{};      // refresh_home_caps()
    SuitCounts held_low_{};      // refresh_low(): each suit's part of low_
    SuitCounts suit_family_{};   // each card's family, by suit and rank
};

// The test on a plain position (a valid one: validation first), for tests and tools.
bool waste_drain_lost(const Position& position, const WasteDrainBudget& budget = {});
// The same test's drained_at(): the waste card (0: the bottom one) that proves the position lost,
// or -1 where the test does not call it lost.
int waste_drain_card(const Position& position, const WasteDrainBudget& budget = {});

}  // namespace patience
