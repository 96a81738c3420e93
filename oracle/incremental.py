"""The shortest lines to a goal, by incremental solving: the search both games' puzzles use.

The search is clingo's incmode scheme (as in asprilo): ``base`` and ``check(0)`` are grounded
once; then for k = 1, 2, ... the parts of step k are added to the *same* control, the external
``query(k)`` is set true (and released after the solve) and the control is solved again, keeping
what the solver learned.  The first horizon with a model is the length of a shortest line; each
game's goals forbid reaching the goal before the last step, so ``--all`` lists each minimal line
once per length and never a line that merely extends a shorter one.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

import clingo

from oracle.solver import solve

# Who hears of each horizon searched (steps, lines found so far, seconds): set by ``progress``
# for the time of a search, so that neither game's solve_puzzle has to pass it along.
_PROGRESS: ContextVar[Callable[[int, int, float], None] | None] = ContextVar("progress", default=None)


@contextmanager
def progress(report: Callable[[int, int, float], None]) -> Iterator[None]:
    """Call ``report(steps, lines, seconds)`` after each horizon of the searches run inside."""
    token = _PROGRESS.set(report)
    try:
        yield
    finally:
        _PROGRESS.reset(token)


@dataclass
class Outcome:
    puzzle: Any
    lines: list[list] = field(default_factory=list)   # each line a list of the game's Steps
    max_steps: int = 0
    searched: int = 0                 # horizons fully searched (no line shorter than ... exists)
    stopped: str | None = None        # why the search stopped early
    seconds: float = 0.0
    already: bool = False             # the goal holds before any step
    exhausted: int | None = None      # no line has this many actions at all: the goal is unreachable at any length

    @property
    def solved(self) -> bool:
        return bool(self.lines) or self.already

    def bound(self) -> str:
        """The bound of the search in words ("no line of at most ... reaches the goal")."""
        return f"{self.max_steps} step{'s' if self.max_steps != 1 else ''}"

    def text(self) -> str:
        out = []
        if self.already:
            out.append("the goal already holds: no step is needed")
        for n, steps in enumerate(self.lines, 1):
            out.append(f"line {n} ({len(steps)} step{'s' if len(steps) != 1 else ''}):")
            for s in steps:
                out.append(f"  {s.text()}")
                out += [f"    {f.text()}" for f in getattr(s, "then", ())]  # what followed the step
        if not self.solved:
            if self.exhausted is not None:
                out.append(f"no line of any length reaches the goal: no line has {self.exhausted} "
                           f"step{'s' if self.exhausted != 1 else ''} (after {self.exhausted - 1} no action at all is possible)")
            elif self.stopped:
                out.append(f"no line found: {self.stopped}; no line of {self.searched} steps or fewer reaches the goal")
            else:
                out.append(f"no line of at most {self.bound()} reaches the goal "
                           "(the search covered every line up to that bound)")
        elif self.stopped:
            out.append(f"the search stopped early ({self.stopped}); more lines may exist")
        return "\n".join(out)


def search(out: Outcome, control: Callable[[], clingo.Control], step_parts: Callable[[int], list],
           read: Callable[[list[clingo.Symbol], int], list], *, all_lines: bool = False,
           timeout: float | None = None, limit: int | None = None, project: bool = False,
           query_time: Callable[[int], int] | None = None, exhaust: bool = False) -> Outcome:
    """Fill ``out`` with the shortest lines (every minimal line up to ``out.max_steps`` with
    ``all_lines``, at most ``limit`` of them).

    ``control()`` grounds ``base`` and ``check(0)``, ``step_parts(k)`` names the parts of step k,
    ``read(shown, k)`` turns the shown atoms of a model into its k steps.  ``project`` has the
    solver project onto the shown atoms.  Reaching ``limit`` is reported as a stop: longer
    horizons may hold more minimal lines that were not searched.  ``query_time(k)`` is the time
    step whose query/1 asks the goal after k steps (a game whose steps span several time steps).

    With ``exhaust``, when a horizon has no line reaching the goal, the same control is asked whether any line of
    that many steps exists at all (query released); when none does, no longer line exists either
    and the goal is unreachable at any length: ``out.exhausted`` is set and the search stops."""
    started = time.perf_counter()
    ctl = control()
    query = lambda k: clingo.Function("query", [clingo.Number(query_time(k) if query_time and k else k)])

    def left() -> float | None:
        return None if timeout is None else max(0.01, timeout - (time.perf_counter() - started))

    ctl.assign_external(query(0), True)
    res = solve(ctl, limit=1, timeout=left())
    ctl.release_external(query(0))
    if res.models:
        out.already = True
        out.seconds = time.perf_counter() - started
        return out
    for k in range(1, out.max_steps + 1):
        if timeout is not None and time.perf_counter() - started >= timeout:
            out.stopped = f"stopped after the time limit of {timeout:g} s"
            break
        ctl.ground(step_parts(k))
        ctl.assign_external(query(k), True)
        want = 1
        if all_lines:
            want = max(1, limit - len(out.lines)) if limit else 0
        res = solve(ctl, limit=want, timeout=left(), project=project)
        ctl.release_external(query(k))
        out.lines += [read(shown, k) for shown in res.models]
        report = _PROGRESS.get()
        if report is not None:
            report(k, len(out.lines), time.perf_counter() - started)
        if res.stopped and "time limit" in res.stopped:
            out.stopped = f"stopped after the time limit of {timeout:g} s, at {k} steps"
            break
        out.searched = k
        if exhaust and not res.models and not out.lines:
            any_line = solve(ctl, limit=1, timeout=left())
            if not any_line.models and not any_line.stopped:
                out.exhausted = k
                break
        if out.lines and (not all_lines or (limit and len(out.lines) >= limit)):
            if all_lines and limit and len(out.lines) >= limit:
                out.stopped = f"stopped at the limit of {limit} lines"
            break
    out.lines.sort(key=lambda steps: (len(steps), [s.text() for s in steps]))
    out.seconds = time.perf_counter() - started
    return out
