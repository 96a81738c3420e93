"""Combat keywords and card effects, read from the English text with a lark grammar.

``grammar/abilities.lark`` and the family files ``grammar/abilities_<family>.lark`` are the one
grammar of a line of Duel Masters text; ``_Reader`` (the core and the families' ``fx_<family>.Words``)
turns its parse tree into abilities.  A line either parses whole -- and every ability it states is
used -- or is reported as not understood; nothing is guessed from part of a line.  The summoning
abilities are ``("summon", ability)`` with the ability types of ``keywords.py`` (fx_summoning.py).

Abilities are tuples (the facts ``facts.py`` writes for asp/duel_masters/attack.lp, battle.lp
and triggers.lp):

* ``("kw", name, *args)``: blocker, breaker N, power_attacker N, speed_attacker, slayer,
  s_trigger, charger, no_attack, no_attack_players, no_attack_creatures, no_be_attacked,
  attack_untapped, attack_untapped_civ X, no_be_attacked_by X, civ_slayer X, unblockable FILTER,
  self_destruct battles|wins, reminder;
* ``("repl", ...)``: replacement effects ("... would be destroyed, ... instead": fx_replace.py);
* ``("eff", when, act, who, count, filters)``: when cast | enters | attacks | destroyed;
  act destroy | tap | bounce | to_mana | draw | mana | shield_add | mana_to_hand | discard |
  search; who opponent | you | any (relative to the card's owner); count one | may_one | all
  | up_to(N) | exactly(N) (for effects on cards: how many cards); filters a tuple of power_at_most(N), blocker,
  not_blocker, untapped, tapped, civ(X), civ_or(X,Y), not_civ(X), other.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

from lark import Lark, v_args
from lark.exceptions import LarkError

from oracle.duel_masters import (fx_battle, fx_board, fx_cards, fx_choosers, fx_conditions, fx_events, fx_gear,
                                 fx_outside, fx_power, fx_replace, fx_statics, fx_summoning, fx_verbs)
from oracle.duel_masters.cards import Card

# The effects a step of a line resolves (asp/duel_masters/resolve.lp: step_act/1, card_act/1).
STEP_RESOLVED = frozenset({"destroy", "tap", "bounce", "to_mana", "draw", "mana", "shield_add",
                           "mana_to_hand", "shield_burn", "look", "hand_to_mana", "mana_burn",
                           "shield_to_hand", "grave_to_hand", "grave_to_mana", "discard", "search",
                           "search_mana", "shield_to_mana", "buff", "hand_to_shield", "mana_to_shield",
                           "mana_tapped", "deck_to_grave", "reorder", "untap_mana", "to_shields", "to_deck",
                           "later", "must_attack", "blocked_slayer"})

# Continuous power modifiers, breakers and keywords a creature has from a card's ability (fx_power.py).
POWER_ITEMS = ("pow", "pow_breaker", "pow_kw", "pow_crew")
# Effects on creatures: the targets rule of asp/duel_masters/targets.lp resolves them everywhere.
CREATURE_ACTS = frozenset({"destroy", "tap", "bounce", "to_mana", "to_shields", "to_deck"})
# "Whenever this creature attacks" effects that only move the attacker's owner's own cards among
# hand, deck, mana zone, graveyard and own shields, or only look: once a line attacks it can only
# attack (no summon, no cast: timing.lp, spells.lp), and no attack rule reads those zones, so they
# provably change nothing the line can do (docs/duel-masters.md, "Card text coverage").
ATTACK_HARMLESS = frozenset({"draw", "mana", "mana_to_hand", "hand_to_mana", "look", "search",
                             "mana_burn", "shield_add", "shield_to_hand", "grave_to_hand",
                             "grave_to_mana", "search_mana", "mana_tapped", "mana_to_shield", "reorder", "later",
                             "must_attack"})
# The same of the attacker's owner only (``who`` "you"): its own shields to the graveyard and its
# own discards.  The opponent's discards too: no attack rule reads the opponent's hand (Ninja
# Strike is not modelled: the lethal answer says so), and a card the opponent loses never helps him.
_ATTACK_HARMLESS_WHO = frozenset({("shield_burn", "you"), ("discard", "you"), ("discard", "opponent")})
# "When this creature is destroyed" effects that move only its owner's cards among hand, deck and
# graveyard, or only look (not a discard: on the opponent's creature it would be ours).
DESTROYED_HARMLESS = frozenset({"draw", "grave_to_hand", "look", "search"})
# Effects on cards of "when this creature is destroyed" that a reply leaves unresolved: hands (no
# attack rule reads one), mana zones and shields (a reply that changes one while a rule reads it is
# assumed to stop the attack step: power.lp zone_moved/3, triggers.lp); in a step of our main step the
# opponent's such effect is not resolved and the step is refused (resolve.lp), our own creature's too.
# (One's own shield into one's hand, its S-Trigger not used, is one's shield to the graveyard for those rules.)
DESTROYED_REPLY = frozenset({"discard", "mana_burn", "mana_to_hand", "mana", "shield_burn", "shield_to_hand",
                             "grave_to_mana"})


def _attack_harmless(act: str, who: str) -> bool:
    """An effect of "whenever this creature attacks" that provably changes nothing (ATTACK_HARMLESS)."""
    return (act in ATTACK_HARMLESS and (who == "you" or act not in ("mana_burn", "mana_to_hand"))
            or (act, who) in _ATTACK_HARMLESS_WHO)


def played(ab: tuple) -> bool:
    """Whether the rules play an ability read from the text (or it provably changes nothing):
    coverage counts a card only when every ability of it is read and played."""
    if ab[0] == "granted":
        # Survivor / Turbo rush (fx_conditions.py): only an ability harmless on any creature
        inner = ab[2]
        # (an effect on creatures is played only for the creature whose own ability it is)
        return (inner[0] == "eff" and inner[1] == "attacks" and _attack_harmless(inner[2], inner[3])
                or inner[:2] in (("kw", "end_of_turn"), ("kw", "reminder")))
    if ab[0] in POWER_ITEMS or ab[0] in ("gear", "repl"):
        # asp/duel_masters/power.lp and battle.lp (fx_power.py); gear.lp, grants.lp (fx_gear.py);
        # replace.lp (fx_replace.py)
        return True
    if ab[0] in ("sum", "summon"):
        return True  # the summoning rules (cost.lp, evolution.lp, locks.lp, ...) read every one
    if ab[0] == "kw":
        # end_of_turn and must_attack bind at the end of the turn, which a line never reaches;
        # every other keyword is a fact the attack, battle or trigger rules read.
        return True
    when, act = ab[1], ab[2]
    if when not in ("cast", "enters", "tap_ability") and any(isinstance(f, tuple) and f[0] == "if" for f in ab[5]) \
            and when not in fx_events.SIDES and not (when == "attacks" and _attack_harmless(act, ab[3])):
        # conditions are looked at where a step resolves them (conditions.lp); an attack trigger that
        # changes nothing whatever its condition says needs none
        return False
    if act in CREATURE_ACTS and ab[4] in ("per", "up_to_per", "one_plus_per") and when not in ("cast", "enters"):
        return False  # a count on creatures is counted in a step only (counts.lp)
    if "opp_chooses" in ab[5] and when not in ("cast", "enters", "tap_ability"):
        return False  # the opponent's choice is played in a step only (choosers.lp)
    if when in fx_events.SIDES:
        return fx_events.played(when, act, ab[3], _attack_harmless, ab[5])
    if when in fx_events.WATCHED:
        return fx_events.watched_played(ab, STEP_RESOLVED, CREATURE_ACTS, _attack_harmless)
    if when == "lent_tap":
        # asp/duel_masters/lent_tap.lp: used before any attack as a step's effects; after an attack
        # only its effects on cards (its effects on creatures there are not modelled: refused)
        return act in STEP_RESOLVED
    if when in ("cast", "enters", "tap_ability"):
        # resolve.lp (and, for the opponent's S-Triggers, triggers.lp; tap abilities: tap.lp)
        return act in STEP_RESOLVED
    # Effects on creatures of "whenever this creature attacks" and "when this creature is
    # destroyed": asp/duel_masters/our_triggers.lp (ours) and triggers.lp (the opponent's creatures
    # destroyed in a battle).  Effects on cards: provably harmless during our attacks, as below.
    if when == "attacks":
        # (no_triggers: asp/duel_masters/trigger_locks.lp)
        return act in CREATURE_ACTS or act == "no_triggers" or _attack_harmless(act, ab[3])
    # A cross gear's trigger on its creature (fx_gear.py): its effects on cards resolve as our own
    # attack triggers' do (gear.lp); only the harmless ones are played, as for "destroyed" below.
    if when == "crossed_attacks":
        return _attack_harmless(act, ab[3])
    if when == "crossed_destroyed":
        # "cross this with one of your creatures": the opponent's reply during our attacks; ours is
        # declined there (a legal choice) and a step destroying our creature is not played (gear.lp)
        return act in DESTROYED_HARMLESS and (ab[3] == "you" or act == "look") or act == "recross"
    if when == "destroyed":
        # Only the hand, deck and graveyard of a player change, which no attack rule reads (nor
        # one of a line, for the opponent's cards); a step of our line that destroys our own such
        # creature is not played (resolve.lp), as it would not resolve the ability.
        return (act in CREATURE_ACTS or act in DESTROYED_HARMLESS and (ab[3] == "you" or act == "look")
                or act in DESTROYED_REPLY)
    return False


_REMINDER = re.compile(r"\s*\([^()]*\)\s*")


@lru_cache(maxsize=1)
def parser() -> Lark:
    # abilities.lark, then each family's grammar/abilities_<family>.lark (its rules %extend the core)
    folder = resources.files("oracle.duel_masters").joinpath("grammar")
    names = ["abilities.lark"] + sorted(f.name for f in folder.iterdir()
                                        if f.name.startswith("abilities_") and f.name.endswith(".lark"))
    text = "\n".join(folder.joinpath(n).read_text(encoding="utf-8") for n in names)
    return Lark(text, parser="earley", ambiguity="resolve", start=["start", "sum_trigger_head", "cond_wave_mark",
                                                               "out_silent_mark"])


def normal(line: str) -> str:
    """Lower case, reminder text removed, typographic quotes straightened, no final period."""
    low = line.strip().lower().replace("\u201c", '"').replace("\u201d", '"').replace("\u2019", "'")
    if not low.startswith("sympathy:"):  # the reminder of Sympathy carries its floor
        low = _REMINDER.sub(" ", low).strip()
    return re.sub(r"\s+", " ", low).rstrip(".").strip()


@v_args(inline=True)
class _Reader(fx_battle.Words, fx_board.Words, fx_cards.Words, fx_choosers.Words, fx_conditions.Words, fx_events.Words,
              fx_gear.Words, fx_outside.Words, fx_power.Words, fx_replace.Words, fx_statics.Words, fx_summoning.Words,
              fx_verbs.Words):
    """Parse tree -> list of ability tuples (see the module docstring)."""

    def line(self, items):
        return items if isinstance(items, list) else [items]

    def spell_effects(self, effects):
        return [("eff", "cast", *e) for e in effects]

    # keywords
    def blocker(self): return ("kw", "blocker")
    def double_breaker(self): return ("kw", "breaker", 2)
    def triple_breaker(self): return ("kw", "breaker", 3)
    def power_attacker(self, n): return ("kw", "power_attacker", int(n))
    def speed_attacker(self): return ("kw", "speed_attacker")
    def slayer(self): return ("kw", "slayer")
    def shield_trigger(self): return ("kw", "s_trigger")
    def charger(self): return ("kw", "charger")
    def stealth(self, civ): return ("kw", "unblockable", ("stealth", str(civ)))
    def reminder(self): return ("kw", "reminder")

    # static abilities
    def no_attack(self): return ("kw", "no_attack")
    def no_attack_players(self): return ("kw", "no_attack_players")
    def no_attack_creatures(self): return ("kw", "no_attack_creatures")
    def no_be_attacked(self): return ("kw", "no_be_attacked")
    def attack_untapped(self): return ("kw", "attack_untapped")
    def attack_untapped_civ(self, civ): return ("kw", "attack_untapped_civ", str(civ))
    def all_attack_untapped_multi(self): return ("kw", "all_attack_untapped_multi")
    def no_be_attacked_by(self, c1, c2): return [("kw", "no_be_attacked_by", str(c1)), ("kw", "no_be_attacked_by", str(c2))]
    def civ_slayer(self, c1, c2): return [("kw", "civ_slayer", str(c1)), ("kw", "civ_slayer", str(c2))]
    def unblockable_power_min(self, _any, _have, n): return ("kw", "unblockable", ("power_at_least", int(n)))
    def unblockable(self): return ("kw", "unblockable", "any")
    def unblockable_power(self, _any, _have, n): return ("kw", "unblockable", ("power_at_most", int(n)))
    def unblockable_civ(self, civ): return ("kw", "unblockable", ("civ", str(civ)))
    def unblockable_vs_creature(self): return ("kw", "unblockable", "attacking_creature")
    def destroy_after_battle(self): return ("kw", "self_destruct", "battles")
    def destroy_on_win(self): return ("kw", "self_destruct", "wins")
    def any_creature(self, *_): return None
    def tap_ability(self): return ("kw", "tap_ability")
    def untargetable(self): return ("kw", "untargetable")
    def untap_after_block(self): return ("kw", "untap_after_block")
    def must_block(self): return ("kw", "must_block")
    def end_untap(self): return ("kw", "end_of_turn", "untap")
    def end_return(self): return ("kw", "end_of_turn", "return")
    # Read as harmless: the obligation binds at the end of the attack step, which a line never
    # reaches (lines do not end the turn), and a win ends the game before it (docs/duel-masters.md).
    def must_attack(self): return ("kw", "must_attack")

    # triggers
    def on_enter(self, effects): return [("eff", "enters", *e) for e in effects]
    def on_attack(self, effects): return [("eff", "attacks", *e) for e in effects]
    def on_destroyed(self, effects): return [("eff", "destroyed", *e) for e in effects]
    def on_tap(self, effects): return [("eff", "tap_ability", *e) for e in effects]

    def effects(self, *items):
        # an effect body is a tuple; a sentence that states several is a list of them (fx_verbs.py)
        return [e for item in items for e in (item if isinstance(item, list) else [item])]

    def may(self): return None

    def may_effect(self, _may, e):
        if isinstance(e, list):  # "you may" over several effects at once: not read (a VisitError)
            raise ValueError("an optional group of effects")
        act, who, count, filters = e
        return (act, who, {"one": "may_one", "per": "up_to_per"}.get(count, count) if isinstance(count, str) else count,
                filters)

    # effect bodies: (act, who, count, filters)
    def destroy(self, count, who, filters): return ("destroy", who[0], count, who[1] + filters)
    def destroy_all(self, filters): return ("destroy", "any", "all", filters)
    def destroy_all_opp(self, filters): return ("destroy", "opponent", "all", filters)
    def destroy_all_civ(self, civ, filters): return ("destroy", "any", "all", (("civ", str(civ)),) + filters)
    def destroy_my_others(self): return ("destroy", "you", "all", ("other",))
    def destroy_all_except(self, civ): return ("destroy", "any", "all", (("not_civ", str(civ)),))
    def tap(self, count, who, filters, _them): return ("tap", who[0], count, who[1] + filters)
    def tap_all_opp(self, filters): return ("tap", "opponent", "all", filters)
    def tap_all_non_blockers(self, _q): return ("tap", "any", "all", ("not_blocker",))
    def bounce(self, count, who, filters, *_): return ("bounce", who[0], count, who[1] + filters)
    def bounce_all(self, filters): return ("bounce", "any", "all", filters)
    def bounce_all_others(self): return ("bounce", "any", "all", ("other",))
    def bounce_my_others(self): return ("bounce", "you", "all", ("other",))
    def to_mana(self, count, who, filters, *_): return ("to_mana", who[0], count, who[1] + filters)
    # effects on cards: the count is how many cards (asp/duel_masters/resolve.lp)
    def draw_one(self): return ("draw", "you", "one", ())
    def draw_n(self, n): return ("draw", "you", ("exactly", int(n)), ())
    def draw_up_to(self, n): return ("draw", "you", ("up_to", int(n)), ())
    def mana_boost(self): return ("mana", "you", "one", ())
    def mana_boost_n(self, n): return ("mana", "you", ("exactly", int(n)), ())
    def hand_to_mana(self, n): return ("hand_to_mana", "you", n, ())
    def mana_burn(self, n): return ("mana_burn", "you", n, ())
    def shield_to_hand(self, _q): return ("shield_to_hand", "you", "one", ())
    def opp_shield_burn(self): return ("shield_burn", "opponent", "one", ())
    def one_card(self, _one): return "one"
    def n_cards(self, n): return "one" if int(n) == 1 else ("exactly", int(n))
    def up_to_cards(self, n): return ("up_to", int(n))
    def shield_add(self): return ("shield_add", "you", "one", ())
    def mana_to_hand(self): return ("mana_to_hand", "you", "one", ())
    def discard_random(self): return ("discard", "opponent", "one", ())
    def look_shield(self): return ("look", "opponent", "one", ())
    # Looking moves no card; a line is a fixed sequence, so what it learns changes none of its steps.
    def look(self, *_): return ("look", "opponent", "one", ())
    def mana_to_hand_kind(self, kind): return ("mana_to_hand", "you", "one", (("kind", str(kind)),))
    def shield_burn(self): return ("shield_burn", "you", "one", ())
    def kind(self, k=None): return "card" if k is None else str(k)

    def count(self, one): return "one"
    def up_to(self, n): return ("up_to", int(n))
    def any_number(self): return ("up_to", 99)
    def theirs(self, _c): return ("opponent", ())
    def theirs_state(self, state, _c): return ("opponent", (str(state),))
    def anyone(self, _c): return ("any", ())
    def anyone_civs(self, c1, c2, _c): return ("any", (("civ_or", str(c1), str(c2)),))
    def theirs_civs(self, c1, c2, _c): return ("opponent", (("civ_or", str(c1), str(c2)),))
    def mine(self, _c): return ("you", ())

    def filters(self, *items): return tuple(items)
    def power_at_most(self, _have, n): return ("power_at_most", int(n))
    def has_blocker(self, _have, _q): return "blocker"
    def blocker_power(self, _have, _q, n): return ("blocker_power", int(n))


@lru_cache(maxsize=8192)
def read_line(line: str) -> tuple | None:
    """The abilities one line states, or None when the grammar does not read all of it."""
    text = normal(line)
    try:
        tree = parser().parse(text, start="start")
        # a transformer method refuses a reading it cannot represent (ValueError: a VisitError)
        out = _Reader().transform(tree)
    except LarkError:
        return None
    items = []
    for ab in out:
        if ab[0] == "eff":
            # "that has "blocker" and power N or less": two filters
            flt = []
            for f in ab[5]:
                flt += ["blocker", ("power_at_most", f[1])] if isinstance(f, tuple) and f[0] == "blocker_power" else [f]
            ab = (*ab[:5], tuple(flt))
        items.append(ab)
    return tuple(items)


# Effects on cards that pick among the cards of a zone (resolve.lp pick_from/3) see the zone as it
# was before the step; the zone each effect puts cards into.
_PICKS_FROM = {"hand_to_shield": "hand", "search": "deck", "search_mana": "deck", "mana_to_hand": "mana_zone", "hand_to_mana": "hand",
               "mana_burn": "mana_zone", "mana_to_shield": "mana_zone", "deck_to_grave": "deck",
               "discard": "hand", "grave_to_hand": "graveyard", "grave_to_mana": "graveyard",
               "shield_burn": "shields", "shield_to_hand": "shields", "shield_to_mana": "shields"}
_PUTS_INTO = {"hand_to_shield": "shields", "draw": "hand", "mana": "mana_zone", "shield_add": "shields", "mana_to_hand": "hand",
              "hand_to_mana": "mana_zone", "grave_to_hand": "hand", "grave_to_mana": "mana_zone",
              "discard": "graveyard", "mana_burn": "graveyard", "shield_burn": "graveyard",
              "shield_to_hand": "hand", "shield_to_mana": "mana_zone", "search": "hand", "search_mana": "mana_zone",
              "destroy": "graveyard", "mana_to_shield": "shields", "mana_tapped": "mana_zone", "deck_to_grave": "graveyard",
              "bounce": "hand", "to_mana": "mana_zone", "to_shields": "shields", "to_deck": "deck"}


def _own_name(items: tuple | None, card: Card) -> tuple | None:
    """The condition "if you have a NAME in your graveyard" is read for the card's own name only
    (fx_conditions.py), and so is "for each NAME in each graveyard" (fx_verbs.py); another name
    leaves the line not understood."""
    if items is None:
        return None
    out = []
    for ab in items:
        if ab[0] == "eff" and any(isinstance(f, tuple) and f[0] == "count" and any(g[0] == "named" for g in f[3]) for f in ab[5]):
            flt = []
            for f in ab[5]:
                if isinstance(f, tuple) and f[0] == "count":
                    sub = []
                    for g in f[3]:
                        if g[0] == "named":
                            if g[1] != normal(card.name):
                                return None
                            g = ("card_is", card.code)
                        sub.append(g)
                    f = (*f[:3], tuple(sub))
                flt.append(f)
            ab = (*ab[:5], tuple(flt))
        if ab[0] == "eff" and any(f[0] == "if" and f[1][0] == "named_in_graveyard" for f in ab[5] if isinstance(f, tuple)):
            flt = []
            for f in ab[5]:
                if isinstance(f, tuple) and f[0] == "if" and f[1][0] == "named_in_graveyard":
                    if f[1][1] != normal(card.name):
                        return None
                    f = ("if", ("self_in_graveyard",))
                flt.append(f)
            ab = (*ab[:5], tuple(flt))
        out.append(ab)
    return tuple(out)


def _phrases(items: tuple | None, card: Card, races: frozenset[str]) -> tuple | None:
    """A filter ("phrase", TEXT) read with the library (fx_cards.what); None if it names nothing."""
    if items is None:
        return None
    out = []
    for ab in items:
        if ab[0] == "eff" and any(isinstance(f, tuple) and f[0] == "phrase" for f in ab[5]):
            flt = []
            for f in ab[5]:
                if isinstance(f, tuple) and f[0] == "phrase":
                    read_as = fx_cards.what(f[1], card, races)
                    if read_as is None:
                        return None
                    flt += list(read_as)
                else:
                    flt.append(f)
            ab = (*ab[:5], tuple(flt))
        out.append(ab)
    return tuple(out)


def _picks_what_was_filled(items: tuple, filled: dict) -> bool:
    """Whether an effect of these abilities picks from a zone an earlier effect of the same trigger
    filled ("draw up to 2 cards. then discard 2 cards from your hand"): resolve.lp picks among the
    cards there before the step, so such a line is not read rather than played wrong.  Records
    the zones these effects fill."""
    for ab in items:
        if ab[0] == "eff":
            if _PICKS_FROM.get(ab[2], "-") in filled.get(ab[1], ()):
                return True
            if ab[2] in _PUTS_INTO:  # (tap, buff: no zone is filled)
                filled.setdefault(ab[1], set()).add(_PUTS_INTO[ab[2]])
    return False


@dataclass
class Reading:
    abilities: list = field(default_factory=list)
    unsupported: list[str] = field(default_factory=list)


@lru_cache(maxsize=4096)
def read(card: Card, races: frozenset[str]) -> Reading:
    """Every line of a card: its summoning and combat abilities and effects, and the lines the
    grammar does not understand."""
    out = Reading()
    filled: dict[str, set] = {}  # per trigger: the zones earlier effects of the card put cards into
    for line in card.text.split("\n"):
        if not line.strip():
            continue
        items = fx_gear.only_on_gears(fx_replace.resolve(fx_events.resolve(fx_verbs.resolve(
            _power(_summoning(_phrases(_own_name(read_line(line), card), card, races), card, races), card, races),
            races), races), races), card)
        head = trigger_head(line)
        if head is not None and not (items and any(a == ("summon", head) for a in items)):
            # the card reacts to this event (events.lp reports it), whether or not its effect is read
            out.abilities.append(("summon", head))
        if items is not None and not _picks_what_was_filled(items, filled):
            out.abilities += [a for a in items if a[:2] != ("kw", "reminder")]
            continue
        out.unsupported.append(line.strip())
    return out


@lru_cache(maxsize=8192)
def trigger_head(line: str):
    """The event a line's trigger reacts to (keywords.Trigger), read by the grammar's
    sum_trigger_head, or None."""
    try:
        tree = parser().parse(normal(line), start="sum_trigger_head")
    except LarkError:
        return None
    return _Reader().transform(tree)[2]


def has_wave_striker(card: Card) -> bool:
    """Whether a line of the card gives it Wave striker (grammar: cond_wave_mark)."""
    return any(_marked(line, "cond_wave_mark") for line in card.text.split("\n") if line.strip())


def has_silent_skill(card: Card) -> bool:
    """Whether a line of the card is a Silent skill ability (grammar: out_silent_mark), whether or not
    the ability is read: what "each of your creatures that has "silent skill"" names."""
    return any(_marked(line, "out_silent_mark") for line in card.text.split("\n") if line.strip())


@lru_cache(maxsize=8192)
def _marked(line: str, start: str) -> bool:
    try:
        parser().parse(normal(line), start=start)
    except LarkError:
        return False
    return True


def _summoning(items: tuple | None, card: Card, races: frozenset[str]) -> tuple | None:
    """The summoning items of a line read with the library (fx_summoning.resolve); None if a
    phrase names no race or card of it."""
    if items is None:
        return None
    out = []
    for ab in items:
        if ab[0] == "sum":
            ab = fx_summoning.resolve(ab, card, races)
            if ab is None:
                return None
        out.append(ab)
    return tuple(out)


def _power(items: tuple | None, card: Card, races: frozenset[str]) -> tuple | None:
    """The power modifiers of a line with their race phrases read (fx_power.resolve); None if a
    phrase names no race of the library.  (A card printed with power 0, Terradragon Anrist Vhal, has
    power 0 while nothing is counted: power_zero.lp reports it, card_facts marks it.)"""
    if items is None:
        return None
    out = []
    for ab in items:
        if ab[0] in POWER_ITEMS:
            ab = fx_power.resolve(ab, races)
            if ab is None:
                return None
        out.append(ab)
    return tuple(out)


def lowered(card: Card, abilities) -> bool:
    """Whether a creature's power may fall to 0 or less by its own abilities: printed power 0 with a
    modifier, or a modifier that lowers it (asp/duel_masters/power_zero.lp reports it)."""
    return card.is_creature and any(ab[0] == "pow" and (ab[1] < 0 or not (card.power_value or 0) > 0)
                                    for ab in abilities)


def understood(card: Card, races: frozenset[str]) -> bool:
    return not read(card, races).unsupported


def _term(value):
    from oracle.terms import term

    return term(value)


def card_facts(card: Card, races: frozenset[str]) -> list:
    """The facts of ``card``'s combat abilities and effects (asp/duel_masters/attack.lp, battle.lp,
    triggers.lp, spells.lp).  An S-Trigger card or a spell with a line not understood gets the effect
    ``unknown``: the rules then assume it stops the attack step instead of guessing it harmless, and
    do not let it be cast from the hand."""
    from oracle.terms import fact

    c = card.code
    reading = read(card, races)
    out, e, m, r = [], 0, 0, 0
    for ab in reading.abilities:
        if ab[0] in ("summon", "granted"):
            continue  # facts.py writes the summoning abilities; a granted one is harmless or not played
        if ab[0] in POWER_ITEMS:
            m += 1
            out += fx_power.facts(c, m, ab)
            continue
        if ab[0] == "gear":
            out += fx_gear.facts(c, ab)
            continue
        if ab[0] == "repl":
            r += 1
            out += fx_replace.facts(c, r, ab)
            continue
        if ab[0] == "kw":
            name, *args = ab[1:]
            out.append(fact(name, c, *(_term(a) for a in args)))
        else:
            e += 1
            _, when, act, who, count, filters = ab
            out.append(fact("ab", c, e, when, act, who, _term(count)))
            # a condition of the effect (fx_conditions.py) is no target filter: ab_cond/3
            # a grant of "... until the end of the turn" (fx_power.py) is no target filter: ab_buff/3
            # what "for each ..." counts (fx_verbs.py) is no target filter either: ab_cnt/4, ab_cnt_filter/3
            for f in filters:
                if isinstance(f, tuple) and f[0] == "count":
                    out.append(fact("ab_cnt", c, e, f[1], f[2]))
                    out += [fact("ab_cnt_filter", c, e, _term(g)) for g in f[3]]
            out += [fact("ab_cond", c, e, _term(f[1])) if isinstance(f, tuple) and f[0] == "if"
                    else fact("ab_buff", c, e, _term(f[1])) if isinstance(f, tuple) and f[0] == "grant"
                    else fact("ab_watch", c, e, _term(f[1])) if isinstance(f, tuple) and f[0] == "watch"
                    else fact("ab_lend", c, e, _term(f[1])) if isinstance(f, tuple) and f[0] == "lend"
                    else fact("ab_filter", c, e, _term(f)) for f in filters if not (isinstance(f, tuple) and f[0] == "count")]
    if lowered(card, reading.abilities):
        out.append(fact("pm_lower", c))  # power_zero.lp reports a power of 0 or less
    if has_wave_striker(card):
        out.append(fact("wave_striker", c))  # conditions.lp counts them
    if has_silent_skill(card):
        out.append(fact("silent_skill", c))  # a lord's filter has_silent_skill (power.lp)
    # A spell not understood cannot be cast from the hand either (asp/duel_masters/spells.lp).
    if reading.unsupported and (card.type == "spell" or any(a[:2] in (("kw", "s_trigger"), ("gear", "trigger_cross"))
                                                             for a in reading.abilities)):
        out.append(fact("ab", c, 0, "cast" if not card.is_creature else "enters", "unknown", "any", "all"))
    return out
