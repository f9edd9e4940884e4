#include "solver/packed_state.hpp"

namespace patience {

const KeyTables& KeyTables::get() {
    static const KeyTables tables = [] {
        KeyTables t{};
        SplitMix64 rng(0x70617469656E6365ULL);  // fixed: keys must not change between runs
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
    }();
    return tables;
}

}  // namespace patience
