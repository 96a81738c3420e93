"""The ``oracle`` command."""
from __future__ import annotations

import sys

import click

from oracle import game, jsonfile
from oracle.errors import OracleError


class OracleGroup(click.Group):
    """Turns every OracleError into one clear line on stderr and exit status 2, never a traceback."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except OracleError as exc:
            click.echo(f"error: {exc}", err=True)
            sys.exit(2)


@click.group(cls=OracleGroup)
@click.version_option(package_name="summon-oracle")
def main() -> None:
    """A ruling oracle for summons in trading card games (Yu-Gi-Oh!, Duel Masters) and MMO summoner skills."""


def read_document(path: str) -> dict:
    """The JSON document of a position file, with errors that name the file."""
    doc = jsonfile.read(path)
    if not isinstance(doc, dict):
        raise OracleError("a position is a JSON object", source=path)
    return doc


@main.command()
@click.argument("position", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the plays as JSON.")
@click.option("--count", is_flag=True, help="Print only how many plays there are.")
@click.option("--zones", is_flag=True, help="Expand plays by destination zone and battle position.")
@click.option("--explain", is_flag=True, help="Also say which cards are unsupported and why cards have no play.")
@click.option("--all-payments", is_flag=True, help="Duel Masters: list every payment, not one per kind of card.")
@click.option("--limit", type=click.IntRange(min=1), default=None, help="Stop after this many plays.")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=None, help="Stop after this many seconds.")
def plays(position: str, as_json: bool, count: bool, zones: bool, explain: bool, all_payments: bool,
          limit: int | None, timeout: float | None) -> None:
    """List every legal play from POSITION (a position JSON file).

    Yu-Gi-Oh!: the summons and position changes of the turn player.  Duel Masters: the summons
    of the player whose timing it is (main step, S-Trigger, Ninja Strike, ...), with payments.
    Skills: every castable skill of a summoner, with the units each can sacrifice."""
    doc = read_document(position)
    status = game.of_position(doc, position).plays(
        doc, position, as_json=as_json, count=count, zones=zones, explain=explain, all_payments=all_payments,
        limit=limit, timeout=timeout)
    if status:
        sys.exit(status)


def _register() -> None:
    """Subcommand groups that live beside their features."""
    from oracle.yugioh.cards_cli import cards, deck
    from oracle.lines_cli import check, solve
    from oracle.yugioh.puzzle_cli import puzzle

    for group in (cards, deck, puzzle, check, solve):
        main.add_command(group)
    from oracle.show_cli import show; main.add_command(show)  # noqa: E702  (issue 13: pictures)
    from oracle.web.serve_cli import serve; main.add_command(serve)  # noqa: E702  (issue 13: the explorer)


_register()
