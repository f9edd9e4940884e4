#include "solver/search/stock_lookahead.hpp"

#include <memory>

#include "solver/search/search_moves.hpp"
#include "solver/variant_traits.hpp"

namespace patience {

std::vector<Move> stock_lookahead_drops(const Position& position) {
    return dispatch_variant(position.variant, [&](auto traits) {
        using T = decltype(traits);
        PackedState<T> state(position);
        std::vector<Move> moves;
        generate_search_moves(state, Techniques{}, moves);
        std::vector<Move> kept = moves;
        auto test = std::make_unique<DeadEndTest<T>>();
        drop_macros_past_a_dead_draw(state, *test, kept, 0);
        std::vector<Move> dropped;
        for (const Move& m : moves) {
            if (std::find(kept.begin(), kept.end(), m) == kept.end()) dropped.push_back(m);
        }
        return dropped;
    });
}

int stock_lookahead_dead_draws(const Position& position) {
    return dispatch_variant(position.variant, [&](auto traits) {
        using T = decltype(traits);
        PackedState<T> state(position);
        std::vector<Move> moves;
        generate_search_moves(state, Techniques{}, moves);
        auto test = std::make_unique<DeadEndTest<T>>();
        return drop_macros_past_a_dead_draw(state, *test, moves, 0).dead_draws;
    });
}

}  // namespace patience
