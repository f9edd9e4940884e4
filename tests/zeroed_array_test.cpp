// ZeroedArray (solver/zeroed_array.hpp): it reads as zeros until written, on small pages and on
// huge ones alike, keeps what is written, and hands its memory over when moved.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <utility>

#include "solver/zeroed_array.hpp"

namespace patience {
namespace {

void expect_zeros_then_writes(std::size_t size) {
    ZeroedArray<std::uint64_t> array(size);
    ASSERT_EQ(array.size(), size);
    for (std::size_t i = 0; i < size; i += 511) EXPECT_EQ(array[i], 0u) << i;
    EXPECT_EQ(array[size - 1], 0u);
    for (std::size_t i = 0; i < size; i += 4097) array[i] = i * 3 + 1;
    for (std::size_t i = 0; i < size; i += 4097) EXPECT_EQ(array[i], i * 3 + 1) << i;
    EXPECT_EQ(array[1], 0u);
}

TEST(ZeroedArray, ReadsZerosUntilWrittenOnSmallPages) { expect_zeros_then_writes(1000); }

TEST(ZeroedArray, ReadsZerosUntilWrittenPastAHugePage) {
    expect_zeros_then_writes(3 * kHugePageBytes / 8 + 5);
}

TEST(ZeroedArray, AMoveHandsTheValuesOver) {
    ZeroedArray<std::uint32_t> a(100);
    a[42] = 7;
    ZeroedArray<std::uint32_t> b(std::move(a));
    EXPECT_EQ(b.size(), 100u);
    EXPECT_EQ(b[42], 7u);
    ZeroedArray<std::uint32_t> c(10);
    c = std::move(b);
    EXPECT_EQ(c.size(), 100u);
    EXPECT_EQ(c[42], 7u);
}

}  // namespace
}  // namespace patience
