"""The family "tokens" of card effects (grammar/effects_tokens.lark): Tokens Special Summoned by a
card effect, "Special Summon 2 "X Token" (Machine-Type/WIND/Level 3/ATK 0/DEF 0) in Defense
Position".

The quoted name must be a Token of the card library whose printed stats are the ones in the
parentheses (a Token of another name or with other stats is not understood: the card is
unsupported).  The Token is then a card like any other: its Type, Attribute, Level, ATK and DEF
are its card facts (card_facts), its instances are the *spare* instances of the position
(:func:`spares`), in no place until an effect summons them (asp/yugioh/tokens.lp), and the rules
every Token obeys already hold for them (never Xyz Material, never Normal Summoned, it ceases to
exist when it leaves the field: extra.lp, normal.lp, effects.lp, moves.lp).
"""
from __future__ import annotations

import clingo
from lark import Token

from oracle.yugioh.effect_symbols import sym
from oracle.yugioh.fx_statics import _np_alts
from oracle.yugioh.grammar.nouns import race_value

# A player has 5 Main Monster Zones and a Token never goes to an Extra Monster Zone: at most 5
# Tokens of one name are on one field at once (one that leaves the field ceases to exist, and its
# instance is free again).
SPARES_PER_FIELD = 5


class Words:
    """Transformer methods of effects_tokens.lark (a mixin of effect_text._CoreTree)."""

    def tokens_race(self, items):
        return race_value(str(items[0]))

    def tokens_stats(self, items):
        tuner = any(isinstance(i, Token) and i.type == "TOKENS_TUNER" for i in items)
        race, attribute, level, atk, defense = [i for i in items if i is not None and not (
            isinstance(i, Token) and i.type == "TOKENS_TUNER")]
        return {"race": race, "attribute": str(attribute).lower(), "level": level, "atk": atk, "defense": defense,
                "tuner": tuner}

    def _token(self, quoted, stats):
        name = str(quoted)[1:-1]
        names = {name, name[:-1]} if name.endswith("Tokens") else {name}   # "2 "Dragon Tokens""
        for card in self.lib:
            if (card.name in names and "token" in card.kinds and card.race == stats["race"]
                    and card.attribute == stats["attribute"] and card.level == stats["level"]
                    and card.atk == stats["atk"] and card.defense == stats["defense"]
                    and ("tuner" in card.kinds) == stats["tuner"]):
                return card.code
        raise ValueError(f"no Token {name!r} with the stats the text prints")

    def _token_summon(self, np, summon):
        # effects.lark's special_summon of a noun phrase that ends with the Token's stats: '1 "X Token"'
        if np.quoted is None or summon["from"] is not None or any(r not in (("to_opponent",),) for r in summon["riders"]):
            raise ValueError("a Token summoned otherwise than by its name and stats (not read)")
        return {"do": "token", "token": self._token(np.quoted, np.token_stats), "count": (np[0], np[1]),
                "position": summon["position"], "riders": list(summon["riders"])}

    def tokens_summon_max(self, items):
        # "Special Summon as many "X" as possible (…)": the rest as effects.lark's special_summon says it
        quoted = next(i for i in items if isinstance(i, Token) and i.type == "QUOTED")
        stats = next(i for i in items if isinstance(i, dict))
        summon = self.special_summon([items[0], ("self",), *[i for i in items[1:] if not (
            isinstance(i, dict) or isinstance(i, Token))]])
        if summon["from"] is not None or any(r != ("to_opponent",) for r in summon["riders"]):
            raise ValueError("a Token summoned otherwise than by its name and stats (not read)")
        return {"do": "token", "token": self._token(quoted, stats), "count": "max", "position": summon["position"],
                "riders": summon["riders"]}

    def tokens_lock(self, items):
        # fx_statics' lock action, held while a Token of the effect is on the field
        scope = next((str(i) for i in items if isinstance(i, Token) and i.type == "TOKENS_SCOPE"), "monsters")
        return {"kind": "after", "after": {"do": "statics_lock", "scope": "extra" if "Extra Deck" in scope else "any",
                                           "when": "token", "pos": "any", "except": _np_alts(items)}}

    def tokens_no_tribute(self, _):
        # one more action of the effect before it (effect_text.read_card's "after")
        return {"kind": "after", "after": {"do": "no_tribute_summon"}}



def facts(head, action):
    """``eff_do(C,E,M,K,token(T,Lo,Hi))`` (or ``token_max(T)``: "as many as possible") with the
    core's ``eff_position`` and ``eff_rider`` atoms; ``eff_do(C,E,M,K,no_tribute_summon)``."""
    f = clingo.Function
    if action["do"] == "no_tribute_summon":
        return [f("eff_do", head + [f("no_tribute_summon")])]
    if action["do"] != "token":
        return None
    count = action["count"]
    what = (f("token_max", [clingo.Number(action["token"])]) if count == "max" else
            f("token", [clingo.Number(action["token"]), clingo.Number(count[0]), clingo.Number(count[1])]))
    out = [f("eff_do", head + [what])]
    if action["position"]:
        out.append(f("eff_position", head + [f(action["position"])]))
    out += [f("eff_rider", head + [sym(r)]) for r in action["riders"] if r != ("end_phase",)]
    return out


def token_codes(card_facts) -> set[int]:
    """The Tokens the effect facts of a card summon."""
    return {s.arguments[4].arguments[0].number for s in card_facts
            if s.name == "eff_do" and s.arguments[4].name in ("token", "token_max")}


def to_opponent(card_facts) -> bool:
    return any(s.name == "eff_rider" and str(s.arguments[4]) == "to_opponent" for s in card_facts)


def spares(position, library) -> list:
    """The spare instances of the Tokens the turn player's cards of ``position`` may Special
    Summon by an effect they understand (``position.spares``, filled once): 5 for each field a
    Token may go to, owned by the turn player (in no place; numbered after the slots)."""
    if position.spares is None:
        from oracle.yugioh.effect_text import card_effects
        from oracle.yugioh.position import Slot

        me = position.turn_player
        fields: dict[int, int] = {}
        for card in sorted({s.card.code: s.card for s, _ in position.slots.runs() if s.owner == me}.values(),
                           key=lambda c: c.code):
            read = card_effects(card, library)
            if read.unsupported:
                continue
            for code in token_codes(read.facts):
                fields[code] = max(fields.get(code, 1), 2 if to_opponent(read.facts) else 1)
        out = []
        for code in sorted(fields):
            for k in range(SPARES_PER_FIELD * fields[code]):
                out.append(Slot(iid=len(position.slots) + len(out) + 1, card=library.get(code), owner=me,
                                location="token", index=k, controller=me))
        position.spares = out
    return position.spares
