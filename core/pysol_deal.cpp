#include "core/pysol_deal.hpp"

#include <stdexcept>
#include <vector>

#include "core/deal.hpp"

namespace patience {

PythonRandom::PythonRandom(std::uint64_t seed) {
    // init_genrand(19650218), then init_by_array(key) as in the MT19937 reference code.
    std::vector<std::uint32_t> key;
    for (std::uint64_t n = seed; n != 0; n >>= 32) key.push_back(static_cast<std::uint32_t>(n));
    if (key.empty()) key.push_back(0);

    mt_[0] = 19650218u;
    for (int i = 1; i < kN; ++i) {
        mt_[i] = 1812433253u * (mt_[i - 1] ^ (mt_[i - 1] >> 30)) + static_cast<std::uint32_t>(i);
    }
    int i = 1;
    std::size_t j = 0;
    for (std::size_t k = std::max<std::size_t>(kN, key.size()); k > 0; --k) {
        mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1664525u)) + key[j] +
                 static_cast<std::uint32_t>(j);
        ++i;
        ++j;
        if (i >= kN) {
            mt_[0] = mt_[kN - 1];
            i = 1;
        }
        if (j >= key.size()) j = 0;
    }
    for (int k = kN - 1; k > 0; --k) {
        mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1566083941u)) -
                 static_cast<std::uint32_t>(i);
        ++i;
        if (i >= kN) {
            mt_[0] = mt_[kN - 1];
            i = 1;
        }
    }
    mt_[0] = 0x80000000u;
}

std::uint32_t PythonRandom::genrand() {
    constexpr std::uint32_t kUpper = 0x80000000u, kLower = 0x7fffffffu, kMatrix = 0x9908b0dfu;
    if (index_ >= kN) {
        for (int k = 0; k < kN; ++k) {
            const std::uint32_t y = (mt_[k] & kUpper) | (mt_[(k + 1) % kN] & kLower);
            mt_[k] = mt_[(k + 397) % kN] ^ (y >> 1) ^ ((y & 1) ? kMatrix : 0);
        }
        index_ = 0;
    }
    std::uint32_t y = mt_[index_++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

double PythonRandom::random() {
    const std::uint32_t a = genrand() >> 5;
    const std::uint32_t b = genrand() >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

std::optional<std::string> pysol_problem(VariantId variant) {
    switch (variant) {
        case VariantId::LadyPalk:
            return std::string(
                "PySolFC's Lady Palk plays other rules (no aces preset, any card fills a space), "
                "so its game numbers do not name lady-palk deals");
        case VariantId::DoubleDot:
            return std::string(
                "PySolFC's Double Dot plays other rules (other foundation bases, dealing onto "
                "empty columns), so its game numbers do not name double-dot deals");
        default:
            return std::nullopt;
    }
}

Position pysol_deal(VariantId variant, std::uint64_t game) {
    if (auto problem = pysol_problem(variant)) throw std::invalid_argument(*problem);
    const VariantRules& rules = rules_of(variant);

    // PySolFC's pack: per deck, clubs, spades, hearts, diamonds, each Ace to King.
    std::vector<Card> cards;
    for (int deck = 0; deck < rules.decks; ++deck) {
        for (Suit suit : {Suit::Clubs, Suit::Spades, Suit::Hearts, Suit::Diamonds}) {
            for (int rank = 1; rank <= kMaxRanks; ++rank) cards.emplace_back(rank, suit);
        }
    }
    auto shuffle = [&cards](auto& rng) {
        for (std::size_t i = cards.size() - 1; i > 0; --i) std::swap(cards[i], cards[rng.randint(i)]);
    };
    if (game < 32000) {
        MsRand rng(game);
        shuffle(rng);
    } else {
        PythonRandom rng(game);
        shuffle(rng);
    }

    // Dealt from the end of the shuffled list: rows of the tableau, then one card to the waste,
    // then the rest is the stock in the order it would be dealt.
    std::vector<Card> order(cards.rbegin(), cards.rend());
    const int rows = rules.full_rows;
    const int tableau_cards = rows * rules.columns;
    Position position = lay_out(variant, kMaxRanks,
                                std::vector<Card>(order.begin(), order.begin() + tableau_cards));
    position.waste.push_back(order[tableau_cards]);
    position.stock.assign(order.rbegin(), order.rend() - tableau_cards - 1);  // bottom first
    return position;
}

}  // namespace patience
