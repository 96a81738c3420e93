"""`oracle plays` on Duel Masters positions through the CLI, and the JSON output contract of
issue 5: {"plays": [{"action": "summon", "player": 0, "card": CARDREF, "payment":
[{"card": CARDREF, "civilization": "nature"}, ...]}]} with CARDREF = {"name", "location",
"index"}.  Keys beyond those must be documented in docs/duel-masters.md."""
from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner
from conftest import ROOT

from oracle.cli import main

# The minimal position of issue 5, copied verbatim from the issue.
ISSUE_MINIMAL = '''{"game": "duel-masters", "rules": "duel-masters",
 "turn": {"player": 0, "step": "main"},
 "players": [
   {"hand": ["Bronze-Arm Tribe"],
    "mana_zone": [{"card": "Faerie Life", "tapped": false}, {"card": "Aqua Hulcus", "tapped": true}],
    "battle_zone": [{"card": "Aqua Hulcus", "tapped": false, "summoned_this_turn": false}],
    "shields": [], "graveyard": [], "deck": [], "hyperspatial_zone": []},
   {"hand": [], "mana_zone": [], "battle_zone": [], "shields": [], "graveyard": [], "deck": [], "hyperspatial_zone": []}]}
'''
CONTRACT_PLAY = {"action", "player", "card"}  # every play; summons also have "payment"
CARDREF = {"name", "location", "index"}
# Keys beyond the issue's contract; each must be documented (checked below).
DOCUMENTED_PLAY = {"method", "cost", "base", "triggers", "cost_treated_as_paid", "tapped"}
DOCUMENTED_TOP = {"complete", "count", "explain"}
DOCUMENTED_REF = {"under"}


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def write(tmp_path, doc) -> str:
    path = tmp_path / "position.json"
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return str(path)


def check_contract(out: dict) -> None:
    assert "plays" in out and set(out) <= {"plays"} | DOCUMENTED_TOP
    for play in out["plays"]:
        assert CONTRACT_PLAY <= set(play) <= CONTRACT_PLAY | {"payment"} | DOCUMENTED_PLAY
        assert play["action"] in ("summon", "put_into_battle_zone", "charge")
        assert type(play["player"]) is int
        refs = [play["card"]] + [p["card"] for p in play.get("payment", [])] + play.get("base", [])
        for ref in refs:
            assert CARDREF <= set(ref) <= CARDREF | DOCUMENTED_REF
            assert isinstance(ref["name"], str) and type(ref["index"]) is int
        if play["action"] == "summon":
            for pay in play["payment"]:
                assert set(pay) == {"card", "civilization"}
                assert pay["civilization"] in ("light", "water", "darkness", "fire", "nature", None)


def test_every_extra_key_is_documented():
    doc = (ROOT / "docs" / "duel-masters.md").read_text(encoding="utf-8")
    for key in sorted(DOCUMENTED_PLAY | DOCUMENTED_TOP | DOCUMENTED_REF):
        assert re.search(rf'"{key}"', doc), f"{key!r} is not documented in docs/duel-masters.md"


def test_bundled_minimal_position_through_the_cli():
    out = run("plays", str(ROOT / "facts" / "positions" / "dm-minimal.json"), "--json")
    assert out.exit_code == 0, out.output
    doc = json.loads(out.stdout)
    check_contract(doc)
    assert doc == {"plays": [], "complete": True}  # one untapped mana card, Bronze-Arm Tribe costs 3


def test_issue_minimal_position_through_the_cli(tmp_path):
    path = write(tmp_path, ISSUE_MINIMAL)
    out = run("plays", path, "--json")
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout) == {"plays": [], "complete": True}
    text = run("plays", path)
    assert text.exit_code == 0 and text.output.strip() == "no legal play"


def test_issue_minimal_position_with_enough_mana_gives_the_contract(tmp_path):
    doc = json.loads(ISSUE_MINIMAL)
    doc["players"][0]["mana_zone"] += [{"card": "Faerie Life", "tapped": False},
                                       {"card": "Bronze-Arm Tribe", "tapped": False}]
    out = run("plays", write(tmp_path, doc), "--json")
    assert out.exit_code == 0, out.output
    result = json.loads(out.stdout)
    check_contract(result)
    assert [{k: p[k] for k in ("action", "player", "card", "payment")} for p in result["plays"]] == [{
        "action": "summon", "player": 0,
        "card": {"name": "Bronze-Arm Tribe", "location": "hand", "index": 0},
        "payment": [
            {"card": {"name": "Faerie Life", "location": "mana_zone", "index": 0}, "civilization": "nature"},
            {"card": {"name": "Faerie Life", "location": "mana_zone", "index": 2}, "civilization": "nature"},
            {"card": {"name": "Bronze-Arm Tribe", "location": "mana_zone", "index": 3}, "civilization": "nature"}]}]


def test_every_bundled_dm_position_keeps_the_contract():
    for path in sorted((ROOT / "facts" / "positions").glob("dm-*.json")):
        for extra in ([], ["--all-payments"]):
            out = run("plays", str(path), "--json", *extra)
            assert out.exit_code == 0, (path.name, out.output)
            check_contract(json.loads(out.stdout))


def test_count_and_all_payments(tmp_path):
    doc = json.loads(ISSUE_MINIMAL)
    doc["players"][0]["mana_zone"] = [{"card": "Faerie Life", "tapped": False}] * 4
    path = write(tmp_path, doc)
    assert json.loads(run("plays", path, "--json", "--count").output) == {"count": 1, "complete": True}
    assert json.loads(run("plays", path, "--json", "--count", "--all-payments").output)["count"] == 4


@pytest.mark.parametrize("mutate, words", [
    (lambda d: d["players"][0]["hand"].append("No Such Card"), "players[0].hand[1].card: unknown card"),
    (lambda d: d["players"][0]["mana_zone"].append({"card": "Faerie Life", "tapped": "no"}),
     "players[0].mana_zone[2].tapped: 'tapped' must be true or false"),
    (lambda d: d.update(cards=[{"name": "X", "civilizations": ["purple"], "cost": 1, "type": "Creature"}]),
     "cards[0].civilizations[0]: 'purple' is not a civilization"),
])
def test_bad_input_is_one_clear_line_and_exit_status_2(tmp_path, mutate, words):
    doc = json.loads(ISSUE_MINIMAL)
    mutate(doc)
    out = run("plays", write(tmp_path, doc), "--json")
    assert out.exit_code == 2
    assert words in out.output and "Traceback" not in out.output


def test_a_key_given_twice_is_an_error(tmp_path):
    text = ISSUE_MINIMAL.replace('"tapped": true}', '"tapped": true, "tapped": false}')
    out = run("plays", write(tmp_path, text), "--json")
    assert out.exit_code == 2 and "'tapped' is given twice" in out.output
