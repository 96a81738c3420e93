"""Bad positions get one clear error naming the file, the field and the problem; never a traceback."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from oracle.errors import OracleError
from oracle.yugioh.position import load_position, parse_position
from yugioh_board import board


def error_of(doc) -> str:
    with pytest.raises(OracleError) as info:
        parse_position(doc, source="pos.json")
    return str(info.value)


def test_unknown_card_suggests_close_names():
    msg = error_of(board(hand=["Dark Magican"]))
    assert msg.startswith("pos.json: players[0].hand[0]")
    assert "Dark Magician" in msg


def test_six_cards_in_five_zones():
    doc = board()
    doc["players"][0]["monster_zones"] = ["Kozaky"] * 6
    assert "players[0].monster_zones: there are 5 Main Monster Zones, 6 entries given" in error_of(doc)


def test_link_monster_in_defense_position():
    doc = board(field=[{"card": "Link Spider", "position": "defense"}])
    msg = error_of(doc)
    assert "players[0].monster_zones[0].position" in msg and "Link monster" in msg


def test_non_pendulum_card_in_a_pendulum_zone():
    msg = error_of(board(st=["Dark Magician"]))
    assert "players[0].spell_trap_zones[0]" in msg and "not a Pendulum monster" in msg
    doc = board()
    doc["players"][0]["pendulum_zones"] = ["Kozaky", None]
    assert "not a Pendulum monster" in error_of(doc)


def test_a_card_in_two_places_at_once():
    doc = board(st=["Stargazer Magician"])
    doc["players"][0]["pendulum_zones"] = ["Timegazer Magician", None]
    assert "players[0].pendulum_zones[0]" in error_of(doc) and "already holds a card" in error_of(doc)


def test_unknown_key_is_reported_with_a_suggestion():
    doc = board()
    doc["players"][0]["monster_zone"] = []
    assert "unknown key 'monster_zone' (did you mean 'monster_zones'?)" in error_of(doc)


def test_extra_deck_monster_in_hand_and_main_deck_monster_in_extra_deck():
    assert "cannot be in the hand" in error_of(board(hand=["Black Rose Dragon"]))
    assert "not an Extra Deck monster" in error_of(board(extra=["Kozaky"]))


def test_wrong_types_and_values():
    assert "turn.player" in error_of({"turn": {"player": 3}})
    assert "turn.phase" in error_of({"turn": {"phase": "main3"}})
    assert "must be a bool" in error_of({"turn": {"normal_summon_used": "no"}})
    assert "rules" in error_of({"rules": "master-rule-9"})
    assert "2 players" in error_of({"players": [{}, {}, {}]})
    assert "2 players" in error_of({"players": []})


def test_malformed_json_names_line_and_column(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"game": "yugioh",\n "turn": {')
    with pytest.raises(OracleError) as info:
        load_position(path)
    assert str(path) in str(info.value) and "line 2" in str(info.value)


@pytest.mark.parametrize("content, expected", [
    ('{"players": [{"hand": ["No Such Card Anywhere"]}, {}]}', "players[0].hand[0]"),
    ('{"game": "yugioh", ', "not valid JSON"),
    ('{"game": "chess"}', "unknown game"),
])
def test_cli_reports_bad_input_without_traceback(tmp_path, content, expected):
    path = tmp_path / "bad.json"
    path.write_text(content)
    run = subprocess.run([sys.executable, "-m", "oracle", "plays", str(path)], capture_output=True, text=True)
    assert run.returncode == 2
    assert expected in run.stderr and "Traceback" not in run.stderr
    assert str(path) in run.stderr


def test_missing_file(tmp_path):
    run = subprocess.run([sys.executable, "-m", "oracle", "plays", str(tmp_path / "nope.json")],
                         capture_output=True, text=True)
    assert run.returncode == 2 and "Traceback" not in run.stderr


def test_defaults_for_missing_keys():
    pos = parse_position({"players": [{"hand": ["Kozaky"]}, {}]})
    assert (pos.rules, pos.turn_player, pos.phase, pos.normal_summon_used) == ("master-rule-2020", 0, "main1", False)
    assert json.dumps(pos.doc)  # the document is kept as given
