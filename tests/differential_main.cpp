// patience_differential: the long version of the fast-versus-reference tests, for
// scripts/differential.sh. Exit 0 when every decided comparison agrees, 1 on any disagreement
// (the position is printed), 2 on bad arguments.
//
//   patience_differential VARIANT RANKS FIRST_SEED LAST_SEED RANDOM_POSITIONS REFERENCE_NODE_CAP
//     reduced deals and random positions against the reference search;
//   patience_differential endgames VARIANT FIRST_SEED COUNT CARDS_LEFT REFERENCE_NODE_CAP
//     full-rank end games (tests/end_games.hpp): the fast solver with every technique, and with
//     each pruning technique off, against the reference verdict; the dead-end test never calls a
//     won position lost; prints how many losses the dead-end test sees at once and the median
//     nodes to decide them.
#include <algorithm>
#include <charconv>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "core/deal.hpp"
#include "core/position_io.hpp"
#include "core/rules.hpp"
#include "solver/search/dead_end.hpp"
#include "solver/search/techniques.hpp"
#include "tests/differential.hpp"
#include "tests/end_games.hpp"
#include "tests/test_support.hpp"

namespace {

std::uint64_t number(const char* text) {
    std::uint64_t value = 0;
    const std::string s(text);
    auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (ec != std::errc() || ptr != s.data() + s.size()) {
        std::cerr << "patience_differential: '" << s << "' is not a number\n";
        std::exit(2);
    }
    return value;
}

std::uint64_t median(std::vector<std::uint64_t> v) {
    if (v.empty()) return 0;
    std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
    return v[v.size() / 2];
}

int end_game_run(char** argv) {
    using namespace patience;
    const auto variant = parse_variant(argv[2]);
    if (!variant) {
        std::cerr << "patience_differential: bad variant\n";
        return 2;
    }
    testing::EndGameRequest request;
    request.variant = *variant;
    request.first_seed = number(argv[3]);
    request.count = static_cast<int>(number(argv[4]));
    request.cards_left = static_cast<int>(number(argv[5]));
    request.reference_cap = number(argv[6]);
    const auto games = testing::end_games(request);

    const std::vector<std::string> switches = {
        "",         "safe-moves",       "second-move", "dead-ends",       "stock-lookahead",
        "capacity", "incomplete-piles", "supermoves",  "beam",            "lost-moves",
        "doubts",   "stock-prefix"};
    std::uint64_t disagreements = 0, lost = 0, seen_at_once = 0;
    std::vector<std::uint64_t> reference_nodes, fast_nodes, fast_nodes_plain;
    for (const std::string& name : switches) {
        FastSolver fast(64u << 20, parse_disabled_techniques(name));
        for (const auto& game : games) {
            const SolveResult r = fast.solve(game.position, {});
            const bool replays = r.verdict != Verdict::Won || replay(game.position, r.solution).won;
            if (r.verdict != game.verdict || !replays) {
                ++disagreements;
                std::cout << "DISAGREE seed " << game.seed << (name.empty() ? "" : " without ")
                          << name << ": reference " << to_string(game.verdict) << ", fast "
                          << to_string(r.verdict) << "\n"
                          << position_to_json(game.position);
            }
            if (game.verdict != Verdict::Lost) continue;
            if (name.empty()) fast_nodes.push_back(r.nodes);
            if (name == "dead-ends") fast_nodes_plain.push_back(r.nodes);
        }
    }
    for (const auto& game : games) {
        const bool dead = dead_end(game.position);
        if (dead && game.verdict == Verdict::Won) {
            ++disagreements;
            std::cout << "DEAD END IN A WON POSITION seed " << game.seed << "\n"
                      << position_to_json(game.position);
        }
        if (game.verdict != Verdict::Lost) continue;
        ++lost;
        seen_at_once += dead;
        reference_nodes.push_back(game.reference_nodes);
    }
    std::cout << argv[2] << " end games with " << request.cards_left
              << " cards left: " << games.size() << " decided (" << lost
              << " lost), dead end at once in " << seen_at_once
              << " of the lost; median nodes to prove a loss: reference " << median(reference_nodes)
              << ", fast " << median(fast_nodes) << ", fast without dead-ends "
              << median(fast_nodes_plain) << "; " << disagreements << " disagreements\n";
    return disagreements == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
    using namespace patience;
    if (argc == 7 && std::string(argv[1]) == "endgames") return end_game_run(argv);
    if (argc != 7) {
        std::cerr << "usage: patience_differential VARIANT RANKS FIRST_SEED LAST_SEED "
                     "RANDOM_POSITIONS REFERENCE_NODE_CAP\n"
                     "       patience_differential endgames VARIANT FIRST_SEED COUNT CARDS_LEFT "
                     "REFERENCE_NODE_CAP\n";
        return 2;
    }
    const auto variant = parse_variant(argv[1]);
    const int ranks = static_cast<int>(number(argv[2]));
    if (!variant || ranks_problem(rules_of(*variant), ranks)) {
        std::cerr << "patience_differential: bad variant or ranks\n";
        return 2;
    }
    const std::uint64_t first = number(argv[3]), last = number(argv[4]);
    const std::uint64_t randoms = number(argv[5]), cap = number(argv[6]);

    FastSolver fast(64u << 20);
    std::uint64_t decided = 0, undecided = 0, won = 0, disagreements = 0;
    auto check = [&](const Position& p, const std::string& label) {
        const auto c = testing::compare_with_reference(p, fast, cap);
        if (c.reference == Verdict::Unknown) {
            ++undecided;
            return;
        }
        ++decided;
        won += c.reference == Verdict::Won;
        if (!c.agree()) {
            ++disagreements;
            std::cout << "DISAGREE " << label << ": reference " << to_string(c.reference)
                      << ", fast " << to_string(c.fast)
                      << (c.fast_win_replays ? "" : " (win does not replay)") << "\n"
                      << position_to_json(p);
        }
    };
    for (std::uint64_t seed = first; seed <= last; ++seed) {
        check(deal_position(*variant, seed, ranks), "seed " + std::to_string(seed));
    }
    std::mt19937 rng(static_cast<unsigned>(first));
    for (std::uint64_t i = 0; i < randoms; ++i) {
        check(testing::random_position(*variant, ranks, rng), "random " + std::to_string(i));
    }
    std::cout << argv[1] << " ranks " << ranks << ": " << decided << " compared (" << won
              << " won, " << decided - won << " lost), " << undecided << " past the reference cap, "
              << disagreements << " disagreements\n";
    return disagreements == 0 ? 0 : 1;
}
