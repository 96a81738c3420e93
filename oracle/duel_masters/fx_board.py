"""Family "board": the transformer of grammar/abilities_board.lark.  Effect bodies (act, who,
count, filters) of effects.py with the filters targets.lp knows, plus ``evolution`` (an
evolution creature) and ``power_is(N)`` (exactly N power)."""
from __future__ import annotations

from lark import Transformer, v_args


@v_args(inline=True)
class Words(Transformer):
    """Transformer methods of the family (a base of effects._Reader)."""

    def board_own_to_mana(self, _one): return ("to_mana", "you", "one", ())
    def board_tap_all_except(self, civ): return ("tap", "any", "all", (("not_civ", str(civ)),))
    def board_bounce_evolution(self): return ("bounce", "any", "one", ("evolution",))
    def board_destroy_power(self, n): return ("destroy", "any", "all", (("power_is", int(n)),))
    def board_all_mana_to_hand(self): return ("mana_to_hand", "any", "all", ())
