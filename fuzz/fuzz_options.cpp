// Fuzzes the command line's numeric options (solver/cli/options.hpp): unsigned integers, bounded
// ones, seconds, seed ranges and shards. A value that parses prints back to a text that parses to
// the same value, and keeps its bounds; one that does not is refused with an InputError of one
// line that names the option. Anything else (another exception, a crash) is a bug.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/input_error.hpp"
#include "fuzz/check.hpp"
#include "solver/cli/options.hpp"

namespace {

template <class Parse, class Check>
void try_option(const std::string& option, Parse parse, Check check) {
    try {
        check(parse());
    } catch (const patience::InputError& e) {
        patience::fuzz::check_one_line(e.what());
        FUZZ_CHECK(std::string(e.what()).find(option) != std::string::npos);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace patience::cli;
    const std::string text(reinterpret_cast<const char*>(data), size);
    try_option(
        "--node-limit", [&] { return parse_u64("--node-limit", text); },
        [&](std::uint64_t v) { FUZZ_CHECK(parse_u64("x", std::to_string(v)) == v); });
    try_option(
        "--ranks", [&] { return parse_bounded("--ranks", text, 1, 13); },
        [&](std::uint64_t v) { FUZZ_CHECK(v >= 1 && v <= 13); });
    try_option(
        "--time-limit", [&] { return parse_seconds("--time-limit", text); },
        [&](double v) { FUZZ_CHECK(v >= 0 && v == v); });
    try_option(
        "--seeds", [&] { return parse_seed_range(text); },
        [&](auto range) {
            FUZZ_CHECK(range.first <= range.second);
            FUZZ_CHECK(parse_seed_range(std::to_string(range.first) + "-" +
                                        std::to_string(range.second)) == range);
        });
    try_option(
        "--shard", [&] { return parse_shard(text); },
        [&](auto shard) {
            FUZZ_CHECK(shard.first >= 1 && shard.first <= shard.second);
            FUZZ_CHECK(parse_shard(std::to_string(shard.first) + "/" +
                                   std::to_string(shard.second)) == shard);
        });
    try_option(
        "--memory", [&] { return parse_memory_mib(text); },
        [&](std::uint64_t bytes) { FUZZ_CHECK(bytes >= (1u << 20) && bytes % (1u << 20) == 0); });
    try_option(
        "--variant", [&] { return parse_variant_option(text); }, [](auto) {});
    return 0;
}
