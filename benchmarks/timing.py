"""What the benchmarks share: timing one call."""
from __future__ import annotations

import time


def timed(fn):
    """``fn()`` and the seconds it took."""
    started = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - started
