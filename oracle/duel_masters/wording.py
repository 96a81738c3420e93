"""fail/2 reasons of the Duel Masters pack, in plain words (one sentence per reason).

The rules decide what is broken: every rule of asp/duel_masters writes its check as
``fail(t,Reason)`` and the relaxed program of a checked line returns the fewest broken rules of a
step.  This module only words a reason term, reading names and numbers from the term and, where
the sentence needs more (a card's civilizations, where a card is, an evolution's base filter),
from the atoms of the same model.  It decides no rule itself.

``SENTENCES`` has one entry per reason name; tests/test_dm_lines.py checks that every
``fail(t,Name...)`` written in asp/duel_masters has one.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable

import clingo

from oracle import wording
from oracle.duel_masters.position import Position

ZONE_WORDS = {"hand": "hand", "mana_zone": "mana zone", "battle_zone": "battle zone", "shields": "shield zone",
              "graveyard": "graveyard", "deck": "deck", "hyperspatial_zone": "hyperspatial zone",
              "gr_zone": "super GR zone"}
STEP_WORDS = {"charge": "charge step", "main": "main step", "shield_break": "shield break",
              "attack": "attack step", "block": "block step", "end": "end step"}
METHOD_WORDS = {
    "from_zone": "its own ability from that zone (only in your main step, from the zone its text names)",
    "gravity_zero": "G-Zero (only in your main step, from your hand, when its G-Zero condition holds)",
    "shield_trigger": "S-Trigger (only while its own shield is being broken, for a creature with Shield Trigger)",
    "ninja_strike": "Ninja Strike (only when an opposing creature attacks or blocks, from your hand, "
                    "with at least as many cards in your mana zone as its Ninja Strike number, once per attack)",
    "revenge_chance": "Revenge Chance (only at the end of a turn, from your hand, when its condition holds)",
    "gr_summon": "GR summon (only the top card of your super GR zone, while an effect that GR summons resolves)",
}


class Context(wording.Context):
    """The atoms of the explaining model, with Duel Masters names (cards by instance) and zones."""

    position: Position

    def name(self, i) -> str:
        if isinstance(i, int) and 1 <= i <= len(self.position.instances):
            return self.position.by_iid(i).card.name
        return str(i)

    def card(self, i):
        return self.position.by_iid(i).card

    def zone(self, i: int) -> str:
        for a in self.find("at", i):
            if a[2] == self.step - 1:
                return ZONE_WORDS.get(a[1], a[1])
        return "?"

    def card_name(self, code: int) -> str:
        card = self.position.library.by_code.get(code)
        return card.name if card else str(code)

    def subject(self) -> int | None:
        for a in self.find("did", self.step):
            return a[2]
        return None

    def payment(self) -> str:
        pays = self.find("pays", None, None, self.step)
        return ", ".join(f"{self.name(m)} pays {civ(x)}" for m, x, _ in sorted(pays)) or "nothing"


def civ(x: str) -> str:
    return str(x).capitalize()


def filter_words(c: Context, f) -> str:
    """A creature filter term (input.lp) in words."""
    if f == "any":
        return "creatures"
    if f == "non_evolution":
        return "non-evolution creatures"
    if isinstance(f, tuple):
        kind, arg = f[0], f[1]
        if kind == "civ":
            return f"{civ(arg)} creatures"
        if kind == "not_civ":
            return f"creatures other than {civ(arg)} creatures"
        if kind == "race":
            return f"a {arg}"
        if kind == "race_word":
            return f"a creature with {arg} in its race"
        if kind == "card":
            return c.card_name(arg)
    return str(f)


def _locked(c: Context, i: int, why) -> str:
    name = c.name(i)
    if why == "own_text":
        return f"summon lock: {name} cannot be summoned (its own text says so)"
    if why == "no_spell_cast":
        return f"summon lock: {name} can be summoned only if you have cast a spell this turn, and you have cast none"
    locker = c.name(why)
    code = c.card(why).code
    what = [filter_words(c, f) for (cl, _who, f) in c.find("lock", code)]
    rule = f" (it forbids summoning {' and '.join(what)})" if what else ""
    return f"summon lock: {locker} in the battle zone{rule}; {name} cannot be summoned"


def _no_base(c: Context, i: int, g: int) -> str:
    code = c.card(i).code
    alts = [filter_words(c, f) for (_c, _g, _a, f) in sorted(c.find("evo_alt", code, g))]
    need = " or ".join(alts) if alts else "a suitable creature"
    return (f"{c.name(i)} is an evolution creature: it goes on {need} in your battle zone, "
            f"and you have none there")


def _short(c: Context, i: int, n: int, a: int) -> str:
    return (f"not enough untapped mana: {c.name(i)} costs {n}, "
            f"your untapped mana cards give {a}")


def _civ_not_paid(c: Context, i: int, x: str) -> str:
    return (f"{civ(x)} is not paid for {c.name(i)}: each tapped card gives mana of one civilization "
            f"only, and none is left for {civ(x)} ({c.payment()})")


def _no_window(c: Context, i: int, m: str) -> str:
    return f"{c.name(i)} cannot be summoned by {METHOD_WORDS.get(m, m)} now; it is in the {c.zone(i)}"


def _not_your_turn(c: Context, p: int) -> str:
    return f"it is player {c.position.turn_player}'s turn: player {p} cannot do that now"


def _not_untapped(c: Context, m: int) -> str:
    where = c.zone(m)
    state = "already tapped" if where == "mana zone" else f"in the {where}"
    return f"{c.name(m)} cannot pay: it is {state}, and only untapped cards of your mana zone pay a cost"


S = Callable[..., str]
SENTENCES: dict[str, S] = {
    # mana.lp
    "not_enough_mana": _short,
    "payment_short": lambda c, i, n, s: f"the cards tapped give {s} mana, {c.name(i)} costs {n}",
    "superfluous_mana": lambda c, i, n, s: (f"too many cards tapped: they give {s} mana and {c.name(i)} costs {n}; "
                                            f"no card may be tapped beyond the cost"),
    "no_civ_mana": lambda c, i, x: (f"no untapped {civ(x)} card to pay {civ(x)}: {c.name(i)} needs one mana "
                                    f"of each of its civilizations"),
    "civ_not_paid": _civ_not_paid,
    "civ_not_released": lambda c, i, x: (f"{civ(x)} is not released: Duel Masters Play's needs a {civ(x)} card "
                                         f"in your mana zone to summon {c.name(i)}"),
    # locks.lp
    "summon_locked": _locked,
    # evolution.lp
    "no_evolution_base": _no_base,
    "same_base_twice": lambda c, i, b: f"{c.name(b)} cannot be both bases of {c.name(i)}: it goes on two different creatures",
    # timing.lp
    "effect_resolving": lambda c, i: f"no summon of {c.name(i)} can be declared while an effect resolves",
    # given.lp
    "not_in_zone": lambda c, i, z, z2: (f"{c.name(i)} is in the {ZONE_WORDS.get(z2, z2)}, "
                                        f"not in the {ZONE_WORDS.get(z, z)}"),
    "not_a_creature": lambda c, i: f"{c.name(i)} is a {c.card(i).type.replace('_', ' ')}, not a creature: only creatures are summoned",
    "not_your_turn": _not_your_turn,
    "not_main_step": lambda c, s: (f"creatures are summoned from the hand in the main step; the turn is in the "
                                   f"{STEP_WORDS.get(s, s)}"),
    "not_in_hand": lambda c, i, z: (f"{c.name(i)} is in the {ZONE_WORDS.get(z, z)}, not in the hand"
                                    + ("" if c.find("charge", None, i, c.step) else
                                       ": without an ability that says so, a creature is summoned from the hand")),
    "no_window": _no_window,
    "charge_used": lambda c, t: f"the charge of this turn was already used at step {t}",
    "not_charge_step": lambda c, s: f"the charge step is over: the turn is in the {STEP_WORDS.get(s, s)}",
    "no_put": lambda c, i: f"no resolving effect lets you put {c.name(i)} into the battle zone",
    "not_untapped_mana": _not_untapped,
    "nothing_to_pay": lambda c, i: f"{c.name(i)} is summoned without paying mana here, so no card can be tapped for it",
    # choosers.lp
    "opponent_choice": lambda c, s: (f"the opponent chooses which of his creatures {c.name(s)}'s effect takes, and "
                                     f"more than one can be chosen: a line found by search does not choose for him "
                                     f"(oracle lethal weighs every choice)"),
    # attacks (attack.lp, battle.lp)
    "summoning_sickness": lambda c, a: (f"{c.name(a)} entered the battle zone this turn: it has summoning sickness "
                                        "and cannot attack (only speed attackers and evolution creatures can)"),
    "cannot_attack": lambda c, a: f"{c.name(a)} can't attack (its own text)",
    "cannot_attack_players": lambda c, a: f"{c.name(a)} can't attack players (its own text)",
    "cannot_attack_creatures": lambda c, a: f"{c.name(a)} can't attack creatures (its own text)",
    "cannot_be_attacked": lambda c, j: f"{c.name(j)} can't be attacked (its own text)",
    "tap_abilities_locked": lambda c, l: f"{c.name(l)} in the battle zone forbids using tap abilities (its text)",
    "power_locked": lambda c, a, l: (f"{c.name(l)} in the battle zone forbids creatures of {c.name(a)}'s power "
                                     "to attack (its text: \"creatures that have power N or more can't attack\")"),
    "attacks_only_blockers": lambda c, a, j: (f"{c.name(a)} can attack only creatures that have \"blocker\" (its own "
                                              f"text), and {'the player' if j == 'player' else c.name(j)} is not one"),
    "attacker_tapped": lambda c, a: f"{c.name(a)} is tapped: only an untapped creature can attack",
    "already_attacked": lambda c, a: f"{c.name(a)} has already attacked this turn (attacking tapped it)",
    "not_attacker": lambda c, a: (f"{c.name(a)} cannot attack now: the turn player attacks with a creature of their "
                                  "battle zone in the main or attack step"),
    "not_opponent_creature": lambda c, j: f"{c.name(j)} is your own creature: only the opponent's creatures can be attacked",
    "not_in_battle_zone": lambda c, j: f"{c.name(j)} is not a creature in the battle zone, so it cannot be attacked",
    "attack_impossible": lambda c, a, x: (f"{c.name(a)} cannot attack {'the player' if x == 'player' else c.name(x)} now: "
                                          "the attacker has left the battle zone or is tapped, the attacked creature "
                                          "has left or is untapped, or a condition of its text forbids the attack"),
    "game_over": lambda c: "the game is already won: no attack follows the winning one",
    # tap.lp
    "no_tap_ability": lambda c, a: f"{c.name(a)} has no tap ability that the oracle reads",
    "tap_impossible": lambda c, a: (f"{c.name(a)} cannot use its tap ability now: after the attacks so far it has "
                                    "left the battle zone or is tapped"),
    # spells.lp
    "not_castable": lambda c, i: (f"{c.name(i)} cannot be cast here: a spell is cast by the turn player from the "
                                  "hand in the main step"),
    "cast_locked": lambda c, i, l: f"{c.name(l)} in the battle zone forbids casting {c.name(i)} (its lock)",
    "cast_condition": lambda c, i: f"{c.name(i)} can be cast only if the condition its text states holds, and it does not",
    "text_not_understood": lambda c, i: (f"the text of {c.name(i)} is not fully understood, so the oracle does not "
                                         "cast it (it never guesses an effect)"),
    "effect_not_resolved": lambda c, i, what: (f"{c.name(i)} has an effect ({what}) that a step does not resolve "
                                               "yet, so the oracle does not play it"),
    # gear.lp
    "not_a_gear": lambda c, i: (f"{c.name(i)} is a {c.card(i).type.replace('_', ' ')}, not a cross gear: only cross "
                                "gears are generated and crossed"),
    "gear_not_main_step": lambda c, s: (f"cross gears are generated and crossed in your main step; the turn is in the "
                                        f"{STEP_WORDS.get(s, s)}"),
    "gear_not_in_hand": lambda c, i, z: (f"{c.name(i)} is in the {ZONE_WORDS.get(z, z)}, not in the hand: a cross gear "
                                         "is generated from the hand"),
    "no_trigger_cross": lambda c, i: (f"{c.name(i)} cannot be generated by Shield Trigger Cross now: only a cross gear "
                                      "with Shield Trigger Cross, while its own shield is being broken"),
    "gear_not_in_battle_zone": lambda c, i, z: (f"{c.name(i)} is in the {ZONE_WORDS.get(z, z)}: only a cross gear "
                                                "already generated into your battle zone can be crossed"),
    "cross_onto_opponent": lambda c, j: (f"{c.name(j)} is your opponent's creature: a cross gear is crossed only with "
                                         "one of your own creatures"),
    "cross_onto_not_creature": lambda c, j: (f"{c.name(j)} is not a creature in your battle zone: a cross gear is "
                                             "crossed with one of your creatures in the battle zone"),
    "already_crossed": lambda c, x, j: f"{c.name(x)} is already crossed with {c.name(j)}",
    "cross_needs_own_step": lambda c, x: (f"{c.name(x)} is generated by paying its cost: it is crossed by a cross step "
                                          "of its own (only Shield Trigger Cross crosses a gear as it is generated)"),
    "gear_effect_resolving": lambda c, x: f"{c.name(x)} cannot be generated or crossed while an effect resolves",
    "gear_nothing_to_pay": lambda c, x: f"{c.name(x)} is generated or crossed without paying mana here, so no card can be tapped for it",
    # power_zero.lp
    "power_zero": lambda c, j: (f"{c.name(j)} would have power 0 or less here, and a creature with power 0 or "
                                "less is destroyed: the rules do not play that, so the oracle does not play this step"),
    # buffs.lp
    "buffed_base": lambda c, b: (f"{c.name(b)} got something until the end of the turn: whether an evolution "
                                 "creature put on it keeps it is not modelled, so the oracle does not play this step"),
    # resolve.lp
    "new_shield_not_modelled": lambda c, j: (f"{c.name(j)} would be added to its owner's shields "
                                     "instead of being destroyed: a shield gained this way is not modelled, so the "
                                     "oracle does not play this step"),
    "deck_order_unknown": lambda c, p: (f"P{p}'s deck was shuffled by a search earlier in the line: the order of "
                                        "its cards is unknown, so no effect can take its top cards"),
    "deck_out": lambda c, p, n: (f"player {p} would draw more cards than the {n} left in the deck: drawing from an "
                                 "empty deck loses the game, so the oracle does not play this step"),
    "not_a_target": lambda c, code: (f"{c.card_name(code)} cannot be chosen: it is not a creature in the battle zone "
                                     "that the spell's effect allows"),
}


def sentence(position: Position, reason: clingo.Symbol, atoms: Iterable[clingo.Symbol] = (), step: int = 1) -> str:
    """One sentence for a fail/2 reason term."""
    return wording.sentence(SENTENCES, Context(position, atoms, step), reason)
