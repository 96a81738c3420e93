"""Every castable skill of a position with its choices (which units to sacrifice), and why each
other learned skill cannot be cast (``oracle plays``, ``--explain``).

The plays are the answer sets of step 1 (asp/skills/step.lp), projected onto the shown atoms: one
per skill and choice of sacrifice.  An explanation is the check of a one-step line casting that
skill (oracle/skills/lines.py), so it can never disagree with the plays.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from clingo import Number

from oracle.resources import encoding
from oracle.skills.facts import as_program, position_facts
from oracle.skills.lines import Step, check_line, make_line
from oracle.skills.position import Position
from oracle.solver import SolveResult, make_control, solve


NO_WAIT = "#program step(t).\n:- wait(t).\n"


@dataclass
class Play:
    skill: str
    sacrifice: tuple[tuple[str, int], ...] = ()

    def text(self, pos: Position) -> str:
        out = pos.name("skill", self.skill)
        if self.sacrifice:
            out += "  sacrificing " + ", ".join(f"{n} {pos.name('unit', k)}" for k, n in self.sacrifice)
        return out

    def to_json(self, pos: Position) -> dict:
        out: dict = {"skill": pos.cls.skills[self.skill].to_json()}
        if self.sacrifice:
            out["sacrifice"] = [{"unit": pos.cls.units[k].to_json(), "count": n} for k, n in self.sacrifice]
        return out


def solve_plays(pos: Position, *, limit: int | None = None, timeout: float | None = None) -> SolveResult:
    # a wait is no play: it is left out of the enumeration
    ctl = make_control(encoding("skills"), as_program(position_facts(pos)) + NO_WAIT,
                       parts=(("base", ()), ("step", (Number(1),))), one_shot=True)
    return solve(ctl, limit=limit, timeout=timeout, project=True)


def plays(pos: Position, *, limit: int | None = None, timeout: float | None = None) -> tuple[list[Play], SolveResult]:
    result = solve_plays(pos, limit=limit, timeout=timeout)
    found = []
    for shown in result.models:
        skill = next(a.arguments[0].name for a in shown if a.name == "cast")
        sac = tuple(sorted((a.arguments[0].name, a.arguments[1].number) for a in shown if a.name == "sac"))
        found.append(Play(skill, sac))
    order = list(pos.cls.skills)
    found.sort(key=lambda p: (order.index(p.skill), p.sacrifice))
    return found, result


def explanations(pos: Position, found: list[Play], *, timeout: float | None = None) -> list[tuple[str, list[str]]]:
    """(skill, reasons) for each learned skill that is cast and has no play, in the class's order."""
    castable = {p.skill for p in found}
    out = []
    for ident, skill in pos.cls.skills.items():
        if ident in castable or ident not in pos.learned or not skill.cast:
            continue
        line = make_line(pos, [Step(1, "cast", pos.name("skill", ident))], source=pos.source)
        result = check_line(line, timeout=timeout or 30.0)
        reasons = result.steps[-1].reasons if not result.legal else ["castable, but not among the plays found (limit)"]
        out.append((ident, reasons))
    return out


def table(pos: Position, found: list[Play]) -> str:
    if not found:
        return "no skill can be cast"
    return "\n".join(p.text(pos) for p in found)


def run(pos: Position, *, as_json: bool, count: bool, explain: bool, limit: int | None,
        timeout: float | None) -> tuple[str, bool]:
    """Text to print for ``oracle plays`` and whether the enumeration was complete."""
    found, result = plays(pos, limit=limit, timeout=timeout)
    why = explanations(pos, found, timeout=timeout) if explain else []
    if as_json:
        body: dict = {"count": len(found)} if count else {"plays": [p.to_json(pos) for p in found]}
        body["complete"] = result.complete
        if explain:
            body["explain"] = [{"skill": pos.cls.skills[s].to_json(), "reasons": r} for s, r in why]
        return json.dumps(body, ensure_ascii=False, indent=2), result.complete
    text = str(len(found)) if count else table(pos, found)
    if not result.complete:
        text += f"\n(incomplete: {result.stopped})"
    if explain:
        lines = [f"{pos.name('skill', s)}: {'; '.join(r)}" for s, r in why]
        text += "\n\ncannot be cast:\n" + ("\n".join(f"  {x}" for x in lines) if lines else "  (none)")
    return text, result.complete
