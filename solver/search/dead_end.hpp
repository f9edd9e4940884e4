// Dead ends: a position in which some card can provably never reach the foundations is lost,
// whatever is played. The test below finds such cards without searching, from the order the
// cards lie in and the few ways each can leave.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "solver/packed_state.hpp"

namespace patience {

// A card a dead end leaves without a way home, and where it lies: for a player, the reason a
// position is lost.
struct StuckCard {
    static constexpr int kInWaste = -1;
    static constexpr int kInStock = -2;
    Card card;
    int column = 0;  // 0-based; kInWaste or kInStock elsewhere
    int under = 0;   // the cards lying on it (in the stock: the cards drawn before it)
    // No copy of the card its pile needs right before it is stuck: where its suit's trouble
    // starts (every stuck card of a suit has one below it in the pile's order, or is one).
    bool first = false;
};

// Whether some card of `state` can never reach the foundations: then the position is lost.
//
// The test computes, for every card not on the foundations, an over-approximation of what can
// ever happen to it, as the least fixpoint of the rules below (flags only ever switch on). A
// card's *first move* is the first move that takes it from where it lies now: alone, as the
// bottom card of a unit (a run, where runs move), or carried in a unit above its bottom card.
// "Below c" is the card directly under c in its column or the waste, "above c" the one on it.
//
//   free(c)   c can be accessible (on top where it lies, or on top after being carried): it is a
//             column top or the waste top now, or in the stock, or the card above it has `apart`.
//   lift(c)   c can be the bottom card of a moving unit: free(c); or, where runs move, c lies in
//             a column, face up, and the card above it builds on it and has `lift`.
//   own(c)    c's first move can be into the tableau as its unit's bottom card: lift(c) and a
//             landing: a space, if one can ever exist and c may fill it (Lady Palk: kings only),
//             or a copy p of a card c builds on that can be a column top (in a column: free(p);
//             in the waste or stock: own(p); in Double Dot's stock: always, as it is dealt onto
//             a column) and does not lie under c in c's own column or the waste; and where c
//             lies in the waste or stock and p in the stock, drawn after c, every stock card
//             drawn between them has apart ("drawn clear" below).
//   ride(c)   c's first move can be carried: runs move, c lies in a column and builds on the card
//             below it, which is face up and has own or ride.
//   apart(c)  c can leave the card below it: home(c) or own(c); or ride(c) and a later landing:
//             a space c may fill, or a copy of a card c builds on, other than the card below it,
//             that can be a column top (as above, wherever it lies).
//   space     a column is empty now, or the bottom card of some column has apart.
//   home(c)   c can reach the foundations: free(c), and a pile takes c now or some copy y of the
//             card a pile needs right before c (same suit, one rank lower; Double Dot: two lower,
//             wrapping) has home; where c lies in the waste or stock without own(c), and y in
//             the stock, drawn after c, every stock card drawn between them has apart.
//
// Every waste card counts as drawn before every stock card; "drawn between c and p" means the
// stock cards drawn after c and before p (for c in the waste: every stock card before p).
//
// If some card has no `home` at the fixpoint, the position is lost.
//
// Proof. Take any line of play from the position. We show, by induction over its moves, that
// every event named above that happens in the line has its flag set; since in a win every card
// reaches the foundations, a card without `home` proves there is no win. No card ever leaves the
// foundations, stock cards only leave the stock on top of the waste or (Double Dot) on top of a
// column, the waste only ever gives its top card, and a column only its top card or a run on top
// (carried as one unit), so:
// - The cards above c now stay above it, in order, until each leaves the card it lies on: a card
//   is carried only together with every card between it and its unit's bottom. So c is on top
//   somewhere only once the card above it has left it (`free`); and c moves as a unit's bottom
//   only if it is on top, or the card above it (built on it, all face up) moves in the same unit
//   as the bottom of the rest (`lift`). Face-down cards turn up only on top: they are neither
//   the bottom of a run nor carried in one. The waste holds no runs.
// - A card leaves the card below it by moving alone or as a unit's bottom, or to the foundations.
//   If its first move does that, `own` or `home` holds. Otherwise it was carried (`ride`: the
//   card below it made its first move into the tableau in the same unit), and it leaves that card
//   later, by a move onto another column top or into a space, or home (`apart`).
// - A move into the tableau goes onto a column top or into an empty column. A card under c in
//   c's column or the waste is still covered by c when c first moves, so no first move lands on
//   it. A copy p that is a column top at some moment either lay in a column, where its covering
//   card had left it (`free(p)`), or came from the waste or stock by its own move into the
//   tableau (`own(p)`), or was dealt.
// - An empty column at some moment was empty now, or was emptied when its bottom card left it,
//   which is that card's first move (everything above had left it or went with it) and leaves
//   nothing below (`apart` of the bottom card).
// - A card goes to the foundations from the top of a column or the waste: on top where it lies
//   now, or carried and then uncovered, both of which need `free`. The pile that takes it either
//   takes it now (piles only grow) or grew to it by taking a card of the rank right before it,
//   of the same suit, that was off the foundations now.
// - Drawn clear. Outside Double Dot, stock cards are drawn in order onto the waste's top, and a
//   waste card leaves only from the top. Let c lie in the waste or stock and p in the stock,
//   drawn after c. If c's first move lands on p, p was drawn before that move, and so was every
//   stock card drawn between them; c did not leave straight from the stock as it was drawn (p
//   was still in the stock then), so it left from the waste's top, which every card drawn after
//   it had left by then, each by its first move (waste and stock cards move alone): home or into
//   the tableau, which is `apart`. Likewise, if c goes home without ever moving into the tableau
//   and the copy y that raised its pile lies in the stock after c, c went home after y was
//   drawn, so from the waste's top, which every card drawn between them had left.
// Every rule states a necessary condition of its event in terms of events that happen earlier or
// in the same move, so the induction goes through. (The flags are computed by sweeps that switch
// flags on until no rule adds one; all that the induction needs is that the flags at the end are
// closed under the rules, which a sweep that finds nothing new checks.)
//
// Stock prefixes (with use_stock_prefix; outside Double Dot). Let c lie in the waste or stock,
// and let J be the number of stock cards drawn before the first one, drawn after c (for c in the
// waste: the first one), that lacks apart. When c makes its first move, it leaves the waste's
// top, so every stock card drawn after it so far has left the waste (its first move: apart);
// hence at most J stock cards have been drawn. The play up to that move draws no more, so it is
// also a line of play from the *prefix position*: this one with the stock cut to its first J
// cards (nothing else in the rules reads the cards still in the stock). The test of the prefix
// position is sound for it, so what happens in that line has its flag there. Hence, where the
// prefix's test ran to its fixpoint (it stops early once every card has home, and then is not
// read):
// - own(c) needs, besides lift(c), a landing as above in which a space must have `space` in the
//   prefix's test, and a copy p lying in a column must have free(p) there (the landing is in
//   place when c moves);
// - home(c) without own(c) (its first move goes home) needs the copy y that raised its pile, if y
//   lies in a column, to have home in the prefix's test.
// J reads only the stock cards' apart, which only switches on, so the rules stay monotone: a
// larger J is a longer prefix, with more lines and more flags.
// The prefix's own test runs without the rule: with it (prefixes of prefixes, up to three deep; as
// sound, by the same argument for the prefix position), Malmaison seeds 1-100,000 have the same 38
// deals lost as dealt.
//
// Stranded stock (Double Dot). A deal needs a card in every column, and no card comes into the
// columns but by a deal (there is no waste; a card leaves a column only for another column or the
// foundations, and never comes back from them), so between deals the number of cards in the
// columns never grows. When it is smaller than the number of columns while the stock holds cards,
// no deal can ever be made again: the stock cards stay in the stock, no event of the rules
// happens to them, and none of them is ever a column top. So they get no flag at all (`free`
// included, which the rules give every stock card otherwise), are no landing for any card, and
// never get home: the position is lost. Without the rule the test reads every stock card as dealt
// some day, and a search walks every arrangement of the few column cards left (8!/k! of them for
// k cards in 8 columns) before it gives up.
//
// Nothing in the argument asks which copy of a card is where, so it holds for any number of
// decks; it covers Lady Palk's king-only spaces, Emperor's face-down cards and Double Dot's deals
// and wrapping foundations.
//
// Tested against the unpruned reference search (every position it calls lost is lost) and by
// ablation (`--disable dead-ends` must not change a verdict), in tests/dead_end_test.cpp.
template <class T>
class DeadEndTest {
  public:
    // True when some card of `state` can never reach the foundations.
    bool lost(const PackedState<T>& state) {
        ranks_ = state.ranks();
        collect(state);
        state_ = &state;
        ++test_count_;
        return !fixpoint(state);
    }

