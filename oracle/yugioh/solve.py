"""Puzzles: a position plus a goal; find the shortest line that reaches it, by incremental solving.

The search is the incmode scheme of oracle/incremental.py: ``step(k)`` and ``check(k)`` are added
to the same control for k = 1, 2, ... and the external ``query(k)`` is set for the current horizon
only.  goals.lp forbids reaching the goal before the last step, so ``--all`` lists each minimal
line once per length and never a line that merely extends a shorter one.
Lines are projected onto the shown atoms (act, mat, spell, pend, target): two lines differing
only in zones or in how materials are grouped are one line.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import clingo

from oracle import incremental, jsonfile
from oracle.errors import OracleError
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
class Outcome(incremental.Outcome):
    puzzle: Puzzle
    effects: list[str] = field(default_factory=list)   # cards on the field whose effects are not modelled

    def text(self) -> str:
        out = super().text()
        if self.effects:
            out += ("\nnote: card effects are not modelled (summoning and battle only); these cards on the "
                    "field have effects that may change the answer: " + ", ".join(self.effects))
        return out

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

        imported = import_lua(path, library=library)
        goal, objective = imported.goal, imported.objective or ""
        if not goal and not objective:
            # EDOPro puzzles (aux.BeginPuzzle) are one-turn puzzles: won this turn unless stated otherwise.
            goal, objective = {"win": True}, "(no objective stated: an EDOPro puzzle is won this turn)"
        if not goal:
            raise OracleError(f"the puzzle's objective is not a goal the solver knows: {objective!r}", source=source)
        return Puzzle(parse_position(imported.position, source=source, library=library), goal, source, objective)
    return puzzle_from_json(jsonfile.read(path), source=source, base=Path(path).parent, library=library)


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
    out = Outcome(puzzle, max_steps=max_steps, effects=field_effects(puzzle.position))
    return incremental.search(
        out, lambda: control(puzzle.position, library, goal_facts(puzzle, library)), step_parts,
        lambda shown, k: [_step(puzzle.position, shown, t) for t in range(1, k + 1)],
        all_lines=all_lines, timeout=timeout, limit=limit, project=True)


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
