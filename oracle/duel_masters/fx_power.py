"""Family "power": the transformer of grammar/abilities_power.lark -- continuous power modifiers
and keywords gained while a condition holds.  Played by asp/duel_masters/power.lp and battle.lp.

A line gives abilities ("pow", N, SIT, SCOPE, PER, COND) -- +N power -- and ("pow_breaker", B,
SCOPE, COND) -- breaks B shields ("double breaker", "triple breaker" instead of double):

* SIT: always | attacking (also "power attacker +N" gained: it counts while attacking, as the
  keyword does) | blocking;
* SCOPE: "self", "crossed" (the creature a cross gear is crossed with: fx_gear.py, gear.lp), or
  ("lord", WHO, FILTERS): each creature of the battle zone that WHO (relative to the card's owner:
  you, opponent, any) reaches and every filter fits (targets.lp fits/3);
* PER: None, or (WHO, FILTERS): +N for each such creature of the battle zone;
* COND: None, ("count", WHO, FILTERS, MIN, MAX) (while the number of such creatures is in
  MIN..MAX), ("self_tapped",) (while this creature is tapped), ("power_min", P) (while this
  creature, attacking, has power P or more: breakers only).

Effects "... gets ... until the end of the turn" are ("buff", "you", COUNT, FILTERS) with the
grants among the filters as ("grant", G): power(N), power_attacker(N), breaker(N), slayer,
speed_attacker, attack_untapped, unblockable (asp/duel_masters/buffs.lp).

Filters: other, tapped, untapped, civ(X), civ_or(X,Y), and ("pow_race", PHRASE) until ``resolve``
reads the phrase as race(RACE) with the library's races.
"""
from __future__ import annotations

import re

from clingo import String
from lark import Transformer, v_args

from oracle.terms import fact

from oracle.duel_masters.fx_summoning import _race_phrase


