"""The skills pack as a plug-in of the commands (oracle/game.py)."""
from __future__ import annotations

import click

from oracle.game import Game
from oracle.skills.position import Position, parse_position


def read_position(doc: dict, source: str) -> Position:
    return parse_position(doc, source)


def describe(pos: Position) -> list[str]:
    """The character in words: class, skills, MP, units, things nearby, state."""
    out = [f"class: {pos.cls.label()}",
           "skills: " + ", ".join(f"{pos.name('skill', s)} {level}" for s, level in pos.learned.items()),
           f"MP: {pos.mp}",
           "units: " + (", ".join(f"{n} {pos.name('unit', k)}" for k, n in pos.units.items() if n) or "none")]
    things = [f"{n} {pos.name('thing', x)}" for x, n in pos.nearby.items() if n]
    if things:
        out.append("nearby: " + ", ".join(things))
    if pos.cooling:
        out.append("on cooldown: " + ", ".join(pos.name("skill", s) for s in pos.cooling))
    if pos.merged:
        out.append(f"merged with {pos.name('unit', pos.merged)}")
    return out


def plays(doc: dict, source: str, *, as_json: bool = False, count: bool = False, explain: bool = False,
          limit: int | None = None, timeout: float | None = None) -> int:
    """``oracle plays``: every castable skill with its choices; --explain: why each other cannot be cast."""
    from oracle.skills.plays import run

    text, complete = run(read_position(doc, source), as_json=as_json, count=count, explain=explain, limit=limit,
                         timeout=timeout)
    click.echo(text)
    return 0 if complete else 3


GAME = Game(name="skills", title="skills",
            read_position=read_position, describe=describe,
            plays=plays, lines="oracle.skills.lines", puzzles="oracle.skills.puzzles",
            picture="oracle.skills.picture")
