"""Errors the oracle reports to people: each names where (file, field) and what is wrong."""
from __future__ import annotations


class OracleError(Exception):
    """A problem with the user's input or request.

    ``source`` is the file (or "<stdin>", "<position>") the problem was found in, ``field`` a
    JSON-path-like pointer into it ("players[0].hand[2]") and ``problem`` a plain sentence.
    The CLI prints ``str(error)`` and exits with status 2; it never shows a traceback.
    """

    def __init__(self, problem: str, *, source: str | None = None, field: str | None = None):
        self.problem = problem
        self.source = source
        self.field = field
        super().__init__(self.__str__())

    def located(self, source: str) -> "OracleError":
        """The same error, attributed to ``source`` when it had no file yet."""
        if self.source is None:
            self.source = source
        self.args = (self.__str__(),)
        return self

    def __str__(self) -> str:
        where = ": ".join(part for part in (self.source, self.field) if part)
        return f"{where}: {self.problem}" if where else self.problem


class UnknownCard(OracleError):
    """A card reference that names no card of the library."""
