// The beam probe (solver/search/beam.hpp) and the progress score it ranks by
// (solver/search/progress.hpp): its wins replay through the rules, it pauses and resumes without
// changing what it does, it never ends (so it can never be taken for a proof of loss), and the
// score prefers what it claims to prefer.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "core/deal.hpp"
#include "core/rules.hpp"
#include "solver/packed_state.hpp"
#include "solver/search/beam.hpp"
#include "solver/search/portfolio.hpp"
#include "solver/transposition_table.hpp"
#include "solver/variant_traits.hpp"
#include "tests/end_games.hpp"
#include "tests/test_support.hpp"

namespace patience {
namespace {

using testing::make_position;

SearchConfig beam_config(int width = kBeamWidth) {
    SearchConfig config{0, kBeamLane, 0, Techniques{}};
    config.beam_width = width;
    return config;
}

constexpr auto kNoDeadline = SearchClock::time_point::max();

// Every win of the beam alone, on the first deals of each game it plays differently (single cards,
// runs, face-down cards, king-only spaces), is a line the rules engine replays to a won position.
TEST(BeamProbe, ItsWinsReplayThroughTheRules) {
    TranspositionTable table(16u << 20);
    int wins = 0;
    for (VariantId variant :
         {VariantId::Diplomat, VariantId::LadyPalk, VariantId::Emperor, VariantId::EmperorModern}) {
        for (std::uint64_t seed = 1; seed <= 6; ++seed) {
            const Position start = deal_position(variant, seed);
            dispatch_variant(variant, [&](auto traits) {
                using T = decltype(traits);
                table.new_search();
                BeamProbe<T> beam(start, beam_config(), table);
                if (beam.run(300000, kNoDeadline) != SearchStatus::Won) return;
                ++wins;
                const ReplayResult r = replay(start, beam.solution());
                EXPECT_TRUE(r.all_legal) << "seed " << seed << ": " << r.reason;
                EXPECT_TRUE(r.won) << "seed " << seed;
            });
        }
    }
    EXPECT_GE(wins, 12);
}

// Cut into turns of any size, the beam does exactly what it does in one go: the same verdict in
// the same number of nodes with the same line (the portfolio's budget monotonicity rests on it).
TEST(BeamProbe, TurnsOfAnySizeChangeNothing) {
    using T = VariantTraits<VariantId::Emperor>;
    int compared = 0;
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        const Position start = deal_position(VariantId::Emperor, seed);
        TranspositionTable one_table(16u << 20), turns_table(16u << 20);
        BeamProbe<T> one_go(start, beam_config(), one_table);
        const SearchStatus status = one_go.run(200000, kNoDeadline);
        BeamProbe<T> in_turns(start, beam_config(), turns_table);
        SearchStatus turn_status = SearchStatus::Paused;
        for (std::uint64_t step = 1; turn_status == SearchStatus::Paused;
             step = step * 3 % 1000 + 1) {
            turn_status =
                in_turns.run(std::min<std::uint64_t>(in_turns.nodes() + step, 200000), kNoDeadline);
            if (in_turns.nodes() == 200000) break;
        }
        EXPECT_EQ(turn_status, status) << "seed " << seed;
        EXPECT_EQ(in_turns.nodes(), one_go.nodes()) << "seed " << seed;
        EXPECT_EQ(in_turns.runs(), one_go.runs()) << "seed " << seed;
        if (status == SearchStatus::Won) {
            EXPECT_EQ(in_turns.solution(), one_go.solution());
        }
        ++compared;
    }
    EXPECT_EQ(compared, 4);
}

// On lost end games the beam runs out of new positions again and again and starts over with
// twice the width (cycling after kWidthDoublings doublings), but never reports an end: only the
// complete search's exhaustion may mean `lost`. It spends exactly the nodes it is given.
TEST(BeamProbe, NeverEndsOnALostPositionAndWidensEachRun) {
    using T = VariantTraits<VariantId::LadyPalk>;
    testing::EndGameRequest request;
    request.variant = VariantId::LadyPalk;
    request.count = 12;
    request.cards_left = 30;
    TranspositionTable table(16u << 20);
    int lost = 0;
    for (const auto& game : testing::end_games(request)) {
        if (game.verdict != Verdict::Lost) continue;
        ++lost;
        table.new_search();
        BeamProbe<T> beam(game.position, beam_config(2), table);
        EXPECT_EQ(beam.run(20000, kNoDeadline), SearchStatus::Paused);
        EXPECT_EQ(beam.nodes(), 20000u);
        EXPECT_GT(beam.runs(), BeamProbe<T>::kWidthDoublings) << "seed " << game.seed;
        EXPECT_EQ(beam.width(), 2 << ((beam.runs() - 1) % BeamProbe<T>::kWidthDoublings));
    }
    EXPECT_GE(lost, 3);
}

// The class a level keeps at most BeamProbe::kPerClass positions of: the key without the tableau
// ignores a move from column to column and sees every move that touches the stock, the waste or
// the foundations, along random playouts of every game.
TEST(PackedState, KeyWithoutTableauSeesAllButTheColumns) {
    int column_moves = 0;
    int other_moves = 0;
    for (const auto& rules : all_variants()) {
        const VariantId variant = rules.id;
        dispatch_variant(variant, [&](auto traits) {
            using T = decltype(traits);
            for (std::uint64_t seed = 1; seed <= 3; ++seed) {
                PackedState<T> state(deal_position(variant, seed));
                std::mt19937 rng(static_cast<std::uint32_t>(seed));
                std::vector<Move> moves;
                for (int step = 0; step < 200; ++step) {
                    moves.clear();
                    state.template generate<false>(moves);
                    if (moves.empty()) break;
                    const Move m =
                        moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
                    const std::uint64_t before = state.key_without_tableau();
                    state.make(m);
                    if (m.kind == MoveKind::ColumnToColumn) {
                        ++column_moves;
                        EXPECT_EQ(state.key_without_tableau(), before) << to_string(m);
                    } else {
                        ++other_moves;
                        EXPECT_NE(state.key_without_tableau(), before) << to_string(m);
                    }
                }
            }
        });
    }
    EXPECT_GT(column_moves, 50);
    EXPECT_GT(other_moves, 50);
}

// A level of the beam never holds more than kPerClass positions with the same stock, waste and
// foundations, and the cap is reached (so it is what keeps the count down): checked at every
// pause of beams of width 64 on the first deals of four games.
TEST(BeamProbe, KeepsFewPositionsThatDifferOnlyInTheirTableau) {
    TranspositionTable table(16u << 20);
    int full_classes = 0;
    for (VariantId variant :
         {VariantId::Diplomat, VariantId::Malmaison, VariantId::Emperor, VariantId::LadyPalk}) {
        for (std::uint64_t seed = 1; seed <= 3; ++seed) {
            dispatch_variant(variant, [&](auto traits) {
                using T = decltype(traits);
                table.new_search();
                BeamProbe<T> beam(deal_position(variant, seed), beam_config(64), table);
                for (std::uint64_t cap = 500; cap <= 20000; cap += 500) {
                    if (beam.run(cap, kNoDeadline) != SearchStatus::Paused) break;
                    std::vector<std::uint64_t> classes;
                    for (const auto& state : beam.level()) {
                        classes.push_back(state.key_without_tableau());
                    }
                    std::sort(classes.begin(), classes.end());
                    for (std::size_t i = 0; i < classes.size();) {
                        std::size_t j = i;
                        while (j < classes.size() && classes[j] == classes[i]) ++j;
                        const auto count = static_cast<int>(j - i);
                        EXPECT_LE(count, BeamProbe<T>::kPerClass) << "seed " << seed;
                        if (count == BeamProbe<T>::kPerClass) ++full_classes;
                        i = j;
                    }
                }
            });
        }
    }
    EXPECT_GT(full_classes, 0);
}

// The portfolio runs the beam in the narrow-3 probe's place in every game, and gives that
// probe back when the beam is switched off; neither member is the complete one.
TEST(BeamProbe, TakesTheNarrowThreeProbesPlaceInThePortfolio) {
    const auto with = portfolio(Techniques{});
    Techniques off;
    off.beam = false;
    const auto without = portfolio(off);
    ASSERT_EQ(without.size(), 4u);
    EXPECT_EQ(without[3].config.beam_width, 0);
    EXPECT_EQ(without[3].config.branching, 3);
    ASSERT_EQ(with.size(), 4u);
    EXPECT_EQ(with[3].config.beam_width, kBeamWidth);
    EXPECT_FALSE(with[3].config.complete());
    int complete = 0;
    for (const auto& member : with) complete += member.config.complete();
    EXPECT_EQ(complete, 1);
}

// Outside end games the beam takes kBeamTurns turns a round and every other member one; from a
// start with at most kEndGameStock stock cards every member takes one, so that the complete
// search keeps its share where losses are proven. The narrow-3 probe that stands in for a
// switched-off beam keeps one turn.
TEST(BeamProbe, TakesMoreTurnsOutsideEndGames) {
    const auto turns = [](const std::vector<PortfolioMember>& plan) {
        std::vector<int> weights;
        for (const auto& member : plan) weights.push_back(member.weight);
        return weights;
    };
    EXPECT_EQ(turns(portfolio(Techniques{}, 1, 0, 64)), (std::vector<int>{1, 1, 1, kBeamTurns}));
    EXPECT_EQ(turns(portfolio(Techniques{}, 1, 0, kEndGameStock + 1)),
              (std::vector<int>{1, 1, 1, kBeamTurns}));
    EXPECT_EQ(turns(portfolio(Techniques{}, 1, 0, kEndGameStock)), (std::vector<int>{1, 1, 1, 1}));
    EXPECT_EQ(turns(portfolio(Techniques{}, 1, 0, 0)), (std::vector<int>{1, 1, 1, 1}));
    Techniques off;
    off.beam = false;
    EXPECT_EQ(turns(portfolio(off, 1, 0, 64)), (std::vector<int>{1, 1, 1, 1}));
    // Extra threads' beams take the beam's turns, their probes one (six threads: three extra
    // members, as the greedy probe retires early).
    EXPECT_EQ(turns(portfolio(Techniques{}, 6, 0, 64)),
              (std::vector<int>{1, 1, 1, kBeamTurns, kBeamTurns, 1, kBeamTurns}));
}

// From a deal, every other extra member of a multi-threaded search is a beam whose cycle of
// widths starts one run further along than the last one's, with a stream of its own; the others
// are restarting probes, narrow 2 and 3 in turn. Without the beam every extra member is a
// probe, and from an end game a complete helper.
TEST(BeamProbe, ExtraThreadsFromADealRunBeamsAtOtherWidths) {
    const auto plan = portfolio(Techniques{}, 9, 0, 64);
    ASSERT_EQ(plan.size(), 10u);  // the greedy probe retires early: nine busy members
    std::vector<std::uint64_t> first_runs;
    std::vector<int> probe_branching;
    std::vector<int> streams;
    for (std::size_t i = 4; i < plan.size(); ++i) {
        const SearchConfig& config = plan[i].config;
        EXPECT_FALSE(config.complete());
        streams.push_back(config.stream);
        if (config.beam_width > 0) {
            EXPECT_EQ(config.beam_width, kBeamWidth);
            EXPECT_EQ(plan[i].weight, kBeamTurns);
            first_runs.push_back(config.beam_first_run);
        } else {
            EXPECT_NE(config.restart_unit, 0u);
            probe_branching.push_back(config.branching);
        }
    }
    EXPECT_EQ(first_runs, (std::vector<std::uint64_t>{1, 2, 3}));
    EXPECT_EQ(probe_branching, (std::vector<int>{2, 3, 2}));
    std::sort(streams.begin(), streams.end());
    EXPECT_EQ(std::adjacent_find(streams.begin(), streams.end()), streams.end());
    EXPECT_GE(streams.front(), kFirstExtraStream);

    Techniques off;
    off.beam = false;
    for (const auto& member : portfolio(off, 10, 0, 64)) EXPECT_EQ(member.config.beam_width, 0);
    const auto end_game = portfolio(Techniques{}, 10, 0, kEndGameStock);
    for (std::size_t i = 4; i < end_game.size(); ++i) EXPECT_TRUE(end_game[i].config.complete());
}

// A beam told to start its cycle k runs along starts at the width of run k and counts its runs
// from there.
TEST(BeamProbe, StartsItsCycleOfWidthsWhereItIsTold) {
    using T = VariantTraits<VariantId::Emperor>;
    const Position start = deal_position(VariantId::Emperor, 3);
    TranspositionTable table(16u << 20);
    for (std::uint64_t first = 0; first < 9; ++first) {
        SearchConfig config = beam_config();
        config.stream = kFirstExtraStream;
        config.beam_first_run = first;
        BeamProbe<T> beam(start, config, table);
        EXPECT_EQ(beam.run(1, kNoDeadline), SearchStatus::Paused);
        EXPECT_EQ(beam.runs(), first + 1);
        const auto cycle = static_cast<std::uint64_t>(BeamProbe<T>::kWidthDoublings);
        EXPECT_EQ(beam.width(), kBeamWidth << (first % cycle));
    }
}

// The beam's stock moves: of the stock macros, only those that play one of the `window` stock
// cards from the nearest playable one stay; every other move stays. Here the stock cards
// that can be played are 9H (2 draws, onto 10S), 9D (6, onto 10S) and AS (7, to the foundations).
TEST(BeamProbe, KeepsOnlyTheStockMacrosNearTheNearestPlayableCard) {
    using T = VariantTraits<VariantId::Emperor>;
    const PackedState<T> state(make_position(
        VariantId::Emperor, {"T1: 10S", "T2: 2S", "T3: 2C", "T4: 2S", "T5: 2C", "T6: KS", "T7: KC",
                             "T8: KS", "T9: KC", "T10: 3S", "S: 5C 9H 6C 7C 8C 9D AS 4C"}));
    auto draws_kept = [&](int window, bool macros) {
        Techniques techniques;
        techniques.stock_macros = macros;
        std::vector<Move> moves;
        generate_search_moves(state, techniques, moves);
        keep_near_stock_moves(moves, 0, window);
        std::vector<int> draws;
        for (const Move& m : moves) draws.push_back(macro_draws(m));
        std::sort(draws.begin(), draws.end());
        return draws;
    };
    EXPECT_EQ(draws_kept(100, true), (std::vector<int>{2, 6, 7}));
    for (int window = 1; window <= 4; ++window) {
        EXPECT_EQ(draws_kept(window, true), (std::vector<int>{2})) << "window " << window;
    }
    EXPECT_EQ(draws_kept(5, true), (std::vector<int>{2, 6}));
    // Without stock macros the bare draw is the only stock move, and it stays.
    EXPECT_EQ(draws_kept(1, false), (std::vector<int>{0}));
}

// Where only single cards move, the beam expands a position by its kBeamChildren best-ordered
// moves: the best by move_score, up to the run's per-move noise (below kOrderNoise), which lets
// runs with other salts pick others among moves that look alike. Where runs move, every move stays.
TEST(BeamProbe, ExpandsOnlyTheBestOrderedMovesWhereSingleCardsMove) {
    static_assert(kBeamChildrenFor<VariantTraits<VariantId::Emperor>> == kBeamChildren);
    static_assert(kBeamChildrenFor<VariantTraits<VariantId::Diplomat>> == kBeamChildren);
    static_assert(kBeamChildrenFor<VariantTraits<VariantId::EmperorModern>> == 0);
    static_assert(kBeamChildrenFor<VariantTraits<VariantId::LadyPalk>> == 0);
    using T = VariantTraits<VariantId::Emperor>;
    // Many moves: the waste's 5H onto three black sixes, the sixes' and 4C's moves, the stock.
    const PackedState<T> state(make_position(
        VariantId::Emperor, {"T1: 6S", "T2: 6C", "T3: 6S", "T4: 7H", "T5: 7D", "T6: 5D",
                             "T7: 4C", "T8: KS", "T9: KC", "T10: QH", "W: 5H",
                             "S: 9C 9H 3D 8S 8C"}));
    Techniques techniques;
    std::vector<Move> all;
    generate_search_moves(state, techniques, all);
    ASSERT_GT(all.size(), static_cast<std::size_t>(kBeamChildren) + 3);
    std::vector<ScoredMove> scratch;
    std::vector<std::vector<Move>> picks;  // the distinct sets kept
    for (std::uint64_t salt = 1; salt <= 40; ++salt) {
        std::vector<Move> kept = all;
        keep_best_children(state, kept, 0, kBeamChildren, state.key(), salt, scratch);
        ASSERT_EQ(kept.size(), static_cast<std::size_t>(kBeamChildren));
        std::vector<Move> again = all;
        keep_best_children(state, again, 0, kBeamChildren, state.key(), salt, scratch);
        EXPECT_EQ(again, kept);  // the same run, the same children
        for (const Move& dropped : all) {
            if (std::find(kept.begin(), kept.end(), dropped) != kept.end()) continue;
            for (const Move& k : kept) {
                EXPECT_GT(move_score(state, k) + kOrderNoise, move_score(state, dropped));
            }
        }
        if (std::find(picks.begin(), picks.end(), kept) == picks.end()) picks.push_back(kept);
    }
    EXPECT_GT(picks.size(), 1u);  // the salts pick differently among alike moves
    std::vector<Move> every = all;
    keep_best_children(state, every, 0, 0, state.key(), 1, scratch);
    EXPECT_EQ(every, all);
}

bool shuffles(std::initializer_list<std::string_view> lines, Move m) {
    using T = VariantTraits<VariantId::Emperor>;
    return only_shuffles(PackedState<T>(make_position(VariantId::Emperor, lines)), m);
}

// A shuffle, which no probe tries: a whole column into a space, or a card lifted off a
// card it builds on that nothing else wants to be uncovered. Turning a card up, uncovering a card
// the foundations take, freeing a card that lies on a wrong one, or emptying a column onto another
// card is no shuffle.
TEST(BeamProbe, DropsOnlyTheMovesThatShuffle) {
    const Move one_to_two = Move::column_to_column(0, 1);
    const Move one_to_three = Move::column_to_column(0, 2);
    // 5H builds on 6S; 6C takes it as well.
    EXPECT_TRUE(shuffles({"T1: 6S 5H", "T2: 6C"}, one_to_two));
    EXPECT_FALSE(shuffles({"T1: 6S 5H", "T2: 6C", "F1: AS 2S 3S 4S 5S"}, one_to_two));
    EXPECT_TRUE(shuffles({"T1: 7D | 6S 5H", "T2: 6C"}, one_to_two));
    EXPECT_FALSE(shuffles({"T1: 6S | 5H", "T2: 6C"}, one_to_two));
    EXPECT_FALSE(shuffles({"T1: 6D 5H", "T2: 6C"}, one_to_two));
    EXPECT_TRUE(shuffles({"T1: 5H", "T2: 6C"}, one_to_three));
    EXPECT_FALSE(shuffles({"T1: 5H", "T2: 6C"}, one_to_two));
    EXPECT_FALSE(shuffles({"T1: 6S 5H", "T2: 6C"}, Move::column_to_foundation(0)));

    // drop_shuffles takes out exactly those moves, keeping the others in order.
    using T = VariantTraits<VariantId::Emperor>;
    const PackedState<T> state(
        make_position(VariantId::Emperor, {"T1: 6S 5H", "T2: 6C", "T3: 9D"}));
    std::vector<Move> moves;
    state.template generate<true>(moves, true);
    std::vector<Move> expected;
    for (const Move& m : moves) {
        if (!only_shuffles(state, m)) expected.push_back(m);
    }
    ASSERT_LT(expected.size(), moves.size());
    drop_shuffles(state, moves, 0);
    EXPECT_EQ(moves, expected);
}

std::int64_t score_of(VariantId variant, std::initializer_list<std::string_view> lines) {
    return dispatch_variant(variant, [&](auto traits) {
        using T = decltype(traits);
        return progress_score(PackedState<T>(make_position(variant, lines)));
    });
}

// The score rises with every card up and falls with every face-down card, every card in the
// waste (more for one above a lower card of its suit) and every card that does not build on the
// one below it.
TEST(ProgressScore, PrefersCardsUpAndPaysForBuriedCards) {
    using W = ProgressWeights;
    const auto base = score_of(VariantId::Emperor, {"T1: 5S", "T2: 9D", "F1: AH"});
    EXPECT_EQ(score_of(VariantId::Emperor, {"T1: 5S", "T2: 9D", "F1: AH 2H"}) - base, W::kUp);
    EXPECT_EQ(score_of(VariantId::Emperor, {"T1: 6H | 5S", "T2: 9D", "F1: AH"}) - base,
              -W::kFaceDown);
    // (5S builds on the face-down 6H.) 4H on 5S builds (down, alternating colours); 4C on 5S
    // does not, and buries the 5S.
    EXPECT_EQ(score_of(VariantId::Emperor, {"T1: 5S 4H", "T2: 9D", "F1: AH"}), base);
    EXPECT_EQ(score_of(VariantId::Emperor, {"T1: 5S 4C", "T2: 9D", "F1: AH"}) - base,
              -(W::kBreak * 1 / 2 + W::kBreak));
    // The waste, bottom first: 3D then 7D is in order for the foundations, 7D then 3D is not.
    const auto in_order = score_of(VariantId::Emperor, {"T1: 5S", "T2: 9D", "F1: AH", "W: 7D 3D"});
    const auto inverted = score_of(VariantId::Emperor, {"T1: 5S", "T2: 9D", "F1: AH", "W: 3D 7D"});
    EXPECT_EQ(in_order - base, -2 * W::kWaste);
    EXPECT_EQ(inverted - in_order, -W::kInversion);
}

// Each of the next kLookahead stock cards that a pile, a column top or a space would take now
// adds kPlaced where single cards move; the cards drawn after them, and cards with no place, add
// nothing.
TEST(ProgressScore, PaysForTheComingCardsThatHaveAPlace) {
    using W = ProgressWeights;
    // Every column dealt, the first two with 5S and 9D on top, the others with 2S (which only an
    // ace would build on); `empty` leaves the last one empty.
    auto score = [](VariantId variant, std::string stock, bool empty = false) {
        const int columns = rules_of(variant).columns;
        std::vector<std::string> text = {"T1: 5S", "T2: 9D", "F1: AH"};
        for (int c = 3; c <= columns - (empty ? 1 : 0); ++c) {
            text.push_back("T" + std::to_string(c) + ": 2S");
        }
        if (!stock.empty()) text.push_back("S: " + stock);
        const std::vector<std::string_view> lines(text.begin(), text.end());
        return dispatch_variant(variant, [&](auto traits) {
            using T = decltype(traits);
            return progress_score(PackedState<T>(make_position(variant, lines)));
        });
    };
    const VariantId emperor = VariantId::Emperor;
    const auto base = score(emperor, "");
    // 4H builds on 5S, 8C on 9D, 2H goes home; KD, 3C and 7S have no place.
    EXPECT_EQ(score(emperor, "KD 3C 7S"), base);
    EXPECT_EQ(score(emperor, "4H KD 8C 2H") - base, 3 * W::kPlaced);
    // A space takes any single card.
    EXPECT_EQ(score(emperor, "KD 3C", true) - score(emperor, "", true), 2 * W::kPlaced);
    // Diplomat builds down by rank in any suit: 4H and 4C on 5S, 8C on 9D.
    EXPECT_EQ(score(VariantId::Diplomat, "4H 4C 8C 7S") - score(VariantId::Diplomat, ""),
              3 * W::kPlaced);
    // Where runs move the term is off (measured: it did not pay there).
    for (VariantId runs : {VariantId::LadyPalk, VariantId::EmperorModern, VariantId::Malmaison}) {
        EXPECT_EQ(score(runs, "4H 8C", true), score(runs, "", true)) << static_cast<int>(runs);
    }
    // Only the first kLookahead cards count: the place of a card behind them does not.
    std::string stock = "KD";
    for (int i = 1; i < W::kLookahead; ++i) stock += " KD";
    EXPECT_EQ(score(emperor, stock + " 4H"), base);
    EXPECT_EQ(score(emperor, "4H " + stock) - base, W::kPlaced);
}

// Malmaison's waste costs more a card than the other games' (its stock is the longest, and a card
// builds on one card identity only); its other weights are theirs.
TEST(ProgressScore, MalmaisonPaysMoreForItsWaste) {
    using W = ProgressWeights;
    ASSERT_GT(W::kWasteMalmaison, W::kWaste);
    const auto base = score_of(VariantId::Malmaison, {"T1: 5S", "T2: 9D", "F1: AH"});
    EXPECT_EQ(score_of(VariantId::Malmaison, {"T1: 5S", "T2: 9D", "F1: AH", "W: 7D"}) - base,
              -W::kWasteMalmaison);
    EXPECT_EQ(score_of(VariantId::Malmaison, {"T1: 5S", "T2: 9D", "F1: AH", "W: 3D 7D"}) - base,
              -2 * W::kWasteMalmaison - W::kInversion);
    EXPECT_EQ(score_of(VariantId::Malmaison, {"T1: 5S", "T2: 9D", "F1: AH 2H"}) - base, W::kUp);
    for (VariantId other : {VariantId::Diplomat, VariantId::LadyPalk, VariantId::Emperor,
                            VariantId::EmperorModern}) {
        const auto other_base = score_of(other, {"T1: 5S", "T2: 9D", "F1: AH"});
        EXPECT_EQ(score_of(other, {"T1: 5S", "T2: 9D", "F1: AH", "W: 7D"}) - other_base,
                  -W::kWaste);
    }
}

}  // namespace
}  // namespace patience
