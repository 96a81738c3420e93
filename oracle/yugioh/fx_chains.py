"""The family "chains, timing and frequency" of card effects (grammar/effects_chains.lark).

It reads more trigger events of "this card" (sent to the GY by a card effect / as material / by
battle, destroyed by battle or by a card effect, banished, leaves the field), events only the
opponent can cause ("When your opponent activates ..."), and frequency clauses: once per Duel,
once while face-up, not twice in one Chain, "1 of the following effects per turn", "must be
face-up on the field to activate and to resolve", "Neither player can activate cards or effects
in response".  The rules are asp/yugioh/chain.lp (events, chains, the limits that concern a
chain) and asp/yugioh/frequency.lp.
"""
from __future__ import annotations

from lark import Token

from oracle.yugioh.effect_nouns import faceup_named

# Where a trigger of each event is activated from: where the card is after the event.  A card
# destroyed or leaving the field may be in the GY, banished, or (a Pendulum monster) face-up
# in the Extra Deck; the rules check that it is really there (activate.lp, here/3).
EVENT_PLACES = {
    "sent_gy": ["graveyard"], "sent_gy_effect": ["graveyard"], "sent_gy_battle": ["graveyard"],
    "sent_material": ["graveyard"], "destroyed_battle": ["graveyard", "banished", "extra"],
    "destroyed_effect": ["graveyard", "banished", "extra"], "destroyed": ["graveyard", "banished", "extra"],
    "banished": ["banished"], "leaves_field": ["graveyard", "banished", "extra", "hand"],
    "tributed": ["graveyard", "banished"],
    "opponent": ["field"],
}
_SENT_HOW = {"by a card effect": "sent_gy_effect", "by card effect": "sent_gy_effect", "by battle": "sent_gy_battle"}


class Words:
    """Transformer methods of effects_chains.lark (a mixin of effect_text._CoreTree)."""

    # trigger events ----------------------------------------------------------------------
    def chains_event_cond(self, items):
        events = items[1] if isinstance(items[1], list) else [items[1]]
        places = [p for ev in events for p in EVENT_PLACES.get(ev if isinstance(ev, str) else ev[0], ["field"])]
        return ("trigger", str(items[0]).lower(), events, list(dict.fromkeys(places)))

    def chains_leaves_cond(self, items):
        return ("trigger", str(items[0]).lower(), ["leaves_field"], EVENT_PLACES["leaves_field"])

    def chains_sent(self, items):
        how = str(items[1]) if len(items) > 1 else None
        if how is None:
            return "sent_gy"
        if how in _SENT_HOW:
            return _SENT_HOW[how]
        # "as Synchro Material", "as a Fusion Material for a Fusion Summon", "as material for a Link
        # Summon": sent_material(Kind), of one kind of Summon
        kinds = {w.lower() for w in how.split()} & {"synchro", "xyz", "link", "fusion"}
        if len(kinds) != 1:
            raise ValueError("material of one Summon for another")
        return ("sent_material", kinds.pop())

    def chains_destroyed_battle(self, _):
        return "destroyed_battle"

    def chains_destroyed_effect(self, _):
        return "destroyed_effect"

    def chains_destroyed(self, _):
        return "destroyed"

    def chains_banished(self, _):
        return "banished"

    def chains_tributed(self, _):
        return "tributed"

    def chains_tribute_summoned(self, _):
        return "tribute"

    def chains_any_summon(self, _):
        # "Summoned": Normal (Tribute included), Flip or Special Summoned
        return ["normal", "flip", "special"]

    def chains_flipped(self, _):
        return "flip"

    def chains_special_from(self, items):
        events, place = items
        if events != ["special"] or str(place) not in ("hand", "Deck", "GY", "Graveyard"):
            raise ValueError("a Summon from a place effects do not read")
        return ("special_from", {"hand": "hand", "Deck": "deck"}.get(str(place), "graveyard"))

    def chains_opponent_cond(self, _):
        # An event only the opponent can cause: it never happens in the turn player's line.
        return ("trigger", "when", ["opponent"], EVENT_PLACES["opponent"])

    # frequency -------------------------------------------------------------------------------
    def _limit(self, items, limit: str, previous: bool):
        name = self._name(items) if any(isinstance(i, Token) and i.type == "QUOTED" for i in items) else None
        return {"kind": "limit", "limit": "family", "name": name, "as": limit, "previous": previous}

    def chains_duel_this(self, items):
        return self._limit(items, "duel", True)

    def chains_duel_each(self, items):
        return self._limit(items, "duel", False)

    def chains_faceup_once(self, items):
        return self._limit(items, "faceup", True)

    def chains_each_one_chain(self, items):
        out = self._limit(items, "hard", False)
        out["also"] = "one_chain"
        return out

    def chains_one_chain(self, items):
        return self._limit(items, "one_chain", False)

    def chains_shared_once(self, items):
        return self._limit(items, "shared", False)

    def chains_stay_faceup(self, items):
        return self._limit(items, "stay_faceup", True)

    def chains_control_resolve(self, items):
        # "You must control no monsters / a face-up "X" to activate and to resolve this effect": the
        # condition of the effect before it, read again as it resolves (chain.lp's fizzles/2)
        out = self._limit([], "cond_resolve", True)
        out["cond"] = self._controls("me", items[0])
        return out

    def chains_have_resolve(self, items):
        # "You must have no cards in your hand to activate and to resolve this effect": a count of
        # the hand or GY (fx_grave's "you have ..."), read again as the effect resolves
        out = self._limit([], "cond_resolve", True)
        out["cond"] = self.grave_have(items)
        return out

    def chains_named_resolve(self, items):
        # ""The Sanctuary in the Sky" must be on the field to activate and to resolve this effect":
        # a face-up card of that name on either field, in the zones its kind goes to
        name = self._name(items)
        card = self.lib.get(name[1]) if name[0] == "name" else None
        if card is None:
            raise ValueError("an archetype that must be on the field (not read)")
        out = self._limit([], "cond_resolve", True)
        out["cond"] = faceup_named(name, "field" if card.is_monster else "field_cards")
        return out

    def chains_no_response(self, items):
        return self._limit(items, "no_response", True)


def facts(head: list, action: dict) -> list | None:
    """This family adds no action of its own (its facts are eff_event/4 and eff_limit/3)."""
    return None
