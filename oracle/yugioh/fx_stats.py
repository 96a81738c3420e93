"""The family "stats" of card effects: ATK/DEF, Level, Tuner status, names and card types
(grammar/effects_stats.lark; rules in asp/yugioh/stats.lp; docs/facts-schema.md, "Effects").

Actions (what an effect does when it resolves) are ``eff_do(C,E,M,K,stat(Who,Op))``: Who is
``self`` (this card), ``target`` ("that target"), ``it`` (the target, or else the monster this
effect Special Summoned) or ``all`` (the ``eff_filter`` monsters you control); Op is
``gain(atk|def,N)`` (N < 0 for "loses"), ``becomes(atk|def,N)``, ``level_is(N)``,
``level_by(D)``, ``tuner`` or ``name(N)``.  One sentence may give several ops on the same K
("gains 400 ATK and DEF").

Rules a card sets for itself are facts of their own (``stat_name/3``, ``stat_normal/2``,
``stat_cont/5`` with ``stat_per/3``, ``stat_per_filter/5`` and ``stat_filter/5``, ``stat_tuner/1``,
``stat_equip/4`` for an Equip Spell's monster); they hold while the card is where the text says.
"""
from __future__ import annotations

from typing import NamedTuple

import clingo
from lark import Token
from lark.visitors import Discard

from oracle.yugioh import fx_zones
from oracle.yugioh.effect_symbols import filters, sym, while_facts
from oracle.yugioh.requirements import hand_procedures

STATS = {"ATK": ["atk"], "DEF": ["def"], "ATK/DEF": ["atk", "def"], "ATK & DEF": ["atk", "def"],
          "ATK and DEF": ["atk", "def"]}
_PLACES = {"stats_on_field": "field", "stats_in_gy": "graveyard", "stats_in_hand": "hand"}


def _given(items) -> list:
    """The items lark passes, without the placeholders of optional parts left out."""
    return [i for i in items if i is not None]


