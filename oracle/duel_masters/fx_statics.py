"""Family "statics": the transformer of grammar/abilities_statics.lark.  Keywords (("kw", name,
*args) of effects.py, written as facts name(C, args...)):

* no_trigger_civ(X): "players can't use the "shield trigger" abilities of X cards" -- no broken
  shield of an X card may be used, by anyone, while this creature is in the battle zone
  (asp/duel_masters/trigger_locks.lp; timing.lp for a position at the shield-break step);
* no_trigger_tapped: "while this creature is tapped, your opponent can't use the "shield trigger"
  ability of his shields";
* no_trigger_broken: "no one may use the "shield trigger" abilities of shields this creature breaks";
* no_be_attacked_by(X) (the core's, one civilization), no_be_attacked_by_word(W) ("... by any
  creature that has W in its race"), no_be_attacked_by_kind(non_evolution) and
  unblockable(non_evolution) ("can't be attacked or blocked by non-evolution creatures");
* attack_only_blockers: "this creature can attack only creatures that have "blocker"";
* no_speed_attackers: "creatures that have "speed attacker" can't attack on the turn they are put
  into the battle zone"; no_tap_abilities: "players can't use the $tap abilities of their creatures";
* no_attack_if(more_shields | no_hand | opp_more_creatures | other_untapped): "this creature can't
  attack if / while ..." (asp/duel_masters/attack_limits.lp says where each is looked at);
  no_attack_power(N): "creatures that have power N or more can't attack" (attack_limits.lp);
  no_attack_metamorph: "$metamorph this creature's "this creature can't attack" effect is ignored"
  (attack.lp, tap.lp: no_attack_off/2);
* blocker_vs(F) ("darkness blocker"), survive_vs(F) ("... isn't destroyed" losing to such a creature),
  wins_all ("this creature wins all battles"), more_break_power(N) ("each of your other creatures ...
  that has power N or more breaks one more shield"): asp/duel_masters/battles.lp;
* evo_enter_tapped, opp_enter_tapped: "evolution creatures / your opponent's creatures are put into the
  battle zone tapped", opp_mana_tapped: "your opponent's cards are put into his mana zone tapped"
  (asp/duel_masters/enter_tapped.lp).

And the effect ("no_triggers", "any", "all", ()): "neither player may use "shield trigger"
abilities this turn" (an attack trigger: trigger_locks.lp).
"""
from __future__ import annotations

from clingo import String
from lark import Transformer, v_args


@v_args(inline=True)
class Words(Transformer):
    """Transformer methods of the family (a base of effects._Reader)."""

    def sta_no_trigger_civ(self, _players, _q, civ): return ("kw", "no_trigger_civ", str(civ))
    def sta_no_trigger_tapped(self, _q): return ("kw", "no_trigger_tapped")
    def sta_no_trigger_broken(self, _q): return ("kw", "no_trigger_broken")
    def sta_no_attacked_by_civ(self, civ): return ("kw", "no_be_attacked_by", str(civ))
    def sta_no_attacked_by_word(self, word): return ("kw", "no_be_attacked_by_word", String(str(word).capitalize()))
    def sta_non_evolution_shy(self):
        return [("kw", "no_be_attacked_by_kind", "non_evolution"), ("kw", "unblockable", "non_evolution")]
    def sta_attack_only_blockers(self, _q): return ("kw", "attack_only_blockers")
    def sta_no_attack_if(self, _if, cond): return ("kw", "no_attack_if", cond)
    def sta_more_shields(self): return "more_shields"
    def sta_no_hand(self): return "no_hand"
    def sta_opp_more_creatures(self): return "opp_more_creatures"
    def sta_other_untapped(self): return "other_untapped"

    def sta_no_triggers(self, _q): return ("no_triggers", "any", "all", ())
    def sta_no_speed(self): return ("kw", "no_speed_attackers")
    def sta_no_tap_abilities(self): return ("kw", "no_tap_abilities")
    def sta_untappable(self): return ("kw", "untappable")
    def sta_survive_civ(self, _w, civ): return ("kw", "survive_vs", ("civ", str(civ)))
    def sta_wins_all(self): return ("kw", "wins_all")
    def sta_more_break_power(self, n): return ("kw", "more_break_power", int(n))
    def sta_no_attack_metamorph(self): return ("kw", "no_attack_metamorph")
    def sta_evo_enter_tapped(self): return ("kw", "evo_enter_tapped")
    def sta_opp_enter_tapped(self): return ("kw", "opp_enter_tapped")
    def sta_opp_mana_tapped(self): return ("kw", "opp_mana_tapped")
    def sta_power_lock(self, n): return ("kw", "no_attack_power", int(n))
    def sta_blocker_civ(self, civ): return ("kw", "blocker_vs", ("civ", str(civ)))
    def sta_blocker_civs(self, c1, c2): return ("kw", "blocker_vs", ("civ_or", str(c1), str(c2)))
    def sta_blocker_dragon(self): return ("kw", "blocker_vs", ("race_word", String("Dragon")))
    def sta_no_effect(self): return ("kw", "reminder")
