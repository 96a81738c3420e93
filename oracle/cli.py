"""The ``oracle`` command."""
from __future__ import annotations

import json
import sys

import click

from oracle import game, linefile, options
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
    """A ruling oracle for summons in trading card games (Yu-Gi-Oh!, Duel Masters) and MMO summoner skills."""


def read_document(path: str) -> tuple[dict, str]:
    """The JSON document of a position file (or the position of a puzzle or JSON line), and the
    file it came from, with errors that name the file."""
    doc, source = linefile.position_file(path)
    if not isinstance(doc, dict):
        raise OracleError("a position is a JSON object", source=source)
    return doc, source


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
    """List every legal play from POSITION (a position JSON file; a puzzle or a JSON line for its position).

    Yu-Gi-Oh!: the summons, position changes and activations of the turn player; identical copies
    of a card give one play that says how many copies it stands for.  Duel Masters: the summons
    of the player whose timing it is (main step, S-Trigger, Ninja Strike, ...), with payments.
    Skills: every castable skill of a summoner, with the units each can sacrifice.

    Formats: docs/positions.md (Yu-Gi-Oh! positions), docs/duel-masters.md (Duel Masters),
    docs/skills.md (skills), and the README (the JSON output)."""
    doc, position = read_document(position)
    rules = game.of_position(doc, position)
    # Options that mean something to one game only are refused elsewhere, never silently ignored.
    specific = {"zones": zones, "all_payments": all_payments, "all_copies": all_copies}
    for name, on in specific.items():
        if on and name not in rules.play_options:
            raise OracleError(f"--{name.replace('_', '-')} is for {game.taking(name)} positions; "
                              f"this is a {rules.title} position", source=position)
    status = rules.plays(doc, position, as_json=as_json, count=count, explain=explain, limit=limit,
                         timeout=timeout, **{k: v for k, v in specific.items() if k in rules.play_options})
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
    from oracle.lethal_cli import lethal; main.add_command(lethal)  # noqa: E702  (issue 11)


_register()
