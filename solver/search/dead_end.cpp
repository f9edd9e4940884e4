#include "solver/search/dead_end.hpp"

#include <memory>

namespace patience {

bool dead_end(const Position& position) {
    return dispatch_variant(position.variant, [&](auto traits) {
        using T = decltype(traits);
        const PackedState<T> state(position);
        return std::make_unique<DeadEndTest<T>>()->lost(state);
    });
}

}  // namespace patience
