"""Build Yu-Gi-Oh! positions in a few words, and read plays back as comparable tuples."""
from __future__ import annotations

from typing import Any

import oracle


def board(hand=(), field=(), extra=(), st=(), gy=(), emz=(None, None), opp_field=(), opp_st=(),
          rules="master-rule-2020", **turn: Any) -> dict:
    """A position for player 0.  ``field`` / ``opp_field`` list Main Monster Zone entries (a name,
    a dict, or None for an empty zone); ``st`` Spell & Trap Zone entries; ``emz`` the two Extra
    Monster Zones."""
    def zones(entries, n=5):
        entries = list(entries) + [None] * (n - len(entries))
        return [{"card": e, "position": "attack"} if isinstance(e, (str, int)) else e for e in entries]

    def st_zones(entries):
        entries = list(entries) + [None] * (5 - len(entries))
        return [{"card": e, "face_up": True} if isinstance(e, (str, int)) else e for e in entries]

    return {
        "game": "yugioh", "rules": rules, "turn": {"player": 0, "phase": "main1", **turn},
        "players": [
            {"hand": list(hand), "extra_deck": list(extra), "graveyard": list(gy),
             "monster_zones": zones(field), "spell_trap_zones": st_zones(st)},
            {"monster_zones": zones(opp_field), "spell_trap_zones": st_zones(opp_st)},
        ],
        "extra_monster_zones": [
            {"card": e, "position": "attack", "controller": 0} if isinstance(e, (str, int)) else e for e in emz],
    }


def ref(r) -> str:
    return r.name


def summary(plays) -> set[tuple]:
    """(action, card name, sorted material names) for each play; Pendulum: card = sorted names."""
    out = set()
    for p in plays:
        if p.action == "pendulum_summon":
            out.add((p.action, tuple(sorted(c.name for c in p.cards)), ()))
        else:
            mats = tuple(sorted(m.name for m in p.materials))
            out.add((p.action, p.card.name, mats))
    return out


def summons(position: dict, action: str | None = None, **kw) -> set[tuple]:
    found = summary(oracle.plays(position, **kw))
    return {s for s in found if action is None or s[0] == action}


def can(position: dict, action: str, card: str, materials=None) -> bool:
    for a, c, mats in summons(position, action):
        if c == card and (materials is None or mats == tuple(sorted(materials))):
            return True
    return False
