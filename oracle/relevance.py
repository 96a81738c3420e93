"""Which statements of a rules pack can fire for an instance, decided before clingo sees them.

clingo spends a fixed time on every non-ground statement it is asked to ground, whether or not
the statement ever fires: about as much per statement as instantiating a small position
(benchmarks/plays.py; docs/decisions.md, "Speed: prepared programs and relevant statements").  Most positions use a few of the
game's mechanics, so most statements cannot fire: a rule about Ritual Spells when no card is a
Ritual Spell, the rules of effects when no card has an effect the rules read.

A statement can fire only if each atom of its plain positive body (not under ``not``, not in an
aggregate or a condition) can be true.  An atom can be true when a fact of the instance, or the
head of a statement that can fire, has a *pattern* that unifies with it.  A pattern is an atom with
every number, variable, arithmetic term and program parameter replaced by a wildcard
(``init(in(_,hand))``; a variable of a head takes the values its body allows), so the analysis
over-approximates: it keeps every statement that might
fire and drops only statements that provably cannot, which changes no answer set.  Patterns of
facts do not depend on the numbers of a position, so positions of similar cards share one
analysis (it is cached).
"""
from __future__ import annotations

import re
from functools import lru_cache

from clingo import SymbolType, ast
from clingo.ast import ASTType

# (name, (argument patterns ...)), or None: anything; in a rule, "?X" is anything, named by variable X.
Pattern = tuple | str | None
_NUMBER = re.compile(r"(?<![A-Za-z0-9_'\"])\d+")


# Terms are read from clingo's own printing of each atom: one call into clingo per atom instead
# of one per node of the syntax tree, which made this analysis cost more than it saved.
_TOKEN = re.compile(r'\s*(?:(?P<id>_*[a-z][A-Za-z0-9_\']*)|(?P<var>_*[A-Z][A-Za-z0-9_\']*|_)|(?P<num>\d+)'
                    r'|(?P<str>"(?:[^"\\]|\\.)*")|(?P<p>\.\.|[(),;])|(?P<op>\S))')


