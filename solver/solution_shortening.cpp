#include "solver/solution_shortening.hpp"

#include <algorithm>
#include <string>
#include <unordered_map>

#include "core/rules.hpp"

namespace patience {

namespace {

// Equal for two positions exactly when every move token does the same in both: the columns in
// order with their face-down counts, the waste, how much stock is left (a line's stock only ever
// shrinks from the same end), and the foundation piles as a multiset.
std::string exact_key(const Position& p) {
    std::string key;
    key.reserve(256);
    for (std::size_t c = 0; c < p.tableau.size(); ++c) {
        key += static_cast<char>(p.face_down[c]);
        for (Card card : p.tableau[c]) key += static_cast<char>(card.bits());
        key += '\xff';
    }
    for (Card card : p.waste) key += static_cast<char>(card.bits());
    key += '\xff';
    key += static_cast<char>(p.stock.size());
    std::vector<std::pair<int, int>> piles;  // (first card, height)
    for (const auto& pile : p.foundations) {
        piles.emplace_back(pile.empty() ? -1 : pile.front().bits(), static_cast<int>(pile.size()));
    }
    std::sort(piles.begin(), piles.end());
    for (auto [first, height] : piles) {
        key += static_cast<char>(first);
        key += static_cast<char>(height);
    }
    return key;
}

// One pass of short cuts; returns the new line.
std::vector<Move> one_pass(const Position& start, const std::vector<Move>& moves) {
    std::vector<Position> line{start};
    line.reserve(moves.size() + 1);
    for (const Move& m : moves) {
        line.push_back(line.back());
        apply_move(line.back(), m);
    }
    std::unordered_map<std::string, std::size_t> latest;  // position -> its last index
    for (std::size_t i = 0; i < line.size(); ++i) latest[exact_key(line[i])] = i;

    std::vector<Move> shorter;
    std::size_t i = 0;
    const std::size_t end = moves.size();
    while (true) {
        i = latest.at(exact_key(line[i]));  // the line comes back here later: skip the loop
        if (i == end) break;
        std::size_t best = i + 1;
        Move best_move = moves[i];
        for (const Move& m : legal_moves(line[i])) {
            Position next = line[i];
            apply_move(next, m);
            const auto found = latest.find(exact_key(next));
            if (found != latest.end() && found->second > best) {
                best = found->second;
                best_move = m;
            }
        }
        shorter.push_back(best_move);
        i = best;
    }
    return shorter;
}

}  // namespace

std::vector<Move> shorten_solution(const Position& start, const std::vector<Move>& moves) {
    std::vector<Move> line = moves;
    while (true) {
        std::vector<Move> shorter = one_pass(start, line);
        if (shorter.size() >= line.size()) break;
        line = std::move(shorter);
    }
    // Each move was legal where it was chosen and each jump lands on a position of a winning
    // line; the replay makes sure of it all the same.
    const ReplayResult replayed = replay(start, line);
    return replayed.all_legal && replayed.won ? line : moves;
}

}  // namespace patience
