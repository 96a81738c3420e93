"""Types of the command-line options that reach the solver: a value outside what the solver can
take is a usage error (one line, exit status 2), never a wrapped number or a crash inside clingo."""
from __future__ import annotations

import math

import click

from oracle.terms import NUMBER_MAX

# --limit: clingo counts models in a 32-bit option.
COUNT = click.IntRange(min=1, max=NUMBER_MAX)
# --max-steps: each step is a grounded copy of the turn's rules; beyond a few dozen the search
# never ends anyway, and a thousand keeps the step numbers far inside clingo's range.
STEPS = click.IntRange(min=1, max=1000)
# How many lines of a report to print.
LINES = click.IntRange(min=0, max=NUMBER_MAX)


class Seconds(click.ParamType):
    """A time limit: a finite number of seconds above 0 (``nan`` and ``inf`` are refused)."""

    name = "seconds"
    MAX = 10**7  # about four months: longer waits overflow the solver's timer

    def convert(self, value, param, ctx):
        if isinstance(value, float):
            seconds = value
        else:
            try:
                seconds = float(value)
            except (TypeError, ValueError):
                self.fail(f"{value!r} is not a number of seconds", param, ctx)
        if not math.isfinite(seconds) or not 0 < seconds <= self.MAX:
            self.fail(f"{value!r} is not a time limit: give seconds above 0 and at most {self.MAX}", param, ctx)
        return seconds


SECONDS = Seconds()
