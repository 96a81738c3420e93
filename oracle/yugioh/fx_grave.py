"""The family "grave" of card effects (issue 8; grammar/effects_grave.lark): cards moving between
the hand, the Deck, the GY and banishment, and the conditions about them.

It reads where an effect is activated from ("If this card is in your GY / hand / hand or GY",
the costs "discard this card", "send this card from your hand to the GY", "banish this card from
your GY"), "except the turn this card was sent to the GY", trigger events (discarded [by card
effect], sent from the hand / field / Deck to the GY, destroyed and sent to the GY, added from the
Deck to the hand by a card effect), the actions "discard N card(s)" and "send ... from your Deck
to the GY, except ...", targets "in your GY, except ..." and "1 of your banished monsters",
conditions on the cards in your GY or hand ("If you have no Spells/Traps in your GY"), and Standby
and End Phase effects.  Rules: asp/yugioh/grave.lp; decisions: docs/decisions.md ("family grave").
"""
from __future__ import annotations

import re

import clingo

from oracle.yugioh.effect_symbols import filters

_PLACE = {"hand": "hand", "GY": "graveyard", "Graveyard": "graveyard"}
_FROM = {"hand": "hand", "field": "field", "Deck": "deck", "Monster Zone": "mzone", "Spell & Trap Zone": "szone"}


class Words:
    """Transformer methods of effects_grave.lark (a mixin of effect_text._CoreTree)."""

    # where this card is ---------------------------------------------------------------------
    def grave_places(self, items):
        return [_PLACE[str(t)] for t in items if t.type == "GRAVE_PLACE"]

    def grave_not_sent(self, _):
        return "not_sent_turn"

    def grave_in_cond(self, items):
        places = next(i for i in items if isinstance(i, list))
        controls = [i for i in items if isinstance(i, tuple)]   # control_cond: (who, lo, hi, alts)
        return ("grave", places, None, ["not_sent_turn"] if "not_sent_turn" in items else [], "quick" in items,
                controls)

    def grave_main_except(self, _):
        return ("grave", None, "main", ["not_sent_turn"], False)

    def grave_main_here(self, items):
        return ("grave", items[-1], "main", [], False)

    def grave_opponent_cond(self, items):
        # an event only the opponent causes: never set off in the turn player's line
        return ("trigger", str(items[0]).lower(), ["opponent"], ["graveyard"])

    def grave_opponent_card(self, items):
        # destroyed by battle while its owner controlled it (timing.lp), or by the opponent's effect (never)
        return ("trigger", str(items[0]).lower(), ["owned_destroyed_battle", "opponent"], ["graveyard"])

    def grave_place_list(self, items):
        words = str(items[0]).replace(",", " ").split()
        return [{"hand": "hand", "Deck": "deck", "Graveyard": "graveyard"}[w] for w in words if w not in ("or", "and/or")]

    def grave_phase_cond(self, items):
        phase = "end" if str(items[1]).startswith("End") else "standby"
        here = items[2] if len(items) > 2 and items[2] is not None else None
        # answers the start of the phase: once per turn per copy
        if here == "sent_turn":   # "if this card is in the GY because it was sent there this turn"
            return ("grave", ["graveyard"], phase, ["soft", "sent_turn"], False)
        return ("grave", here, phase, ["soft"], False)

    def grave_phase_here(self, items):
        return items[0]

    def grave_phase_sent_turn(self, _):
        return "sent_turn"

    def grave_have_none(self, items):
        _, _, alts = items[0]
        return ("me", 0, 0, alts, _PLACE[str(items[1])])

    def grave_have_more(self, items):
        _, _, alts = items[1]
        return ("me", items[0], 99, alts, _PLACE[str(items[2])])

    # trigger events -------------------------------------------------------------------------
    def grave_event_cond(self, items):
        events = items[-1] if isinstance(items[-1], list) else [items[-1]]
        places = ["hand"] if events[0] in ("added_deck_effect", "added_hand") else ["graveyard"]
        return ("trigger", str(items[0]).lower(), events, places)

    def grave_event(self, items):
        return items[0]

    def grave_discarded(self, items):
        by_effect = any(getattr(t, "type", None) == "GRAVE_BY_EFFECT" for t in items)
        return "discarded_effect" if by_effect else "discarded"

    def grave_from(self, items):
        return [_FROM[str(t)] for t in items if t.type == "GRAVE_FROM_PLACE"]

    def grave_sent_from(self, items):
        places = next(i for i in items if isinstance(i, list))
        by_effect = any(getattr(t, "type", None) == "GRAVE_BY_EFFECT" for t in items)
        return [("sent_from_effect" if by_effect else "sent_from", pl) for pl in places]

    def grave_destroyed_gy(self, items):
        how = str(items[0]) if items and getattr(items[0], "type", None) == "GRAVE_HOW" else ""
        return "destroyed_effect_gy" if how in ("by card effect", "by a card effect") else "destroyed_gy"

    def grave_added(self, _):
        return "added_deck_effect"

    def grave_added_hand(self, _):
        return "added_hand"

    def grave_sent_cost_monster(self, _):
        return "sent_cost_monster"

    def grave_material_cond(self, items):
        kinds = re.findall(r"Fusion|Synchro|Xyz|Link", str(items[2]))
        if len(set(kinds)) != 1:
            raise ValueError("material of one Summon for another")
        return ("trigger", str(items[0]).lower(), [("sent_material", kinds[0].lower())], ["graveyard"])

    # costs ----------------------------------------------------------------------------------
    def grave_discard_self(self, _):
        return ("self", "discard", ("hand",))

    def grave_send_self(self, items):
        where = str(items[1])
        return ("self", "send", ("hand", "field") if "field" in where else ("hand",))

    def grave_banish_self_gy(self, _):
        return ("self", "banish", ("graveyard",))

    def grave_banish_self_field(self, _):
        return ("self", "banish", ("field",))

    def grave_send_self_field(self, _):
        return ("self", "send", ("field",))

    def grave_reveal_self(self, _):
        return ("self", "reveal", ("hand",))

    def grave_discard_cost(self, items):
        return ("cost", "discard", items[1], ["hand"])

    # actions ----------------------------------------------------------------------------------
    def grave_discard(self, items):
        return {"do": "grave_discard", "what": items[1]}

    def grave_send_deck(self, items):
        np = items[1]
        if len(items) > 3 and items[3] is not None:
            np = (np[0], np[1], [a | {("neg", items[3][1])} for a in np[2]])
        return {"do": "send_deck", "what": np}

    # targets ----------------------------------------------------------------------------------
    def grave_target_except(self, items):
        lo, hi, alts = items[1]
        neg = ("neg", self._quoted(items[3], archetype_first=False))
        return ("target", (lo, hi, [a | {neg} for a in alts]), items[2])

    def grave_target_banished(self, items):
        n = items[1]
        _, _, alts = items[2]
        return ("target", (n, n, alts), ("me", "banished"))


