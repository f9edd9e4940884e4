// Where a search spent its nodes: expanded positions counted by the cards left in the stock and
// the cards on the foundations, for the complete search and for the probes apart. It shows which
// positions eat a budget (for example stock-empty end games with few cards up).
#pragma once

#include <cstdint>
#include <vector>

namespace patience {

struct NodeHistogram {
    static constexpr int kStockSlots = 129;  // 0..128 cards left in the stock
    static constexpr int kUpSlots = 209;     // 0..208 cards on the foundations

    // Nodes at [stock * kUpSlots + up]; both empty when no histogram was asked for.
    std::vector<std::uint64_t> complete;
    std::vector<std::uint64_t> probes;

    static std::size_t slot(int stock_left, int cards_up) {
        return static_cast<std::size_t>(stock_left) * kUpSlots + static_cast<std::size_t>(cards_up);
    }
    static std::vector<std::uint64_t> blank() {
        return std::vector<std::uint64_t>(kStockSlots * kUpSlots, 0);
    }
    bool empty() const { return complete.empty(); }
    static void add_into(std::vector<std::uint64_t>& into, const std::vector<std::uint64_t>& from) {
        if (into.empty()) into = blank();
        for (std::size_t i = 0; i < from.size(); ++i) into[i] += from[i];
    }
};

}  // namespace patience