    // Whether waste and stock cards' first moves and moves home read the stock prefix (the rule
    // "Stock prefixes" above). Off by default: it runs the test again for each prefix it needs,
    // and pays only where a search starts (depth_first.hpp).
    void use_stock_prefix(bool on) { stock_prefix_ = on; }

    // Without the shortcuts that only save work (remembered failed looks, home passed up the suit
    // at once), for the test that they reach the same fixpoint.
    void use_shortcuts(bool on) { shortcuts_ = on; }

    // Whether a stock card may be the landing of another card's first move (a copy p that can be
    // a column top, in the rules above). Off, the test is NOT sound: a stock card can come to the
    // waste's top and move into the tableau, and then cards land on it. Every pruning rule keeps
    // it on; off is only for the beam's doubts (doubts.hpp), which order the positions a probe
    // keeps and never prune. (Double Dot deals its stock onto the columns: there it stays on.)
    // Where this test's slack was measured (Emperor seed 563's middle game), it lies in one kind
    // of these landings: a waste or stock card that would wait on the waste for a stock card
    // drawn after it. Without just those (unsound too: a won Lady Palk position of the
    // reduced-deck tests is then called lost), the seven positions with 57 to 33 stock cards
    // that the complete search proves lost in 41,411 to 1,674,333 nodes are called lost at their
    // first node (README, "What it decides today"): a sound joint argument about those waits is
    // where the test would gain there. But what the variant strands there says that no column can
    // ever be emptied (column 5's two AC under a KH), and down Emperor 480's, 590's and 132's
    // first lines it calls no position with 30 or more stock cards lost: the lead is one deal's.
    void count_stock_landings(bool on) { stock_landings_ = on; }

