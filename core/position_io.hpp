// Position files (SPEC §4): JSON in, validated down to the last card; JSON out.
#pragma once

#include <string>
#include <string_view>

#include "core/position.hpp"

namespace patience {

// Parses and validates a position. `source` names the input in messages (a file name, or
// "<stdin>"). Throws InputError with one line "SOURCE: FIELD: what is wrong" for anything that is
// not a valid position of its variant; nothing invalid is ever returned.
Position parse_position(std::string_view json_text, const std::string& source);

// Reads and parses a position file; "-" reads standard input.
Position load_position(const std::string& path);

// Checks an in-memory position against every rule a file must satisfy; returns the first
// problem as "FIELD: what is wrong", or an empty string.
std::string validation_problem(const Position& position);

// The position as a JSON object (a newline-terminated text, one column or pile per line).
std::string position_to_json(const Position& position);

}  // namespace patience
