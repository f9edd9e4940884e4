// Capacity: a position is lost when a relaxed game that forgets how the tableau's cards are
// arranged, and keeps only how many columns they need, cannot be won either.
//
// Why: once the stock runs low, the waste is a fixed stack whose cards must leave top first, each
// to the foundations or to a column. The search then meets the same waste and foundations under
// millions of arrangements of the same tableau cards (Emperor-modern seed 132: all 3.3M nodes of
// its complete search at 10M lie at the last 8 stock cards), and the dead-end test (dead_end.hpp)
// sees none of them lost, because some column can always be emptied. What the arrangements share
// is how much room the tableau has: each column is one chain of cards built on each other, so the
// tableau's cards need at least as many columns as the fewest chains that hold them, and a waste
// card that goes neither home nor onto a chain, nor into a column of its own, has nowhere to go.
//
// The relaxed game. A column's *junk* is what lies under the face-up built run on its top (each run
// card builds on the card under it; face-down cards are junk). The relaxed state is the stock, the
// waste, the foundations, the *reserve* (the junk cards not yet home, a multiset) and the *pool*
// (every other tableau card, a multiset: run cards and the cards that came from the waste). Moves:
// draw; the waste's top home or into the pool; a pool or reserve card home (any of them, whatever
// covers it). Every state must *fit*: the pool, together with any *optional* cards (those of the
// reserve and those home, chosen afresh in each state), can be covered by at most as many chains
// as the game has columns. The relaxed game is won when every card is home. Each move takes a card
// one step along stock, waste, pool or reserve, home, so the game has no cycles, and a state whose
// every move was tried and lost is lost whatever the path to it.
//
// Fit. Cards that can lie on each other form *families*: in suit, the suits (Malmaison); down by
// rank, one family (Diplomat, Lady Palk); alternating colours, two (black odd ranks with red even
// ones, and the other way round: Emperor). A chain is a run of consecutive ranks of one family. If
// y(r) cards of a family have rank r, chains of that family start (at their top card) at rank r at
// least y(r) - y(r+1) times when that is positive, and that many suffice: the fewest chains are the
// sum of those increases. Which optional cards to add is a small dynamic programme over the ranks.
//
// Proof that a relaxed loss is a loss. Take a real line from the position to a win, and map each
// real position Q on it to the relaxed state with Q's stock, waste and foundations, the junk cards
// off the foundations as the reserve (whether they moved or not), and every other tableau card as
// the pool.
// 1. The state fits. The cards of a column of Q that never moved lie at its bottom (nothing moves
//    from under an unmoved card). Every moved card builds on the card under it: its last move put
//    it onto a card it builds on or into an empty column, or carried it in a built run, whose cards
//    under it moved too. So each column is its unmoved cards with one chain of moved cards on top.
//    If none of its junk moved, its unmoved run cards and the moved cards on them are one chain; if
//    some junk moved, all the cards above that junk moved too. Either way the column's pool cards
//    and moved junk cards form at most one chain, so the pool with the moved junk cards (optional:
//    they are in the reserve) takes at most one chain a column.
// 2. Each real move is zero or one relaxed move. Draw, and the waste's top home, are the same. The
//    waste's top onto a column: it joins the pool. A card home from a column: from the pool or the
//    reserve. A move between columns: nothing (it only changes the arrangement, or which junk cards
//    moved).
// So the relaxed game is won whenever the real one is: a relaxed loss is a real loss. Double Dot's
// deals put stock cards on columns without building on them, so the test is not used there. Lady
// Palk's rule that only kings fill spaces is left out: the relaxed game only gets more lines.
//
// Cost. A relaxed search starts from each position tested whose relaxed state is new, and stops
// after kRelaxedNodeCap states (the position is then not called lost). Every relaxed state found
// lost is kept in a table, so the many positions that differ only in their tableau's arrangement
// are settled by one lookup. Keys are 64-bit hashes seeded by the key set, like the transposition
// table's (packed_state.hpp): a collision could call a position lost, with the same odds.
//
// Tested against the unpruned reference search and by ablation (`--disable capacity`), in
// tests/capacity_test.cpp.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "solver/packed_state.hpp"
#include "solver/path_set.hpp"

