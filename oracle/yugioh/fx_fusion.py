"""The family "fusion" of card effects (grammar/effects_fusion.lark): a Fusion Summon by a card
effect, "Fusion Summon 1 "X" Fusion Monster from your Extra Deck, using monsters from your hand or
field as material" (Ukiyoe-P.U.N.K. Sharakusai).

The action is ``eff_do(C,E,M,K,fusion)``; what it may summon is its ``eff_filter/7`` (the noun
phrase), where the materials may be is ``eff_src/5`` (hand, field; field, GY when they are
banished), ", including this card" is ``eff_rider(C,E,M,K,with_self)`` and "by banishing Fusion
Materials mentioned on it from your GY" ``eff_rider(C,E,M,K,banish_materials)``.  It is the last action of its effect: asp/yugioh/grants.lp
plays it as the Fusion Summon of the step right after the link resolves, with every rule of a
Fusion Summon (materials.lp, extra.lp; the effect's own in fusion_grant.lp) and no Fusion Spell.
A Fusion Spell whose whole text is Polymerization's is requirements.py's (a Fusion Spell).
"""
from __future__ import annotations

import clingo

from oracle.yugioh.effect_symbols import filters


class Words:
    """Transformer methods of effects_fusion.lark (a mixin of effect_text._CoreTree)."""

    def fusion_by_effect(self, items):
        return _fusion(items, {"hand", "field"}, banish=False)

    def fusion_banishing(self, items):
        # "..., by banishing Fusion Materials mentioned on it from your GY": the materials are
        # banished from those places instead of sent to the GY
        return _fusion(items, {"field", "graveyard"}, banish=True)

    def fusion_from(self, items):
        return next(i for i in items if isinstance(i, list))

    def fusion_you_control(self, _):
        return ["field"]

    def fusion_with_self(self, _):
        return "with_self"


def _fusion(items, allowed: set, banish: bool) -> dict:
    """The action of either rule: "Fusion Summon" 1 Fusion Monster, materials from ``allowed``."""
    if str(items[0]) != "Fusion Summon":
        raise ValueError(f"{items[0]} 1 ... from your Extra Deck (not read)")
    lo, hi, alts = tuple(items[1])
    places = next(i for i in items[2:] if isinstance(i, list))
    if (lo, hi) != (1, 1):
        raise ValueError("a Fusion Summon of other than 1 monster (not read)")
    if not all(("pos", ("kind", "fusion")) in a for a in alts):
        raise ValueError("a Fusion Summon of a monster that is not a Fusion Monster")
    if not set(places) <= allowed:
        raise ValueError(f"Fusion Materials from elsewhere than {' and '.join(sorted(allowed))} (not read)")
    return {"do": "fusion_summon", "what": alts, "from": places, "with_self": "with_self" in items, "banish": banish}


def facts(head, action):
    """``eff_do(C,E,M,K,fusion)``, ``eff_src/5`` of the materials and ``eff_filter/7`` of the
    Fusion Monster."""
    if action["do"] != "fusion_summon":
        return None
    f = clingo.Function
    return ([f("eff_do", head + [f("fusion")])] + [f("eff_src", head + [f(pl)]) for pl in action["from"]]
            + filters("eff_filter", head, action["what"]) + [f("eff_rider", head + [f("with_self")])] * action["with_self"]
            + [f("eff_rider", head + [f("banish_materials")])] * action["banish"])

