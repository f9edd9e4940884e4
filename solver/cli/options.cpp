#include "solver/cli/options.hpp"

#include <charconv>
#include <cmath>

#include "core/deal.hpp"
#include "core/input_error.hpp"
#include "core/position_io.hpp"
#include "core/pysol_deal.hpp"

namespace po = boost::program_options;

namespace patience::cli {

std::uint64_t parse_u64(const std::string& option, const std::string& text) {
    std::uint64_t value = 0;
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ptr != end || ec == std::errc::invalid_argument) {
        throw InputError(option + ": '" + text + "' is not an unsigned integer");
    }
    if (ec == std::errc::result_out_of_range) {
        throw InputError(option + ": '" + text + "' does not fit in 64 bits (max " +
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

VariantId parse_variant_option(const std::string& name, const std::string& also) {
    const auto variant = parse_variant(name);
    if (!variant) {
        throw InputError("--variant: unknown variant '" + name + "' (known: " + variant_names() +
                         also + ")");
    }
    return *variant;
}

double parse_seconds(const std::string& option, const std::string& text) {
    double value = 0;
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ptr != end || ec != std::errc() || !std::isfinite(value) || value < 0) {
        throw InputError(option + ": '" + text + "' is not a non-negative number of seconds");
    }
    return value;
}

void add_deal_options(po::options_description& options) {
    options.add_options()
        ("variant", po::value<std::string>(), "variant name (see `patience variants`)")
        ("seed", po::value<std::string>(), "deal number, an unsigned 64-bit integer")
        ("pysol", po::value<std::string>(),
         "PySolFC game number N (1 <= N < 2^64) instead of --seed: the deal PySolFC shows as "
         "game #N (diplomat, malmaison, emperor, emperor-modern)")
        ("ranks", po::value<std::string>()->default_value("13"),
         "ranks per suit, 1..13 (reduced decks; double-dot needs an odd number >= 3)")
        ("position", po::value<std::string>(), "position file (JSON, see README), - for stdin");
}

std::uint64_t parse_pysol(const std::string& text, VariantId variant) {
    const std::uint64_t game = parse_u64("--pysol", text);
    if (game == 0) throw InputError("--pysol: game numbers start at 1 (PySolFC has no game #0)");
    if (auto problem = pysol_problem(variant)) throw InputError("--pysol: " + *problem);
    return game;
}

StartPosition start_position(const po::variables_map& vm) {
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

}  // namespace patience::cli
