"""`oracle lethal POSITION.json`: can the turn player win this turn whatever the opponent does?

Game-neutral like the other commands: the position's game answers through its plug-in
(``Game.lethal``, oracle/game.py); today Duel Masters does."""
from __future__ import annotations

import json
import sys

import click

from oracle import game, jsonfile, options
from oracle.errors import OracleError


@click.command("lethal")
@click.argument("position", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.")
@click.option("--max-steps", type=options.STEPS, default=8, show_default=True,
              help="The longest line searched (summons and attacks).")
@click.option("--timeout", type=options.SECONDS, default=None,
              help="Stop after this many seconds (exit status 3).")
def lethal(position: str, as_json: bool, max_steps: int, timeout: float | None) -> None:
    """Lethal for the turn player of a Duel Masters POSITION: a line that wins against every block
    and every S-Trigger the opponent may have, or what stops it.

    The opponent's shields may be known cards, a number ("shields": 5) or "?" entries; a
    "deck_list" on the opponent gives the cards the face-down shields are drawn from (then the
    probability that they stop every line is exact).  Exit status 0 lethal (or lethal unless ...),
    1 no lethal, 2 bad input, 3 stopped by --timeout.

    Formats: positions, shields and deck lists in docs/duel-masters.md ("Attacks, S-Triggers and
    lethal")."""
    rules = game.of_position(jsonfile.read(position), position)
    if rules.lethal is None:
        raise OracleError(f"lethal is not defined for {rules.title} positions", source=position)
    result = rules.lethal(position, max_steps=max_steps, timeout=timeout)
    click.echo(json.dumps(result.to_json(), ensure_ascii=False, indent=2) if as_json else result.text())
    if result.verdict == "stopped":
        click.echo(f"incomplete: {result.stopped}", err=True)
        sys.exit(3)
    if result.verdict == "no_lethal":
        sys.exit(1)
