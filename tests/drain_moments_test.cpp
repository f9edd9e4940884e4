// Drain moments (solver/search/drain_moments.hpp): a moment is answered from one remembered with
// the same counts only where its cuts decide it, and waste-drain tests that share a memo give the
// answers of tests that search every moment.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <random>
#include <vector>

#include "core/position_io.hpp"
#include "core/rules.hpp"
#include "solver/search/drain_moments.hpp"
#include "solver/search/waste_drain.hpp"
#include "solver/variant_traits.hpp"
#include "tests/test_support.hpp"

namespace patience {
namespace {

using Memo = DrainMoments<3>;

Memo::Counts counts_with(int home, int reachable) {
    Memo::Counts counts;
    counts.home.fill(static_cast<std::uint8_t>(home));
    counts.reachable.fill(static_cast<std::uint8_t>(reachable));
    return counts;
}

// No fit within cuts C answers every C' <= C, and nothing larger or crosswise; a fit within C
// answers every C' >= C; a cut search answers only its own cuts, at a cap no larger.
TEST(DrainMoments, TheCutsDecideWhichMomentsAnAnswerSpeaksFor) {
    Memo memo;
    const Memo::Counts counts = counts_with(1, 3);
    memo.remember(counts, {4, 2, 5}, Memo::Answer::NoFit, 1000);
    memo.remember(counts, {1, 1, 1}, Memo::Answer::Fit, 1000);
    Memo::Answer answer{};
    ASSERT_TRUE(memo.known(counts, {4, 2, 5}, 1000, answer));
    EXPECT_EQ(answer, Memo::Answer::NoFit);
    ASSERT_TRUE(memo.known(counts, {3, 0, 5}, 1000, answer));
    EXPECT_EQ(answer, Memo::Answer::NoFit);
    ASSERT_TRUE(memo.known(counts, {5, 2, 5}, 1000, answer));  // >= {1, 1, 1}, not <= {4, 2, 5}
    EXPECT_EQ(answer, Memo::Answer::Fit);
    EXPECT_FALSE(memo.known(counts, {0, 3, 0}, 1000, answer));             // neither
    EXPECT_FALSE(memo.known(counts_with(2, 3), {3, 0, 5}, 1000, answer));  // other counts
    EXPECT_FALSE(memo.known(counts_with(1, 4), {3, 0, 5}, 1000, answer));
    memo.remember(counts, {0, 3, 0}, Memo::Answer::Capped, 4000);
    ASSERT_TRUE(memo.known(counts, {0, 3, 0}, 4000, answer));
    EXPECT_EQ(answer, Memo::Answer::Capped);
    EXPECT_FALSE(memo.known(counts, {0, 3, 0}, 16000, answer));  // a larger cap may decide it
    EXPECT_FALSE(memo.known(counts, {0, 4, 0}, 1000, answer));   // a cut search speaks for no other
    memo.remember(counts, {0, 4, 1}, Memo::Answer::NoFit, 16000);
    ASSERT_TRUE(memo.known(counts, {0, 3, 0}, 1000, answer));  // an answer before a cut search
    EXPECT_EQ(answer, Memo::Answer::NoFit);
    EXPECT_EQ(memo.answered(), 5u);
}

// Tests framed by a common start and sharing one memo give the answers of tests that search
// every moment: the verdict, the waste card, and each moment's answer (the top waste cards', with
// every count of stock cards drawn), wherever the search alone met no cap. The positions are
// those of a few random lines of play from each start (random positions on reduced decks),
// taken in a shuffled order, so that the memo meets the cuts of one line after those of another
// and smaller cuts before larger ones. The memo must answer a share of the moments, with a fit
// and with none.
TEST(DrainMoments, SharedAnswersChangeNoTestsAnswer) {
    std::mt19937 rng(47);
    const WasteDrainBudget budget{.per_moment = 25000, .total = 250000, .carried = 1000000};
    int compared = 0, lost = 0, answered_fits = 0, answered_no_fit = 0;
    auto lines = [&](const Position& start, std::string_view name) {
        if (start.waste.empty()) return;
        std::vector<Position> positions;
        for (int line = 0; line < 4; ++line) {
            Position p = start;
            for (int step = 0; step < 24 && testing::play_drawing_move(p, rng); ++step) {
                if (!p.waste.empty()) positions.push_back(p);
            }
        }
        std::shuffle(positions.begin(), positions.end(), rng);
        dispatch_variant(start.variant, [&](auto traits) {
            using T = decltype(traits);
            const PackedState<T> frame(start);
            typename WasteDrainTest<T>::Memo memo;
            for (const Position& p : positions) {
                const PackedState<T> state(p);
                WasteDrainTest<T> shared(budget), alone(budget);
                shared.set_frame(frame);
                alone.set_frame(frame);
                shared.set_memo(&memo);
                const bool lost_alone = alone.lost(state);
                if (alone.counted_capped()) continue;
                EXPECT_EQ(shared.lost(state), lost_alone) << name << "\n" << position_to_json(p);
                EXPECT_EQ(shared.drained_at(), alone.drained_at()) << name;
                ++compared;
                lost += lost_alone;
                const int waste = static_cast<int>(p.waste.size());
                for (int w = std::max(0, waste - 6); w < waste; ++w) {
                    for (int j = 0; j <= static_cast<int>(p.stock.size()); ++j) {
                        const int fits = alone.moment_fits(w, j);
                        if (fits < 0) continue;
                        const std::uint64_t answered_before = memo.answered();
                        EXPECT_EQ(shared.moment_fits(w, j), fits)
                            << name << " card " << w << " with " << j << " drawn\n"
                            << position_to_json(p);
                        if (memo.answered() > answered_before) {
                            ++(fits == 1 ? answered_fits : answered_no_fit);
                        }
                    }
                }
            }
            return 0;
        });
    };
    for (const auto& rules : all_variants()) {
        if (rules.id == VariantId::DoubleDot) continue;
        for (int ranks : {5, 7, 9}) {
            for (int n = 0; n < 3; ++n) {
                lines(testing::random_position(rules.id, ranks, rng), rules.name);
            }
        }
    }
    std::cout << compared << " positions compared (" << lost << " lost); the memo answered "
              << answered_fits << " moments with a fit and " << answered_no_fit << " with none\n";
    EXPECT_GE(compared, 300);
    EXPECT_GE(lost, 20);
    EXPECT_GE(answered_fits, 1000);
    EXPECT_GE(answered_no_fit, 300);
}

}  // namespace
}  // namespace patience