    // Whether the last lost() found the stock stranded (Double Dot: no deal can come again, so
    // every stock card is stuck; the rule "Stranded stock" above).
    bool stock_stranded() const { return stock_stranded_; }

    // How many cards the last lost() left without `home`: none when it found no dead end (it
    // stops once every card has home), else those of the least fixpoint, the same with and
    // without the shortcuts.
    int homeless() const { return homeless_; }

    // The cards the last lost() left without `home`: none when it found no dead end; else those
    // of the least fixpoint, each of which can never reach the foundations (the proof above).
    std::vector<StuckCard> stuck_cards() const {
        std::vector<StuckCard> stuck;
        if (homeless_ == 0) return stuck;
        auto is_stuck = [&](Card card) {
            for (int k = 0; k < copy_count_[card.bits()]; ++k) {
                if (!(flags_[copies_[card.bits()][k]] & kHome)) return true;
            }
            return false;
        };
        for (int i = 0; i < size_; ++i) {
            if (flags_[i] & kHome) continue;
            StuckCard c;
            c.card = card_[i];
            c.column = stack_[i] < kWaste ? stack_[i]
                       : stack_[i] == kWaste ? StuckCard::kInWaste
                                             : StuckCard::kInStock;
            if (stack_[i] == kStock) {
                c.under = depth_[i];
            } else {
                for (int up = above_[i]; up != kNone; up = above_[up]) ++c.under;
            }
            const int before = rank_before(card_[i]);
            c.first = before == 0 || !is_stuck(Card(before, card_[i].suit()));
            stuck.push_back(c);
        }
        return stuck;
    }

  private:
    static constexpr int kMaxCards = T::kDecks * kDistinctCards;
    static constexpr std::int16_t kNone = -1;
    static constexpr std::uint8_t kWaste = T::kColumns;
    static constexpr std::uint8_t kStock = T::kColumns + 1;
    enum : std::uint8_t {
        kFree = 1,
        kLift = 2,
        kOwn = 4,   // first move into the tableau as the bottom of its unit (or alone)
        kRide = 8,  // first move into the tableau carried on the card below
        kHome = 16,
        kApart = 32,  // leaves the card below it
        kDone = kFree | kLift | kOwn | kHome | kApart,
    };

    void add(Card card, std::uint8_t stack, std::uint8_t depth) {
        const auto i = static_cast<std::int16_t>(size_++);
        card_[i] = card;
        stack_[i] = stack;
        depth_[i] = depth;
        above_[i] = kNone;
        below_[i] = kNone;
        flags_[i] = 0;
        on_run_[i] = false;
        copies_[card.bits()][copy_count_[card.bits()]++] = i;
    }

