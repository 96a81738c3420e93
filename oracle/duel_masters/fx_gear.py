"""Family "gear": the transformer of grammar/abilities_gear.lark -- cross gears.

A line of a cross gear gives:

* ("gear", "keyword"): the keyword "Cross Gear", which restates the card type (gear.lp plays the
  type: generate, cross, the gear stays when its creature leaves); no fact of its own;
* ("gear", "trigger_cross"): Shield Trigger Cross (fact s_trigger_cross/1: gear.lp, and during our
  attacks the opponent's reply);
* ("gear", "kw", G): the crossed creature has G (fact gear_kw/2, read by grants.lp): blocker,
  slayer, speed_attacker, unblockable, no_attack, untargetable, breaker(2), breaker(3),
  self_destruct(wins) ("when the crossed creature wins a battle, destroy it");
* ("gear", "more_break"): the crossed creature breaks one more shield (fact gear_more/1: battle.lp);
* ("pow", N, SIT, "crossed", PER, None): +N power, or "power attacker +N" (SIT attacking), for the
  crossed creature (fx_power.facts with the scope "crossed": power.lp, gear.lp);
* ("eff", "crossed_attacks" | "crossed_destroyed", act, who, count, filters): the gear's trigger when
  its creature attacks / is destroyed (effects.played says which are played); act "recross": "you
  may cross this with one of your creatures for no cost" (gear.lp).

And on a creature: ("kw", "free_cross") -- "you may cross cross gears with this creature for no cost"
(fact free_cross/1: gear.lp); ("kw", "gear_cost_less", N, F) -- "your cross gears each cost N less to
generate or cross. They can't cost less than F" (fact gear_cost_less/3: gear.lp, folded by cost.lp).
"""
from __future__ import annotations

import re

from lark import Transformer, v_args

from oracle.terms import fact, term

_GIVEN = {"double breaker": ("breaker", 2), "triple breaker": ("breaker", 3), "speed attacker": "speed_attacker",
          "slayer": "slayer", "blocker": "blocker"}


@v_args(inline=True)
class Words(Transformer):
    """Transformer methods of the family (a base of effects._Reader)."""

    def gear_keyword(self): return ("gear", "keyword")
    def gear_trigger_cross(self): return ("gear", "trigger_cross")
    def gear_free_cross(self): return ("kw", "free_cross")
    def gear_cost_less(self, n, floor): return ("kw", "gear_cost_less", int(n), int(floor))

    def gear_gives(self, *vps): return [g for vp in vps for g in vp]
    def gear_gets(self, *whats): return list(whats)
    def gear_more_break(self): return [("gear", "more_break")]
    def gear_unblockable(self): return [("gear", "kw", "unblockable")]
    def gear_no_attack(self): return [("gear", "kw", "no_attack")]
    def gear_power(self, n, per=None): return ("pow", int(n), "always", "crossed", per, None)
    def gear_power_attacker(self, q): return ("pow", int(re.search(r"\d+", str(q)).group()), "attacking", "crossed", None, None)
    def gear_keyword_given(self, q): return ("gear", "kw", _GIVEN[re.sub(r" ?\.?\"$", "", str(q)).strip('"')])
    def gear_untargetable(self): return ("gear", "kw", "untargetable")
    def gear_destroy_on_win(self): return ("gear", "kw", ("self_destruct", "wins"))

    def gear_recross(self): return ("recross", "you", "one", ())
    def gear_on_attack(self, effects): return [("eff", "crossed_attacks", *e) for e in effects]
    def gear_on_destroyed(self, effects): return [("eff", "crossed_destroyed", *e) for e in effects]


def gear_only(ab: tuple) -> bool:
    """An ability that only a cross gear has: it speaks of "the crossed creature"."""
    return (ab[0] == "gear" or ab[0] == "pow" and ab[3] == "crossed"
            or ab[0] == "eff" and ab[1].startswith("crossed_") or ab[0] == "repl" and ab[2] == "crossed")


def only_on_gears(items: tuple | None, card) -> tuple | None:
    """The abilities of a line, or None when the line speaks of "the crossed creature" on a card
    that is not a cross gear (the data types Shining Defense as a spell although its text is a
    gear's): such a line is not understood rather than read as a spell's."""
    if items is None or card.type == "cross_gear" or not any(gear_only(ab) for ab in items):
        return items
    return None


def facts(c: int, ab: tuple) -> list:
    """The facts of a ("gear", ...) ability of card ``c`` (asp/duel_masters/gear.lp, grants.lp)."""
    if ab[1] == "trigger_cross":
        return [fact("s_trigger_cross", c)]
    if ab[1] == "kw":
        return [fact("gear_kw", c, term(ab[2]))]
    if ab[1] == "more_break":
        return [fact("gear_more", c)]
    return []  # the keyword "Cross Gear": the card type, played by gear.lp
