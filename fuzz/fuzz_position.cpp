// Fuzzes the position file parser (core/position_io.hpp). Beyond "no crash": a text that parses
// is a valid position (parse_position validates), and it survives the round trip through
// position_to_json unchanged; a text that does not parse is refused with one line.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/input_error.hpp"
#include "core/position_io.hpp"
#include "fuzz/check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    patience::Position position;
    try {
        position = patience::parse_position(text, "fuzz.json");
    } catch (const patience::InputError& e) {
        patience::fuzz::check_one_line(e.what());
        return 0;
    }
    FUZZ_CHECK(patience::validation_problem(position).empty());
    const std::string json = patience::position_to_json(position);
    const patience::Position again = patience::parse_position(json, "round trip");
    FUZZ_CHECK(again == position);
    FUZZ_CHECK(patience::position_to_json(again) == json);
    return 0;
}
