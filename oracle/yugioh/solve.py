"""Puzzles: a position plus a goal; find the shortest line that reaches it, by incremental solving.

The search is clingo's incmode scheme (as in asprilo): ``base`` and ``check(0)`` are grounded
once; then for k = 1, 2, ... the parts ``step(k)`` and ``check(k)`` are added to the *same*
control, the external ``query(k)`` is set true (and ``query(k-1)`` released) and the control is
solved again, keeping what the solver learned.  The first horizon with a model is the length
of a shortest line; goals.lp also forbids reaching the goal before the last step, so ``--all``
lists each minimal line once per length and never a line that merely extends a shorter one.
Lines are projected onto the shown atoms (act, mat, spell, pend, target): two lines differing
only in zones or in how materials are grouped are one line.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import clingo

from oracle.errors import OracleError
from oracle.solver import solve
from oracle.yugioh.cards import Library
from oracle.yugioh.lines import Line, Step, control, describe_step, step_parts
from oracle.yugioh.position import Position, load_position, parse_position

GOAL_KEYS = ("summon", "board", "monsters", "damage", "win")


@dataclass
class Puzzle:
    position: Position
    goal: dict
    source: str = "<puzzle>"
    objective: str = ""


@dataclass
class Outcome:
    puzzle: Puzzle
    lines: list[list[Step]] = field(default_factory=list)
    max_steps: int = 0
    searched: int = 0                 # horizons fully searched (no line shorter than ... exists)
    stopped: str | None = None        # why the search stopped early
    seconds: float = 0.0
    already: bool = False             # the goal holds before any step
    effects: list[str] = field(default_factory=list)   # cards on the field whose effects are not modelled

    @property
    def solved(self) -> bool:
        return bool(self.lines) or self.already

    def text(self) -> str:
        out = []
        if self.already:
            out.append("the goal already holds: no step is needed")
        for n, steps in enumerate(self.lines, 1):
            out.append(f"line {n} ({len(steps)} step{'s' if len(steps) != 1 else ''}):")
            out += [f"  {s.text()}" for s in steps]
        if not self.solved:
            if self.stopped:
                out.append(f"no line found: {self.stopped}; no line of {self.searched} steps or fewer reaches the goal")
            else:
                out.append(f"no line of at most {self.max_steps} steps reaches the goal "
                           f"(the search covered every line up to that bound)")
        elif self.stopped:
            out.append(f"the search stopped early ({self.stopped}); more lines may exist")
        if self.effects:
            out.append("note: card effects are not modelled (summoning and battle only); these cards on the "
                       "field have effects that may change the answer: " + ", ".join(self.effects))
        return "\n".join(out)

    def to_json(self) -> dict:
        return {"solved": self.solved, "already": self.already, "max_steps": self.max_steps,
                "searched": self.searched, "stopped": self.stopped, "seconds": round(self.seconds, 3),
                "lines": [[s.text() for s in steps] for steps in self.lines], "unmodelled_effects": self.effects}


def goal_facts(puzzle: Puzzle, library: Library) -> str:
    """goal/1 facts (goals.lp) from the JSON goal."""
    goal, src = puzzle.goal, puzzle.source
    if not isinstance(goal, dict) or not goal:
        raise OracleError('a goal is an object such as {"summon": "Black Rose Dragon"} or {"win": true}',
                          source=src, field="goal")
    out = []
    for key, value in goal.items():
        where = f"goal.{key}"
        if key not in GOAL_KEYS:
            raise OracleError(f"unknown goal {key!r}; the goals are {', '.join(GOAL_KEYS)}", source=src, field=where)
        if key == "summon":
            out.append(f"goal(summon({library.resolve(value, source=src, field=where).name_code})).")
        elif key == "board":
            if not isinstance(value, list) or not value:
                raise OracleError("board is a list of card names", source=src, field=where)
            counts: dict[int, int] = {}
            for n, ref in enumerate(value):
                code = library.resolve(ref, source=src, field=f"{where}[{n}]").name_code
                counts[code] = counts.get(code, 0) + 1
            out += [f"goal(board({c},{k}))." for c, k in sorted(counts.items())]
        elif key in ("monsters", "damage"):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise OracleError(f"{key} is a positive whole number", source=src, field=where)
            out.append(f"goal({key}({value})).")
        elif key == "win":
            if value is not True:
                raise OracleError('write "win": true', source=src, field=where)
            out.append("goal(win).")
    return "\n".join(out) + "\n"


def load_puzzle(path: str | Path, *, library: Library | None = None) -> Puzzle:
    """A puzzle file: JSON with "position" (object or file) and "goal"; or an EDOPro .lua file."""
    source = str(path)
    library = library or Library.load()
    if source.endswith(".lua"):
        from oracle.yugioh.puzzle_lua import import_lua

        imported = import_lua(path)
        goal, objective = imported.goal, imported.objective or ""
        if not goal and not objective:
            # EDOPro puzzles (aux.BeginPuzzle) are one-turn puzzles: won this turn unless stated otherwise.
            goal, objective = {"win": True}, "(no objective stated: an EDOPro puzzle is won this turn)"
        if not goal:
            raise OracleError(f"the puzzle's objective is not a goal the solver knows: {objective!r}", source=source)
        return Puzzle(parse_position(imported.position, source=source, library=library), goal, source, objective)
    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise OracleError(f"cannot read the file: {exc.strerror or exc}", source=source) from None
    except json.JSONDecodeError as exc:
        raise OracleError(f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}", source=source) from None
    return puzzle_from_json(doc, source=source, base=Path(path).parent, library=library)


def puzzle_from_json(doc: Any, *, source: str = "<puzzle>", base: Path | None = None,
                     library: Library | None = None) -> Puzzle:
    library = library or Library.load()
    if not isinstance(doc, dict) or "position" not in doc or ("goal" not in doc and "objective" not in doc):
        raise OracleError('a puzzle is a JSON object with "position" and "goal"', source=source)
    goal, objective = doc.get("goal"), doc.get("objective") or doc.get("description") or ""
    if goal is None and "objective" in doc:
        # the output of `oracle puzzle import`: an EDOPro puzzle is won this turn unless it says otherwise
        if doc.get("objective"):
            raise OracleError(f"the puzzle's objective is not a goal the solver knows: {objective!r}", source=source)
        goal, objective = {"win": True}, "(no objective stated: an EDOPro puzzle is won this turn)"
    ref = doc["position"]
    if isinstance(ref, str):
        path = Path(ref)
        position = load_position(path if path.is_absolute() else (base or Path(".")) / path, library=library)
    else:
        position = parse_position(ref, source=source, library=library)
    return Puzzle(position, goal, source, objective)


def solve_puzzle(puzzle: Puzzle, *, max_steps: int = 8, all_lines: bool = False, timeout: float | None = None,
                 library: Library | None = None, limit: int | None = None) -> Outcome:
    """The shortest line reaching the goal (every minimal line up to ``max_steps`` with ``all_lines``)."""
    library = library or Library.load()
    started = time.perf_counter()
    out = Outcome(puzzle, max_steps=max_steps, effects=field_effects(puzzle.position))
    ctl = control(puzzle.position, library, goal_facts(puzzle, library))
    query = lambda k: clingo.Function("query", [clingo.Number(k)])

    def left() -> float | None:
        return None if timeout is None else max(0.01, timeout - (time.perf_counter() - started))

    ctl.assign_external(query(0), True)
    res = solve(ctl, limit=1, timeout=left())
    ctl.release_external(query(0))
    if res.models:
        out.already = True
        out.seconds = time.perf_counter() - started
        return out
    for k in range(1, max_steps + 1):
        if timeout is not None and time.perf_counter() - started >= timeout:
            out.stopped = f"stopped after the time limit of {timeout:g} s"
            break
        ctl.ground(step_parts(k))
        ctl.assign_external(query(k), True)
        want = 0 if all_lines else 1
        if all_lines and limit:
            want = max(1, limit - len(out.lines))
        res = solve(ctl, limit=want, timeout=left(), project=True)
        ctl.release_external(query(k))
        for model in res.models:
            out.lines.append([_step(puzzle.position, model, t) for t in range(1, k + 1)])
        if res.stopped and "time limit" in res.stopped:
            out.stopped = f"stopped after the time limit of {timeout:g} s, at {k} steps"
            break
        out.searched = k
        if out.lines and (not all_lines or (limit and len(out.lines) >= limit)):
            if all_lines and limit and len(out.lines) >= limit:
                out.stopped = f"stopped at the limit of {limit} lines"
            break
    out.lines.sort(key=lambda steps: (len(steps), [s.text() for s in steps]))
    out.seconds = time.perf_counter() - started
    return out


def field_effects(position: Position) -> list[str]:
    """Names of the cards on the field (both players) that have effects: the solver ignores them."""
    names = []
    for slot in position.slots:
        on_field = slot.location in ("monster_zone", "extra_monster_zone", "spell_trap_zone", "field_zone")
        card = slot.card
        if on_field and ("effect" in card.kinds or card.is_spell or card.is_trap) and card.name not in names:
            names.append(card.name)
    return names


def _step(position: Position, model: list[clingo.Symbol], t: int) -> Step:
    _, ids = describe_step(position, model, t)
    name = lambda i: position.slot(i).card.name
    action = next(a.arguments[1].name for a in model if a.name == "act" and a.arguments[0].number == t)
    target = ids["target"]
    return Step(t, action, card=name(ids["card"]) if ids["card"] else None,
                materials=sorted(name(m) for m in ids["materials"]), spell=name(ids["spell"]) if ids["spell"] else None,
                cards=sorted(name(i) for i in ids["cards"]),
                target=None if target is None else "direct" if target == "direct" else name(target))


def as_line(puzzle: Puzzle, steps: list[Step]) -> Line:
    """A found line as a Line, ready for check_line (how tests replay solver answers)."""
    return Line(puzzle.position, [Step(n, s.action, s.card, list(s.materials), s.spell, list(s.cards), s.target)
                                  for n, s in enumerate(steps, 1)], puzzle.source)
