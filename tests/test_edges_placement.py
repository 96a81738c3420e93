"""Issue 9: a line step may state the battle position and the zone of its summon; one left open
is face-up Attack Position, so `check --state` never saves a position the line did not choose."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from conftest import ROOT
from oracle.cli import main
from oracle.errors import OracleError
from oracle.yugioh.lines import check_line, load_line, parse_step

POSITION = ROOT / "facts" / "positions" / "junk-synchron.json"
SUMMON = ['normal_summon "Junk Synchron"',
          'synchro_summon "Black Rose Dragon" with "Junk Synchron", "Gene-Warped Warwolf"']


def line_file(tmp_path, steps: list[str], position=POSITION, name="line.txt"):
    path = tmp_path / name
    path.write_text(f'position "{position}"\n' + "\n".join(steps) + "\n")
    return path


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_the_saved_state_has_black_rose_dragon_in_attack_position_and_it_can_attack(tmp_path):
    state = tmp_path / "after.json"
    out = run("check", line_file(tmp_path, SUMMON), "--state", state)
    assert out.exit_code == 0, out.output
    doc = json.loads(state.read_text())
    brd = [e for e in doc["players"][0]["monster_zones"] + doc["extra_monster_zones"] if e and e["card"] == 73580471]
    assert brd and brd[0]["position"] == "attack"
    out = run("check", line_file(tmp_path, ['attack "Black Rose Dragon" -> "Battle Ox"'], state, "next.txt"))
    assert out.exit_code == 0, out.output
    assert "LP 3300" in out.output


def test_a_stated_defense_position_is_kept_and_then_it_cannot_attack(tmp_path):
    steps = [SUMMON[0], SUMMON[1] + " in defense", 'attack "Black Rose Dragon" -> "Battle Ox"']
    result = check_line(load_line(line_file(tmp_path, steps)))
    assert result.status == "illegal"
    assert result.steps[1].legal and result.steps[1].position is not None
    assert "(defense," in " ".join(result.steps[1].state)
    assert "not in face-up Attack Position" in result.steps[2].reasons[0]


def test_a_stated_zone_is_kept(tmp_path):
    steps = [SUMMON[0] + " to zone 2", SUMMON[1] + " to zone 5"]
    result = check_line(load_line(line_file(tmp_path, steps)))
    assert result.legal
    after = result.steps[1].position
    assert after["extra_monster_zones"][0]["card"] == 73580471
    assert result.steps[0].position["players"][0]["monster_zones"][2]["card"] == 63977008  # Junk Synchron


def test_a_position_the_summon_cannot_take_is_explained(tmp_path):
    result = check_line(load_line(line_file(tmp_path, [SUMMON[0] + " in defense"])))
    assert result.status == "illegal"
    assert result.steps[0].reasons == ["Junk Synchron cannot be summoned in face-up Defense Position this way"]


def test_a_taken_zone_is_explained(tmp_path):
    # Gene-Warped Warwolf stands in zone 0
    result = check_line(load_line(line_file(tmp_path, [SUMMON[0] + " to zone 0"])))
    assert result.status == "illegal"
    assert "cannot go to Main Monster Zone 0" in result.steps[0].reasons[0]


def test_the_json_form_states_position_and_zone(tmp_path):
    path = tmp_path / "line.json"
    path.write_text(json.dumps({"position": str(POSITION), "steps": [
        {"action": "normal_summon", "card": "Junk Synchron", "zone": 4},
        {"action": "synchro_summon", "card": "Black Rose Dragon",
         "materials": ["Junk Synchron", "Gene-Warped Warwolf"], "position": "defense"}]}))
    result = check_line(load_line(path))
    assert result.legal
    assert result.steps[0].position["players"][0]["monster_zones"][4]["card"] == 63977008
    assert "(defense," in " ".join(result.steps[1].state)


@pytest.mark.parametrize("text, problem", [
    ('normal_summon "Kozaky" in sideways', "unknown battle position"),
    ('normal_summon "Kozaky" to zone 9', "unknown zone"),
    ('normal_summon "Kozaky" in attack "Kozaky"', "come at the end"),
    ('pendulum_summon "Kozaky" to zone 1', "Pendulum Summon places several"),
])
def test_bad_placements_are_one_clear_error(text, problem):
    with pytest.raises(OracleError, match=problem):
        parse_step(text, 1)


def test_the_text_form_round_trips():
    step = parse_step('synchro_summon "Black Rose Dragon" with "Junk Synchron", "Kozaky" in defense to zone 5', 1)
    assert (step.battle_position, step.zone) == ("defense", 5)
    assert parse_step(step.text(), 1) == step
    assert step.to_json()["position"] == "defense" and step.to_json()["zone"] == 5
