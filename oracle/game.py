"""A game is a plug-in: the small interface every rules pack offers the commands, and the registry
that finds a game from the ``"game"`` of a position.

The commands (``oracle plays``, ``check``, ``solve``) know no game by name: they read the position
a file names, look its ``"game"`` up here and call the game's functions.  Each game package
(``oracle/yugioh``, ``oracle/duel_masters``, ``oracle/skills``) holds a module ``game`` with one
``GAME = Game(...)`` and imports nothing from the other games; the registry keeps module paths
only, so a command imports the one game it serves.  Adding a game is one line in ``GAMES`` and a
package of its own (docs/games.md).
"""
from __future__ import annotations

import importlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from oracle import jsonfile, linefile
from oracle.errors import OracleError

# The position's "game" -> the module holding that game's GAME.
GAMES = {
    "yugioh": "oracle.yugioh.game",
    "duel-masters": "oracle.duel_masters.game",
    "skills": "oracle.skills.game",
}
# A position without "game" is a Yu-Gi-Oh! position (the format predates the other games).
DEFAULT = "yugioh"


@dataclass(frozen=True)
class Game:
    """What the commands may ask of a game.

    ``plays(doc, source, **options)`` prints the plays of a position document and returns the exit
    status (0, or 3 when a limit stopped the enumeration); the options are those of ``oracle plays``
    (as_json, count, explain, limit, timeout) and the game-specific ones its ``play_options``
    names.  ``load_line(path,
    position=None)`` and ``check_line(line, timeout=...)`` (from the module ``lines``) check a line (the result has
    ``legal``, ``steps``, ``text()`` and ``to_json()``); ``load_puzzle(path)`` and
    ``solve_puzzle(puzzle, max_steps=, all_lines=, timeout=, limit=)`` solve a puzzle (an
    oracle.incremental.Outcome).  ``read_position(doc, source)`` reads a position document with
    errors naming file and field; ``describe(position)`` says a read position in words, one line
    per entry.  ``picture`` names the module that draws the game's positions (``draw(Position)``
    and ``picture(doc, source)``, each an SVG document; None: the game has no pictures).
    """

    name: str
    title: str                      # the game's name for people ("Yu-Gi-Oh!")
    read_position: Callable[[dict, str], Any]
    describe: Callable[[Any], list[str]]
    plays: Callable[..., int]
    lines: str                      # module with load_line(path, position=) and check_line(line, timeout=)
    puzzles: str                    # module with load_puzzle(path) and solve_puzzle(puzzle, ...)
    picture: str | None = None
    # The options of ``oracle plays`` that mean something to this game only (zones, all_payments,
    # all_copies): ``plays`` takes them as keywords; the command refuses them for other games.
    play_options: frozenset[str] = frozenset()
    # The module measuring how much of the game's card text is understood (``coverage(top) ->
    # dict`` and ``text(report) -> str``), for ``oracle cards coverage --game``; None: no card pool.
    coverage: str | None = None
    # ``lethal(path, max_steps=, timeout=)``: can the turn player win this turn whatever the
    # opponent does (a result with ``verdict``, ``stopped``, ``text()``, ``to_json()``); None: no such question.
    lethal: Callable[..., Any] | None = None



    # Lines and puzzles are imported when a command asks for them, never by ``oracle plays``.
    def load_line(self, path, **options):
        return importlib.import_module(self.lines).load_line(path, **options)

    def check_line(self, line, **options):
        return importlib.import_module(self.lines).check_line(line, **options)

    def load_puzzle(self, path):
        return importlib.import_module(self.puzzles).load_puzzle(path)

    def solve_puzzle(self, puzzle, **options):
        return importlib.import_module(self.puzzles).solve_puzzle(puzzle, **options)


def get(name: Any, *, source: str | None = None) -> Game:
    """The game a position's ``"game"`` names (imported on first use)."""
    module = GAMES.get(name) if isinstance(name, str) else None
    if module is None:
        raise OracleError(f"unknown game {name!r}; use {', '.join(GAMES)}", source=source, field="game")
    return importlib.import_module(module).GAME


def taking(option: str) -> str:
    """The games whose ``plays`` take ``option``, in words (for the error that refuses it elsewhere)."""
    titles = [g.title for g in map(get, GAMES) if option in g.play_options]
    return " and ".join(titles) or "no"


def of_position(doc: Any, source: str) -> Game:
    """The game of a position document."""
    if not isinstance(doc, dict):
        raise OracleError("a position is a JSON object", source=source)
    return get(doc.get("game", DEFAULT), source=source)


def _game_name(doc: Any) -> Any:
    doc = jsonfile.position_of(doc)
    return doc.get("game", DEFAULT) if isinstance(doc, dict) else DEFAULT


def of_line(path: str | Path, position: str | Path | None = None) -> Game:
    """The game of a line file: that of the position given on the command line, or else of the one
    the line names.  A file that cannot be read goes to the default game, whose reader says why."""
    base = Path(path).parent
    try:
        text = jsonfile.read_text(path)
        if str(path).endswith(".json") or text.lstrip().startswith("{"):
            ref = json.loads(text).get("position")
        else:
            m = re.search(r'^\s*position\s+"((?:[^"\\]|\\.)*)"', text, re.MULTILINE)
            ref = json.loads(f'"{m.group(1)}"') if m else None
    except Exception:  # noqa: BLE001 -- the default game's reader reports the unreadable file
        return get(DEFAULT)
    # The position given on the command line decides; if it cannot be read, the line's own does
    # (and that game's reader then reports the unreadable file).
    for override in ((position, None) if position is not None else (None,)):
        try:
            doc, where = linefile.position_doc(ref, override, base, str(path))
        except Exception:  # noqa: BLE001, S112 -- try the next source
            continue
        return get(_game_name(doc), source=where)
    return get(DEFAULT)


def of_puzzle(path: str | Path) -> Game:
    """The game of a puzzle file (a JSON puzzle naming or holding its position; an EDOPro ``.lua``
    puzzle is Yu-Gi-Oh!)."""
    try:
        doc = jsonfile.read(path)
        doc, where = linefile.position_doc(doc.get("position"), None, Path(path).parent, str(path))
    except Exception:  # noqa: BLE001 -- the default game's reader reports the unreadable file
        return get(DEFAULT)
    return get(_game_name(doc), source=where)
