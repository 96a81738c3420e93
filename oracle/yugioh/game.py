"""Yu-Gi-Oh! as a plug-in of the commands (oracle/game.py): thin calls of the package's own functions."""
from __future__ import annotations

import json

import click

from oracle.game import Game
from oracle.yugioh.position import Position, parse_position


def read_position(doc: dict, source: str) -> Position:
    return parse_position(doc, source=source)


def describe(position: Position) -> list[str]:
    """Where each card is, player by player and zone by zone (in the order the position gives them)."""
    where: dict[tuple[int, str], list[str]] = {}
    for s in position.slots:
        cell = s.card.name + (f" ({s.position})" if s.position else "")
        where.setdefault((s.controller, s.location.replace("_", " ")), []).append(cell)
    return [f"P{p} {zone}: {', '.join(cells)}" for (p, zone), cells in where.items()]


def plays(doc: dict, source: str, *, as_json: bool = False, count: bool = False, zones: bool = False,
          all_copies: bool = False, explain: bool = False, limit: int | None = None,
          timeout: float | None = None) -> int:
    """``oracle plays``: the summons, position changes and activations of the turn player."""
    from oracle.yugioh import report
    from oracle.yugioh.plays import plays as yugioh_plays

    pos = read_position(doc, source)
    found = yugioh_plays(pos, zones=zones, limit=limit, timeout=timeout, all_copies=all_copies)
    if count and as_json:  # one shape for every game: {"count": N, "complete": bool}
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
        return 3
    return 0


GAME = Game(name="yugioh", title="Yu-Gi-Oh!", play_options=frozenset({"zones", "all_copies"}),
            read_position=read_position, describe=describe, plays=plays,
            lines="oracle.yugioh.lines", puzzles="oracle.yugioh.solve",
            picture="oracle.yugioh.picture")
