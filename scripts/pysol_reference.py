#!/usr/bin/env python3
"""Prints PySolFC game N's first two columns, waste and next stock cards, computed with Python's own
random.Random (for N >= 32000) or the Microsoft rand() LCG (below), to cross-check core/pysol_deal.cpp."""
import random
import sys

DECKS = {"diplomat": 2, "malmaison": 4, "emperor": 2, "emperor-modern": 2}
LAYOUT = {"diplomat": (8, 4), "malmaison": (10, 8), "emperor": (10, 4), "emperor-modern": (10, 4)}
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


class MsRand:
    def __init__(self, seed):
        self.x = seed % 2**32

    def randint(self, lo, hi):
        self.x = (self.x * 214013 + 2531011) % 2**32
        return lo + ((self.x >> 16) & 0x7FFF) % (hi - lo + 1)


class PyRand:
    def __init__(self, seed):
        self.r = random.Random(seed)

    def randint(self, lo, hi):
        return lo + int(self.r.random() * (hi - lo + 1))


def deal(variant, n):
    cards = [r + s for _ in range(DECKS[variant]) for s in "CSHD" for r in RANKS]
    rng = MsRand(n) if n < 32000 else PyRand(n)
    for i in range(len(cards) - 1, 0, -1):
        j = rng.randint(0, i)
        cards[i], cards[j] = cards[j], cards[i]
    order = cards[::-1]
    columns, rows = LAYOUT[variant]
    tableau = [[order[r * columns + c] for r in range(rows)] for c in range(columns)]
    rest = order[rows * columns:]
    return tableau, rest[0], rest[1:]


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in DECKS:
        sys.exit("usage: pysol_reference.py diplomat|malmaison|emperor|emperor-modern N")
    tableau, waste, stock = deal(sys.argv[1], int(sys.argv[2]))
    print("col1", " ".join(tableau[0]), "| col2", " ".join(tableau[1]), "| waste", waste,
          "| stock", " ".join(stock[:2]))
