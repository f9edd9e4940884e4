// Which of the search's techniques are on. All are on by default; switching one off (for ablation
// studies: does a verdict survive without the rule?) only makes the search larger: every `lost`
// still comes from an exhausted complete search, and the verdicts must not change.
#pragma once

#include <string>
#include <string_view>

namespace patience {

struct Techniques {
    bool stock_macros = true;      // search/stock_macro.hpp; off: a bare `draw` move
    bool safe_moves = true;        // search/safe_foundation.hpp
    bool second_move = true;       // search/second_move.hpp
    bool probes = true;            // search/portfolio.hpp: probes beside the complete search
    bool restarts = true;          // search/restarts.hpp: off, each probe is one run to its end
    bool dead_ends = true;         // search/dead_end.hpp
    bool stock_lookahead = true;   // search/stock_lookahead.hpp (with dead_ends)
    bool capacity = true;          // search/capacity.hpp
    bool incomplete_piles = true;  // search/incomplete_pile.hpp
    bool supermoves = true;        // search/supermove.hpp
    bool beam = true;              // search/beam.hpp: a beam probe in the portfolio
    bool lost_moves = true;        // search/lost_moves.hpp
    bool doubts = true;            // search/doubts.hpp: the beam keeps doubtful positions last
    bool stock_prefix = true;      // search/dead_end.hpp's stock prefixes, where a search starts
    bool waste_drain = true;       // search/waste_drain.hpp: the complete search, from its start
    bool drain_anchors = true;     // search/drain_anchors.hpp (with waste_drain)
    bool drain_lookahead = true;   // search/drain_lookahead.hpp (with drain_anchors)
    bool deal_anchors = true;      // drain_anchors.hpp's "From a deal" (with drain_anchors)

    friend bool operator==(const Techniques&, const Techniques&) = default;
};

// The names --disable takes, comma-separated: stock-macros, safe-moves, second-move, probes,
// restarts, dead-ends, stock-lookahead, capacity, incomplete-piles, supermoves, beam,
// lost-moves, doubts, stock-prefix, waste-drain, drain-anchors, drain-lookahead, deal-anchors.
// Throws InputError naming an unknown one.
Techniques parse_disabled_techniques(std::string_view list);

// The names of the techniques switched off in `techniques`, comma-separated in --disable's form
// ("" when all are on): parse_disabled_techniques(disabled_names(t)) == t.
std::string disabled_names(const Techniques& techniques);

// The names --disable takes, for help texts: "stock-macros, safe-moves, ...".
std::string technique_names();

}  // namespace patience