class Words:
    """Transformer methods of effects_stats.lark (a mixin of effect_text._CoreTree)."""

    # subjects (effects.lark's subject, and its possessives) -------------------------------------
    def _who(self, who: str) -> str:
        if who == "they":
            raise ValueError("a change of the stats of 'they' (not read)")
        return who

    def stats_it(self, _):
        return "it"

    def stats_target(self, _):
        return "target"

    def stats_self(self, _):
        return "self"

    def stats_until(self, _):
        return None

    # actions -------------------------------------------------------------------------------
    def stats_gain(self, items):
        who, verb, n, stat = _given(items)
        who = self._who(who)
        sign = -1 if str(verb).startswith("lose") else 1
        return {"do": "stats", "who": who, "ops": [("gain", s, sign * n) for s in STATS[str(stat)]]}

    def stats_becomes(self, items):
        who, stat, _verb, n = _given(items)
        return {"do": "stats", "who": who, "ops": [("becomes", s, n) for s in STATS[str(stat)]]}

    def stats_become_sent(self, _):
        return {"do": "stats_become_sent"}

    def stats_level_set(self, items):
        who, _verb, n = _given(items)
        return {"do": "stats", "who": who, "ops": [("level_is", n)]}

    def stats_level_is(self, items):
        who, n = _given(items)
        return {"do": "stats", "who": self._who(who), "ops": [("level_is", n)]}

    def stats_level_by(self, items):
        change, who, n = _given(items)
        who = self._who(who)
        return {"do": "stats", "who": who, "ops": [("level_by", n if str(change).lower() == "increase" else -n)]}

    def stats_levels_all(self, items):
        change, np, n = _given(items)
        return {"do": "stats", "who": "all", "what": tuple(np),
                "ops": [("level_by", n if str(change).lower() == "increase" else -n)]}

    def stats_tuner(self, items):
        return {"do": "stats", "who": self._who(_given(items)[0]), "ops": [("tuner",)]}

    def stats_name(self, items):
        who, _verb, quoted = _given(items)
        return {"do": "stats", "who": who, "ops": [("name", _card_name(self, quoted))]}

    # rules of the card itself --------------------------------------------------------------
    def stats_on_field(self, _):
        return "field"

    def stats_in_gy(self, _):
        return "graveyard"

    def stats_in_hand(self, _):
        return "hand"

    def stats_places(self, items):
        return [i for i in items if isinstance(i, str)]

    def stats_name_rule(self, items):
        quoted, places = [i for i in items if isinstance(i, (Token, list))][:2]
        name = _card_name(self, quoted)
        f, n = clingo.Function, clingo.Number
        return _rule(lambda card, k: [f("stat_name", [n(card.code), n(name), f(p)]) for p in places])

    def stats_name_normal(self, items):
        name = _card_name(self, items[0])
        f, n = clingo.Function, clingo.Number
        return _rule(lambda card, k: [f("stat_name", [n(card.code), n(name), f(p)]) for p in ("field", "graveyard")]
                     + _normal(card, ["field", "graveyard"]))

    def stats_normal_rule(self, _):
        return _rule(lambda card, k: _normal(card, ["field", "graveyard"]))

    def stats_normal_field(self, _):
        return _rule(lambda card, k: _normal(card, ["field"]))

    def stats_per_level(self, items):
        n = [i for i in items if isinstance(i, int)][0]
        return _rule(lambda card, k: _cont(card, k, "atk", n, "self") + [
            clingo.Function("stat_per", [clingo.Number(card.code), clingo.Number(k), clingo.Function("level")])])

    def stats_per_count(self, items):
        n = [i for i in items if isinstance(i, int)][0]
        per = self._per_count(next(i for i in items if isinstance(i, tuple)))
        return _rule(lambda card, k: _cont(card, k, "atk", n, "self") + per(card, k))

    def stats_per_count_gy(self, items):
        # "Gains 500 ATK for each Dragon monster your opponent controls or is in their GY." (Buster
        # Blader): the opponent's monsters that fit and the cards of their GY that fit, counted together
        n = [i for i in items if isinstance(i, int)][0]
        np = next(i for i in items if isinstance(i, tuple))
        if np.where != ("opp", "field") or np.except_self or not all(self._monsters_only(alt) for alt in np[2]):
            raise ValueError("a gain for each card of a field 'or in their GY' other than the opponent's monsters (not read)")
        per = self._per_count(np)

        def make(card, k):
            head = [clingo.Number(card.code), clingo.Number(k)]
            return _cont(card, k, "atk", n, "self") + per(card, k) + \
                [clingo.Function("stat_per", head + [clingo.Function("opp_graveyard")])]
        return _rule(make)

    def _per_count(self, np):
        """The facts of "for each ..." of rule K (stats.lp's stat_per/3, stat_per_filter/5,
        stat_per_other/2), as a function of the card and K."""
        _lo, _hi, alts = np
        if np.where in (("me", "graveyard"), ("both", "graveyard")) and not np.except_self:
            # "for each "X" monster in your GY" / "... in the GYs" (stats.lp: stat_per graveyard / graveyards)
            place = "graveyard" if np.where[0] == "me" else "graveyards"
        elif np.where not in (("me", "field"), ("opp", "field"), ("both", "field")):
            raise ValueError("a gain for each card elsewhere than on a field or in your GY (not read)")
        elif not all(self._monsters_only(alt) for alt in alts):
            # "for each Spell/Trap your opponent controls", "for each card you control": the Spell &
            # Trap Zones too, which the count of monsters on the field does not read.
            raise ValueError("a gain for each card other than monsters on the field (not read)")
        else:
            place = np.where[0]   # your field, your opponent's, or both ("on the field")

        def make(card, k):
            head = [clingo.Number(card.code), clingo.Number(k)]
            # "..., except this card": the card itself is not counted (stat_per_other/2)
            return [clingo.Function("stat_per", head + [clingo.Function(place)])] + filters("stat_per_filter", head, alts) \
                + ([clingo.Function("stat_per_other", head)] if np.except_self else [])
        return make

    def _monsters_only(self, alt: frozenset) -> bool:
        """Whether a filter alternative takes monsters only ("monster", "Tuner", a monster's name)."""
        named = [x[1] for sign, x in alt if sign == "pos" and x[0] == "name"]
        return bool({("pos", ("kind", "monster")), ("pos", ("kind", "tuner"))} & alt) or \
            any(self.lib.get(code) is not None and self.lib.get(code).is_monster for code in named)

    # gains and losses of all the monsters a filter takes (stats_all) ---------------------------
    def stats_deltas(self, items) -> list[tuple[str, int]]:
        """``[(stat, n)]`` of "gain 500 ATK and lose 400 DEF", "lose 200 ATK/DEF" (n < 0: a loss)."""
        out, sign, n = _Deltas(), 1, 0
        for i in items:
            if isinstance(i, int) and not isinstance(i, bool):
                n = i
            elif isinstance(i, Token) and i.type.endswith("STATS_GAIN_WORD"):
                sign = -1 if str(i).startswith("lose") else 1
                out.singular = out.singular or str(i).endswith("s")
            else:   # a stats_one_stat
                out += [(st, sign * n) for st in STATS[str(i)]]
        return out

    def stats_all_part(self, items):
        np, deltas, per = items[0], items[1], (items[2] if len(items) > 2 else None)
        # "All Warrior monsters you control gain 200 ATK for each Warrior or Spellcaster monster you
        # control." (The A. Forces): each gain times a count
        return _Part(np, deltas, per=self._per_count(per) if per is not None else None)

    def stats_bare_part(self, items):
        # "Monsters your opponent controls lose 800 ATK." -- with a plural verb only: "1 monster
        # you control gains ..." is no gain of every monster
        if items[1].singular:
            raise ValueError("a gain of one monster, not of all (not read)")
        return self.stats_all_part(items)

    def stats_others_part(self, items):
        np, deltas = items
        return _Part(np, deltas, others=True)

    def stats_old_part(self, items):
        # "Increase the ATK and DEF of all Fiend monsters by 200 points": the verb, the stats, the
        # monsters and the points
        verb, stat, np, n = items
        return _Part(np, [(st, _sign(verb) * n) for st in STATS[str(stat)]])

    def stats_old_more(self, items):
        # "... and decrease the ATK of all FIRE monsters by 400 points" (its own monsters), "... and
        # decreases their DEF by 400 points" (those of the part before: np None)
        verb, n = items[0], items[-1]
        stat = next(i for i in items if isinstance(i, Token) and i.type.endswith("STATS_OLD_STAT"))
        np = next((i for i in items if isinstance(i, tuple)), None)
        return _Part(np, [(st, _sign(verb) * n) for st in STATS[str(stat)]])

    def stats_their(self, _):
        return Discard

    def stats_as_long(self, _):
        return "as_long"

    def stats_all(self, items):
        monster_only = "as_long" in items   # "As long as this card remains face-up on the field, ..."
        parts: list[_Part] = []
        for part in (i for i in items if isinstance(i, _Part)):
            if part.np is None:     # "their DEF": the monsters of the part before
                parts[-1] = parts[-1]._replace(deltas=parts[-1].deltas + part.deltas)
            else:
                parts.append(part)
        sides = [part.side() for part in parts]

        def make(card, k):
            if monster_only:
                _monster(card)
            out = []
            # each part is a rule of its own (its own filter): numbers k, k+1
            for j, (part, side) in enumerate(zip(parts, sides)):
                out += [x for st, n in part.deltas for x in _cont(card, k + j, st, n, side)]
                out += filters("stat_filter", [clingo.Number(card.code), clingo.Number(k + j)], part.np[2])
                out += part.per(card, k + j) if part.per else []
            return out
        return {"kind": "card_facts", "facts": make, "keys": len(parts)}

    def stats_while(self, items):
        # "While you control a "Gadget" monster, this card gains 2000 ATK.", "Gains 400 ATK while you
        # control an "X" monster.": the card's own gain, rule K, while the condition holds
        # (stats.lp's stat_off/3 reads rule_while(C,stat(K),...))
        (cond,) = [i for i in items if isinstance(i, tuple) and i[0] == "while"]
        n = next(i for i in items if isinstance(i, int) and not isinstance(i, bool))
        stats = STATS[str(next(i for i in items if isinstance(i, Token) and i.type.endswith("STATS_STAT")))]
        return _rule(lambda card, k: [x for st in stats for x in _cont(card, k, st, n, "self")]
                     + while_facts(card.code, clingo.Function("stat", [clingo.Number(k)]), cond[1:]))

    def stats_by_proc(self, items):
        n = next(i for i in items if isinstance(i, int) and not isinstance(i, bool))
        stats = STATS[str(next(i for i in items if isinstance(i, Token) and i.type.endswith("STATS_STAT")))]

        def make(card, k):
            # "this way" is the card's own procedure from the hand, read whole
            if not hand_procedures(card, self.lib)[0]:
                raise ValueError("'If Summoned this way' of a card without a procedure read (not read)")
            return [x for st in stats for x in _cont(card, k, st, n, "self")] + [
                clingo.Function("stat_by_proc", [clingo.Number(card.code), clingo.Number(k)])]
        return _rule(make)

    def stats_equip_rule(self, items):
        # "The equipped monster gains 800 ATK/DEF for each face-up monster you control." (United We
        # Stand): each gain times the count, the Equip Spell's controller's
        deltas = items[1]
        per = self._per_count(items[2]) if len(items) > 2 else (lambda card, k: [])
        return _rule(lambda card, k: [clingo.Function("stat_equip", [clingo.Number(_equip_spell(card).code), clingo.Number(k),
                                                                     clingo.Function(s), clingo.Number(n)])
                                      for s, n in deltas] + per(card, k))

    def stats_tuner_proc(self, _):
        # "If Summoned this way, treat this card as a Tuner." (Rose Princess): a Tuner while it
        # stays on the field after a Special Summon by its own procedure (stats.lp)
        def make(card, k):
            if not hand_procedures(card, self.lib)[0]:
                raise ValueError("'If Summoned this way' of a card without a procedure read (not read)")
            return [clingo.Function("stat_tuner_proc", [clingo.Number(_monster(card).code)])]
        return _rule(make)

    def stats_tuner_rule(self, _):
        return _rule(lambda card, k: [clingo.Function("stat_tuner", [clingo.Number(_monster(card).code)])])

    def stats_rule(self, items):
        return items[0]

    def stats_gemini(self, _):
        return {"kind": "gemini_effects"}


