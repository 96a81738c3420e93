"""Family "summoning": the transformer of grammar/abilities_summoning.lark, and the reading of its
race and name phrases with the library (``resolve``), into the abilities of keywords.py.

The transformer gives ("sum", KIND, *ARGS) items; ``resolve`` turns each into ("summon", ability)
or None when a phrase names no race (or card) of the library: "Horn Beasts" stays not understood
instead of being guessed."""
from __future__ import annotations

from lark import Transformer, v_args

from oracle.duel_masters import keywords as kw

_ZONES = {"mana zone": "mana_zone", "graveyard": "graveyard", "hand": "hand",
          "hyperspatial zone": "hyperspatial_zone", "deck": "deck"}


def _civ(word: str) -> tuple:
    return ("not_civ", word[4:]) if word.startswith("non-") else ("civ", word)


@v_args(inline=True)
class Words(Transformer):
    """Transformer methods of the family (a base of effects._Reader)."""

    def sum_ninja_strike(self, n): return ("sum", "ability", kw.NinjaStrike(int(n)))
    def sum_gravity_zero(self, _dash, cond, _free): return ("sum", "ability", kw.GravityZero(cond))
    def sum_all_civs(self): return ("all_civilizations_in_battle_zone",)
    def sum_hand_at_least(self, n): return ("hand_at_least", int(n))
    def sum_revenge_chance(self, _dash, turns, cond, _free):
        whose = "each" if str(turns) == "each player's turn" else "opponent"
        return ("sum", "ability", kw.RevengeChance(whose, cond))
    def sum_opp_put(self, n): return ("opponent_put_at_least", int(n))
    def sum_opp_creature(self, cost, power): return ("opponent_creature_at_least", int(cost), int(power))
    def sum_gr(self): return ("sum", "ability", kw.GrSummon())
    def sum_gr_on_enter(self): return [("sum", "ability", kw.Trigger("self_enters")), ("sum", "ability", kw.GrSummon())]
    def sum_sympathy(self, names, _again, floor): return ("sum", "sympathy", str(names), int(floor))
    def sum_only_if_spell(self): return ("sum", "ability", kw.SummonOnlyIf("spell_cast_this_turn"))
    def sum_cannot(self): return ("sum", "ability", kw.CannotBeSummoned())
    def sum_lock_civ(self, civ, *spells):
        locks = [("sum", "ability", kw.SummonLock("all", ("not_civ", str(civ))))]
        return locks + [("sum", "ability", kw.CastLock("all", ("not_civ", str(c)))) for c in spells]
    def sum_cast_lock(self, civ): return ("sum", "ability", kw.CastLock("all", ("not_civ", str(civ))))
    def sum_spell_cost_more(self, c1, c2, n):
        return ("sum", "ability", kw.CostChange("all", ("civ_or", str(c1), str(c2)), int(n), 0, spells=True))
    def sum_spell_cost_less(self, n, floor): return ("sum", "ability", kw.CostChange("you", ("any",), -int(n), int(floor), spells=True))
    def sum_cast_only_if_mana(self, civ): return ("sum", "ability", kw.CastOnlyIf(("mana_all_civ", str(civ))))
    def sum_cast_only_if_shields(self): return ("sum", "ability", kw.CastOnlyIf(("more_shields", "opponent")))
    def sum_lock(self, who):
        return ("sum", "ability", kw.SummonLock({"your opponent": "opponent", "players": "all", "you": "you"}[str(who)], ("any",)))
    def sum_cost_more(self, civ, n, *spells):
        out = [("sum", "ability", kw.CostChange("all", _civ(str(civ)), int(n), 0))]
        if spells:  # ", and each CIV spell costs N more to cast"
            out.append(("sum", "ability", kw.CostChange("all", _civ(str(spells[0])), int(spells[1]), 0, spells=True)))
        return out
    def sum_cost_less(self, n, floor): return ("sum", "ability", kw.CostChange("you", ("any",), -int(n), int(floor)))
    def sum_cost_less_all(self, n, floor):
        return ("sum", "ability", kw.CostChange("all", ("any",), -int(n), int(floor), up_to=True))
    def sum_cost_less_race(self, word, n, floor):
        return ("sum", "race_word_cost", str(word), -int(n), int(floor))
    def sum_next_summon(self, n, floor): return ("sum", "ability", kw.NextSummonReduction(int(n), int(floor)))
    def sum_from(self, zone, free=None): return ("sum", "ability", kw.SummonFrom(_ZONES[str(zone)], free is not None))
    def sum_from_deck(self, free=None): return ("sum", "ability", kw.SummonFrom("deck", free is not None))

    def sum_any_race_base(self): return ("kw", "any_race_base")
    def sum_evolution(self, *items):
        vortex = any(getattr(i, "type", None) == "SUM_VORTEX" for i in items)
        bases = next(i for i in items if isinstance(i, tuple))
        tail = next((i for i in items if isinstance(i, list)), [])  # another ability on the line
        return [("sum", "evolution", vortex, bases)] + tail
    def sum_any_of(self, *phrases): return ("any_of", tuple(str(p) for p in phrases))
    def sum_vortex_bases(self, a, b): return ("each", (str(a), str(b)))

    def sum_put_ability(self, *items): return items[-1]
    def sum_put_on_enter(self, *items): return [("sum", "ability", kw.Trigger("self_enters")), items[-1]]
    def sum_put_what(self, *items):
        by = {t.type: str(t) for t in items}
        return ("sum", "put", by["SUM_ZONE"], "SUM_NON_EVO" in by, by["SUM_PHRASE"], "SUM_TAPPED" in by)
    def sum_put_named(self, phrase, zone): return ("sum", "put_named", str(zone), str(phrase))
    def sum_put_cost_mana(self): return ("sum", "ability", kw.PutIntoBattleZone("hand", (("cost_at_most_mana",),)))

    def sum_self_enters(self, _rest): return ("sum", "ability", kw.Trigger("self_enters"))
    def sum_other_enters(self, _rest): return ("sum", "ability", kw.Trigger("other_enters"))
    def sum_opponent_summons(self, _rest): return ("sum", "ability", kw.Trigger("opponent_summons"))


