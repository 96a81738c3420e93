"""``oracle check LINE`` and ``oracle solve PUZZLE`` for every game (registered by ``oracle.cli``):
the game of the position a file names (oracle/game.py) reads, checks and solves."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from oracle import game


@click.command("check")
@click.argument("line", type=click.Path(dir_okay=False))
@click.option("--position", type=click.Path(dir_okay=False), default=None,
              help="The position file (instead of the one the line names).")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON (states as position documents).")
@click.option("--state", type=click.Path(dir_okay=False), default=None,
              help="Write the position after the last legal step to this file (position JSON).")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=30.0, show_default=True,
              help="Seconds allowed for each solver call.")
@click.option("--pictures", type=click.Path(file_okay=False), default=None,
              help="Draw the position and the state after each legal step into this folder (step-NN.svg).")
def check(line: str, position: str | None, as_json: bool, state: str | None, timeout: float,
          pictures: str | None = None) -> None:
    """Check a combo LINE step by step (JSON, or the text form: one step a line).

    Prints each step as legal or illegal with the state after it; stops at the first illegal
    step and says which rules it breaks.  Exit status: 0 legal, 1 illegal or ambiguous.
    """
    rules = game.of_line(line, position)
    result = rules.check_line(rules.load_line(line, position=position), timeout=timeout)
    if as_json:
        click.echo(json.dumps(result.to_json(), indent=2, ensure_ascii=False))
    else:
        click.echo(result.text())
    if state:
        legal = [r for r in result.steps if r.legal]
        if legal:
            Path(state).write_text(json.dumps(legal[-1].position, indent=2) + "\n", encoding="utf-8")
    if pictures:  # oracle/pictures.py draws each game's states
        from oracle.pictures import write_line_pictures
        write_line_pictures(result, pictures)
    if not result.legal:
        sys.exit(1)


@click.command("solve")
@click.argument("puzzle", type=click.Path(dir_okay=False))
@click.option("--all", "all_lines", is_flag=True, help="List every distinct minimal line up to --max-steps.")
@click.option("--max-steps", type=click.IntRange(min=1), default=8, show_default=True,
              help="The longest line searched.")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=None,
              help="Stop after this many seconds.")
@click.option("--limit", type=click.IntRange(min=1), default=None, help="With --all: stop after this many lines.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
def solve(puzzle: str, all_lines: bool, max_steps: int, timeout: float | None, limit: int | None,
          as_json: bool) -> None:
    """Find the shortest line reaching a PUZZLE's goal (a JSON puzzle, or an EDOPro .lua file).

    Goals: {"summon": NAME}, {"board": [NAMES]}, {"monsters": N}, {"damage": N}, {"win": true};
    Duel Masters ("game": "duel-masters"): {"summon": NAME}, {"board": [NAMES]}, {"creatures": N}.
    Skills ("game": "skills"): {"have": KIND}, {"units": {KIND: N}}, {"merged": KIND}, {"every": GROUP}.
    Exit status: 0 a line was found, 1 no line within the bound, 3 stopped by the time limit.
    """
    rules = game.of_puzzle(puzzle)
    outcome = rules.solve_puzzle(rules.load_puzzle(puzzle), max_steps=max_steps, all_lines=all_lines,
                                 timeout=timeout, limit=limit)
    click.echo(json.dumps(outcome.to_json(), indent=2) if as_json else outcome.text())
    if not outcome.solved:
        sys.exit(3 if outcome.stopped else 1)