class _Deltas(list):
    """``[(stat, n)]``, and whether a verb was singular ("gains", "loses")."""
    singular = False


class _Part(NamedTuple):
    """One part of a gain of all the monsters a filter takes: its monsters, its ``[(stat, n)]``."""
    np: tuple | None
    deltas: list
    others: bool = False     # "All other ...": every one but the card itself
    per: object = None       # "... for each ...": the facts of the count (FxStats._per_count)

    def side(self) -> str:
        """The monsters' side, as stats.lp's stat_cont/5 names it."""
        if self.np.except_self:
            raise ValueError("a gain of monsters with an exception (not read)")
        if self.others:
            # a monster's "All other ... you control": only that wording is read
            if self.np.where != ("me", "field"):
                raise ValueError("a gain of other monsters elsewhere than on your field (not read)")
            return "others"
        # a gain is a monster's on the field: a filter with no place takes those of both fields
        sides = {None: "both", ("both", "field"): "both", ("me", "field"): "mine", ("opp", "field"): "opp"}
        if self.np.where not in sides:
            raise ValueError("a gain of monsters elsewhere than on a field (not read)")
        return sides[self.np.where]


def _card_name(tree, quoted) -> int:
    got = tree._quoted(quoted, archetype_first=False)
    if got[0] != "name":
        raise ValueError(f"{quoted} names no card")
    return got[1]


