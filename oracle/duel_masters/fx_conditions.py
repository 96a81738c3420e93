"""Family "conditions": the transformer of grammar/abilities_conditions.lark.  A condition rides on
each effect it governs as the filter ("if", COND); effects.card_facts writes it as ab_cond/3
(asp/duel_masters/conditions.lp), never as a target filter.  Conditions, relative to the owner
of the source: shields_at_least(you,N), shields_at_most(opponent,N), more_mana(opponent),
more_shields(opponent), creatures_at_least(opponent,N), mana_at_least(you,N) (Metamorph: 7),
wave_strikers(N) (Wave striker: N other creatures of the battle zone with a Wave striker line),
self_in_graveyard ("if you have a <this card> in your graveyard": effects.read checks the name,
which the grammar gives as ("named_in_graveyard", NAME))."""
from __future__ import annotations

from lark import Transformer, v_args

from oracle.duel_masters import fx_power, fx_replace

METAMORPH = ("mana_at_least", "you", 7)
# Wave striker: "while 2 or more other creatures in the battle zone have wave striker"
WAVE_STRIKER = ("wave_strikers", 2)
# The same conditions of a continuous ability (power.lp: pm_if_zone/6, pm_if_wave/3, pm_if_turbo/2)
_CONTINUOUS = {METAMORPH: ("zone", "you", "mana_zone", (), 7, 99), WAVE_STRIKER: ("wave", 2), "turbo": ("turbo",)}


def governed(abilities: list, cond) -> list:
    """The abilities with the condition added: to an effect's filters, or as the condition of a
    continuous ability of the card (fx_power.conditional).  A continuous ability that cannot carry it
    (it has a condition of its own, or is a keyword no rule reads from a condition) leaves the line
    not understood (ValueError)."""
    out = []
    for ab in abilities:
        if ab[0] == "eff":
            ab = (*ab[:5], ab[5] + (("if", cond),)) if cond != "turbo" else ("granted", "turbo rush", ab)
        elif ab[:2] != ("kw", "reminder"):
            ab = fx_power.conditional(ab, _CONTINUOUS[cond])
            if ab is None:
                raise ValueError("a condition on an ability that cannot carry it")
        out.append(ab)
    return out


def _items(abilities) -> list:
    """A trigger's, static's or keyword's result as a list of abilities."""
    return abilities if isinstance(abilities, list) else [abilities]


@v_args(inline=True)
class Words(Transformer):
    """Transformer methods of the family (a base of effects._Reader)."""

    def cond_on_enter(self, cond, effects): return governed([("eff", "enters", *e) for e in effects], cond)
    def cond_spell(self, cond, effects): return governed([("eff", "cast", *e) for e in effects], cond)
    def cond_on_attack(self, cond, effects): return governed([("eff", "attacks", *e) for e in effects], cond)
    def cond_on_tap(self, cond, effects): return governed([("eff", "tap_ability", *e) for e in effects], cond)
    def cond_destroy_crowd(self, n):
        return governed([("eff", "cast", "destroy", "any", "all", ())], ("creatures_at_least", "any", int(n)))
    def cond_metamorph(self, abilities): return governed(_items(abilities), METAMORPH)
    def cond_wave_striker(self, abilities): return governed(_items(abilities), WAVE_STRIKER)
    def cond_wave_mark(self, *_): return "wave_striker"
    # Survivor / Turbo rush: ("granted", WHICH, ability); no rule plays who has it, so effects.played
    # counts it only when the ability changes nothing a line can do wherever it is.
    # A Survivor breaker, power bonus or replacement is the same for each of your Survivors:
    # fx_power.survivor, fx_replace.survivor.
    def cond_granted(self, which, abilities):
        abilities = _items(abilities)
        if str(which) == "turbo rush" and all(ab[0] != "eff" and fx_power.conditional(ab, ("turbo",)) for ab in abilities):
            return governed(abilities, "turbo")  # its continuous abilities while another creature broke a shield
        return [(str(which) == "survivor" and (fx_power.survivor(ab) or fx_replace.survivor(ab)))
                or ("granted", str(which), ab) for ab in abilities]

    def cond_my_shields_min(self, n): return ("shields_at_least", "you", int(n))
    def cond_opp_shields_max(self, n): return ("shields_at_most", "opponent", int(n))
    def cond_opp_more_mana(self): return ("more_mana", "opponent")
    def cond_opp_more_shields(self): return ("more_shields", "opponent")
    def cond_opp_creatures_min(self, n): return ("creatures_at_least", "opponent", int(n))
    def cond_named_in_graveyard(self, name): return ("named_in_graveyard", str(name))
    def cond_creatures_min_any(self, n): return ("creatures_at_least", "any", int(n))
    def cond_opp_more_hand(self): return ("more_hand", "opponent")
    def cond_have_race(self, phrase): return ("has_race", "you", ("pow_race", str(phrase)))
    def cond_mana_all(self, civ): return ("mana_all", "you", str(civ))