namespace patience {

// Relaxed states searched at most per position tested, and the most stock cards a tested position
// may have left. The relaxed game has few states once the stock is short; with a long stock its
// searches mostly stop at the cap, at a cost and with nothing proven. On Emperor-modern seed 132
// at 10M nodes, testing positions with up to 8 or up to 64 cards in the stock pruned the same
// (the complete search leaves the last 8 stock cards for the first time: 13% of its nodes at 8-15
// cards left, none before), while the cost grew with the stock left.
inline constexpr std::uint64_t kRelaxedNodeCap = 1024;
inline constexpr int kCapacityStockLeft = 8;

template <class T>
class CapacityTest {
  public:
    // Double Dot deals stock cards onto columns: its columns are not chains. Malmaison is left
    // out for its cost: with up to 128 cards in its waste the relaxed searches mostly stop at the
    // cap, and its seeds 1-10 at 100,000 nodes took 38.6 s with the test against 2.8 s without
    // (the other games: 1.2-1.4 times as long), with no deal decided either way.
    static constexpr bool kApplies = !T::kDeals && T::kId != VariantId::Malmaison;

    explicit CapacityTest(int key_set = 0)
        : seed_(0x9E3779B97F4A7C15ull * static_cast<std::uint64_t>(key_set + 1)) {}

    // True when the relaxed game of `state` is lost, so `state` is lost.
    bool lost(const PackedState<T>& state) {
        if constexpr (!kApplies) {
            return false;
        } else {
            if (state.stock_left() > kCapacityStockLeft) return false;
            load(state);
            // A real position always fits (step 1 of the proof); nothing to prove if it did not.
            if (!fits()) return false;
            const std::uint64_t root = key();
            if (lost_.contains(root)) return true;
            if (open_.contains(root)) return false;
            nodes_ = 0;
            const Outcome outcome = search();
            if (outcome != Outcome::Lost) remember(open_, root);
            return outcome == Outcome::Lost;
        }
    }

  private:
    static constexpr int kFamilies = T::kBuild == BuildRule::DownInSuit            ? kSuitCount
                                     : T::kBuild == BuildRule::DownAlternateColour ? 2
                                                                                   : 1;
    // The most cards of one rank in one family: the decks times the suits in a family.
    static constexpr int kMaxPerRank = T::kDecks * kSuitCount / kFamilies;
    static constexpr int kMaxStock = PackedState<T>::kMaxStock;
    enum class Outcome { Won, Lost, Capped };

    // Relaxed states are kept in PathSets (path_set.hpp: exact sets of 64-bit keys), each emptied
    // when it reaches kMaxKeys: forgetting costs only time, since a key's verdict never depends
    // on the set.
    static constexpr std::size_t kMaxKeys = std::size_t{1} << 17;
    static void remember(PathSet& set, std::uint64_t key) {
        if (set.size() >= kMaxKeys) set.clear();
        set.insert(key);
    }

    static int family(Card card) {
        if constexpr (kFamilies == kSuitCount) {
            return static_cast<int>(card.suit());
        } else if constexpr (kFamilies == 2) {
            return card.red() == (card.rank() % 2 == 0) ? 0 : 1;
        } else {
            return 0;
        }
    }