def _race_phrase(phrase: str, races: dict[str, str]) -> tuple | None:
    """'armored dragons' / 'cyber viruses' -> ("race", Race).  Plurals are matched against the
    races of the data only ("horn beasts" for Horned Beast stays not understood)."""
    for stem in (phrase[:-2] if phrase.endswith("es") else None, phrase[:-1] if phrase.endswith("s") else None, phrase):
        if stem in races:
            return ("race", races[stem])
    return None


def _race_word(phrase: str, words: dict[str, str]) -> tuple | None:
    """'creature(s) that has/have WORD in its race' -> ("race_word", Word)."""
    parts = phrase.split(" ")
    if len(parts) == 7 and parts[0] in ("creature", "creatures") and parts[1] == "that" and parts[2] in ("has", "have") \
            and parts[4] == "in" and parts[5] in ("its", "their") and parts[6] == "race":
        return ("race_word", words[parts[3]]) if parts[3] in words else None
    return None


def resolve(item: tuple, card, races: frozenset[str]) -> tuple | None:
    """("sum", KIND, ...) -> ("summon", ability) with the library's races and names, or None."""
    lower = {r.lower(): r for r in races}
    words = {w.lower(): w for r in races for w in r.split(" ")}

    def base(phrase: str) -> tuple | None:
        return _race_word(phrase, words) or _race_phrase(phrase, lower)

    kind = item[1]
    if kind == "ability":
        return ("summon", item[2])
    if kind == "sympathy":
        names = [n.strip() for n in item[2].replace(" and ", ",").split(",") if n.strip()]
        if any(n not in lower for n in names):
            return None
        return ("summon", kw.Sympathy(tuple(lower[n] for n in names), item[3]))
    if kind == "race_word_cost":
        if item[2] not in words:
            return None
        return ("summon", kw.CostChange("you", ("race_word", words[item[2]]), item[3], item[4]))
    if kind == "evolution":
        _, _, vortex, (how, phrases) = item
        found = [base(p) for p in phrases]
        if None in found:
            return None
        if vortex:
            return ("summon", kw.Evolution(tuple(found))) if how == "each" else None
        return ("summon", kw.Evolution((("any_of",) + tuple(found),))) if how == "any_of" else None
    if kind == "put":
        _, _, zone, non_evo, what, tapped = item
        if what == card.name.lower():
            filt = (("name", card.name),)  # "an Obsidian Scarab" on Obsidian Scarab
        elif what == "creature":
            filt = (("any",),)
        else:
            found = _race_word(what, words) or _race_phrase(what, lower)
            if found is None and what in words:
                found = ("race_word", words[what])  # "a non-evolution Dragon": a word of a race
            if found is None:
                return None
            filt = (found,)
        return ("summon", kw.PutIntoBattleZone(_ZONES[zone], ((("non_evolution",),) if non_evo else ()) + filt, tapped))
    if kind == "put_named":
        _, _, zone, name = item
        if name != card.name.lower():
            return None
        return ("summon", kw.PutIntoBattleZone(_ZONES[zone], (("name", card.name),)))
    raise ValueError(f"unknown summoning item {item!r}")
