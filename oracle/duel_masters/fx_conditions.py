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


def governed(effects: list, cond: tuple) -> list:
    """The effect abilities with the condition added to their filters."""
    return [(*e[:5], e[5] + (("if", cond),)) if e[0] == "eff" else e for e in effects]


@v_args(inline=True)
class Words(Transformer):
    """Transformer methods of the family (a base of effects._Reader)."""

    def cond_on_enter(self, cond, effects): return governed([("eff", "enters", *e) for e in effects], cond)
    def cond_spell(self, cond, effects): return governed([("eff", "cast", *e) for e in effects], cond)
    def cond_metamorph(self, abilities): return governed(abilities, METAMORPH)
    def cond_wave_striker(self, abilities): return governed(abilities, WAVE_STRIKER)
    def cond_wave_mark(self, *_): return "wave_striker"
    # Survivor / Turbo rush: ("granted", WHICH, ability); no rule plays who has it, so effects.played
    # counts it only when the ability changes nothing a line can do wherever it is.
    # A Survivor breaker, power bonus or replacement is the same for each of your Survivors:
    # fx_power.survivor, fx_replace.survivor.
    def cond_granted(self, which, abilities):
        return [(str(which) == "survivor" and (fx_power.survivor(ab) or fx_replace.survivor(ab)))
                or ("granted", str(which), ab) for ab in abilities]

    def cond_my_shields_min(self, n): return ("shields_at_least", "you", int(n))
    def cond_opp_shields_max(self, n): return ("shields_at_most", "opponent", int(n))
    def cond_opp_more_mana(self): return ("more_mana", "opponent")
    def cond_opp_more_shields(self): return ("more_shields", "opponent")
    def cond_opp_creatures_min(self, n): return ("creatures_at_least", "opponent", int(n))
    def cond_named_in_graveyard(self, name): return ("named_in_graveyard", str(name))
