"""The family "ritual" of card effects (grammar/effects_ritual.lark): a Ritual Summon by a card
effect, "Ritual Summon 1 "Megalith" Ritual Monster from your hand, by Tributing monsters from your
hand or field whose total Levels equal or exceed its Level" (Megalith Och, Code Igniter).

The action is ``eff_do(C,E,M,K,ritual)``.  Its source term ``eff(C,E,M,K)`` takes a Ritual Spell's
place in ritual.lp's facts: ``ritual_spell(eff(C,E,M,K),Mode)`` (Mode at_least / equal) and
``ritual_tribute_from(eff(C,E,M,K),L)`` (hand, field); what it may summon is its ``eff_filter/7``
(one conjunction of card properties), and ", including this card" is
``eff_rider(C,E,M,K,with_self)``.  It is the last action of its effect: asp/yugioh/grants.lp plays
it as the Ritual Summon of the step right after the link resolves, with every rule of a Ritual
Summon (ritual.lp) and no Ritual Spell.  A Ritual Spell whose whole text is the Summon is
requirements.py's.
"""
from __future__ import annotations

import clingo
from lark import Token

from oracle.yugioh.effect_symbols import filters

# what ritual.lp matches a Ritual Monster against (card properties, cprop/2)
_CARD_PROPERTIES = {"attribute", "race", "archetype", "name", "kind"}


class Words:
    """Transformer methods of effects_ritual.lark (a mixin of effect_text._CoreTree)."""

    def ritual_by_effect(self, items):
        if str(items[0]) != "Ritual Summon":
            raise ValueError(f"{items[0]} 1 ... from your hand, by Tributing (not read)")
        lo, hi, alts = tuple(items[1])
        places = next(i for i in items[2:] if isinstance(i, list))
        mode = next(i for i in items if i in ("at_least", "equal"))
        if (lo, hi) != (1, 1) or len(alts) != 1:
            raise ValueError("a Ritual Summon of other than 1 monster of one description (not read)")
        if ("pos", ("kind", "ritual")) not in alts[0] or any(
                sign != "pos" or atom[0] not in _CARD_PROPERTIES for sign, atom in alts[0]):
            raise ValueError("a Ritual Summon of a monster described otherwise than by its card properties")
        if not set(places) <= {"hand", "field"}:
            raise ValueError("Tributes from elsewhere than the hand and field (not read)")
        return {"do": "ritual_summon", "what": alts, "from": places, "mode": mode,
                "with_self": "with_self" in items}

    def ritual_only_with(self, items):
        got = self._quoted(next(i for i in items if isinstance(i, Token) and i.type == "QUOTED"), False)
        spell = self.lib.get(got[1]) if got[0] == "name" else None
        if spell is None or not spell.is_spell or "ritual" not in spell.kinds:
            raise ValueError("'can only be Ritual Summoned with' a card that is no Ritual Spell")
        return {"kind": "rule", "rule": ("ritual_with", got), "name": None}

    def ritual_with_self(self, _):
        return "with_self"

    def ritual_at_least(self, _):
        return "at_least"

    def ritual_equal(self, _):
        return "equal"


def facts(head, action):
    """``eff_do(C,E,M,K,ritual)`` and the Ritual Spell facts of the source ``eff(C,E,M,K)``."""
    if action["do"] != "ritual_summon":
        return None
    f = clingo.Function
    src = f("eff", head)
    return ([f("eff_do", head + [f("ritual")]), f("ritual_spell", [src, f(action["mode"])])]
            + [f("ritual_tribute_from", [src, f(pl)]) for pl in action["from"]]
            + filters("eff_filter", head, action["what"]) + [f("eff_rider", head + [f("with_self")])] * action["with_self"])