@v_args(inline=True)
class Words(Transformer):
    """Transformer methods of the family (a base of effects._Reader)."""

    def pow_self(self, n, per=None): return ("pow", int(n), "always", "self", per, None)
    def pow_self_minus(self, n, per): return ("pow", -int(n), "always", "self", per, None)
    def pow_self_attacking(self, n, per=None): return ("pow", int(n), "attacking", "self", per, None)
    def pow_self_blocking(self, n): return ("pow", int(n), "blocking", "self", None, None)

    def pow_cond_self(self, cond, *gains):
        return [g if g[:2] == ("kw", "end_of_turn") else _gain(g, "self", cond) for g in gains]
    def pow_gain_end_untap(self, _q): return ("kw", "end_of_turn", "untap")
    def pow_breaker_min(self, n, _db): return ("pow_breaker", 2, "self", ("power_min", int(n)))
    def pow_triple_min(self, n, _tb, _db): return ("pow_breaker", 3, "self", ("power_min", int(n)))
    def pow_lord(self, who, *gains): return [_gain(g, ("lord", *who), None) for g in gains]
    def pow_lord_tapped(self, who, *gains): return [_gain(g, ("lord", *who), ("self_tapped",)) for g in gains]
    def pow_lord_cond(self, cond, who, *gains): return [_gain(g, ("lord", *who), cond) for g in gains]
    def pow_lord_civs(self, c1, c2, n):
        return ("pow", int(n), "always", ("lord", "any", (("civ_or", str(c1), str(c2)),)), None, None)
    def pow_lord_you_civs(self, c1, c2): return ("you", (("civ_or", str(c1), str(c2)),))

    def pow_gain_power(self, n): return ("power", int(n), "always")
    def pow_gain_attacking(self, n): return ("power", int(n), "attacking")
    def pow_gain_pa(self, q): return ("power", int(re.search(r"\d+", str(q)).group()), "attacking")
    def pow_gain_db(self, _q): return ("breaker", 2)
    def pow_gain_kw(self, q): return ("kw", _KEYWORDS[re.sub(r" ?\.?\"$", "", str(q)).strip('"')])
    def pow_count_any_word(self, *items):
        *kind, word = items
        return ("any", _filters(kind) + (("race_word", String(str(word).capitalize())),))
    def pow_lord_unblockable(self, who): return ("pow_kw", "unblockable", ("lord", *who), None)
    def pow_lord_turn(self, turn, who, *gains):
        return [_gain(g, ("lord", *who), ("turn", _TURN[str(turn)])) for g in gains]
    def pow_lord_turn_all(self, turn, *items):
        *kind, n = items
        return ("pow", int(n), "always", ("lord", "you", _filters(kind)), None, ("turn", _TURN[str(turn)]))
    def pow_self_and(self, n, *gains):
        return [("pow", int(n), "always", "self", None, None)] + [_gain(g, "self", None) for g in gains]
    def pow_gain_attack_untapped(self): return ("kw", "attack_untapped")
    def pow_dragons_untapped(self):
        return ("pow_kw", "attack_untapped", ("lord", "any", (("race_word", String("Dragon")),)), None)
    def pow_cond_unblockable(self, cond): return ("pow_kw", "unblockable", "self", cond)
    def pow_buff_multi_unblockable(self): return ("buff", "you", "all", ("multicolored", ("grant", "unblockable")))
    def pow_gain_unblockable_power(self, n): return ("kw", ("unblockable_power", int(n)))
    def pow_gain_stealth(self, civ, _dot): return ("kw", ("stealth", str(civ)))
    def pow_gain_pa_word(self, n): return ("power", int(n), "attacking")
    def pow_unblock_race(self, phrase): return ("any", (("pow_race", str(phrase)),))

    # "... until the end of the turn": ("buff", "you", COUNT, FILTERS + (("grant", G), ...)); the
    # grants are written as ab_buff/3 (effects.card_facts), the filters as target filters
    def pow_buff(self, who, *grants):
        return ("buff", who[2] if len(who) > 2 else "you", who[0], who[1] + tuple(("grant", g) for g in grants))
    def pow_buff_self(self): return ("one", ("self",))
    def pow_buff_each_race(self, phrase): return ("all", (("pow_race", str(phrase)),), "any")
    def pow_buff_one(self, _one): return ("one", ())
    def pow_buff_one_civ(self, _one, civ): return ("one", (("civ", str(civ)),))
    def pow_buff_one_blocker(self, _one, _q): return ("one", ("blocker",))
    def pow_buff_all(self): return ("all", ())
    def pow_buff_all_civ(self, civ): return ("all", (("civ", str(civ)),))
    def pow_buff_power(self, n): return ("power", int(n))
    def pow_buff_pa(self, q): return ("power_attacker", int(re.search(r"\d+", str(q)).group()))
    def pow_buff_db(self, _q): return ("breaker", 2)
    def pow_buff_tb(self, _q): return ("breaker", 3)
    def pow_buff_kw(self, q):
        return _KEYWORDS[re.sub(r" ?\.?\"$", "", str(q)).strip('"')]

    def pow_buff_unblockable(self, count, _they): return ("buff", "you", count, (("grant", "unblockable"),))
    def pow_buff_all_unblockable(self): return ("buff", "you", "all", (("grant", "unblockable"),))
    def pow_pick_one(self, _one): return "one"
    def pow_pick_up_to(self, n): return ("up_to", int(n))

    def pow_per(self, count): return count
    # counts of cards of a mana zone and of shields: ("zone", WHO, ZONE, CARD FILTERS), or the
    # civilizations of a mana zone ("civs", WHO, ZONE)
    def pow_z_mana_you(self, *items): return ("zone", "you", "mana_zone", _zone_filters(items))
    def pow_z_mana_opp(self, *items): return ("zone", "opponent", "mana_zone", _zone_filters(items))
    def pow_z_mana_any(self): return ("zone", "any", "mana_zone", ())
    def pow_z_shields_you(self): return ("zone", "you", "shields", ())
    def pow_z_shields_any(self): return ("zone", "any", "shields", ())
    def pow_z_civs_you(self): return ("civs", "you", "mana_zone")
    def pow_cond_no_shields(self): return ("zone", "you", "shields", (), 0, 0)
    def pow_cond_mana_all(self, civ): return ("mana_all", str(civ))
    def pow_cond_mana_tapped(self): return ("mana_tapped",)
    def pow_count_you(self, *items): return ("you", _filters(items))
    def pow_count_opp(self, *items): return ("opponent", _filters(items))
    def pow_lord_silent(self, *items): return ("you", _filters(items[:-1]) + ("has_silent_skill",))
    def pow_count_any(self, *items): return ("any", _filters(items))
    def pow_cond_none(self, *items): return ("count", "you", _filters(items), 0, 0)
    def pow_cond_some(self, *items):
        n = next((int(i) for i in items if str(i).isdigit()), 1)
        return ("count", "you", _filters(items), n, 99)

    def pow_kind_any(self, _c): return ()
    def pow_kind_civ(self, civ, _c): return (("civ", str(civ)),)
    def pow_kind_civ_or(self, c1, _c1, c2, _c2): return (("civ_or", str(c1), str(c2)),)
    def pow_kind_civ_either(self, c1, c2, _c): return (("civ_or", str(c1), str(c2)),)
    def pow_kind_race_or(self, a, b): return (("pow_race_or", str(a), str(b)),)
    def pow_lord_kind_each(self, kind, n): return ("pow", int(n), "always", ("lord", "any", kind), None, None)
    def pow_breaker_min_words(self, n, _db): return ("pow_breaker", 2, "self", ("power_min", int(n)))
    def pow_breaker_over(self, n, _db): return ("pow_breaker", 2, "self", ("power_min", int(n) + 1))
    # "+N power while battling X": a bonus in a battle against such a creature (battle.lp bbonus/4)
    def pow_battling_civs(self, n, c1, c2): return ("pow", int(n), "battling", "self", None, ("vs", ("civ_or", str(c1), str(c2))))
    def pow_battling_civ(self, civ, n): return ("pow", int(n), "battling", "self", None, ("vs", ("civ", str(civ))))
    def pow_battling_word(self, word, n):
        return ("pow", int(n), "battling", "self", None, ("vs", ("race_word", String(str(word).capitalize()))))
    # Crew breaker: one more shield for each of your other creatures of the race (battle.lp breaks/4)
    def pow_crew(self, what): return ("pow_crew", str(what).strip(" -\u2014\u2015"))
    def pow_z_civs_bz(self): return ("civs", "any", "battle_zone")
    def pow_z_other_word(self, word): return ("you", ("other", ("race_word", String(str(word).capitalize()))))
    def pow_kind_race(self, phrase): return (("pow_race", str(phrase)),)


