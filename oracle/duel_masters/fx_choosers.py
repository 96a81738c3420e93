"""Family "choosers": the transformer of grammar/abilities_choosers.lark.  "Your opponent chooses one
of his creatures (in the battle zone) and destroys it / puts it into his mana zone / returns it to
his hand": the effect body (destroy | to_mana | bounce, "opponent", "one", FILTERS) of effects.py with
the filter ``opp_chooses``: its target is the opponent's choice (asp/duel_masters/choosers.lp), not
one the line names."""
from __future__ import annotations

from lark import Transformer, v_args

_VERBS = {"destroys it": "destroy", "puts it into his mana zone": "to_mana", "returns it to his hand": "bounce"}


@v_args(inline=True)
class Words(Transformer):
    """Transformer methods of the family (a base of effects._Reader)."""

    def ch_opp_creature(self, _one, *items):
        *state, _creatures, verb = items
        return (_VERBS[str(verb)], "opponent", "one", tuple(str(s) for s in state) + ("opp_chooses",))

    def ch_mine_state(self, state, _c): return ("you", (str(state),))
    def ch_mine_civ(self, civ, _c): return ("you", (("civ", str(civ)),))
