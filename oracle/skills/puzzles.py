"""Skill puzzles: a position plus a goal; the shortest line of casts reaching it (``oracle solve``).

Puzzle JSON::

    {"position": {...} or "position.json",
     "goal": {"have": "伊伽貝拉"}                  # a unit of that kind ("have the spirit king"; or a list)
          or {"units": {"骷髏戰士": 1, "lesser spirit": 7}}   # at least N units of a kind or group
          or {"merged": "骷髏戰士"}                 # merged with a unit of that kind
          or {"every": "下級精靈"}}                 # one unit of every kind of a group ("all four elemental spirits")

Several goal keys must all hold.  The search is the incmode scheme shared with the card games
(oracle/incremental.py); asp/skills/goals.lp forbids reaching the goal before the last step.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import clingo

from oracle import incremental, jsonfile, linefile
from oracle.puzzle_doc import goal_entries, puzzle_object
from oracle.errors import OracleError
from oracle.skills.lines import Line, Step, control, step_parts, steps_from_shown
from oracle.skills.position import Position, parse_position
from oracle.terms import COUNT_MAX, fact, whole_number

GOAL_KEYS = ("have", "units", "merged", "every")


@dataclass
class Puzzle:
    position: Position
    goal: dict
    source: str = "<puzzle>"


@dataclass
class Outcome(incremental.Outcome):
    puzzle: Puzzle

    def to_json(self) -> dict:
        return {"game": "skills", "solved": self.solved, "already": self.already, "max_steps": self.max_steps,
                "searched": self.searched, "stopped": self.stopped, "seconds": round(self.seconds, 3),
                "lines": [[s.text() for s in steps] for steps in self.lines]}


def goal_facts(puzzle: Puzzle) -> list[clingo.Symbol]:
    """goal/1 facts (asp/skills/goals.lp) from the JSON goal."""
    goal, src, cls = puzzle.goal, puzzle.source, puzzle.position.cls
    out = []
    for key, value, where in goal_entries(goal, src, GOAL_KEYS, '{"have": "伊伽貝拉"} or {"units": {"Skeleton": 3}}',
                                          "skills"):
        if key == "have":
            names = value if isinstance(value, list) else [value]
            out += [fact("goal", ("have", cls.find("unit", n, source=src, field=f"{where}[{i}]")))
                    for i, n in enumerate(names)]
        elif key == "units":
            if not isinstance(value, dict) or not value:
                raise OracleError('units is an object of unit kinds or groups and counts', source=src, field=where)
            for name, n in value.items():
                whole_number(n, lo=1, hi=COUNT_MAX, what="a count", source=src, field=f"{where}.{name}")
                out.append(fact("goal", ("units", cls.find("set", name, source=src, field=f"{where}.{name}"), n)))
        elif key == "merged":
            out.append(fact("goal", ("merged", cls.find("unit", value, source=src, field=where))))
        else:
            out.append(fact("goal", ("every", cls.find("group", value, source=src, field=where))))
    return out


def load_puzzle(path: str | Path) -> Puzzle:
    return puzzle_from_json(jsonfile.read(path), source=str(path), base=Path(path).parent)


def puzzle_from_json(doc: Any, *, source: str = "<puzzle>", base: Path | None = None) -> Puzzle:
    puzzle_object(doc, source, ("comment", "description"))
    pdoc, psource = linefile.position_doc(doc["position"], None, base or Path("."), source)
    return Puzzle(parse_position(pdoc, psource), doc["goal"], source)


def solve_puzzle(puzzle: Puzzle, *, max_steps: int = 8, all_lines: bool = False, timeout: float | None = None,
                 limit: int | None = None) -> Outcome:
    """The shortest line reaching the goal (every minimal line up to ``max_steps`` with ``all_lines``)."""
    goals = goal_facts(puzzle)
    return incremental.search(
        Outcome(puzzle, max_steps=max_steps), lambda: control(puzzle.position, goals, check=True),
        lambda k: step_parts(k, check=True), lambda shown, k: steps_from_shown(puzzle.position, shown, k),
        all_lines=all_lines, timeout=timeout, limit=limit, project=True)


def as_line(puzzle: Puzzle, steps: list[Step]) -> Line:
    """A found line as a Line, ready for check_line (how tests replay solver answers)."""
    return Line(puzzle.position, [Step(n, s.action, s.skill, list(s.sacrificing)) for n, s in enumerate(steps, 1)],
                puzzle.source)
