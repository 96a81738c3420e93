"""Family "board": the transformer of grammar/abilities_board.lark.  Effect bodies (act, who,
count, filters) of effects.py with the filters targets.lp knows, plus ``evolution`` (an
evolution creature), ``non_evolution`` and ``power_is(N)`` (exactly N power)."""
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
    def board_destroy_untapped_civs(self, _one, c1, c2):
        return ("destroy", "opponent", "one", ("untapped", ("civ_or", str(c1), str(c2))))
    def board_to_mana_civs(self, _one, c1, c2): return ("to_mana", "opponent", "one", (("civ_or", str(c1), str(c2)),))
    def board_bounce_non_evolution(self, _one): return ("bounce", "opponent", "one", ("non_evolution",))
    def board_opp_shields_burn(self, n): return ("shield_burn", "opponent", ("up_to", int(n)), ())
    def board_charger_tapped(self): return [("kw", "charger"), ("kw", "charger_tapped")]
