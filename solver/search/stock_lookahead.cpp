#include "solver/search/stock_lookahead.hpp"

#include <algorithm>
#include <memory>

#include "solver/search/search_moves.hpp"
#include "solver/variant_traits.hpp"

namespace patience {

namespace {

// The rule run once on `position` (every technique on): its search moves, those the rule keeps,
// and what it counted.
struct LookaheadRun {
    std::vector<Move> moves;
    std::vector<Move> kept;
    LookaheadCount count;
};

LookaheadRun run_lookahead(const Position& position) {
    return dispatch_variant(position.variant, [&](auto traits) {
        using T = decltype(traits);
        PackedState<T> state(position);
        LookaheadRun run;
        generate_search_moves(state, Techniques{}, run.moves);
        run.kept = run.moves;
        auto test = std::make_unique<DeadEndTest<T>>();
        run.count = drop_macros_past_a_dead_draw(state, *test, run.kept, 0);
        return run;
    });
}

}  // namespace

std::vector<Move> stock_lookahead_drops(const Position& position) {
    const LookaheadRun run = run_lookahead(position);
    std::vector<Move> dropped;
    for (const Move& m : run.moves) {
        if (std::find(run.kept.begin(), run.kept.end(), m) == run.kept.end()) dropped.push_back(m);
    }
    return dropped;
}

int stock_lookahead_dead_draws(const Position& position) {
    return run_lookahead(position).count.dead_draws;
}

}  // namespace patience
