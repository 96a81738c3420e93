"""The ``oracle`` command."""
from __future__ import annotations

import json
import sys

import click

from oracle import jsonfile, options
from oracle.errors import OracleError


class OracleGroup(click.Group):
    """Turns every OracleError into one clear line on stderr and exit status 2, never a traceback."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except OracleError as exc:
            click.echo(f"error: {exc}", err=True)
            sys.exit(2)
        except click.UsageError as exc:  # a bad option or argument: one line too, not the usage text
            where = exc.ctx.command_path if exc.ctx else ctx.command_path
            click.echo(f"error: {exc.format_message()} (see {where} --help)", err=True)
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
@click.option("--all-copies", is_flag=True, help="Yu-Gi-Oh!: one play per copy of a card, not one per card.")
@click.option("--limit", type=options.COUNT, default=None, help="Stop after this many plays.")
@click.option("--timeout", type=options.SECONDS, default=None, help="Stop after this many seconds.")
def plays(position: str, as_json: bool, count: bool, zones: bool, explain: bool, all_payments: bool,
          all_copies: bool, limit: int | None, timeout: float | None) -> None:
    """List every legal play from POSITION (a position JSON file).

    Yu-Gi-Oh!: the summons and position changes of the turn player; identical copies of a card
    give one play that says how many copies it stands for.  Duel Masters: the summons of the
    player whose timing it is (main step, S-Trigger, Ninja Strike, ...), with payments.

    Formats: docs/positions.md (Yu-Gi-Oh! positions), docs/duel-masters.md (Duel Masters), and
    the README (the JSON output)."""
    doc = read_document(position)
    game = doc.get("game", "yugioh")
    if game == "duel-masters":
        from oracle import duel_masters

        if all_copies:
            raise OracleError("--all-copies is for Yu-Gi-Oh! positions; Duel Masters plays are one per kind of card",
                              source=position)
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

    if all_payments:
        raise OracleError("--all-payments is for Duel Masters positions; this is a Yu-Gi-Oh! position", source=position)
    pos = parse_position(doc, source=position)
    found = yugioh_plays(pos, zones=zones, limit=limit, timeout=timeout, all_copies=all_copies)
    if count and as_json:  # the shape of Duel Masters' --count --json
        click.echo(json.dumps({"count": len(found), "complete": found.complete}, indent=2))
    elif count:
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


_register()
