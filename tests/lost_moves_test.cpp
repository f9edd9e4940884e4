// Lost moves passed on (solver/search/lost_moves.hpp): after moves that commute with a move whose
// child the dead-end test proves lost, the move is still legal, reaches the position that playing
// it first reaches, and that position is one the reference search does not win; which moves
// commute; and the complete search proves an Emperor end game lost in fewer nodes with the rule
// than without it.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <random>
#include <utility>

#include "core/deal.hpp"
#include "core/position_io.hpp"
#include "core/rules.hpp"
#include "solver/fast_solver.hpp"
#include "solver/reference_solver.hpp"
#include "solver/search/dead_end.hpp"
#include "solver/search/lost_moves.hpp"
#include "solver/search/move_touches.hpp"
#include "solver/search/search_moves.hpp"
#include "solver/search/stock_macro.hpp"
#include "solver/search/supermove.hpp"
#include "solver/search/techniques.hpp"
#include "tests/test_support.hpp"

namespace patience {
namespace {

// Plays a search move (a stock macro as its draws and its waste move, a supermove as its single
// moves) through the rules if every plain move of it is legal; false, with `position` left as it
// was, if one is not.
template <class T>
bool play_if_legal(Position& position, const Move& move) {
    if (is_supermove<T>(move)) {  // its expansion needs the spaces that make it a search move
        std::vector<Move> moves;
        generate_search_moves(PackedState<T>(position), Techniques{}, moves);
        if (std::find(moves.begin(), moves.end(), move) == moves.end()) return false;
    }
    ReplayResult result =
        replay(position, expand_stock_macros(expand_supermoves<T>(position, {move})));
    if (!result.all_legal) return false;
    position = std::move(result.final_position);
    return true;
}

// Soundness on reduced decks (9 ranks; Double Dot 7): from positions of the later half of greedy
// playouts and from random positions, a search move M (supermoves too) whose child the dead-end
// test calls lost, then one to three random moves that commute with M (move_touches.hpp's
// commutes), drawn from the legal moves and the search's moves (stock macros, supermoves). M is
// then legal, reaches the position that M first and the same moves after reach, and the reference
// search does not win it. Enough are checked, and proven lost, in every variant. Each variant
// draws from a generator of its own, so that what one variant's test meets leaves the others'
// samples as they were.
TEST(LostMoves, ALostMoveStaysLostAfterMovesThatCommuteWithIt_ReducedDecks) {
    SearchLimits limits;
    limits.node_limit = 20000;
    for (const auto& rules : all_variants()) {
        std::mt19937 rng(31 + static_cast<unsigned>(rules.id));
        const int ranks = rules.id == VariantId::DoubleDot ? 7 : 9;
        int checked = 0, proven = 0;
        for (std::uint64_t seed = 1; seed <= 800 && checked < 40; ++seed) {
            const auto line =
                testing::greedy_playout(deal_position(rules.id, seed, ranks), 300, rng);
            const Position p = seed % 3 == 0 ? testing::random_position(rules.id, ranks, rng)
                                             : line[line.size() - 1 - rng() % line.size() / 2];
            dispatch_variant(rules.id, [&](auto traits) {
                using T = decltype(traits);
                const PackedState<T> state(p);
                std::vector<Move> moves;
                generate_search_moves(state, Techniques{}, moves);
                for (const Move& lost : moves) {
                    if (touches<T>(lost) == kTouchesEverything) continue;
                    Position child = p;
                    if (!play_if_legal<T>(child, lost)) {
                        ADD_FAILURE() << rules.name << ": a search move is not legal";
                        return;
                    }
                    if (!dead_end(child)) continue;
                    // Moves that commute with the lost one, from P and, after it, from P.M.
                    Position c = p;
                    Position expected = child;
                    int played = 0;
                    for (int step = 0; step < 3; ++step) {
                        std::vector<Move> candidates = legal_moves(c);
                        generate_search_moves(PackedState<T>(c), Techniques{}, candidates);
                        std::vector<Move> commuting;
                        for (const Move& m : candidates) {
                            if (commutes<T>(lost, m)) commuting.push_back(m);
                        }
                        if (commuting.empty()) break;
                        const Move m = commuting[rng() % commuting.size()];
                        ASSERT_TRUE(play_if_legal<T>(c, m)) << rules.name << " " << to_string(m);
                        ASSERT_TRUE(play_if_legal<T>(expected, m))
                            << rules.name << " " << to_string(m);
                        ++played;
                    }
                    if (played == 0) continue;
                    ++checked;
                    ASSERT_TRUE(play_if_legal<T>(c, lost)) << rules.name << " " << to_string(lost);
                    EXPECT_EQ(c, expected) << rules.name << " " << to_string(lost);
                    const Verdict truth = reference_solve(c, limits).verdict;
                    proven += truth == Verdict::Lost;
                    EXPECT_NE(truth, Verdict::Won) << rules.name << "\n" << position_to_json(p);
                    return;  // one lost move a position
                }
            });
        }
        std::cout << rules.name << ": " << checked << " lost moves after commuting moves, "
                  << proven << " checked lost by the reference search\n";
        EXPECT_GE(checked, 20) << rules.name;
        EXPECT_GE(proven, 10) << rules.name;
    }
}

// Supermoves on reduced decks (9 ranks; Diplomat and Emperor, where they apply): in positions of
// greedy playouts and random positions, a supermove S and every legal or search move W that
// commutes with it (which touches no column: from the waste or the stock to the foundations) are
// legal in both orders and reach one position, as the lost-move rule's proof needs when either is
// the lost move.
TEST(LostMoves, ASupermoveCommutesWithMovesOffTheColumns_ReducedDecks) {
    std::mt19937 rng(37);
    for (const VariantId id : {VariantId::Diplomat, VariantId::Emperor}) {
        int pairs = 0;
        dispatch_variant(id, [&](auto traits) {
            using T = decltype(traits);
            for (std::uint64_t seed = 1; seed <= 400 && pairs < 60; ++seed) {
                auto positions = testing::greedy_playout(deal_position(id, seed, 9), 300, rng);
                for (int i = 0; i < 20; ++i) {
                    positions.push_back(testing::random_position(id, 9, rng));
                }
                for (const Position& p : positions) {
                    std::vector<Move> moves = legal_moves(p);
                    generate_search_moves(PackedState<T>(p), Techniques{}, moves);
                    for (const Move& s : moves) {
                        if (!is_supermove<T>(s)) continue;
                        for (const Move& w : moves) {
                            if (!commutes<T>(s, w)) continue;
                            Position sw = p, ws = p;
                            ASSERT_TRUE(play_if_legal<T>(sw, s) && play_if_legal<T>(sw, w))
                                << to_string(s) << " " << to_string(w);
                            ASSERT_TRUE(play_if_legal<T>(ws, w) && play_if_legal<T>(ws, s))
                                << to_string(w) << " " << to_string(s);
                            EXPECT_EQ(sw, ws);
                            ++pairs;
                        }
                    }
                }
            }
        });
        std::cout << rules_of(id).name << ": " << pairs
                  << " supermoves with a move off the columns\n";
        EXPECT_GE(pairs, 20);
    }
}

// What commutes: moves on other columns, and a column's move to the foundations with moves that
// leave the foundations alone; a supermove with moves that leave every column alone; not two moves
// on one column, two moves through the waste, two moves to the foundations, a supermove with a
// move on any column, nor anything with a deal.
TEST(LostMoves, MovesCommuteOnlyWhereTheyTouchNothingInCommon) {
    using E = VariantTraits<VariantId::Emperor>;
    using M = VariantTraits<VariantId::Malmaison>;
    const Move shuffle = Move::column_to_column(0, 1);
    const Move other_shuffle = Move::column_to_column(2, 3);
    const Move home = Move::column_to_foundation(4);
    const Move macro = stock_macro(3, Move::waste_to_column(5));
    EXPECT_TRUE(commutes<E>(shuffle, other_shuffle));
    EXPECT_TRUE(commutes<E>(shuffle, home));
    EXPECT_TRUE(commutes<E>(macro, shuffle));
    EXPECT_TRUE(commutes<E>(macro, home));
    EXPECT_FALSE(commutes<E>(shuffle, Move::column_to_column(1, 2)));
    EXPECT_FALSE(commutes<E>(macro, Move::column_to_column(5, 6)));
    EXPECT_FALSE(commutes<E>(macro, Move::waste_to_column(7)));
    EXPECT_FALSE(commutes<E>(macro, Move::draw()));
    EXPECT_FALSE(commutes<E>(home, Move::column_to_foundation(6)));
    EXPECT_FALSE(commutes<E>(home, Move::waste_to_foundation()));
    const Move supermove = Move::column_to_column(2, 3, 2);
    EXPECT_FALSE(commutes<E>(shuffle, supermove));
    EXPECT_FALSE(commutes<E>(home, supermove));
    EXPECT_FALSE(commutes<E>(macro, supermove));
    EXPECT_TRUE(commutes<E>(supermove, Move::waste_to_foundation()));
    EXPECT_TRUE(commutes<E>(supermove, stock_macro(2, Move::waste_to_foundation())));
    EXPECT_TRUE(commutes<M>(shuffle, supermove));  // a run, by the rules
    EXPECT_FALSE(commutes<M>(shuffle, Move::deal()));
}

// The list passes down only what commutes with every move since, and drops those moves.
TEST(LostMoves, TheChildKeepsWhatCommutesAndDropsIt) {
    using E = VariantTraits<VariantId::Emperor>;
    const Move shuffle = Move::column_to_column(0, 1);
    const Move macro = stock_macro(2, Move::waste_to_column(5));
    std::vector<Move> lost = {shuffle, macro};
    const Undo path[] = {{Move::column_to_column(1, 2), 0, 0, Card()},
                         {Move::column_to_foundation(3), 0, 0, Card()}};
    inherit_lost_moves<E>(lost, 0, 2, path_touches<E>(path, 2));
    ASSERT_EQ(lost.size(), 3u);
    EXPECT_EQ(lost[2], macro);
    std::vector<Move> moves = {shuffle, macro, Move::column_to_column(6, 7)};
    EXPECT_EQ(drop_lost_moves(lost, 2, 3, moves, 0), 1u);
    EXPECT_EQ(moves, (std::vector<Move>{shuffle, Move::column_to_column(6, 7)}));
}

// Emperor seed 563, 12 stock cards left and 42 in the waste (tests/positions/
// emperor_563_end_game.json): the complete search alone, without the capacity and waste-drain
// tests (the second proves it lost at the first node), proves it lost with the rule and without it,
// and with it in fewer nodes.
TEST(LostMoves, AnEmperorEndGameIsProvenLostInFewerNodes) {
    const Position p = testing::source_position("tests/positions/emperor_563_end_game.json");
    FastSolver with(16u << 20, parse_disabled_techniques("probes,capacity,waste-drain"));
    FastSolver without(16u << 20,
                       parse_disabled_techniques("probes,capacity,waste-drain,lost-moves"));
    const SolveResult a = with.solve(p, {});
    const SolveResult b = without.solve(p, {});
    EXPECT_EQ(a.verdict, Verdict::Lost);
    EXPECT_EQ(b.verdict, Verdict::Lost);
    EXPECT_LT(a.nodes, b.nodes);
    std::cout << "nodes with the rule " << a.nodes << ", without " << b.nodes << "\n";
}

}  // namespace
}  // namespace patience
