// A move in four bytes, and its notation (SPEC §5): draw, deal, w>f, w>5, 3>f, 3>5, 3>5x4.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace patience {

enum class MoveKind : std::uint8_t {
    Draw,                // stock -> waste
    Deal,                // stock -> one card onto every column (Double Dot)
    WasteToFoundation,
    WasteToColumn,
    ColumnToFoundation,
    ColumnToColumn,
};

// A move in 32 bits.
//   byte 0: kind (MoveKind)
//   byte 1: source column, 0-based (column moves only)
//   byte 2: target column, 0-based (moves to a column only)
//   byte 3: number of cards moved (ColumnToColumn; 1 otherwise)
struct Move {
    MoveKind kind = MoveKind::Draw;
    std::uint8_t from = 0;
    std::uint8_t to = 0;
    std::uint8_t count = 1;

    static constexpr Move draw() { return {MoveKind::Draw, 0, 0, 1}; }
    static constexpr Move deal() { return {MoveKind::Deal, 0, 0, 1}; }
    static constexpr Move waste_to_foundation() { return {MoveKind::WasteToFoundation, 0, 0, 1}; }
    static constexpr Move waste_to_column(int to) {
        return {MoveKind::WasteToColumn, 0, static_cast<std::uint8_t>(to), 1};
    }
    static constexpr Move column_to_foundation(int from) {
        return {MoveKind::ColumnToFoundation, static_cast<std::uint8_t>(from), 0, 1};
    }
    static constexpr Move column_to_column(int from, int to, int count = 1) {
        return {MoveKind::ColumnToColumn, static_cast<std::uint8_t>(from),
                static_cast<std::uint8_t>(to), static_cast<std::uint8_t>(count)};
    }

    friend constexpr bool operator==(const Move&, const Move&) = default;
};
static_assert(sizeof(Move) == 4);

// Columns in the notation count from 1; a column number up to 255 parses, whether or not the
// position has that column (that is a question of legality, not of notation).
std::string to_string(const Move& move);
std::optional<Move> parse_move(std::string_view token);

// Tokens separated by any white space.
std::string format_moves(const std::vector<Move>& moves, std::string_view separator = " ");

struct SolutionParseError {
    std::size_t index;  // 0-based token index
    std::string token;
};
// Parses a whole solution text; on failure names the first token that is not a move.
std::optional<SolutionParseError> parse_moves(std::string_view text, std::vector<Move>& out);

}  // namespace patience
