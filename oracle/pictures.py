"""Pictures of positions and of checked lines, for every game.

Each game draws its own board in the module its plug-in names (``Game.picture`` in
oracle/game.py, e.g. oracle/yugioh/picture.py) with two functions: ``draw(Position) -> str`` for
its parsed positions and ``picture(doc, source) -> str`` for position documents.  A game whose
plug-in names such a module is drawn by ``oracle show``, by ``oracle check --pictures``, in
notebooks and in the explorer.
"""
from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from oracle import game, jsonfile, svg
from oracle.errors import OracleError
from oracle.safe_write import write_file


def drawer(name: str, source: str = "<position>"):
    """The picture module of the game ``name``."""
    module = game.get(name, source=source).picture
    if module is None:
        raise OracleError(f"no picture for the game {name!r}", source=source, field="game")
    return importlib.import_module(module)


def position_svg(doc: Any, source: str = "<position>") -> str:
    """The picture of a position document (a puzzle's position too)."""
    doc = jsonfile.position_of(doc)
    if not isinstance(doc, dict):
        raise OracleError("a position is a JSON object", source=source)
    return drawer(doc.get("game", game.DEFAULT), source).picture(doc, source)


def _game_module(result: Any):
    # a game's line checker lives in oracle.<game>.lines: its picture module is beside it
    return importlib.import_module(type(result).__module__.rsplit(".", 1)[0] + ".picture")


def line_pictures(result: Any) -> list[tuple[str, str]]:
    """(caption, SVG) for the position of a checked line and the state after each legal step."""
    module = _game_module(result)
    out = [("start", module.draw(result.line.position))]
    for r in result.steps:
        if r.legal and r.position is not None:
            out.append((f"after step {r.step.number}: {r.step.text()}", module.picture(r.position, result.line.source)))
    return out


def line_svg(result: Any) -> str:
    """The states of a checked line one under the other (notebooks show a line this way)."""
    return svg.stack(line_pictures(result))


def write_line_pictures(result: Any, folder: str | Path) -> list[Path]:
    """``step-00.svg`` (the position), ``step-01.svg`` ... (the state after each legal step)."""
    folder = Path(folder)
    if not folder.parent.is_dir():  # the folder itself may be new; its parents are never made silently
        raise OracleError("its parent folder does not exist", source=str(folder))
    if folder.exists() and not folder.is_dir():
        raise OracleError("is not a folder", source=str(folder))
    folder.mkdir(exist_ok=True)
    return [write_file(folder / f"step-{n:02d}.svg", picture)
            for n, (_, picture) in enumerate(line_pictures(result))]