_TURN = {"your turn": "you", "your opponent's turn": "opponent"}

_KEYWORDS = {"slayer": "slayer", "speed attacker": "speed_attacker", "blocker": "blocker",
             "this creature can attack untapped creatures": "attack_untapped",
             "this creature can't be blocked": "unblockable"}


def _filters(items) -> tuple:
    out = []
    for i in items:
        if isinstance(i, tuple):
            out += list(i)
        elif str(i) == "other":
            out.append("other")
        elif str(i) in ("tapped", "untapped"):
            out.append(str(i))
    return tuple(out)


def _zone_filters(items) -> tuple:
    """Card filters of a zone count: card_tapped, card_untapped, card_civ(X)."""
    out = []
    for i in items:
        word = str(i)
        out.append(f"card_{word}" if word in ("tapped", "untapped") else ("card_civ", word))
    return tuple(out)


def _gain(gain: tuple, scope, cond) -> tuple:
    if gain[0] == "breaker":
        return ("pow_breaker", gain[1], scope, cond)
    if gain[0] == "kw":
        return ("pow_kw", gain[1], scope, cond)
    return ("pow", gain[1], gain[2], scope, None, cond)


def _sets(ab: tuple) -> list:
    """The (WHO, FILTERS) parts of an ability, by role: target, per, cond."""
    scope, per, cond = (ab[3], ab[4], ab[5]) if ab[0] == "pow" else (ab[2], None, ab[3])  # pow_breaker, pow_kw
    out = []
    if scope not in ("self", "crossed"):
        out.append(("target", scope[1], scope[2]))
    if per and per[0] not in ("zone", "civs"):
        out.append(("per", per[0], per[1]))
    if cond and cond[0] == "count":
        out.append(("cond", cond[1], cond[2]))
    return out


