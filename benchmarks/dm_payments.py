"""Benchmark: every summon and payment from a mana zone of 12 mixed cards and a hand of 10.

Run: python benchmarks/dm_payments.py  (prints counts and seconds; nothing is asserted).
Counts both the default listing (identical mana cards swapped count once) and
--all-payments (every per-card payment).
"""
from __future__ import annotations

import time

from oracle.duel_masters import plays

MANA = [  # 12 cards, 5 civilizations, 3 multicoloured, several identical copies
    "Faerie Life", "Faerie Life", "Aqua Hulcus", "Aqua Hulcus", "Bronze-Arm Tribe",
    "Aegis, Sage of Fire and Lightning", "Gonta, the Warrior Savage", "Melnia, the Aqua Shadow",
    "Artisan Picora", "Black Feather, Shadow of Rage", "Cubela, the Oracle", "Brave Bell",
]
HAND = [  # 10 creatures of 1 to 7 mana, mono and multicoloured
    "Aegis, Sage of Fire and Lightning", "Tick Tick, Swift Viral Swordfighter",
    "Akashic First, Electro-Dragon", "Galek, the Shadow Warrior", "Skysword, the Savage Vizier",
    "Bronze-Arm Tribe", "Aqua Hulcus", "Gonta, the Warrior Savage",
    "Bombazar, Dragon of Destiny", "Spectral Worm Giunair",
]


def position(rules: str = "duel-masters") -> dict:
    empty = {z: [] for z in ("hand", "mana_zone", "battle_zone", "shields", "graveyard", "deck",
                             "hyperspatial_zone")}
    me = dict(empty, hand=list(HAND), mana_zone=[{"card": c, "tapped": False} for c in MANA])
    return {"game": "duel-masters", "rules": rules, "turn": {"player": 0, "step": "main"},
            "players": [me, dict(empty)]}


def run(rules: str, all_payments: bool) -> tuple[int, int, float]:
    started = time.perf_counter()
    found = plays(position(rules), all_payments=all_payments)
    seconds = time.perf_counter() - started
    return len(found), len({p.card["index"] for p in found}), seconds


def main() -> None:
    print(f"mana zone {len(MANA)} cards, hand {len(HAND)} creatures")
    for rules in ("duel-masters", "duel-masters-plays"):
        for all_payments in (False, True):
            n, creatures, seconds = run(rules, all_payments)
            mode = "all payments" if all_payments else "distinct payments"
            print(f"{rules:20} {mode:18} {n:6} plays for {creatures} creatures  {seconds:7.3f} s")


if __name__ == "__main__":
    main()
