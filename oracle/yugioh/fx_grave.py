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

import clingo

from oracle.yugioh.effect_clauses import Clause
from oracle.yugioh.effect_symbols import filters


class _Places(list):
    """The places of "in your hand or GY"; ``yours``: said as "your" ("in the GY" is not)."""
    yours = True

_FROM = {"hand": "hand", "field": "field", "Deck": "deck", "Monster Zone": "mzone", "Spell & Trap Zone": "szone"}


class Words:
    """Transformer methods of effects_grave.lark (a mixin of effect_text._CoreTree)."""

    # where this card is ---------------------------------------------------------------------
    def grave_places(self, items):
        # "in your hand or GY", "in the Graveyard": the places of the words (whose: "your" or "the")
        out = _Places("hand" if "HAND" in t.type else "field" if t.type == "FIELD_WORD" else "graveyard"
                      for t in items if any(w in t.type for w in ("HAND", "GY", "GRAVEYARD", "FIELD_WORD")))
        out.yours = not any(t.type in ("IN_THE_GY", "IN_THE_HAND", "THE") for t in items)
        return out

    def grave_not_sent(self, _):
        return "not_sent_turn"

    def grave_in_cond(self, items):
        places = next(i for i in items if isinstance(i, list))
        controls = [i for i in items if isinstance(i, tuple)]   # control_cond: (who, lo, hi, alts)
        return ("grave", places, None, ["not_sent_turn"] if "not_sent_turn" in items else [], "quick" in items,
                controls)

    def phase_cond(self, items):
        # "During your Main Phase, except the turn this card was sent to the GY", "During your Main
        # Phase, if this card is in your GY", "During the End Phase[, if this card is in your GY]",
        # "During each of your Standby Phases", "During your Standby Phase, if this card is in your GY"
        when, phase = str(items[0]).lower(), str(items[1])
        tail = items[2] if len(items) > 2 else None
        if when == "during your" and phase == "Main Phase":
            if tail == "not_sent_turn":
                return ("grave", None, "main", ["not_sent_turn"], False)
            if isinstance(tail, tuple) and tail[0] == "if" and tail[1].yours:
                return ("grave", list(tail[1]), "main", [], False)
        if phase.split()[0] in ("End", "Standby") and (tail is not None or when != "during your") \
                and (tail is None or isinstance(tail, tuple) and tail[0] in ("if", "while", "sent_turn", "won_battle", "prev_applied")):
            grave = "end" if phase.startswith("End") else "standby"
            if tail is not None and tail[0] == "won_battle":   # of the card on the field (activate.lp)
                return ("grave", None, grave, ["soft", "won_battle"], False)
            if tail is not None and tail[0] == "prev_applied":  # of the card in the GY, where it went
                return ("grave", ["graveyard"], grave, ["soft", "prev_applied"], False)
            if tail is not None and tail[0] == "sent_turn":   # "if this card is in the GY because it was sent there this turn"
                return ("grave", ["graveyard"], grave, ["soft", "sent_turn"], False)
            if tail is not None and not tail[1].yours:
                raise ValueError("a phase effect of this card in a place effects do not read")
            # answers the start of the phase: once per turn per copy
            return ("grave", list(tail[1]) if tail else None, grave, ["soft"], False)
        if tail == "not_sent_turn" or isinstance(tail, tuple) and tail[0] in ("if", "while", "sent_turn"):
            raise ValueError("a phase effect of this card effects do not read")
        return super().phase_cond(items)

    def grave_phase_here(self, items):
        return ("if", items[0])

    def grave_phase_while(self, items):
        return ("while", items[0])

    def grave_phase_won_battle(self, _):
        return ("won_battle",)

    def grave_phase_prev_applied(self, _):
        return ("prev_applied",)

    def grave_phase_sent_turn(self, _):
        return ("sent_turn",)

    def grave_opponent_cond(self, items):
        # an event only the opponent causes: never set off in the turn player's line
        return ("trigger", str(items[0]).lower(), ["opponent"], ["graveyard"])

    def grave_opponent_card(self, items):
        # destroyed by battle while its owner controlled it (timing.lp), or by the opponent's effect (never)
        return ("trigger", str(items[0]).lower(), ["owned_destroyed_battle", "opponent"], ["graveyard"])

    def grave_have(self, items):
        # "If you have no Spells/Traps in your GY", "If you have 3 or more "X" monsters in your GY"
        kind, what = items[0]
        if kind == "refused":
            raise ValueError(what)
        if kind == "other":
            raise ValueError("'other' in a condition")
        it = what if kind == "no" else what[0]
        count = it.count
        if kind == "no":
            if count is not None:
                raise ValueError("a count after 'no'")
            lo, hi = 0, 0
        elif count is not None and count[0] == "more" and count[2] == 99:
            lo, hi = count[1], 99
        else:
            raise ValueError("a count of cards in the GY or hand effects do not read")
        it.count = None
        np = self._np(it)
        if np.where not in (("me", "graveyard"), ("me", "hand")) or np.except_self:
            raise ValueError("a count of cards elsewhere than in your GY or hand")
        return ("me", lo, hi, np[2], np.where[1])

    # trigger events -------------------------------------------------------------------------
    def grave_event_cond(self, items):
        events = items[-1] if isinstance(items[-1], list) else [items[-1]]
        places = ["hand"] if events[0] in ("added_deck_effect", "added_hand") else ["graveyard"]
        return ("trigger", str(items[0]).lower(), events, places)

    def grave_drawn_cond(self, _):
        return ("trigger", "when", ["drawn"], ["hand"])

    def grave_event(self, items):
        return items[0]

    def grave_mine_sent(self, _):
        return [("sent_from", "field")]

    def grave_mine_battle(self, _):
        return "destroyed_battle"

    def grave_mine_destroyed(self, _):
        return "destroyed_gy"

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

    # costs ----------------------------------------------------------------------------------
    def grave_discard_self(self, _):
        return ("self", "discard", ("hand",))

    def grave_send_self(self, items):
        where = str(items[1])
        return ("self", "send", ("hand", "field") if "field" in where else ("hand",))

    def grave_banish_self_field(self, _):
        return ("self", "banish", ("field",))

    def grave_send_self_field(self, items):
        # a cost, and the zones family's move of this card to the GY ("send this card to the GY")
        move = self._zones_move("zones_to_gy", ["self"]) if str(items[-1]) == "GY" else None
        return Clause(cost=("self", "send", ("field",)), action=move)

    def grave_mill(self, items):
        # "Send the top 3 cards of your Deck to the GY": an action, or a cost of your own Deck
        count = next((i for i in items if isinstance(i, int)), 1)
        who = next(i for i in items if i in ("me", "opp"))
        return Clause(cost=("mill", count) if who == "me" else None, action={"do": "mill", "n": count, "who": who})

    def grave_whose(self, items):
        return "me" if [str(t) for t in items] == ["your"] else "opp"

    def grave_reveal_self(self, _):
        return ("self", "reveal", ("hand",))

    def grave_reveal_it(self, _):
        # "it" is this card only after "When you draw this card" (_effect checks the condition)
        return ("self", "reveal", ("hand",), "it")

    def grave_discard_cost(self, items):
        return ("cost", "discard", tuple(items[1]), ["hand"])

    # targets ----------------------------------------------------------------------------------
    def grave_target_banished(self, items):
        n, (_, _, alts) = items
        return ("target", (n, n, alts), ("me", "banished"))


