#include "solver/search/waste_drain.hpp"

#include <memory>

namespace patience {

int waste_drain_card(const Position& position, const WasteDrainBudget& budget) {
    return dispatch_variant(position.variant, [&](auto traits) {
        using T = decltype(traits);
        const PackedState<T> state(position);
        const auto test = std::make_unique<WasteDrainTest<T>>(budget);
        test->lost(state);
        return test->drained_at();
    });
}

bool waste_drain_lost(const Position& position, const WasteDrainBudget& budget) {
    return waste_drain_card(position, budget) >= 0;
}

}  // namespace patience
