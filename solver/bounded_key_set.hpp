// A set of 64-bit keys that never holds more than a fixed number of them, each stored with the
// work it stands for (the states a search took to settle it). When it is full it forgets its
// cheapest keys, at least half of them, and keeps the rest: what it holds is only ever a subset of
// what was inserted, so a search that keeps its verdicts in one loses time, never a verdict, when
// a key is forgotten.
//
// Why not empty it when full (as the capacity test did with a PathSet): a relaxed search of a
// million states then forgets, halfway, the states its deepest lines settled, and searches them
// again and again. A Diplomat seed 7 position with 8 stock cards, whose strict relaxed game
// (search/capacity.hpp) is lost, was still open after 8 million states with a set emptied at 2^19
// keys; kept here with at most 2^20 keys, it is lost in 1.9 million (1.4 million with a set that
// never forgets). The cheapest keys go first because a key is worth what searching it again would
// cost: most keys are states settled by one expansion, which is all that forgetting them costs.
//
// Open addressing with linear probing, as PathSet (path_set.hpp), growing from 1,024 slots so that
// a small search stays in the cache, at most half full.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "solver/zeroed_array.hpp"

namespace patience {

class BoundedKeySet {
  public:
    explicit BoundedKeySet(std::size_t max_keys) : max_keys_(max_keys) {}

    bool contains(std::uint64_t key) const {
        key = stored(key);
        for (std::size_t i = home(key);; i = next(i)) {
            if (keys_[i] == key) return true;
            if (keys_[i] == kEmpty) return false;
        }
    }

    // Adds the key (or updates its work), forgetting the cheapest keys first when full.
    void insert(std::uint64_t key, std::uint64_t work) {
        if (size_ >= max_keys_) forget_cheapest();
        if ((size_ + 1) * 2 > keys_.size()) rehash(keys_.size() * 2, 0);
        put(stored(key), static_cast<std::uint32_t>(std::min<std::uint64_t>(work, UINT32_MAX)));
    }

    void clear() {
        keys_ = ZeroedArray<std::uint64_t>(kFirstSlots);
        work_ = ZeroedArray<std::uint32_t>(kFirstSlots);
        size_ = 0;
    }
    std::size_t size() const { return size_; }
    // The most keys it holds.
    std::size_t max_keys() const { return max_keys_; }
    // The slots it holds now (each a key and its work: 12 bytes).
    std::size_t slots() const { return keys_.size(); }

  private:
    static constexpr std::uint64_t kEmpty = 0;
    static constexpr std::size_t kFirstSlots = 1024;
    // Key 0 is stored as 1: a 2^-64 merge of two keys, the same order as any key collision.
    static std::uint64_t stored(std::uint64_t key) { return key == kEmpty ? 1 : key; }
    std::size_t home(std::uint64_t key) const {
        return (key * 0x9E3779B97F4A7C15ULL) >> (64 - std::countr_zero(keys_.size()));
    }
    std::size_t next(std::size_t i) const { return (i + 1) & (keys_.size() - 1); }

    void put(std::uint64_t key, std::uint32_t work) {
        std::size_t i = home(key);
        while (keys_[i] != kEmpty && keys_[i] != key) i = next(i);
        if (keys_[i] == kEmpty) ++size_;
        keys_[i] = key;
        work_[i] = work;
    }

    // Keeps the keys whose work has at least the fewest binary digits that leaves at most half of
    // max_keys: none, when more than half cost alike and most. They move into half the slots
    // where they fill at most half of those (as they do unless most keys cost alike), so that
    // while it forgets the set holds its slots and half as many, as while it grows (its slots and
    // twice as many), not twice as many: 1.5 times its full size at most, not 2 (2^23 keys: 288
    // MiB, not 384). The keys held, and so every answer, are the same either way. A Diplomat seed
    // 7 end game (bench/positions/diplomat-7-end-game-2, 5 million nodes, whose start's relaxed
    // searches fill 2^23 keys): 368 MB resident at most instead of 466, in the same time.
    void forget_cheapest() {
        std::array<std::size_t, 33> by_digits{};
        for (std::size_t i = 0; i < keys_.size(); ++i) {
            if (keys_[i] != kEmpty) ++by_digits[std::bit_width(work_[i])];
        }
        std::size_t kept = size_;
        int digits = 0;
        while (kept > max_keys_ / 2 && digits < 32) kept -= by_digits[digits++];
        const std::size_t half = keys_.size() / 2;
        rehash(half >= kFirstSlots && kept * 2 <= half ? half : keys_.size(), digits);
    }

    // Moves the keys whose work has at least min_digits binary digits into `slots` slots.
    void rehash(std::size_t slots, int min_digits) {
        ZeroedArray<std::uint64_t> old_keys(slots);  // kEmpty
        ZeroedArray<std::uint32_t> old_work(slots);
        std::swap(old_keys, keys_);
        std::swap(old_work, work_);
        size_ = 0;
        for (std::size_t i = 0; i < old_keys.size(); ++i) {
            const int digits = static_cast<int>(std::bit_width(old_work[i]));
            if (old_keys[i] != kEmpty && digits >= min_digits) {
                put(old_keys[i], old_work[i]);
            }
        }
    }

    std::size_t max_keys_;
    // Zeros to begin with: kEmpty keys, no work.
    ZeroedArray<std::uint64_t> keys_{kFirstSlots};
    ZeroedArray<std::uint32_t> work_{kFirstSlots};
    std::size_t size_ = 0;
};

}  // namespace patience
