"""oracle solve: the shipped puzzles (facts/puzzles), goals, bounds, --all, and answers replayed
through the line checker."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from yugioh_board import board

from oracle.cli import main
from oracle.errors import OracleError
from oracle.yugioh.lines import check_line, make_line
from oracle.yugioh.solve import (
    Puzzle,
    as_line,
    load_puzzle,
    puzzle_from_json,
    solve_puzzle,
)

PUZZLES = sorted((Path(__file__).resolve().parent.parent / "facts" / "puzzles").glob("*.json"))
W = "Gene-Warped Warwolf"


def test_a_dozen_puzzles_ship():
    assert len(PUZZLES) >= 12


@pytest.mark.parametrize("path", PUZZLES, ids=[p.stem for p in PUZZLES])
def test_shipped_puzzle_is_solved_and_its_solution_checks(path):
    doc = json.loads(path.read_text())
    puzzle = load_puzzle(path)
    outcome = solve_puzzle(puzzle, max_steps=doc.get("max_steps", 8))
    if doc["solution"] is None:
        assert not outcome.solved and outcome.stopped is None
        return
    assert outcome.solved
    actions = [s for s in doc["solution"] if not s.startswith("then ")]   # "then" steps belong to the action before
    assert len(outcome.lines[0]) == len(actions)                # the documented solution is a shortest one
    assert check_line(as_line(puzzle, outcome.lines[0])).legal  # the solver's answer replays
    assert check_line(make_line(puzzle.position, doc["solution"])).legal


def test_all_lists_every_minimal_line_and_each_replays():
    puzzle = Puzzle(puzzle_from_json({"position": board(field=[W, "Alexandrite Dragon"], opp_field=["Kozaky"]),
                                      "goal": {"damage": 3600}}).position, {"damage": 3600})
    out = solve_puzzle(puzzle, max_steps=3, all_lines=True)
    texts = [[s.text() for s in line] for line in out.lines]
    # Destroy Kozaky (1600 damage) with one monster, then attack directly with the other.
    assert len(texts) == 2 and all(len(t) == 2 for t in texts)
    for line in out.lines:
        assert check_line(as_line(puzzle, line)).legal
    assert texts == sorted(texts)


def test_no_line_within_the_bound_says_so():
    puzzle = puzzle_from_json({"position": board(hand=["Kozaky"]), "goal": {"summon": "Black Rose Dragon"}})
    out = solve_puzzle(puzzle, max_steps=1)
    assert not out.solved and out.exhausted is None
    assert out.text() == ("no line of at most 1 step reaches the goal "
                          "(the search covered every line up to that bound)")
    # Normal Summon Kozaky, attack with it: then nothing at all can be done, so no longer line
    # exists and the search stops there instead of going on to --max-steps (issue 8, item 5).
    out = solve_puzzle(puzzle, max_steps=8)
    assert not out.solved and out.exhausted == 3 and out.searched == 3
    assert out.text() == ("no line of any length reaches the goal: no line has 3 steps "
                          "(after 2 no action at all is possible)")


def test_goals_monsters_board_and_already_met():
    pos = board(hand=["Kozaky"], field=[W])
    assert solve_puzzle(puzzle_from_json({"position": pos, "goal": {"monsters": 1}})).already
    out = solve_puzzle(puzzle_from_json({"position": pos, "goal": {"monsters": 2}}))
    assert [s.action for s in out.lines[0]] in (["normal_summon"], ["normal_set"])
    out = solve_puzzle(puzzle_from_json({"position": board(hand=[W], field=[W]), "goal": {"board": [W, W]}}))
    assert len(out.lines[0]) == 1


@pytest.mark.parametrize("goal,message", [
    ({}, "a goal is an object"),
    ({"summons": "Kozaky"}, "unknown goal 'summons'"),
    ({"monsters": 0}, "the number of monsters must be from 1"),
    ({"win": 1}, 'write "win": true'),
    ({"summon": "Kozakyy"}, "no card is named 'Kozakyy'"),
])
def test_bad_goals(goal, message):
    with pytest.raises(OracleError, match=message):
        solve_puzzle(puzzle_from_json({"position": board(), "goal": goal}, source="p.json"))


def test_cli_solve_and_check(tmp_path):
    # stdout only, --quiet: a solve slower than a second (a loaded machine) reports its progress on
    # stderr, and CliRunner.output mixes both streams.
    runner = CliRunner()
    path = next(p for p in PUZZLES if p.stem.startswith("02"))
    res = runner.invoke(main, ["solve", str(path), "--quiet"])
    assert res.exit_code == 0, res.output
    assert res.stdout.splitlines()[0] == "line 1 (2 steps):"
    line = tmp_path / "answer.txt"
    line.write_text(f'position "{path.resolve()}"\n' + "\n".join(l.strip() for l in res.stdout.splitlines()[1:]) + "\n")
    res2 = runner.invoke(main, ["check", str(line)])   # a line may name a puzzle file as its position
    assert res2.exit_code == 0, res2.output
    assert res2.stdout.strip().endswith("the line is legal (2 steps)")
    res3 = runner.invoke(main, ["solve", str(next(p for p in PUZZLES if p.stem.startswith("12"))), "--max-steps", "3"])
    assert res3.exit_code == 1 and "no line of any length reaches the goal" in res3.output
    res4 = runner.invoke(main, ["solve", str(path), "--json", "--quiet"])
    assert json.loads(res4.stdout)["lines"][0][0] == 'tribute_summon "Summoned Skull" with "Kozaky"'


def test_cli_check_illegal_exit_status_and_state_file(tmp_path):
    (tmp_path / "b.json").write_text(json.dumps(board(hand=["Junk Synchron", W])))
    line = tmp_path / "l.txt"
    line.write_text('position "b.json"\nnormal_summon "Junk Synchron"\nnormal_summon "Gene-Warped Warwolf"\n')
    res = CliRunner().invoke(main, ["check", str(line), "--state", str(tmp_path / "after.json")])
    assert res.exit_code == 1
    assert "the Normal Summon was already used at step 1" in res.output
    after = json.loads((tmp_path / "after.json").read_text())
    assert after["turn"]["normal_summon_used"] is True
    bad = tmp_path / "bad.txt"
    bad.write_text('position "b.json"\nnormal_summon "Kozaky"\n')
    res = CliRunner().invoke(main, ["check", str(bad)])
    assert res.exit_code == 2 and "step 1 (line 2): there is no Kozaky in the position" in res.output


def test_cli_check_json_gives_states_as_positions(tmp_path):
    path = next(p for p in PUZZLES if p.stem.startswith("03"))
    doc = json.loads(path.read_text())
    line = tmp_path / "l.json"
    line.write_text(json.dumps({"position": str(path), "steps": doc["solution"]}))
    res = CliRunner().invoke(main, ["check", str(line), "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert out["status"] == "legal" and [s["legal"] for s in out["steps"]] == [True, True]
    assert out["steps"][1]["state"]["turn"]["normal_summon_used"] is True


def test_text_form_takes_passcodes_too():
    from oracle.yugioh.lines import parse_step

    assert parse_step("normal_summon 99171160", 1).card == 99171160
    result = check_line(make_line(board(hand=["Kozaky"]), ["normal_summon 99171160"]))
    assert result.legal
