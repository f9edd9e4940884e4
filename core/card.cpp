#include "core/card.hpp"

#include <array>
#include <cctype>

namespace patience {

namespace {
constexpr std::array<std::string_view, kMaxRanks + 1> kRankNames = {
    "?", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"};
constexpr std::array<char, kSuitCount> kSuitLetters = {'C', 'D', 'H', 'S'};
}  // namespace

std::string_view rank_name(int rank) {
    return rank >= 1 && rank <= kMaxRanks ? kRankNames[rank] : kRankNames[0];
}

char suit_letter(Suit suit) { return kSuitLetters[static_cast<int>(suit)]; }

std::string to_string(Card card) {
    if (card.empty()) return "--";
    std::string text(rank_name(card.rank()));
    text += suit_letter(card.suit());
    return text;
}

std::optional<Card> parse_card(std::string_view text) {
    if (text.size() < 2 || text.size() > 3) return std::nullopt;
    const char suit_char = static_cast<char>(std::toupper(static_cast<unsigned char>(text.back())));
    std::optional<Suit> suit;
    for (int s = 0; s < kSuitCount; ++s) {
        if (kSuitLetters[s] == suit_char) suit = static_cast<Suit>(s);
    }
    if (!suit) return std::nullopt;

    std::string rank_text;
    for (char c : text.substr(0, text.size() - 1)) {
        rank_text += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    if (rank_text == "T") rank_text = "10";
    for (int rank = 1; rank <= kMaxRanks; ++rank) {
        if (kRankNames[rank] == rank_text) return Card(rank, *suit);
    }
    return std::nullopt;
}

}  // namespace patience
