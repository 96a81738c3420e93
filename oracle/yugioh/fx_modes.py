"""The family "modes" of card effects (grammar/effects_modes.lark): the heads of bulleted effects
and the frequency clauses that count uses.

A choice of effects ("Activate 1 of these effects;") is one effect whose bullets are its modes
(eff_mode/3; the player names one, ``mode M`` in a line); a bullet list after a frequency clause
("You can only use each of these effects of "X" once per turn.") is a list of effects of their
own, which the clause limits (effect_text.read_card scopes the clause to them).  "twice per
turn" is the limit ``twice`` (per name and effect; asp/yugioh/frequency.lp).
"""
from __future__ import annotations


class Words:
    """Transformer methods of effects_modes.lark (a mixin of effect_text._CoreTree)."""

    def _twice(self, items, previous: bool):
        return {"kind": "limit", "limit": "family", "name": self._name(items), "as": "twice", "previous": previous}

    def modes_twice_this(self, items):
        return self._twice(items, True)

    def modes_twice_each(self, items):
        return self._twice(items, False)


def facts(head: list, action: dict) -> list | None:
    """This family adds no action of its own (its facts are eff_mode/3 and eff_limit/3)."""
    return None
