"""Arbitrary documents never crash the position reader: a Position or an OracleError, nothing else."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from oracle.errors import OracleError
from oracle.yugioh.position import parse_position

CARDS = st.sampled_from(["Kozaky", "Link Spider", "Black Rose Dragon", "Polymerization", "Stargazer Magician",
                         "Sheep Token", "No Such Card", 99171160, 0, -1, "", "kozaky"])
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 9), st.text(max_size=5), CARDS)
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=6),
                                                      st.dictionaries(st.sampled_from(
                                                          ["card", "position", "face_up", "controller", "materials",
                                                           "hand", "monster_zones", "extra_deck", "spell_trap_zones",
                                                           "players", "turn", "phase", "player", "rules", "game",
                                                           "extra_monster_zones", "pendulum_zones", "ydk", "x"]),
                                                          inner, max_size=5)), max_leaves=20)


@settings(max_examples=200, deadline=None)
@given(VALUES)
def test_reader_gives_a_position_or_a_clear_error(doc):
    try:
        parse_position(doc, source="fuzz.json")
    except OracleError as exc:
        assert str(exc).startswith("fuzz.json")


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(CARDS, st.dictionaries(st.sampled_from(["card", "position", "materials", "face_up"]),
                                                  SCALARS, max_size=3)), max_size=5), st.integers(0, 2))
def test_zone_lists_never_crash(entries, where):
    key = ["monster_zones", "spell_trap_zones", "hand"][where]
    player = {key: (entries + [None] * 5)[:5] if where < 2 else entries}
    try:
        parse_position({"players": [player, {}]}, source="fuzz.json")
    except OracleError as exc:
        assert str(exc).startswith("fuzz.json")
