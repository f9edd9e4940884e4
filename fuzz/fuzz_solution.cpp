// Fuzzes the solution parser (core/move.hpp). A text that parses prints back (format_moves) to
// tokens that parse to the same moves, one token per move, and print the same again; a text that
// does not parse names a token that is in it.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/move.hpp"
#include "fuzz/check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::vector<patience::Move> moves;
    if (auto error = patience::parse_moves(text, moves)) {
        FUZZ_CHECK(!error->token.empty());
        FUZZ_CHECK(text.find(error->token) != std::string_view::npos);
        return 0;
    }
    const std::string printed = patience::format_moves(moves);
    std::vector<patience::Move> again;
    FUZZ_CHECK(!patience::parse_moves(printed, again));
    FUZZ_CHECK(again == moves);
    FUZZ_CHECK(patience::format_moves(again) == printed);
    for (const patience::Move& m : moves) {
        const auto one = patience::parse_move(patience::to_string(m));
        FUZZ_CHECK(one && *one == m);
    }
    return 0;
}
