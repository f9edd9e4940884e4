#include "tests/test_support.hpp"

#include <gtest/gtest.h>

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

}  // namespace patience::testing
