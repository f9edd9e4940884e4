// Move order (solver/search/move_order.hpp): the plain order follows the scores, and a restarted
// run's per-kind noise ranks the kinds of moves in an order of the run's own, the same at every
// node of the run.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <utility>
#include <vector>

#include "core/deal.hpp"
#include "solver/packed_state.hpp"
#include "solver/search/move_order.hpp"
#include "solver/search/portfolio.hpp"
#include "solver/variant_traits.hpp"

namespace patience {
namespace {

using LadyPalk = VariantTraits<VariantId::LadyPalk>;

// The kinds of the moves of `state`, in the order `noise` sorts them, each kind once (the first
// place it takes). With `tableau_only`, the kinds of stock macros are left out: their scores
// fall with the depth of the card they play, so where they first come depends on the position.
std::vector<std::uint64_t> kinds_in_order(const PackedState<LadyPalk>& state,
                                          const OrderNoise& noise, bool tableau_only = false) {
    std::vector<Move> moves;
    state.generate<true>(moves);
    std::vector<ScoredMove> scratch;
    order_moves(state, moves, 0, scratch, state.key(), noise);
    std::vector<std::uint64_t> kinds;
    std::set<std::uint64_t> seen;
    for (const Move& m : moves) {
        if (tableau_only && macro_draws(m) > 0) continue;
        const std::uint64_t kind = move_kind(m, move_score(state, m));
        if (seen.insert(kind).second) kinds.push_back(kind);
    }
    return kinds;
}

// The start positions of Lady Palk deals: moves of several kinds at each.
std::vector<PackedState<LadyPalk>> positions() {
    std::vector<PackedState<LadyPalk>> states;
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        states.emplace_back(deal_position(VariantId::LadyPalk, seed));
    }
    return states;
}

TEST(MoveOrder, ThePlainOrderFollowsTheScores) {
    for (const auto& state : positions()) {
        std::vector<Move> moves;
        state.generate<true>(moves);
        std::vector<ScoredMove> scratch;
        order_moves(state, moves, 0, scratch, state.key(), OrderNoise{});
        for (std::size_t i = 1; i < moves.size(); ++i) {
            EXPECT_GE(move_score(state, moves[i - 1]), move_score(state, moves[i]));
        }
    }
}

// Without per-move noise (1: no bonus), per-kind noise alone: runs put different kinds first,
// and any two kinds keep one run's order at every position of that run.
TEST(MoveOrder, KindNoiseGivesEachRunItsOwnOrderOfKinds) {
    const auto states = positions();
    std::set<std::uint64_t> first_kinds;
    std::size_t pairs = 0;
    for (std::uint64_t salt = 1; salt <= 64; ++salt) {
        const OrderNoise noise{salt * 0x9E3779B97F4A7C15ULL, 1, kKindOrderNoise};
        std::vector<std::pair<std::uint64_t, std::uint64_t>> before;  // (a, b): a ranks first
        for (const auto& state : states) {
            first_kinds.insert(kinds_in_order(state, noise).front());
            const auto kinds = kinds_in_order(state, noise, true);
            for (std::size_t i = 0; i < kinds.size(); ++i) {
                for (std::size_t j = i + 1; j < kinds.size(); ++j) {
                    before.emplace_back(kinds[i], kinds[j]);
                }
            }
        }
        pairs += before.size();
        for (const auto& [a, b] : before) {
            EXPECT_EQ(std::count(before.begin(), before.end(), std::make_pair(b, a)), 0)
                << "salt " << salt << ": kinds " << a << " and " << b << " swap between nodes";
        }
    }
    EXPECT_GE(pairs, 64u * 6);  // each run compares kinds at six positions
    EXPECT_GE(first_kinds.size(), 3u);
    // Without it, the best-scored kind always comes first.
    for (const auto& state : states) {
        const auto plain = kinds_in_order(state, OrderNoise{});
        for (std::uint64_t salt = 1; salt <= 16; ++salt) {
            EXPECT_EQ(kinds_in_order(state, OrderNoise{salt, 1, 0}).front(), plain.front());
        }
    }
}

// Where runs move by the rules and build on any suit the restarting probes take per-kind noise;
// where single cards move (Diplomat, Emperor) or cards build in suit (Malmaison) they do not, and
// the greedy probe and the complete search never do.
TEST(MoveOrder, KindNoiseOnlyForRestartingProbesWhereRunsMoveAcrossSuits) {
    EXPECT_EQ(kKindOrderNoiseFor<LadyPalk>, kKindOrderNoise);
    EXPECT_EQ(kKindOrderNoiseFor<VariantTraits<VariantId::EmperorModern>>, kKindOrderNoise);
    EXPECT_EQ(kKindOrderNoiseFor<VariantTraits<VariantId::DoubleDot>>, kKindOrderNoise);
    EXPECT_EQ(kKindOrderNoiseFor<VariantTraits<VariantId::Diplomat>>, 0);
    EXPECT_EQ(kKindOrderNoiseFor<VariantTraits<VariantId::Emperor>>, 0);
    EXPECT_EQ(kKindOrderNoiseFor<VariantTraits<VariantId::Malmaison>>, 0);
    for (const PortfolioMember& member : portfolio(Techniques{}, 6, kKindOrderNoise)) {
        const bool restarting = member.config.restart_unit != 0;
        EXPECT_EQ(member.config.kind_order_noise, restarting ? kKindOrderNoise : 0);
    }
}

}  // namespace
}  // namespace patience
