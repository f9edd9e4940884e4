#include "core/explain.hpp"

#include "core/rules.hpp"

namespace patience {

namespace {

std::string cards_text(const std::vector<Card>& cards, std::size_t from) {
    std::string text;
    for (std::size_t i = from; i < cards.size(); ++i) {
        text += (text.empty() ? "" : " ") + to_string(cards[i]);
    }
    return text;
}

// Where a card or run moved onto column `to` lands.
std::string landing(const Position& before, int to) {
    const auto& column = before.tableau[to];
    return column.empty() ? "into a space" : "onto " + to_string(column.back());
}

}  // namespace

std::string describe_move(const Position& before, const Move& move) {
    std::string text;
    int uncovered_column = -1;
    switch (move.kind) {
        case MoveKind::Draw:
            return to_string(before.stock.back()) + " to the waste";
        case MoveKind::Deal: {
            std::vector<Card> dealt(before.stock.rbegin(),
                                    before.stock.rbegin() + static_cast<long>(before.columns()));
            return "deals " + cards_text(dealt, 0) + " onto the columns";
        }
        case MoveKind::WasteToFoundation:
            return to_string(before.waste.back()) + " to the foundation";
        case MoveKind::WasteToColumn:
            return to_string(before.waste.back()) + " " + landing(before, move.to);
        case MoveKind::ColumnToFoundation:
            text = to_string(before.tableau[move.from].back()) + " to the foundation";
            uncovered_column = move.from;
            break;
        case MoveKind::ColumnToColumn: {
            const auto& column = before.tableau[move.from];
            text = cards_text(column, column.size() - move.count) + " " + landing(before, move.to);
            uncovered_column = move.from;
            break;
        }
    }
    // A face-down card left on top turns up.
    const auto& column = before.tableau[uncovered_column];
    const std::size_t left =
        column.size() - (move.kind == MoveKind::ColumnToColumn ? move.count : 1);
    if (left > 0 && static_cast<int>(left) <= before.face_down[uncovered_column]) {
        text += ", turning up " + to_string(column[left - 1]);
    }
    return text;
}

std::string board_text(const Position& p) {
    std::string text = "foundations:";
    for (const auto& pile : p.foundations) {
        text += " " + (pile.empty() ? std::string("--") : to_string(pile.back()));
    }
    text += "\nstock " + std::to_string(p.stock.size()) + ", waste";
    text += p.waste.empty() ? " empty" : ": " + cards_text(p.waste, 0);
    text += "\n";
    for (int c = 0; c < p.columns(); ++c) {
        const auto& column = p.tableau[c];
        text += (c + 1 < 10 ? " " : "") + std::to_string(c + 1) + ":";
        for (std::size_t i = 0; i < column.size(); ++i) {
            const bool down = static_cast<int>(i) < p.face_down[c];
            text += " " + (down ? "[" + to_string(column[i]) + "]" : to_string(column[i]));
        }
        text += "\n";
    }
    return text;
}

}  // namespace patience