class _Reader:
    """Patterns of a term in clingo's printed form; anything but functions, constants, strings
    and variables (numbers, arithmetic, intervals, @-terms) is a wildcard.  A variable is a
    wildcard too, marked with its name ("?X") so that a head can take the values its body gives.
    A program parameter whose value is known (a part grounded once, with these arguments) is
    that number, and so is its sum or difference with numbers (``t-1``): ``pending(_,t-1)`` of
    ``step(1)`` asks for ``pending(_,0)``, which no head of ``step(1)`` derives."""

    def __init__(self, text: str, params: tuple):
        self.tokens = [(m.lastgroup, m.group(m.lastgroup)) for m in _TOKEN.finditer(text)]
        self.at = 0
        self.params = dict(params)

    def peek(self) -> tuple[str, str]:
        return self.tokens[self.at] if self.at < len(self.tokens) else ("end", "")

    def pool(self) -> list[Pattern]:
        """Alternatives separated by ';' up to a ',' or ')' of this level."""
        out = self.term()
        while self.peek() == ("p", ";"):
            self.at += 1
            out += self.term()
        return out

    def term(self) -> list[Pattern]:
        kind, text = self.peek()
        out: list[Pattern]
        if kind == "id":
            self.at += 1
            if self.peek() == ("p", "("):
                args = self.arguments()
                out = [(text, a) for a in args]
            elif text in self.params:
                return self.arithmetic(self.params[text])
            else:
                out = [(text, ())]
        elif kind == "str":
            self.at += 1
            out = [('"' + text[1:-1], ())]
        elif (kind, text) == ("p", "("):
            args = self.arguments()
            out = [("", a) if len(a) != 1 else a[0] for a in args] if args else [("", ())]
        elif kind == "var" and text != "_":
            self.at += 1
            out = ["?" + text]
        else:
            out = [None]
        kind, text = self.peek()
        if kind not in ("end",) and not (kind == "p" and text in ",;)"):
            self.skip()  # an operator follows: the term is an expression
            return [None]
        return out

    def arithmetic(self, value: int | None) -> list[Pattern]:
        """A known parameter ``value`` plus or minus numbers and known parameters, as a number
        pattern; anything else (an unknown parameter, another operator) is a wildcard."""
        while value is not None and self.peek() in (("op", "+"), ("op", "-")):
            sign = 1 if self.peek()[1] == "+" else -1
            kind, text = self.tokens[self.at + 1] if self.at + 1 < len(self.tokens) else ("end", "")
            after = self.tokens[self.at + 2] if self.at + 2 < len(self.tokens) else ("end", "")
            if kind == "num":
                term = int(text)
            elif kind == "id" and after != ("p", "(") and self.params.get(text) is not None:
                term = self.params[text]
            else:
                break
            value += sign * term
            self.at += 2
        kind, text = self.peek()
        if value is None or not (kind == "end" or (kind == "p" and text in ",;)")):
            self.skip()
            return [None]
        return [(str(value), ())]   # a number: no constant's name starts with a digit

    def skip(self) -> None:
        depth = 0
        while True:
            kind, text = self.peek()
            if kind == "end" or (depth == 0 and kind == "p" and text in ",;)"):
                return
            if text == "(":
                depth += 1
            elif text == ")":
                depth -= 1
            self.at += 1

    def arguments(self) -> list[tuple]:
        """'(' args ; args ; ... ')': each ';' of an argument list starts another tuple of
        arguments (clingo's pools: ``popt(t,I,attack;t,I,defense)`` is two atoms of arity 3),
        and within a tuple every combination of the alternatives of its arguments."""
        self.at += 1
        if self.peek() == ("p", ")"):
            self.at += 1
            return [()]
        out: list[tuple] = []
        combos: list[tuple] = [()]
        while True:
            alternatives = self.term()
            combos = [c + (p,) for c in combos for p in alternatives]
            kind, text = self.peek()
            self.at += 1
            if text == ",":
                continue
            out += combos
            if text != ";":
                return out
            combos = [()]


@lru_cache(maxsize=None)
def _text(text: str, params: tuple) -> tuple[Pattern, ...]:
    """The patterns of an atom printed by clingo (a classical negation reads as the atom).
    Many atoms repeat across rules (``inst(I,C)``): each text is read once."""
    text = text.strip()
    if text.startswith("-"):
        text = text[1:]
    reader = _Reader(text, params)
    out = reader.pool()
    return tuple(out) if reader.peek()[0] == "end" else (None,)


# A need no pattern matches: a body comparison that is false whatever its variables are.
NEVER: tuple[Pattern, ...] = (("#never", ()),)


def _positive(literals, params: tuple) -> list[tuple[Pattern, ...]]:
    """For each plain positive atom among ``literals``, its patterns (one must be derivable).
    Aggregates read as a wildcard, which any instance satisfies, and so do comparisons, but
    for one that is false whatever its variables are (``0 \\ S != 0`` of ``follow(1)``,
    chain.lp): it needs NEVER."""
    out = []
    for lit in literals:
        if lit.ast_type != ASTType.Literal:
            continue  # a conditional literal
        if lit.atom.ast_type == ASTType.Comparison:
            if lit.sign == ast.Sign.NoSign and _never(lit.atom, dict(params)):
                out.append(NEVER)
            continue
        text = str(lit)
        if text.startswith("not ") or text.startswith("#"):
            continue
        alternatives = _text(text, params)
        if None not in alternatives:
            out.append(alternatives)
    return out


_COMPARE = {ast.ComparisonOperator.Equal: lambda a, b: a == b, ast.ComparisonOperator.NotEqual: lambda a, b: a != b,
            ast.ComparisonOperator.LessThan: lambda a, b: a < b, ast.ComparisonOperator.LessEqual: lambda a, b: a <= b,
            ast.ComparisonOperator.GreaterThan: lambda a, b: a > b,
            ast.ComparisonOperator.GreaterEqual: lambda a, b: a >= b}


