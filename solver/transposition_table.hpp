// A lossy, fixed-size table of positions whose whole subtree was searched without finding a win.
// Forgetting an entry only costs repeated work; a false hit could prune a win, so its odds are
// kept negligible (see below).
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <utility>

namespace patience {

// Entry layout, one 64-bit word:
//   bits 16-63: the key's top 48 bits (the tag)
//   bits 10-15: log2 of the subtree's node count plus one, at most 63 (the replacement priority);
//               0 for a position a sound test proved lost without a search below it (lookup()
//               tells those apart: search/lost_moves.hpp passes their moves on)
//   bits 8-9:   the lane: which member of a portfolio stored it (see below)
//   bits 0-7:   epoch of the solve that stored it (0: empty)
// Buckets hold 4 entries (32 bytes, two to a cache line) and are indexed by the key's low bits,
// at least 16 of them, so tag and index together compare all 64 bits of the key.
//
// False hits: a position is pruned wrongly only if a different position with the same 64-bit key
// was stored in the same lane of the same solve. With n probes against a table, the chance is at
// most n * 4 / 2^64 per solve (each probe compares against 4 entries). A node probes once per move
// tried: about 10 on average, and at most about 200 (a stock macro for every stock card, up to
// 128 in Malmaison, when a space takes any card, and the tableau moves). At the default node limit
// of 10^6 nodes, shared by all the lanes, n is at most 2e8 and the chance at most
// 8e8 / 1.8e19 = 4.4e-11 per deal: one wrong prune in 2.3e10 deals, far below one in a billion.
// (An extra thread's probe XORs its stream's salt into its keys; that changes which keys meet,
// not how often two of them are equal.) The exact path set shares the same 64-bit keys and adds
// at most depth / 2^64 per probe, less again. (Keys of distinct positions are assumed to collide
// no more often than random 64-bit values: every part of the key is XXH3 output or a SplitMix64
// table value.)
//
// Lanes: the searches of one solve share the table, but each reads only the entries of its own
// lane. A narrow probe's "no win below here" holds only for its narrowed move set, so the
// complete search must never read it; lanes keep that apart without splitting the memory.
class TranspositionTable {
  public:
    static constexpr std::uint64_t kBucketEntries = 4;
    static constexpr int kLanes = 4;
    static constexpr std::uint64_t kMinBuckets = std::uint64_t{1} << 16;

    // Uses at most `bytes` (at least kMinBuckets buckets). The memory is mapped, not written:
    // the kernel hands out zeroed pages as the search first touches them, so start-up takes no
    // time whatever the size, and a short search uses only the pages it touches.
    explicit TranspositionTable(std::uint64_t bytes);
    ~TranspositionTable();
    TranspositionTable(const TranspositionTable&) = delete;
    TranspositionTable& operator=(const TranspositionTable&) = delete;
    TranspositionTable(TranspositionTable&& other) noexcept
        : buckets_(other.buckets_),
          entries_(std::exchange(other.entries_, nullptr)),
          epoch_(other.epoch_) {}
    TranspositionTable& operator=(TranspositionTable&& other) noexcept {
        std::swap(buckets_, other.buckets_);
        std::swap(entries_, other.entries_);
        std::swap(epoch_, other.epoch_);
        return *this;
    }

    // Starts a new solve: entries of earlier solves no longer count, with no clearing.
    void new_search();

    bool contains(std::uint64_t key, int lane = 0) const { return lookup(key, lane) != Hit::None; }
    enum class Hit { None, Searched, Proof };
    // Whether `key` is stored for `lane`, and how: by store() or by store_proof().
    Hit lookup(std::uint64_t key, int lane = 0) const;
    // Records a position whose subtree (of `nodes` nodes) holds no win for `lane`'s search.
    void store(std::uint64_t key, std::uint64_t nodes, int lane = 0) {
        store_entry(key, std::max<std::uint64_t>(std::bit_width(nodes), 1), lane);
    }
    // Records a position that a sound test proved lost, with no search below it: lost whatever
    // the path to it, unlike an exhausted subtree, whose search may have cut a cycle on its path.
    // It has the lowest priority: its proof is one test away.
    void store_proof(std::uint64_t key, int lane = 0) { store_entry(key, 0, lane); }

    std::uint64_t bytes() const { return buckets_ * kBucketEntries * sizeof(std::uint64_t); }
    static constexpr std::size_t bytes_per_entry() { return sizeof(std::uint64_t); }

  private:
  std::uint64_t* bucket(std::uint64_t key) const {
      return &entries_[(key & (buckets_ - 1)) * kBucketEntries];
  }
  // Entries are read and written through std::atomic_ref: threads share the table.
  static std::uint64_t load(std::uint64_t& entry) {
      return std::atomic_ref<std::uint64_t>(entry).load(std::memory_order_relaxed);
  }
  static void save(std::uint64_t& entry, std::uint64_t value) {
      std::atomic_ref<std::uint64_t>(entry).store(value, std::memory_order_relaxed);
  }
  void clear();
  void store_entry(std::uint64_t key, std::uint64_t priority, int lane);

  std::uint64_t buckets_;
  std::uint64_t* entries_ = nullptr;  // mmap'ed, buckets_ * kBucketEntries words
  std::uint64_t epoch_ = 0;
};

}  // namespace patience
