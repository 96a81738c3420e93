"""Copies of one plain list entry side by side are one run of slots (position.Slots): read once,
made into slots only when asked for, and left out of every pass that needs only which cards are
where, so a big Deck no rule reads costs nothing.  The slots themselves are those of one slot per
card: same instances, places and indexes, same plays."""
from __future__ import annotations

import oracle
from oracle.errors import OracleError
from oracle.yugioh.facts import position_facts
from oracle.yugioh.lines import check_line, make_line
from oracle.yugioh.position import parse_position

import pytest


def test_a_deck_of_copies_is_one_run_with_every_slot_in_place():
    pos = parse_position({"players": [{"hand": ["Kuriboh"], "deck": ["Kozaky"] * 100_000 + ["Kuriboh", "Kozaky"],
                                       "monster_zones": ["Summoned Skull", None, None, None, None]}, {}]})
    assert len(pos.slots) == 100_004
    # hand Kuriboh; Deck Kozaky (read) + run of 99,999; Kuriboh; Kozaky; the monster
    assert [(s.location, s.index, n) for s, n in pos.slots.runs()] == [
        ("hand", 0, 1), ("deck", 0, 1), ("deck", 1, 99_999), ("deck", 100_000, 1), ("deck", 100_001, 1),
        ("monster_zone", 0, 1)]
    middle = pos.slots[50_000]
    assert (middle.iid, middle.location, middle.index, middle.card.name) == (50_001, "deck", 49_999, "Kozaky")
    assert pos.slot(100_004).card.name == "Summoned Skull" and pos.slots[-1].iid == 100_004
    listed = list(pos.slots)
    assert [s.iid for s in listed] == list(range(1, 100_005))
    assert [s.index for s in listed if s.location == "deck"] == list(range(100_002))
    assert listed[2] == pos.slots[2] and pos.slots[1:3] == listed[1:3]


def test_the_cards_of_a_deck_no_rule_reads_are_not_in_the_facts():
    pos = parse_position({"players": [{"hand": ["Kozaky"], "deck": ["Kuriboh"] * 200_000}, {}]})
    program = position_facts(pos).program()
    assert "in(1,hand)" in program and "deck" not in program and "inst(2," not in program


def test_runs_give_the_plays_of_one_slot_per_card():
    # Objects in a list are read one by one (one slot each); names side by side make runs.
    names = {"players": [{"hand": ["Kuriboh", "Kuriboh", "Kozaky", "Kuriboh"], "deck": ["Kozaky"] * 5,
                          "extra_deck": ["Linkuriboh", "Linkuriboh"]}, {}]}
    objects = {"players": [{"hand": [{"card": c} for c in names["players"][0]["hand"]],
                            "deck": [{"card": "Kozaky"}] * 5,
                            "extra_deck": [{"card": "Linkuriboh"}, {"card": "Linkuriboh"}]}, {}]}
    assert len(list(parse_position(objects).slots.runs())) == 11
    assert len(list(parse_position(names).slots.runs())) == 8   # a first copy read, then its run
    for copies in (False, True):
        assert ([p.to_json() for p in oracle.plays(names, all_copies=copies)]
                == [p.to_json() for p in oracle.plays(objects, all_copies=copies)])
    by_copies = {p.card.name: p.copies for p in oracle.plays(names) if p.action == "normal_summon"}
    assert by_copies == {"Kuriboh": 3, "Kozaky": 1}


def test_a_line_writes_a_run_back_in_place():
    doc = {"players": [{"hand": ["Kozaky"], "deck": ["Kuriboh"] * 4 + ["Summoned Skull"]}, {}]}
    result = check_line(make_line(doc, ['normal_summon "Kozaky"']))
    assert result.legal and result.steps[0].position["players"][0]["deck"] == [40640057] * 4 + [70781052]


def test_equal_entries_of_other_types_are_not_one_run():
    # 1 == True in Python: the second entry is still read (and refused) as what it is.
    with pytest.raises(OracleError, match=r"hand\[1\]: a card is a passcode"):
        parse_position({"players": [{"hand": [40640057, True]}, {}]})
    with pytest.raises(OracleError, match=r"deck\[2\]: a card is a passcode"):
        parse_position({"players": [{"deck": [40640057, 40640057, 40640057.0]}, {}]})