    // Every card off the foundations, each stack bottom first, with its neighbours.
    // With a `stock_limit`, only the first that many stock cards (a stock prefix).
    void collect(const PackedState<T>& state, int stock_limit = PackedState<T>::kMaxStock) {
        size_ = 0;
        // A new test: the versions move past every one noted so far, so no card's look is taken
        // for one of this test (they never go back, so nothing needs clearing).
        ++landing_version_;
        ++home_version_;
        copy_count_.fill(0);
        space_ = false;
        for (int c = 0; c < T::kColumns; ++c) {
            const auto& col = state.column(c);
            if (col.size == 0) space_ = true;
            for (int d = 0; d < col.size; ++d) {
                add(col.cards[d], static_cast<std::uint8_t>(c), static_cast<std::uint8_t>(d));
                if (d > 0) link(size_ - 2, size_ - 1);
                on_run_[size_ - 1] = T::kRuns && d > col.face_down &&
                                     state.builds_on(col.cards[d], col.cards[d - 1]);
            }
        }
        for (int d = 0; d < state.waste_size(); ++d) {
            add(state.waste_card(d), kWaste, static_cast<std::uint8_t>(d));
            if (d > 0) link(size_ - 2, size_ - 1);
        }
        tableau_size_ = size_;
        if constexpr (T::kDeals) {  // no waste: the cards so far are the columns'
            stock_stranded_ = state.stock_left() > 0 && tableau_size_ < T::kColumns;
        }
        // A stock card's depth is its place in the draw order (0: drawn next).
        stock_count_ = std::min(state.stock_left(), stock_limit);
        for (int d = 0; d < stock_count_; ++d) {
            add(state.stock_card(d), kStock, static_cast<std::uint8_t>(d));
            gap_[d] = static_cast<std::uint8_t>(d);
        }
    }

    void link(int lower, int upper) {
        above_[lower] = static_cast<std::int16_t>(upper);
        below_[upper] = static_cast<std::int16_t>(lower);
    }

    bool can_be_column_top(int p) const {
        if (stack_[p] < kWaste) return (flags_[p] & kFree) != 0;
        if constexpr (T::kDeals) {
            if (stack_[p] == kStock) return !stock_stranded_;  // dealt some day, if ever
        }
        if (stack_[p] == kStock && !stock_landings_) return false;
        return (flags_[p] & kOwn) != 0;  // waste and stock cards never ride
    }

    // The rank of the cards `card` builds on in the tableau (0: none).
    int parent_rank(Card card) const {
        if constexpr (T::kBuild == BuildRule::DownByTwo) {
            return (card.rank() + 1) % ranks_ + 1;
        } else {
            return card.rank() == ranks_ ? 0 : card.rank() + 1;
        }
    }
    // The rank a foundation pile needs right before `card` (0: none).
    int rank_before(Card card) const {
        if constexpr (T::kFoundationStep == 2) {
            return (card.rank() + ranks_ - 3) % ranks_ + 1;
        } else {
            return card.rank() - 1;
        }
    }
    // The rank a foundation pile takes right after `card` (0: none).
    int rank_after(Card card) const {
        if constexpr (T::kFoundationStep == 2) {
            return (card.rank() + 1) % ranks_ + 1;
        } else {
            return card.rank() == ranks_ ? 0 : card.rank() + 1;
        }
    }
    // Whether a card of suit `t` may lie on (or under, the relation is symmetric) one of `card`'s.
    static bool suit_builds(Card card, int t) {
        if constexpr (T::kBuild == BuildRule::DownInSuit) {
            return t == static_cast<int>(card.suit());
        } else if constexpr (T::kBuild == BuildRule::DownAlternateColour) {
            return is_red(static_cast<Suit>(t)) != card.red();
        } else {
            return true;
        }
    }

    bool may_fill_space(Card card) const { return !T::kKingSpaces || card.rank() == ranks_; }

    // Whether some copy of a card that card i builds on, other than those `skip` rules out, can
    // be a column top.
    template <class Skip>
    bool some_parent_can_be_top(int i, Skip skip) const {
        const Card card = card_[i];
        const int rank = parent_rank(card);
        if (rank == 0) return false;
        for (int t = 0; t < kSuitCount; ++t) {
            if (!suit_builds(card, t)) continue;
            const Card parent(rank, static_cast<Suit>(t));
            for (int k = 0; k < copy_count_[parent.bits()]; ++k) {
                const int p = copies_[parent.bits()][k];
                if (can_be_column_top(p) && !skip(p)) return true;
            }
        }
        return false;
    }