def _never(comparison: ast.AST, params: dict) -> bool:
    """Whether ``comparison`` holds for no values of its variables: each of its two sides (only
    two, no chain) is a known number, and the comparison of those numbers is false."""
    if len(comparison.guards) != 1:
        return False
    guard = comparison.guards[0]
    left, right = _number(comparison.term, params), _number(guard.term, params)
    test = _COMPARE.get(guard.comparison)
    return left is not None and right is not None and test is not None and not test(left, right)


# The number arithmetic folded where both sides are known numbers (here, and by solver._Substitute
# when a part's parameters are replaced by numbers).
FOLD = {ast.BinaryOperator.Plus: lambda a, b: a + b, ast.BinaryOperator.Minus: lambda a, b: a - b,
        ast.BinaryOperator.Multiplication: lambda a, b: a * b}


def _number(term: ast.AST, params: dict) -> int | None:
    """The number ``term`` is whatever its variables are, or None if that is not known.  A known
    program parameter is its number; sums, differences and products of numbers are folded; and
    0 times, divided by or modulo anything is 0 -- or undefined (a variable that is not a number,
    division by 0), in which case clingo drops the instance: a comparison false with 0 is false
    then too."""
    ty = term.ast_type
    if ty == ASTType.SymbolicTerm:
        sym = term.symbol
        if sym.type == SymbolType.Number:
            return sym.number
        if sym.type == SymbolType.Function and not sym.arguments and sym.positive:
            return params.get(sym.name)
        return None
    if ty == ASTType.UnaryOperation and term.operator_type == ast.UnaryOperator.Minus:
        value = _number(term.argument, params)
        return None if value is None else -value
    if ty != ASTType.BinaryOperation:
        return None
    op, left = term.operator_type, _number(term.left, params)
    if left == 0 and op in (ast.BinaryOperator.Multiplication, ast.BinaryOperator.Division,
                            ast.BinaryOperator.Modulo):
        return 0
    right = _number(term.right, params)
    if left is None or right is None or op not in FOLD:
        return None
    return FOLD[op](left, right)


def _heads(head: ast.AST, params: tuple) -> list[tuple[tuple[Pattern, ...], list]]:
    """Each head atom's patterns, with the positive atoms of its condition (``a(X) : b(X)``
    in a choice: ``b(X)`` must hold, and gives X its values)."""
    ty = head.ast_type
    if ty == ASTType.Literal:
        text = str(head)
        return [] if text.startswith("#") else [(_text(text, params), [])]
    if ty in (ASTType.Disjunction, ASTType.Aggregate):
        return [(h, _positive(e.condition, params) + c) for e in head.elements for h, c in _heads(e.literal, params)]
    if ty == ASTType.HeadAggregate:
        return [(h, _positive(e.condition.condition, params) + c)
                for e in head.elements for h, c in _heads(e.condition.literal, params)]
    return []


def _shape(statement: ast.AST, params: tuple) -> tuple[list | None, list]:
    """(what the statement needs, or None if it is always kept; what its heads may derive)."""
    ty = statement.ast_type
    if ty == ASTType.Rule:
        return _positive(statement.body, params), _heads(statement.head, params)
    if ty == ASTType.External:
        return _positive(statement.body, params), [(_text(str(statement.atom), params), [])]
    if ty == ASTType.Minimize:
        return _positive(statement.body, params), []
    return None, []   # #program, #show, #defined, #project, ...: always kept


