"""Family "battle": the transformer of grammar/abilities_battle.lark.  Keywords for
asp/duel_masters/battle.lp:

* no_battle: "whenever this creature becomes blocked / blocks, no battle happens" -- a block with
  this creature on either side is no battle (both stay tapped);
* slayer_when_attacked: "whenever this creature is attacked, it gets "slayer" until the end of the
  turn" -- from the attack on it on, in every battle of the turn;
* no_attack_if(opp_no_shields | others_untapped): "while your opponent has no shields / while you
  have any other untapped creatures in the battle zone, this creature can't attack" -- looked at
  when the attack is declared, in each reply of the opponent.
"""
from __future__ import annotations

from lark import Transformer, v_args


@v_args(inline=True)
class Words(Transformer):
    """Transformer methods of the family (a base of effects._Reader)."""

    def battle_no_battle(self): return ("kw", "no_battle")
    def battle_slayer_attacked(self, _q): return ("kw", "slayer_when_attacked")
    def battle_no_attack_no_shields(self): return ("kw", "no_attack_if", "opp_no_shields")
    def battle_no_attack_others_untapped(self): return ("kw", "no_attack_if", "others_untapped")
