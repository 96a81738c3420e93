"""The family "watch" of card effects (grammar/effects_watch.lark): triggers on an event of another
card.

The condition is the core's trigger, with one event term ``seen(Ev,Side,Other,When)``: Ev what
happens (``special``, ``normal``, ``destroyed``, ``destroyed_gy``, ``destroyed_battle``,
``destroyed_battle_gy``, ``destroyed_effect``, ``flipped_down``, ``sent_field_gy``), Side whose card it is (``me``: "you control", "to
your field"; ``any``), Other whether this card itself counts (``other`` for "another"), When
``no_damage_step`` for "(except during the Damage Step)", else ``any``.  What the event's card must be
is ``eff_seen_filter/5``.  asp/yugioh/watch.lp turns an event of a card that fits into this card's
event, so chain.lp answers it as any trigger (timing, mandatory triggers, the chain).
"""
from __future__ import annotations

import clingo

from oracle.yugioh.effect_symbols import filters


class Words:
    """Transformer methods of effects_watch.lark (a mixin of effect_text._CoreTree)."""

    def watch_cond(self, items):
        timing, (np, other), (events, to_field), tail, controls = items
        if events == ["on_field"]:
            return self._on_field(str(timing), np, other, tail, controls)
        when = "no_damage_step" if tail == "no_damage_step" else "any"
        if np.token_stats is not None or np.except_self:
            raise ValueError("an event of a noun phrase effects do not read")
        if np.where not in (None, ("me", "field"), ("both", "field")):
            raise ValueError("an event of cards elsewhere than on the field")
        side = "me" if np.where == ("me", "field") or to_field else "any"
        seen = [("seen", ev, side, other, when) for ev in events]
        # Activated from the field unless the effect says where (fx_grave.finish_effect); a
        # control condition after the event is the effect's (proc_cond), read on activation.
        out = ("trigger", str(timing).lower(), seen, ["field"], np[2])
        return out if controls is None else (*out, [controls])

    def watch_you_summon(self, items):
        timing, event, np, tail, controls = items
        if np.where is not None:
            raise ValueError("a Summon of monsters you make, said of a place")
        return self.watch_cond([timing, (np, "any"), self.watch_summoned([[str(event).lower()], True]), tail, controls])

    def watch_if(self, items):
        return items[-1]

    def _on_field(self, timing, np, other, tail, controls) -> tuple:
        """"If a monster Special Summoned from the Extra Deck is on the field:" (effect_clauses'
        condition on either field)."""
        if timing != "If" or other != "any" or tail is not None or controls is not None:
            raise ValueError("'... is on the field' other than as a plain condition (not read)")
        return self._on_either_field(np)

    def watch_on_field(self, _):
        return (["on_field"], False)

    def watch_any(self, items):
        return (items[0], "any")

    def watch_another(self, items):
        return (items[0], "other")

    def watch_destroyed(self, _):
        return (["destroyed"], False)

    def watch_destroyed_battle(self, _):
        return (["destroyed_battle"], False)

    def watch_destroyed_gy(self, _):
        return (["destroyed_gy"], False)

    def watch_no_damage_step(self, _):
        return "no_damage_step"

    def watch_destroyed_battle_gy(self, _):
        return (["destroyed_battle_gy"], False)

    def watch_destroyed_effect(self, _):
        return (["destroyed_effect"], False)

    def watch_summoned(self, items):
        events = items[0]
        if not set(events) <= {"normal", "special"}:
            raise ValueError("an event of another card's Summon effects do not read")
        return (events, len(items) > 1 and items[1] is not None)

    def watch_flipped_down(self, _):
        return (["flipped_down"], False)

    def watch_sent_field_gy(self, _):
        # "sent from the field to your GY": a card the turn player owns (watch.lp)
        return (["sent_field_gy"], True)

    def watch_even_damage_step(self, _):
        return "even_damage_step"

    def watch_to_field(self, _):
        return True


def _watches(cond) -> bool:
    return cond is not None and cond[0] == "trigger" and len(cond) > 4 and all(ev[0] == "seen" for ev in cond[2])


def face_up_watcher(card, cond) -> bool:
    """Whether an effect of a face-up Continuous or Field Spell/Trap answers a watched event
    ("Once per turn, if a monster(s) you control is destroyed ...: Draw 1 card": Supply Squad): a
    trigger of the card where it is, face-up on the field, once the card itself was activated."""
    return _watches(cond) and bool({"continuous", "field"} & set(card.kinds))


def activated_on_event(card, cond) -> bool:
    """Whether a Spell/Trap card is activated on a watched event (Hero Signal, Performapal
    Revival): a Normal or Counter Trap, or a Quick-Play Spell, whose activation condition is this
    family's.  A Continuous or Field card's "If ...: You can" is an effect of the face-up card, and
    a Normal Spell (Spell Speed 1) cannot be activated in the chain an event opens: neither is read."""
    if not _watches(cond):
        return False
    if bool({"continuous", "field", "equip", "ritual"} & set(card.kinds)):
        return False
    return card.is_trap or "quickplay" in card.kinds


def facts(head, action):
    """Nothing of its own among actions (the condition's facts are seen_facts)."""
    return None


def seen_facts(code: int, number: int, alts) -> list[clingo.Symbol]:
    """``eff_seen_filter(C,E,A,Sign,X)``: what the card of a watched event must be."""
    return filters("eff_seen_filter", [clingo.Number(code), clingo.Number(number)], alts)