def shapes(statements, values: tuple = (), shape=None) -> tuple:
    """The shape of each statement, reading the program parameters of the part it is in.
    ``values`` gives the numbers some parts are grounded with, ``((name, (n, ...)), ...)``: their
    parameters take those numbers (a part grounded with several argument lists is left out of
    it); every other parameter is a wildcard.  ``shape(statement, params)`` is what is read of one
    statement (what it needs and derives; demand.py reads what it reads instead)."""
    shape = shape or _shape
    known = dict(values)
    out = []
    params: tuple = ()
    for statement in statements:
        if statement.ast_type == ASTType.Program:
            args = known.get(statement.name)
            if args is None or len(args) != len(statement.parameters):
                args = (None,) * len(statement.parameters)
            params = tuple((p.name, v) for p, v in zip(statement.parameters, args))
        out.append(shape(statement, params))
    return tuple(out)


def _unifies(a, b) -> bool:
    if a is None or b is None or isinstance(a, str) or isinstance(b, str):
        return True
    if a[0] != b[0] or len(a[1]) != len(b[1]):
        return False
    return all(_unifies(x, y) for x, y in zip(a[1], b[1]))


def _bind(a, b, env: dict) -> None:
    """Record in ``env`` the value each variable of ``a`` takes when ``a`` matches ``b``."""
    if isinstance(a, str):
        env.setdefault(a, set()).add(b if not isinstance(b, str) else None)
    elif a is not None:
        for x, y in zip(a[1], b[1] if b is not None else [None] * len(a[1])):
            _bind(x, y, env)


def _fill(p, values: dict) -> list:
    """The patterns of ``p`` with each variable replaced by each of its values."""
    if isinstance(p, str):
        return list(values.get(p, (None,)))
    if p is None or not p[1]:
        return [p]
    combos: list[tuple] = [()]
    for a in p[1]:
        combos = [c + (x,) for c in combos for x in _fill(a, values)]
    return [(p[0], c) for c in combos]


# A head with more combinations of variable values than this derives a wildcard instead.
MAX_HEADS = 64


def live(rule_shapes: tuple, instance: tuple) -> tuple[bool, ...]:
    """Which statements can fire, given the shapes of the rules and of the instance's own
    statements (its facts and any rules it adds): a least fixpoint over patterns.  A head
    variable takes the values its body (or its condition) allows: the values of the matching
    patterns of the atom that allows the fewest (each such set holds every value the variable
    can take, so any one of them is sound)."""
    return fixpoint(rule_shapes, instance)[0]


def _key(p) -> tuple:
    return (p[0], len(p[1]))


class Derivable:
    """The derivable patterns by (name, arity), which only grow while the fixpoint runs.

    The fixpoint reads a statement again each time a pattern it watches is derived (several
    times per statement), so each pattern asked about remembers which derivable patterns it was
    matched against, what matched and the values its variables took: asked again, it is matched
    against the patterns derived since, not against all of them (a position's analysis cost
    ~0.2 s of matching before)."""

    def __init__(self) -> None:
        self.by_key: dict[tuple, list] = {}
        self._known: set = set()
        self._memo: dict = {}   # pattern -> [patterns of its key scanned, whether one matched, {variable: values}]

    def add(self, p) -> bool:
        """Record ``p``; whether it is new."""
        if p in self._known:
            return False
        self._known.add(p)
        self.by_key.setdefault(_key(p), []).append(p)
        return True

    def matches(self, p) -> tuple[bool, dict]:
        """Whether a derivable pattern unifies with ``p``, and the values of ``p``'s variables."""
        memo = self._memo.get(p)
        if memo is None:
            memo = self._memo[p] = [0, False, {}]
        found = self.by_key.get(_key(p), ())
        if memo[0] < len(found):
            for q in found[memo[0]:]:
                if _unifies(p, q):
                    memo[1] = True
                    _bind(p, q, memo[2])
            memo[0] = len(found)
        return memo[1], memo[2]


