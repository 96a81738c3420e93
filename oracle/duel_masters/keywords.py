"""What a card's English text says about summoning, read with explicit patterns.

Every ability the rules use is a small frozen dataclass.  A line of text that talks about
summoning, costs, evolution or entering the battle zone but matches no pattern is reported in
``Abilities.unsupported``: the oracle then ignores that line, and says so, rather than guess.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from oracle.duel_masters.cards import CIVILIZATIONS, Card

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


# ---------------------------------------------------------------- patterns

_ZONES = {"mana zone": "mana_zone", "graveyard": "graveyard", "hand": "hand",
          "hyperspatial zone": "hyperspatial_zone", "deck": "deck"}
_RELEVANT = re.compile(
    r"summon|costs? \d+ (?:more|less)|cost (?:up to )?\d+ (?:more|less)|evolution|"
    r"into the battle zone|shield trigger|ninja strike|gravity zero|revenge chance|"
    r"without paying|gr summon", re.IGNORECASE)


def _civ_filter(words: str) -> tuple | None:
    """'Non-Darkness' -> ('not_civ','darkness'); 'light' -> ('civ','light')."""
    w = words.strip().lower()
    if w.startswith("non-") and w[4:] in CIVILIZATIONS:
        return ("not_civ", w[4:])
    return ("civ", w) if w in CIVILIZATIONS else None


def _race_phrase(phrase: str, races: frozenset[str]) -> tuple | None:
    """'Armored Dragons' / 'Cyber Viruses' / 'creatures that has Dragon in its race'.

    Plurals are matched against the races of the data only, so a misspelt race in the text
    ("Horn Beasts" for Horned Beast) stays unsupported instead of being guessed.
    """
    phrase = phrase.strip().rstrip(".")
    m = re.fullmatch(r"creatures? that ha(?:s|ve) (\w+) in (?:its|their) race", phrase)
    if m:
        return ("race_word", m.group(1))
    for stem in (phrase[:-2] if phrase.endswith("es") else None,
                 phrase[:-1] if phrase.endswith("s") else None, phrase):
        if stem in races:
            return ("race", stem)
    return None


def _line_abilities(line: str, card: Card, races: frozenset[str]) -> list | None:
    """The abilities one line states, or None when the line is not understood."""
    text = line.strip()
    low = text.lower()
    if re.match(r"shield trigger\b(?! cross)", low):
        return [ShieldTrigger()] if card.is_creature else []  # spells are cast, not summoned
    m = re.match(r"ninja strike (\d+)", low)
    if m:
        return [NinjaStrike(int(m.group(1)))]
    m = re.match(r"gravity zero\W+if (.+?), you may summon this creature for no cost\.?$", low)
    if m:
        cond = m.group(1)
        if cond == "you have cards of all 5 civilizations in the battle zone":
            return [GravityZero(("all_civilizations_in_battle_zone",))]
        c = re.fullmatch(r"a player has (\d+) or more cards in their hand", cond)
        if c:
            return [GravityZero(("hand_at_least", int(c.group(1))))]
        return None
    m = re.match(r"revenge chance\W+at the end of (each player's turn|each of your opponent's turns), "
                 r"if (.+?), you may summon this creature for no cost\.?$", low)
    if m:
        cond = _revenge_condition(m.group(2))
        whose = "each" if m.group(1) == "each player's turn" else "opponent"
        return None if cond is None else [RevengeChance(whose, cond)]
    m = re.fullmatch(r"(when you put this creature into the battle zone, )?gr summon\.?(?: \(.*\))?", low)
    if m:
        return ([Trigger("self_enters")] if m.group(1) else []) + [GrSummon()]
    m = re.match(r"(vortex )?evolution\W+put on (.+?)(?:\.|$)", low)
    if m:
        body = text[m.start(2):m.end(2)]
        rest = text[m.end():].strip()
        if rest:  # another ability printed on the same line ("... Double breaker ...")
            more = _line_abilities(rest, card, races)
            if more is None and _RELEVANT.search(rest):
                return None
            tail = more or []
        else:
            tail = []
        parts = re.split(r" and one of your ", re.sub(r"^one of your ", "", body, flags=re.IGNORECASE))
        if not m.group(1):
            parts = re.split(r" or ", parts[0]) if " or " in parts[0] else parts
            alts = [_race_phrase(p, races) for p in parts]
            if None in alts:
                return None
            # "Gladiators or Earth Eaters": one base matching either race.
            return [Evolution((("any_of",) + tuple(alts),))] + tail
        groups = [_race_phrase(p, races) for p in parts]
        return None if None in groups else [Evolution(tuple(groups))] + tail
    m = re.match(r"sympathy: (.+?) \(this creature costs 1 less to summon for each of your .+? "
                 r"creatures in the battle zone\. it can't cost less than (\d+)\.\)$", low)
    if m:
        names = [n.strip() for n in re.split(r",| and ", text[len("Sympathy: "):text.index(" (")])]
        if any(n not in races for n in names if n):
            return None
        return [Sympathy(tuple(n for n in names if n), int(m.group(2)))]
    if low == "you can summon this creature only if you have cast a spell this turn.":
        return [SummonOnlyIf("spell_cast_this_turn")]
    if low in ("this creature can't be summoned.", "you can't summon this creature."):
        return [CannotBeSummoned()]
    m = re.match(r"players can't summon creatures other than (\w+) creatures", low)
    if m and _civ_filter(m.group(1)):
        lock = [SummonLock("all", ("not_civ", m.group(1)))]
        rest = low[m.end():]
        # the spell half of the sentence ("or cast spells other than ...") does not concern us
        return lock if rest.startswith(" or cast spells") or rest in ("", ".") else None
    m = re.fullmatch(r"(your opponent|players|you) can't summon creatures\.", low)
    if m:
        who = {"your opponent": "opponent", "players": "all", "you": "you"}[m.group(1)]
        return [SummonLock(who, ("any",))]
    m = re.match(r"each ([\w-]+) creature costs (\d+) more to summon", low) or \
        re.match(r"([\w-]+) creatures cost (\d+) more to summon", low)
    if m and _civ_filter(m.group(1)):
        return [CostChange("all", _civ_filter(m.group(1)), int(m.group(2)), 0)]
    m = re.fullmatch(r"your creatures each cost (\d+) less to summon\. they can't cost less than (\d+)\.", low)
    if m:
        return [CostChange("you", ("any",), -int(m.group(1)), int(m.group(2)))]
    m = re.fullmatch(r"your creatures and your opponent's creatures each cost up to (\d+) less to "
                     r"summon\. they can't cost less than (\d+)\.", low)
    if m:
        return [CostChange("all", ("any",), -int(m.group(1)), int(m.group(2)), up_to=True)]
    m = re.fullmatch(r"your creatures that have (\w+) in their race each cost (\d+) less to summon\. "
                     r"\((\w+)s don't count\.\) they can't cost less than (\d+)\.", low)
    if m:
        return [CostChange("you", ("race_word", text.split(" ")[4]), -int(m.group(2)), int(m.group(4)))]
    m = re.fullmatch(r"this turn, the next creature you summon may cost up to (\d+) less\. "
                     r"it can't cost less than (\d+)\.", low)
    if m:
        return [NextSummonReduction(int(m.group(1)), int(m.group(2)))]
    m = re.fullmatch(r"you may summon this creature from your (mana zone|graveyard|hyperspatial zone)"
                     r"( for no cost| without paying its cost)?\.", low) or \
        re.fullmatch(r"you may summon this creature from the top of your (deck)"
                     r"( for no cost| without paying its cost)?\.", low)
    if m:
        return [SummonFrom(_ZONES[m.group(1)], bool(m.group(2)))]
    put = _put_ability(text, races, card)
    if put is not None:
        # "When you put this creature into the battle zone, you may put ...": both a trigger
        # of this creature and, when it resolves, a put ability.
        if low.startswith("when you put this creature into the battle zone"):
            return [Trigger("self_enters")] + put
        return put
    if re.match(r"when you put this creature into the battle zone, ", low):
        return [Trigger("self_enters")]
    if re.match(r"whenever another creature is put into the battle zone, ", low):
        return [Trigger("other_enters")]
    if re.match(r"whenever your opponent summons a creature", low):
        return [Trigger("opponent_summons")]
    return None


def _revenge_condition(cond: str) -> tuple | None:
    """The Revenge Chance conditions this pack can check; anything else stays unsupported."""
    m = re.fullmatch(r"your opponent put (\d+) or more creatures into the battle zone that turn", cond)
    if m:
        return ("opponent_put_at_least", int(m.group(1)))
    m = re.fullmatch(r"your opponent has a creature in the battle zone that costs (\d+) or more or "
                     r"has (\d+) power or more", cond)
    if m:
        return ("opponent_creature_at_least", int(m.group(1)), int(m.group(2)))
    return None


def _put_ability(text: str, races: frozenset[str], card: Card) -> list | None:
    low = text.lower()
    m = re.search(r"put an? (non-evolution )?(.+?) from your (mana zone|hand|graveyard) into the "
                  r"battle zone( tapped)?\.", low)
    if m:
        what = text[m.start(2): m.end(2)]
        # "an Obsidian Scarab" on Obsidian Scarab: a copy of the card itself, by name.
        filt = (("name", what),) if what == card.name else _creature_noun(what, races)
        if filt is None:
            return None
        filters = ((("non_evolution",),) if m.group(1) else ()) + filt
        return [PutIntoBattleZone(_ZONES[m.group(3)], filters, bool(m.group(4)))]
    m = re.search(r"choose an? ([A-Z][\w' ,-]+?) in your (mana zone|hand) and put it into the battle zone", text)
    if m:
        return [PutIntoBattleZone(_ZONES[m.group(2)], (("name", m.group(1)),))]
    if re.search(r"choose a creature in your hand that costs the same as or less than the number of "
                 r"cards in your mana zone and put it into the battle zone", low):
        return [PutIntoBattleZone("hand", (("cost_at_most_mana",),))]
    return None


def _creature_noun(what: str, races: frozenset[str]) -> tuple | None:
    low = what.lower()
    if low == "creature":
        return (("any",),)
    m = re.fullmatch(r"creature that has (\w+) in its race", low)
    if m:
        return (("race_word", what.split(" ")[3]),)
    if what in races:
        return (("race", what),)
    if what.split(" ")[-1] in {w for r in races for w in r.split(" ")}:
        return (("race_word", what),) if " " not in what else None
    return None


def parse(card: Card, races: frozenset[str]) -> Abilities:
    """All abilities of ``card`` that concern summoning, and the lines not understood."""
    found = Abilities()
    for line in card.text.split("\n"):
        if not line.strip():
            continue
        items = _line_abilities(line, card, races)
        if items is None:
            if _RELEVANT.search(line) and not _irrelevant(line):
                found.unsupported.append(line.strip())
            continue
        found.items.extend(items)
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
