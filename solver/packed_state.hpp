// The fast engine's position: fixed-size arrays, make/undo moves, move generation and an
// incremental 64-bit key, all compiled per variant from VariantTraits.
#pragma once

// Inlined: the keys hash a few bytes per move, where a call into the shared library costs more
// than the hashing.
#define XXH_INLINE_ALL
#include <xxhash.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <cstring>
#include <vector>

#include "core/deal.hpp"
#include "core/move.hpp"
#include "core/position.hpp"
#include "solver/search/stock_macro.hpp"
#include "solver/variant_traits.hpp"

namespace patience {

// What make() must remember so that undo() restores the position exactly.
//   bytes 0-3: the move
//   byte 4:    foundation copy (pile of the card's suit) that received a card
//   byte 5:    the source column's face-down count before the move
//   byte 6:    the card that went to a foundation
struct Undo {
    Move move;
    std::uint8_t pile = 0;
    std::uint8_t face_down_before = 0;
    Card card;
};
static_assert(sizeof(Undo) == 7);

// Fixed pseudo-random key terms (SplitMix64), the same in every run: a card at a depth of a
// column, a column's face-down count, a column's place (where column order matters), a
// foundation height per suit, the stock cursor.
struct KeyTables {
    static constexpr int kDepths = 128;  // the waste can hold the whole Malmaison stock
    std::uint64_t card_at[kDepths][64];  // [depth][card bits]
    std::uint64_t face_down[64];
    std::uint64_t place[16];
    std::uint64_t foundation[kSuitCount][kMaxRanks + 1];
    std::uint64_t stock[256];
    // Key set 0 is the search's; key set 1 is drawn independently, for re-proving a `lost` with
    // keys whose collisions have nothing to do with the first proof's (solve.hpp, confirm_lost).
    static constexpr int kKeySets = 2;
    static const KeyTables& get(int key_set = 0);
};

template <class T>
class PackedState {
  public:
    // The longest a column can grow: at most 8 dealt cards (Malmaison), 5 Double Dot deals, and a
    // built sequence on top (down by two with wrap in one deck: at most 52 distinct cards).
    static constexpr int kMaxColumnCards = 64;
    static constexpr int kMaxStock = 128;  // Malmaison: 208 - 80 dealt
    static_assert(kMaxColumnCards <= KeyTables::kDepths && kMaxStock <= KeyTables::kDepths);

    // Column layout: cards bottom first; `face_down` bottom cards are face down.
    struct Column {
        std::array<Card, kMaxColumnCards> cards;
        std::uint8_t size = 0;
        std::uint8_t face_down = 0;
        Card top() const { return cards[size - 1]; }
    };

    explicit PackedState(const Position& position, int key_set = 0)
        : keys_(KeyTables::get(key_set)), ranks_(position.ranks) {
        assert(position.variant == T::kId);
        for (int c = 0; c < T::kColumns; ++c) {
            auto& column = columns_[c];
            column.size = static_cast<std::uint8_t>(position.tableau[c].size());
            column.face_down = static_cast<std::uint8_t>(position.face_down[c]);
            std::copy(position.tableau[c].begin(), position.tableau[c].end(), column.cards.begin());
        }
        stock_size_ = static_cast<std::uint8_t>(position.stock.size());
        std::copy(position.stock.rbegin(), position.stock.rend(), stock_.begin());  // draw order
        waste_size_ = static_cast<std::uint8_t>(position.waste.size());
        std::copy(position.waste.begin(), position.waste.end(), waste_.begin());

        for (auto& suit : height_) suit.fill(0);
        std::array<int, kSuitCount> used{};
        for (const auto& pile : position.foundations) {
            if (pile.empty()) continue;
            const int s = static_cast<int>(pile.front().suit());
            height_[s][used[s]++] = static_cast<std::uint8_t>(pile.size());
            on_foundations_ += static_cast<int>(pile.size());
        }
        if constexpr (T::kFoundationStep == 2) {
            for (Card base : rules_of(T::kId).preset_foundation_bases) {
                base_rank_[static_cast<int>(base.suit())] = base.rank();
            }
        }
        for (int s = 0; s < kSuitCount; ++s) {
            for (int h = 0; h <= ranks_; ++h) next_rank_[s][h] = rank_after(s, h);
        }
        total_cards_ = T::kDecks * kSuitCount * ranks_;
        for (int t = 0; t < kSuitCount; ++t) update_accept_mask(t);
        rehash_all();
    }