def allowed(conditions: list, derivable: Derivable, unknown: bool) -> dict | None:
    """Each variable's values allowed by ``conditions`` (patterns that must each match a
    derivable pattern), or None when one of them cannot hold."""
    found: dict = {}   # each variable's value sets, one per atom that gives it known values only
    for alternatives in conditions:
        env: dict = {}
        matched = False
        for p in alternatives:
            if unknown:
                matched = True
                _bind(p, None, env)
                continue
            ok, bound = derivable.matches(p)
            if not ok:
                continue
            matched = True
            if len(alternatives) == 1:
                env = bound    # read only below: no copy
            else:
                for var, vals in bound.items():
                    env.setdefault(var, set()).update(vals)
        if not matched:
            return None
        for var, vals in env.items():
            if None not in vals:
                found.setdefault(var, []).append(vals)
    # A variable shared by several atoms takes a value every one of them allows: of the fewest
    # values, those unifying with a value of each other atom (``effect(C,E,Ty), open_type(Ty)``
    # with only trigger effects and open_type(ignition;quick;spell;trap): no value, no firing).
    best: dict = {}
    for var, sets in found.items():
        sets.sort(key=len)
        vals = {v for v in sets[0] if all(any(_unifies(v, w) for w in other) for other in sets[1:])}
        if not vals:
            return None
        best[var] = vals
    return best


def fixpoint(rule_shapes: tuple, instance: tuple) -> tuple[tuple[bool, ...], Derivable, bool]:
    """live's fixpoint: (which statements can fire, the derivable patterns by (name, arity),
    whether a head of unknown shape made anything derivable)."""
    derivable = Derivable()
    every = list(rule_shapes) + list(instance)
    watchers: dict[tuple, set[int]] = {}
    alive = [False] * len(every)
    unknown = [False]   # a head of unknown shape was derived: anything may hold

    for i, (needs, heads) in enumerate(every):
        for alternatives in [*(needs or ()), *(c for _, conditions in heads for c in conditions)]:
            for p in alternatives:
                watchers.setdefault(_key(p), set()).add(i)
    todo = list(range(len(every)))
    queued = [True] * len(every)

    def wake(statements) -> None:
        for j in statements:
            if not queued[j]:
                queued[j] = True
                todo.append(j)

    def derive(p) -> None:
        if p is None or isinstance(p, str):
            if not unknown[0]:
                unknown[0] = True
                wake(range(len(every)))
            return
        if derivable.add(p):
            wake(watchers.get(_key(p), ()))

    while todo:
        i = todo.pop()
        queued[i] = False
        needs, heads = every[i]
        env = allowed(needs or [], derivable, unknown[0])
        if env is None:
            continue
        alive[i] = True
        for head, conditions in heads:
            here = allowed(conditions, derivable, unknown[0]) if conditions else {}
            if here is None:
                continue
            merged = {**env, **{v: vals for v, vals in here.items() if v not in env or len(vals) < len(env[v])}}
            for p in head:
                filled = _fill(p, merged)
                for q in (filled if len(filled) <= MAX_HEADS else _fill(p, {})):
                    derive(q)
    return tuple(alive[:len(rule_shapes)]), derivable, unknown[0]


@lru_cache(maxsize=64)
def instance_shapes(abstract: str) -> tuple | None:
    """The shapes of an instance program whose numbers are already replaced by 0 (so that
    positions of the same kinds of cards give the same text); None if it cannot be read."""
    statements: list[ast.AST] = []
    try:
        ast.parse_string(abstract, statements.append)
    except RuntimeError:
        return None
    return shapes(statements)


def abstract(program: str) -> str:
    """``program`` with every number 0 and each fact once (facts are one a line; a fact that
    repeats once the numbers are gone adds no new pattern).  Lines of rules and directives are
    all kept, in order: ``#program`` says which names are parameters."""
    seen: set[str] = set()
    out = []
    for line in _NUMBER.sub("0", program).split("\n"):
        if line in seen:
            continue
        if "#" not in line and ":" not in line:
            seen.add(line)
        out.append(line)
    return "\n".join(out)
