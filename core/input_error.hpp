// The error for bad input (files, options, notation): its message is the one line the user sees.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace patience {

class InputError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// `text` as it may appear inside a one-line message: in single quotes, control characters and
// bytes outside printable ASCII written as \n, \t or \xHH, and cut after 60 characters ("...").
// Whatever a user or a file gives, the error line stays one line.
std::string in_quotes(std::string_view text);

// Caps on what a file may hold, so that a wrong file is refused at once instead of being read
// into memory and parsed. The largest position (Malmaison, 208 cards) is under 3 KB of JSON; a
// solution of 100,000 moves is under 1 MiB.
inline constexpr std::uint64_t kMaxPositionFileBytes = std::uint64_t{1} << 20;
inline constexpr std::uint64_t kMaxMovesFileBytes = std::uint64_t{64} << 20;
inline constexpr std::uint64_t kNoSizeCap = 0;

// Reads a whole file ("-" for standard input); throws InputError naming the file when it cannot,
// or when it holds more than `max_bytes` (kNoSizeCap: no cap), before reading it all.
std::string read_text_file(const std::string& path, std::uint64_t max_bytes = kNoSizeCap);

}  // namespace patience
