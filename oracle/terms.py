"""Building clingo terms from Python values, so that no fact is ever glued together as a string,
and reading them back."""
from __future__ import annotations

from clingo import Function, Number, Symbol, SymbolType


def term(value: object) -> Symbol:
    """A Symbol for an int (number), a str (constant), a tuple (name, *args) or a Symbol."""
    if isinstance(value, Symbol):
        return value
    if isinstance(value, bool):
        raise TypeError("booleans are not terms")
    if isinstance(value, int):
        return Number(value)
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
