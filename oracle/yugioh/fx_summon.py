"""The family "summon" of card effects (grammar/effects_summon.lark): the Special Summons of card
effects in the shapes the card pool writes them beyond the core's "Special Summon ...".

Every summon read here is the core's ``special_summon`` action (effect_text.py writes its facts),
so the summoning conditions and the revive limit of resolve.lp hold for each.  What this family
adds: an exception to the monsters summoned ("except "X""), places written with commas ("from
your hand, Deck, or GY"), "from the GY", "this banished card", "them" / "those targets", "to your
field", the riders "but banish it when it leaves the field" and "but it cannot attack this turn"
(asp/yugioh/summon.lp plays them), the End Phase riders (nothing in a line: it ends before the
End Phase), and the condition "If this card is in your GY / hand" (where the effect is activated
from).
"""
from __future__ import annotations

class Words:
    """Transformer methods of effects_summon.lark (a mixin of effect_text._CoreTree)."""

    def summon_from_gy(self, _):
        # "Special Summon this card / that monster from the GY": where the card is (a target in
        # either GY is the target's business, the card itself is activated from the GY).
        return ["graveyard"]

    def summon_banished(self, _):
        # "this banished card": this card, from the banishment (effect_text's special_summon)
        return ("self_banished",)

    def summon_part_self(self, items):
        return [("self",), *items]

    def summon_part_target(self, _):
        return [("target",)]

    def summon_part_np(self, items):
        lo, hi, alts = items[0]
        negs = {("neg", i[1]) for i in items[1:] if isinstance(i, tuple) and i[0] == "not"}
        return [("np", (lo, hi, [a | negs for a in alts])), *[i for i in items[1:] if isinstance(i, list)]]

    def summon_both(self, items):
        # one core summon per part, each with the battle position and riders that follow both
        tok, first, second, *rest = items
        return [self.special_summon([tok, *first, *rest]), self.special_summon([tok, *second, *rest])]

    def summon_any_number(self, _):
        return (1, 99)

    def summon_banish_rider(self, _):
        return ("banish_leaves",)

    def summon_no_attack_rider(self, _):
        return ("no_attack",)

    def summon_ignoring(self, _):
        return ("ignoring",)

    def summon_same_attribute(self, items):
        if {str(i) for i in items if getattr(i, "type", None) == "PROP"} != {"Attribute"}:
            raise ValueError("a Special Summon of the same property as a sent monster, other than its Attribute")
        return ("same_attribute",)


def facts(head, action):
    """Nothing of its own: every action of the family is the core's special_summon."""
    return None
