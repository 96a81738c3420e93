"""Family "outside": the transformer of grammar/abilities_outside.lark.

* Silent skill ("At the start of each of your turns, if this creature is tapped, you may keep it
  tapped and use its ability"): used at the start of a turn, before the charge and main steps a
  line plays; the position gives the state after it.  Provably changes nothing a line can do:
  ("kw", "reminder").
* "At the end of each of your turns / the turn / each turn, ...": binds at the end of a turn,
  which a line never reaches, and a win ends the game first (as end_of_turn of effects.py).
* "At the start of your turn / each player's turn / ..., ...", "whenever you draw the card at the
  start of your turn, ...", "this creature doesn't untap at the start of your turn" and the like:
  the start of a turn comes before the charge and main steps a line plays (the position gives the
  state after it), and a line never reaches the start of the next turn (("kw", "reminder")).
* "When this creature would be discarded from your hand during your opponent's turn, you may put
  it into the battle zone instead": our own copies never meet it (a line is our turn); a step of
  our line that makes the opponent discard such a card is not played (resolve.lp,
  discard_replaced/1: the opponent's choice to put it into the battle zone is not modelled).
"""
from __future__ import annotations

from lark import Transformer, v_args


@v_args(inline=True)
class Words(Transformer):
    """Transformer methods of the family (a base of effects._Reader)."""

    def out_silent_skill(self, *_): return ("kw", "reminder")
    def out_end_of_turn(self, *_): return ("kw", "end_of_turn", "any")
    def out_start_of_turn(self, *_): return ("kw", "reminder")
    def out_discard_replaced(self, *_): return ("kw", "discard_replaced")
