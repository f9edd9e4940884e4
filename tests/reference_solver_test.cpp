#include <gtest/gtest.h>

#include <atomic>
#include <random>
#include <string>
#include <unordered_set>

#include "core/deal.hpp"
#include "core/position_io.hpp"
#include "core/rules.hpp"
#include "solver/reference_solver.hpp"
#include "tests/test_support.hpp"

namespace patience {
namespace {

using testing::make_position;

// The position's exact layout with no folding at all: column order and pile order kept.
std::string raw_key(const Position& p) {
    std::string key;
    auto add = [&key](const std::vector<Card>& pile) {
        for (Card c : pile) key += static_cast<char>(c.bits());
        key += '|';
    };
    for (std::size_t c = 0; c < p.tableau.size(); ++c) {
        key += static_cast<char>('0' + p.face_down[c]);
        add(p.tableau[c]);
    }
    add(p.stock);
    add(p.waste);
    for (const auto& pile : p.foundations) add(pile);
    return key;
}

// Plain reachability without any folding: is a won position reachable? nullopt past `cap` states.
std::optional<bool> unfolded_winnable(const Position& start, std::size_t cap) {
    std::unordered_set<std::string> seen{raw_key(start)};
    std::vector<Position> todo{start};
    while (!todo.empty()) {
        Position p = std::move(todo.back());
        todo.pop_back();
        if (is_won(p)) return true;
        const auto moves = legal_moves(p);
        // Pushed in reverse, so the moves are tried in the engine's order: foundations early.
        for (auto it = moves.rbegin(); it != moves.rend(); ++it) {
            const Move& m = *it;
            Position child = p;
            apply_move(child, m);
            if (seen.insert(raw_key(child)).second) todo.push_back(std::move(child));
            if (seen.size() > cap) return std::nullopt;
        }
    }
    return false;
}


Position dead_diplomat() {
    // Every ace lies under its own two, no column is free and the stock is empty.
    return make_position(VariantId::Diplomat,
                         {"T1: AC 2C", "T2: AC 2C", "T3: AD 2D", "T4: AD 2D", "T5: AH 2H",
                          "T6: AH 2H", "T7: AS 2S", "T8: AS 2S"},
                         2);
}

Position lady_palk_without_kings() {
    // Six spaces, but the 3S on top of each 2S is not a king (4 is, in a 4-rank deck) and no 4
    // is exposed: nothing can move.
    return make_position(
        VariantId::LadyPalk,
        {"T1: 4S 2S 3S", "T2: 4S 2S 3S", "F1: AC 2C 3C 4C", "F2: AC 2C 3C 4C", "F3: AD 2D 3D 4D",
         "F4: AD 2D 3D 4D", "F5: AH 2H 3H 4H", "F6: AH 2H 3H 4H", "F7: AS", "F8: AS"},
        4);
}

Position lady_palk_locked_after_draws() {
    // The two draws let 2C and 3C go up, but 4C, the only king that could open a space, lies at
    // the bottom of column 2, and nothing else moves.
    return make_position(
        VariantId::LadyPalk,
        {"T1: 4S 2S 3S", "T2: 4C 4S 2S 3S", "S: 3C 2C", "F1: AC", "F2: AC 2C 3C 4C",
         "F3: AD 2D 3D 4D", "F4: AD 2D 3D 4D", "F5: AH 2H 3H 4H", "F6: AH 2H 3H 4H", "F7: AS",
         "F8: AS"},
        4);
}

TEST(ReferenceSolver, AlreadyWonPositionIsWonWithNoMoves) {
    const Position p = make_position(VariantId::Diplomat,
                                     {"F1: AC", "F2: AC", "F3: AD", "F4: AD", "F5: AH", "F6: AH",
                                      "F7: AS", "F8: AS"},
                                     1);
    const SolveResult r = reference_solve(p);
    EXPECT_EQ(r.verdict, Verdict::Won);
    EXPECT_TRUE(r.solution.empty());
}

TEST(ReferenceSolver, FindsTheOnlyWinningOrder) {
    // AS is buried under 2S: the 2 must step aside to the empty column first.
    const Position p = make_position(
        VariantId::Diplomat,
        {"T1: AS 2S", "F1: AC 2C", "F2: AC 2C", "F3: AD 2D", "F4: AD 2D", "F5: AH 2H",
         "F6: AH 2H", "F7: AS 2S"},
        2);
    const SolveResult r = reference_solve(p);
    ASSERT_EQ(r.verdict, Verdict::Won);
    EXPECT_EQ(format_moves(r.solution), "1>2 1>f 2>f");
    EXPECT_TRUE(replay(p, r.solution).won);
}

TEST(ReferenceSolver, DeadStartIsLost) {
    const Position p = dead_diplomat();
    ASSERT_TRUE(is_dead(p));
    const SolveResult r = reference_solve(p);
    EXPECT_EQ(r.verdict, Verdict::Lost);
    EXPECT_EQ(r.nodes, 1u);
}

TEST(ReferenceSolver, LadyPalkSpacesThatOnlyKingsFillLeaveThisLost) {
    const Position p = lady_palk_without_kings();
    EXPECT_EQ(reference_solve(p).verdict, Verdict::Lost);
    // The same layout where a space takes any card is won: a 3S steps into a space.
    Position any_card = p;
    any_card.variant = VariantId::Diplomat;
    EXPECT_EQ(reference_solve(any_card).verdict, Verdict::Won);
}

TEST(ReferenceSolver, LostOnlyAfterSearchingEveryDraw) {
    const Position p = lady_palk_locked_after_draws();
    ASSERT_EQ(validation_problem(p), "");
    ASSERT_FALSE(is_dead(p));
    const SolveResult r = reference_solve(p);
    EXPECT_EQ(r.verdict, Verdict::Lost);
    EXPECT_GT(r.nodes, 1u);
}

TEST(ReferenceSolver, NodeLimitGivesUnknownWithItsReason) {
    const Position p = deal_position(VariantId::Diplomat, 1, 6);
    SearchLimits limits;
    limits.node_limit = 5;
    const SolveResult r = reference_solve(p, limits);
    EXPECT_EQ(r.verdict, Verdict::Unknown);
    EXPECT_EQ(r.limit, LimitHit::Nodes);
    EXPECT_EQ(r.nodes, 5u);
}

// SearchLimits::progress hears every 1,024 nodes; SearchLimits::cancel stops the search there.
TEST(ReferenceSolver, ProgressIsToldAndCancelStops) {
    const Position p = deal_position(VariantId::Emperor, 132);
    std::atomic<bool> stop{false};
    std::vector<std::uint64_t> told;
    SearchLimits limits;
    limits.cancel = &stop;
    limits.progress = [&](const SearchProgress& progress) {
        told.push_back(progress.nodes);
        EXPECT_EQ(progress.tree_share, 0);
        if (progress.nodes >= 5 * 1024) stop = true;
    };
    const SolveResult r = reference_solve(p, limits);
    EXPECT_EQ(r.verdict, Verdict::Unknown);
    EXPECT_EQ(r.limit, LimitHit::Cancelled);
    EXPECT_EQ(r.nodes, 5u * 1024);
    EXPECT_EQ(told, (std::vector<std::uint64_t>{1024, 2048, 3072, 4096, 5120}));
}

TEST(ReferenceSolver, MemoryLimitGivesUnknownWithItsReason) {
    const Position p = deal_position(VariantId::DoubleDot, 1, 5);
    SearchLimits limits;
    limits.memory_bytes = 64 * 1024;
    const SolveResult r = reference_solve(p, limits);
    EXPECT_EQ(r.verdict, Verdict::Unknown);
    EXPECT_EQ(r.limit, LimitHit::Memory);
}

TEST(ReferenceSolver, IsDeterministic) {
    const Position p = deal_position(VariantId::Emperor, 7, 5);
    const SolveResult a = reference_solve(p);
    const SolveResult b = reference_solve(p);
    EXPECT_EQ(a.verdict, b.verdict);
    EXPECT_EQ(a.nodes, b.nodes);
    EXPECT_EQ(a.solution, b.solution);
}

// Every `won` the reference solver reports replays through the rules engine to a won position.
TEST(ReferenceSolver, EveryWinReplaysThroughTheRules) {
    int wins = 0;
    for (const auto& rules : all_variants()) {
        const int ranks = 3;  // the smallest deck every variant allows (Double Dot: odd, >= 3)
        for (std::uint64_t seed = 1; seed <= 12; ++seed) {
            const Position p = deal_position(rules.id, seed, ranks);
            SearchLimits limits;
            limits.node_limit = 20000;
            const SolveResult r = reference_solve(p, limits);
            if (r.verdict != Verdict::Won) continue;
            ++wins;
            const ReplayResult replayed = replay(p, r.solution);
            EXPECT_TRUE(replayed.all_legal) << rules.name << " seed " << seed << ": move "
                                            << replayed.first_illegal << ": " << replayed.reason;
            EXPECT_TRUE(replayed.won) << rules.name << " seed " << seed;
        }
    }
    EXPECT_GE(wins, 60);
}

// The reference solver folds column order and foundation order; a search that folds nothing must
// reach the same verdict: on random valid positions of every variant (nearly all won) and on
// hand-built lost ones.
TEST(ReferenceSolver, FoldingIsExact_AgreesWithUnfoldedSearch) {
    for (const Position& lost : {dead_diplomat(), lady_palk_without_kings(),
                                 lady_palk_locked_after_draws()}) {
        ASSERT_EQ(validation_problem(lost), "");
        EXPECT_EQ(unfolded_winnable(lost, 100000), std::optional<bool>(false));
        EXPECT_EQ(reference_solve(lost).verdict, Verdict::Lost);
    }
    std::mt19937 rng(2024);
    for (const auto& rules : all_variants()) {
        int decided = 0;
        const int ranks = 3;
        for (int i = 0; i < 30; ++i) {
            const Position start = testing::random_position(rules.id, ranks, rng);
            const auto expected = unfolded_winnable(start, 20000);
            if (!expected) continue;
            const SolveResult r = reference_solve(start);
            ASSERT_NE(r.verdict, Verdict::Unknown);
            EXPECT_EQ(r.verdict == Verdict::Won, *expected) << rules.name << " position " << i;
            ++decided;
        }
        EXPECT_GE(decided, 10) << rules.name;
    }
}

}  // namespace
}  // namespace patience
