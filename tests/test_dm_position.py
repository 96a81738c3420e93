"""Position JSON: accepted forms and clear errors for bad input."""
import json
from pathlib import Path

import pytest
from test_dm_helpers import pos, side, untapped

from oracle.duel_masters import run_plays
from oracle.duel_masters.position import parse_position
from oracle.errors import OracleError, UnknownCard
from oracle.jsonfile import loads as load_text

ROOT = Path(__file__).resolve().parent.parent
OPTS = {"as_json": True, "count": False, "all_payments": False, "explain": False, "limit": None, "timeout": 30}


def test_minimal_issue_example_is_accepted():
    doc = json.loads((ROOT / "facts/positions/dm-minimal.json").read_text())
    text, complete = run_plays(doc, "dm-minimal.json", **OPTS)
    assert complete
    assert json.loads(text)["plays"] == []  # one untapped Faerie Life; Bronze-Arm Tribe costs 3


def test_json_contract():
    doc = pos(side(hand=["Bronze-Arm Tribe"], mana_zone=untapped(*["Faerie Life"] * 3)))
    out = json.loads(run_plays(doc, "x.json", **OPTS)[0])
    play = out["plays"][0]
    assert play["action"] == "summon" and play["player"] == 0
    assert play["card"] == {"name": "Bronze-Arm Tribe", "location": "hand", "index": 0}
    assert play["payment"][0] == {"card": {"name": "Faerie Life", "location": "mana_zone", "index": 0},
                                  "civilization": "nature"}
    counted = json.loads(run_plays(doc, "x.json", **{**OPTS, "count": True})[0])
    assert counted["count"] == 1


def test_text_output_and_explain():
    doc = pos(side(hand=["Bronze-Arm Tribe"], mana_zone=untapped(*["Faerie Life"] * 3)),
              side(battle_zone=[{"card": "Alphadios, Lord of Spirits"}]))
    text, complete = run_plays(doc, "x.json", **{**OPTS, "as_json": False, "explain": True})
    assert complete and "no legal play" in text
    assert "locked: P0 cannot declare the summon of Bronze-Arm Tribe (hand[0])" in text


def test_printing_ids_and_case_are_accepted():
    doc = pos(side(hand=["dm-09 16/55"], mana_zone=["FAERIE LIFE"]))
    p = parse_position(doc)
    assert [i.card.name for i in p.instances] == ["Abduction Charger", "Faerie Life"]


@pytest.mark.parametrize("mutate, field, words", [
    (lambda d: d["players"][0]["hand"].append("No Such Card"), "players[0].hand[0].card", "unknown card"),
    (lambda d: d["players"][0]["hand"].append({"card": "Faerie Life", "tapped": True}), "players[0].hand[0]", "not allowed"),
    (lambda d: d["players"][0]["mana_zone"].append({"card": "Faerie Life", "tapped": "yes"}), "players[0].mana_zone[0].tapped", "true or false"),
    (lambda d: d.update(rules="duel-masters-2"), "rules", "rules must be"),
    (lambda d: d["turn"].update(step="battle"), "turn.step", "must be one of"),
    (lambda d: d["players"].pop(), "players", "2 players"),
    (lambda d: d.update(cards=[{"name": "X", "civilizations": ["Purple"], "cost": 1, "type": "Creature"}]),
     "cards[0].civilizations[0]", "not a civilization"),
    (lambda d: d["players"][0]["mana_zone"].extend([{"card": "Faerie Life", "id": "a"}, {"card": "Faerie Life", "id": "a"}]),
     "players[0].mana_zone[1].id", "already used"),
    (lambda d: d["players"][0]["battle_zone"].append("Faerie Life"), "players[0].battle_zone[0]", "spell"),
    (lambda d: d["players"][0]["shields"].append({"card": "Amber Grass", "broken": True}), "players[0].shields[0]", "broken"),
    (lambda d: d.update(colour="red"), None, "unknown key"),
])
def test_bad_input_names_file_field_and_problem(mutate, field, words):
    doc = pos(side())
    mutate(doc)
    with pytest.raises(OracleError) as err:
        run_plays(doc, "bad.json", **OPTS)
    assert err.value.source == "bad.json"
    assert err.value.field == field
    assert words in str(err.value)
    assert str(err.value).startswith("bad.json")


def test_unknown_card_is_an_unknown_card_error():
    with pytest.raises(UnknownCard):
        parse_position(pos(side(hand=["Blue-Eyes White Dragon"])))


def test_tapped_given_twice_in_one_object():
    text = ('{"game": "duel-masters", "players": [{"mana_zone": [{"card": "Faerie Life", '
            '"tapped": true, "tapped": false}]}, {}]}')
    with pytest.raises(OracleError, match="'tapped' is given twice"):
        load_text(text, "dup.json")


def test_limit_reports_an_incomplete_enumeration():
    doc = pos(side(hand=["Bronze-Arm Tribe"], mana_zone=untapped(*["Faerie Life"] * 4)))
    text, complete = run_plays(doc, "x.json", **{**OPTS, "all_payments": True, "limit": 2})
    assert not complete
    out = json.loads(text)
    assert len(out["plays"]) == 2 and out["complete"] is False


def test_bundled_library_matches_a_fresh_import(shared_data, tmp_path):
    from oracle.duel_masters.cards import import_library
    from oracle.resources import facts_dir

    fresh = import_library(shared_data / "duel-masters" / "DuelMastersCards.json", tmp_path / "cards.json.gz")
    assert fresh.read_bytes() == (facts_dir() / "duel_masters" / "cards.json.gz").read_bytes()