    // ----- queries -----
    bool won() const { return on_foundations_ == total_cards_; }
    int cards_up() const { return on_foundations_; }
    int stock_left() const { return stock_size_ - stock_next_; }
    const Column& column(int c) const { return columns_[c]; }
    int waste_size() const { return waste_size_; }
    Card waste_top() const { return waste_[waste_size_ - 1]; }
    Card waste_card(int i) const { return waste_[i]; }  // 0: the bottom
    Card stock_card(int i) const { return stock_[stock_next_ + i]; }  // 0: the next one drawn

    // The position key: equal for positions that differ only by column order (where it cannot
    // matter), by which copy of a card lies where, or by which pile of a suit holds which height.
    std::uint64_t key() const { return columns_key_ + key_without_tableau(); }

    // The key of everything but the tableau (the foundations, the stock's position and the
    // waste): equal for positions that differ only in how their columns are arranged.
    std::uint64_t key_without_tableau() const {
        return foundation_sum_ * 0x9E3779B97F4A7C15ULL +
               (mix(waste_sum_) ^ keys_.stock[stock_next_]);
    }

    // The key computed from nothing but the position, for checking the incremental one.
    std::uint64_t key_from_scratch() const {
        PackedState copy = *this;
        copy.rehash_all();
        return copy.key();
    }

    // Whether card may be placed on target in the tableau.
    bool builds_on(Card card, Card target) const { return builds_on(card, target, ranks_); }
    // The same with `ranks` ranks to a suit, for code that holds no state (capacity.hpp).
    static bool builds_on(Card card, Card target, int ranks) {
        if constexpr (T::kBuild == BuildRule::DownAnySuit) {
            return card.rank() + 1 == target.rank();
        } else if constexpr (T::kBuild == BuildRule::DownInSuit) {
            return card.suit() == target.suit() && card.rank() + 1 == target.rank();
        } else if constexpr (T::kBuild == BuildRule::DownAlternateColour) {
            return card.red() != target.red() && card.rank() + 1 == target.rank();
        } else {
            return (card.rank() + 1) % ranks + 1 == target.rank();
        }
    }

    // Length of the run that can be lifted from the top of column c (0 when empty).
    int movable_run(int c) const {
        if constexpr (!T::kRuns) {
            return columns_[c].size == 0 ? 0 : 1;
        } else {
            return built_run(c);
        }
    }

    // Length of the face-up run on top of column c, each card on the card it builds on (0 when
    // empty), whether the rules move it as one (movable_run) or not (search/supermove.hpp).
    int built_run(int c) const {
        const Column& col = columns_[c];
        if (col.size == 0) return 0;
        const int face_up = col.size - col.face_down;
        int length = 1;
        while (length < face_up &&
               builds_on(col.cards[col.size - length], col.cards[col.size - length - 1])) {
            ++length;
        }
        return length;
    }

    // Whether some foundation takes `card`: one bit test.
    bool foundation_takes(Card card) const {
        return (accept_mask_[static_cast<int>(card.suit())] >> card.rank()) & 1;
    }

    // The copy of `card`'s suit whose pile takes it, or -1.
    int accepting_pile(Card card) const {
        if (!foundation_takes(card)) return -1;
        const int s = static_cast<int>(card.suit());
        for (int k = 0; k < T::kDecks; ++k) {
            if (height_[s][k] < ranks_ && next_rank_[s][height_[s][k]] == card.rank()) return k;
        }
        return -1;
    }

    bool column_accepts(int to, Card bottom) const {
        const Column& col = columns_[to];
        if (col.size == 0) return !T::kKingSpaces || bottom.rank() == ranks_;
        return builds_on(bottom, col.top());
    }

    // Column order is part of the position only in Double Dot while the stock has cards.
    bool columns_interchangeable() const { return !T::kDeals || stock_next_ == stock_size_; }

    int ranks() const { return ranks_; }
    bool stock_empty() const { return stock_next_ == stock_size_; }
    // The height of copy k of suit s's foundation pile.
    int pile_height(int s, int k) const { return height_[s][k]; }

    // Double Dot only: whether (rank, suit t) is on its suit's single pile.
    bool on_foundation(int t, int rank) const {
        // The pile holds base, base+2, ...: rank sits at index k with base + 2k = rank (mod R).
        const int steps = ((rank - base_rank_[t]) % ranks_ + ranks_) % ranks_;
        const int index = steps % 2 == 0 ? steps / 2 : (steps + ranks_) / 2;
        return index < height_[t][0];
    }

