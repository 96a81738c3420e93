"""The zones family of effects (issue 8): actions that move cards between places (banish, return
to the hand or the Deck, send to the GY, change the battle position), and cards that sit in a
zone: Equip Spells (``equipped_to/2``), Field Spells, a Pendulum monster placed in the Pendulum
Zone.  Grammar: ``grammar/effects_zones.lark``; rules: ``asp/yugioh/moves.lp`` and
``asp/yugioh/equip.lp``; facts: docs/facts-schema.md ("Effects")."""
from __future__ import annotations

import clingo
from lark import Token

# Where "banish it", "return it to the hand", "shuffle it into the Deck", "send it to the GY" put
# the card (moves.lp sends a card of the Extra Deck that returns to the Deck to the Extra Deck).
_PLACES = {"zones_banish": "banished", "zones_to_hand": "hand", "zones_to_deck": "deck", "zones_to_gy": "graveyard"}


class Words:
    """Transformer methods of effects_zones.lark (a mixin of effect_text._CoreTree)."""

    def zones_the_target(self, _):
        return "target"

    def zones_the_targets(self, _):
        return "targets"

    def zones_this_card(self, _):
        return "self"

    def _zones_move(self, rule, items):
        who = next(i for i in items if i in ("target", "targets", "self"))
        out = {"do": "zones_move", "who": "target" if who == "targets" else who, "to": _PLACES[rule]}
        return out | ({"plural": True} if who == "targets" else {})

    def zones_banish(self, items):
        return self._zones_move("zones_banish", items)

    def zones_to_hand(self, items):
        return self._zones_move("zones_to_hand", items)

    def zones_to_deck(self, items):
        move = self._zones_move("zones_to_deck", items)
        # "place it on the bottom of the Deck": the Deck's top is still the one given (moves.lp's
        # shuffled_now/3 lets a draw of the same effect take it)
        if any(isinstance(i, Token) and i.type == "ZONES_DECK_END" and "bottom" in i for i in items):
            move["bottom"] = True
        return move

    def zones_all(self, items):
        # "all 5", "all 3 targets", "both those targets": how many targets the text says there are
        n = next((int(i) for i in items if isinstance(i, int) or (isinstance(i, Token) and i.type == "INT")), 2)
        return ("all", n)

    def zones_to_deck_all(self, items):
        # every target goes, or none does (moves.lp); ClauseReading.body_pre checks the count is the
        # target's
        return {"do": "zones_move", "who": "all", "to": "deck", "count": items[0][1]}

    def zones_to_extra(self, items):
        # moves.lp: only a card of the Extra Deck goes there
        return {"do": "zones_move", "who": "self", "to": "extra"}

    def zones_shuffle_cost(self, items):
        np, places, deck = items[0], items[1], str(items[2])
        if not set(places) <= {"hand", "graveyard", "banished", "faceup_field"}:
            raise ValueError("a shuffle into the Deck as a cost from another place than the hand, GY or banishment")
        return ("cost", "shuffle_main" if "Main" in deck else "shuffle", np, places)

    def zones_shuffle_cost_field(self, items):
        np, place, deck = items[0], items[1], items[-1]
        if str(place) != "hand":
            raise ValueError("a shuffle into the Deck as a cost from another place 'or face-up from your field'")
        return self.zones_shuffle_cost([np, ["hand", "faceup_field"], deck])

    def zones_target_banished(self, items):
        count, np = items[0], items[-1]
        if not (isinstance(count, tuple) and len(count) == 2 and all(isinstance(v, int) for v in count)):
            raise ValueError("a count of banished targets effects do not read")
        if np[:2] != (1, 1):
            raise ValueError("a count inside 'N of your banished ...'")
        return ("target", (count[0], count[1], np[2]), ("me", "banished"))

    def zones_to_gy(self, items):
        return self._zones_move("zones_to_gy", items)

    def zones_attach_self(self, _):
        return {"do": "zones_attach", "what": "self"}

    def zones_attach_target(self, _):
        return {"do": "zones_attach", "what": "target"}

    def zones_change_pos(self, items):
        return {"do": "zones_change_pos", "who": items[0]}

    def zones_to_attack_self(self, _):
        return {"do": "zones_to_attack_self"}

    def zones_equip_with(self, _):
        return {"do": "zones_equip"}

    def zones_equip_self(self, items):
        return {"do": "zones_equip", "from_hand": bool(items and items[0] is not None)}

    def zones_set_as_spell(self, _):
        return {"do": "zones_set_as_spell"}

    def zones_place_pzone(self, _):
        return {"do": "zones_place_pzone"}

    def zones_destroyed_cond(self, _):
        # The card is in the Extra Deck face-up when this answers (a destroyed Pendulum monster
        # goes there), an "If" trigger: it does not miss the timing.
        return ("trigger", "if", ["destroyed_mz"])

    def zones_equip_only(self, items):
        # An Equip Spell is activated by targeting the face-up monster it will equip.
        np = items[0]
        lo, hi, alts = np
        if np.except_self:
            raise ValueError("an Equip Spell's monster 'except this card'")
        where = np.where or ("both", "field")
        alts = [a | {("pos", ("faceup",)), ("pos", ("kind", "monster"))} for a in alts]
        return {"kind": "effect", "soft_once": False, "cond": None, "optional": False,
                "pre": [("target", (1, 1, alts), where)], "actions": [{"do": "zones_equip"}]}

    def zones_then_shuffle(self, _):
        return {"kind": "after", "after": "zones_shuffle_deck"}

    def zones_destroyed_takes(self, _):
        return {"kind": "after", "after": "zones_takes_destroyed"}

    def zones_leaves_takes(self, _):
        return {"kind": "after", "after": "zones_takes_leaves"}

    def zones_on_activation(self, items):
        # "When this card is activated: You can add ...": the activation of the Spell itself,
        # whose search may take nothing ("You can").
        search = items[-1]
        lo, hi, alts = search["what"]
        # Not "optional": that word marks the effects of a lasting card on the field (lasting()).
        return {"kind": "effect", "soft_once": False, "cond": None, "optional": False, "pre": [],
                "actions": [dict(search, what=(0, hi, alts))]}


