"""Small builders for Duel Masters test positions (real library cards unless stated); no tests."""
from __future__ import annotations

import copy

ZONES = ("hand", "mana_zone", "battle_zone", "shields", "graveyard", "deck", "hyperspatial_zone")


def side(**zones) -> dict:
    out = {z: [] for z in ZONES}
    for zone, cards in zones.items():
        if zone in ZONES:
            out[zone] = list(cards)
        else:
            out[zone] = cards
    return out


def pos(me: dict, other: dict | None = None, *, step: str = "main", player: int = 0,
        rules: str = "duel-masters", **extra) -> dict:
    doc = {"game": "duel-masters", "rules": rules, "turn": {"player": player, "step": step},
           "players": [copy.deepcopy(me), copy.deepcopy(other or side())]}
    doc.update(extra)
    return doc


def untapped(*names: str) -> list[dict]:
    return [{"card": n, "tapped": False} for n in names]


def summons(found, name: str | None = None):
    return [p for p in found if p.action == "summon" and (name is None or p.card["name"] == name)]


def civs(play) -> list[str]:
    return sorted(x["civilization"] for x in play.payment)
