#include "solver/transposition_table.hpp"

#include <algorithm>
#include <bit>
#include <new>

#include <sys/mman.h>

#include "solver/zeroed_array.hpp"

namespace patience {

namespace {
constexpr std::uint64_t kTagMask = ~std::uint64_t{0xFFFF};
constexpr std::uint64_t kPriorityMask = std::uint64_t{0xFC00};
constexpr int kPriorityShift = 10;
constexpr int kLaneShift = 8;
}

TranspositionTable::TranspositionTable(std::uint64_t bytes) {
    const std::uint64_t wanted = bytes / (kBucketEntries * sizeof(std::uint64_t));
    buckets_ = std::max(kMinBuckets, std::bit_floor(std::max<std::uint64_t>(wanted, 1)));
    // Anonymous private pages read as zero (every entry empty) until written; MAP_NORESERVE
    // because a search rarely touches the whole table.
    void* memory = ::mmap(nullptr, this->bytes(), PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (memory == MAP_FAILED) throw std::bad_alloc();
    // Huge pages where the kernel grants them (a hint; on a kernel whose transparent huge pages
    // are set to `madvise`, the only way to get them): lookups land at random in the table, and
    // with small pages nearly every one missed the TLB besides the cache. The lookup was 16% of
    // an Emperor batch's time (perf); Emperor and Diplomat seeds 1-60 at 1M nodes on one thread
    // took 11.5 and 11.7 s with small pages, 11.1 and 10.7 s with huge ones (the same nodes).
    // A search that touches little of the table now commits 2 MiB pages instead of 4 KiB ones:
    // at most the table's size, which --memory bounds.
    if (this->bytes() >= kHugePageBytes) ::madvise(memory, this->bytes(), MADV_HUGEPAGE);
    entries_ = static_cast<std::uint64_t*>(memory);
}

TranspositionTable::~TranspositionTable() {
    if (entries_ != nullptr) ::munmap(entries_, bytes());
}

// Every entry back to zero: the kernel drops the pages, and hands out zeroed ones again when
// they are next touched (MADV_DONTNEED on private anonymous memory).
void TranspositionTable::clear() {
    if (::madvise(entries_, bytes(), MADV_DONTNEED) != 0) {
        for (std::uint64_t i = 0; i < buckets_ * kBucketEntries; ++i) save(entries_[i], 0);
    }
}

void TranspositionTable::new_search() {
    if (++epoch_ == 256) {
        // The 8-bit epoch wrapped: old entries could look current again, so clear once.
        clear();
        epoch_ = 1;
    }
}

TranspositionTable::Hit TranspositionTable::lookup(std::uint64_t key, int lane) const {
    auto* b = bucket(key);
    const std::uint64_t want =
        (key & kTagMask) | (static_cast<std::uint64_t>(lane) << kLaneShift) | epoch_;
    for (std::uint64_t i = 0; i < kBucketEntries; ++i) {
        const std::uint64_t e = load(b[i]);
        if ((e & ~kPriorityMask) == want) {
            return (e & kPriorityMask) == 0 ? Hit::Proof : Hit::Searched;
        }
    }
    return Hit::None;
}

void TranspositionTable::store_entry(std::uint64_t key, std::uint64_t priority, int lane) {
    auto* b = bucket(key);
    priority = std::min<std::uint64_t>(priority, 63);
    const std::uint64_t entry = (key & kTagMask) | (priority << kPriorityShift) |
                                (static_cast<std::uint64_t>(lane) << kLaneShift) | epoch_;
    // Replace an entry of an older search if there is one, else the one with the least work.
    std::uint64_t victim = 0;
    std::uint64_t victim_score = UINT64_MAX;
    for (std::uint64_t i = 0; i < kBucketEntries; ++i) {
        const std::uint64_t e = load(b[i]);
        const bool stale = (e & 0xFF) != epoch_;
        const std::uint64_t score = stale ? 0 : 1 + ((e & kPriorityMask) >> kPriorityShift);
        if (score < victim_score) {
            victim_score = score;
            victim = i;
        }
    }
    save(b[victim], entry);
}

}  // namespace patience
