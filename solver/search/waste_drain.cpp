#include "solver/search/waste_drain.hpp"

#include <memory>

namespace patience {

bool waste_drain_lost(const Position& position, const WasteDrainBudget& budget) {
    return dispatch_variant(position.variant, [&](auto traits) {
        using T = decltype(traits);
        const PackedState<T> state(position);
        return std::make_unique<WasteDrainTest<T>>(budget)->lost(state);
    });
}

}  // namespace patience
