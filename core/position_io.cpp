#include "core/position_io.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <nlohmann/json.hpp>

#include "core/input_error.hpp"

namespace patience {

namespace {

using Json = nlohmann::json;

std::string type_name(const Json& value) {
    switch (value.type()) {
        case Json::value_t::null: return "null";
        case Json::value_t::object: return "an object";
        case Json::value_t::array: return "an array";
        case Json::value_t::string: return "a string";
        case Json::value_t::boolean: return "a boolean";
        case Json::value_t::number_integer:
        case Json::value_t::number_unsigned: return "an integer";
        case Json::value_t::number_float: return "a number with a fraction";
        default: return "an unsupported value";
    }
}

std::string indexed(const std::string& field, std::size_t index) {
    return field + "[" + std::to_string(index) + "]";
}

// Turns the JSON document into a Position, checking types, card syntax and rank range. Whole-game
// rules (card counts, piles, face-down counts) are left to validation_problem().
class Reader {
  public:
    explicit Reader(const std::string& source) : source_(source) {}

    [[noreturn]] void fail(const std::string& field, const std::string& what) const {
        throw InputError(source_ + ": " + field + ": " + what);
    }

    Position read(const Json& doc) {
        if (!doc.is_object()) fail("top level", "expected a JSON object, got " + type_name(doc));
        static constexpr std::array<std::string_view, 7> kFields = {
            "variant", "ranks", "tableau", "face_down", "stock", "waste", "foundations"};
        for (const auto& [key, value] : doc.items()) {
            bool known = false;
            for (auto f : kFields) known = known || f == key;
            if (!known) {
                fail(in_quotes(key),
                     "unknown field (expected variant, ranks, tableau, face_down, stock, "
                     "waste, foundations)");
            }
        }

        Position position;
        if (!doc.contains("variant")) fail("variant", "missing (one of: " + variant_names() + ")");
        const Json& variant = doc["variant"];
        if (!variant.is_string()) fail("variant", "expected a string, got " + type_name(variant));
        const auto id = parse_variant(variant.get<std::string>());
        if (!id) {
            fail("variant", "unknown variant " + in_quotes(variant.get<std::string>()) +
                                " (known: " + variant_names() + ")");
        }
        position.variant = *id;

        if (doc.contains("ranks")) {
            const Json& ranks = doc["ranks"];
            position.ranks = read_small_int(ranks, "ranks", 1, kMaxRanks);
        }
        if (auto problem = ranks_problem(position.rules(), position.ranks)) fail("ranks", *problem);
        ranks_ = position.ranks;

        if (!doc.contains("tableau")) fail("tableau", "missing");
        position.tableau = read_piles(doc["tableau"], "tableau");
        const int columns = position.rules().columns;
        if (position.columns() != columns) {
            fail("tableau", std::to_string(position.columns()) + " columns, but " +
                                std::string(position.rules().name) + " has " +
                                std::to_string(columns));
        }

        position.face_down.assign(columns, 0);
        if (doc.contains("face_down")) {
            const Json& down = doc["face_down"];
            if (!down.is_array()) fail("face_down", "expected an array, got " + type_name(down));
            if (down.size() != static_cast<std::size_t>(columns)) {
                fail("face_down", std::to_string(down.size()) + " entries, but the tableau has " +
                                      std::to_string(columns) + " columns");
            }
            for (std::size_t c = 0; c < down.size(); ++c) {
                position.face_down[c] = read_small_int(down[c], indexed("face_down", c), 0, 255);
            }
        }

        if (doc.contains("stock")) {
            position.stock = read_cards(doc["stock"], "stock");
            std::reverse(position.stock.begin(), position.stock.end());
        }
        if (doc.contains("waste")) position.waste = read_cards(doc["waste"], "waste");

        position.foundations.assign(position.rules().foundation_piles, {});
        if (doc.contains("foundations")) {
            auto piles = read_piles(doc["foundations"], "foundations");
            if (piles.size() > position.foundations.size()) {
                fail("foundations", std::to_string(piles.size()) + " piles, but " +
                                        std::string(position.rules().name) + " has only " +
                                        std::to_string(position.foundations.size()));
            }
            std::move(piles.begin(), piles.end(), position.foundations.begin());
        }
        return position;
    }

