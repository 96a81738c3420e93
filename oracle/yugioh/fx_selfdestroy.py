"""The family "selfdestroy" of card effects: a card that destroys itself while a state holds
(grammar/effects_selfdestroy.lark; rules in asp/yugioh/selfdestroy.lp).

Each sentence is a rule of the card, ``rule(C,self_destroy(Why))`` (fx_statics.rule_facts), with Why:

* "If you control a monster that is not a "X" monster, destroy this card" (Burning Abyss):
  ``not_ours(archetype(A))`` (a face-down monster is no "X" monster either);
* "If there is no face-up Field Spell [Card] on the field, destroy this card" (Malefic):
  ``no_field_spell``;
* "If "X" is [not face-up | not] on the field, destroy this card" (Zeradias): ``absent(name(N))``, no
  face-up card named X on either field (a face-down card shows no name);
* "If "X" on the field is destroyed, destroy this card" (Toons): ``destroyed(name(N))``, a face-up
  card named X on the field was just destroyed (an event, read at the same check).
"""
from __future__ import annotations

from lark import Token

from oracle.yugioh.fx_statics import _rule


def _one(items) -> None:
    """The counts the grammar reads "a" as (count_one): only "a" (one) is this family's."""
    if any(isinstance(i, tuple) and i != (1, 1) for i in items):
        raise ValueError("a self-destruction on a number of cards")


class Words:
    """Transformer methods of effects_selfdestroy.lark (a mixin of effect_text._CoreTree)."""

    def sd_not_archetype(self, items):
        _one(items)
        quoted = next(t for t in items if isinstance(t, Token) and t.type == "QUOTED")
        return _rule(("self_destroy", ("not_ours", self._quoted(quoted, archetype_first=True))))

    def sd_no_field_spell(self, _):
        return _rule(("self_destroy", "no_field_spell"))

    def sd_name_absent(self, items):
        return _rule(("self_destroy", ("absent", self._card_name(items))))

    def sd_name_destroyed(self, items):
        return _rule(("self_destroy", ("destroyed", self._card_name(items))))

    def _card_name(self, items):
        name = self._name(items)
        if name[0] != "name":
            raise ValueError("a self-destruction on the cards of an archetype")
        return name


def facts(head, action):
    """This family has rules only (rule/2), no actions."""
    return None
