"""Any malformed skills position gives a Position or an OracleError naming where (never a traceback)."""
from hypothesis import given, settings
from hypothesis import strategies as st

from oracle.errors import OracleError
from oracle.skills.plays import plays
from oracle.skills.position import parse_position

NAMES = st.sampled_from(["亞德炎", "Ador", "精靈召喚：亞德炎", "精靈獻祭", "召喚獸強化", "下級精靈", "x", ""])
JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 12) | NAMES | st.text(max_size=6),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(NAMES | st.text(max_size=4), inner,
                                                                              max_size=3),
                    max_leaves=6)
KEYS = ["class", "skills", "passives", "mp", "corpses", "nearby", "units", "merged", "cooldown", "game", "other"]


@settings(max_examples=80, deadline=None)
@given(key=st.sampled_from(KEYS), value=JSON)
def test_malformed_values_are_reported(key, value):
    doc = {"game": "skills", "class": "dnf-summoner", "skills": {"精靈召喚：亞德炎": 1, "精靈獻祭": 1}, "mp": 50,
           "units": {"亞德炎": 1}}
    doc[key] = value
    try:
        pos = parse_position(doc, "fuzz.json")
    except OracleError as err:
        assert str(err).split(": ")[0].endswith(".json")  # the position file, or the class file it names
        return
    found, _ = plays(pos)
    assert all(p.skill in pos.learned for p in found)
