// Where a search spent its nodes: expanded positions counted by the cards left in the stock and
// the cards on the foundations, for the complete search and for the probes apart. It shows which
// positions eat a budget (for example stock-empty end games with few cards up). For the complete
// search it also counts the different *card flows* it met, by stock left: the stock, waste and
// foundations of a position, everything but its tableau. Nodes many times the card flows mean
// that the budget goes to arrangements of the same tableau cards, not to choices of where the
// stock's cards went.
#pragma once

#include <cstdint>
#include <unordered_set>
#include <vector>

namespace patience {

struct NodeHistogram {
    static constexpr int kStockSlots = 129;  // 0..128 cards left in the stock
    static constexpr int kUpSlots = 209;     // 0..208 cards on the foundations

    // Nodes at [stock * kUpSlots + up]; both empty when no histogram was asked for.
    std::vector<std::uint64_t> complete;
    std::vector<std::uint64_t> probes;
    // The complete search's different card flows by stock left (kStockSlots of them).
    std::vector<std::uint64_t> complete_flows;

    static std::size_t slot(int stock_left, int cards_up) {
        return static_cast<std::size_t>(stock_left) * kUpSlots + static_cast<std::size_t>(cards_up);
    }
    static std::vector<std::uint64_t> blank() {
        return std::vector<std::uint64_t>(kStockSlots * kUpSlots, 0);
    }
    bool empty() const { return complete.empty(); }
    static void add_into(std::vector<std::uint64_t>& into, const std::vector<std::uint64_t>& from) {
        if (into.size() < from.size()) into.resize(from.size(), 0);
        for (std::size_t i = 0; i < from.size(); ++i) into[i] += from[i];
    }
};

// One search's counts, filled as it expands positions (each search has its own: no sharing
// across threads).
class HistogramRecorder {
  public:
    explicit HistogramRecorder(bool track_flows)
        : nodes_(NodeHistogram::blank()), flows_(track_flows ? NodeHistogram::kStockSlots : 0, 0) {}

    void count(int stock_left, int cards_up) {
        ++nodes_[NodeHistogram::slot(stock_left, cards_up)];
    }
    bool tracks_flows() const { return !flows_.empty(); }
    // `flow`: the position's key without its tableau (PackedState::key_without_tableau; a
    // collision can only undercount).
    void count_flow(int stock_left, std::uint64_t flow) {
        if (seen_.insert(flow).second) ++flows_[static_cast<std::size_t>(stock_left)];
    }

    const std::vector<std::uint64_t>& nodes() const { return nodes_; }
    const std::vector<std::uint64_t>& flows() const { return flows_; }

  private:
    std::vector<std::uint64_t> nodes_;
    std::vector<std::uint64_t> flows_;
    std::unordered_set<std::uint64_t> seen_;
};

}  // namespace patience
