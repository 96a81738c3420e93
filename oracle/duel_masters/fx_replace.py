"""Family "replace": the transformer of grammar/abilities_replace.lark -- replacement effects.

A line gives ("repl", EVENT, SCOPE, ALT, OPT, FILTERS), played by asp/duel_masters/replace.lp:

* EVENT: destroyed (a creature would be destroyed, or put into its owner's graveyard from the battle
  zone: in the pack only a destruction does that) | broken (one of the card owner's shields would be
  broken) | breaks (this creature would break a shield);
* SCOPE, whose event it replaces: self (this creature) | crossed (the creature a cross gear is
  crossed with) | yours (each of the card owner's creatures that every filter fits: savers,
  "another of your nature creatures"; for broken, the owner's shields) | anyone (every creature
  the filters fit: "another creature") | turn (a spell's effect for the rest of the turn: each of
  the caster's creatures);
* ALT, what happens instead: ("to", ZONE) -- the creature goes to the hand, the mana zone, the
  shields (face down) or the deck (shuffled), the broken shield to the graveyard -- | stay (it
  stays in the battle zone) | saver (this creature is destroyed instead);
* OPT: must | may ("you may": the choice of the card's owner);
* FILTERS: other (not this card's creature), civ(X), race(R) (("repl_race", PHRASE) until
  ``resolve`` reads the phrase with the library's races).

"Saver: Cross Gear" ("when one of your Cross Gears would be destroyed, you may destroy this creature
instead") is read as harmless: no card of the library destroys a cross gear (the effects that
remove one put it into the graveyard or return it to the hand).
"""
from __future__ import annotations

from lark import Transformer, v_args

from oracle.duel_masters import fx_power
from oracle.terms import fact


def _opt(items) -> str:
    return "may" if any(str(i) == "you may" for i in items) else "must"


def _alt(items) -> tuple:
    return next(i for i in items if isinstance(i, tuple))


@v_args(inline=True)
class Words(Transformer):
    """Transformer methods of the family (a base of effects._Reader)."""

    def repl_self(self, *items): return ("repl", "destroyed", "self", _alt(items), _opt(items), ())
    def repl_crossed(self, *items): return ("repl", "destroyed", "crossed", _alt(items), _opt(items), ())
    def repl_saver_all(self): return ("repl", "destroyed", "yours", "saver", "may", ("other",))
    def repl_saver_gear(self): return ("kw", "reminder")
    def repl_saver(self, phrase): return ("repl", "destroyed", "yours", "saver", "may", (("repl_race", str(phrase)), "other"))
    def repl_shield_saver(self): return ("repl", "broken", "yours", "saver", "may", ())
    def repl_break_burn(self): return ("repl", "breaks", "self", ("to", "graveyard"), "must", ())
    def repl_lord_civ(self, civ, *items):
        return ("repl", "destroyed", "yours", _alt(items), _opt(items), (("civ", str(civ)), "other"))
    def repl_others_stay(self): return ("repl", "destroyed", "anyone", "stay", "must", ("other",))
    def repl_this_turn(self, alt): return [("repl", "destroyed", "turn", alt, "must", ())]  # a whole line

    def repl_hand(self): return ("to", "hand")
    def repl_mana(self): return ("to", "mana_zone")
    def repl_shields(self): return ("to", "shields")
    def repl_deck(self): return ("to", "deck")


def survivor(ab: tuple) -> tuple | None:
    """A Survivor replacement ("each of your Survivors has this creature's Survivor ability"): the
    same replacement for each of your Survivors, this one included; None for any other ability."""
    if ab[0] == "repl" and ab[2] == "self":
        return ("repl", ab[1], "yours", ab[3], ab[4], (("repl_race", "survivor"),))
    return None


def resolve(items: tuple | None, races: frozenset[str]) -> tuple | None:
    """The abilities of a line with the race phrases of replacements read as race(RACE); None if one
    names no race of the library."""
    if items is None:
        return None
    lower = {r.lower(): r for r in races}
    out = []
    for ab in items:
        if ab[0] == "repl":
            flt = fx_power.race_filters(ab[5], lower, "repl_race")
            if flt is None:
                return None
            ab = (*ab[:5], flt)
        out.append(ab)
    return tuple(out)


def facts(c: int, k: int, ab: tuple) -> list:
    """The facts of replacement ``k`` of card ``c`` (asp/duel_masters/replace.lp)."""
    _, event, scope, alt, opt, filters = ab
    return [fact("repl", c, k, event, scope, alt, opt)] + [fact("repl_filter", c, k, f) for f in filters]
