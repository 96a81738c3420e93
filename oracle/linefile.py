"""The file form of a line, the same for both games: a position plus steps, as text or JSON.

Text form: one step a line, ``#`` starts a comment (outside double quotes), and a line
``position "file.json"`` before the steps names the position file, relative to the line file.
JSON form: ``{"position": {...} or "file.json", "steps": [...]}``, a step being a string in the
text form or an object.  What one step says is each game's own: its ``parse_step`` reads a step
of the text form, its ``from_object`` a step object; this module reads around them.
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from oracle import jsonfile
from oracle.errors import OracleError

# parse_step(text, number, *, source, line=None) -> a game's Step
ParseStep = Callable[..., Any]
# from_object(item, number, source, where) -> a game's Step, ``where`` naming the item ("steps[0]")
FromObject = Callable[[dict, int, str, str], Any]


def step_place(number: int, line: int | None) -> str:
    """Where a step is, as messages name it: "step 3 (line 5)"."""
    return f"step {number}" + (f" (line {line})" if line else "")


def step_error(source: str, where: str) -> Callable[[str], OracleError]:
    """The error of one step: ``problem`` -> an OracleError naming the file and the step."""
    return lambda problem: OracleError(problem, source=source, field=where)


def strip_comment(line: str) -> str:
    quoted = False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == "#" and not quoted:
            return line[:i]
    return line


def unquote(quoted: str, err: Callable[[str], OracleError]) -> str:
    """The text of a double-quoted name (JSON string rules); ``err`` makes the error of a name
    JSON cannot read (a control character, a bad escape), so that it is one line, not a crash."""
    try:
        return json.loads(quoted)
    except json.JSONDecodeError as exc:
        raise err(f"cannot read the quoted name {quoted[:30]!r}: {exc.msg}") from None


def tokens(text: str, pattern: re.Pattern, err: Callable[[str], OracleError], *, hint: str,
           number: Callable[[str], Any] = str) -> list[tuple[str, Any]]:
    """The tokens of one step of a text form: (group name, value) for each match of ``pattern``,
    quoted names unquoted and ``num`` tokens read by ``number``; what matches nothing is one
    error line ending in ``hint``."""
    toks: list[tuple[str, Any]] = []
    pos, text = 0, text.rstrip()
    while pos < len(text):
        m = pattern.match(text, pos)
        if not m or m.end() == pos:
            raise err(f"cannot read {text[pos:].strip()[:30]!r}: {hint}")
        kind = m.lastgroup
        value = m.group(kind)
        toks.append((kind, unquote(value, err) if kind == "str" else number(value) if kind == "num" else value))
        pos = m.end()
    return toks


def parse_text(text: str, parse_step: ParseStep, *, source: str = "<line>") -> tuple[str | None, list]:
    """The position file named in the text (if any) and the steps."""
    ref, steps = None, []
    for n, raw in enumerate(text.splitlines(), 1):
        body = strip_comment(raw).strip()
        if not body:
            continue
        if body.startswith("position"):
            m = re.fullmatch(r'position\s+"((?:[^"\\]|\\.)*)"', body)
            if not m or steps or ref:
                raise OracleError('the position is named once, before the steps: position "file.json"',
                                  source=source, field=f"line {n}")
            ref = unquote(f'"{m.group(1)}"', lambda problem: OracleError(problem, source=source, field=f"line {n}"))
            continue
        steps.append(parse_step(body, len(steps) + 1, source=source, line=n))
    return ref, steps


def step_from_json(item: Any, number: int, source: str, parse_step: ParseStep, from_object: FromObject) -> Any:
    where = f"steps[{number - 1}]"
    if isinstance(item, str):
        return parse_step(item, number, source=source)
    if not isinstance(item, dict):
        raise OracleError("a step is a string in the text form or an object", source=source, field=where)
    return from_object(item, number, source, where)


def read_line(path: str | Path, parse_step: ParseStep, from_object: FromObject) -> tuple[Any, list]:
    """The position reference and the steps of a line file: JSON (``.json`` or starting with ``{``)
    or the text form."""
    source = str(path)
    text = jsonfile.read_text(path)
    if not (source.endswith(".json") or text.lstrip().startswith("{")):
        return parse_text(text, parse_step, source=source)
    doc = jsonfile.loads(text, source)
    if not isinstance(doc, dict) or not isinstance(doc.get("steps"), list):
        raise OracleError('a line file is a JSON object with "position" and "steps" (a list)', source=source)
    steps = [step_from_json(item, n, source, parse_step, from_object) for n, item in enumerate(doc["steps"], 1)]
    return doc.get("position"), steps


def position_file(path: str | Path) -> tuple[Any, str]:
    """The position document of a file a command takes as a position, and the file it came from:
    a position file itself, or a puzzle or JSON line holding its position or naming its file (what
    ``oracle puzzle import`` writes is such a puzzle)."""
    doc = jsonfile.read(path)
    if isinstance(doc, dict) and isinstance(doc.get("position"), (dict, str)):
        return position_doc(doc["position"], None, Path(path).parent, str(path))
    return doc, str(path)


def position_doc(ref: Any, override: Any, base: Path, source: str) -> tuple[Any, str]:
    """The position document a line or puzzle names, and the file it came from.

    ``ref`` is the line's own (an object, or a file relative to ``base``, the line file's folder);
    ``override``, given on the command line, wins and is relative to the working directory."""
    ref = override if override is not None else ref
    if isinstance(ref, dict):
        return ref, source
    if isinstance(ref, (str, Path)):
        path = Path(ref)
        path = path if path.is_absolute() or override is not None else base / path
        return jsonfile.position_of(jsonfile.read(path)), str(path)
    raise OracleError('the line names no position: add  position "file.json"  (text form) or "position" (JSON)',
                      source=source)
