// An exact set of 64-bit keys. The search keeps the keys of the positions on its current path in
// one: cycles are cut here, never by the lossy table (the capacity test keeps its relaxed states
// in others). Open addressing with linear probing and backward-shift deletion, so it never
// forgets a key and never fills up with tombstones.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

namespace patience {

class PathSet {
  public:
    PathSet() : slots_(1024, kEmpty) {}

    bool contains(std::uint64_t key) const {
        key = stored(key);
        for (std::size_t i = home(key);; i = next(i)) {
            if (slots_[i] == key) return true;
            if (slots_[i] == kEmpty) return false;
        }
    }

    void insert(std::uint64_t key) {
        if ((size_ + 1) * 2 > slots_.size()) grow();
        key = stored(key);
        std::size_t i = home(key);
        while (slots_[i] != kEmpty) i = next(i);
        slots_[i] = key;
        ++size_;
    }

    void erase(std::uint64_t key) {
        key = stored(key);
        std::size_t i = home(key);
        while (slots_[i] != key) i = next(i);
        // Backward shift: pull later entries of the probe chain into the hole.
        for (std::size_t j = next(i);; j = next(j)) {
            if (slots_[j] == kEmpty) break;
            const std::size_t h = home(slots_[j]);
            const bool movable = (j > i) ? (h <= i || h > j) : (h <= i && h > j);
            if (movable) {
                slots_[i] = slots_[j];
                i = j;
            }
        }
        slots_[i] = kEmpty;
        --size_;
    }

    void clear() {
        std::fill(slots_.begin(), slots_.end(), kEmpty);
        size_ = 0;
    }
    std::size_t size() const { return size_; }

  private:
    static constexpr std::uint64_t kEmpty = 0;
    // Key 0 is stored as 1: a 2^-64 merge of two keys, the same order as any key collision.
    static std::uint64_t stored(std::uint64_t key) { return key == kEmpty ? 1 : key; }
    std::size_t home(std::uint64_t key) const { return (key * 0x9E3779B97F4A7C15ULL) >> shift(); }
    int shift() const { return 64 - std::countr_zero(slots_.size()); }
    std::size_t next(std::size_t i) const { return (i + 1) & (slots_.size() - 1); }

    void grow() {
        std::vector<std::uint64_t> old(slots_.size() * 2, kEmpty);
        old.swap(slots_);
        size_ = 0;
        for (std::uint64_t key : old) {
            if (key != kEmpty) insert(key);
        }
    }

    std::vector<std::uint64_t> slots_;
    std::size_t size_ = 0;
};

}  // namespace patience
