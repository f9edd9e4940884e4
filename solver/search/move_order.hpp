// Move ordering and narrowing: heuristics that choose what to try first. They never remove a move
// from a complete search; only a narrow probe (which can report nothing but a win) drops moves.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "solver/packed_state.hpp"
#include "solver/search/stock_macro.hpp"

namespace patience {

struct ScoredMove {
    int score;
    Move move;
};

// A stock macro's score falls with the cards it buries in the waste: the nearest card first, and a
// deep one only after the moves nearer at hand (also under a restart's noisy order, whose noise
// of up to 16 lets a card jump about four places). The fall of 4 a card was chosen with the
// decided-rate harness over falls of 1, 3, 4, 5 and 6 (seeds 1-80).
inline int stock_macro_score(const Move& m, int nearest) {
    return std::max(nearest - 4 * (macro_draws(m) - 1), 1);
}

// Whether `m` only shuffles the tableau: it moves a whole column into a space (the same position
// up to the order of the columns), or lifts a card or run off a card it already builds on without
// uncovering a face-down card or one the foundations take. move_score ranks these last.
template <class T>
bool only_shuffles(const PackedState<T>& state, const Move& m) {
    if (m.kind != MoveKind::ColumnToColumn) return false;
    const auto& from = state.column(m.from);
    const int left = from.size - m.count;
    if (left == 0) return state.column(m.to).size == 0;
    if (left <= from.face_down) return false;
    const Card uncovered = from.cards[left - 1];
    return !state.foundation_takes(uncovered) && state.builds_on(from.cards[left], uncovered);
}

// How promising a move looks, higher first: an ordering heuristic only, it never removes a move.
// Cards to the foundations first, then moves that uncover a card the foundations take or that
// empty a column or turn a card up, then the waste, then the stock, then the rest.
template <class T>
int move_score(const PackedState<T>& state, const Move& m) {
    switch (m.kind) {
        case MoveKind::WasteToFoundation:
            return macro_draws(m) == 0 ? 100 : stock_macro_score(m, 40);
        case MoveKind::ColumnToFoundation:
            return 100;
        case MoveKind::WasteToColumn: {
            const bool space = state.column(m.to).size == 0;
            if (macro_draws(m) > 0) return stock_macro_score(m, space ? 20 : 40);
            return space ? 30 : 50;
        }
        case MoveKind::Draw:
        case MoveKind::Deal:
            return 40;
        case MoveKind::ColumnToColumn: {
            const auto& from = state.column(m.from);
            const int left = from.size - m.count;
            if (only_shuffles(state, m)) return left == 0 ? 0 : 10;
            if (left == 0) return 70;
            if (left <= from.face_down) return 65;  // turns a card up
            if (state.foundation_takes(from.cards[left - 1])) return 80;
            return state.column(m.to).size == 0 ? 15 : 45;
        }
    }
    return 0;
}

// How a restarted probe's run strays from the plain move order (a run with salt 0 does not).
//   per_move: each move's score gets a pseudo-random bonus below it, drawn from the position's
//     salted key and the move: the run tries other moves first, the same ones each time it meets
//     the same position. The default reorders moves of one kind (scores within 16) and rarely
//     crosses kinds; portfolio.hpp gives one probe more.
//   per_kind: each kind of move (each score move_score gives, and each kind of stock move) gets
//     a bonus below it drawn from the run's salt alone, the same at every node of the run: with
//     a bonus above the scores' spread, every run ranks the kinds in an order of its own (one
//     run plays the stock first, another empties columns first, ...). portfolio.hpp says where.
inline constexpr int kOrderNoise = 16;

struct OrderNoise {
    std::uint64_t run_salt = 0;  // 0: the plain order
    int per_move = kOrderNoise;
    int per_kind = 0;
};

inline std::uint64_t order_hash(std::uint64_t z) {
    z *= 0x9E3779B97F4A7C15ULL;
    z ^= z >> 31;
    return z;
}

// The kind of `m` for OrderNoise::per_kind: its score, or for a stock macro (whose score falls
// with its depth) where it plays to.
inline std::uint64_t move_kind(const Move& m, int score) {
    return macro_draws(m) > 0 ? 1000 + static_cast<std::uint64_t>(m.kind)
                              : static_cast<std::uint64_t>(score);
}

// Sorts the moves from `begin` on by move_score, most promising first, with `noise` (keyed by
// `position_key`, the position's key); ties keep generation order (nearest stock card first), so
// the search stays deterministic.
template <class T>
void order_moves(const PackedState<T>& state, std::vector<Move>& moves, std::uint32_t begin,
                 std::vector<ScoredMove>& scratch, std::uint64_t position_key,
                 const OrderNoise& noise) {
    scratch.clear();
    const std::uint64_t seed = position_key ^ noise.run_salt;
    for (std::size_t i = begin; i < moves.size(); ++i) {
        int score = move_score(state, moves[i]);
        if (noise.run_salt != 0) {
            std::uint32_t bits;
            std::memcpy(&bits, &moves[i], sizeof bits);
            const std::uint64_t kind = move_kind(moves[i], score);  // before the bonuses
            score += static_cast<int>(order_hash(seed ^ bits) %
                                      static_cast<std::uint64_t>(noise.per_move));
            if (noise.per_kind > 0) {
                const std::uint64_t z = order_hash(noise.run_salt ^ order_hash(kind + 1));
                score += static_cast<int>((z >> 17) % static_cast<std::uint64_t>(noise.per_kind));
            }
        }
        scratch.push_back({score, moves[i]});
    }
    // Insertion sort: a node has a handful of moves, and it is stable.
    for (std::size_t i = 1; i < scratch.size(); ++i) {
        const ScoredMove item = scratch[i];
        std::size_t j = i;
        for (; j > 0 && scratch[j - 1].score < item.score; --j) scratch[j] = scratch[j - 1];
        scratch[j] = item;
    }
    for (std::size_t i = 0; i < scratch.size(); ++i) moves[begin + i] = scratch[i].move;
}

// A narrow probe's move set: the `branching` best-ordered moves that take no card from the stock,
// and the best-ordered one that does (a stock macro, or the draw or deal). One stock move was
// chosen with the decided-rate harness (seeds 1-200 at 1M nodes) over 1, 2, 4, 8 and all of them:
// with one, Lady Palk won 162 deals against 152 with all, Emperor 134 against 129,
// Emperor-modern 186 against 183, Diplomat 178 against 179; 4 or more changed nothing, as a
// probe rarely comes back to a node for its fifth stock move before it restarts. With one, the
// budget goes to the moves after the stock move rather than to its rivals. A probe still reaches
// deeper stock cards: after playing the nearest, and under a restart's noisy order, which lets a
// card jump about four places.
inline constexpr int kProbeStockMoves = 1;

inline void keep_best_moves(std::vector<Move>& moves, std::uint32_t begin, int branching) {
    std::uint32_t kept = 0;
    int others = 0, stock_moves = 0;
    for (std::size_t i = begin; i < moves.size(); ++i) {
        const bool stock = macro_draws(moves[i]) > 0 || moves[i].kind == MoveKind::Deal ||
                           moves[i].kind == MoveKind::Draw;
        const bool keep = stock ? stock_moves++ < kProbeStockMoves : others++ < branching;
        if (keep) moves[begin + kept++] = moves[i];
    }
    moves.resize(begin + kept);
}

// The probes' tableau moves (beam.hpp, and depth_first.hpp's narrow members): none that only
// shuffles; the complete search keeps them all. Such a move is sometimes needed (to free the card
// under it for a later move), but the beam scored every one of them as a child of its own and
// ranked nearly all of them below their parent, and a narrow probe took one whenever fewer than
// its few better moves were there. Measured with the decided-rate harness at 1M nodes, deals won
// with them and without, in the beam: Emperor seeds 1-200 175 -> 178, seeds 201-400 185 -> 189;
// Malmaison with eleven ranks, seeds 1-40 8 -> 8, seeds 41-80 12 -> 14; Lady Palk and
// Emperor-modern, seeds 1-200, 196 -> 197 and 197 -> 199. Then in the depth-first probes too,
// seeds 1-200 and 201-400: Emperor 178 and 189 -> 182 and 190, Diplomat 195 and 194 -> 198 and
// 195, Lady Palk 197 and 194 -> 196 and 196, Emperor-modern 199 and 199 -> 199 and 199;
// Malmaison with eleven ranks, seeds 1-80, 22 -> 23 (in the narrow probes alone: Emperor 181 and
// 190, Diplomat 197 and 195).
template <class T>
void drop_shuffles(const PackedState<T>& state, std::vector<Move>& moves, std::uint32_t begin) {
    moves.erase(std::remove_if(moves.begin() + begin, moves.end(),
                               [&](const Move& m) { return only_shuffles(state, m); }),
                moves.end());
}

// The beam probe's stock moves (beam.hpp): only the stock macros that play one of the `window`
// stock cards from the nearest one that can be played on; the other moves all stay. A stock macro
// k cards deep buries k - 1 cards in the waste, so the beam, which scores every child it makes,
// spent most of its nodes on deep macros whose children it then ranked last. The window keeps a
// way on past stock cards nothing takes (the nearest playable card is always in it), and deeper
// cards come into reach as the nearer ones are played. Measured with the decided-rate harness at
// 1M nodes, deals won without a window and with windows 1, 2, 3, 4, 8 and 16: Emperor seeds 1-200
// 169, 174, 173, 172, 175, 174, 170; seeds 201-400 179, -, 183, 185, 185; Malmaison with eleven
// ranks, seeds 1-40 4, 10, 10, 7, 8, 6; seeds 41-80 11, 13, 14, 13, 12. Lady Palk and
// Emperor-modern, seeds 1-200: 197 and 197 without, 196 and 197 with the window of 4 (kept).
inline constexpr int kBeamStockWindow = 4;

inline void keep_near_stock_moves(std::vector<Move>& moves, std::uint32_t begin, int window) {
    int nearest = -1;
    for (std::size_t i = begin; i < moves.size(); ++i) {
        const int draws = macro_draws(moves[i]);
        if (draws > 0 && (nearest < 0 || draws < nearest)) nearest = draws;
    }
    if (nearest < 0) return;
    moves.erase(std::remove_if(moves.begin() + begin, moves.end(),
                               [&](const Move& m) { return macro_draws(m) >= nearest + window; }),
                moves.end());
}

// The beam probe's children (beam.hpp) where only single cards move (Diplomat, Emperor): each
// position it expands makes only its kBeamChildren best-ordered moves, ranked by move_score with
// the run's own per-move noise (kOrderNoise, drawn from the run's salt and the position's key), so
// that each run of the beam tries its own few moves where several look alike. The beam scored
// every child as a node and kept the best of them by where they lead; with fewer children a
// level costs fewer nodes, and the widths that win hard deals come sooner. Measured with the
// decided-rate harness at 1M nodes, deals won with every move, with the best 3 moves and noise 0,
// 16 (kept) and 32, and with the best 4 and noise 16: Emperor seeds 1-2000 1,932, 1,953, 1,964,
// 1,968, 1,953 (seeds 1-1000 with 2, 3, 4, 5 moves and noise 0: 953, 974, 970, 970); Diplomat
// seeds 1-1000 992, -, 999, 997. Where runs move it does not pay: Emperor-modern seeds 1-1000 997
// with every move, 989, 994 and 994 with the best 3 (noise 0, 16, 32) and 994 with the best 5
// (noise 32); Lady Palk 999 and 1000 (noise 16); Malmaison with eleven ranks, seeds 1-160, 69
// with every move, 64 and 65 with the best 3 and 5. There every move stays.
inline constexpr int kBeamChildren = 3;
template <class T>
inline constexpr int kBeamChildrenFor = T::kRuns ? 0 : kBeamChildren;

// Keeps the `children` best of the moves from `begin` on (all of them when `children` is 0),
// ordered as order_moves orders them with the per-move noise of `run_salt`.
template <class T>
void keep_best_children(const PackedState<T>& state, std::vector<Move>& moves, std::uint32_t begin,
                        int children, std::uint64_t position_key, std::uint64_t run_salt,
                        std::vector<ScoredMove>& scratch) {
    if (children == 0 || moves.size() - begin <= static_cast<std::size_t>(children)) return;
    order_moves(state, moves, begin, scratch, position_key, OrderNoise{run_salt});
    moves.resize(begin + children);
}

}  // namespace patience