    void load(const PackedState<T>& state) {
        ranks_ = state.ranks();
        for (auto& f : pool_) f.fill(0);
        for (auto& f : reserve_) f.fill(0);
        reserve_card_.fill(0);
        pool_card_.fill(0);
        waste_or_stock_.fill(0);
        plain_chains_ = 0;
        for (int s = 0; s < kSuitCount; ++s) {
            for (int k = 0; k < T::kDecks; ++k) height_[s][k] = state.pile_height(s, k);
        }
        home_ = state.cards_up();
        total_ = T::kDecks * kSuitCount * ranks_;
        stock_size_ = state.stock_left();
        for (int i = 0; i < stock_size_; ++i) {
            stock_[i] = state.stock_card(i);
            ++waste_or_stock_[stock_[i].bits()];
        }
        drawn_ = 0;
        waste_size_ = state.waste_size();
        for (int i = 0; i < waste_size_; ++i) {
            waste_[i] = state.waste_card(i);
            ++waste_or_stock_[waste_[i].bits()];
        }
        for (int c = 0; c < T::kColumns; ++c) {
            const auto& col = state.column(c);
            const int junk = col.size - state.built_run(c);
            for (int d = 0; d < col.size; ++d) {
                if (d < junk) {
                    take_from_reserve(col.cards[d], 1);
                } else {
                    add_to_pool(col.cards[d], 1);
                }
            }
        }
    }

    using Counts = std::array<std::array<std::uint8_t, kMaxRanks + 2>, kFamilies>;
    static void add(Card card, Counts& counts, int n) {
        auto& count = counts[family(card)][card.rank()];
        count = static_cast<std::uint8_t>(count + n);
    }
    void add_to_pool(Card card, int n) {
        const int f = family(card), r = card.rank();
        auto term = [&](int rank) {
            return rank >= 1 ? std::max(0, pool_[f][rank] - pool_[f][rank + 1]) : 0;
        };
        plain_chains_ -= term(r) + term(r - 1);
        add(card, pool_, n);
        plain_chains_ += term(r) + term(r - 1);
        pool_card_[card.bits()] = static_cast<std::uint8_t>(pool_card_[card.bits()] + n);
    }
    // Adds a card to the reserve or takes one out (n = 1 or -1), by family and by card.
    void take_from_reserve(Card card, int n) {
        add(card, reserve_, n);
        reserve_card_[card.bits()] = static_cast<std::uint8_t>(reserve_card_[card.bits()] + n);
    }
    int reserve_count(Card card) const { return reserve_card_[card.bits()]; }

    // The fewest chains covering the pool's cards of family f, with any of the optional cards
    // (the reserve's and those home): best[v] is the fewest chain starts above rank r with v
    // cards of rank r+1 in the chains.
    int fewest_chains(int f) const {
        constexpr int kInf = 1 << 20;
        std::array<int, kMaxPerRank + 1> best;
        best.fill(kInf);
        best[0] = 0;
        for (int r = ranks_; r >= 1; --r) {
            int optional = reserve_[f][r];
            for (int s = 0; s < kSuitCount; ++s) {
                if (family(Card(r, static_cast<Suit>(s))) != f) continue;
                for (int k = 0; k < T::kDecks; ++k) optional += height_[s][k] >= r;
            }
            std::array<int, kMaxPerRank + 1> next;
            next.fill(kInf);
            const int low = pool_[f][r], high = low + optional;
            for (int above = 0; above <= kMaxPerRank; ++above) {
                if (best[above] == kInf) continue;
                for (int here = low; here <= high; ++here) {
                    next[here] = std::min(next[here], best[above] + std::max(0, here - above));
                }
            }
            best = next;
        }
        return *std::min_element(best.begin(), best.end());
    }

    bool fits() const {
        // The chains of the pool alone are an upper bound on the fewest: enough when they fit.
        if (plain_chains_ <= T::kColumns) return true;
        int chains = 0;
        for (int f = 0; f < kFamilies && chains <= T::kColumns; ++f) chains += fewest_chains(f);
        return chains <= T::kColumns;
    }

    std::uint64_t key() const {
        std::array<std::uint8_t, kSuitCount * T::kDecks + 2 + kMaxStock + 64> bytes{};
        std::size_t n = 0;
        for (int s = 0; s < kSuitCount; ++s) {
            std::array<std::uint8_t, T::kDecks> h = height_[s];
            std::sort(h.begin(), h.end());  // piles of a suit are interchangeable
            for (int k = 0; k < T::kDecks; ++k) bytes[n++] = h[k];
        }
        bytes[n++] = static_cast<std::uint8_t>(stock_size_ - drawn_);
        bytes[n++] = static_cast<std::uint8_t>(waste_size_);
        for (int i = 0; i < waste_size_; ++i) bytes[n++] = waste_[i].bits();
        for (int i = 0; i < 64; ++i) bytes[n++] = reserve_card_[i];
        return XXH3_64bits_withSeed(bytes.data(), n, seed_);
    }

