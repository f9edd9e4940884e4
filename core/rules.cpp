#include "core/rules.hpp"

namespace patience {

namespace {

std::string column_label(int index) { return "column " + std::to_string(index + 1); }

bool pile_accepts(const Position& position, const std::vector<Card>& pile, Card card) {
    if (pile.empty()) return card.rank() == 1 && position.rules().preset_foundation_bases.empty();
    if (static_cast<int>(pile.size()) >= position.ranks) return false;  // complete
    const Card top = pile.back();
    return top.suit() == card.suit() &&
           next_foundation_rank(position.rules(), position.ranks, top.rank()) == card.rank();
}

// Removes the top `count` cards of a column and turns up a face-down card that became the top.
std::vector<Card> lift(Position& position, int column, int count) {
    auto& cards = position.tableau[column];
    std::vector<Card> lifted(cards.end() - count, cards.end());
    cards.resize(cards.size() - count);
    int& down = position.face_down[column];
    if (down > 0 && down >= static_cast<int>(cards.size())) {
        down = cards.empty() ? 0 : static_cast<int>(cards.size()) - 1;
    }
    return lifted;
}

std::optional<std::string> check_column(const Position& position, int column) {
    if (column < 0 || column >= position.columns()) {
        return "there is no " + column_label(column) + " (the game has " +
               std::to_string(position.columns()) + ")";
    }
    return std::nullopt;
}

}  // namespace

int movable_run_length(const Position& position, int column) {
    const auto& cards = position.tableau[column];
    if (cards.empty()) return 0;
    if (position.rules().moves == MoveUnit::TopCard) return 1;
    const int face_up = static_cast<int>(cards.size()) - position.face_down[column];
    int length = 1;
    while (length < face_up) {
        const Card upper = cards[cards.size() - length];
        const Card lower = cards[cards.size() - length - 1];
        if (!builds_on(position.rules(), position.ranks, upper, lower)) break;
        ++length;
    }
    return length;
}

int accepting_foundation(const Position& position, Card card) {
    for (std::size_t i = 0; i < position.foundations.size(); ++i) {
        if (pile_accepts(position, position.foundations[i], card)) return static_cast<int>(i);
    }
    return -1;
}

bool column_accepts(const Position& position, int to, Card bottom) {
    const auto& target = position.tableau[to];
    if (target.empty()) {
        return position.rules().empty_column == EmptyColumnRule::Anything ||
               bottom.rank() == position.ranks;
    }
    return builds_on(position.rules(), position.ranks, bottom, target.back());
}

std::vector<Move> legal_moves(const Position& position) {
    std::vector<Move> moves;
    const int columns = position.columns();
    if (!position.waste.empty()) {
        const Card top = position.waste.back();
        if (accepting_foundation(position, top) >= 0) moves.push_back(Move::waste_to_foundation());
        for (int to = 0; to < columns; ++to) {
            if (column_accepts(position, to, top)) moves.push_back(Move::waste_to_column(to));
        }
    }
    for (int from = 0; from < columns; ++from) {
        const auto& cards = position.tableau[from];
        if (cards.empty()) continue;
        if (accepting_foundation(position, cards.back()) >= 0) {
            moves.push_back(Move::column_to_foundation(from));
        }
        const int run = movable_run_length(position, from);
        for (int count = 1; count <= run; ++count) {
            const Card bottom = cards[cards.size() - count];
            for (int to = 0; to < columns; ++to) {
                if (to != from && column_accepts(position, to, bottom)) {
                    moves.push_back(Move::column_to_column(from, to, count));
                }
            }
        }
    }
    if (!position.stock.empty()) {
        if (position.rules().stock == StockRule::DrawToWaste) {
            moves.push_back(Move::draw());
        } else {
            bool any_empty = false;
            for (const auto& cards : position.tableau) any_empty = any_empty || cards.empty();
            if (!any_empty) moves.push_back(Move::deal());
        }
    }
    return moves;
}

std::optional<std::string> why_illegal(const Position& position, const Move& move) {
    const VariantRules& rules = position.rules();
    switch (move.kind) {
        case MoveKind::Draw:
            if (rules.stock != StockRule::DrawToWaste) {
                return std::string(rules.name) + " has no waste: the stock is dealt with `deal`";
            }
            if (position.stock.empty()) return std::string("the stock is empty");
            return std::nullopt;
        case MoveKind::Deal:
            if (rules.stock != StockRule::DealToColumns) {
                return std::string(rules.name) + " draws from the stock with `draw`, not `deal`";
            }
            if (position.stock.empty()) return std::string("the stock is empty");
            for (int c = 0; c < position.columns(); ++c) {
                if (position.tableau[c].empty()) {
                    return "cannot deal while " + column_label(c) + " is empty";
                }
            }
            return std::nullopt;
        case MoveKind::WasteToFoundation:
        case MoveKind::WasteToColumn: {
            if (position.waste.empty()) return std::string("the waste is empty");
            const Card top = position.waste.back();
            if (move.kind == MoveKind::WasteToFoundation) {
                if (accepting_foundation(position, top) < 0) {
                    return "no foundation takes " + to_string(top);
                }
                return std::nullopt;
            }
            if (auto bad = check_column(position, move.to)) return bad;
            if (!column_accepts(position, move.to, top)) {
                return to_string(top) + " cannot go on " + column_label(move.to);
            }
            return std::nullopt;
        }
        case MoveKind::ColumnToFoundation: {
            if (auto bad = check_column(position, move.from)) return bad;
            const auto& cards = position.tableau[move.from];
            if (cards.empty()) return column_label(move.from) + " is empty";
            if (accepting_foundation(position, cards.back()) < 0) {
                return "no foundation takes " + to_string(cards.back());
            }
            return std::nullopt;
        }
        case MoveKind::ColumnToColumn: {
            if (auto bad = check_column(position, move.from)) return bad;
            if (auto bad = check_column(position, move.to)) return bad;
            if (move.from == move.to) return std::string("a column cannot move onto itself");
            const auto& cards = position.tableau[move.from];
            if (cards.empty()) return column_label(move.from) + " is empty";
            if (move.count < 1) return std::string("a move takes at least one card");
            const int run = movable_run_length(position, move.from);
            if (move.count > run) {
                if (rules.moves == MoveUnit::TopCard) {
                    return std::string(rules.name) + " moves only one card at a time";
                }
                return "the top " + std::to_string(move.count) + " cards of " +
                       column_label(move.from) + " are not a movable run (at most " +
                       std::to_string(run) + ")";
            }
            const Card bottom = cards[cards.size() - move.count];
            if (!column_accepts(position, move.to, bottom)) {
                if (position.tableau[move.to].empty()) {
                    return "empty " + column_label(move.to) + " takes only a run headed by a " +
                           std::string(rank_name(position.ranks)) + ", not " + to_string(bottom);
                }
                return to_string(bottom) + " cannot go on " +
                       to_string(position.tableau[move.to].back());
            }
            return std::nullopt;
        }
    }
    return std::string("unknown move");
}

void apply_move(Position& position, const Move& move) {
    switch (move.kind) {
        case MoveKind::Draw:
            position.waste.push_back(position.stock.back());
            position.stock.pop_back();
            return;
        case MoveKind::Deal:
            for (auto& column : position.tableau) {
                column.push_back(position.stock.back());
                position.stock.pop_back();
            }
            return;
        case MoveKind::WasteToFoundation: {
            const Card card = position.waste.back();
            position.waste.pop_back();
            position.foundations[accepting_foundation(position, card)].push_back(card);
            return;
        }
        case MoveKind::WasteToColumn:
            position.tableau[move.to].push_back(position.waste.back());
            position.waste.pop_back();
            return;
        case MoveKind::ColumnToFoundation: {
            const Card card = lift(position, move.from, 1).front();
            position.foundations[accepting_foundation(position, card)].push_back(card);
            return;
        }
        case MoveKind::ColumnToColumn: {
            const auto cards = lift(position, move.from, move.count);
            auto& target = position.tableau[move.to];
            target.insert(target.end(), cards.begin(), cards.end());
            return;
        }
    }
}

bool is_won(const Position& position) {
    return position.cards_on_foundations() == position.total_cards();
}

bool is_dead(const Position& position) {
    return !is_won(position) && legal_moves(position).empty();
}

ReplayResult replay(const Position& start, const std::vector<Move>& moves) {
    ReplayResult result;
    result.final_position = start;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (auto reason = why_illegal(result.final_position, moves[i])) {
            result.all_legal = false;
            result.first_illegal = i;
            result.reason = *reason;
            return result;
        }
        apply_move(result.final_position, moves[i]);
    }
    result.won = is_won(result.final_position);
    return result;
}

}  // namespace patience
