"""Properties of the enumeration over generated positions (hypothesis)."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

import oracle
from oracle.yugioh.plays import accepts
from oracle.yugioh.position import parse_position
from yugioh_board import board

MAIN = ["Gene-Warped Warwolf", "Kozaky", "Petit Moth", "Junk Synchron", "Summoned Skull", "Dark Magician",
        "Celtic Guardian", "Sangan", "Flame Manipulator", "Masaki the Legendary Swordsman", "Effect Veiler",
        "Black Luster Soldier"]
EXTRA = ["Black Rose Dragon", "Stardust Dragon", "Number 39: Utopia", "Proxy Dragon", "Link Spider",
         "Flame Swordsman", "Decode Talker", "Traffic Ghost", "Knightmare Phoenix"]
SPELLS = ["Polymerization", "Black Luster Ritual"]

monster_entry = st.one_of(st.none(), st.builds(lambda c, p: {"card": c, "position": p},
                                               st.sampled_from(MAIN), st.sampled_from(["attack", "defense", "set"])))
positions = st.builds(
    lambda hand, field, extra, spells, used: board(hand=hand + spells, field=field, extra=extra, normal_summon_used=used),
    st.lists(st.sampled_from(MAIN), max_size=4),
    st.lists(monster_entry, min_size=5, max_size=5),
    st.lists(st.sampled_from(EXTRA), max_size=3),
    st.lists(st.sampled_from(SPELLS), max_size=1),
    st.booleans(),
)
SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(positions)
def test_every_listed_play_is_accepted_on_its_own(doc):
    pos = parse_position(doc)
    found = oracle.plays(pos)
    assert found.complete
    for play in found[:15]:
        assert accepts(pos, play), play


@SETTINGS
@given(positions, st.sampled_from(MAIN + EXTRA + SPELLS))
def test_an_unrelated_card_in_the_graveyard_changes_nothing(doc, card):
    before = [p.to_json() for p in oracle.plays(doc)]
    doc["players"][0]["graveyard"].append(card)
    after = [p.to_json() for p in oracle.plays(doc)]
    assert before == after


@SETTINGS
@given(positions)
def test_no_play_is_listed_twice(doc):
    found = oracle.plays(doc)
    keys = [repr(p.to_json()) for p in found]
    assert len(keys) == len(set(keys))