    // ----- make / undo -----
    Undo make(const Move& m) {
        Undo u{m, 0, 0, Card()};
        for (int i = macro_draws(m); i > 0; --i) push_waste(stock_[stock_next_++]);
        switch (m.kind) {
            case MoveKind::Draw:
                push_waste(stock_[stock_next_++]);
                break;
            case MoveKind::Deal:
                for (int c = 0; c < T::kColumns; ++c) {
                    auto& col = columns_[c];
                    col.cards[col.size++] = stock_[stock_next_++];
                }
                rehash_columns();  // every column changed, and maybe whether their order counts
                break;
            case MoveKind::WasteToFoundation:
                u.card = pop_waste();
                u.pile = static_cast<std::uint8_t>(raise(u.card));
                break;
            case MoveKind::WasteToColumn:
                push_card(m.to, pop_waste());
                refresh_column(m.to);
                break;
            case MoveKind::ColumnToFoundation:
                u.face_down_before = columns_[m.from].face_down;
                u.card = pop_card(m.from);
                u.pile = static_cast<std::uint8_t>(raise(u.card));
                turn_up(m.from);
                refresh_column(m.from);
                break;
            case MoveKind::ColumnToColumn: {
                auto& from = columns_[m.from];
                u.face_down_before = from.face_down;
                const int base = from.size - m.count;
                for (int i = 0; i < m.count; ++i) push_card(m.to, from.cards[base + i]);
                for (int i = 0; i < m.count; ++i) pop_card(m.from);
                turn_up(m.from);
                refresh_column(m.from);
                refresh_column(m.to);
                break;
            }
        }
        return u;
    }

    void undo(const Undo& u) {
        const Move& m = u.move;
        switch (m.kind) {
            case MoveKind::Draw:
                pop_waste();
                --stock_next_;
                break;
            case MoveKind::Deal:
                for (int c = T::kColumns - 1; c >= 0; --c) {
                    --columns_[c].size;
                    --stock_next_;
                }
                rehash_columns();
                break;
            case MoveKind::WasteToFoundation:
                lower(u.card, u.pile);
                push_waste(u.card);
                break;
            case MoveKind::WasteToColumn:
                push_waste(pop_card(m.to));
                refresh_column(m.to);
                break;
            case MoveKind::ColumnToFoundation:
                lower(u.card, u.pile);
                set_face_down(m.from, u.face_down_before);
                push_card(m.from, u.card);
                refresh_column(m.from);
                break;
            case MoveKind::ColumnToColumn: {
                auto& to = columns_[m.to];
                set_face_down(m.from, u.face_down_before);
                const int base = to.size - m.count;
                for (int i = 0; i < m.count; ++i) push_card(m.from, to.cards[base + i]);
                for (int i = 0; i < m.count; ++i) pop_card(m.to);
                refresh_column(m.from);
                refresh_column(m.to);
                break;
            }
        }
        for (int i = macro_draws(m); i > 0; --i) {
            pop_waste();
            --stock_next_;
        }
    }

