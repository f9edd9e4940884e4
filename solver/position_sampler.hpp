// Samples of the positions a complete search expands: every `every`-th one with `min_stock` to
// `max_stock` cards left in the stock, up to kMaxSamples of them. They show what a search that
// does not finish is working on (`solve --sample-positions`), and make sets of hard end games to
// measure proofs of loss on (bench/positions/end-games/).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/position.hpp"

namespace patience {

struct SampleSpec {
    std::uint64_t every = 0;  // 0: no samples
    int min_stock = 0;
    int max_stock = 16;
};

class PositionSampler {
  public:
    static constexpr std::size_t kMaxSamples = 1000;

    explicit PositionSampler(const SampleSpec& spec) : spec_(spec) {}

    // Whether the position being expanded, with `stock_left` cards in the stock, is one to keep.
    bool wants(int stock_left) {
        if (spec_.every == 0 || stock_left < spec_.min_stock || stock_left > spec_.max_stock) {
            return false;
        }
        if (samples_.size() >= kMaxSamples) return false;
        return ++eligible_ % spec_.every == 0;
    }
    void keep(Position position) { samples_.push_back(std::move(position)); }
    std::vector<Position> take() { return std::move(samples_); }

  private:
    SampleSpec spec_;
    std::uint64_t eligible_ = 0;
    std::vector<Position> samples_;
};

}  // namespace patience
