// Supermoves (solver/search/supermove.hpp): which runs may move with how many spaces, every
// supermove written out as legal single moves that reach the position the macro reaches, and
// verdicts with and without them checked against the unpruned reference search.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string_view>
#include <vector>

#include "core/deal.hpp"
#include "core/position_io.hpp"
#include "core/rules.hpp"
#include "solver/fast_solver.hpp"
#include "solver/packed_state.hpp"
#include "solver/search/supermove.hpp"
#include "solver/search/techniques.hpp"
#include "solver/variant_traits.hpp"
#include "tests/end_games.hpp"
#include "tests/test_support.hpp"

namespace patience {
namespace {

using testing::make_position;
using DiplomatTraits = VariantTraits<VariantId::Diplomat>;

std::vector<Move> supermoves_of(const Position& p) {
    return dispatch_variant(p.variant, [&](auto traits) {
        using T = decltype(traits);
        std::vector<Move> moves;
        add_supermoves(PackedState<T>(p), moves);
        return moves;
    });
}

bool has(const std::vector<Move>& moves, const Move& m) {
    return std::find(moves.begin(), moves.end(), m) != moves.end();
}

// 8S 7H 6C 5D is a run in Diplomat (down by rank, any suit) on KD. With one space, its top two
// cards may go onto 7S, but the four not onto 9C and none into the space (a second space would be
// needed); with two spaces, the four onto 9C too, and two into the first space (not the second,
// which gives the same position).
TEST(Supermove, TheSpacesDecideHowManyCardsMove) {
    std::vector<std::string_view> lines = {
        "T1: KD 8S 7H 6C 5D", "T2: 9C", "T3: 7S", "T4: KS", "T5: KH", "T6: KC", "T7: KS"};
    const auto one = supermoves_of(make_position(VariantId::Diplomat, lines));
    EXPECT_EQ(one, std::vector<Move>{Move::column_to_column(0, 2, 2)});

    lines.pop_back();  // T7 empty too: two spaces, T7 the first
    const auto two = supermoves_of(make_position(VariantId::Diplomat, lines));
    const std::vector<Move> expected = {Move::column_to_column(0, 2, 2),
                                        Move::column_to_column(0, 6, 2),
                                        Move::column_to_column(0, 1, 4)};
    EXPECT_EQ(two, expected);
}

TEST(Supermove, OnlyWhereCardsMoveOneByOne) {
    EXPECT_TRUE(kSupermovesApply<DiplomatTraits>);
    EXPECT_TRUE(kSupermovesApply<VariantTraits<VariantId::Emperor>>);
    EXPECT_FALSE(kSupermovesApply<VariantTraits<VariantId::EmperorModern>>);
    EXPECT_FALSE(kSupermovesApply<VariantTraits<VariantId::LadyPalk>>);
    EXPECT_FALSE(kSupermovesApply<VariantTraits<VariantId::Malmaison>>);
    EXPECT_FALSE(kSupermovesApply<VariantTraits<VariantId::DoubleDot>>);
    // Emperor's face-down cards are not part of a run: 6D | 5S 4H moves two cards, not three.
    const auto moves = supermoves_of(
        make_position(VariantId::Emperor, {"T1: 7C 6D | 5S 4H", "T2: 6D", "T3: KS", "T4: KS",
                                           "T5: KD", "T6: KH", "T7: KC", "T8: QC", "T9: QD"}));
    EXPECT_EQ(moves, std::vector<Move>{Move::column_to_column(0, 1, 2)});
}

// Every supermove met on playouts of full Diplomat and Emperor deals, written out by
// expand_supermoves, is a line of moves the core rules call legal, one after the other, and it
// ends in the position the packed engine reaches with the macro.
TEST(Supermove, WrittenOutAsLegalSingleMovesItReachesTheSamePosition) {
    std::mt19937 rng(5);
    int checked = 0, long_ones = 0;
    for (VariantId variant : {VariantId::Diplomat, VariantId::Emperor}) {
        for (std::uint64_t seed = 1; seed <= 60; ++seed) {
            const auto line = testing::greedy_playout(deal_position(variant, seed), 400, rng);
            for (const Position& p : line) {
                for (const Move& m : supermoves_of(p)) {
                    dispatch_variant(variant, [&](auto traits) {
                        using T = decltype(traits);
                        PackedState<T> macro(p);
                        macro.make(m);
                        Position single = p;
                        for (const Move& s : expand_supermoves<T>(p, {m})) {
                            const auto legal = legal_moves(single);
                            ASSERT_TRUE(has(legal, s)) << to_string(s) << " in\n"
                                                       << position_to_json(single);
                            apply_move(single, s);
                        }
                        // Through the packed engine both, which lays the piles out its own way.
                        EXPECT_EQ(position_to_json(PackedState<T>(single).to_position()),
                                  position_to_json(macro.to_position()))
                            << to_string(m) << " from\n"
                            << position_to_json(p);
                    });
                    ++checked;
                    long_ones += m.count > 2;
                }
            }
        }
    }
    EXPECT_GE(checked, 200);
    EXPECT_GE(long_ones, 20);  // runs that needed more than one space
}

// Full-rank end games of Diplomat and Emperor (tests/end_games.hpp): the fast solver gives the
// reference verdict with supermoves and without them, and some of the games offer supermoves.
TEST(Supermove, FullRankEndGamesAgreeWithTheReference) {
    FastSolver all_on(16u << 20);
    FastSolver without(16u << 20, parse_disabled_techniques("supermoves"));
    int with_supermoves = 0, lost = 0;
    for (VariantId variant : {VariantId::Diplomat, VariantId::Emperor}) {
        const testing::EndGameRequest request{
            .variant = variant, .first_seed = 101, .count = 24, .cards_left = 28,
            .reference_cap = 50000};
        for (const auto& game : testing::end_games(request)) {
            with_supermoves += !supermoves_of(game.position).empty();
            lost += game.verdict == Verdict::Lost;
            for (FastSolver* fast : {&all_on, &without}) {
                const SolveResult r = fast->solve(game.position, {});
                EXPECT_EQ(r.verdict, game.verdict)
                    << rules_of(variant).name << " seed " << game.seed << "\n"
                    << position_to_json(game.position);
                if (r.verdict == Verdict::Won) {
                    EXPECT_TRUE(replay(game.position, r.solution).won);
                }
            }
        }
    }
    EXPECT_GE(with_supermoves, 3);
    EXPECT_GE(lost, 3);
}

}  // namespace
}  // namespace patience