    // ----- move generation -----
    // Appends the legal moves. With kPrune, moves that lead to a position equal to one another
    // move already leads to (up to column order, where that order cannot matter) are left out:
    // into a space, only the first space is tried, and a column is never moved whole into a
    // space. With `stock_macros` a one-pass stock is played by stock macros
    // (search/stock_macro.hpp), nearest card first, instead of `draw`. Without kPrune every legal
    // move is listed (the engine is then compared move for move with the reference rules). Order:
    // to the foundations, then column to column, then from the waste, then the stock.
    template <bool kPrune>
    void generate(std::vector<Move>& out, bool stock_macros = kPrune) const {
        const bool fold = kPrune && columns_interchangeable();
        // Columns by the rank of their top card: a moving card looks only where it can land.
        std::array<std::uint16_t, kMaxRanks + 2> tops_of_rank{};
        int first_space = -1;
        std::uint16_t spaces = 0;
        for (int c = 0; c < T::kColumns; ++c) {
            if (columns_[c].size == 0) {
                if (first_space < 0) first_space = c;
                spaces |= std::uint16_t(1u << c);
            } else {
                tops_of_rank[columns_[c].top().rank()] |= std::uint16_t(1u << c);
            }
        }
        // Where a card of rank r may land when building: on tops of rank r+1 (r+2 mod R in
        // Double Dot); builds_on() then checks suit or colour.
        auto landing = [&](Card card) -> std::uint16_t {
            if constexpr (T::kBuild == BuildRule::DownByTwo) {
                return tops_of_rank[(card.rank() + 1) % ranks_ + 1];
            } else {
                return tops_of_rank[card.rank() + 1];
            }
        };
        const std::uint16_t space_targets =
            fold ? (first_space >= 0 ? std::uint16_t(1u << first_space) : 0) : spaces;

        if (waste_size_ > 0 && foundation_takes(waste_top())) {
            out.push_back(Move::waste_to_foundation());
        }
        for (int from = 0; from < T::kColumns; ++from) {
            const Column& col = columns_[from];
            if (col.size > 0 && foundation_takes(col.top())) {
                out.push_back(Move::column_to_foundation(from));
            }
        }
        for (int from = 0; from < T::kColumns; ++from) {
            const Column& col = columns_[from];
            const int run = movable_run(from);
            for (int count = 1; count <= run; ++count) {
                const Card bottom = col.cards[col.size - count];
                std::uint16_t targets = landing(bottom) & ~std::uint16_t(1u << from);
                const bool whole_column = count == col.size;
                if (!(kPrune && fold && whole_column) &&
                    (!T::kKingSpaces || bottom.rank() == ranks_)) {
                    targets |= space_targets;
                }
                for (; targets != 0; targets &= targets - 1) {
                    const int to = std::countr_zero(targets);
                    if (columns_[to].size == 0 || builds_on(bottom, columns_[to].top())) {
                        out.push_back(Move::column_to_column(from, to, count));
                    }
                }
            }
        }
        // The waste top after `draws` draws, to a column (and, for draws > 0, to a foundation:
        // the plain waste-to-foundation move was listed first).
        auto play_waste = [&](Card top, int draws) {
            if (draws > 0 && foundation_takes(top)) {
                out.push_back(stock_macro(draws, Move::waste_to_foundation()));
            }
            std::uint16_t targets = landing(top);
            if (!T::kKingSpaces || top.rank() == ranks_) targets |= space_targets;
            for (; targets != 0; targets &= targets - 1) {
                const int to = std::countr_zero(targets);
                if (columns_[to].size == 0 || builds_on(top, columns_[to].top())) {
                    out.push_back(stock_macro(draws, Move::waste_to_column(to)));
                }
            }
        };
        if (waste_size_ > 0) play_waste(waste_top(), 0);
        if (stock_next_ < stock_size_) {
            if constexpr (T::kDeals) {
                if (first_space < 0) out.push_back(Move::deal());
            } else if (stock_macros) {
                for (int draws = 1; stock_next_ + draws <= stock_size_; ++draws) {
                    play_waste(stock_[stock_next_ + draws - 1], draws);
                }
            } else {
                out.push_back(Move::draw());
            }
        }
    }

    // The position in the plain form (foundation piles in suit, copy order).
    Position to_position() const {
        Position p;
        p.variant = T::kId;
        p.ranks = ranks_;
        for (const Column& col : columns_) {
            p.tableau.emplace_back(col.cards.begin(), col.cards.begin() + col.size);
            p.face_down.push_back(col.face_down);
        }
        for (int i = stock_size_ - 1; i >= stock_next_; --i) p.stock.push_back(stock_[i]);
        p.waste.assign(waste_.begin(), waste_.begin() + waste_size_);
        for (int s = 0; s < kSuitCount; ++s) {
            for (int k = 0; k < T::kDecks; ++k) {
                std::vector<Card> pile;
                int rank = T::kFoundationStep == 2 ? base_rank_[s] : 1;
                for (int h = 0; h < height_[s][k]; ++h) {
                    pile.emplace_back(rank, static_cast<Suit>(s));
                    rank = next_rank_[s][h + 1];
                }
                p.foundations.push_back(std::move(pile));
            }
        }
        return p;
    }

  private:
    // The rank a pile of suit s at height h takes next.
    int rank_after(int s, int h) const {
        if constexpr (T::kFoundationStep == 2) {
            return (base_rank_[s] - 1 + 2 * h) % ranks_ + 1;
        } else {
            (void)s;
            return h + 1;
        }
    }

    int raise(Card card) {
        const int k = accepting_pile(card);
        assert(k >= 0);
        const int s = static_cast<int>(card.suit());
        foundation_sum_ -= keys_.foundation[s][height_[s][k]];
        ++height_[s][k];
        foundation_sum_ += keys_.foundation[s][height_[s][k]];
        ++on_foundations_;
        update_accept_mask(s);
        return k;
    }

    void lower(Card card, int k) {
        const int s = static_cast<int>(card.suit());
        foundation_sum_ -= keys_.foundation[s][height_[s][k]];
        --height_[s][k];
        foundation_sum_ += keys_.foundation[s][height_[s][k]];
        --on_foundations_;
        update_accept_mask(s);
    }