def race_filters(filters: tuple, lower: dict[str, str], marker: str = "pow_race") -> tuple | None:
    """The filters with each (MARKER, PHRASE) read as race(RACE) with the library's races (``lower``:
    lower-case name -> race); None if a phrase names no race."""
    out = []
    for f in filters:
        if isinstance(f, tuple) and f[0] == marker:
            found = _race_phrase(f[1], lower)
            if found is None:
                return None
            f = ("race", String(found[1]))  # a string term, as race/2 of facts.py
        elif isinstance(f, tuple) and f[0] == "pow_race_or":
            found = [_race_phrase(p, lower) for p in f[1:]]
            if None in found:
                return None
            f = ("race_or", String(found[0][1]), String(found[1][1]))
        out.append(f)
    return tuple(out)


def resolve(ab: tuple, races: frozenset[str]) -> tuple | None:
    """The ability with its race phrases read as race(RACE); None if one names no race."""
    lower = {r.lower(): r for r in races}

    def fix(filters: tuple) -> tuple | None:
        return race_filters(filters, lower)

    if ab[0] == "pow_crew":
        found = _race_phrase(ab[1], lower)
        words = {w.lower(): w for r in races for w in r.split(" ")}
        if found is None and ab[1] in words:
            found = ("race_word", words[ab[1]])
        return None if found is None else ("pow_crew", (found[0], String(found[1])))
    parts = list(ab)
    if ab[0] == "pow":
        slots = {"target": 3, "per": 4, "cond": 5}
    else:
        slots = {"target": 2, "cond": 3}
    for role, idx in slots.items():
        v = parts[idx]
        if role == "target" and v not in ("self", "crossed"):
            f = fix(v[2])
            if f is None:
                return None
            parts[idx] = (v[0], v[1], f)
        elif role == "per" and v and v[0] not in ("zone", "civs"):
            f = fix(v[1])
            if f is None:
                return None
            parts[idx] = (v[0], f)
        elif role == "cond" and v and v[0] == "count":
            f = fix(v[2])
            if f is None:
                return None
            parts[idx] = (v[0], v[1], f, v[3], v[4])
    return tuple(parts)


# The power conditions whose fact is the condition's name and its first ``arity`` values
# (power.lp); "count" and "zone" carry filters and are written apart.
_CONDITION_FACTS = {"self_tapped": ("pm_if_tapped", 0), "power_min": ("pm_if_power", 1),
                    "mana_all": ("pm_if_mana_all", 1), "mana_tapped": ("pm_if_mana_tapped", 0),
                    "turn": ("pm_if_turn", 1), "wave": ("pm_if_wave", 1), "turbo": ("pm_if_turbo", 0),
                    "vs": ("pm_if_vs", 1)}


