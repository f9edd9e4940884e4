#include "solver/cli/options.hpp"

#include <cctype>
#include <charconv>
#include <cmath>

#include <unistd.h>

#include "core/deal.hpp"
#include "core/input_error.hpp"
#include "core/position_io.hpp"
#include "core/pysol_deal.hpp"
#include "core/rules.hpp"

namespace po = boost::program_options;

namespace patience::cli {

std::uint64_t parse_u64(const std::string& option, const std::string& text) {
    std::uint64_t value = 0;
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ptr != end || ec == std::errc::invalid_argument) {
        throw InputError(option + ": " + in_quotes(text) + " is not an unsigned integer");
    }
    if (ec == std::errc::result_out_of_range) {
        throw InputError(option + ": " + in_quotes(text) + " does not fit in 64 bits (max " +
                         std::to_string(UINT64_MAX) + ")");
    }
    return value;
}

std::uint64_t parse_bounded(const std::string& option, const std::string& text, std::uint64_t min,
                            std::uint64_t max) {
    const std::uint64_t value = parse_u64(option, text);
    if (value < min || value > max) {
        throw InputError(option + ": " + text + " is out of range (" + std::to_string(min) + " to " +
                         std::to_string(max) + ")");
    }
    return value;
}

std::pair<std::uint64_t, std::uint64_t> parse_range(const std::string& option,
                                                    const std::string& text,
                                                    const std::string& example) {
    const auto dash = text.find('-');
    if (dash == std::string::npos || dash == 0 || text.find('-', dash + 1) != std::string::npos) {
        throw InputError(option + ": expected A-B, two unsigned integers with A <= B (e.g. " +
                         example + "), got " + in_quotes(text));
    }
    const std::uint64_t first = parse_u64(option + " " + in_quotes(text), text.substr(0, dash));
    const std::uint64_t last = parse_u64(option + " " + in_quotes(text), text.substr(dash + 1));
    if (first > last) {
        throw InputError(option + ": the range " + in_quotes(text) +
                         " is empty (A must not exceed B)");
    }
    return {first, last};
}

std::pair<std::uint64_t, std::uint64_t> parse_seed_range(const std::string& text) {
    return parse_range("--seeds", text, "1-1000");
}

std::pair<std::uint64_t, std::uint64_t> parse_shard(const std::string& text) {
    const auto slash = text.find('/');
    if (slash == std::string::npos) {
        throw InputError("--shard: expected K/N (e.g. 3/8), got " + in_quotes(text));
    }
    const std::uint64_t k = parse_u64("--shard " + in_quotes(text), text.substr(0, slash));
    const std::uint64_t n = parse_u64("--shard " + in_quotes(text), text.substr(slash + 1));
    if (k == 0 || k > n) {
        throw InputError("--shard " + in_quotes(text) + ": K must be between 1 and N");
    }
    return {k, n};
}

std::vector<Move> parse_move_tokens(std::string_view text, const std::string& source) {
    std::vector<Move> moves;
    if (auto error = parse_moves(text, moves)) {
        throw InputError(source + ": token " + std::to_string(error->index + 1) + " " +
                         in_quotes(error->token) +
                         " is not a move (expected draw, deal, w>f, w>N, N>f, N>M or N>MxK)");
    }
    return moves;
}

std::uint64_t parse_memory_mib(const std::string& text) {
    const std::uint64_t mib = parse_bounded("--memory", text, 1, std::uint64_t{1} << 40);
    const long pages = ::sysconf(_SC_PHYS_PAGES);
    const long page_size = ::sysconf(_SC_PAGE_SIZE);
    if (pages > 0 && page_size > 0) {
        const std::uint64_t machine_mib =
            static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page_size) >> 20;
        if (mib > machine_mib) {
            throw InputError("--memory: " + text + " MiB is more than this machine has (" +
                             std::to_string(machine_mib) + " MiB)");
        }
    }
    return mib << 20;
}

VariantId parse_variant_option(const std::string& name, const std::string& also) {
    // Names are lower-case; `Diplomat` is accepted as card names accept either case.
    std::string lower = name;
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const auto variant = parse_variant(lower);
    if (!variant) {
        throw InputError("--variant: unknown variant " + in_quotes(name) +
                         " (known: " + variant_names() + also + ")");
    }
    return *variant;
}

double parse_seconds(const std::string& option, const std::string& text) {
    double value = 0;
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ptr != end || ec != std::errc() || !std::isfinite(value) || value < 0) {
        throw InputError(option + ": " + in_quotes(text) +
                         " is not a non-negative number of seconds");
    }
    return value;
}

