"""Rank the Duel Masters sentences not understood (or read but not played) by the cards each would
unlock: a card counts for a sentence when that sentence is the only one it misses.

    python benchmarks/dm_text_gaps.py [TOP]
"""
from __future__ import annotations

import sys
from collections import Counter

from oracle.duel_masters import effects
from oracle.duel_masters.cards import library


def gaps() -> dict[str, list[str]]:
    """Card name -> the normalised sentences it misses."""
    lib = library()
    races = frozenset(r for c in lib.cards for r in c.races)
    out = {}
    for card in lib.cards:
        reading = effects.read(card, races)
        unplayed = [line for line in card.text.split("\n") if line.strip()
                    and any(not effects.played(ab) for ab in (effects.read_line(line) or ()))]
        missing = sorted({effects.normal(line) for line in reading.unsupported + unplayed})
        if missing:
            out[card.name] = missing
    return out


def main(top: int = 40) -> None:
    per = gaps()
    alone, anywhere = Counter(), Counter()
    for missing in per.values():
        anywhere.update(missing)
        if len(missing) == 1:
            alone[missing[0]] += 1
    total = len(library().cards)
    print(f"cards missing something: {len(per)} of {total}; missing exactly one sentence: "
          f"{sum(alone.values())}")
    print("unlocks  appears  sentence")
    for s, n in alone.most_common(top):
        print(f"{n:7}  {anywhere[s]:7}  {s}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
