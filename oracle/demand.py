"""Which statements of a rules pack can matter to the answer, decided before clingo sees them.

oracle/relevance.py leaves out what cannot *fire* (reading forward, from the facts); this reads
backward, from what is asked: a statement matters only if some atom it derives is read by a
statement that matters.  What is asked (the roots) is every integrity constraint, every choice
rule (a bounded choice is a constraint too), every weak constraint, external and heuristic, the
shown atoms (#show), and the atoms the caller says it reads.  A normal rule none of whose head
atoms unifies with an atom read by the roots or by a statement that matters defines atoms nothing
else mentions: by the splitting set theorem, leaving it out keeps every answer set of the rest,
one for one, and the atoms it defined are neither shown nor read.  So the answers a caller reads
(the shown atoms and its ``reads``) are unchanged; only which of several equal models comes first
may change.

Patterns are those of relevance.py (numbers and variables as wildcards, program parameters known
when a part is grounded once), so the analysis over-approximates what is read: it keeps every
statement that might matter.  A body atom read under ``not``, in an aggregate or in a condition
is read as much as a positive one.
"""
from __future__ import annotations

from clingo import ast
from clingo.ast import ASTType

from oracle.relevance import MAX_HEADS, Derivable, Pattern, _fill, _text, _unifies, allowed
from oracle.relevance import shapes as relevance_shapes  # (its walk of the parts, with demand's shape)

# Statements always kept, whatever they derive: they constrain or rank the answer sets, or name
# what a model shows.
_ROOTS = (ASTType.External, ASTType.Minimize, ASTType.ShowTerm, ASTType.Heuristic, ASTType.Edge,
          ASTType.ProjectAtom)


def _atoms(node, out: list) -> None:
    """Every symbolic atom under ``node`` (an AST or a sequence of them), in any position."""
    if isinstance(node, ast.AST):
        if node.ast_type == ASTType.SymbolicAtom:
            out.append(node)
            return
        for key in node.child_keys:
            _atoms(getattr(node, key), out)
    elif isinstance(node, (list, tuple)) or type(node).__name__ == "ASTSequence":
        for item in node:
            _atoms(item, out)


def _patterns(atoms, params: tuple) -> list[Pattern]:
    return [p for a in atoms for p in _text(str(a), params)]


def _head(head: ast.AST) -> tuple[list, list] | None:
    """(the atoms a normal rule's head derives, the atoms its head reads), or None when the
    statement is a root (a constraint, a choice, a disjunction, an aggregate head)."""
    if head.ast_type != ASTType.Literal or head.atom.ast_type != ASTType.SymbolicAtom:
        return None
    if str(head).startswith("not "):
        return None
    derives: list = []
    _atoms(head.atom, derives)
    return derives, []


def shape(statement: ast.AST, params: tuple) -> tuple[list | None, list]:
    """(the patterns the statement derives, or None for a root; the patterns it reads)."""
    ty = statement.ast_type
    reads: list = []
    if ty == ASTType.Rule:
        _atoms(statement.body, reads)
        head = _head(statement.head)
        if head is None:
            _atoms(statement.head, reads)
            return None, _patterns(reads, params)
        derives, _ = head
        return _patterns(derives, params), _patterns(reads, params)
    if ty == ASTType.ShowSignature:
        return None, [(statement.name, (None,) * statement.arity)]
    if ty in _ROOTS:
        _atoms(statement, reads)
        return None, _patterns(reads, params)
    return None, []   # #program, #defined, #const, comments: kept, reading nothing


def shapes(statements, values: tuple = ()) -> tuple:
    """The shape of each statement, with the program parameters of its part (see
    relevance.shapes for ``values``)."""
    return relevance_shapes(statements, values, shape)


def needed(rule_shapes: tuple, forward: tuple, kept: tuple[bool, ...], reads: tuple[Pattern, ...],
           derivable: Derivable, unknown: bool) -> tuple[bool, ...]:
    """Which of the ``kept`` statements matter: a least fixpoint backward from the roots and
    ``reads`` (the patterns of the atoms the caller reads from a model, besides the shown ones).
    ``forward`` holds relevance.shapes of the same statements and ``derivable``, ``unknown`` the
    outcome of relevance.fixpoint: a variable of a statement only takes the values its positive
    body allows (relevance.allowed), so ``fcand(t,I) :- event(T,I,Ev), inst(I,C),
    eff_event(C,_,Ev,_)`` reads only the events some effect answers.  A pattern that cannot be
    read (None) is read as anything: every statement is kept."""
    demanded: dict[tuple, list] = {}
    anything = [False]
    by_key: dict[tuple, list[int]] = {}
    out = [False] * len(rule_shapes)
    todo: list[int] = []
    for i, ((derives, _), ok) in enumerate(zip(rule_shapes, kept)):
        if not ok:
            continue
        if derives is None or None in derives:
            out[i] = True
            todo.append(i)
            continue
        for p in derives:
            by_key.setdefault((p[0], len(p[1])), []).append(i)

    def demand(p) -> None:
        if p is None or isinstance(p, str):
            if not anything[0]:
                anything[0] = True
                for i, ok in enumerate(kept):
                    if ok and not out[i]:
                        out[i] = True
                        todo.append(i)
            return
        key = (p[0], len(p[1]))
        seen = demanded.setdefault(key, [])
        if p in seen:
            return
        seen.append(p)
        for i in by_key.get(key, ()):
            if not out[i] and any(_unifies(p, q) for q in rule_shapes[i][0] if (q[0], len(q[1])) == key):
                out[i] = True
                todo.append(i)

    for p in reads:
        demand(p)
    while todo:
        i = todo.pop()
        env = allowed(forward[i][0] or [], derivable, unknown) or {}
        for p in rule_shapes[i][1]:
            filled = _fill(p, env) if env else [p]
            for q in (filled if len(filled) <= MAX_HEADS else [p]):
                demand(q)
    return tuple(out)
