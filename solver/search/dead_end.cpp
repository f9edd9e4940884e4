#include "solver/search/dead_end.hpp"

#include <memory>

namespace patience {

bool dead_end(const Position& position, bool shortcuts) {
    return dispatch_variant(position.variant, [&](auto traits) {
        using T = decltype(traits);
        const PackedState<T> state(position);
        auto test = std::make_unique<DeadEndTest<T>>();
        test->use_shortcuts(shortcuts);
        return test->lost(state);
    });
}

}  // namespace patience
