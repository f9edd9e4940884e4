#include "solver/search/dead_end.hpp"

#include <memory>

namespace patience {

namespace {

// Runs the test on `position` (with or without its shortcuts) and returns what `read` reads
// from it.
template <class Read>
auto tested(const Position& position, bool shortcuts, Read read) {
    return dispatch_variant(position.variant, [&](auto traits) {
        using T = decltype(traits);
        const PackedState<T> state(position);
        auto test = std::make_unique<DeadEndTest<T>>();
        test->use_shortcuts(shortcuts);
        test->lost(state);
        return read(*test);
    });
}

}  // namespace

int dead_end_homeless(const Position& position, bool shortcuts) {
    return tested(position, shortcuts, [](const auto& test) { return test.homeless(); });
}

std::vector<StuckCard> dead_end_cards(const Position& position) {
    return tested(position, true, [](const auto& test) { return test.stuck_cards(); });
}

bool dead_end(const Position& position, bool shortcuts) {
    return dead_end_homeless(position, shortcuts) > 0;
}

}  // namespace patience
