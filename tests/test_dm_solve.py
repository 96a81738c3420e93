"""Duel Masters puzzles (`oracle solve`): shortest lines to summon / board / creatures goals, --all,
--max-steps, --timeout, the plain "no line within the bound", and every answer replayed through
`oracle check`."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from test_dm_helpers import pos, side, untapped

from oracle.cli import main
from oracle.duel_masters.lines import check_line
from oracle.duel_masters.puzzles import as_line, puzzle_from_json, solve_puzzle
from oracle.errors import OracleError

AEGIS = "Aegis, Sage of Fire and Lightning"  # light/fire, cost 4
BRONZE = "Bronze-Arm Tribe"  # nature, cost 3
HULCUS = "Aqua Hulcus"  # water, cost 3


def charge_board() -> dict:
    """Charge step; 5 untapped cards; Aegis needs a fourth light-or-fire source besides the charge."""
    return pos(side(hand=[AEGIS, "Faerie Life", "Melnia, the Aqua Shadow", BRONZE, HULCUS],
                    mana_zone=untapped("Cubela, the Oracle", "Artisan Picora", HULCUS, "Faerie Life", "Faerie Life")),
               step="charge")


def solved(goal: dict, doc: dict | None = None, **kw):
    puzzle = puzzle_from_json({"position": doc or charge_board(), "goal": goal})
    outcome = solve_puzzle(puzzle, **kw)
    for steps in outcome.lines:  # every answer is a legal line for the checker
        result = check_line(as_line(puzzle, steps))
        assert result.legal, result.text()
    return outcome


def texts(outcome) -> list[list[str]]:
    return [[s.text() for s in steps] for steps in outcome.lines]


def aegis_needs_the_charge() -> dict:
    return pos(side(hand=[AEGIS, "Faerie Life", "Melnia, the Aqua Shadow"],
                    mana_zone=untapped("Cubela, the Oracle", "Artisan Picora", HULCUS)), step="charge")


def test_summon_goal_shortest_line_charges_first():
    out = solved({"summon": AEGIS}, aegis_needs_the_charge(), all_lines=True, max_steps=3)
    # Melnia enters tapped (multicoloured) and Aegis itself would leave nothing to summon
    assert [[s.action for s in line] for line in out.lines] == [["charge", "summon"]]
    first, second = out.lines[0]
    assert first.card == "Faerie Life" and second.card == AEGIS
    assert len(second.paying) == 4  # the payment is part of the answer
    assert out.text().startswith("line 1 (2 steps):")
    # with five untapped cards the charge is skipped or made with any card: 2 steps either way
    assert {line[0].text() for line in solved({"summon": AEGIS}, all_lines=True, max_steps=2).lines} >= {
        "skip_charge", 'charge "Faerie Life"'}


def test_creatures_goal_all_lists_both_orders():
    out = solved({"creatures": 2}, all_lines=True, max_steps=4)
    got = texts(out)
    assert [[s.split(" paying")[0] for s in line] for line in got] == [
        ['charge "Faerie Life"', f'summon "{HULCUS}"', f'summon "{BRONZE}"'],
        ['charge "Faerie Life"', f'summon "{BRONZE}"', f'summon "{HULCUS}"']]
    assert out.searched == 4 and out.stopped is None


def test_board_goal_counts_copies_and_no_line_within_the_bound():
    doc = pos(side(hand=[HULCUS, HULCUS, BRONZE], mana_zone=untapped(*[HULCUS] * 6)))
    out = solved({"board": [HULCUS, HULCUS]}, doc)
    assert texts(out) == [[f'summon "{HULCUS}" paying "{HULCUS}", "{HULCUS}", "{HULCUS}"'] * 2]
    none = solved({"board": [HULCUS, BRONZE]}, doc, max_steps=3)
    assert not none.solved and none.searched == 3
    assert none.text() == ("no line of at most 3 steps reaches the goal "
                           "(the search covered every line up to that bound)")


def test_max_steps_bounds_the_search():
    short = solved({"summon": AEGIS}, max_steps=1)
    assert not short.solved and "no line of at most 1 step reaches the goal" in short.text()


def test_goal_already_holds_and_timeout():
    doc = pos(side(battle_zone=[BRONZE], hand=[HULCUS], mana_zone=untapped(*[HULCUS] * 3)))
    assert solved({"summon": BRONZE}, doc).already
    out = solve_puzzle(puzzle_from_json({"position": doc, "goal": {"creatures": 2}}), timeout=1e-6)
    assert not out.solved and out.stopped == "stopped after the time limit of 1e-06 s"
    assert out.text().startswith("no line found: stopped after the time limit")


def test_shield_trigger_puzzle_for_the_defending_player():
    doc = pos(side(), side(shields=[{"card": "Amber Grass", "broken": True}]), step="shield_break")
    out = solved({"summon": "Amber Grass"}, doc)  # the goal player defaults to the turn player (0)
    assert not out.solved
    puzzle = puzzle_from_json({"position": doc, "goal": {"summon": "Amber Grass"}, "player": 1})
    found = solve_puzzle(puzzle)
    assert texts(found) == [['summon "Amber Grass" from shields by shield_trigger']]
    assert check_line(as_line(puzzle, found.lines[0])).legal


def test_evolution_puzzle_needs_the_base_first():
    doc = pos(side(hand=["Alcadeias, Lord of Spirits", "Aeris, Flight Elemental"],
                   mana_zone=untapped(*["Cubela, the Oracle"] * 11)))
    out = solved({"summon": "Alcadeias, Lord of Spirits"}, doc)
    assert [[(s.card, s.on) for s in line] for line in out.lines] == [
        [("Aeris, Flight Elemental", []), ("Alcadeias, Lord of Spirits", ["Aeris, Flight Elemental"])]]
    # the evolution covers its base: a board of both is never reached
    assert not solved({"board": ["Alcadeias, Lord of Spirits", "Aeris, Flight Elemental"]}, doc, max_steps=3).solved


def test_summon_lock_blocks_the_goal():
    doc = pos(side(hand=[BRONZE], mana_zone=untapped(*["Faerie Life"] * 3)),
              side(battle_zone=["Alphadios, Lord of Spirits"]))
    assert not solved({"summon": BRONZE}, doc, max_steps=2).solved


@pytest.mark.parametrize("goal, problem", [
    ({"monsters": 2}, "unknown goal 'monsters'; the Duel Masters goals are summon, board, creatures, win"),
    ({"win": False}, 'goal: the goal "win" is {"win": true} alone'),
    ({"summon": "Bolshack Dragon"}, "goal.summon: there is no Bolshack Dragon in the position"),
    ({"summon": "No Such Card"}, "goal.summon: unknown card 'No Such Card'"),
    ({"creatures": 0}, "goal.creatures: 0 is out of range: the number of creatures must be from 1"),
    ({"board": []}, "goal.board: board is a list of card names"),
])
def test_bad_goals_are_clear_errors(goal, problem):
    with pytest.raises(OracleError, match=problem.replace("(", r"\(")):
        solve_puzzle(puzzle_from_json({"position": charge_board(), "goal": goal}, source="p.json"))


def test_cli_solve_dispatches_on_the_game(tmp_path):
    (tmp_path / "board.json").write_text(json.dumps(aegis_needs_the_charge()))
    (tmp_path / "p.json").write_text(json.dumps({"position": "board.json", "goal": {"summon": AEGIS}}))
    runner = CliRunner()
    ok = runner.invoke(main, ["solve", str(tmp_path / "p.json"), "--json"])
    assert ok.exit_code == 0, ok.output
    body = json.loads(ok.stdout)
    assert body["solved"] and body["lines"][0][0].startswith("charge ")
    bound = runner.invoke(main, ["solve", str(tmp_path / "p.json"), "--max-steps", "1"])
    assert bound.exit_code == 1 and "no line of at most 1 step reaches the goal" in bound.output
    (tmp_path / "bad.json").write_text(json.dumps({"position": "board.json", "goal": {"monsters": 2}}))
    bad = runner.invoke(main, ["solve", str(tmp_path / "bad.json")])
    assert bad.exit_code == 2 and "bad.json: goal.monsters: unknown goal 'monsters'" in bad.output


def test_counting_bound_keeps_the_charged_card_and_refutes_long_lines():
    # goals.lp bounds the mana a line can spend by the untapped mana plus one charged card: a line
    # that needs exactly that card is still found; a goal beyond the bound is refuted at 8 steps.
    doc = pos(side(hand=["Amber Grass", "Cubela, the Oracle"], mana_zone=untapped(*["Cubela, the Oracle"] * 3)),
              step="charge")
    out = solved({"summon": "Amber Grass"}, doc)
    assert texts(out) == [['charge "Cubela, the Oracle"',
                           'summon "Amber Grass" paying ' + ", ".join(['"Cubela, the Oracle"'] * 4)]]
    none = solved({"creatures": 2}, doc, max_steps=8)
    assert not none.solved and none.searched == 8


def test_a_line_may_skip_the_charge():
    # 503.1: the charge is optional.  Charging the only creature would leave nothing to summon.
    doc = pos(side(hand=[BRONZE], mana_zone=untapped(*["Faerie Life"] * 3)), step="charge")
    out = solved({"summon": BRONZE}, doc)
    assert texts(out) == [["skip_charge", f'summon "{BRONZE}" paying "Faerie Life", "Faerie Life", "Faerie Life"']]
