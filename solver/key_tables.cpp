#include "solver/packed_state.hpp"

#include <cassert>

namespace patience {

namespace {

KeyTables draw_key_tables(std::uint64_t seed) {
    KeyTables t{};
    SplitMix64 rng(seed);
    for (auto& depth : t.card_at) {
        for (auto& value : depth) value = rng.next();
    }
    for (auto& value : t.face_down) value = rng.next();
    for (auto& value : t.place) value = rng.next();
    for (auto& suit : t.foundation) {
        for (auto& value : suit) value = rng.next();
    }
    for (auto& value : t.stock) value = rng.next();
    return t;
}

}  // namespace

const KeyTables& KeyTables::get(int key_set) {
    assert(key_set >= 0 && key_set < kKeySets);
    // Fixed seeds: keys must not change between runs.
    static const KeyTables search = draw_key_tables(0x70617469656E6365ULL);
    static const KeyTables confirmation = draw_key_tables(0x636F6E6669726D21ULL);
    return key_set == 0 ? search : confirmation;
}

}  // namespace patience