def facts(c: int, m: int, ab: tuple) -> list:
    """The facts of modifier ``m`` of card ``c`` (asp/duel_masters/power.lp)."""
    if ab[0] == "pow_crew":
        return [fact("crew", c, ab[1])]
    scope = ab[3] if ab[0] == "pow" else ab[2]
    cond = ab[5] if ab[0] == "pow" else ab[3]
    where = scope if scope in ("self", "crossed") else ("lord", scope[1])
    out = [fact("pmod", c, m, ab[1], ab[2], where) if ab[0] == "pow"
           else fact("gbreaker", c, m, ab[1], where) if ab[0] == "pow_breaker" else fact("gkw", c, m, ab[1], where)]
    for role, who, filters in _sets(ab):
        if role == "per":
            out.append(fact("pm_per", c, m, who))
        out += [fact("pm_filter", c, m, role, f) for f in filters]
    per = ab[4] if ab[0] == "pow" else None
    if per and per[0] == "zone":
        out.append(fact("pm_per_zone", c, m, per[1], per[2]))
        out += [fact("pm_filter", c, m, "zone", f) for f in per[3]]
    elif per and per[0] == "civs":
        out.append(fact("pm_per_civs", c, m, per[1], per[2]))
    for cond in (cond[1:] if cond and cond[0] == "and" else (cond,) if cond else ()):
        kind = cond[0]
        if kind == "count":
            out.append(fact("pm_if", c, m, cond[1], cond[3], cond[4]))
        elif kind == "zone":
            out.append(fact("pm_if_zone", c, m, cond[1], cond[2], cond[4], cond[5]))
            out += [fact("pm_filter", c, m, "zcond", f) for f in cond[3]]
        elif kind in _CONDITION_FACTS:
            name, arity = _CONDITION_FACTS[kind]
            out.append(fact(name, c, m, *cond[1:1 + arity]))
        else:
            raise ValueError(f"unknown power condition {cond!r}")
    return out


SURVIVORS = ("lord", "you", (("pow_race", "survivor"),))


def keyword_item(ab: tuple, scope, cond) -> tuple | None:
    """A keyword ("kw", ...) as the same keyword that a card gives SCOPE while COND holds (power.lp:
    gbreaker/4, pmod/5, gkw/4); None for a keyword the rules read only as the card's own."""
    if ab[:2] == ("kw", "breaker"):
        return ("pow_breaker", ab[2], scope, cond)
    if ab[:2] == ("kw", "power_attacker"):
        return ("pow", ab[2], "attacking", scope, None, cond)
    if ab[0] == "kw" and ab[1:] in (("blocker",), ("slayer",), ("speed_attacker",), ("unblockable", "any"),
                                    ("attack_untapped",)):
        return ("pow_kw", ab[1], scope, cond)
    if ab[:2] == ("kw", "unblockable") and ab[2][0] in ("power_at_most", "stealth"):
        return ("pow_kw", (("unblockable_power" if ab[2][0] == "power_at_most" else "stealth"), ab[2][1]), scope, cond)
    return None


def conditional(ab: tuple, cond: tuple) -> tuple | None:
    """A continuous ability (or keyword) of the card itself that holds only while COND does
    (Metamorph, Wave striker, Turbo rush); None when it cannot carry the condition."""
    if ab[0] in ("pow", "pow_breaker", "pow_kw"):
        at = 5 if ab[0] == "pow" else 3
        if ab[at] is None:
            return (*ab[:at], cond)
        # both conditions must hold (Dynamite Peak: Metamorph and "while this creature is tapped"):
        # each is a fact of its own and power.lp turns the modifier off when one fails; only
        # conditions without a set of creatures (those _sets and resolve read) are joined
        return (*ab[:at], ("and", ab[at], cond)) if _plain(ab[at]) and _plain(cond) else None
    if ab == ("kw", "any_race_base") and cond[:4] == ("zone", "you", "mana_zone", ()) and cond[5] == 99:
        # (Metamorph: an evolution base of any race while you have N or more mana cards: evolution.lp)
        return ("kw", "any_race_base_min_mana", cond[4])
    if ab[0] == "kw":
        return keyword_item(ab, "self", cond)
    return None


def _plain(cond: tuple) -> bool:
    """A condition written as one fact that names no set of creatures (not "count", not "and")."""
    return cond[0] in _CONDITION_FACTS or cond[0] == "zone"


def survivor(ab: tuple) -> tuple | None:
    """A Survivor ability ("each of your Survivors has this creature's Survivor ability") that is a
    keyword the rules read from a lord or "this creature gets +N power": the same for each of your
    Survivors (a lord's ability); None for any other."""
    if ab[0] == "pow" and ab[3:] == ("self", None, None):
        return ("pow", ab[1], ab[2], SURVIVORS, None, None)
    return keyword_item(ab, SURVIVORS, None) if ab[0] == "kw" else None
