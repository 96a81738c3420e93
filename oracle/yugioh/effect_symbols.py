"""The clingo symbols of effect facts (docs/facts-schema.md, "Effects"), shared by the core
reader (effect_text.py) and the module of each family of effects."""
from __future__ import annotations

import clingo


def sym(x) -> clingo.Symbol:
    """A value of the reader (int, name, or a tuple read as a function term) as a symbol."""
    if isinstance(x, int):
        return clingo.Number(x)
    if isinstance(x, str):
        return clingo.Function(x)
    if isinstance(x, tuple):
        return clingo.Function(x[0], [sym(y) for y in x[1:]])
    raise TypeError(x)


def filters(pred: str, head: list, alts: list[frozenset]) -> list[clingo.Symbol]:
    """``pred(head..., A, Sign, Atom)`` for each literal of each alternative A of a card filter
    (``pos(any)`` for an alternative with no literal, so that it still exists)."""
    out = []
    for a, alt in enumerate(alts, 1):
        lits = sorted(alt, key=str) or [("pos", ("any",))]
        out += [clingo.Function(pred, head + [clingo.Number(a), clingo.Function(s), sym(x)]) for s, x in lits]
    return out


def while_facts(code: int, rule: clingo.Symbol, cond: tuple) -> list[clingo.Symbol]:
    """``rule_while(C,R,Lo,Hi,Where)``, its filter and "another" (``rule_while_other``): rule R of
    card C holds while its controller controls what ``cond`` ((who, lo, hi, alts, where), other)
    counts (card_rules.lp)."""
    (who, lo, hi, alts, where), other = cond
    if who != "me":
        raise ValueError("a rule while the opponent controls something (not read)")
    c = clingo.Number(code)
    out = [clingo.Function("rule_while", [c, rule, clingo.Number(lo), clingo.Number(hi), clingo.Function(where)])]
    out += filters("rule_while_filter", [c, rule], alts)
    return out + ([clingo.Function("rule_while_other", [c, rule])] if other else [])