    // A landing for card i's first move: not onto a card under it in its column or the waste, nor
    // onto a stock card that i cannot wait for on the waste (drawn_clear).
    bool has_landing(int i) {
        const std::uint8_t* prefix = prefix_for(i);
        const bool space = prefix != nullptr ? prefixes_[drawn_by(i)].space : space_;
        if (space && may_fill_space(card_[i])) return true;
        return some_parent_can_be_top(i, [&](int p) {
            if (prefix != nullptr && stack_[p] < kWaste && !(prefix[p] & kFree)) return true;
            return (stack_[p] == stack_[i] && stack_[p] != kStock && depth_[p] < depth_[i]) ||
                   !drawn_clear(i, p);
        });
    }

    // The most stock cards drawn when waste or stock card i makes its first move (see "Stock
    // prefixes"): every card drawn after it before then has left the waste, so has apart.
    int drawn_by(int i) const { return first_stuck(stack_[i] == kStock ? depth_[i] + 1 : 0); }

    // The flags of the tableau cards in the test of the stock prefix that waste or stock card i's
    // first move comes within, or null where there is none to read: the rule is off, i is a
    // column card, the prefix is the whole stock, or its test stopped early with every card home
    // (its flags are then not the whole fixpoint).
    // The check that the rule is on stays inline: the fixpoint calls this for every waste and
    // stock card it looks at, and most tests run with the rule off.
    const std::uint8_t* prefix_for(int i) {
        if constexpr (T::kDeals) {
            return nullptr;  // Double Dot deals its stock onto the columns: it has no waste
        } else {
            if (!stock_prefix_ || stack_[i] < kWaste) return nullptr;
            return read_prefix(i);
        }
    }

    [[gnu::noinline]] const std::uint8_t* read_prefix(int i) {
        const int drawn = drawn_by(i);
        if (drawn >= stock_count_) return nullptr;
        Prefix& prefix = prefixes_[drawn];
        if (prefix.test != test_count_) {
            if (!prefix_test_) {
                prefix_test_ = std::make_unique<DeadEndTest<T>>();
                prefix_flags_.resize(std::size_t{PackedState<T>::kMaxStock} * kMaxCards);
            }
            DeadEndTest<T>& test = *prefix_test_;
            test.ranks_ = ranks_;
            test.shortcuts_ = shortcuts_;
            test.collect(*state_, drawn);
            prefix.test = test_count_;
            prefix.whole = !test.fixpoint(*state_);
            prefix.space = test.space_;
            std::copy(test.flags_.begin(), test.flags_.begin() + tableau_size_,
                      prefix_flags_.begin() + std::size_t(drawn) * kMaxCards);
        }
        if (!prefix.whole) return nullptr;
        return prefix_flags_.data() + std::size_t(drawn) * kMaxCards;
    }

    // The first stock card from the d-th drawn on without apart (stock_count_ if none): a union-find
    // "next" walk over gap_, where a stock card that has apart points past itself, compressed.
    int first_stuck(int d) const {
        int r = d;
        while (r < stock_count_ && gap_[r] != r) r = gap_[r];
        while (d != r) {
            const int next = gap_[d];
            gap_[d] = static_cast<std::uint8_t>(r);
            d = next;
        }
        return r;
    }

    // Whether every stock card drawn between card i and card p has apart, where i lies in the waste
    // or stock and p in the stock, drawn after i (see the header); true for any other pair.
    bool drawn_clear(int i, int p) const {
        if constexpr (T::kDeals) {
            return true;  // Double Dot deals its stock onto the columns: it has no waste
        } else {
            if (stack_[p] != kStock || stack_[i] < kWaste) return true;
            const int from = stack_[i] == kStock ? depth_[i] + 1 : 0;
            if (depth_[p] < from) return true;
            return first_stuck(from) >= depth_[p];
        }
    }

    bool pile_can_take(const PackedState<T>& state, int i) {
        const Card card = card_[i];
        if (state.foundation_takes(card)) return true;
        const int rank = rank_before(card);
        if (rank == 0) return false;
        const Card needed(rank, card.suit());
        const std::uint8_t* prefix = (flags_[i] & kOwn) ? nullptr : prefix_for(i);
        for (int k = 0; k < copy_count_[needed.bits()]; ++k) {
            const int y = copies_[needed.bits()][k];
            if (prefix != nullptr && stack_[y] < kWaste && !(prefix[y] & kHome)) continue;
            if ((flags_[y] & kHome) && ((flags_[i] & kOwn) || drawn_clear(i, y))) return true;
        }
        return false;
    }

    // Whether card i, carried onto the tableau on the card below it, can later leave that card:
    // into a space, or onto another copy of a card it builds on that can be a column top.
    bool has_later_landing(int i) const {
        if (space_ && may_fill_space(card_[i])) return true;
        return some_parent_can_be_top(i, [&](int p) { return p == below_[i]; });
    }