void add_deal_options(po::options_description& options) {
    // One option per line, as Boost.Program_options reads best.
    // clang-format off
    options.add_options()
        ("variant", po::value<std::string>(), "variant name (see `patience variants`)")
        ("seed", po::value<std::string>(), "deal number, an unsigned 64-bit integer")
        ("pysol", po::value<std::string>(),
         "PySolFC game number N (1 <= N < 2^64) instead of --seed: the deal PySolFC shows as "
         "game #N (diplomat, malmaison, emperor, emperor-modern)")
        ("ranks", po::value<std::string>()->default_value("13"),
         "ranks per suit, 1..13 (reduced decks; double-dot needs an odd number >= 3)")
        ("position", po::value<std::string>(), "position file (JSON, see README), - for stdin")
        ("moves", po::value<std::string>(),
         "moves to play first, as in a solution (\"draw w>3 1>f\"): a game in progress")
        ("moves-file", po::value<std::string>(), "the same moves from a file (- for stdin)");
    // clang-format on
}

std::uint64_t parse_pysol(const std::string& text, VariantId variant) {
    const std::uint64_t game = parse_u64("--pysol", text);
    if (game == 0) throw InputError("--pysol: game numbers start at 1 (PySolFC has no game #0)");
    if (auto problem = pysol_problem(variant)) throw InputError("--pysol: " + *problem);
    return game;
}

namespace {

StartPosition start_without_moves(const po::variables_map& vm);

// Plays --moves / --moves-file from `start`.
void play_given_moves(const po::variables_map& vm, StartPosition& start) {
    if (vm.count("moves") && vm.count("moves-file")) {
        throw InputError("--moves and --moves-file both give the moves: use one");
    }
    std::string text, source;
    if (vm.count("moves")) {
        text = vm["moves"].as<std::string>();
        source = "--moves";
    } else if (vm.count("moves-file")) {
        const std::string path = vm["moves-file"].as<std::string>();
        if (path == "-" && vm.count("position") && vm["position"].as<std::string>() == "-") {
            throw InputError("--position and --moves-file cannot both read standard input");
        }
        text = read_text_file(path, kMaxMovesFileBytes);
        source = path == "-" ? "<stdin>" : path;
    } else {
        return;
    }
    const std::vector<Move> moves = parse_move_tokens(text, source);
    const ReplayResult replayed = replay(start.position, moves);
    if (!replayed.all_legal) {
        throw IllegalMove(source + ": move " + std::to_string(replayed.first_illegal + 1) + " of " +
                          std::to_string(moves.size()) + " (" +
                          to_string(moves[replayed.first_illegal]) +
                          ") is illegal: " + replayed.reason);
    }
    start.before_moves = start.position;
    start.position = replayed.final_position;
    start.moves_played = moves.size();
    start.moves = moves;
}

}  // namespace

StartPosition start_position(const po::variables_map& vm) {
    StartPosition start = start_without_moves(vm);
    play_given_moves(vm, start);
    return start;
}

namespace {

StartPosition start_without_moves(const po::variables_map& vm) {
    const bool from_file = vm.count("position") > 0;
    const bool from_seed = vm.count("variant") > 0 || vm.count("seed") > 0 || vm.count("pysol") > 0;
    if (from_file && from_seed) {
        throw InputError("--position cannot be combined with --variant/--seed/--pysol");
    }
    if (from_file) {
        if (!vm["ranks"].defaulted()) {
            throw InputError("--ranks applies to seeded deals; a position file has its own ranks");
        }
        return {load_position(vm["position"].as<std::string>()), std::nullopt, std::nullopt};
    }
    if (!vm.count("variant")) {
        throw InputError("--variant and --seed (or --pysol), or --position, are required");
    }
    const VariantId variant = parse_variant_option(vm["variant"].as<std::string>());
    if (vm.count("pysol")) {
        if (vm.count("seed")) throw InputError("--pysol and --seed name a deal each: give one");
        if (!vm["ranks"].defaulted()) {
            throw InputError("--pysol deals use the full deck: --ranks does not apply");
        }
        const std::uint64_t game = parse_pysol(vm["pysol"].as<std::string>(), variant);
        return {pysol_deal(variant, game), std::nullopt, game};
    }
    if (!vm.count("seed")) throw InputError("--seed (or --pysol) is required with --variant");
    const auto seed = parse_u64("--seed", vm["seed"].as<std::string>());
    const auto ranks =
        static_cast<int>(parse_bounded("--ranks", vm["ranks"].as<std::string>(), 1, kMaxRanks));
    if (auto problem = ranks_problem(rules_of(variant), ranks)) {
        throw InputError("--ranks: " + *problem);
    }
    return {deal_position(variant, seed, ranks), seed, std::nullopt};
}

}  // namespace

}  // namespace patience::cli
