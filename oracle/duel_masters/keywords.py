"""What a card's English text says about summoning: the abilities the summoning rules use.

Every ability is a small frozen dataclass, read from the text by the one grammar of card text
(grammar/abilities_summoning.lark, fx_summoning.py, through effects.read).  A line that talks
about summoning, costs, evolution or entering the battle zone but is not understood is reported
in ``Abilities.unsupported``: the oracle then ignores that line, and says so, rather than guess.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from oracle.duel_masters.cards import Card

# ---------------------------------------------------------------- abilities

# A creature filter is a tuple: ("any",), ("civ", c), ("not_civ", c), ("race", name),
# ("race_word", word) -- a word of a race, e.g. "Dragon" in "Armored Dragon" but not in
# "Dragonoid" --, ("name", card name), ("non_evolution",), ("cost_at_most_mana",).


@dataclass(frozen=True)
class ShieldTrigger:
    """Summon for no cost when put into the hand from the shield zone (113.6)."""


@dataclass(frozen=True)
class NinjaStrike:
    mana: int  # cards needed in the mana zone


@dataclass(frozen=True)
class GravityZero:
    condition: tuple  # ("all_civilizations_in_battle_zone",) or ("hand_at_least", N)


@dataclass(frozen=True)
class Evolution:
    groups: tuple  # one filter tuple per creature it must be put on (2 for Vortex)


@dataclass(frozen=True)
class SummonLock:
    who: str  # "all", "you", "opponent": whose summons are forbidden
    filter: tuple  # which creatures can't be summoned


@dataclass(frozen=True)
class CannotBeSummoned:
    """This creature can't be summoned at all."""


@dataclass(frozen=True)
class SummonOnlyIf:
    condition: str  # "spell_cast_this_turn"


@dataclass(frozen=True)
class Sympathy:
    races: tuple  # each of your creatures of these races reduces the cost by 1
    floor: int


@dataclass(frozen=True)
class CostChange:
    """A static ability of a creature in the battle zone changing summoning costs."""

    who: str  # whose creatures: "you" (its controller), "opponent", "all"
    filter: tuple
    delta: int  # negative: reduction
    floor: int  # 0 when it states none (increases)
    up_to: bool = False  # "up to N less": the player chooses 0..N
    spells: bool = False  # it changes the cost of casting spells, not of summoning creatures


@dataclass(frozen=True)
class CastLock:
    """A static ability of a creature in the battle zone: players can't cast spells other than ..."""

    who: str
    filter: tuple  # the spells that may still be cast are those NOT matching it


@dataclass(frozen=True)
class CastOnlyIf:
    """"You can cast this spell only if ...": the condition, relative to the caster."""

    condition: str  # "mana_all_civ(X)" as ("mana_all_civ", X), or ("more_shields", "opponent")


@dataclass(frozen=True)
class NextSummonReduction:
    """A lasting effect of a spell this turn: the next creature you summon costs less."""

    amount: int
    floor: int


@dataclass(frozen=True)
class SummonFrom:
    zone: str  # "mana_zone", "graveyard", "hyperspatial_zone", "deck" (top card)
    free: bool  # "for no cost" / "without paying its cost"


@dataclass(frozen=True)
class PutIntoBattleZone:
    """A resolving effect that puts (not summons) a creature into the battle zone."""

    zone: str
    filters: tuple  # all must hold
    tapped: bool = False


@dataclass(frozen=True)
class RevengeChance:
    """At the end of a turn, summon this creature from the hand for no cost if ``condition``."""

    whose: str  # "each": every player's turn; "opponent": only the opponent's turns
    condition: tuple  # ("opponent_put_at_least", N) or ("opponent_creature_at_least", cost, power)


@dataclass(frozen=True)
class GrSummon:
    """When it resolves: summon the top card of your super GR zone as if its cost were paid."""


@dataclass(frozen=True)
class Trigger:
    event: str  # "self_enters", "other_enters", "opponent_summons"


@dataclass
class Abilities:
    items: list = field(default_factory=list)
    unsupported: list[str] = field(default_factory=list)

    def of(self, kind: type) -> list:
        return [a for a in self.items if isinstance(a, kind)]


# ---------------------------------------------------------------- reading

# Lines that talk about summoning, costs, evolution or entering: those not understood are
# reported (``Abilities.unsupported``, ``oracle plays --explain``).  A filter of the report only:
# the abilities are read by the grammar (effects.read, grammar/abilities_summoning.lark).
_RELEVANT = re.compile(
    r"summon|costs? \d+ (?:more|less)|cost (?:up to )?\d+ (?:more|less)|evolution|"
    r"into the battle zone|shield trigger|ninja strike|gravity zero|revenge chance|"
    r"without paying|gr summon", re.IGNORECASE)


def parse(card: Card, races: frozenset[str]) -> Abilities:
    """All abilities of ``card`` that concern summoning (read by the grammar: effects.read), and
    the lines about summoning not understood."""
    from oracle.duel_masters import effects

    reading = effects.read(card, races)
    found = Abilities()
    for ab in reading.abilities:
        if ab[0] == "summon":
            found.items.append(ab[1])
        elif ab[:2] == ("kw", "s_trigger") and card.is_creature:
            found.items.append(ShieldTrigger())  # a spell's S-Trigger casts it: triggers.lp, spells.lp
    # A trigger whose effect is not read is reported as a trigger (events.lp triggered/3), not here.
    found.unsupported = [line for line in reading.unsupported if _RELEVANT.search(line) and not _irrelevant(line)
                         and effects.trigger_head(line) is None]
    return found


def _irrelevant(line: str) -> bool:
    """Lines that mention a relevant word but do not bear on summoning (reminders, spells)."""
    low = line.lower()
    return bool(
        re.match(r"\(this creature is put into your mana zone tapped\.\)", low)
        or re.search(r"spells? (each )?costs? \d+ (more|less) to cast", low) and "creature" not in low
        or re.match(r"speed attacker", low)
        or low.startswith("cross gear (put this card into the battle zone")
        or "summoning sickness" in low
    )


@lru_cache(maxsize=4096)
def _cached(card: Card, races: frozenset[str]) -> Abilities:
    return parse(card, races)


def abilities(card: Card, races: frozenset[str]) -> Abilities:
    return _cached(card, races)
