// An array of plain values that starts as zeros, for large tables probed at random (the capacity
// test's memory of relaxed states, bounded_key_set.hpp).
//
// Why not a std::vector: a vector writes its zeros (every page faulted in as the kernel's small
// pages), and a table of many megabytes probed at random then misses the TLB, besides the
// cache, on nearly every probe. Mapped memory reads as zero until written, and where it is asked for huge pages
// (MADV_HUGEPAGE; on a kernel whose transparent huge pages are set to `madvise`, the only way to
// get them) a 2 MiB page covers what 512 small ones did. Arrays under one huge page stay small
// pages: nothing to gain there. Where the kernel grants no huge page the memory works as before.
// Measured on the relaxed games of the end games in bench/positions/end-games, where the set's
// lookups took a third of the time (perf, Diplomat seed 7's first: nearly all on the first
// compare, a miss): scripts/position_set.sh took 10.1 and 10.4 s with vectors and 9.3 and 9.8 s
// with these (two runs each, 95,642 nodes in all either way, on 2 cores beside two batches).
#pragma once

#include <cstddef>
#include <new>
#include <type_traits>
#include <utility>

#include <sys/mman.h>

namespace patience {

// A transparent huge page (x86-64): mappings at least this large ask for them.
inline constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;

template <class T>
class ZeroedArray {
    static_assert(std::is_trivially_copyable_v<T>, "zero bytes must be a value of T");

  public:
    ZeroedArray() = default;
    explicit ZeroedArray(std::size_t size) : size_(size) {
        if (size_ == 0) return;
        void* memory = ::mmap(nullptr, bytes(), PROT_READ | PROT_WRITE,
                              MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (memory == MAP_FAILED) throw std::bad_alloc();
        if (bytes() >= kHugePageBytes) ::madvise(memory, bytes(), MADV_HUGEPAGE);  // a hint only
        data_ = static_cast<T*>(memory);
    }
    ~ZeroedArray() {
        if (data_ != nullptr) ::munmap(data_, bytes());
    }
    ZeroedArray(ZeroedArray&& other) noexcept
        : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}
    ZeroedArray& operator=(ZeroedArray&& other) noexcept {
        std::swap(data_, other.data_);
        std::swap(size_, other.size_);
        return *this;
    }
    ZeroedArray(const ZeroedArray&) = delete;
    ZeroedArray& operator=(const ZeroedArray&) = delete;

    std::size_t size() const { return size_; }
    T& operator[](std::size_t i) { return data_[i]; }
    const T& operator[](std::size_t i) const { return data_[i]; }

  private:
    std::size_t bytes() const { return size_ * sizeof(T); }

    T* data_ = nullptr;
    std::size_t size_ = 0;
};

}  // namespace patience
