"""``oracle puzzle ...``: commands for EDOPro puzzle files (registered by ``oracle.cli``)."""
from __future__ import annotations

import json
from pathlib import Path

import click

from oracle.errors import OracleError
from oracle.safe_write import target_of, write_file


@click.group("puzzle")
def puzzle() -> None:
    """Work with EDOPro puzzle files (Lua)."""


@puzzle.command("import")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the JSON here instead of to standard output.")
def import_command(file: Path, output: Path | None) -> None:
    """Read FILE.lua as text (it is never executed) and write its position as JSON.

    The JSON holds "position" (the position format of `oracle plays`), "objective" (the puzzle's
    stated objective), "goal" ({"win": true} for "win this turn" puzzles), "notes" (what the file
    does that a position cannot hold, each with its line), "master_rule", "duel_flags" and
    "hints".
    """
    # The Lua parser (luaparser, antlr) is imported only by the command that reads Lua: every other
    # command of `oracle` starts without it.
    from oracle.yugioh.puzzle_lua import import_lua

    if output is not None:
        target_of(output)  # a file that cannot be written is refused before the puzzle is read
    result = import_lua(file)
    text = json.dumps(result.to_json(), indent=2, ensure_ascii=False) + "\n"
    if output is None:
        click.echo(text, nl=False)
        return
    try:
        write_file(output, text)
    except OSError as exc:
        raise OracleError(f"cannot write the output: {exc.strerror or exc}",
                          source=str(output)) from None
    click.echo(f"{file}: {len(result.notes)} note(s); puzzle written to {output} "
               "(oracle solve solves it; oracle plays, check and show take its position)", err=True)
