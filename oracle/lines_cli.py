"""``oracle check LINE`` and ``oracle solve PUZZLE`` for every game (registered by ``oracle.cli``):
the game of the position a file names (oracle/game.py) reads, checks and solves."""
from __future__ import annotations

import json
import sys

import click

from oracle import game, incremental, options
from oracle.safe_write import target_of, write_file

PROGRESS_AFTER = 1.0  # seconds: a solve running longer reports each horizon on stderr
# Yu-Gi-Oh! steps that place one monster in a zone the line may state (to zone N).
PLACING = ("normal_summon", "normal_set", "tribute_summon", "tribute_set", "ritual_summon", "fusion_summon",
           "synchro_summon", "xyz_summon", "link_summon", "special_summon")


@click.command("check")
@click.argument("line", type=click.Path(dir_okay=False))
@click.option("--position", type=click.Path(dir_okay=False), default=None,
              help="The position file (instead of the one the line names).")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON (states as position documents).")
@click.option("--state", type=click.Path(dir_okay=False), default=None,
              help="Write the position after the last legal step to this file (position JSON).")
@click.option("--timeout", type=options.SECONDS, default=30.0, show_default=True,
              help="Seconds allowed for each solver call.")
@click.option("--pictures", type=click.Path(file_okay=False), default=None,
              help="Draw the position and the state after each legal step into this folder (step-NN.svg).")
def check(line: str, position: str | None, as_json: bool, state: str | None, timeout: float,
          pictures: str | None = None) -> None:
    """Check a combo LINE step by step (JSON, or the text form: one step a line).

    Prints each step as legal or illegal with the state after it; stops at the first illegal
    step and says which rules it breaks.  Exit status: 0 legal, 1 illegal or ambiguous.

    Formats: the line's text and JSON forms are in the README ("Using it") and at the head of
    oracle/yugioh/lines.py; positions in docs/positions.md and docs/duel-masters.md.
    """
    rules = game.of_line(line, position)
    if state:
        target_of(state)  # a file that cannot be written is refused before the line is checked
    result = rules.check_line(rules.load_line(line, position=position), timeout=timeout)
    if as_json:
        click.echo(json.dumps(result.to_json(), indent=2, ensure_ascii=False))
    else:
        click.echo(result.text())
    if state:
        legal = [r for r in result.steps if r.legal]
        if legal:
            write_file(state, json.dumps(legal[-1].position, indent=2) + "\n")
            open_zones = [r.step.where for r in legal
                          if r.step.action in PLACING and getattr(r.step, "zone", None) is None]
            if open_zones:
                click.echo(f"note: {state}: the line does not state the zones of {', '.join(open_zones)}; the saved "
                           "state uses zones that keep the line legal (state one with 'to zone N')", err=True)
        else:
            click.echo(f"note: no step is legal: {state} is not written", err=True)
    if pictures:  # oracle/pictures.py draws each game's states
        from pathlib import Path

        from oracle.pictures import write_line_pictures
        new = not Path(pictures).exists()
        written = write_line_pictures(result, pictures)
        click.echo(f"note: {len(written)} picture(s) written to {pictures}"
                   + (" (a folder created for them)" if new else ""), err=True)
    if not result.legal:
        sys.exit(1)


@click.command("solve")
@click.argument("puzzle", type=click.Path(dir_okay=False))
@click.option("--all", "all_lines", is_flag=True, help="List every distinct minimal line up to --max-steps.")
@click.option("--max-steps", type=options.STEPS, default=8, show_default=True,
              help="The longest line searched.")
@click.option("--timeout", type=options.SECONDS, default=None,
              help="Stop after this many seconds.")
@click.option("--limit", type=options.COUNT, default=None, help="With --all: stop after this many lines.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option("--quiet", is_flag=True, help="Print no progress on stderr.")
def solve(puzzle: str, all_lines: bool, max_steps: int, timeout: float | None, limit: int | None,
          as_json: bool, quiet: bool) -> None:
    """Find the shortest line reaching a PUZZLE's goal (a JSON puzzle, or an EDOPro .lua file).

    Goals: {"summon": NAME}, {"board": [NAMES]}, {"monsters": N}, {"damage": N}, {"win": true};
    Duel Masters ("game": "duel-masters"): {"summon": NAME}, {"board": [NAMES]}, {"creatures": N}.
    Skills ("game": "skills"): {"have": KIND}, {"units": {KIND: N}}, {"merged": KIND}, {"every": GROUP}.
    Exit status: 0 a line was found, 1 no line within the bound, 3 stopped by the time limit.
    Progress (horizon searched, time) goes to stderr unless --quiet.

    Formats: puzzles and goals in the README ("Using it"), positions in docs/positions.md and
    docs/duel-masters.md, EDOPro puzzles in docs/edopro-puzzles.md.
    """
    rules = game.of_puzzle(puzzle)

    def report(steps: int, lines: int, seconds: float) -> None:
        # Only a long search says where it is: a quick one prints its answer and nothing else.
        if seconds >= PROGRESS_AFTER and not quiet:
            click.echo(f"solve: {steps} of at most {max_steps} steps searched, {lines} line(s) found, "
                       f"{seconds:.1f} s", err=True)

    loaded = rules.load_puzzle(puzzle)
    with incremental.progress(report):
        outcome = rules.solve_puzzle(loaded, max_steps=max_steps, all_lines=all_lines, timeout=timeout, limit=limit)
    click.echo(json.dumps(outcome.to_json(), indent=2) if as_json else outcome.text())
    if not outcome.solved:
        sys.exit(3 if outcome.stopped else 1)
