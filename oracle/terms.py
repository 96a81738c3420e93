"""Building clingo terms from Python values, so that no fact is ever glued together as a string,
and reading them back."""
from __future__ import annotations

from clingo import Function, Number, Symbol, SymbolType

from oracle.errors import OracleError

# clingo's numbers are 32-bit signed integers; a larger one would wrap around or crash.
NUMBER_MIN, NUMBER_MAX = -2**31, 2**31 - 1
# Counts, costs and mana numbers are small in any real game and are added up by the rules (a
# cost paid from many cards, one more spell cast): a million leaves room for those sums.
COUNT_MAX = 10**6


def whole_number(value: object, *, lo: int = NUMBER_MIN, hi: int = NUMBER_MAX, what: str = "the number",
                 source: str | None = None, field: str | None = None) -> int:
    """``value`` when it is an int within ``lo..hi`` (and within clingo's range), else an
    OracleError naming the field.  Every number a user gives that reaches the solver goes
    through here or through ``term``, so none can wrap around."""
    hi = min(hi, NUMBER_MAX)
    lo = max(lo, NUMBER_MIN)
    if type(value) is not int:  # bool is an int in Python; 3e9 is a float in JSON
        raise OracleError(f"{what} must be a whole number, not {value!r}", source=source, field=field)
    if not lo <= value <= hi:
        raise OracleError(f"{value} is out of range: {what} must be from {lo} to {hi}", source=source, field=field)
    return value


def term(value: object) -> Symbol:
    """A Symbol for an int (number), a str (constant), a tuple (name, *args) or a Symbol."""
    if isinstance(value, Symbol):
        return value
    if isinstance(value, bool):
        raise TypeError("booleans are not terms")
    if isinstance(value, int):
        # The last line of defence: readers check their numbers with whole_number and a field.
        return Number(whole_number(value, what="a number the solver can hold"))
    if isinstance(value, str):
        return Function(value)
    if isinstance(value, tuple):
        return Function(value[0], [term(a) for a in value[1:]])
    raise TypeError(f"cannot turn {value!r} into a term")


def fact(name: str, *args: object) -> Symbol:
    return Function(name, [term(a) for a in args])


def value(sym: Symbol):
    """A term as a Python value: a number, a string, a constant's name, or a tuple (name, *args)."""
    if sym.type == SymbolType.Number:
        return sym.number
    if sym.type == SymbolType.String:
        return sym.string
    if sym.arguments:
        return (sym.name, *(value(a) for a in sym.arguments))
    return sym.name
