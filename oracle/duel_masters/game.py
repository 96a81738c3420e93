"""Duel Masters as a plug-in of the commands (oracle/game.py): thin calls of the package's own functions."""
from __future__ import annotations

import click

from oracle.duel_masters import run_plays
from oracle.duel_masters.position import Position, parse_position
from oracle.game import Game


def read_position(doc: dict, source: str) -> Position:
    return parse_position(doc, source)


def describe(position: Position) -> list[str]:
    """Where each card is, player by player and zone by zone (in the order the position gives them)."""
    where: dict[tuple[int, str], list[str]] = {}
    for i in position.instances:
        cell = i.card.name + (" (tapped)" if i.tapped else "")
        where.setdefault((i.player, i.zone.replace("_", " ")), []).append(cell)
    return [f"P{p} {zone}: {', '.join(cells)}" for (p, zone), cells in where.items()]


def plays(doc: dict, source: str, *, as_json: bool = False, count: bool = False, all_payments: bool = False,
          explain: bool = False, limit: int | None = None, timeout: float | None = None) -> int:
    """``oracle plays``: the summons of the player whose timing it is, with payments."""
    text, complete = run_plays(doc, source, as_json=as_json, count=count, all_payments=all_payments,
                               explain=explain, limit=limit, timeout=timeout)
    click.echo(text)
    return 0 if complete else 3


# Lethal is imported when the command asks for it, not by ``oracle plays``.
def lethal(path, **options):
    from oracle.duel_masters.lethal import answer, load

    return answer(load(path), **options)



GAME = Game(name="duel-masters", title="Duel Masters", play_options=frozenset({"all_payments"}),
            coverage="oracle.duel_masters.coverage", lethal=lethal,
            read_position=read_position, describe=describe,
            plays=plays, lines="oracle.duel_masters.lines", puzzles="oracle.duel_masters.puzzles",
            picture="oracle.duel_masters.picture")
