"""One place that runs clingo: loads a rules pack plus instance facts and collects models.

Every feature (plays of a position, line checking, puzzle solving, explanations) goes through
``solve`` so that time limits, model limits and projection behave the same everywhere.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Sequence

import clingo
from clingo import ast

from oracle import demand, relevance


@dataclass
class SolveResult:
    """The shown atoms of every model found, and whether the search was complete."""

    models: list[list[clingo.Symbol]] = field(default_factory=list)
    stopped: str | None = None  # why the enumeration stopped early, in plain words
    seconds: float = 0.0
    costs: list[list[int]] = field(default_factory=list)
    atoms: list[list[clingo.Symbol]] = field(default_factory=list)  # every atom, with atoms=True

    @property
    def complete(self) -> bool:
        return self.stopped is None


def make_control(
    files: Sequence[Path],
    facts: str,
    *,
    arguments: Iterable[str] = (),
    parts: Sequence[tuple[str, Sequence[clingo.Symbol]]] = (("base", ()),),
    one_shot: bool = False,
    relevant_only: bool = False,
    reads: tuple[str, ...] | None = None,
) -> clingo.Control:
    """A grounded clingo control for ``files`` plus the instance ``facts``.

    With ``one_shot`` the caller grounds ``parts`` and nothing more, so only the statements of
    those program parts are handed to clingo: clingo prepares every rule it is given, grounded
    or not, and a single position's plays need the summon rules only, not the rules of the rest
    of the turn, of goals or of the state after a step.  With ``relevant_only`` the statements
    that cannot fire for ``facts`` are left out too (oracle/relevance.py): that changes no
    answer and saves clingo's fixed cost per statement, provided the caller never adds program
    text to the control later (facts added later could make a left-out statement fire).  With
    ``reads`` (and ``relevant_only``) the statements whose atoms nothing reads are left out too
    (oracle/demand.py): the caller reads the shown atoms and the atoms of the patterns ``reads``
    (``"h(_,_)"``) only, never ``model.symbols(atoms=True)`` beyond them."""
    # clingo's warnings (undefined atoms and the like) are for encoding authors, not users.
    ctl = clingo.Control(list(arguments), logger=lambda code, msg: None)
    paths = tuple(str(p) for p in files)
    wanted = frozenset(name for name, _ in parts) if one_shot else None
    statements = _parsed(paths)
    values = _values(parts) if one_shot else ()
    if relevant_only:
        keep = _relevant(paths, wanted, relevance.abstract(facts), values,
                         None if reads is None else tuple(sorted(reads)))
    else:
        keep = tuple(wanted is None or part in wanted for part, _ in statements)
    # A part grounded once with known numbers: its statements are handed over with the numbers in
    # place of the parameters, in the base part (see _bound).
    bound = {name: args for name, args in values if args}
    with ast.ProgramBuilder(ctl) as builder:
        for i, ((part, statement), ok) in enumerate(zip(statements, keep)):
            if ok:
                builder.add(_bound(paths, i, bound[part]) if part in bound else statement)
    ctl.add("base", [], facts)
    ctl.ground(list(parts))   # the bound parts too: the instance may hold statements of its own in them
    return ctl


# Statements with the parameters of their part replaced by numbers, made once per process.
_BOUND: dict[tuple, ast.AST] = {}


def _bound(files: tuple[str, ...], i: int, numbers: tuple[int, ...]) -> ast.AST:
    """Statement ``i`` of ``files`` with its part's parameters replaced by ``numbers``, and in the
    base part (its ``#program`` directive becomes ``#program base.``).  This is exactly what
    clingo does when it grounds the part with these numbers, done before clingo sees the
    statement: clingo's fixed cost per statement is about a fifth higher for a statement of a
    part with parameters than for the same statement in ``base`` (docs/decisions.md, "Speed,
    this session: single positions").  Sums, differences and products of numbers are folded
    (``t-1`` of ``step(1)`` is 0); anything else is left to clingo."""
    key = (files, i, numbers)
    found = _BOUND.get(key)
    if found is None:
        part, statement = _parsed(files)[i]
        names = _parameters(files)[part]
        if statement.ast_type == ast.ASTType.Program:
            found = ast.Program(statement.location, "base", [])
        else:
            found = _Substitute(dict(zip(names, numbers)))(statement)
        _BOUND[key] = found
    return found


class _Substitute(ast.Transformer):
    """Replace the constants named in ``values`` by their numbers, and fold what becomes number
    arithmetic (+, -, *)."""

    def __init__(self, values: dict[str, int]):
        self.values = {name: clingo.Number(n) for name, n in values.items()}

    def visit_SymbolicTerm(self, node: ast.AST) -> ast.AST:
        sym = node.symbol
        if sym.type == clingo.SymbolType.Function and not sym.arguments and sym.positive and sym.name in self.values:
            return ast.SymbolicTerm(node.location, self.values[sym.name])
        return node

    def visit_BinaryOperation(self, node: ast.AST) -> ast.AST:
        node = node.update(**self.visit_children(node))
        fold = relevance.FOLD.get(node.operator_type)
        left, right = node.left, node.right
        if (fold and left.ast_type == right.ast_type == ast.ASTType.SymbolicTerm
                and left.symbol.type == right.symbol.type == clingo.SymbolType.Number):
            return ast.SymbolicTerm(node.location, clingo.Number(fold(left.symbol.number, right.symbol.number)))
        return node


@lru_cache(maxsize=16)
def _parameters(files: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """The parameter names of each program part of ``files``."""
    return {statement.name: tuple(p.name for p in statement.parameters)
            for _, statement in _parsed(files) if statement.ast_type == ast.ASTType.Program}


@lru_cache(maxsize=16)
def _parsed(files: tuple[str, ...]) -> tuple[tuple[str, ast.AST], ...]:
    """Every statement of ``files`` with the program part it belongs to.

    The rules are parsed once per process; handing clingo the parsed statements is several
    times faster than parsing the files again for every position."""
    statements: list[tuple[str, ast.AST]] = []
    part = "base"

    def keep(statement: ast.AST) -> None:
        nonlocal part
        if statement.ast_type == ast.ASTType.Program:
            part = statement.name
        if statement.ast_type != ast.ASTType.Comment:  # comments are for people, not clingo
            statements.append((part, statement))

    for path in files:
        part = "base"  # every file starts in the base part
        ast.parse_files([path], keep)
    return tuple(statements)


def _values(parts: Sequence[tuple[str, Sequence[clingo.Symbol]]]) -> tuple:
    """The numbers each part is grounded with, for the parts grounded with one list of numbers
    only (relevance.shapes): ``step(1)`` alone cannot read what ``step(0)`` would derive."""
    seen: dict[str, set] = {}
    for name, args in parts:
        seen.setdefault(name, set()).add(tuple(args))
    return tuple(sorted((name, tuple(a.number for a in args)) for name, (args,) in
                        ((n, a) for n, a in seen.items() if len(a) == 1)
                        if all(a.type == clingo.SymbolType.Number for a in args)))


@lru_cache(maxsize=64)
def _relevant(files: tuple[str, ...], wanted: frozenset | None, abstract: str, values: tuple = (),
              reads: tuple[str, ...] | None = None) -> tuple[bool, ...]:
    """For each statement of ``files``: whether it is handed to clingo (in a wanted part, and
    able to fire for an instance whose abstracted program is ``abstract`` when the parts are
    grounded with ``values``, see relevance.shapes; and, with ``reads``, read by what matters:
    demand.needed)."""
    out, derivable, unknown = _alive(files, wanted, abstract, values)
    if reads is None or derivable is None:
        return out
    # what the caller reads, and what the instance's own statements read (a rule it adds)
    patterns = tuple(p for text in reads for p in relevance._text(text, ()))
    patterns += tuple(p for _, read in _instance_reads(abstract) for p in read)
    return demand.needed(_demand_shapes(files, values), _shapes(files, values), out, patterns, derivable, unknown)


@lru_cache(maxsize=64)
def _alive(files: tuple[str, ...], wanted: frozenset | None, abstract: str, values: tuple = ()) -> tuple:
    """(whether each statement is in a wanted part and can fire, the derivable patterns, whether
    anything is derivable: relevance.fixpoint); (every statement of a wanted part, None, True)
    for an instance the analysis cannot read."""
    statements = _parsed(files)
    inside = [wanted is None or part in wanted for part, _ in statements]
    instance = relevance.instance_shapes(abstract)
    if instance is None:  # an instance the analysis cannot read: keep every statement
        return tuple(inside), None, True
    chosen = [i for i, ok in enumerate(inside) if ok]
    every = _shapes(files, values)  # shared with demand.needed: shapes are read once per values
    alive, derivable, unknown = relevance.fixpoint(tuple(every[i] for i in chosen), instance)
    out = [False] * len(statements)
    for i, ok in zip(chosen, alive):
        out[i] = ok
    return tuple(out), derivable, unknown


@lru_cache(maxsize=64)
def _instance_reads(abstract: str) -> tuple:
    statements: list[ast.AST] = []
    ast.parse_string(abstract, statements.append)
    return demand.shapes(statements)


@lru_cache(maxsize=16)
def _demand_shapes(files: tuple[str, ...], values: tuple = ()) -> tuple:
    return demand.shapes([statement for _, statement in _parsed(files)], values)


@lru_cache(maxsize=16)
def _shapes(files: tuple[str, ...], values: tuple = ()) -> tuple:
    """The relevance.shapes of every statement of ``files``, in order."""
    return relevance.shapes([statement for _, statement in _parsed(files)], values)


def solve(
    ctl: clingo.Control,
    *,
    limit: int | None = None,
    timeout: float | None = None,
    project: bool = False,
    optimal_only: bool = False,
    atoms: bool = False,
    split: Sequence[Sequence[int]] = (),
) -> SolveResult:
    """Enumerate models of a grounded control.

    ``limit`` caps the number of models (0/None: all), ``timeout`` the seconds spent.  With
    ``project`` models that agree on the shown atoms are reported once (clingo's projective
    enumeration), which is how "one play per distinct material set" is kept while the rules
    still check that some zone and position exist.  With ``atoms`` every atom of each model is
    kept too (``result.atoms``): the state fluents a line checker prints after each step.

    ``split`` is a partition of program literals of which every model makes exactly one true
    (the candidates of a ``{ ... } = 1`` choice whose body is a fact): each group is enumerated
    by a solve call of its own, with the literals of the other groups assumed false.  The models
    are the same; what changes is clasp's cost per projected model, which grows with the number
    of models already found in one call (docs/decisions.md, "Speed, third session").  With a
    ``limit`` (or ``optimal_only``) the enumeration stays one call, so that "stopped at the limit"
    is said exactly when more models exist (and the optimum is the whole problem's).
    """
    conf = ctl.configuration.solve
    conf.models = str(limit or 0)
    if project:
        conf.project = "show"
    if optimal_only:
        conf.opt_mode = "optN"
    result = SolveResult()
    started = time.perf_counter()

    def on_model(model: clingo.Model) -> None:
        if optimal_only and not model.optimality_proven:
            return
        result.models.append(list(model.symbols(shown=True)))
        result.costs.append(list(model.cost))
        if atoms:
            result.atoms.append(list(model.symbols(atoms=True)))

    groups = () if limit or optimal_only else split   # an optimum is one over every group
    calls = [[-lit for j, other in enumerate(groups) if j != i for lit in other] for i in range(len(groups))] or [[]]
    for assumptions in calls:
        left = None if not timeout else timeout - (time.perf_counter() - started)
        finished = False
        if left is None or left > 0:
            with ctl.solve(assumptions=assumptions, on_model=on_model, async_=True) as handle:
                finished = handle.wait(left) if left is not None else handle.wait()
                if not finished:
                    handle.cancel()
                outcome = handle.get()
        if not finished:
            result.stopped = f"stopped after the time limit of {timeout:g} s"
            break
        if limit and len(result.models) >= limit and not outcome.exhausted:
            result.stopped = f"stopped at the limit of {limit} answers"
            break
    result.seconds = time.perf_counter() - started
    return result
