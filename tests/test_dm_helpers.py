"""Small builders for Duel Masters test positions (real library cards unless stated) and line
checking; no tests."""
from __future__ import annotations

import copy

from oracle.duel_masters.lines import check_line, make_line

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


def check(doc: dict, *steps: str):
    """The checked line of these steps (text form) from the position document."""
    return check_line(make_line(doc, list(steps)))


def terms(result) -> str:
    """The rule terms of an illegal line's last step."""
    assert result.status == "illegal", result.text()
    return " ".join(result.steps[-1].terms)


def tapped(name: str) -> dict:
    """A card of a position's zone, tapped."""
    return {"card": name, "tapped": True}


def zone_after(result, player: int) -> str:
    """The battle zone of a player in the state after the last step of a checked line."""
    assert result.legal, result.text()
    return result.text().split(f"P{player} battle zone")[-1].split("\n")[0]