    // Whether the landings or the pile that card i's rules look for may have come since the look
    // last failed: each failed look notes a version of what it reads, which moves on whenever any
    // card becomes a possible column top (a column card gains free, a waste or stock card own),
    // `space` switches on or a stock card gains apart (drawn_clear), for landings; whenever any
    // card gains home or a stock card apart, for piles, whose look reads card i's `own` too. A
    // look is repeated only once its version has moved on, so every look skipped would fail as
    // before and the fixpoint is the same; the last sweep, which finds nothing new and ends every
    // test that finds a dead end, then costs little.
    bool landing_may_have_come(int i) { return look_again(landing_seen_[i], landing_version_); }
    bool later_landing_may_have_come(int i) {
        return look_again(later_landing_seen_[i], landing_version_);
    }
    bool pile_may_have_come(int i) {
        // pile_can_take reads the flags card i had before this update
        return look_again(home_seen_[i], home_version_ * 2 + ((flags_[i] & kOwn) ? 1 : 0));
    }
    // Whether a look whose last failure noted `seen` is due, at `version`; notes it if so.
    bool look_again(std::uint64_t& seen, std::uint64_t version) {
        if (!shortcuts_) return true;
        if (seen == version) return false;
        seen = version;  // looked at now: again once the version moves on
        return true;
    }

    // The rules for card i; returns the flags that switched on.
    [[gnu::always_inline]] std::uint8_t update(const PackedState<T>& state, int i) {
        if constexpr (T::kDeals) {
            if (stock_stranded_ && stack_[i] == kStock) return 0;  // never dealt
        }
        std::uint8_t f = flags_[i];
        const int up = above_[i];
        // A covered card without flags, whose cover can neither leave it nor lift it, can gain
        // only ride (every other rule needs free or lift first): such as the cards deep in the
        // columns, which every sweep visits.
        if (f == 0 && up != kNone && !(flags_[up] & (kApart | kLift))) {
            if constexpr (T::kRuns) return update_ride(i);
            return 0;
        }
        if (!(f & kFree) && (up == kNone || (flags_[up] & kApart))) f |= kFree;
        if (!(f & kLift)) {
            if (f & kFree) {
                f |= kLift;
            } else if constexpr (T::kRuns) {
                if (up != kNone && on_run_[up] && (flags_[up] & kLift)) f |= kLift;
            }
        }
        if (!(f & kOwn) && (f & kLift) && landing_may_have_come(i) && has_landing(i)) f |= kOwn;
        if constexpr (T::kRuns) {
            if (!(f & kRide) && can_ride(i)) f |= kRide;
        }
        if (!(f & kHome) && (f & kFree) && pile_may_have_come(i) && pile_can_take(state, i)) {
            f |= kHome;
        }
        if (!(f & kApart) &&
            ((f & (kHome | kOwn)) || ((f & kRide) && later_landing_may_have_come(i) &&
                                       has_later_landing(i)))) {
            f |= kApart;
        }
        const std::uint8_t on = f & ~flags_[i];
        flags_[i] = f;
        return on;
    }

    // The ride rule (runs only): card i lies in a column on a face-up card with own or ride that it
    // builds on.
    bool can_ride(int i) const { return on_run_[i] && (flags_[below_[i]] & (kOwn | kRide)); }

    // update() for a card that can gain only ride (and, with a later landing, apart).
    std::uint8_t update_ride(int i) {
        if (!can_ride(i)) return 0;
        std::uint8_t f = kRide;
        if (later_landing_may_have_come(i) && has_later_landing(i)) f |= kApart;
        flags_[i] = f;
        return f;
    }

