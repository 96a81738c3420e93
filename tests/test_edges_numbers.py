"""Issue 9, wrong answers: every number a user gives that reaches clingo is checked against
clingo's 32-bit range or the value's real range, and refused with one line and exit status 2."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from conftest import ROOT
from oracle.cli import main
from oracle.errors import OracleError
from oracle.terms import fact, whole_number

EXAMPLE = str(ROOT / "facts" / "positions" / "example.json")
PUZZLE = ROOT / "facts" / "puzzles" / "01-direct-attack.json"
DM = ROOT / "facts" / "positions" / "dm-minimal.json"


def run(*args: str):
    return CliRunner().invoke(main, [str(a) for a in args])


def one_line_error(out, *needles: str) -> None:
    assert out.exit_code == 2, out.output
    lines = out.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), out.output
    for needle in needles:
        assert needle in lines[0], lines[0]


def yugioh_puzzle(tmp_path, goal: dict, lp: int | None = None) -> str:
    doc = json.loads(PUZZLE.read_text())
    doc["goal"] = goal
    if lp is not None:
        doc["position"]["players"][1]["life_points"] = lp
    path = tmp_path / "puzzle.json"
    path.write_text(json.dumps(doc))
    return str(path)


def dm_doc() -> dict:
    return json.loads(DM.read_text())


def test_the_checked_builder_refuses_numbers_clingo_cannot_hold():
    assert str(fact("lp", 0, 2**31 - 1)) == "lp(0,2147483647)"
    with pytest.raises(OracleError, match="out of range"):
        fact("lp", 0, 2**31)
    with pytest.raises(OracleError, match="out of range"):
        fact("lp", 0, -2**31 - 1)
    with pytest.raises(OracleError, match="must be a whole number"):
        whole_number(3e9)
    with pytest.raises(OracleError, match="must be a whole number"):
        whole_number(True)


def test_a_monsters_goal_of_2_to_the_31_is_refused_not_already_reached(tmp_path):
    one_line_error(run("solve", yugioh_puzzle(tmp_path, {"monsters": 2147483648})), "goal.monsters", "out of range")


def test_a_damage_goal_of_2_to_the_32_plus_1_is_refused_not_one_attack(tmp_path):
    one_line_error(run("solve", yugioh_puzzle(tmp_path, {"damage": 4294967297})), "goal.damage", "out of range")


def test_the_largest_damage_goal_is_read_and_simply_unreachable(tmp_path):
    out = run("solve", yugioh_puzzle(tmp_path, {"damage": 2**31 - 1}), "--max-steps", "2")
    assert out.exit_code == 1, out.output


def test_life_points_of_2_to_the_31_are_refused(tmp_path):
    one_line_error(run("solve", yugioh_puzzle(tmp_path, {"win": True}, lp=2**31)),
                   "players[1].life_points", "out of range")


def test_duel_masters_counts_are_checked(tmp_path):
    doc = dm_doc()
    doc["players"][0]["spells_cast_this_turn"] = 2**31
    path = tmp_path / "dm.json"
    path.write_text(json.dumps(doc))
    one_line_error(run("plays", path), "players[0].spells_cast_this_turn", "out of range")


def test_duel_masters_mana_number_is_checked(tmp_path):
    doc = dm_doc()
    doc["cards"] = [{"name": "Test Creature", "civilizations": ["nature"], "cost": 2, "type": "Creature",
                     "power": 1000, "mana_number": 2**32}]
    path = tmp_path / "dm.json"
    path.write_text(json.dumps(doc))
    one_line_error(run("plays", path), "cards[0].mana_number", "out of range")


@pytest.mark.parametrize("creatures, message", [(3e9, "whole number"), (2**31, "out of range")])
def test_duel_masters_creatures_goal_is_checked(tmp_path, creatures, message):
    path = tmp_path / "dm-puzzle.json"
    path.write_text(json.dumps({"position": dm_doc(), "goal": {"creatures": creatures}}))
    one_line_error(run("solve", path), "goal.creatures", message)


@pytest.mark.parametrize("args", [
    ("plays", EXAMPLE, "--limit", "99999999999999999999"),
    ("plays", EXAMPLE, "--limit", "0"),
    ("plays", EXAMPLE, "--timeout", "nan"),
    ("plays", EXAMPLE, "--timeout", "inf"),
    ("plays", EXAMPLE, "--timeout", "-1"),
    ("solve", str(PUZZLE), "--max-steps", "99999999999"),
    ("solve", str(PUZZLE), "--limit", "99999999999999999999"),
    ("solve", str(PUZZLE), "--timeout", "nan"),
    ("check", str(ROOT / "facts" / "lines" / "black-rose-dragon.txt"), "--timeout", "nan"),
    ("cards", "coverage", "--reasons", "-1"),
])
def test_integer_and_time_options_are_checked(args):
    one_line_error(run(*args), f"'{args[-2]}'")


def test_the_largest_limit_is_accepted():
    out = run("plays", EXAMPLE, "--limit", str(2**31 - 1), "--count")
    assert out.exit_code == 0 and out.output.strip() == "14"


SKILLS = ROOT / "facts" / "positions" / "skills-dnf-spirits.json"
LETHAL = ROOT / "facts" / "lethal" / "dm-lethal-deck.json"


@pytest.mark.parametrize("change, field, message", [
    # 2^31 - 1 units were grounded one by one (a choice of 1..N to sacrifice): 16 GB, then a crash
    (lambda d: d["units"].update({"亞德炎": 2**31 - 1}), "units.亞德炎", "out of range"),
    (lambda d: d["units"].update({"亞德炎": 1001}), "units.亞德炎", "out of range"),
    (lambda d: d.update(mp=2**31), "mp", "out of range"),
    (lambda d: d.update(mp=3e9), "mp", "whole number"),
    (lambda d: d["skills"].update({next(iter(d["skills"])): 2**31}), "skills.", "out of range"),
])
def test_skills_counts_levels_and_mp_are_checked(tmp_path, change, field, message):
    doc = json.loads(SKILLS.read_text(encoding="utf-8"))
    change(doc)
    path = tmp_path / "skills.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    one_line_error(run("plays", path), f"{path}: {field}", message)


def test_a_skills_class_number_is_checked(tmp_path):
    cls = json.loads((ROOT / "facts" / "skills" / "dnf-summoner.json").read_text(encoding="utf-8"))
    unit = next(u for u in cls["units"] if isinstance(u.get("cap"), dict))
    unit["cap"]["value"] = 2**31
    (tmp_path / "big.json").write_text(json.dumps(cls, ensure_ascii=False), encoding="utf-8")
    doc = json.loads(SKILLS.read_text(encoding="utf-8"))
    doc["class"] = "big.json"
    path = tmp_path / "skills.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    one_line_error(run("plays", path), "big.json: units[", "to 1000000 is expected")


def test_a_skills_goal_count_is_checked(tmp_path):
    path = tmp_path / "puzzle.json"
    doc = json.loads((ROOT / "facts" / "skills" / "puzzles" / "spirit-king.json").read_text(encoding="utf-8"))
    kind = next(iter(doc["goal"]["units"])) if "units" in doc["goal"] else "精靈"
    doc["goal"] = {"units": {kind: 2**31}}
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    one_line_error(run("solve", path), "goal.units.", "out of range")


@pytest.mark.parametrize("power, message", [(-2**31 - 1, "power must be"), ("-500", "power must be"),
                                            ("strong", "power must be"), (2**31, "out of range"),
                                            ("3000000000+", "out of range")])
def test_duel_masters_power_is_checked(tmp_path, power, message):
    doc = dm_doc()
    doc["cards"] = [{"name": "Test Creature", "civilizations": ["nature"], "cost": 2, "type": "Creature",
                     "power": power}]
    path = tmp_path / "dm.json"
    path.write_text(json.dumps(doc))
    one_line_error(run("plays", path), "cards[0].power", message)


def test_duel_masters_power_as_printed_is_read(tmp_path):
    doc = dm_doc()
    doc["cards"] = [{"name": "Test Creature", "civilizations": ["nature"], "cost": 1, "type": "Creature",
                     "power": "2000+"}]
    doc["players"][0]["hand"] = ["Test Creature"]
    path = tmp_path / "dm.json"
    path.write_text(json.dumps(doc))
    out = run("plays", path)
    assert out.exit_code == 0 and "Test Creature" in out.output, out.output


@pytest.mark.parametrize("shields, message", [(3e9, "a list, or a number"), ("five", "a list, or a number"),
                                              (21, "from 0 to 20")])
def test_lethal_shields_are_checked(tmp_path, shields, message):
    doc = json.loads(LETHAL.read_text(encoding="utf-8"))
    doc["players"][1]["shields"] = shields
    path = tmp_path / "lethal.json"
    path.write_text(json.dumps(doc))
    one_line_error(run("lethal", path), "players[1].shields", message)


def test_lethal_deck_list_counts_are_checked(tmp_path):
    doc = json.loads(LETHAL.read_text(encoding="utf-8"))
    name = next(iter(doc["players"][1]["deck_list"]))
    doc["players"][1]["deck_list"][name] = 2**31
    path = tmp_path / "lethal.json"
    path.write_text(json.dumps(doc))
    one_line_error(run("lethal", path), f"players[1].deck_list.{name}", "out of range")


@pytest.mark.parametrize("number", [2**31, 10**6 + 1])
def test_an_effect_number_is_checked_alike_in_both_forms_of_a_line(tmp_path, number):
    # The text form took any number from 1 (2^31 then read as "no reading of the step exists");
    # the JSON form refused it: both now refuse it, naming the line or the step.
    position = ROOT / "facts" / "positions" / "junk-synchron.json"
    text = tmp_path / "line.txt"
    text.write_text(f'activate "Junk Synchron" effect {number}\n')
    one_line_error(run("check", text, "--position", position), "line 1", "from 1 to 1000000")
    doc = tmp_path / "line.json"
    doc.write_text(json.dumps({"position": str(position),
                               "steps": [{"action": "activate", "card": "Junk Synchron", "effect": number}]}))
    one_line_error(run("check", doc), "steps[0].effect", "out of range")


@pytest.mark.parametrize("player", [0.0, 1.0, True])
def test_lethal_turn_player_of_the_wrong_type(tmp_path, player):
    # found by benchmarks/fuzz.py: 0.0 equals 0, and players[1.0] was a traceback
    doc = json.loads(LETHAL.read_text(encoding="utf-8"))
    doc["turn"]["player"] = player
    path = tmp_path / "lethal.json"
    path.write_text(json.dumps(doc))
    one_line_error(run("lethal", path), "turn.player", "must be 0 or 1")
