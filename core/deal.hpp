// Deals from seeds (SPEC §3): SplitMix64, an unbiased Fisher-Yates shuffle, and the layout.
// The same (variant, seed, ranks) gives the same deal on every platform and compiler.
#pragma once

#include <cstdint>
#include <vector>

#include "core/card.hpp"
#include "core/position.hpp"
#include "core/variant.hpp"

namespace patience {

class SplitMix64 {
  public:
    explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next();
    // Uniform in [0, n) by rejection: x is redrawn while x >= 2^64 - (2^64 mod n). n > 0.
    std::uint64_t below(std::uint64_t n);

  private:
    std::uint64_t state_;
};

// Every card of the variant in deck order (per deck copy: suits C D H S, ranks A..R), before the
// preset foundation cards are taken out.
std::vector<Card> full_deck(const VariantRules& rules, int ranks);

// The deal for (variant, seed, ranks). Throws std::invalid_argument when `ranks` is not allowed
// for the variant (ranks_problem); the CLI checks that first and reports it as bad input.
Position deal_position(VariantId variant, std::uint64_t seed, int ranks = kMaxRanks);

// Lays out an already shuffled list of the cards that do not start on the foundations: the
// tableau row by row from the front, the rest as the stock in drawing order.
Position lay_out(VariantId variant, int ranks, const std::vector<Card>& shuffled);

}  // namespace patience