    // Applies the rules, sweeping the cards top down, until nothing changes; false when a card is
    // left without `home`. Stops early once every card has `home`, the common case. The rules are
    // monotone, so any order of applying them that revisits every card until none changes reaches
    // the same least fixpoint; passing `home` up the suit at once (pass_home_up) only saves sweeps.
    // With the looks remembered (landing_may_have_come), the ride and lift rules' fixed part
    // worked out once (on_run_) and update() kept inline in the sweep, the search's instructions
    // at the same nodes (callgrind): an Emperor-modern seed 563 position with 26 stock cards
    // (complete search, no capacity test) 9.15 -> 6.22 billion; deals at 60,000 nodes, Emperor
    // seed 480 -14%, Emperor-modern 132 -20%, Malmaison 5 -13%, Lady Palk 20 -8%, Diplomat 703
    // +1%. Without the inlining, the larger update() was called, and cost Diplomat 10% more than
    // before.
    // A worklist instead of the sweeps (revisiting only the cards that read a flag just switched
    // on) reached the same fixpoint in 20% fewer visits, but took the proof of Emperor seed 563's
    // position with 47 stock cards from 4.2 to 7.0 s: finding the cards to wake (those that build
    // on a new column top; every waste and stock card when a stock card gains apart) cost more
    // than the visits it saved, 70% of which find nothing and cost little with the failed looks
    // remembered. A `space` per column, so that a column card's first move may land only in a
    // space other than its own column, changed nothing measured (that position: 1,608,825 nodes
    // either way; bench/positions/end-games the same; 159 of 300 sampled end games with an
    // empty stock called lost either way), and was left out. Looks that note a time per card (a
    // look for card i's landings repeated only once a copy of a card it builds on became a
    // possible column top, a pile's look once a copy of the card it needs gained home) instead of
    // the two versions for all cards reach the same fixpoint but cost more than they save: most
    // looks are a card's first in its test. Emperor seed 29 at 300,000 nodes (callgrind):
    // has_landing -7%, pile_can_take -2%, the sweeps +37% for working out the times, the whole
    // search 7.48 -> 8.33 billion instructions.
    bool fixpoint(const PackedState<T>& state) {
        homeless_ = size_;
        if (homeless_ == 0) return true;  // every card home: won, nothing to be stuck
        for (bool changed = true; changed;) {
            changed = false;
            for (int i = size_ - 1; i >= 0; --i) {
                if ((flags_[i] & kDone) == kDone) continue;
                const std::uint8_t on = apply(state, i);
                if (on == 0) continue;
                changed = true;
                if ((on & kHome) && shortcuts_) pass_home_up(state, card_[i]);
                if (homeless_ == 0) return true;
            }
        }
        return false;
    }

    // update() and the bookkeeping of what it switched on.
    [[gnu::always_inline]] std::uint8_t apply(const PackedState<T>& state, int i) {
        const std::uint8_t on = update(state, i);
        if (on == 0) return on;
        if (on & kHome) {
            --homeless_;
            ++home_version_;
        }
        if (on & (stack_[i] < kWaste ? kFree : kOwn)) ++landing_version_;  // can_be_column_top
        if ((on & kApart) && !space_ && stack_[i] < kWaste && depth_[i] == 0) {
            space_ = true;  // its column empties
            ++landing_version_;
        }
        if ((on & kApart) && stack_[i] == kStock) {
            gap_[depth_[i]] = static_cast<std::uint8_t>(depth_[i] + 1);  // first_stuck
            ++landing_version_;  // drawn_clear
            ++home_version_;
        }
        return on;
    }

    // A copy of `card` just gained home: the free copies of the card its pile takes next may gain
    // it too, and so on up the suit. A sweep would carry home one rank per pass where the cards
    // lie in the wrong order (6.2 -> 4.3 sweeps a test in the Emperor-modern seed 563 position).
    void pass_home_up(const PackedState<T>& state, Card card) {
        for (;;) {
            const int rank = rank_after(card);
            if (rank == 0) return;
            const Card next(rank, card.suit());
            bool passed = false;
            for (int k = 0; k < copy_count_[next.bits()]; ++k) {
                const int y = copies_[next.bits()][k];
                if ((flags_[y] & (kFree | kHome)) == kFree && (apply(state, y) & kHome)) {
                    passed = true;
                }
            }
            if (!passed) return;
            card = next;
        }
    }

