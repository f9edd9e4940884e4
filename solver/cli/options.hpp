// Option values the CLI parses itself, strictly: Boost's own conversions accept "-1" for an
// unsigned type, and a seed or limit must never wrap around.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/program_options.hpp>

#include "core/move.hpp"
#include "core/position.hpp"

namespace patience::cli {

// A decimal unsigned 64-bit integer; throws InputError naming `option`.
std::uint64_t parse_u64(const std::string& option, const std::string& text);
// A decimal integer in [min, max]; throws InputError naming `option`.
std::uint64_t parse_bounded(const std::string& option, const std::string& text, std::uint64_t min,
                            std::uint64_t max);
// A-B: two unsigned 64-bit integers with A <= B; throws InputError naming `option`, with
// `example` as a well-formed range.
std::pair<std::uint64_t, std::uint64_t> parse_range(const std::string& option,
                                                    const std::string& text,
                                                    const std::string& example);
// --seeds A-B: two unsigned 64-bit integers with A <= B. Throws InputError.
std::pair<std::uint64_t, std::uint64_t> parse_seed_range(const std::string& text);
// --shard K/N: 1 <= K <= N. Throws InputError.
std::pair<std::uint64_t, std::uint64_t> parse_shard(const std::string& text);
// The moves of a solution or --moves text; throws InputError naming `source` and the first token
// that is not a move.
std::vector<Move> parse_move_tokens(std::string_view text, const std::string& source);
// A --memory value in MiB, as bytes: at least 1, and no more than the machine's memory (refused
// before anything is allocated). Throws InputError.
std::uint64_t parse_memory_mib(const std::string& text);
// A variant name given to --variant; throws InputError listing the known names (and `also`,
// e.g. ", or all", where the command accepts more).
VariantId parse_variant_option(const std::string& name, const std::string& also = "");
// A non-negative number of seconds ("2", "0.5"); throws InputError.
double parse_seconds(const std::string& option, const std::string& text);

// Adds --variant, --seed, --pysol, --ranks, --position, --moves and --moves-file.
void add_deal_options(boost::program_options::options_description& options);

// The start position named by those options: a seeded deal or a validated file, after the moves
// of --moves or --moves-file (a game in progress).
struct StartPosition {
    Position position;
    std::optional<std::uint64_t> seed;
    std::optional<std::uint64_t> pysol;  // PySolFC game number
    std::size_t moves_played = 0;        // from --moves / --moves-file
    Position before_moves{};             // the position those moves were played from
    std::vector<Move> moves{};           // those moves
};

// A move of --moves or --moves-file that the rules refuse: `patience` exits 1 (SPEC §6), naming it.
class IllegalMove : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// What a `lost` means for a PySolFC deal: PySolFC also lets a foundation's top card come back.
inline constexpr const char* kPysolLostNote =
    "lost under the standard rules; PySolFC also lets a foundation's top card return to the "
    "tableau, which these rules forbid";

// A PySolFC game number for `variant`: 1 <= N < 2^64, and a variant whose rules match PySolFC's.
std::uint64_t parse_pysol(const std::string& text, VariantId variant);
StartPosition start_position(const boost::program_options::variables_map& vm);

}  // namespace patience::cli
