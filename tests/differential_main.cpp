// patience_differential: the long version of the fast-versus-reference tests, for
// scripts/differential.sh. Exit 0 when every decided comparison agrees, 1 on any disagreement
// (the position is printed), 2 on bad arguments.
#include <charconv>
#include <iostream>
#include <random>
#include <string>

#include "core/deal.hpp"
#include "core/position_io.hpp"
#include "tests/differential.hpp"
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

}  // namespace

int main(int argc, char** argv) {
    using namespace patience;
    if (argc != 7) {
        std::cerr << "usage: patience_differential VARIANT RANKS FIRST_SEED LAST_SEED "
                     "RANDOM_POSITIONS REFERENCE_NODE_CAP\n";
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
              << " won, " << decided - won << " lost), " << undecided
              << " past the reference cap, " << disagreements << " disagreements\n";
    return disagreements == 0 ? 0 : 1;
}
