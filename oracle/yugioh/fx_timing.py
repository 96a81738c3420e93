"""The family "timing" of card effects (grammar/effects_timing.lark; rules in asp/yugioh/timing.lp).

Activation conditions the other families do not read: "During either player's turn" (a Quick
Effect, Spell Speed 2: chain.lp), effects of the opponent's turn only ("Once per opponent's turn",
"Once per Chain, during your opponent's Main Phase": type ``opponent``, never activated in the turn
player's line), events of this card restricted to the field ("If this card on the field is
destroyed [by battle or card effect / by card effect]", "If this face-up card leaves the field",
"If this face-up card on the field is sent to the GY", "If this card on the field is Tributed"),
events caused by the opponent ("... in its owner's possession is destroyed by an opponent's card
(by battle or card effect)": in a line, only the battle), "Normal Summoned or flipped face-up",
and the empty cost "You can activate this effect;".
"""
from __future__ import annotations

from oracle.yugioh.fx_chains import EVENT_PLACES

# Where a trigger of each event of this family is activated from: where the card then is
# (activate.lp checks that it is really there).
_PLACES = {
    "field_destroyed": EVENT_PLACES["destroyed"], "field_destroyed_effect": EVENT_PLACES["destroyed"],
    "destroyed_battle": EVENT_PLACES["destroyed_battle"], "owned_destroyed_battle": EVENT_PLACES["destroyed_battle"],
    "faceup_leaves": EVENT_PLACES["leaves_field"], "faceup_sent_gy": ["graveyard"],
    "field_tributed": EVENT_PLACES["tributed"], "set_destroyed_effect": EVENT_PLACES["destroyed"], "opponent": [],
    "field_destroyed_except": EVENT_PLACES["destroyed"],
}


def _trigger(timing, events: list[str]) -> tuple:
    places = [p for ev in events for p in _PLACES[ev[0] if isinstance(ev, tuple) else ev]]
    return ("trigger", str(timing).lower(), events, list(dict.fromkeys(places)))


def set_card_trigger(cond) -> bool:
    """Whether an activation condition is a trigger of a Set card destroyed (a Spell's or Trap's too:
    effect_text._effect reads it as a trigger from where the card then is, not as its activation)."""
    return bool(cond and cond[0] == "trigger" and cond[2] == ["set_destroyed_effect"])


class Words:
    """Transformer methods of effects_timing.lark (a mixin of effect_text._CoreTree)."""

    # when ---------------------------------------------------------------------------------------
    def timing_either_turn(self, _):
        return ("timing_quick",)

    def timing_opponent_turn(self, _):
        # Never activated in the turn player's line (effect_text._effect: type opponent), like
        # fx_puzzles' effects of the opponent's turn; what it does is never played.
        return {"kind": "effect", "cond": ("opponent_turn",), "soft_once": False, "optional": True, "pre": [],
                "actions": []}

    # events of this card --------------------------------------------------------------------------
    def timing_field_cond(self, items):
        return _trigger(items[0], [items[-1]])

    def timing_destroyed_any(self, _):
        return "field_destroyed"

    def timing_destroyed_effect(self, _):
        return "field_destroyed_effect"

    def timing_destroyed_except(self, items):
        # "destroyed by card effect, except "Unchained Twins - Aruha", or by battle": the event
        # field_destroyed_except(N) of a card named N (timing.lp)
        name = self._quoted(next(i for i in items if getattr(i, "type", None) == "QUOTED"), archetype_first=False)
        if name[0] != "name":
            raise ValueError("a destruction except by an archetype's card effect (not read)")
        return ("field_destroyed_except", name[1])

    def timing_destroyed_battle(self, _):
        # destroyed by battle: always on the field (the chains family's event)
        return "destroyed_battle"

    def timing_tributed(self, _):
        return "field_tributed"

    def timing_faceup_leaves(self, items):
        return _trigger(items[0], ["faceup_leaves"])

    def timing_set_destroyed(self, items):
        return _trigger(items[0], ["set_destroyed_effect"])

    def timing_faceup_sent(self, items):
        return _trigger(items[0], ["faceup_sent_gy"])

    def timing_battle_or_opp_effect(self, items):
        # "opponent": an event only the opponent causes, which never happens in the line (chain.lp).
        return _trigger(items[0], ["destroyed_battle", "opponent"])

    def timing_owned_by_opp(self, items):
        return _trigger(items[0], ["owned_destroyed_battle", "opponent"])

    def timing_summoned_by_cond(self, items):
        # "by the effect of a "X" monster": one property of the card whose effect summons this one
        if items[1] != ["special"]:
            raise ValueError("a Summon by the effect of a card other than a Special Summon (not read)")
        (alt,) = items[2][2] if len(items[2][2]) == 1 else (None,)
        props = [x for sign, x in alt or () if sign == "pos" and x != ("kind", "monster")]
        if alt is None or len(props) != 1 or any(sign != "pos" for sign, _ in alt):
            raise ValueError("a Special Summon by the effect of a card described by more than one property (not read)")
        event = ("special_by_monster" if ("pos", ("kind", "monster")) in alt else "special_by", props[0])
        return ("trigger", str(items[0]).lower(), [event], ["field"])

    def timing_normal_flip_cond(self, items):
        if items[1] != ["normal"]:
            raise ValueError("a Summon or flip effects do not read")
        return ("trigger", str(items[0]).lower(), ["normal", "flip"])

    def timing_activate_only(self, items):
        return {"kind": "activate_only", "cond": self._controls("me", items[-1])}

    # costs -----------------------------------------------------------------------------------------
    def timing_no_cost(self, _):
        return ("no_cost",)

    # sentences -------------------------------------------------------------------------------------
    def effect(self, items):
        out = super().effect(items)
        if ("timing_quick",) in items:
            # "During either player's turn": a Quick Effect with no other condition.
            out["quick"] = True
        return out


def facts(head: list, action: dict) -> list | None:
    """This family adds no action of its own (its facts are eff_event/4 and effect/3)."""
    return None
