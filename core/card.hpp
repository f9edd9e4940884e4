// Playing cards: a packed one-byte card, suits and colours, and the text form used in files and moves.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace patience {

enum class Suit : std::uint8_t { Clubs = 0, Diamonds = 1, Hearts = 2, Spades = 3 };
inline constexpr int kSuitCount = 4;
inline constexpr int kMaxRanks = 13;

constexpr bool is_red(Suit s) { return s == Suit::Diamonds || s == Suit::Hearts; }

// A card in one byte.
//   bits 0-3: rank, 1 (Ace) .. 13 (King); 0 only in the "no card" value
//   bits 4-5: suit, in the order of Suit
//   bits 6-7: zero
// Copies of the same card in multi-deck games are the same byte: they are indistinguishable.
class Card {
  public:
    constexpr Card() = default;
    constexpr Card(int rank, Suit suit)
        : bits_(static_cast<std::uint8_t>(rank | (static_cast<int>(suit) << 4))) {}

    constexpr int rank() const { return bits_ & 0x0F; }
    constexpr Suit suit() const { return static_cast<Suit>(bits_ >> 4); }
    constexpr bool red() const { return is_red(suit()); }
    constexpr bool empty() const { return bits_ == 0; }
    constexpr std::uint8_t bits() const { return bits_; }
    // Dense index 0..51 (suit-major), for tables indexed by card.
    constexpr int index() const { return static_cast<int>(suit()) * kMaxRanks + rank() - 1; }

    friend constexpr bool operator==(Card, Card) = default;
    friend constexpr auto operator<=>(Card, Card) = default;

  private:
    std::uint8_t bits_ = 0;
};
static_assert(sizeof(Card) == 1);

inline constexpr int kDistinctCards = kSuitCount * kMaxRanks;

// "A", "2" .. "10", "J", "Q", "K".
std::string_view rank_name(int rank);
char suit_letter(Suit suit);
// "10H", "QS", "AC".
std::string to_string(Card card);
// Accepts rank A 2-10 J Q K (T for ten) and suit C D H S, either case. No range check against a
// deck's rank count: that is the position's job.
std::optional<Card> parse_card(std::string_view text);

}  // namespace patience
