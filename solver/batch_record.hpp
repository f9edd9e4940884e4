// One line of a batch file: the outcome of one deal, as the JSON object SPEC §6 describes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/variant.hpp"
#include "solver/verdict.hpp"

namespace patience {

struct BatchRecord {
    VariantId variant = VariantId::Diplomat;
    std::uint64_t seed = 0;
    int ranks = kMaxRanks;
    Verdict result = Verdict::Unknown;
    std::uint64_t nodes = 0;
    double ms = 0;
    std::uint64_t moves = 0;  // solution length when won, else 0
    LimitHit limit = LimitHit::None;
    bool pysol = false;  // `seed` is a PySolFC game number ("numbering": "pysol")

    // Deals are identified by (variant, seed, ranks) and the numbering of the seed: a batch file
    // holds each at most once.
    struct Id {
        VariantId variant;
        std::uint64_t seed;
        int ranks;
        bool pysol = false;
        friend auto operator<=>(const Id&, const Id&) = default;
    };
    Id id() const { return {variant, seed, ranks, pysol}; }
};

// {"variant":..,"seed":..,"ranks":..,"result":..,"nodes":..,"ms":..,"moves":..[,"limit":..]
//  [,"numbering":"pysol"]} without a trailing newline.
std::string to_json_line(const BatchRecord& record);

// Parses one line; on failure returns nullopt and says why in `error`.
std::optional<BatchRecord> parse_batch_line(std::string_view line, std::string& error);

}  // namespace patience