def finish_effect(card, e, p: dict) -> None:
    """Where an ignition or Quick effect is activated from, read from its action ("Special Summon
    this card from your hand / GY / banishment"), its condition ("If this card is in your GY") and
    a cost of this card taken from a place ("discard this card", "banish this card from your
    GY"); a Spell's or Trap's effect activated in the GY is an ignition effect there.  Raises
    ValueError for what is not read."""
    for acts in e.modes:
        for a in acts:
            if a["do"] == "special_summon" and a["what"] == ("self",) and a["from"] is not None \
                    and e.type in ("ignition", "quick"):
                if not set(a["from"]) <= {"hand", "graveyard", "banished"}:
                    raise ValueError("a Special Summon of this card from elsewhere than the hand, GY or banishment")
                e.where = list(a["from"])
    cond = p["cond"]
    fixed = None
    if cond and cond[0] == "grave":
        _, places, phase, limits, quick, *controls = cond
        e.conds = [*e.conds, *(controls[0] if controls else [])]
        if e.type in ("spell", "trap"):
            if places not in (None, ["graveyard"]) or not p["optional"] or quick:
                raise ValueError("a Spell/Trap effect activated from elsewhere than the GY")
            e.type = "ignition"
            places = ["graveyard"]
        if quick:
            e.type = "quick"
        if places:
            e.where = fixed = places
        if phase:
            e.phase = phase
        e.limits += limits
    for costs, _ in e.mode_pre:
        for c in costs:
            if c[0] != "self" or len(c) < 3 or c[2] is None:
                continue
            if e.type in ("spell", "trap") and c[2] == ("graveyard",) and p["optional"]:
                e.type, e.where = "ignition", ["graveyard"]
            if e.type not in ("ignition", "quick"):
                raise ValueError("a cost of this card from a place, on an effect that is no ignition or Quick effect")
            where = [w for w in (fixed or c[2]) if w in c[2]]
            if not where:
                raise ValueError("a cost of this card from a place where the effect is not activated")
            e.where = fixed = where
    if "not_sent_turn" in e.limits and "graveyard" not in e.where:
        raise ValueError("'except the turn this card was sent to the GY' on an effect not activated in the GY")


def it_is_this_card(cond) -> bool:
    """"If this card is discarded to the GY: Special Summon it.": with nothing targeted, "it" is
    this card, the card the event of this family happened to."""
    return bool(cond and cond[0] == "trigger" and cond[2] and all(_own_event(ev) for ev in cond[2]))


def _own_event(ev) -> bool:
    """An event of this family (effects_grave.lark's grave_event)."""
    name = ev[0] if isinstance(ev, tuple) else ev
    return name in ("discarded", "discarded_effect", "sent_from", "sent_from_effect", "destroyed_gy",
                    "destroyed_effect_gy", "added_deck_effect", "added_hand", "sent_cost_monster")


def facts(head: list, action: dict) -> list | None:
    """The facts of one of this family's actions (``head`` = card, effect, mode, action number)."""
    f, n = clingo.Function, clingo.Number
    if action["do"] == "grave_discard":
        lo, hi, alts = action["what"]
        return ([f("eff_do", head + [f("discard", [n(lo), n(hi)])]), f("eff_src", head + [f("hand")])]
                + filters("eff_filter", head, alts))
    return None
