"""The family "negate" of card effects (grammar/effects_negate.lark; rules in asp/yugioh/negate.lp).

It reads effects that answer an activation ("When a Spell/Trap Card, or monster effect, is
activated: Negate the activation, and if you do, destroy it."), effects that negate a targeted
card's effects ("negate its effects until the end of this turn"), control of the opponent's
monsters ("take control of that target until the End Phase", "... while this card is face-up on
the field"), protection ("Unaffected by your opponent's card effects", "Unaffected by Spell
effects"), and Continuous Traps linked to a monster ("When this card leaves the field, destroy
that monster. When that monster leaves the field, destroy this card.").

Facts: ``eff_answer(C,E,What)`` (the effect is a chain link answering the link before it, whose
activation What describes: ``monster_effect``, ``spell_card``, ``trap_card``, ``spell_trap_card``,
``spell_trap``, ``spell``, ``trap``, ``any``), the actions ``negate_activation(Destroy)``,
``negate_effect(Destroy)``, ``negate_summon(Destroy)``, ``negate_target``, ``take_control(Until)``,
the rule ``unaffected_by(Who,Kind)`` and ``link_leaves`` (with the core's ``link`` action).
"""
from __future__ import annotations

import clingo
from lark import Token

from oracle.yugioh.effect_clauses import Clause

# "When X is activated": the activations answered.  A "Card" is the activation of the card itself
# (a Spell/Trap activated from the hand or Set); an "effect" any effect of it.
_WHAT = {
    "a Spell/Trap Card, or monster effect,": "spell_trap_card_or_monster",
    "a Spell/Trap Card, or monster effect": "spell_trap_card_or_monster",
    "a Spell Card, Trap Card, or monster effect": "spell_trap_card_or_monster",
    "a monster effect": "monster_effect", "a monster effect on the field": "monster_effect",
    "a Spell Card": "spell_card", "a Trap Card": "trap_card", "a Spell/Trap Card": "spell_trap_card",
    "a card or effect": "any", "a Spell/Trap Card or effect": "spell_trap", "a Spell Card or effect": "spell",
    "a Trap Card or effect": "trap",
}
# "Unaffected by ...": (whose effects, which cards' effects).
_BY = {
    "your opponent's card effects": ("opp", "card"), "your opponent's Spell effects": ("opp", "spell"),
    "your opponent's Trap effects": ("opp", "trap"), "your opponent's Spell/Trap effects": ("opp", "spell_trap"),
    "your opponent's Spell and Trap effects": ("opp", "spell_trap"),
    "your opponent's monster effects": ("opp", "monster"), "Spell effects": ("any", "spell"),
    "other Spell effects": ("any", "spell"), "Trap effects": ("any", "trap"), "other Trap effects": ("any", "trap"),
    "Spell/Trap effects": ("any", "spell_trap"), "other Spell/Trap effects": ("any", "spell_trap"),
    "Spell and Trap effects": ("any", "spell_trap"), "other monsters' effects": ("any", "monster"),
    "card effects": ("any", "card"), "the effects of Spell Cards": ("any", "spell"), "any Spell Cards": ("any", "spell"),
    "Spell Cards": ("any", "spell"), "Trap Cards": ("any", "trap"),
}
_NEGATIONS = ("negate_activation", "negate_effect", "negate_summon")
_FOR_NOW = ("until the End Phase", "until this turn's End Phase", "until the end of this turn", "until the End Phase of this turn")


def _tok(items, kind: str) -> str | None:
    return next((str(i) for i in items if isinstance(i, Token) and i.type == kind), None)


