#include "tests/test_support.hpp"

#include "core/deal.hpp"
#include "core/position_io.hpp"
#include "core/rules.hpp"
#include "solver/search/stock_macro.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>

namespace patience::testing {

namespace {

std::vector<Card> parse_cards(std::string_view text, std::string_view line) {
    std::vector<Card> cards;
    std::istringstream in{std::string(text)};
    std::string token;
    while (in >> token) {
        auto card = parse_card(token);
        if (!card) {
            ADD_FAILURE() << "bad card '" << token << "' in test line '" << line << "'";
            continue;
        }
        cards.push_back(*card);
    }
    return cards;
}

}  // namespace

Position make_position(VariantId variant, std::initializer_list<std::string_view> lines,
                       int ranks) {
    return make_position(variant, std::vector<std::string_view>(lines), ranks);
}

Position make_position(VariantId variant, const std::vector<std::string_view>& lines, int ranks) {
    const VariantRules& rules = rules_of(variant);
    Position position;
    position.variant = variant;
    position.ranks = ranks;
    position.tableau.assign(rules.columns, {});
    position.face_down.assign(rules.columns, 0);
    position.foundations.assign(rules.foundation_piles, {});

    for (std::string_view line : lines) {
        const auto colon = line.find(':');
        if (colon == std::string_view::npos || colon == 0) {
            ADD_FAILURE() << "test line without 'X:' prefix: '" << line << "'";
            continue;
        }
        const std::string_view head = line.substr(0, colon);
        std::string_view body = line.substr(colon + 1);
        const char kind = head[0];
        const int index = head.size() > 1 ? std::stoi(std::string(head.substr(1))) - 1 : 0;
        if (kind == 'T') {
            if (index < 0 || index >= rules.columns) {
                ADD_FAILURE() << "no such column in '" << line << "'";
                continue;
            }
            const auto bar = body.find('|');
            if (bar != std::string_view::npos) {
                const auto down = parse_cards(body.substr(0, bar), line);
                position.face_down[index] = static_cast<int>(down.size());
                position.tableau[index] = down;
                body = body.substr(bar + 1);
            }
            const auto up = parse_cards(body, line);
            position.tableau[index].insert(position.tableau[index].end(), up.begin(), up.end());
        } else if (kind == 'S') {
            const auto cards = parse_cards(body, line);
            position.stock.assign(cards.rbegin(), cards.rend());
        } else if (kind == 'W') {
            position.waste = parse_cards(body, line);
        } else if (kind == 'F') {
            if (index < 0 || index >= rules.foundation_piles) {
                ADD_FAILURE() << "no such foundation in '" << line << "'";
                continue;
            }
            position.foundations[index] = parse_cards(body, line);
        } else {
            ADD_FAILURE() << "unknown test line kind '" << kind << "' in '" << line << "'";
        }
    }
    return position;
}

Position random_position(VariantId variant, int ranks, std::mt19937& rng) {
    const VariantRules& rules = rules_of(variant);
    auto uniform = [&rng](int lo, int hi) {
        return std::uniform_int_distribution<int>(lo, hi)(rng);
    };

    std::vector<Card> rest = full_deck(rules, ranks);
    auto take = [&rest](Card card) { rest.erase(std::find(rest.begin(), rest.end(), card)); };

    Position position;
    position.variant = variant;
    position.ranks = ranks;
    position.foundations.assign(rules.foundation_piles, {});
    const auto presets = preset_foundation_cards(rules, ranks);
    for (int f = 0; f < rules.foundation_piles; ++f) {
        auto& pile = position.foundations[f];
        const bool preset = f < static_cast<int>(presets.size());
        const Card base = preset ? presets[f] : Card(1, static_cast<Suit>(f % kSuitCount));
        const int height = uniform(preset ? 1 : 0, std::max(preset ? 1 : 0, ranks / 2));
        int rank = base.rank();
        for (int i = 0; i < height; ++i) {
            pile.emplace_back(rank, base.suit());
            rank = next_foundation_rank(rules, ranks, rank);
        }
        for (Card c : pile) take(c);
    }

    std::shuffle(rest.begin(), rest.end(), rng);
    const int n = static_cast<int>(rest.size());
    // Keep at least a card per column (empty columns make nearly everything winnable) and put
    // much of the rest in the waste, where the order traps cards.
    const int spare = std::max(0, n - rules.columns);
    int stock = uniform(0, spare / 3);
    int waste = uniform(0, spare - stock);
    if (rules.stock == StockRule::DealToColumns) {
        stock -= stock % rules.columns;
        waste = 0;
    }
    std::vector<Card> stock_cards(rest.begin(), rest.begin() + stock);
    position.stock.assign(stock_cards.rbegin(), stock_cards.rend());
    position.waste.assign(rest.begin() + stock, rest.begin() + stock + waste);
    position.tableau.assign(rules.columns, {});
    for (int i = stock + waste, c = 0; i < n; ++i, ++c) {
        const int column = c < rules.columns ? c : uniform(0, rules.columns - 1);
        position.tableau[column].push_back(rest[i]);
    }
    position.face_down.assign(rules.columns, 0);
    if (rules.top_card_only_face_up) {
        const int max_down = dealt_rows(rules, ranks) - 1;
        for (int c = 0; c < rules.columns; ++c) {
            const int size = static_cast<int>(position.tableau[c].size());
            if (size > 1) position.face_down[c] = uniform(0, std::min(size - 1, max_down));
        }
    }
    const std::string problem = validation_problem(position);
    EXPECT_EQ(problem, "") << "random_position made an invalid position";
    return position;
}

std::vector<Position> greedy_playout(const Position& start, int max_moves, std::mt19937& rng,
                                     std::vector<Move>* played) {
    std::vector<Position> line{start};
    for (int step = 0; step < max_moves; ++step) {
        const auto moves = legal_moves(line.back());
        if (moves.empty()) break;
        std::vector<Move> choice;
        for (const Move& m : moves) {
            const bool up =
                m.kind == MoveKind::WasteToFoundation || m.kind == MoveKind::ColumnToFoundation;
            const bool stock = m.kind == MoveKind::Draw || m.kind == MoveKind::Deal;
            if (up || (stock && rng() % 2 == 0)) choice.push_back(m);
        }
        if (choice.empty()) choice = moves;
        Position next = line.back();
        const Move move = choice[rng() % choice.size()];
        apply_move(next, move);
        line.push_back(std::move(next));
        if (played != nullptr) played->push_back(move);
    }
    return line;
}

Position backed_up_playout(const Position& start, unsigned back, std::mt19937& rng) {
    const std::vector<Position> line = greedy_playout(start, 300, rng);
    return line[line.size() - 1 - std::min<std::size_t>(line.size() - 1, rng() % back)];
}

bool play_drawing_move(Position& p, std::mt19937& rng) {
    const std::vector<Move> moves = legal_moves(p);
    if (moves.empty()) return false;
    Move move = moves[rng() % moves.size()];
    for (const Move& m : moves) {
        if (m.kind == MoveKind::Draw && rng() % 2 == 0) move = m;
    }
    apply_move(p, move);
    return true;
}

Position source_position(std::string_view relative) {
    return load_position(std::string(PATIENCE_SOURCE_DIR) + "/" + std::string(relative));
}

Position after_search_move(const Position& position, const Move& move) {
    Position next = position;
    for (const Move& m : expand_stock_macros({move})) apply_move(next, m);
    return next;
}

}  // namespace patience::testing
