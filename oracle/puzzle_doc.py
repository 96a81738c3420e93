"""What the puzzle files of every game share: a JSON object with a position and a goal, and a
goal that is an object of known keys.  Each game reads the values (its own goal facts)."""
from __future__ import annotations

from typing import Any, Iterator

from oracle.errors import OracleError


def puzzle_object(doc: Any, source: str, optional: tuple[str, ...]) -> dict:
    """``doc`` itself, once it is an object with "position" and "goal" and no key beyond ``optional``."""
    if not isinstance(doc, dict) or "position" not in doc or "goal" not in doc:
        raise OracleError('a puzzle is a JSON object with "position" and "goal"', source=source)
    extra = set(doc) - {"position", "goal", *optional}
    if extra:
        raise OracleError(f"unknown key(s) {sorted(extra)}", source=source)
    return doc


def goal_entries(goal: Any, source: str, keys: tuple[str, ...], example: str,
                 game: str = "") -> Iterator[tuple[str, Any, str]]:
    """(key, value, field) of each entry of a goal object, every key one of ``keys`` (the goals of
    ``game``, named in the error); ``example`` shows a goal when there is none."""
    if not isinstance(goal, dict) or not goal:
        raise OracleError(f"a goal is an object such as {example}", source=source, field="goal")
    for key, value in goal.items():
        where = f"goal.{key}"
        if key not in keys:
            raise OracleError(f"unknown goal {key!r}; the {game + ' ' if game else ''}goals are {', '.join(keys)}",
                              source=source, field=where)
        yield key, value, where