def facts(head: list, action: dict) -> list | None:
    """The facts of one of this family's actions (``head`` = card, effect, mode, action number)."""
    f = clingo.Function
    do = action["do"]
    if do == "zones_move":
        return [f("eff_do", head + [f("move", [f(action["who"]), f(action["to"])])])] + (
            [f("eff_rider", head + [f("bottom")])] if action.get("bottom") else [])
    if do == "zones_attach":
        return [f("eff_do", head + [f("attach", [f(action["what"])])])]
    if do == "zones_change_pos":
        return [f("eff_do", head + [f("change_position", [f(action["who"])])])] + \
            ([f("eff_rider", head + [f("no_flip")])] if action.get("no_flip") else [])   # fx_puzzles
    if do == "zones_to_attack_self":
        return [f("eff_do", head + [f("to_attack_self")])]
    if do == "zones_equip":
        # "equip this monster from your hand or your side of the field": also from the hand.
        return [f("eff_do", head + [f("equip")])] + (
            [f("eff_from", head[:2] + [f("hand")])] if action.get("from_hand") else [])
    if do == "zones_set_as_spell":
        return [f("eff_do", head + [f("set_as_spell")]), f("eff_from", head[:2] + [f("hand")])]
    if do == "zones_place_pzone":
        # Activated from the Extra Deck, where the destroyed Pendulum monster is face-up.
        return [f("eff_do", head + [f("place_pzone")]), f("eff_from", head[:2] + [f("extra_faceup")])]
    if do == "zones_shuffle_deck":
        return [f("eff_do", head + [f("shuffle_deck")])]
    if do == "zones_takes_destroyed":
        return [f("eff_do", head + [f("takes_equipped", [f("destroyed")])])]
    if do == "zones_takes_leaves":
        return [f("eff_do", head + [f("takes_equipped", [f("leaves")])])]
    return None


def lasting(card) -> bool:
    """A Continuous or Field Spell/Trap: it stays on the field once activated, and what its text
    says "You can" do is an effect of the face-up card there, not its activation."""
    return (card.is_spell or card.is_trap) and bool({"continuous", "field"} & set(card.kinds))


def stays_on_field(card) -> bool:
    """A Spell/Trap that stays on the field once activated: a lasting card, or an Equip Spell."""
    return lasting(card) or (card.is_spell and "equip" in card.kinds)


def card_activation(card, effects) -> list:
    """A lasting card whose text has no effect on activation is still activated, to put it on the
    field: effect 0, which resolves to nothing.  An Equip Spell with no "Equip only to ..."
    (Megamorph: its text is only what it does to the equipped monster) is activated the same way,
    targeting any face-up monster on the field, and equips it (rulebook, "Equip Spell Cards")."""
    if not stays_on_field(card) or any(e.type in ("spell", "trap") for e in effects):
        return []
    equip = card.is_spell and "equip" in card.kinds
    f, c, zero = clingo.Function, clingo.Number(card.code), clingo.Number(0)
    where = ["hand", "set"] if card.is_spell else ["set"]
    head = [c, zero, clingo.Number(1), clingo.Number(1)]
    return ([f("effect", [c, zero, f("spell" if card.is_spell else "trap")])]
            + [f("eff_from", [c, zero, f(w)]) for w in where]
            + [f("eff_optional", [c, zero]), f("eff_mode", [c, zero, clingo.Number(1)])]
            + ([f("eff_target", head + [clingo.Number(1), f("both"), f("field")]),
                f("eff_target_filter", head + [f("pos"), f("faceup")]),
                f("eff_target_filter", head + [f("pos"), f("kind", [f("monster")])]),
                f("eff_do", head + [f("equip")])] if equip else []))
