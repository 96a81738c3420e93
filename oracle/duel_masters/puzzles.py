"""Duel Masters puzzles: a position plus a goal; the shortest line that reaches it (``oracle solve``).

(Named puzzles.py, not solve.py: ``oracle.duel_masters.solve`` is already the package's name for
oracle.solver.solve, and a submodule of that name would replace it.)

Puzzle JSON::

    {"position": {...} or "position.json",
     "goal": {"summon": "Bronze-Arm Tribe"}            # that creature in the battle zone
          or {"board": ["Aqua Hulcus", "Aqua Hulcus"]}  # all of these (copies counted)
          or {"creatures": 3},                          # at least that many creatures
     "player": 0}                                       # whose battle zone; default: the turn player

Several goal keys must all hold.  A creature under an evolution creature does not count.

The search is clingo's incmode scheme, shared with Yu-Gi-Oh! (oracle/incremental.py): ``base`` and
``check(0)`` are grounded once, then ``step(k)`` and ``check(k)`` are added to the same control
for k = 1, 2, ...; the external ``query(k)`` is set for the current horizon only
(asp/duel_masters/goals.lp).  The first horizon with a model is the length of a shortest line;
a line must reach the goal at its last step only, so ``--all`` lists each minimal line once.
Lines are projected onto the actions (summon, charge, put and evolution base): two lines that
differ only in the payment are one line, printed with one payment that works.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import clingo

from oracle import incremental, jsonfile
from oracle.duel_masters.lines import (
    PROJECT,
    PROJECT_MODE,
    Line,
    Step,
    control,
    position_doc,
    step_parts,
    steps_from_shown,
)
from oracle.duel_masters.position import Position, parse_position
from oracle.errors import OracleError
from oracle.puzzle_doc import goal_entries, puzzle_object
from oracle.terms import COUNT_MAX, fact, whole_number

GOAL_KEYS = ("summon", "board", "creatures", "win")


@dataclass
class Puzzle:
    position: Position
    goal: dict
    player: int
    source: str = "<puzzle>"
    doc: dict | None = None
    lethal: Any = None  # the lethal problem of a {"win": true} goal


@dataclass
class Outcome(incremental.Outcome):
    puzzle: Puzzle

    def to_json(self) -> dict:
        return {"game": "duel-masters", "solved": self.solved, "already": self.already,
                "max_steps": self.max_steps, "searched": self.searched, "stopped": self.stopped,
                "seconds": round(self.seconds, 3), "lines": [[s.text() for s in steps] for steps in self.lines]}


def goal_facts(puzzle: Puzzle) -> list[clingo.Symbol]:
    """goal/1 and goal_player/1 facts (asp/duel_masters/goals.lp) from the JSON goal."""
    goal, src, pos = puzzle.goal, puzzle.source, puzzle.position

    def code(ref: Any, where: str) -> int:
        if not isinstance(ref, (str, int)) or isinstance(ref, bool):
            raise OracleError("a card name (or printing id) is expected", source=src, field=where)
        card = pos.library.get(str(ref), field=where)
        if not any(i.card.code == card.code for i in pos.instances):
            raise OracleError(f"there is no {card.name} in the position, so no line can reach this goal",
                              source=src, field=where)
        return card.code

    out = [fact("goal_player", puzzle.player)]
    for key, value, where in goal_entries(goal, src, GOAL_KEYS, '{"summon": "Bronze-Arm Tribe"} or {"creatures": 2}',
                                          "Duel Masters"):
        if key == "summon":
            out.append(fact("goal", fact("summon", code(value, where))))
        elif key == "board":
            if not isinstance(value, list) or not value:
                raise OracleError("board is a list of card names", source=src, field=where)
            counts: dict[int, int] = {}
            for n, ref in enumerate(value):
                c = code(ref, f"{where}[{n}]")
                counts[c] = counts.get(c, 0) + 1
            out += [fact("goal", fact("board", c, k)) for c, k in sorted(counts.items())]
        else:
            count = whole_number(value, lo=1, hi=COUNT_MAX, what="the number of creatures",
                                 source=src, field=where)
            out.append(fact("goal", fact("creatures", count)))
    return out


def load_puzzle(path: str | Path) -> Puzzle:
    return puzzle_from_json(jsonfile.read(path), source=str(path), base=Path(path).parent)


def puzzle_from_json(doc: Any, *, source: str = "<puzzle>", base: Path | None = None) -> Puzzle:
    puzzle_object(doc, source, ("player", "comment", "description"))
    pdoc, psource = position_doc(doc["position"], None, base or Path("."), source)
    if isinstance(doc["goal"], dict) and "win" in doc["goal"]:
        # {"win": true}: a line that wins this turn against every reply (oracle/duel_masters/lethal.py),
        # whose position may give face-down shields and a deck list.
        if doc["goal"] != {"win": True} or "player" in doc:
            raise OracleError('the goal "win" is {"win": true} alone, for the turn player', source=source,
                              field="goal")
        from oracle.duel_masters.lethal import problem_from

        problem = problem_from(pdoc, psource)
        return Puzzle(problem.position, doc["goal"], problem.position.turn_player, source, pdoc, problem)
    position = parse_position(pdoc, psource)
    player = doc.get("player", position.turn_player)
    if type(player) is not int or player not in (0, 1):
        raise OracleError("must be 0 or 1", source=source, field="player")
    return Puzzle(position, doc["goal"], player, source, pdoc)


def solve_puzzle(puzzle: Puzzle, *, max_steps: int = 8, all_lines: bool = False, timeout: float | None = None,
                 limit: int | None = None) -> Outcome:
    """The shortest line reaching the goal (every minimal line up to ``max_steps`` with ``all_lines``)."""
    if puzzle.lethal is not None:
        from oracle.duel_masters.lethal import WinOutcome, answer

        return WinOutcome(answer(puzzle.lethal, max_steps=max_steps, timeout=timeout))
    def grounded() -> clingo.Control:
        ctl = control(puzzle.position, goal_facts(puzzle), PROJECT, check=True)
        ctl.configuration.solve.project = PROJECT_MODE
        return ctl

    return incremental.search(
        Outcome(puzzle, max_steps=max_steps), grounded, lambda k: step_parts(k, check=True),
        lambda shown, k: steps_from_shown(puzzle.position, shown, k),
        all_lines=all_lines, timeout=timeout, limit=limit)


def as_line(puzzle: Puzzle, steps: list[Step]) -> Line:
    """A found line as a Line, ready for check_line (how tests replay solver answers)."""
    return Line(puzzle.position, [Step(n, s.action, s.card, s.zone, s.method, list(s.paying), list(s.on))
                                  for n, s in enumerate(steps, 1)], puzzle.source, puzzle.doc)
