"""The family "removal" of card effects (grammar/effects_removal.lark; rules in asp/yugioh/removal.lp).

It reads destruction beyond the core's "destroy it" (and is the one reading of "Destroy all cards on the field"):

* "destroy them" / "destroy those targets" / "destroy both": the core's ``destroy_target`` (every
  target of the effect); an effect that targets nothing is refused (what "them" names is not read);
* "Destroy all <cards> your opponent controls / you control / on the field" [", except this card"],
  "destroy all other <cards> ...": ``destroy_every(Who,Other)`` with the noun phrase as ``eff_filter``
  (Who = opp / me / both; Other = other when the card itself is left out, else any);
* "Destroy this card" as an action: ``destroy_self``;
* "destroy 1 card on the field", "destroy 1 ... you control": the puzzles family's
  ``destroy_pick(Lo,Hi)`` (chosen on resolution) with ``eff_src`` ``field_both`` / ``field_me``;
* "Set this card [, but banish it when it leaves the field]", "Set it / that target [to your
  field]": ``set_card(self / target, banish / none)`` (a Spell/Trap from the GY or banishment);
* "banish it until the End Phase": the zones family's ``move(target,banished)`` (a line ends
  before the card comes back).
"""
from __future__ import annotations

import clingo
from lark import Token

from oracle.yugioh.effect_clauses import has_targets
from oracle.yugioh.effect_symbols import filters


def _check_targets(out: dict) -> None:
    if any(a.get("removal_targets") for a in out["actions"]) and not has_targets(out["pre"]):
        raise ValueError("a destruction of targets in an effect that targets nothing")


class Words:
    """Transformer methods of effects_removal.lark (a mixin of effect_text._CoreTree)."""

    def effect(self, items):
        out = super().effect(items)
        _check_targets(out)
        return out

    def mode(self, items):
        out = super().mode(items)
        _check_targets(out)
        return out

    def removal_destroy_targets(self, items):
        return {"do": "destroy_target", "removal_targets": True} | ({"plural": True} if "plural" in items else {})

    def removal_plural(self, _):
        return "plural"

    def removal_destroy_every(self, items):
        np = items[-1]
        if np.where is None or np.where[1] != "field":
            raise ValueError("a destruction of every card elsewhere than on the field (not read)")
        other = "other" if np.except_self or any(isinstance(i, Token) and i.type == "REMOVAL_OTHER" for i in items) else "any"
        return {"do": "removal_every", "who": np.where[0], "other": other, "what": tuple(np)}

    def removal_return_every(self, items):
        out = self.removal_destroy_every(items)
        return {**out, "do": "removal_every_hand"}

    def removal_destroy_self(self, _):
        return {"do": "removal_self"}

    def removal_destroy_pick(self, items):
        # "destroy 1 card on the field", "destroy 1 monster your opponent controls": chosen on resolution
        np = items[-1]
        where = {("both", "field"): "field_both", ("me", "field"): "field_me", ("opp", "field"): "opp_field"}.get(np.where)
        if where is None or np.except_self:
            raise ValueError("a destruction of a card chosen elsewhere than on the field (not read)")
        return {"do": "removal_pick", "what": tuple(np), "where": where}

    def removal_banish_until(self, items):
        # the zones family's move (fx_zones): the return is after the line
        return self._zones_move("zones_banish", items)

    def removal_set(self, items):
        toks = {i.type: str(i) for i in items if isinstance(i, Token)}
        who = "self" if toks["REMOVAL_SET_WHAT"] == "this card" else "target"
        return {"do": "removal_set", "who": who, "rider": "banish" if "REMOVAL_SET_RIDER" in toks else "none",
                "removal_targets": who == "target"}

    def _attach(self, action, rider, join):
        # "Set this card, but banish it when it leaves the field" (the summon family's rider)
        if isinstance(action, dict) and action["do"] == "removal_set":
            if rider != ("banish_leaves",) or join != ", but" or action["rider"] != "none":
                raise ValueError("a rider of a Set card effects do not read")
            action["rider"] = "banish"
            return
        super()._attach(action, rider, join)

    def removal_st_noun(self, _):
        return ("noun", ("spell_trap",), "REMOVAL_ST_NOUN")

    def removal_set_q(self, _):
        return ("set_card",)


def facts(head: list, action: dict) -> list[clingo.Symbol] | None:
    f, n = clingo.Function, clingo.Number
    do = action["do"]
    if do in ("removal_every", "removal_every_hand"):
        _lo, _hi, alts = action["what"]
        verb = "destroy_every" if do == "removal_every" else "return_every"
        return ([f("eff_do", head + [f(verb, [f(action["who"]), f(action["other"])])])]
                + filters("eff_filter", head, alts))
    if do == "removal_set":
        ready = [f("eff_rider", head + [f("ready")])] if action.get("ready") else []   # "It can be activated this turn."
        return [f("eff_do", head + [f("set_card", [f(action["who"]), f(action["rider"])])])] + ready
    if do == "removal_self":
        return [f("eff_do", head + [f("destroy_self")])]
    if do == "removal_pick":
        lo, hi, alts = action["what"]
        return ([f("eff_do", head + [f("destroy_pick", [n(lo), n(hi)])]), f("eff_src", head + [f(action["where"])])]
                + filters("eff_filter", head, alts))
    return None
