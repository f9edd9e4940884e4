// The beam's doubts (solver/search/doubts.hpp): the stricter test doubts every dead end and more
// (but in Double Dot, whose stock is dealt onto the columns), and the beam keeps the positions it
// doubts after the others of their level.
#include <gtest/gtest.h>

#include <cstdint>
#include <iostream>
#include <memory>
#include <random>
#include <vector>

#include "core/deal.hpp"
#include "core/position_io.hpp"
#include "core/rules.hpp"
#include "solver/packed_state.hpp"
#include "solver/search/beam.hpp"
#include "solver/search/dead_end.hpp"
#include "solver/search/doubts.hpp"
#include "solver/search/portfolio.hpp"
#include "solver/transposition_table.hpp"
#include "solver/variant_traits.hpp"
#include "tests/test_support.hpp"

namespace patience {
namespace {

// Counting fewer landings can only take flags away, so every position the sound test calls lost
// is doubtful; and some positions it does not call lost are doubtful too (else the doubts would
// rank nothing). Double Dot's stock cards are dealt onto the columns, so they stay landings
// there: its doubts are its dead ends. On full-deck playouts of every variant, backed up by 1 to
// 60 moves.
TEST(Doubts, DoubtEveryDeadEndAndMore) {
    std::mt19937 rng(41);
    int dead_ends = 0, only_doubtful = 0;
    for (const auto& rules : all_variants()) {
        dispatch_variant(rules.id, [&](auto traits) {
            using T = decltype(traits);
            auto sound = std::make_unique<DeadEndTest<T>>();
            auto doubts = std::make_unique<Doubts<T>>();
            for (std::uint64_t seed = 1; seed <= 300; ++seed) {
                const unsigned back = 1 + static_cast<unsigned>(rng() % 60);
                const Position p =
                    testing::backed_up_playout(deal_position(rules.id, seed), back, rng);
                const PackedState<T> state(p);
                if (!dead_end_test_pays(state.stock_left())) continue;
                const bool lost = sound->lost(state);
                const bool doubtful = doubts->doubtful(state);
                if (lost) {
                    ++dead_ends;
                    EXPECT_TRUE(doubtful) << rules.name << "\n" << position_to_json(p);
                } else if (doubtful) {
                    ++only_doubtful;
                    EXPECT_FALSE(T::kDeals) << position_to_json(p);
                }
            }
        });
    }
    std::cout << dead_ends << " dead ends, " << only_doubtful << " only doubtful\n";
    EXPECT_GE(dead_ends, 20);
    EXPECT_GE(only_doubtful, 10);
}

// In every level of the beam the positions it does not doubt come first, and levels hold both
// kinds (so the order is the doubts' doing, not chance); with the doubts switched off, doubtful
// positions also come before others. Checked at every pause of beams of width 64 on the first
// Emperor and Diplomat deals.
TEST(BeamProbe, KeepsDoubtfulPositionsAfterTheOthers) {
    TranspositionTable table(16u << 20);
    for (const bool on : {true, false}) {
        int mixed_levels = 0, doubtful_first = 0;
        for (VariantId variant : {VariantId::Emperor, VariantId::Diplomat}) {
            for (const std::uint64_t seed : {82, 85}) {
                dispatch_variant(variant, [&](auto traits) {
                    using T = decltype(traits);
                    SearchConfig config{0, kBeamLane, 0, Techniques{}};
                    config.beam_width = 64;
                    config.techniques.doubts = on;
                    table.new_search();
                    BeamProbe<T> beam(deal_position(variant, seed), config, table);
                    Doubts<T> doubts;
                    for (std::uint64_t cap = 2000; cap <= 100000; cap += 2000) {
                        if (beam.run(cap, SearchClock::time_point::max()) != SearchStatus::Paused)
                            break;
                        bool seen_doubtful = false, mixed = false;
                        for (const auto& state : beam.level()) {
                            const bool doubtful = doubts.doubtful(state);
                            if (!doubtful && seen_doubtful) {
                                EXPECT_FALSE(on) << "seed " << seed << ", " << cap << " nodes";
                                ++doubtful_first;
                            }
                            mixed = mixed || (seen_doubtful != doubtful);
                            seen_doubtful = seen_doubtful || doubtful;
                        }
                        if (mixed) ++mixed_levels;
                    }
                });
            }
        }
        std::cout << "doubts " << on << ": " << mixed_levels << " mixed levels, "
                  << doubtful_first << " doubtful positions first\n";
        EXPECT_GT(mixed_levels, 0) << "doubts " << (on ? "on" : "off");
        if (!on) {
            EXPECT_GT(doubtful_first, 0);
        }
    }
}

}  // namespace
}  // namespace patience