    enum class From : std::uint8_t { Waste, Pool, Reserve };
    struct HomeMove {
        Card card;
        From from;
        std::uint8_t pile;
    };

    void play(const HomeMove& m) {
        if (m.from == From::Waste) take_from_waste(m.card, -1);
        if (m.from == From::Pool) add_to_pool(m.card, -1);
        if (m.from == From::Reserve) take_from_reserve(m.card, -1);
        ++height_[static_cast<int>(m.card.suit())][m.pile];
        ++home_;
    }
    void take_back(const HomeMove& m) {
        --height_[static_cast<int>(m.card.suit())][m.pile];
        --home_;
        if (m.from == From::Waste) take_from_waste(m.card, 1);
        if (m.from == From::Pool) add_to_pool(m.card, 1);
        if (m.from == From::Reserve) take_from_reserve(m.card, 1);
    }

    // The waste's top leaves (n = -1) or comes back (n = 1).
    void take_from_waste(Card card, int n) {
        if (n < 0) {
            --waste_size_;
        } else {
            waste_[waste_size_++] = card;  // a draw may have used the slot meanwhile
        }
        waste_or_stock_[card.bits()] = static_cast<std::uint8_t>(waste_or_stock_[card.bits()] + n);
    }

    // The home moves the relaxed game may always make first (see the proof at safe_home_move),
    // played until none is left.
    void play_safe_home_moves() {
        for (bool again = true; again;) {
            again = false;
            for (int s = 0; s < kSuitCount; ++s) {
                for (int k = 0; k < T::kDecks; ++k) {
                    const int h = height_[s][k];
                    if (h >= ranks_) continue;
                    const Card card(h + 1, static_cast<Suit>(s));
                    HomeMove m{card, From::Waste, static_cast<std::uint8_t>(k)};
                    if (!safe_home_move(m)) continue;
                    play(m);
                    safe_played_.push_back(m);
                    again = true;
                }
            }
        }
    }

    // Whether `m.card` can go home on pile m.pile by a move that keeps a relaxed win if there is
    // one; sets m.from. Proof. Home cards are optional, so a home move never stops a state from
    // fitting (the card stays optional; a smaller pool is only easier to cover). Take a relaxed
    // line L from the state; the state after m is A. Replay L from A, skipping the move that takes
    // m.card off its place, with one exception: when L plays home a copy x' of the card onto the
    // pile A used, A leaves x' where it is and, when L later plays the card itself home, plays x'
    // home there instead. Between those moves A has x' in place of the card, and every other state
    // of A holds the same cards as L's with m.card home instead of elsewhere. That works when
    // x' sits where the card would have been, as in the pool when the card is in the pool
    // (multisets are equal), or anywhere in the reserve (its cards are optional, like home cards).
    // It fails when x' lies in the waste or the stock (A would have to move it out of the way of
    // the cards under it), or in the pool while the card is in the waste or the reserve (A's pool
    // would have one card more). Hence the conditions:
    // - the waste's top: no copy in the rest of the waste, the stock or the pool;
    // - a pool card: no copy in the waste or the stock;
    // - a reserve card: no copy in the waste, the stock or the pool.
    bool safe_home_move(HomeMove& m) const {
        const int in_waste_or_stock = waste_or_stock_[m.card.bits()];
        const int in_pool = pool_card_[m.card.bits()];
        if (waste_size_ > 0 && waste_[waste_size_ - 1] == m.card) {
            m.from = From::Waste;
            return in_waste_or_stock == 1 && in_pool == 0;
        }
        if (in_waste_or_stock > 0) return false;
        if (in_pool > 0) {
            m.from = From::Pool;
            return true;
        }
        m.from = From::Reserve;
        return reserve_count(m.card) > 0;
    }

