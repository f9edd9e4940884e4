#include "solver/search/dead_end.hpp"

#include <memory>

namespace patience {

int dead_end_homeless(const Position& position, bool shortcuts) {
    return dispatch_variant(position.variant, [&](auto traits) {
        using T = decltype(traits);
        const PackedState<T> state(position);
        auto test = std::make_unique<DeadEndTest<T>>();
        test->use_shortcuts(shortcuts);
        test->lost(state);
        return test->homeless();
    });
}

std::vector<StuckCard> dead_end_cards(const Position& position) {
    return dispatch_variant(position.variant, [&](auto traits) {
        using T = decltype(traits);
        const PackedState<T> state(position);
        auto test = std::make_unique<DeadEndTest<T>>();
        test->lost(state);
        return test->stuck_cards();
    });
}

bool dead_end(const Position& position, bool shortcuts) {
    return dead_end_homeless(position, shortcuts) > 0;
}

}  // namespace patience
