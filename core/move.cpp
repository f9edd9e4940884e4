#include "core/move.hpp"

#include <cctype>
#include <charconv>

namespace patience {

namespace {

std::string column_name(int index) { return std::to_string(index + 1); }

// Parses a 1-based column number "1".."255" into a 0-based index.
std::optional<int> parse_column(std::string_view text) {
    if (text.empty() || text.size() > 3 || text[0] == '0') return std::nullopt;
    int value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value < 1 || value > 255) {
        return std::nullopt;
    }
    return value - 1;
}

std::optional<int> parse_count(std::string_view text) {
    auto column = parse_column(text);  // same syntax and range: 1..255
    if (!column) return std::nullopt;
    return *column + 1;
}

}  // namespace

std::string to_string(const Move& move) {
    std::string text;
    switch (move.kind) {
        case MoveKind::Draw:
            return "draw";
        case MoveKind::Deal:
            return "deal";
        case MoveKind::WasteToFoundation:
            return "w>f";
        case MoveKind::WasteToColumn:
            text = "w>";
            text += column_name(move.to);
            return text;
        case MoveKind::ColumnToFoundation:
            text = column_name(move.from);
            text += ">f";
            return text;
        case MoveKind::ColumnToColumn:
            text = column_name(move.from);
            text += '>';
            text += column_name(move.to);
            if (move.count > 1) {
                text += 'x';
                text += std::to_string(move.count);
            }
            return text;
    }
    return "?";
}

std::optional<Move> parse_move(std::string_view token) {
    std::string lower;
    for (char c : token) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    std::string_view t = lower;
    if (t == "draw") return Move::draw();
    if (t == "deal") return Move::deal();

    const auto arrow = t.find('>');
    if (arrow == std::string_view::npos) return std::nullopt;
    const std::string_view source = t.substr(0, arrow);
    std::string_view target = t.substr(arrow + 1);

    // A count ("x4") belongs only to column-to-column moves.
    int count = 1;
    if (const auto x = target.find('x'); x != std::string_view::npos) {
        auto parsed = parse_count(target.substr(x + 1));
        target = target.substr(0, x);
        if (!parsed || source == "w" || target == "f") return std::nullopt;
        count = *parsed;
    }

    if (source == "w") {
        if (target == "f") return Move::waste_to_foundation();
        auto to = parse_column(target);
        if (!to) return std::nullopt;
        return Move::waste_to_column(*to);
    }
    auto from = parse_column(source);
    if (!from) return std::nullopt;
    if (target == "f") return Move::column_to_foundation(*from);
    auto to = parse_column(target);
    if (!to) return std::nullopt;
    return Move::column_to_column(*from, *to, count);
}

std::string format_moves(const std::vector<Move>& moves, std::string_view separator) {
    std::string text;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (i > 0) text += separator;
        text += to_string(moves[i]);
    }
    return text;
}

std::optional<SolutionParseError> parse_moves(std::string_view text, std::vector<Move>& out) {
    std::size_t index = 0;
    std::size_t pos = 0;
    while (pos < text.size()) {
        while (pos < text.size() && std::isspace(static_cast<unsigned char>(text[pos]))) ++pos;
        if (pos >= text.size()) break;
        std::size_t end = pos;
        while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end]))) ++end;
        const std::string_view token = text.substr(pos, end - pos);
        auto move = parse_move(token);
        if (!move) return SolutionParseError{index, std::string(token)};
        out.push_back(*move);
        ++index;
        pos = end;
    }
    return std::nullopt;
}

}  // namespace patience
