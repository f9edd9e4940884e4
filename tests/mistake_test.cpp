// Finding the move that lost a game (solver/mistake.hpp), against the truth: the reference
// search's verdicts on the positions it reports.
#include <gtest/gtest.h>

#include <iostream>
#include <random>
#include <utility>
#include <vector>

#include "core/deal.hpp"
#include "core/rules.hpp"
#include "solver/mistake.hpp"
#include "solver/reference_solver.hpp"
#include "tests/test_support.hpp"

namespace patience {
namespace {

std::vector<Move> playout_moves(const Position& start, std::mt19937& rng) {
    std::vector<Move> moves;
    testing::greedy_playout(start, 300, rng, &moves);
    return moves;
}

// Small decks, where the fast solver decides every position it looks at: the report names the
// move where the truth (the reference search) turns from won to lost, checked on its two sides,
// in about twice the logarithm of the line's length in solves. (Greedy playouts win nearly every
// small Diplomat and Emperor deal; Lady Palk's die more often.)
TEST(Mistake, FindsTheMoveWhereTheReferenceTurnsFromWonToLost) {
    std::mt19937 rng(2026);
    int losing_moves = 0;
    for (const auto& [variant, ranks] : {std::pair{VariantId::LadyPalk, 5},
                                         std::pair{VariantId::LadyPalk, 6},
                                         std::pair{VariantId::Diplomat, 7}}) {
        for (std::uint64_t seed = 1; seed <= 20; ++seed) {
            const Position start = deal_position(variant, seed, ranks);
            const std::vector<Move> moves = playout_moves(start, rng);
            auto truth = [&](std::size_t k) {
                const std::vector<Move> played(moves.begin(), moves.begin() + k);
                return reference_solve(replay(start, played).final_position).verdict;
            };
            if (truth(moves.size()) != Verdict::Lost) continue;  // the playout won
            const MistakeReport report = find_mistake(start, moves, SolveOptions{});
            EXPECT_EQ(truth(report.first_lost), Verdict::Lost) << "seed " << seed;
            if (report.first_lost > 0) {
                ASSERT_TRUE(report.last_won) << "seed " << seed;
                EXPECT_EQ(*report.last_won + 1, report.first_lost) << "seed " << seed;
                EXPECT_EQ(truth(*report.last_won), Verdict::Won) << "seed " << seed;
                EXPECT_EQ(report.losing_move(), report.first_lost) << "seed " << seed;
                ++losing_moves;
            } else {
                EXPECT_FALSE(report.last_won) << "seed " << seed;
                EXPECT_EQ(report.losing_move(), 0u);
            }
            std::size_t log = 0;
            while ((std::size_t{1} << log) <= moves.size()) ++log;
            EXPECT_LE(report.solved, 2 * log) << "seed " << seed;
        }
    }
    std::cout << losing_moves << " lost playouts with the move that lost them\n";
    EXPECT_GE(losing_moves, 5);
}

// A limit that leaves positions undecided: what the report says is still proven, and the
// undecided positions lie between the two.
TEST(Mistake, UndecidedPositionsLieBetweenTheProvenOnes) {
    std::mt19937 rng(7);
    int checked = 0;
    for (std::uint64_t seed = 1; seed <= 30 && checked < 4; ++seed) {
        const Position start = deal_position(VariantId::LadyPalk, seed, 6);
        const std::vector<Move> moves = playout_moves(start, rng);
        const ReplayResult end = replay(start, moves);
        if (reference_solve(end.final_position).verdict != Verdict::Lost) continue;
        SolveOptions tight;
        tight.limits.node_limit = 200;
        const MistakeReport report = find_mistake(start, moves, tight);
        const std::vector<Move> to_lost(moves.begin(), moves.begin() + report.first_lost);
        EXPECT_EQ(reference_solve(replay(start, to_lost).final_position).verdict, Verdict::Lost);
        if (report.last_won) {
            EXPECT_LT(*report.last_won, report.first_lost);
            const std::vector<Move> to_won(moves.begin(), moves.begin() + *report.last_won);
            EXPECT_EQ(reference_solve(replay(start, to_won).final_position).verdict,
                      Verdict::Won);
        }
        ++checked;
    }
    EXPECT_EQ(checked, 4);
}

}  // namespace
}  // namespace patience