  private:
    // An integer in [min, max] (min >= 0); out-of-range values are quoted as written. Unsigned
    // values are compared as unsigned: get<int64_t>() would wrap those above 2^63.
    int read_small_int(const Json& value, const std::string& field, int min, int max) const {
        if (!value.is_number_integer()) {
            fail(field, "expected an integer, got " + type_name(value));
        }
        const bool in_range =
            value.is_number_unsigned()
                ? value.get<std::uint64_t>() >= static_cast<std::uint64_t>(min) &&
                      value.get<std::uint64_t>() <= static_cast<std::uint64_t>(max)
                : value.get<std::int64_t>() >= min && value.get<std::int64_t>() <= max;
        if (!in_range) {
            fail(field, "must be between " + std::to_string(min) + " and " + std::to_string(max) +
                            ", got " + value.dump());
        }
        return static_cast<int>(value.get<std::int64_t>());
    }

    Card read_card(const Json& value, const std::string& field) const {
        if (!value.is_string()) fail(field, "expected a card like \"QH\", got " + type_name(value));
        const auto text = value.get<std::string>();
        const auto card = parse_card(text);
        if (!card)
            fail(field, in_quotes(text) + " is not a card (rank A 2-10 J Q K, suit C D H S)");
        if (card->rank() > ranks_) {
            fail(field, in_quotes(text) + " is above the deal's " + std::to_string(ranks_) +
                            " ranks per suit");
        }
        return *card;
    }

    std::vector<Card> read_cards(const Json& value, const std::string& field) const {
        if (!value.is_array()) fail(field, "expected an array of cards, got " + type_name(value));
        std::vector<Card> cards;
        for (std::size_t i = 0; i < value.size(); ++i) {
            cards.push_back(read_card(value[i], indexed(field, i)));
        }
        return cards;
    }

    std::vector<std::vector<Card>> read_piles(const Json& value, const std::string& field) const {
        if (!value.is_array()) {
            fail(field, "expected an array of arrays of cards, got " + type_name(value));
        }
        std::vector<std::vector<Card>> piles;
        for (std::size_t i = 0; i < value.size(); ++i) {
            piles.push_back(read_cards(value[i], indexed(field, i)));
        }
        return piles;
    }

