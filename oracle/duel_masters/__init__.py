"""Duel Masters rules pack: every legal summon of a position, with every way to pay for it.

Entry points: ``run_plays`` for the CLI (``oracle plays`` with "game": "duel-masters") and
``plays`` for Python callers.
"""
from __future__ import annotations

import json

from clingo import Function, Number

from oracle.solver import make_control, solve

__all__ = ["plays", "run_plays", "solve_position"]


def _position(doc, source: str):
    from oracle.duel_masters.position import Position, parse_position

    return doc if isinstance(doc, Position) else parse_position(doc, source)


def solve_position(position, *, all_payments: bool = False, explain: bool = False,
                   limit: int | None = None, timeout: float | None = None):
    """Ground rules + facts for step 1 and enumerate its answer sets (projected)."""
    from oracle.duel_masters.facts import as_program, pack, position_facts
    from oracle.duel_masters.lines import view_pre, view_st

    facts = position_facts(position, all_payments=all_payments)
    if explain:
        facts.append(Function("explain"))
    arguments = ["-c", "least=0"] if explain else []
    ctl = make_control(pack(facts), as_program(facts), arguments=arguments,
                       parts=(("base", ()), ("step", (Number(1),)), view_st(1), view_pre(1)))
    return solve(ctl, limit=limit, timeout=timeout, project=True)


def plays(position, *, all_payments: bool = False, limit: int | None = None,
          timeout: float | None = None, source: str = "<position>"):
    """The legal plays of a position (dict or Position) as Play objects."""
    from oracle.duel_masters.plays import plays_from

    pos = _position(position, source)
    return plays_from(solve_position(pos, all_payments=all_payments, limit=limit, timeout=timeout), pos)


def run_plays(doc: dict, source: str, *, as_json: bool, count: bool, all_payments: bool,
              explain: bool, limit: int | None, timeout: float | None) -> tuple[str, bool]:
    """Text to print for ``oracle plays`` and whether the enumeration was complete."""
    from oracle.duel_masters.explain import explanation
    from oracle.duel_masters.plays import plays_from, table

    pos = _position(doc, source)
    result = solve_position(pos, all_payments=all_payments, limit=limit, timeout=timeout)
    found = plays_from(result, pos)
    note = f"(incomplete: {result.stopped})" if not result.complete else ""
    if as_json:
        body: dict = {"count": len(found)} if count else {"plays": [p.to_json() for p in found]}
        body["complete"] = result.complete
        if explain:
            body["explain"] = explanation(pos, all_payments=all_payments)
        return json.dumps(body, ensure_ascii=False, indent=2), result.complete
    text = str(len(found)) if count else table(found)
    if note:
        text += "\n" + note
    if explain:
        text += "\n\n" + "\n".join(explanation(pos, all_payments=all_payments))
    return text, result.complete

