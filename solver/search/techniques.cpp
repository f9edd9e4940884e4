#include "solver/search/techniques.hpp"

#include <array>
#include <utility>

#include "core/input_error.hpp"

namespace patience {

namespace {

constexpr std::array<std::pair<std::string_view, bool Techniques::*>, 18> kSwitches{{
    {"stock-macros", &Techniques::stock_macros},
    {"safe-moves", &Techniques::safe_moves},
    {"second-move", &Techniques::second_move},
    {"probes", &Techniques::probes},
    {"restarts", &Techniques::restarts},
    {"dead-ends", &Techniques::dead_ends},
    {"stock-lookahead", &Techniques::stock_lookahead},
    {"capacity", &Techniques::capacity},
    {"incomplete-piles", &Techniques::incomplete_piles},
    {"supermoves", &Techniques::supermoves},
    {"beam", &Techniques::beam},
    {"lost-moves", &Techniques::lost_moves},
    {"doubts", &Techniques::doubts},
    {"stock-prefix", &Techniques::stock_prefix},
    {"waste-drain", &Techniques::waste_drain},
    {"drain-anchors", &Techniques::drain_anchors},
    {"drain-lookahead", &Techniques::drain_lookahead},
    {"deal-anchors", &Techniques::deal_anchors},
}};

}  // namespace

Techniques parse_disabled_techniques(std::string_view list) {
    Techniques techniques;
    while (!list.empty()) {
        const auto comma = list.find(',');
        const std::string_view name = list.substr(0, comma);
        bool known = false;
        for (const auto& [switch_name, member] : kSwitches) {
            if (name == switch_name) {
                techniques.*member = false;
                known = true;
            }
        }
        if (!known) {
            throw InputError("--disable: unknown technique '" + std::string(name) +
                             "' (known: " + technique_names() + ")");
        }
        list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
    }
    return techniques;
}

std::string disabled_names(const Techniques& techniques) {
    std::string names;
    for (const auto& [name, member] : kSwitches) {
        if (!(techniques.*member)) names += (names.empty() ? "" : ",") + std::string(name);
    }
    return names;
}

std::string technique_names() {
    std::string names;
    for (const auto& entry : kSwitches) {
        names += (names.empty() ? "" : ", ") + std::string(entry.first);
    }
    return names;
}

}  // namespace patience
