#include "solver/search/capacity.hpp"

#include <memory>

namespace patience {

bool capacity_lost(const Position& position, const CapacityBudget& budget) {
    return dispatch_variant(position.variant, [&](auto traits) {
        using T = decltype(traits);
        const PackedState<T> state(position);
        return std::make_unique<CapacityTest<T>>(0, budget)->lost(state);
    });
}

}  // namespace patience
