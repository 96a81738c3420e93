"""Pictures of positions and of checked lines, for every game.

Each game draws its own board in ``oracle/<game>/picture.py`` (the game's name with ``-`` as
``_``: "duel-masters" is oracle/duel_masters) with two functions: ``draw(Position) -> str`` for
its parsed positions and ``picture(doc, source) -> str`` for position documents.  Nothing else
needs registering: a new game that adds its ``picture.py`` is drawn by ``oracle show``, by
``oracle check --pictures`` and in notebooks.
"""
from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from oracle import svg
from oracle.errors import OracleError


def drawer(game: str, source: str = "<position>"):
    """The picture module of ``game``."""
    if not isinstance(game, str) or not game.replace("-", "").isalnum():
        raise OracleError(f"unknown game {game!r}", source=source, field="game")
    try:
        return importlib.import_module(f"oracle.{game.replace('-', '_')}.picture")
    except ModuleNotFoundError:
        raise OracleError(f"no picture for the game {game!r}", source=source, field="game") from None


def position_svg(doc: Any, source: str = "<position>") -> str:
    """The picture of a position document (a puzzle's position too)."""
    if isinstance(doc, dict) and isinstance(doc.get("position"), dict):
        doc = doc["position"]   # a puzzle file, or the output of `oracle puzzle import`
    if not isinstance(doc, dict):
        raise OracleError("a position is a JSON object", source=source)
    return drawer(doc.get("game", "yugioh"), source).picture(doc, source)


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
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for n, (_, picture) in enumerate(line_pictures(result)):
        path = folder / f"step-{n:02d}.svg"
        path.write_text(picture, encoding="utf-8")
        written.append(path)
    return written
