// BoundedKeySet (solver/bounded_key_set.hpp): it holds every key while it has room, never one that
// was not inserted, never more than its bound, and when full it keeps the keys that cost most.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <unordered_set>
#include <vector>

#include "solver/bounded_key_set.hpp"

namespace patience {
namespace {

TEST(BoundedKeySet, HoldsEveryKeyWhileItHasRoom) {
    BoundedKeySet set(1u << 14);
    std::mt19937_64 rng(5);
    std::vector<std::uint64_t> keys{0, 1};  // 0 is stored as 1: both are found
    for (int i = 0; i < 10000; ++i) keys.push_back(rng());
    for (const std::uint64_t key : keys) set.insert(key, 1);
    for (const std::uint64_t key : keys) EXPECT_TRUE(set.contains(key));
    EXPECT_EQ(set.size(), keys.size() - 1);
    set.insert(keys[5], 99);  // a key inserted again is updated, not added
    EXPECT_EQ(set.size(), keys.size() - 1);
    for (int i = 0; i < 10000; ++i) EXPECT_FALSE(set.contains(rng() | 2));
    set.clear();
    EXPECT_EQ(set.size(), 0u);
    EXPECT_FALSE(set.contains(keys[5]));
}

// Past 131,072 keys its slots fill more than a huge page (zeroed_array.hpp).
TEST(BoundedKeySet, HoldsEveryKeyPastAHugePage) {
    BoundedKeySet set(1u << 20);
    std::mt19937_64 rng(11);
    std::vector<std::uint64_t> keys;
    for (int i = 0; i < 200000; ++i) keys.push_back(rng() | 1);
    for (const std::uint64_t key : keys) set.insert(key, 1);
    EXPECT_EQ(set.size(), keys.size());
    for (const std::uint64_t key : keys) ASSERT_TRUE(set.contains(key));
    for (int i = 0; i < 10000; ++i) EXPECT_FALSE(set.contains(rng() & ~std::uint64_t{1}));
}

TEST(BoundedKeySet, WhenFullForgetsTheCheapestKeys) {
    constexpr std::size_t kMax = 1u << 12;
    BoundedKeySet set(kMax);
    std::mt19937_64 rng(7);
    std::vector<std::uint64_t> costly;
    std::unordered_set<std::uint64_t> inserted;
    std::size_t forgotten = 0;  // keys inserted and no longer held
    int thinnings = 0;
    for (std::size_t i = 0; i < 3 * kMax; ++i) {
        const std::uint64_t key = rng();
        const bool expensive = i % 8 == 0;
        const std::size_t slots_before = set.slots();
        set.insert(key, expensive ? 1000 + i : 1 + i % 3);
        inserted.insert(key);
        if (expensive) costly.push_back(key);
        EXPECT_LE(set.size(), kMax);
        EXPECT_LE(set.slots(), 2 * kMax);
        // Forgetting (the set shrank) moves the keys kept into half the slots.
        if (set.size() < i + 1 - forgotten) {
            EXPECT_EQ(set.slots(), slots_before / 2);
            forgotten = i + 1 - set.size();
            ++thinnings;
        }
    }
    EXPECT_GE(thinnings, 2);
    // 3 * kMax / 8 costly keys: fewer than half the bound, so each thinning kept all of them.
    for (const std::uint64_t key : costly) EXPECT_TRUE(set.contains(key));
    EXPECT_LT(set.size(), 3 * kMax / 4);
    for (int i = 0; i < 10000; ++i) {
        const std::uint64_t key = rng();
        if (!inserted.contains(key)) {
            EXPECT_FALSE(set.contains(key));
        }
    }
}

}  // namespace
}  // namespace patience
