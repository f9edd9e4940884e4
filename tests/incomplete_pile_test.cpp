// The incomplete-pile rule (solver/search/incomplete_pile.hpp): which moves it drops in hand-made
// positions, and the verdicts of searches that use it checked against the unpruned reference
// search, on reduced decks and on full-rank end games.
#include <gtest/gtest.h>

#include <iostream>
#include <random>
#include <string_view>
#include <vector>

#include "core/deal.hpp"
#include "core/position_io.hpp"
#include "core/rules.hpp"
#include "solver/fast_solver.hpp"
#include "solver/packed_state.hpp"
#include "solver/reference_solver.hpp"
#include "solver/search/incomplete_pile.hpp"
#include "solver/search/techniques.hpp"
#include "solver/variant_traits.hpp"
#include "tests/end_games.hpp"
#include "tests/test_support.hpp"

namespace patience {
namespace {

using testing::make_position;

// Whether the rule drops `move` in the position given by `lines`, under `variant`'s rules.
template <VariantId V>
bool dropped(std::initializer_list<std::string_view> lines, const Move& move) {
    const PackedState<VariantTraits<V>> state(make_position(V, lines));
    return drops_incomplete_pile_move(state, move);
}

// The moves the fast engine lists in `p` that the rule drops.
int dropped_at(const Position& p) {
    return dispatch_variant(p.variant, [&](auto traits) {
        using T = decltype(traits);
        const PackedState<T> state(p);
        std::vector<Move> moves;
        state.template generate<true>(moves);
        int count = 0;
        for (const Move& m : moves) count += drops_incomplete_pile_move(state, m);
        return count;
    });
}

// 7H sits on 8S, which it is built on: lifting it onto the other eight is dropped until some pile
// takes an eight (any suit: Lady Palk's eights are all alike as landings). A whole column, a run
// lifted off a card it is not built on, and the longer run off 9D follow the same test.
TEST(IncompletePile, LadyPalkDropsALiftOffItsBuilderUnlessAnEightCanGoUp) {
    constexpr auto LP = VariantId::LadyPalk;
    const Move seven_to_eight = Move::column_to_column(0, 1, 1);
    EXPECT_TRUE(dropped<LP>({"T1: 9D 8S 7H", "T2: 8C", "F1: AC", "F2: AS"}, seven_to_eight));
    EXPECT_FALSE(dropped<LP>({"T1: 9D 8S 7H", "T2: 8C", "F1: AC 2C 3C 4C 5C 6C 7C", "F2: AS"},
                             seven_to_eight));
    // 8S 7H off 9D onto 9C: p is 9D, and a pile at 7 takes an eight, not a nine.
    EXPECT_TRUE(dropped<LP>({"T1: 9D 8S 7H", "T2: 9C", "F1: AC 2C 3C 4C 5C 6C 7C"},
                            Move::column_to_column(0, 1, 2)));
    // Kept: a run not built on the card under it (7H on QS), or with nothing under it.
    EXPECT_FALSE(dropped<LP>({"T1: 9D QS 7H", "T2: 8C", "F1: AC"}, seven_to_eight));
    EXPECT_FALSE(dropped<LP>({"T1: 7H", "T2: 8C", "F1: AC"}, seven_to_eight));
}

// The class of the uncovered card: Malmaison's is the card itself, Emperor-modern's its rank and
// colour. 7S on 8S onto another 8S (Malmaison), 7H on 8S onto 8C (Emperor-modern).
TEST(IncompletePile, TheUncoveredCardsClassDecides) {
    constexpr auto M = VariantId::Malmaison;
    constexpr auto EM = VariantId::EmperorModern;
    const Move move = Move::column_to_column(0, 1, 1);
    const std::string_view clubs = "F1: AC 2C 3C 4C 5C 6C 7C";
    const std::string_view spades = "F1: AS 2S 3S 4S 5S 6S 7S";
    const std::string_view hearts = "F1: AH 2H 3H 4H 5H 6H 7H";
    EXPECT_TRUE(dropped<M>({"T1: 9S 8S 7S", "T2: 8S", clubs}, move));
    EXPECT_FALSE(dropped<M>({"T1: 9S 8S 7S", "T2: 8S", spades}, move));
    EXPECT_FALSE(dropped<EM>({"T1: 9H 8S 7H", "T2: 8C", clubs}, move));  // a black eight goes up
    EXPECT_TRUE(dropped<EM>({"T1: 9H 8S 7H", "T2: 8C", hearts}, move));  // only a red one
    // Into a space it is never dropped (Malmaison fills spaces with anything).
    EXPECT_FALSE(dropped<M>({"T1: 9S 8S 7S", clubs}, move));
}

// The variants whose proof does not hold keep every move: Diplomat and Emperor move single cards
// only, Double Dot deals onto the columns and wraps its ranks.
TEST(IncompletePile, OtherVariantsKeepEveryMove) {
    EXPECT_TRUE(kIncompletePilesApply<VariantTraits<VariantId::LadyPalk>>);
    EXPECT_TRUE(kIncompletePilesApply<VariantTraits<VariantId::Malmaison>>);
    EXPECT_TRUE(kIncompletePilesApply<VariantTraits<VariantId::EmperorModern>>);
    EXPECT_FALSE(kIncompletePilesApply<VariantTraits<VariantId::Diplomat>>);
    EXPECT_FALSE(kIncompletePilesApply<VariantTraits<VariantId::Emperor>>);
    EXPECT_FALSE(kIncompletePilesApply<VariantTraits<VariantId::DoubleDot>>);
    EXPECT_FALSE(dropped<VariantId::Diplomat>({"T1: 9D 8S 7H", "T2: 8C", "F1: AC"},
                                              Move::column_to_column(0, 1, 1)));
}

const std::vector<VariantId> kRuleVariants = {VariantId::LadyPalk, VariantId::Malmaison,
                                              VariantId::EmperorModern};

// Soundness on reduced decks: positions in which the rule drops moves at once, from playouts of
// deals (a foundation move whenever there is one, else a random move, drawing favoured) taken
// a few moves before they got stuck, where one-pass games die. The fast solver with every
// technique and without this one give the reference verdict on each, lost ones included.
TEST(IncompletePile, VerdictsAgreeWithTheReference_ReducedDecks) {
    FastSolver all_on(16u << 20);
    FastSolver without(16u << 20, parse_disabled_techniques("incomplete-piles"));
    SearchLimits limits;
    limits.node_limit = 200000;
    std::mt19937 rng(23);
    int lost = 0;
    for (VariantId variant : kRuleVariants) {
        int here = 0;
        for (std::uint64_t seed = 1; seed <= 600 && here < 40; ++seed) {
            const std::vector<Position> line =
                testing::greedy_playout(deal_position(variant, seed, 6), 300, rng);
            // The last position with a dropped move, at most 40 moves before the end.
            const Position* p = nullptr;
            for (std::size_t back = 0; back < 40 && back < line.size() && p == nullptr; ++back) {
                const Position& candidate = line[line.size() - 1 - back];
                if (dropped_at(candidate) > 0) p = &candidate;
            }
            if (p == nullptr) continue;
            const Verdict truth = reference_solve(*p, limits).verdict;
            if (truth == Verdict::Unknown) continue;
            ++here;
            lost += truth == Verdict::Lost;
            for (FastSolver* fast : {&all_on, &without}) {
                const SolveResult r = fast->solve(*p, limits);
                EXPECT_EQ(r.verdict, truth) << rules_of(variant).name << "\n"
                                            << position_to_json(*p);
                if (r.verdict == Verdict::Won) {
                    EXPECT_TRUE(replay(*p, r.solution).won);
                }
            }
        }
        std::cout << rules_of(variant).name << ": " << here << " positions with dropped moves\n";
        EXPECT_GE(here, 20) << rules_of(variant).name;
    }
    std::cout << lost << " of them lost\n";
    EXPECT_GE(lost, 10);  // losses are checked, not only wins
}

// Full-rank end games (tests/end_games.hpp) of the three variants: the fast solver gives the
// reference verdict with the rule and without it, and the rule drops moves in some of them.
TEST(IncompletePile, FullRankEndGamesAgreeWithTheReference) {
    FastSolver all_on(16u << 20);
    FastSolver without(16u << 20, parse_disabled_techniques("incomplete-piles"));
    int with_drops = 0;
    for (VariantId variant : kRuleVariants) {
        testing::EndGameRequest request;
        request.variant = variant;
        request.first_seed = 101;
        request.count = 12;
        request.cards_left = 28;
        request.reference_cap = 50000;
        for (const auto& game : testing::end_games(request)) {
            with_drops += dropped_at(game.position) > 0;
            for (FastSolver* fast : {&all_on, &without}) {
                const SolveResult r = fast->solve(game.position, {});
                EXPECT_EQ(r.verdict, game.verdict)
                    << rules_of(variant).name << " seed " << game.seed << "\n"
                    << position_to_json(game.position);
            }
        }
    }
    EXPECT_GE(with_drops, 5);
}

}  // namespace
}  // namespace patience
