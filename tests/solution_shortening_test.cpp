// Solution shortening (solver/solution_shortening.hpp): the short line still wins, is never
// longer, drops loops the long one makes, and takes the short cut where one move does the work of
// several.
#include <gtest/gtest.h>

#include <vector>

#include "core/deal.hpp"
#include "core/rules.hpp"
#include "solver/fast_solver.hpp"
#include "solver/solution_shortening.hpp"
#include "tests/test_support.hpp"

namespace patience {
namespace {

// The fast solver's own winning line, before any shortening (empty if it finds none soon), from
// its depth-first members: the beam's lines seldom wander (each level keeps the positions furthest
// along), so with it on few of these deals' lines have anything to cut.
std::vector<Move> search_line(const Position& start) {
    Techniques depth_first_only;
    depth_first_only.beam = false;
    FastSolver solver(16u << 20, depth_first_only);
    SearchLimits limits;
    limits.node_limit = 300'000;
    return solver.solve(start, limits).solution;
}

// Inserts, at the first position of the line where one exists, a move of a top card from one
// column to another followed by the move back: a loop that leaves the line a win.
std::vector<Move> with_a_loop(const Position& start, const std::vector<Move>& line) {
    Position p = start;
    for (std::size_t i = 0; i < line.size(); ++i) {
        for (const Move& m : legal_moves(p)) {
            if (m.kind != MoveKind::ColumnToColumn || m.count != 1) continue;
            Position after = p;
            apply_move(after, m);
            const Move back = Move::column_to_column(m.to, m.from, 1);
            if (why_illegal(after, back)) continue;
            Position returned = after;
            apply_move(returned, back);
            if (!(returned == p)) continue;  // e.g. an Emperor card turned up on the way
            std::vector<Move> looped(line.begin(), line.begin() + static_cast<long>(i));
            looped.push_back(m);
            looped.push_back(back);
            looped.insert(looped.end(), line.begin() + static_cast<long>(i), line.end());
            return looped;
        }
        apply_move(p, line[i]);
    }
    return line;
}

TEST(SolutionShortening, ShortLinesWinAndAreNeverLonger) {
    int shorter = 0, lines = 0;
    for (const auto& rules : all_variants()) {
        if (rules.id == VariantId::Malmaison) continue;  // its full deals are rarely won
        for (std::uint64_t seed = 1; seed <= 5; ++seed) {
            const Position start = deal_position(rules.id, seed);
            const std::vector<Move> line = search_line(start);
            if (line.empty()) continue;
            ++lines;
            const std::vector<Move> short_line = shorten_solution(start, line);
            EXPECT_LE(short_line.size(), line.size()) << rules.name << " " << seed;
            const ReplayResult replayed = replay(start, short_line);
            EXPECT_TRUE(replayed.all_legal && replayed.won) << rules.name << " " << seed;
            shorter += short_line.size() < line.size();
            // Shortening its own output finds nothing more to cut.
            EXPECT_EQ(shorten_solution(start, short_line), short_line) << rules.name << " " << seed;
        }
    }
    EXPECT_GE(lines, 12);
    EXPECT_GE(shorter, lines / 2);
}

TEST(SolutionShortening, ALoopIsCutOut) {
    for (VariantId variant : {VariantId::Diplomat, VariantId::LadyPalk, VariantId::Emperor}) {
        const Position start = deal_position(variant, 3);
        const std::vector<Move> line = shorten_solution(start, search_line(start));
        ASSERT_FALSE(line.empty()) << rules_of(variant).name;
        const std::vector<Move> looped = with_a_loop(start, line);
        ASSERT_EQ(looped.size(), line.size() + 2) << rules_of(variant).name;
        ASSERT_TRUE(replay(start, looped).won);
        EXPECT_LE(shorten_solution(start, looped).size(), line.size()) << rules_of(variant).name;
    }
}

// Diplomat, two ranks: 2C travels from column 1 to 2 to 3 before going up; one move to the
// foundation does it.
TEST(SolutionShortening, OneMoveReplacesSeveralThatReachTheSamePosition) {
    const Position start =
        testing::make_position(VariantId::Diplomat,
                               {"T1: 2C", "T2: 2C", "F1: AC", "F2: AC", "F3: AD 2D", "F4: AD 2D",
                                "F5: AH 2H", "F6: AH 2H", "F7: AS 2S", "F8: AS 2S"},
                               2);
    const std::vector<Move> line = {Move::column_to_column(0, 2), Move::column_to_column(2, 3),
                                    Move::column_to_foundation(3), Move::column_to_foundation(1)};
    ASSERT_TRUE(replay(start, line).won);
    const std::vector<Move> short_line = shorten_solution(start, line);
    EXPECT_EQ(short_line.size(), 2u) << format_moves(short_line);
    EXPECT_TRUE(replay(start, short_line).won);
}

}  // namespace
}  // namespace patience