    void update_accept_mask(int s) {
        std::uint16_t mask = 0;
        for (int k = 0; k < T::kDecks; ++k) {
            if (height_[s][k] < ranks_) mask |= std::uint16_t(1u << next_rank_[s][height_[s][k]]);
        }
        accept_mask_[s] = mask;
    }

    // Emperor: the card that became a column's top turns face up.
    void turn_up(int c) {
        const Column& col = columns_[c];
        if (col.face_down > 0 && col.face_down >= col.size) {
            set_face_down(c, col.size > 0 ? static_cast<std::uint8_t>(col.size - 1) : 0);
        }
    }

    // A column's key term: the sum of its cards' terms (each card at its depth) and its face-down
    // term, updated card by card as cards come and go, then mixed by XXH3. The mix matters: a
    // plain sum over all columns would equal for positions that swap cards of one depth between
    // columns. Where column order matters (Double Dot with cards in the stock) the column's place
    // is part of its sum.
    std::uint64_t column_sum_from_scratch(int c) const {
        const Column& col = columns_[c];
        std::uint64_t sum = keys_.face_down[col.face_down];
        for (int i = 0; i < col.size; ++i) sum += keys_.card_at[i][col.cards[i].bits()];
        if (!columns_interchangeable()) sum += keys_.place[c];
        return sum;
    }

    static std::uint64_t mix(std::uint64_t sum) { return XXH3_64bits(&sum, sizeof sum); }

    void push_card(int c, Card card) {
        Column& col = columns_[c];
        assert(col.size < kMaxColumnCards);
        column_sum_[c] += keys_.card_at[col.size][card.bits()];
        col.cards[col.size++] = card;
    }

    Card pop_card(int c) {
        Column& col = columns_[c];
        const Card card = col.cards[--col.size];
        column_sum_[c] -= keys_.card_at[col.size][card.bits()];
        return card;
    }

    // The waste is keyed like a column: a card term per depth, summed, mixed in key().
    void push_waste(Card card) {
        waste_sum_ += keys_.card_at[waste_size_][card.bits()];
        waste_[waste_size_++] = card;
    }

    Card pop_waste() {
        const Card card = waste_[--waste_size_];
        waste_sum_ -= keys_.card_at[waste_size_][card.bits()];
        return card;
    }

    void set_face_down(int c, std::uint8_t face_down) {
        Column& col = columns_[c];
        column_sum_[c] += keys_.face_down[face_down] - keys_.face_down[col.face_down];
        col.face_down = face_down;
    }

    // After a column's sum changed: replace its term in the key.
    void refresh_column(int c) {
        columns_key_ -= column_term_[c];
        column_term_[c] = mix(column_sum_[c]);
        columns_key_ += column_term_[c];
    }

    void rehash_columns() {
        columns_key_ = 0;
        for (int c = 0; c < T::kColumns; ++c) {
            column_sum_[c] = column_sum_from_scratch(c);
            column_term_[c] = mix(column_sum_[c]);
            columns_key_ += column_term_[c];
        }
    }

    void rehash_all() {
        rehash_columns();
        waste_sum_ = 0;
        const std::uint8_t size = waste_size_;
        waste_size_ = 0;
        while (waste_size_ < size) push_waste(waste_[waste_size_]);
        foundation_sum_ = 0;
        for (int s = 0; s < kSuitCount; ++s) {
            for (int k = 0; k < T::kDecks; ++k) {
                foundation_sum_ += keys_.foundation[s][height_[s][k]];
            }
        }
    }

    std::array<Column, T::kColumns> columns_{};
    std::array<std::uint64_t, T::kColumns> column_sum_{};
    std::array<std::uint64_t, T::kColumns> column_term_{};
    std::array<Card, kMaxStock> stock_{};
    std::array<Card, kMaxStock> waste_{};
    std::array<std::array<std::uint8_t, T::kDecks>, kSuitCount> height_{};
    std::array<std::array<std::uint8_t, kMaxRanks + 1>, kSuitCount> next_rank_{};
    std::array<std::uint16_t, kSuitCount> accept_mask_{};  // bit r: some pile takes rank r
    const KeyTables& keys_;
    std::array<int, kSuitCount> base_rank_{1, 1, 1, 1};
    std::uint64_t columns_key_ = 0;
    std::uint64_t foundation_sum_ = 0;
    std::uint64_t waste_sum_ = 0;
    int ranks_;
    int on_foundations_ = 0;
    int total_cards_ = 0;
    std::uint8_t stock_size_ = 0;
    std::uint8_t stock_next_ = 0;
    std::uint8_t waste_size_ = 0;
};

}  // namespace patience
