#include "core/position.hpp"

#include <algorithm>

namespace patience {

int Position::cards_on_foundations() const {
    int count = 0;
    for (const auto& pile : foundations) count += static_cast<int>(pile.size());
    return count;
}

namespace {

// Appends a pile as its card bytes followed by a terminator byte that no card uses.
void append_pile(std::string& out, const std::vector<Card>& pile) {
    for (Card c : pile) out += static_cast<char>(c.bits());
    out += static_cast<char>(0xFF);
}

}  // namespace

std::string canonical_key(const Position& position) {
    std::vector<std::string> columns;
    columns.reserve(position.tableau.size());
    for (std::size_t c = 0; c < position.tableau.size(); ++c) {
        std::string column(1, static_cast<char>(position.face_down[c]));
        append_pile(column, position.tableau[c]);
        columns.push_back(std::move(column));
    }
    // Double Dot deals the i-th stock card onto the i-th column, so column order is part of the
    // position while the stock has cards; everywhere else columns are interchangeable.
    const bool column_order_matters =
        position.rules().stock == StockRule::DealToColumns && !position.stock.empty();
    if (!column_order_matters) std::sort(columns.begin(), columns.end());

    std::vector<std::string> piles;
    for (const auto& pile : position.foundations) {
        std::string text;
        append_pile(text, pile);
        piles.push_back(std::move(text));
    }
    std::sort(piles.begin(), piles.end());

    std::string key;
    for (const auto& c : columns) key += c;
    key += static_cast<char>(0xFE);
    append_pile(key, position.stock);
    append_pile(key, position.waste);
    for (const auto& p : piles) key += p;
    return key;
}

}  // namespace patience