def finish_effect(card, e, p: dict) -> None:
    """Where an ignition or Quick effect (or a trigger on another card's event) is activated from,
    read from its action ("Special Summon
    this card from your hand / GY / banishment"), its condition ("If this card is in your GY") and
    a cost of this card taken from a place ("discard this card", "banish this card from your
    GY"); a Spell's or Trap's effect activated in the GY is an ignition effect there.  Raises
    ValueError for what is not read."""
    # A trigger on another card's event (fx_watch) is activated from where its text says too.
    placed = ("ignition", "quick") + (("trigger",) if e.events and all(
        isinstance(ev, tuple) and ev[0] == "seen" for ev in e.events) else ())
    for acts in e.modes:
        for a in acts:
            if a["do"] == "special_summon" and a["what"] == ("self",) and a["from"] is not None \
                    and e.type in placed:
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
            if e.type == "trigger" and e.where and set(e.where) <= set(c[2]):
                # a trigger paid with this card where the event leaves it ("If this card is sent to
                # the GY: You can banish this card from your GY", "When you draw this card: You can
                # reveal it")
                continue
            if e.type not in placed:
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
                    "destroyed_effect_gy", "added_deck_effect", "added_hand", "sent_cost_monster", "drawn")


def facts(head: list, action: dict) -> list | None:
    """The facts of one of this family's actions (``head`` = card, effect, mode, action number)."""
    f, n = clingo.Function, clingo.Number
    if action["do"] == "mill":
        return [f("eff_do", head + [f("mill", [n(action["n"]), f(action["who"])])])]
    if action["do"] == "grave_discard":
        lo, hi, alts = action["what"]
        return ([f("eff_do", head + [f("discard", [n(lo), n(hi)])]), f("eff_src", head + [f("hand")])]
                + filters("eff_filter", head, alts))
    return None