def _rule(make) -> dict:
    """A rule the card sets for itself: its facts, made from the card and the rule's number."""
    return {"kind": "card_facts", "facts": make}


def _sign(verb) -> int:
    # the older wording's verbs: "increase(s)" a gain, "decrease(s)"/"reduce" a loss
    return 1 if str(verb).lower().startswith("increase") else -1


def _monster(card):
    # The rules of this family hold while a monster is face-up on the field (or where they say);
    # the same words on a Spell or Trap would need its own place and timing: not read.
    if not card.is_monster:
        raise ValueError("a rule of the stats family on a Spell or Trap (not read)")
    return card


def _equip_spell(card):
    if not (card.is_spell and "equip" in card.kinds):
        raise ValueError("the equipped monster's ATK/DEF on a card that is no Equip Spell (not read)")
    return card


def _normal(card, places: list[str]) -> list[clingo.Symbol]:
    # A Gemini monster's sentence restates the Gemini rule, which gemini.lp already plays.
    if "gemini" in _monster(card).kinds:
        return []
    return [clingo.Function("stat_normal", [clingo.Number(card.code), clingo.Function(p)]) for p in places]


def _cont(card, k: int, stat: str, n: int, who: str) -> list[clingo.Symbol]:
    # A Continuous or Field Spell or a Continuous Trap gives "All ... you control / on the field
    # gain" while face-up in its zone (stats.lp's cont_src/3); its own ATK, or "other", is a monster's.
    if not (who in ("mine", "both", "opp") and fx_zones.lasting(card)):
        _monster(card)
    return [clingo.Function("stat_cont", [clingo.Number(card.code), clingo.Number(k), clingo.Function(stat),
                                          clingo.Number(n), clingo.Function(who)])]


def facts(head: list, action: dict) -> list[clingo.Symbol] | None:
    """``eff_do(C,E,M,K,stat(Who,Op))`` for each op of a stats action (None for another family's)."""
    if action["do"] == "stats_become_sent":
        return [clingo.Function("eff_do", head + [clingo.Function("become_sent")])]
    if action["do"] != "stats":
        return None
    out = [clingo.Function("eff_do", head + [clingo.Function("stat", [clingo.Function(action["who"]), sym(op)])])
           for op in action["ops"]]
    if action["who"] == "all":
        out += filters("eff_filter", head, action["what"][2])
    return out