    bool shortcuts_ = true;
    bool stock_landings_ = true;
    bool stock_prefix_ = false;
    // The stock prefixes' tests (stock prefixes): for each length, the lost() call it was last
    // run for, whether its fixpoint is whole, its `space`, and its tableau cards' flags (in
    // prefix_flags_, kMaxCards a length); the columns are collected first, so a tableau card has
    // the same index in both tests.
    struct Prefix {
        std::uint64_t test = 0;
        bool whole = false;
        bool space = false;
    };
    const PackedState<T>* state_ = nullptr;  // the position of the running lost()
    std::uint64_t test_count_ = 0;           // lost() calls so far
    int tableau_size_ = 0;                   // the column cards, collected first
    std::unique_ptr<DeadEndTest<T>> prefix_test_;
    std::vector<std::uint8_t> prefix_flags_;
    std::array<Prefix, PackedState<T>::kMaxStock> prefixes_{};
    int size_ = 0;
    int homeless_ = 0;  // cards without home, during fixpoint()
    // The versions that the looks for landings and piles read (landing_may_have_come), and each
    // card's last failed look. They only grow, over all tests (64 bits do not wrap).
    std::uint64_t landing_version_ = 1;
    std::uint64_t home_version_ = 1;
    std::array<std::uint64_t, kMaxCards> landing_seen_{};
    std::array<std::uint64_t, kMaxCards> later_landing_seen_{};
    std::array<std::uint64_t, kMaxCards> home_seen_{};
    int stock_count_ = 0;  // stock cards
    // By draw order: d while the stock card lacks apart, else a later one (first_stuck).
    mutable std::array<std::uint8_t, PackedState<T>::kMaxStock + 1> gap_{};
    int ranks_ = kMaxRanks;
    bool space_ = false;
    bool stock_stranded_ = false;  // Double Dot: no deal can ever be made (stranded stock)
    std::array<Card, kMaxCards> card_{};
    std::array<std::uint8_t, kMaxCards> stack_{};
    std::array<std::uint8_t, kMaxCards> depth_{};
    // Card i lies in a column on a face-up card it builds on (runs only): the fixed part of the
    // ride rule (i may be carried) and the lift rule (the card below i may be lifted with it),
    // worked out once.
    std::array<bool, kMaxCards> on_run_{};
    std::array<std::int16_t, kMaxCards> above_{};
    std::array<std::int16_t, kMaxCards> below_{};
    std::array<std::uint8_t, kMaxCards> flags_{};
    std::array<std::array<std::int16_t, T::kDecks>, 64> copies_{};  // by Card::bits()
    std::array<std::uint8_t, 64> copy_count_{};
};

// Whether the search tests a position reached by `last` (the last move made on the way to it,
// safe moves included). Skipping the test never costs soundness, only pruning, and the moves
// from column to column are where it pays least: on 300,000-node searches of Diplomat seed 2,
// Malmaison seed 1, Emperor seed 2 and Lady Palk seed 2 they lead to 33-66% of the positions
// tested but 1-7% of the dead ends found (0% in Lady Palk), against 35-95% after moves from the
// waste or to the foundations. A dead end reached by one is found one move later, in its
// children. Skipping them saves about a third of the search's time at no loss of decided deals
// (Diplomat and Emperor seeds 1-40 at 1M nodes: the same deals won).
inline bool worth_a_dead_end_test(const Move& last) {
    return last.kind != MoveKind::ColumnToColumn;
}

// The fewest stock cards with which the searches skip the test (the start of a search is tested
// whatever its stock). Skipping costs no soundness, only pruning, and with this many stock cards
// the test has not been seen to find a dead end: every stock card can come to the waste's top,
// and with many of them left nearly every card has a way home. Only Malmaison's stock (128 cards)
// reaches it; the other games' hold at most 72. On Malmaison seeds 1, 2 (1M nodes) and 4-23
// (300,000), none of the 238,884 positions tested with 80 or more stock cards was called lost,
// against 2 of 169,582 with 64 to 79 and 112 of 92,001 with 48 to 63; those with 80 or more can
// take a third of a deal's time (seed 1 at 1M nodes: 3.9 -> 2.4 s without them; 59,367 of them
// are tested before the first card is drawn, each with 208 cards to follow). Skipping them took
// Malmaison seeds 5-24 at 1M nodes from 64.8 to 56.8 CPU seconds, for the same nodes and
// verdicts.
inline constexpr int kDeadEndStockLimit = 80;
inline bool dead_end_test_pays(int stock_left) {
    return stock_left < kDeadEndStockLimit;
}

// How the test on a plain position runs: `shortcuts` off computes the same fixpoint the slow way
// (DeadEndTest::use_shortcuts); `stock_prefix` adds the stock prefixes' rule (use_stock_prefix).
struct DeadEndOptions {
    bool shortcuts = true;
    bool stock_prefix = false;
};

// The test on a plain position (a valid one: validation first), for tests and tools.
bool dead_end(const Position& position, DeadEndOptions options = {});
// The cards that test leaves without `home` (DeadEndTest::homeless): 0 when it is not lost.
int dead_end_homeless(const Position& position, DeadEndOptions options = {});
// Those cards, and where they lie (DeadEndTest::stuck_cards): empty when it is not lost.
std::vector<StuckCard> dead_end_cards(const Position& position, DeadEndOptions options = {});
// Whether the test found the position's stock stranded (DeadEndTest::stock_stranded).
bool dead_end_stock_stranded(const Position& position);

}  // namespace patience
