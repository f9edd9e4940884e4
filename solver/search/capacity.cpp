#include "solver/search/capacity.hpp"

#include <memory>

namespace patience {

bool capacity_lost(const Position& position) {
    return dispatch_variant(position.variant, [&](auto traits) {
        using T = decltype(traits);
        const PackedState<T> state(position);
        return std::make_unique<CapacityTest<T>>()->lost(state);
    });
}

}  // namespace patience