    Outcome search() {
        const std::size_t base = safe_played_.size();
        play_safe_home_moves();
        const Outcome outcome = home_ == total_ ? Outcome::Won : expand();
        while (safe_played_.size() > base) {
            take_back(safe_played_.back());
            safe_played_.pop_back();
        }
        return outcome;
    }

    // The relaxed moves of a state after its safe home moves.
    Outcome expand() {
        const std::uint64_t here = key();
        if (lost_.contains(here)) return Outcome::Lost;
        if (won_.contains(here)) return Outcome::Won;
        if (++nodes_ > kRelaxedNodeCap) return Outcome::Capped;
        Outcome outcome = Outcome::Lost;
        // Home moves that are not safe: from the waste's top, the pool or the reserve, where a copy
        // of the card waits elsewhere.
        for (int s = 0; s < kSuitCount && outcome == Outcome::Lost; ++s) {
            for (int k = 0; k < T::kDecks && outcome == Outcome::Lost; ++k) {
                const int h = height_[s][k];
                if (h >= ranks_ || std::find(&height_[s][0], &height_[s][k], h) != &height_[s][k]) {
                    continue;  // full, or the same height as a pile before it
                }
                const Card card(h + 1, static_cast<Suit>(s));
                for (From from : {From::Waste, From::Pool, From::Reserve}) {
                    const bool there = from == From::Waste
                                           ? waste_size_ > 0 && waste_[waste_size_ - 1] == card
                                       : from == From::Pool ? pool_card_[card.bits()] > 0
                                                            : reserve_count(card) > 0;
                    if (!there || outcome != Outcome::Lost) continue;
                    const HomeMove m{card, from, static_cast<std::uint8_t>(k)};
                    play(m);
                    outcome = search();
                    take_back(m);
                }
            }
        }
        // The waste's top into the pool, then a draw.
        if (outcome == Outcome::Lost && waste_size_ > 0) {
            const Card card = waste_[waste_size_ - 1];
            take_from_waste(card, -1);
            add_to_pool(card, 1);
            if (fits()) outcome = search();
            add_to_pool(card, -1);
            take_from_waste(card, 1);
        }
        if (outcome == Outcome::Lost && drawn_ < stock_size_) {
            waste_[waste_size_++] = stock_[drawn_++];
            outcome = search();
            --drawn_;
            --waste_size_;
        }
        if (outcome == Outcome::Lost) remember(lost_, here);
        if (outcome == Outcome::Won) remember(won_, here);
        return outcome;
    }

    std::uint64_t seed_;
    int ranks_ = kMaxRanks;
    int home_ = 0;
    int total_ = 0;
    std::array<std::array<std::uint8_t, T::kDecks>, kSuitCount> height_{};
    std::array<Card, kMaxStock> stock_{};
    int stock_size_ = 0;
    int drawn_ = 0;
    std::array<Card, kMaxStock> waste_{};
    int waste_size_ = 0;
    Counts pool_{};                                  // y(r) by family and rank
    Counts reserve_{};                               // the reserve, by family and rank
    std::array<std::uint8_t, 64> reserve_card_{};    // the reserve, by Card::bits()
    std::array<std::uint8_t, 64> pool_card_{};       // the pool, by Card::bits()
    std::array<std::uint8_t, 64> waste_or_stock_{};  // copies in the waste or the stock
    int plain_chains_ = 0;  // the chains of the pool alone: sum of max(0, y_f(r) - y_f(r+1))
    std::vector<HomeMove> safe_played_;
    PathSet lost_;  // relaxed states searched and lost
    PathSet won_;   // relaxed states on a relaxed win
    PathSet open_;  // positions' relaxed states not proven lost (won, or past the cap)
    std::uint64_t nodes_ = 0;
};

// The test on a plain position (a valid one: validation first), for tests and tools.
bool capacity_lost(const Position& position);

}  // namespace patience
