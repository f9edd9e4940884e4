// The dead-end test (solver/search/dead_end.hpp): hand-made positions where the rules decide it,
// and every position it calls lost checked against the unpruned reference search, on reduced
// decks and on full-rank end games.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <memory>
#include <random>

#include "core/deal.hpp"
#include "core/position_io.hpp"
#include "core/rules.hpp"
#include "solver/fast_solver.hpp"
#include "solver/reference_solver.hpp"
#include "solver/search/capacity.hpp"
#include "solver/search/dead_end.hpp"
#include "solver/search/techniques.hpp"
#include "solver/variant_traits.hpp"
#include "tests/end_games.hpp"
#include "tests/test_support.hpp"

namespace patience {
namespace {

using testing::make_position;

// Every club, heart and spade home, both diamond piles at 8D; the ten diamonds left lie as given.
Position diamonds_left(VariantId variant, std::initializer_list<std::string_view> cards) {
    std::vector<std::string_view> lines(cards);
    for (std::string_view pile : {
             "F1: AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC",
             "F2: AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC",
             "F3: AD 2D 3D 4D 5D 6D 7D 8D",
             "F4: AD 2D 3D 4D 5D 6D 7D 8D",
             "F5: AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
             "F6: AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
             "F7: AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS",
             "F8: AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS",
         }) {
        lines.push_back(pile);
    }
    Position p = make_position(variant, lines);
    EXPECT_EQ(validation_problem(p), "");
    return p;
}

// `lost` is lost for the reference search and the test sees it; `won`, nearly the same cards, is
// won and the test leaves it open.
void expect_dead_only(const Position& lost, const Position& won) {
    EXPECT_TRUE(dead_end(lost));
    EXPECT_EQ(reference_solve(lost).verdict, Verdict::Lost);
    EXPECT_FALSE(dead_end(won));
    EXPECT_EQ(reference_solve(won).verdict, Verdict::Won);
}

// Lady Palk: the queens on the waste can go only home or onto a king, and both kings lie under
// them; the jack on the nines cannot move into a space (kings only) nor onto a queen. Lost, and the
// test sees it. Under Diplomat's rules a queen fills a space and the same cards win.
TEST(DeadEnd, LadyPalkQueensCannotFillSpaces) {
    const Position palk =
        diamonds_left(VariantId::LadyPalk, {"T1: 9D 9D JD", "W: KD KD JD 10D 10D QD QD"});
    const Position diplomat =
        diamonds_left(VariantId::Diplomat, {"T1: 9D 9D JD", "W: KD KD JD 10D 10D QD QD"});
    expect_dead_only(palk, diplomat);
}

// Double Dot, five ranks: three cards in the eight columns and eight in the stock. A deal needs a
// card in every column and nothing else brings cards into the columns, so the stock is never
// dealt: lost, and the test sees it at once (it read every stock card as dealt some day, and the
// search walked the arrangements of the three cards first). The same cards with the stock dealt
// out win.
TEST(DeadEnd, DoubleDotStockIsStrandedWithFewerCardsThanColumns) {
    const std::initializer_list<std::string_view> piles = {
        "F1: AC 3C 5C", "F2: AH 3H", "F3: 2D 4D", "F4: 2S 4S"};
    std::vector<std::string_view> stranded = {"T1: 4C", "T2: 2H", "T3: 3D",
                                              "S: 2C 5H 4H AD 5D AS 3S 5S"};
    std::vector<std::string_view> dealt = {"T1: 4C 2C", "T2: 2H 5H", "T3: 3D 4H", "T4: AD",
                                           "T5: 5D",    "T6: AS",    "T7: 3S",    "T8: 5S"};
    stranded.insert(stranded.end(), piles);
    dealt.insert(dealt.end(), piles);
    const Position lost = make_position(VariantId::DoubleDot, stranded, 5);
    const Position won = make_position(VariantId::DoubleDot, dealt, 5);
    ASSERT_EQ(validation_problem(lost), "");
    ASSERT_EQ(validation_problem(won), "");
    expect_dead_only(lost, won);
    // With eight cards in the columns a deal can come: the test leaves open the Double Dot deals
    // the solver wins (each win replayed by the rules).
    FastSolver fast(16u << 20);
    int won_deals = 0;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        const Position deal = deal_position(VariantId::DoubleDot, seed, 5);
        if (fast.solve(deal, {}).verdict != Verdict::Won) continue;
        ++won_deals;
        EXPECT_FALSE(dead_end(deal)) << seed;
    }
    EXPECT_GE(won_deals, 10);
}

// The same Lady Palk cards: the two nines under the jack are where the diamonds' trouble starts
// (their pile is at 8D), and every diamond above them is stuck too; the Diplomat twin has none.
TEST(DeadEnd, NamesTheStuckCardsAndWhereTheyLie) {
    const Position palk =
        diamonds_left(VariantId::LadyPalk, {"T1: 9D 9D JD", "W: KD KD JD 10D 10D QD QD"});
    const std::vector<StuckCard> stuck = dead_end_cards(palk);
    EXPECT_EQ(stuck.size(), 10u);  // every diamond left
    std::vector<std::pair<int, int>> first;  // (column, cards on it)
    for (const StuckCard& c : stuck) {
        if (c.card == Card(12, Suit::Diamonds)) {  // a queen: in the waste, one on top
            EXPECT_EQ(c.column, StuckCard::kInWaste);
            EXPECT_LE(c.under, 1);
        }
        if (!c.first) continue;
        EXPECT_EQ(c.card, Card(9, Suit::Diamonds));
        first.emplace_back(c.column, c.under);
    }
    std::sort(first.begin(), first.end());
    EXPECT_EQ(first, (std::vector<std::pair<int, int>>{{0, 1}, {0, 2}}));
    EXPECT_EQ(static_cast<int>(stuck.size()), dead_end_homeless(palk));
    EXPECT_TRUE(dead_end_cards(diamonds_left(VariantId::Diplomat,
                                             {"T1: 9D 9D JD", "W: KD KD JD 10D 10D QD QD"}))
                    .empty());
}

// Lady Palk (only kings fill spaces). The jack on the waste's top can land only on the queen drawn
// second, and the ten drawn before it covers the jack and can leave only onto a jack or home after
// the nines, which lie under that jack. Lost; the test sees it only because a stock card drawn
// before the landing must first leave the waste ("drawn clear" in dead_end.hpp). With the ten
// drawn second the queen comes first, lands on the king, takes the jack, and the cards win.
TEST(DeadEnd, AStockLandingNeedsTheCardsDrawnBeforeItGone) {
    const auto waste = "W: 10D JD QD KD 9D 9D JD";
    const Position lost = diamonds_left(VariantId::LadyPalk, {"T1: KD", waste, "S: 10D QD"});
    const Position won = diamonds_left(VariantId::LadyPalk, {"T1: KD", waste, "S: QD 10D"});
    expect_dead_only(lost, won);
}

// Lady Palk. The ten on the waste's top has no landing, so it goes home from the waste, after a
// nine; the nine it can wait for is drawn second (the other lies under it), and the jack drawn
// before it covers the ten and can leave only home, after a ten. Lost, and seen only through the
// draw order; with the nine drawn first it goes home and the cards win.
TEST(DeadEnd, AWasteCardWaitsForTheStockCardItsPileNeeds) {
    const auto waste = "W: JD QD QD KD KD 10D 9D 10D";
    const Position lost = diamonds_left(VariantId::LadyPalk, {waste, "S: JD 9D"});
    const Position won = diamonds_left(VariantId::LadyPalk, {waste, "S: 9D JD"});
    expect_dead_only(lost, won);
}

// Every card home: a won position, which no card can be stuck in. The test leaves it open (the
// searches check for a win first, but the test must not call a win lost wherever it runs).
TEST(DeadEnd, AWonPositionIsNotADeadEnd) {
    std::vector<std::string> piles;
    for (const char* suit : {"C", "D", "H", "S"}) {
        for (int copy = 0; copy < 2; ++copy) {
            std::string pile = "F" + std::to_string(piles.size() + 1) + ":";
            for (const char* rank : {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q",
                                     "K"}) {
                pile += std::string(" ") + rank + suit;
            }
            piles.push_back(pile);
        }
    }
    const std::vector<std::string_view> lines(piles.begin(), piles.end());
    const Position won = make_position(VariantId::Diplomat, lines);
    ASSERT_EQ(validation_problem(won), "");
    using T = VariantTraits<VariantId::Diplomat>;
    const PackedState<T> state(won);
    ASSERT_TRUE(state.won());
    auto test = std::make_unique<DeadEndTest<T>>();
    EXPECT_FALSE(test->lost(state));
    EXPECT_EQ(test->homeless(), 0);
    EXPECT_FALSE(dead_end(won));
    EXPECT_TRUE(dead_end_cards(won).empty());
}

// The search skips the test only after moves from column to column (dead_end.hpp says why).
TEST(DeadEnd, TestedAfterEveryMoveButColumnToColumn) {
    EXPECT_FALSE(worth_a_dead_end_test(Move::column_to_column(0, 1, 1)));
    EXPECT_FALSE(worth_a_dead_end_test(Move::column_to_column(2, 0, 3)));
    for (const Move& m :
         {Move::draw(), Move::deal(), Move::waste_to_foundation(), Move::waste_to_column(1),
          Move::column_to_foundation(0), stock_macro(3, Move::waste_to_column(2))}) {
        EXPECT_TRUE(worth_a_dead_end_test(m)) << to_string(m);
    }
}

// The searches skip the test only with kDeadEndStockLimit stock cards or more (dead_end.hpp), which
// only Malmaison's deals reach: every other game's searches test every position they did before.
TEST(DeadEnd, SkippedOnlyWithAStockOnlyMalmaisonReaches) {
    EXPECT_TRUE(dead_end_test_pays(0));
    EXPECT_TRUE(dead_end_test_pays(kDeadEndStockLimit - 1));
    EXPECT_FALSE(dead_end_test_pays(kDeadEndStockLimit));
    for (const VariantRules& rules : all_variants()) {
        const int stock = static_cast<int>(deal_position(rules.id, 1).stock.size());
        EXPECT_EQ(dead_end_test_pays(stock), rules.id != VariantId::Malmaison) << rules.name;
    }
}

// A whole deal can be lost from its first card: Emperor-modern seed 88452, the first deal of seeds
// 1-100,000 found lost (README, "What it decides today"), is a dead end as dealt, and so is its
// Emperor twin (Emperor's moves are Emperor-modern moves). Its first 2C is drawn third, before
// both aces of clubs, under a king of clubs that can leave the waste only into a space, and the
// test finds no way to empty a column. The fixpoint without the shortcuts strands the same cards.
TEST(DeadEnd, AWholeDealCanBeADeadEndAsDealt) {
    for (const VariantId variant : {VariantId::EmperorModern, VariantId::Emperor}) {
        const Position deal = deal_position(variant, 88452);
        const int homeless = dead_end_homeless(deal);
        EXPECT_GT(homeless, 0);
        EXPECT_EQ(homeless, dead_end_homeless(deal, {.shortcuts = false}));
        const std::vector<StuckCard> stuck = dead_end_cards(deal);
        EXPECT_TRUE(std::any_of(stuck.begin(), stuck.end(), [](const StuckCard& c) {
            return c.card == Card(2, Suit::Clubs) && c.column == StuckCard::kInStock &&
                   c.under == 2 && c.first;
        }));
    }
}

// The stock prefixes (dead_end.hpp) see deals lost as dealt that the whole stock hides. Malmaison
// seed 2338 (one of 38 such deals of seeds 1-100,000, against 3 without the prefixes): the test
// strands cards only with them; seed 22036, a dead end without them, stays one.
TEST(DeadEnd, StockPrefixesSeeDealsLostThatTheWholeStockHides) {
    const Position deal = deal_position(VariantId::Malmaison, 2338);
    EXPECT_EQ(dead_end_homeless(deal), 0);
    const int homeless = dead_end_homeless(deal, {.stock_prefix = true});
    EXPECT_GT(homeless, 0);
    EXPECT_EQ(homeless, dead_end_homeless(deal, {.shortcuts = false, .stock_prefix = true}));
    EXPECT_EQ(static_cast<int>(dead_end_cards(deal, {.stock_prefix = true}).size()), homeless);
    const Position plain_dead = deal_position(VariantId::Malmaison, 22036);
    EXPECT_GT(dead_end_homeless(plain_dead), 0);
    EXPECT_GE(dead_end_homeless(plain_dead, {.stock_prefix = true}),
              dead_end_homeless(plain_dead));
    // The solver calls it lost at its first node, and names the cards; without the rule, not.
    FastSolver fast(16u << 20);
    SearchLimits limits;
    limits.node_limit = 100;
    EXPECT_EQ(fast.solve(deal, limits).verdict, Verdict::Lost);
    FastSolver without(16u << 20, parse_disabled_techniques("stock-prefix"));
    EXPECT_EQ(without.solve(deal, limits).verdict, Verdict::Unknown);
}

// The shortcuts (remembered failed looks, home passed up the suit) only save work: with and
// without them the test calls the same positions lost, leaving the same number of cards without
// home (the least fixpoint's), on full-deck playouts of every variant backed up by 1 to 60 moves
// (stock left from none to most of it). With the shortcuts, one test object per variant tests
// every position in turn, as in the search, so a look remembered from an earlier test, of other
// cards, must never be taken for one of this test.
TEST(DeadEnd, TheShortcutsReachTheSameFixpoint) {
    std::mt19937 rng(29);
    int lost = 0, open = 0;
    for (const auto& rules : all_variants()) {
        dispatch_variant(rules.id, [&](auto traits) {
            using T = decltype(traits);
            auto reused = std::make_unique<DeadEndTest<T>>();
            auto reused_with_prefixes = std::make_unique<DeadEndTest<T>>();
            reused_with_prefixes->use_stock_prefix(true);
            for (std::uint64_t seed = 1; seed <= 200; ++seed) {
                const unsigned back = 1 + static_cast<unsigned>(rng() % 60);
                const Position p =
                    testing::backed_up_playout(deal_position(rules.id, seed), back, rng);
                reused->lost(PackedState<T>(p));
                const int homeless = reused->homeless();
                EXPECT_EQ(homeless, dead_end_homeless(p, {.shortcuts = false}))
                    << rules.name << "\n" << position_to_json(p);
                (homeless > 0 ? lost : open) += 1;
                // The same with the stock prefixes, whose tests are kept from one position to
                // the next; their rules only add conditions, so they strand at least as many.
                reused_with_prefixes->lost(PackedState<T>(p));
                const int with_prefixes = reused_with_prefixes->homeless();
                EXPECT_EQ(with_prefixes,
                          dead_end_homeless(p, {.shortcuts = false, .stock_prefix = true}))
                    << rules.name << "\n" << position_to_json(p);
                EXPECT_GE(with_prefixes, homeless) << rules.name << "\n" << position_to_json(p);
            }
        });
    }
    std::cout << lost << " playouts called lost, " << open << " open\n";
    EXPECT_GE(lost, 20);
    EXPECT_GE(open, 20);
}

// Soundness on reduced decks: every position the test calls lost is lost for the unpruned
// reference search. The positions are greedy playouts of deals (a foundation move whenever there
// is one, else a random move, stock moves favoured), stopped when stuck and backed up a few moves,
// where one-pass games die. Few of them are lost in some variants (reduced decks are forgiving),
// so the count the test must reach is over all variants; the full-rank end games below add more.
TEST(DeadEnd, EveryCalledLossIsLostForTheReference_ReducedDecks) {
    std::mt19937 rng(17);
    SearchLimits limits;
    limits.node_limit = 20000;
    int called = 0;
    for (const auto& rules : all_variants()) {
        const int ranks = rules.foundation_step == 2 ? 5 : 6;
        int called_here = 0, lost_here = 0;  // lost: for the reference search
        for (std::uint64_t seed = 1; seed <= 150; ++seed) {
            const Position p =
                testing::backed_up_playout(deal_position(rules.id, seed, ranks), 12, rng);
            if (legal_moves(p).empty()) continue;
            const Verdict truth = reference_solve(p, limits).verdict;
            lost_here += truth == Verdict::Lost;
            // With the stock prefixes: the losses it calls are a superset of those without.
            if (!dead_end(p, {.stock_prefix = true})) continue;
            ++called_here;
            EXPECT_NE(truth, Verdict::Won) << rules.name << "\n" << position_to_json(p);
        }
        std::cout << rules.name << ": " << lost_here << " lost for the reference search, "
                  << called_here << " called lost by the test\n";
        called += called_here;
    }
    EXPECT_GE(called, 20);
}

// The stock prefixes' rule on full-rank positions where it decides: greedy playouts of deals, at
// every position with 1 to 30 stock cards, the first one of each playout that the test calls lost
// with the prefixes and not without. None may be won: the reference search must not find a win,
// and where it cannot exhaust the position within its cap, the fast solver without the rule must
// not find one either (its wins are replayed). Enough of them must be proven lost by the reference
// search that the check has teeth.
TEST(DeadEnd, StockPrefixLossesAreLostForTheReference) {
    std::mt19937 rng(5);
    SearchLimits reference_limits;
    reference_limits.node_limit = 30000;
    SearchLimits fast_limits;
    fast_limits.node_limit = 200000;
    FastSolver without(16u << 20, parse_disabled_techniques("stock-prefix"));
    int proven = 0;
    for (const auto& rules : all_variants()) {
        int called = 0, lost = 0;
        for (std::uint64_t seed = 1; seed <= 100; ++seed) {
            const auto line = testing::greedy_playout(deal_position(rules.id, seed), 400, rng);
            for (const Position& p : line) {
                if (p.stock.empty() || p.stock.size() > 30) continue;
                if (dead_end(p) || !dead_end(p, {.stock_prefix = true})) continue;
                ++called;
                const Verdict truth = reference_solve(p, reference_limits).verdict;
                EXPECT_NE(truth, Verdict::Won) << rules.name << "\n" << position_to_json(p);
                lost += truth == Verdict::Lost;
                if (truth == Verdict::Unknown) {
                    EXPECT_NE(without.solve(p, fast_limits).verdict, Verdict::Won)
                        << rules.name << "\n" << position_to_json(p);
                }
                break;
            }
        }
        std::cout << rules.name << ": " << called << " called lost by the prefixes alone, " << lost
                  << " of them lost for the reference search\n";
        proven += lost;
    }
    EXPECT_GE(proven, 6);
}

// Full-rank end games (tests/end_games.hpp): at least a third of them lost; the fast solver, with
// every technique, with the dead-end test off, and with the independent key set of
// --confirm-lost, gives the reference verdict on every one; the test never calls a won one lost,
// and sees some losses at once. The capacity test (capacity.hpp) never calls a won one lost either,
// and what it calls lost stays lost for the fast solver without it (ablation).
TEST(DeadEnd, FullRankEndGamesAgreeWithTheReference) {
    FastSolver all_on(16u << 20);
    FastSolver without(16u << 20, parse_disabled_techniques("dead-ends"));
    FastSolver other_keys(16u << 20);
    other_keys.use_key_set(1);
    FastSolver without_capacity(16u << 20, parse_disabled_techniques("capacity"));
    int seen = 0, capacity_seen = 0;
    for (const auto& rules : all_variants()) {
        testing::EndGameRequest request;
        request.variant = rules.id;
        request.count = 15;
        request.reference_cap = 50000;
        const auto games = testing::end_games(request);
        ASSERT_EQ(games.size(), 15u) << rules.name;
        int lost = 0;
        for (const auto& game : games) {
            lost += game.verdict == Verdict::Lost;
            const bool dead = dead_end(game.position, {.stock_prefix = true});
            seen += dead;
            if (dead) {
                EXPECT_EQ(game.verdict, Verdict::Lost) << position_to_json(game.position);
            }
            if (capacity_lost(game.position)) {
                ++capacity_seen;
                EXPECT_EQ(game.verdict, Verdict::Lost) << position_to_json(game.position);
                EXPECT_EQ(without_capacity.solve(game.position, {}).verdict, Verdict::Lost);
            }
            for (FastSolver* fast : {&all_on, &without, &other_keys}) {
                const SolveResult r = fast->solve(game.position, {});
                EXPECT_EQ(r.verdict, game.verdict) << rules.name << " seed " << game.seed << "\n"
                                                   << position_to_json(game.position);
                if (r.verdict == Verdict::Won) {
                    EXPECT_TRUE(replay(game.position, r.solution).won);
                }
            }
        }
        EXPECT_GE(lost, 5) << rules.name;
    }
    EXPECT_GE(seen, 30);
    std::cout << capacity_seen << " end games called lost by the capacity test\n";
    EXPECT_GE(capacity_seen, 1);
}

}  // namespace
}  // namespace patience
