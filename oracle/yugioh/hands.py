"""Opening hands of a deck: every distinct hand with its number of ways, or a sample.

A hand is a multiset of card names, written as a tuple of copies per distinct name (in the order
of ``names``).  Its weight is the number of ways to draw it, the product over names of
C(copies in the Deck, copies in the hand), so that the weights of all hands add up to
C(Deck size, hand size) and a probability is an exact fraction.
"""
from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction

Hand = tuple[int, ...]


def distinct_hands(counts: list[int], size: int) -> Iterator[tuple[Hand, int]]:
    """Every distinct hand of ``size`` cards from a Deck with ``counts[i]`` copies of name i,
    with its number of ways, in a fixed (lexicographic) order."""
    n = len(counts)
    # How many cards the names from i on can still give: prunes hands that cannot be completed.
    room = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        room[i] = room[i + 1] + counts[i]
    hand = [0] * n

    def walk(i: int, left: int, ways: int) -> Iterator[tuple[Hand, int]]:
        if left == 0:
            yield tuple(hand), ways
            return
        if i == n or room[i] < left:
            return
        for k in range(min(counts[i], left), -1, -1):
            hand[i] = k
            yield from walk(i + 1, left - k, ways * math.comb(counts[i], k))
        hand[i] = 0

    yield from walk(0, size, 1)


def total_ways(counts: list[int], size: int) -> int:
    return math.comb(sum(counts), size)


def sample_hands(counts: list[int], size: int, draws: int, seed: int) -> Counter:
    """``draws`` hands drawn at random (each a shuffle of the Deck), counted by distinct hand."""
    deck = [i for i, c in enumerate(counts) for _ in range(c)]
    rng = random.Random(seed)
    out: Counter = Counter()
    for _ in range(draws):
        hand = [0] * len(counts)
        for i in rng.sample(deck, size):
            hand[i] += 1
        out[tuple(hand)] += 1
    return out


def wilson(successes: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default): unlike the normal
    approximation it stays inside [0, 1] and behaves at 0 and n successes."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def fraction_text(f: Fraction) -> str:
    return f"{f.numerator}/{f.denominator}"
