// PySolFC's numbered deals ("game #N"), reproduced for the variants whose rules match PySolFC's:
// its two random generators, its pack order and its way of dealing.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "core/position.hpp"

namespace patience {

// PySolFC's generator for game numbers below 32000: the Microsoft C rand() LCG.
class MsRand {
  public:
    explicit MsRand(std::uint64_t seed) : state_(static_cast<std::uint32_t>(seed)) {}
    std::uint32_t draw() {
        state_ = state_ * 214013u + 2531011u;
        return (state_ >> 16) & 0x7fff;
    }
    std::uint64_t randint(std::uint64_t n) { return draw() % (n + 1); }  // 0..n

  private:
    std::uint32_t state_;
};

// PySolFC's generator for game numbers from 32000: Python's random.Random(N), MT19937 seeded by
// init_by_array over N's 32-bit little-endian words (not std::seed_seq: another algorithm).
class PythonRandom {
  public:
    explicit PythonRandom(std::uint64_t seed);
    std::uint32_t genrand();
    double random();  // [0, 1) with 53 bits, as Python's random.random()
    std::uint64_t randint(std::uint64_t n) {  // 0..n, as PySolFC computes it
        return static_cast<std::uint64_t>(random() * static_cast<double>(n + 1));
    }

  private:
    static constexpr int kN = 624;
    std::array<std::uint32_t, kN> mt_{};
    int index_ = kN;
};

// Why PySolFC's deals cannot be used for this variant, or nullopt when they can (Diplomat,
// Malmaison, Emperor and, on Emperor's deals, emperor-modern).
std::optional<std::string> pysol_problem(VariantId variant);

// PySolFC game #`game` (1 <= game < 2^64) of the variant, with all 13 ranks. Precondition:
// pysol_problem(variant) is nullopt.
Position pysol_deal(VariantId variant, std::uint64_t game);

}  // namespace patience
