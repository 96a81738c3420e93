"""Reading JSON documents given by users: errors name the file and the place, and a key given
twice in one object is an error rather than a silent overwrite."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from oracle.errors import OracleError


def loads(text: str, source: str) -> Any:
    def pairs(items: list[tuple[str, Any]]) -> dict:
        seen: dict = {}
        for key, value in items:
            if key in seen:
                raise OracleError(f"key {key!r} is given twice in one object", source=source)
            seen[key] = value
        return seen

    try:
        return json.loads(text, object_pairs_hook=pairs)
    except json.JSONDecodeError as exc:
        raise OracleError(f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}",
                          source=source) from None
    except RecursionError:
        raise OracleError("the JSON is nested too deeply to be a position, line or puzzle", source=source) from None


def read_text(path: str | Path) -> str:
    """The text of a file a user names (a line file may be JSON or not: the caller decides)."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise OracleError(f"cannot read the file: {exc.strerror or exc}", source=str(path)) from None
    except UnicodeDecodeError:
        raise OracleError("the file is not UTF-8 text", source=str(path)) from None


def read(path: str | Path) -> Any:
    return loads(read_text(path), str(path))


def position_of(doc: Any) -> Any:
    """The position of a document: a position itself, or the ``"position"`` object of a puzzle
    file (also what ``oracle puzzle import`` writes), so that every command taking a position
    takes a puzzle's board too."""
    if isinstance(doc, dict) and isinstance(doc.get("position"), dict):
        return doc["position"]
    return doc
