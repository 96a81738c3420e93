"""The ``oracle`` command."""
from __future__ import annotations

import sys

import click

from oracle import jsonfile
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
    """A ruling oracle for summons in trading card games (Yu-Gi-Oh!, Duel Masters)."""


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
    of the player whose timing it is (main step, S-Trigger, Ninja Strike, ...), with payments."""
    doc = read_document(position)
    game = doc.get("game", "yugioh")
    if game == "duel-masters":
        from oracle import duel_masters

        text, complete = duel_masters.run_plays(doc, position, as_json=as_json, count=count,
                                                all_payments=all_payments, explain=explain,
                                                limit=limit, timeout=timeout)
        click.echo(text)
        if not complete:
            sys.exit(3)
        return
    if game != "yugioh":
        raise OracleError(f"unknown game {game!r}; use yugioh or duel-masters", source=position, field="game")
    from oracle.yugioh import report
    from oracle.yugioh.plays import plays as yugioh_plays
    from oracle.yugioh.position import parse_position

    pos = parse_position(doc, source=position)
    found = yugioh_plays(pos, zones=zones, limit=limit, timeout=timeout)
    if count:
        click.echo(len(found))
    elif as_json:
        click.echo(report.plays_json(found))
    else:
        click.echo(report.plays_table(pos, found))
    if explain:
        click.echo(report.explanations(pos, found))
    if not found.complete:
        click.echo(f"incomplete: {found.stopped}; {len(found)} plays found so far", err=True)
        sys.exit(3)


def _register() -> None:
    """Subcommand groups that live beside their features."""
    from oracle.yugioh.cards_cli import cards, deck
    from oracle.yugioh.lines_cli import check, solve
    from oracle.yugioh.puzzle_cli import puzzle

    for group in (cards, deck, puzzle, check, solve):
        main.add_command(group)
    from oracle.duel_masters.lethal_cli import lethal; main.add_command(lethal)  # noqa: E702


_register()
