#include "solver/search/dead_end.hpp"

#include <memory>

namespace patience {

namespace {

// Runs the test on `position` as `options` say and returns what `read` reads from it.
template <class Read>
auto tested(const Position& position, DeadEndOptions options, Read read) {
    return dispatch_variant(position.variant, [&](auto traits) {
        using T = decltype(traits);
        const PackedState<T> state(position);
        auto test = std::make_unique<DeadEndTest<T>>();
        test->use_shortcuts(options.shortcuts);
        test->use_stock_prefix(options.stock_prefix);
        test->lost(state);
        return read(*test);
    });
}

}  // namespace

int dead_end_homeless(const Position& position, DeadEndOptions options) {
    return tested(position, options, [](const auto& test) { return test.homeless(); });
}

std::vector<StuckCard> dead_end_cards(const Position& position, DeadEndOptions options) {
    return tested(position, options, [](const auto& test) { return test.stuck_cards(); });
}

bool dead_end_stock_stranded(const Position& position) {
    return tested(position, {}, [](const auto& test) { return test.stock_stranded(); });
}

bool dead_end(const Position& position, DeadEndOptions options) {
    return dead_end_homeless(position, options) > 0;
}

}  // namespace patience
