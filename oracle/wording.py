"""What both games share to word a fail/2 reason: the atoms of the explaining model, read as
Python values (oracle.terms.value), and the lookup of a reason's sentence.

The rules decide what is broken; a game's sentences (its ``SENTENCES``, one entry per reason
name) only word a reason term, reading the term and, where a sentence needs more, the atoms of
the same model through a ``Context``.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import clingo

from oracle.terms import value


class Context:
    """What a sentence may read: the position (names) and the atoms of the explaining model."""

    def __init__(self, position: Any, atoms: Iterable[clingo.Symbol], step: int):
        self.position = position
        self.step = step
        self.atoms: dict[str, list[tuple]] = {}
        for a in atoms:
            self.atoms.setdefault(a.name, []).append(tuple(value(x) for x in a.arguments))

    def find(self, name: str, *args) -> list[tuple]:
        """The atoms ``name(...)`` whose first arguments are ``args`` (None matches anything)."""
        return [a for a in self.atoms.get(name, [])
                if len(a) >= len(args) and all(y is None or x == y for x, y in zip(a, args))]

    def has(self, name: str, *args) -> bool:
        return bool(self.find(name, *args))


def sentence(sentences: Mapping[str, Callable[..., str]], ctx: Context, reason: clingo.Symbol) -> str:
    """One sentence for a fail/2 reason term."""
    words = sentences.get(reason.name)
    if words is None:
        return f"rule {reason} is broken"
    return words(ctx, *(value(a) for a in reason.arguments))
