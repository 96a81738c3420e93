"""Any malformed position gives an OracleError (never a traceback)."""
from hypothesis import given, settings
from hypothesis import strategies as st
from test_dm_helpers import pos, side, untapped

from oracle.duel_masters import plays
from oracle.errors import OracleError

JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 12) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                    max_leaves=6)
PATHS = [("rules",), ("turn",), ("turn", "player"), ("turn", "step"), ("players",), ("cards",),
         ("effects",), ("resolving",), ("players", 0), ("players", 0, "hand"),
         ("players", 0, "mana_zone"), ("players", 0, "mana_zone", 0), ("players", 0, "mana_zone", 0, "tapped"),
         ("players", 1, "battle_zone"), ("players", 0, "spells_cast_this_turn"), ("players", 0, "shields")]


@settings(max_examples=60, deadline=None)
@given(path=st.sampled_from(PATHS), value=JSON)
def test_malformed_values_are_reported(path, value):
    doc = pos(side(hand=["Bronze-Arm Tribe"], mana_zone=untapped("Faerie Life")))
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    try:
        plays(doc)
    except OracleError as err:
        assert str(err)