class Words:
    """Transformer methods of effects_negate.lark (a mixin of effect_text._CoreTree)."""

    def negate_answer_cond(self, items):
        # "When a Spell/Trap Card, or monster effect, is activated" ("a": the count (1, 1) before the words)
        if (1, 1) not in items:
            raise ValueError("an activation answered that is not 'a' card or effect")
        what = _WHAT["a " + _tok(items, "NEGATE_WHAT")]
        if "would_destroy" in items:
            if what != "any":
                raise ValueError("an activation answered that would destroy a card, of a kind (not read)")
            what = "destroying"
        return ("answer", what, "quick" in items)

    def negate_answer_either(self, items):
        # "During either player's turn, when ... is activated": a Quick Effect by its wording
        return self.negate_answer_cond(items)[:2] + (True,)

    def negate_would_destroy(self, _):
        return "would_destroy"

    def negate_opp_cond(self, _):
        # Only the opponent's act: of type opponent (effect_text._effect), as chains_opponent_cond.
        return ("trigger", "when", ["opponent"], ["field"])

    def effect(self, items):
        out = super().effect(items)
        answer = next((i for i in items if isinstance(i, tuple) and i and i[0] == "answer"), None)
        if answer is not None:
            out["cond"] = ("answer", answer[1])
            if answer[2]:
                out["quick"] = True
        negations = [a["do"] for a in out["actions"] if a["do"] in _NEGATIONS]
        cond = out["cond"]
        if negations and not (cond is not None and cond[:3] == ("trigger", "when", ["opponent"])):
            # A negation answers what it negates: an activation (negate.lp plays it), or what only
            # the opponent does (type opponent).  A Summon is negated only in effects of the opponent.
            if cond is None or cond[0] != "answer" or "negate_summon" in negations:
                raise ValueError("a negation with nothing it answers")
        return out

    def mode(self, items):
        out = super().mode(items)
        if any(a["do"] in _NEGATIONS for a in out["actions"]):
            raise ValueError("a negation in a choice of effects")
        return out

    def negate_activation(self, items):
        what = "negate_effect" if "effect" in _tok(items, "NEGATE_OBJECT") else "negate_activation"
        return {"do": what, "destroy": False}

    def negate_summon(self, _):
        return {"do": "negate_summon", "destroy": False}

    def negate_effects(self, items):
        # "negate its effects (until the end of this turn)": the target's effects (a line is part of
        # one turn, so for all of it); after a Special Summon, a rider of it (effects.lark)
        return Clause(action={"do": "negate_target"}, rider=super().negate_effects(items).rider)

    def negate_take_control(self, items):
        until = _tok(items, "NEGATE_CONTROL_UNTIL")
        # "until the End Phase": a line ends before the End Phase (step.lp), so within a line the
        # control does not come back; "while this card is face-up on the field" comes back with it.
        return {"do": "take_control", "until": "turn" if until is None or until in _FOR_NOW else "faceup"}

    def actions(self, items):
        acts = super().actions(items)
        out: list[dict] = []
        for a in acts:
            if out and out[-1]["do"] in ("negate_activation", "negate_effect", "negate_summon"):
                # "Negate the activation, and if you do, destroy it": "it" is the card whose link
                # (or Summon) is negated, not a target; any other action after a negation is left
                # unread (what it refers to is not read).
                if a["do"] == "destroy_target" and not out[-1]["destroy"]:
                    out[-1]["destroy"] = True
                    continue
                if a["do"] != "damage":
                    raise ValueError("an action after a negation")
            out.append(a)
        return out

    def negate_unaffected(self, items):
        who, kind = _BY[_tok(items, "NEGATE_BY")]
        return {"kind": "rule", "rule": ("unaffected_by", who, kind), "name": None}

    def negate_opponent_answer(self, _):
        return {"kind": "effect", "cond": ("trigger", "when", ["opponent"], ["field"]), "soft_once": False,
                "optional": True, "pre": [], "actions": []}

    def negate_no_switch(self, _):
        return {"kind": "rule", "rule": "no_switch", "name": None}

    def negate_linked_one_way(self, _):
        return {"kind": "linked_destruction", "one_way": True}

    def linked_destruction(self, items):
        # "When that monster leaves the field / is removed from the field, destroy this card": it goes
        # however the monster leaves (effects.lark reads "When that monster is destroyed, ...")
        out = super().linked_destruction(items)
        if " is destroyed," not in str(items[-1]):
            out["leaves"] = True
        return out


def facts(head: list, action: dict) -> list[clingo.Symbol] | None:
    f = clingo.Function
    do = action["do"]
    if do in ("negate_activation", "negate_effect", "negate_summon"):
        return [f("eff_do", head + [f(do, [f("destroy" if action["destroy"] else "keep")])])]
    if do == "negate_target":
        return [f("eff_do", head + [f("negate_target")])]
    if do == "take_control":
        return [f("eff_do", head + [f("take_control", [f(action["until"])])])]
    if do in ("link_leaves", "link_one"):
        return [f("eff_do", head + [f(do)])]
    return None
