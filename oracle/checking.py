"""Checking a line, the same for every game: the first illegal step, found one step more at a
time on one control (multi-shot), and the report people read.  Each game grounds its own rules
and reads its own models; the readings of the legal steps and the explanation of the illegal one
stay with the game (oracle/yugioh/lines.py, oracle/duel_masters/lines.py), the explanation in the
words of the game's own sentences (explain_illegal).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import clingo

from oracle.errors import OracleError
from oracle.solver import solve


@dataclass
class StepResult:
    """One step of a checked line, in every game: legal with its reading and the state after it,
    or illegal with one sentence per broken rule."""

    step: Any
    legal: bool
    reading: str = ""                 # the step as the rules read it (which copy, which materials)
    state: list[str] = field(default_factory=list)   # the state after it, in short lines
    position: dict | None = None      # the state after it as a position document
    reasons: list[str] = field(default_factory=list)  # illegal: one sentence per broken rule
    terms: list[str] = field(default_factory=list)    # illegal: the fail/2 terms, as clingo prints them


@dataclass
class Line:
    """A line of any game: its position, its steps, and where it was read from."""

    position: Any
    steps: list
    source: str = "<line>"


@dataclass
class CheckedLine:
    """A checked line: each step's result and the verdict; each game adds how it is printed."""

    line: Any
    steps: list
    status: str                       # legal, illegal, ambiguous
    message: str = ""

    @property
    def legal(self) -> bool:
        return self.status == "legal"


def first_illegal(ctl: clingo.Control, steps: Sequence[Any], step_parts: Callable[[int], list], *,
                  timeout: float | None, source: str) -> Any | None:
    """The first of ``steps`` after which the line has no reading (None: every step is legal).

    ``ctl`` is grounded for no step yet; step t is added with ``step_parts(t)``, so the control
    keeps what it learned from the shorter prefixes."""
    for s in steps:
        ctl.ground(step_parts(s.number))
        res = solve(ctl, limit=1, timeout=timeout)
        if not res.models and res.stopped:
            raise OracleError(f"{res.stopped} while checking {s.where}", source=source)
        if not res.models:
            return s
    return None


def relaxed_rules(t: int) -> str:
    """The program text that explains step t: with ``relaxed`` the rules of a step become costs
    (fail/2 atoms to minimise), except before step t, whose steps keep every rule."""
    return f"relaxed.\n#program step(t).\n:- fail(t,_), t < {t}.\n"


def explain_illegal(ctl: clingo.Control, illegal: Any, *, timeout: float | None, source: str,
                    sentence: Callable[[Any, list[clingo.Symbol], int], str],
                    no_reading: str) -> tuple[list[str], list[str]]:
    """The illegal step explained by ``ctl``, the relaxed program grounded up to it (relaxed_rules):
    the reasons (one sentence per rule that its best reading breaks, or ``no_reading`` when even a
    reading that breaks rules does not exist: a card named in a role it cannot take) and the
    fail/2 terms."""
    t = illegal.number
    res = solve(ctl, limit=1, timeout=timeout, optimal_only=True, atoms=True)
    if not res.models:
        if res.stopped:
            raise OracleError(f"{res.stopped} while explaining {illegal.where}", source=source)
        return [no_reading], []
    atoms = res.atoms[-1]
    fails = sorted((a.arguments[1] for a in atoms if a.name == "fail" and a.arguments[0].number == t), key=str)
    return [sentence(f, atoms, t) for f in fails], [str(f) for f in fails]


def report(results: Sequence[Any], status: str, message: str, details: Callable[[Any], list[str]]) -> str:
    """A checked line in words: each step, legal (with ``details(result)`` below it) or illegal
    (with its reasons), then the verdict."""
    out = []
    for r in results:
        head = f"step {r.step.number}: {r.step.text()}"
        if r.legal:
            out.append(f"{head}  -- legal")
            out += details(r)
        else:
            out.append(f"{head}  -- ILLEGAL")
            out += [f"  - {s}" for s in r.reasons]
    if status == "legal":
        n = len(results)
        out.append(f"the line is legal ({n} step{'s' if n != 1 else ''})")
    elif message:
        out.append(message)
    return "\n".join(out)