    const std::string& source_;
    int ranks_ = kMaxRanks;
};

std::string cards_json(const std::vector<Card>& cards, bool reversed = false) {
    std::string text = "[";
    for (std::size_t i = 0; i < cards.size(); ++i) {
        if (i > 0) text += ", ";
        const Card card = reversed ? cards[cards.size() - 1 - i] : cards[i];
        text += "\"" + to_string(card) + "\"";
    }
    return text + "]";
}

std::string piles_json(const std::vector<std::vector<Card>>& piles) {
    std::string text = "[\n";
    for (std::size_t i = 0; i < piles.size(); ++i) {
        text += "    " + cards_json(piles[i]) + (i + 1 < piles.size() ? ",\n" : "\n");
    }
    return text + "  ]";
}

std::string pile_problem(const Position& position, std::size_t index) {
    const auto& pile = position.foundations[index];
    const std::string field = indexed("foundations", index);
    const VariantRules& rules = position.rules();
    const bool preset = !rules.preset_foundation_bases.empty() || rules.preset_all_aces;
    if (pile.empty()) {
        if (preset) {
            return field + ": empty, but every " + std::string(rules.name) +
                   " foundation starts with its preset card";
        }
        return {};
    }
    const Card base = pile.front();
    if (preset) {
        const auto presets = preset_foundation_cards(rules, position.ranks);
        if (std::find(presets.begin(), presets.end(), base) == presets.end()) {
            std::string names = rules.preset_all_aces ? "an ace" : "";
            for (Card c : rules.preset_foundation_bases) {
                names += (names.empty() ? "" : " ") + to_string(c);
            }
            return indexed(field, 0) + ": " + to_string(base) + " cannot start a " +
                   std::string(rules.name) + " foundation (they start with " + names + ")";
        }
    } else if (base.rank() != 1) {
        return indexed(field, 0) + ": " + to_string(base) +
               " cannot start a foundation (only an ace can)";
    }
    if (static_cast<int>(pile.size()) > position.ranks) {
        return field + ": " + std::to_string(pile.size()) + " cards, a pile holds at most " +
               std::to_string(position.ranks);
    }
    for (std::size_t i = 1; i < pile.size(); ++i) {
        const Card below = pile[i - 1];
        const Card card = pile[i];
        if (card.suit() != below.suit() ||
            card.rank() != next_foundation_rank(rules, position.ranks, below.rank())) {
            return indexed(field, i) + ": " + to_string(card) + " cannot follow " +
                   to_string(below) + " (foundations build up in suit by " +
                   std::to_string(rules.foundation_step) + ")";
        }
    }
    return {};
}

}  // namespace

std::string validation_problem(const Position& position) {
    const VariantRules& rules = position.rules();
    if (auto problem = ranks_problem(rules, position.ranks)) return "ranks: " + *problem;
    if (position.columns() != rules.columns) {
        return "tableau: " + std::to_string(position.columns()) + " columns, but " +
               std::string(rules.name) + " has " + std::to_string(rules.columns);
    }
    if (position.face_down.size() != position.tableau.size()) {
        return "face_down: one entry per column is needed";
    }
    if (static_cast<int>(position.foundations.size()) != rules.foundation_piles) {
        return "foundations: " + std::string(rules.name) + " has " +
               std::to_string(rules.foundation_piles) + " piles";
    }

    // Every card must be a card of this deal, exactly as many times as the decks hold it. Where
    // not, every card with the wrong count is named with where its copies lie: one card typed
    // wrong (JD as JS) shows as one too many of JS and one too few of JD, side by side.
    std::map<int, std::vector<std::string>> where;  // by Card::index(): the fields holding it
    auto count_card = [&](Card card, const std::string& field) -> std::string {
        if (card.rank() < 1 || card.rank() > position.ranks) {
            return field + ": " + to_string(card) + " is not in a deck of " +
                   std::to_string(position.ranks) + " ranks";
        }
        where[card.index()].push_back(field);
        return {};
    };
    for (std::size_t c = 0; c < position.tableau.size(); ++c) {
        for (std::size_t i = 0; i < position.tableau[c].size(); ++i) {
            auto p = count_card(position.tableau[c][i], indexed(indexed("tableau", c), i));
            if (!p.empty()) return p;
        }
    }
    const std::size_t stock_size = position.stock.size();
    for (std::size_t i = 0; i < stock_size; ++i) {  // file order: the next card drawn first
        auto p = count_card(position.stock[stock_size - 1 - i], indexed("stock", i));
        if (!p.empty()) return p;
    }
    for (std::size_t i = 0; i < position.waste.size(); ++i) {
        auto p = count_card(position.waste[i], indexed("waste", i));
        if (!p.empty()) return p;
    }
    for (std::size_t f = 0; f < position.foundations.size(); ++f) {
        for (std::size_t i = 0; i < position.foundations[f].size(); ++i) {
            auto p = count_card(position.foundations[f][i], indexed(indexed("foundations", f), i));
            if (!p.empty()) return p;
        }
    }
    std::string wrong;
    int wrong_cards = 0;
    constexpr int kNamed = 6;  // keep the line readable when a whole file is off
    for (int s = 0; s < kSuitCount; ++s) {
        for (int rank = 1; rank <= position.ranks; ++rank) {
            const Card card(rank, static_cast<Suit>(s));
            const auto& fields = where[card.index()];
            const int count = static_cast<int>(fields.size());
            if (count == position.copies()) continue;
            if (++wrong_cards > kNamed) continue;
            wrong += (wrong.empty() ? "" : "; ") + to_string(card) + " appears " +
                     std::to_string(count) + (count == 1 ? " time" : " times") + ", the game has " +
                     std::to_string(position.copies());
            if (count > 0) {
                wrong += " (";
                for (int k = 0; k < count; ++k) wrong += (k > 0 ? ", " : "") + fields[k];
                wrong += ")";
            }
        }
    }
    if (wrong_cards > 0) {
        if (wrong_cards > kNamed) {
            wrong += "; and " + std::to_string(wrong_cards - kNamed) + " more cards";
        }
        return "cards: " + wrong;
    }

    // Foundations: valid piles, and the preset cards where the variant has them.
    for (std::size_t f = 0; f < position.foundations.size(); ++f) {
        auto p = pile_problem(position, f);
        if (!p.empty()) return p;
    }
    if (!rules.preset_foundation_bases.empty()) {
        for (Card base : rules.preset_foundation_bases) {
            int piles = 0;
            for (const auto& pile : position.foundations) {
                piles += !pile.empty() && pile.front() == base;
            }
            if (piles != 1) {
                return "foundations: exactly one pile must start with " + to_string(base) +
                       ", found " + std::to_string(piles);
            }
        }
    }

    // Face-down cards: never the top card, and never more than a fresh deal has.
    const int max_down = rules.top_card_only_face_up ? dealt_rows(rules, position.ranks) - 1 : 0;
    for (std::size_t c = 0; c < position.tableau.size(); ++c) {
        const int down = position.face_down[c];
        const int size = static_cast<int>(position.tableau[c].size());
        const std::string field = indexed("face_down", c);
        if (down < 0) return field + ": cannot be negative";
        if (down > 0 && down >= size) {
            return field + ": " + std::to_string(down) + " face-down cards, but column " +
                   std::to_string(c + 1) + " holds " + std::to_string(size) +
                   " (its top card is always face up)";
        }
        if (down > max_down) {
            if (max_down == 0) {
                return field + ": " + std::string(rules.name) + " has no face-down cards";
            }
            return field + ": " + std::to_string(down) + " face-down cards, but " +
                   std::string(rules.name) + " deals at most " + std::to_string(max_down) +
                   " per column";
        }
    }

    // The stock: Double Dot deals whole rows and has no waste.
    if (rules.stock == StockRule::DealToColumns) {
        if (!position.waste.empty()) return "waste: " + std::string(rules.name) + " has no waste";
        if (position.stock.size() % static_cast<std::size_t>(rules.columns) != 0) {
            return "stock: " + std::to_string(position.stock.size()) + " cards, but " +
                   std::string(rules.name) + " deals " + std::to_string(rules.columns) +
                   " at a time, so the stock holds a multiple of " + std::to_string(rules.columns);
        }
    }
    return {};
}

Position parse_position(std::string_view json_text, const std::string& source) {
    bool blank = true;
    for (char c : json_text) blank = blank && std::isspace(static_cast<unsigned char>(c));
    if (blank) throw InputError(source + ": empty file (expected a JSON position object)");

    Json doc;
    try {
        doc = Json::parse(json_text);
    } catch (const Json::parse_error& e) {
        // Locate the error by line and column rather than echoing the library's message.
        std::size_t line = 1, column = 1;
        for (std::size_t i = 0; i + 1 < e.byte && i < json_text.size(); ++i) {
            if (json_text[i] == '\n') {
                ++line;
                column = 1;
            } else {
                ++column;
            }
        }
        throw InputError(source + ": not valid JSON (syntax error at line " + std::to_string(line) +
                         ", column " + std::to_string(column) + ")");
    } catch (const Json::exception&) {
        // Valid syntax the library cannot hold, such as a number beyond a double's range.
        throw InputError(source + ": not valid JSON (a value out of range)");
    }
    Reader reader(source);
    Position position = reader.read(doc);
    if (auto problem = validation_problem(position); !problem.empty()) {
        throw InputError(source + ": " + problem);
    }
    return position;
}

Position load_position(const std::string& path) {
    const std::string text = read_text_file(path, kMaxPositionFileBytes);
    return parse_position(text, path == "-" ? "<stdin>" : path);
}

std::string position_to_json(const Position& position) {
    std::string text = "{\n";
    text += "  \"variant\": \"" + std::string(position.rules().name) + "\",\n";
    text += "  \"ranks\": " + std::to_string(position.ranks) + ",\n";
    text += "  \"tableau\": " + piles_json(position.tableau) + ",\n";
    text += "  \"face_down\": [";
    for (std::size_t c = 0; c < position.face_down.size(); ++c) {
        text += (c > 0 ? ", " : "") + std::to_string(position.face_down[c]);
    }
    text += "],\n";
    text += "  \"stock\": " + cards_json(position.stock, /*reversed=*/true) + ",\n";
    text += "  \"waste\": " + cards_json(position.waste) + ",\n";
    text += "  \"foundations\": " + piles_json(position.foundations) + "\n";
    return text + "}\n";
}

}  // namespace patience
