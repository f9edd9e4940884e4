#!/usr/bin/env python3
"""An independent reference implementation of SPEC §3 (deals from seeds), for cross-checking the C++ deal generator."""

import sys

MASK = (1 << 64) - 1
SUITS = "CDHS"
RANK_NAMES = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]

# SPEC §2: decks, columns, rows with 13 ranks, foundation piles, cards that start on the
# foundations (as (rank, suit) in pile order), and whether only a column's top card is face up.
VARIANTS = {
    "diplomat": dict(decks=2, columns=8, rows=4, piles=8, emperor=False),
    "malmaison": dict(decks=4, columns=10, rows=8, piles=16, emperor=False),
    "lady-palk": dict(decks=2, columns=8, rows=4, piles=8, emperor=False),
    "double-dot": dict(decks=1, columns=8, rows=1, piles=4, emperor=False),
    "emperor": dict(decks=2, columns=10, rows=4, piles=8, emperor=True),
    "emperor-modern": dict(decks=2, columns=10, rows=4, piles=8, emperor=True),
}


def preset_cards(variant):
    """The cards that start on the foundations, one per pile."""
    if variant == "lady-palk":
        return [(1, suit) for _ in range(2) for suit in SUITS]
    if variant == "double-dot":
        return [(1, "C"), (1, "H"), (2, "D"), (2, "S")]
    return []


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n):
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next()
            if x < limit:
                return x % n


def card_name(card):
    rank, suit = card
    return RANK_NAMES[rank - 1] + suit


def deal(variant, seed, ranks):
    v = VARIANTS[variant]
    deck = [(rank, suit) for _ in range(v["decks"]) for suit in SUITS for rank in range(1, ranks + 1)]
    presets = preset_cards(variant)
    for card in presets:
        deck.remove(card)  # list.remove takes out the first occurrence
    rng = SplitMix64(seed)
    for i in range(len(deck) - 1, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    rows = -(-v["rows"] * ranks // 13)
    columns = [[] for _ in range(v["columns"])]
    pos = 0
    for _ in range(rows):
        for col in range(v["columns"]):
            if pos < len(deck):
                columns[col].append(deck[pos])
                pos += 1
    stock = deck[pos:]
    if v["emperor"]:
        face_down = [max(0, len(c) - 1) for c in columns]
    else:
        face_down = [0] * v["columns"]
    foundations = [[] for _ in range(v["piles"])]
    for i, card in enumerate(presets):
        foundations[i].append(card)
    return columns, face_down, stock, foundations


def cards_json(cards):
    return "[" + ", ".join('"' + card_name(c) + '"' for c in cards) + "]"


def piles_json(piles):
    lines = ["    " + cards_json(p) for p in piles]
    return "[\n" + ",\n".join(lines) + "\n  ]"


def to_json(variant, ranks, columns, face_down, stock, foundations):
    return (
        "{\n"
        f'  "variant": "{variant}",\n'
        f'  "ranks": {ranks},\n'
        f'  "tableau": {piles_json(columns)},\n'
        f'  "face_down": [{", ".join(str(n) for n in face_down)}],\n'
        f'  "stock": {cards_json(stock)},\n'
        '  "waste": [],\n'
        f'  "foundations": {piles_json(foundations)}\n'
        "}\n"
    )


def main(argv):
    if len(argv) not in (3, 4) or argv[1] not in VARIANTS:
        sys.stderr.write("usage: deal_reference.py VARIANT SEED [RANKS]\n")
        return 2
    variant = argv[1]
    seed = int(argv[2])
    ranks = int(argv[3]) if len(argv) == 4 else 13
    if not 0 <= seed <= MASK or not 1 <= ranks <= 13:
        sys.stderr.write("seed must be a 64-bit unsigned integer and ranks 1..13\n")
        return 2
    if variant == "double-dot" and (ranks < 3 or ranks % 2 == 0):
        sys.stderr.write("double-dot needs an odd number of ranks of at least 3\n")
        return 2
    sys.stdout.write(to_json(variant, ranks, *deal(variant, seed, ranks)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
