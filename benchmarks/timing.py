"""What the benchmarks share: timing one call, in wall time and in CPU time.

The machine the benchmarks run on may be shared: wall time then grows with other load, while
the CPU time of this process (time.process_time) does not, so both are printed."""
from __future__ import annotations

import time


def timed(fn):
    """``fn()`` and the seconds it took."""
    started = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - started


def clocked(fn):
    """``fn()``, the wall seconds and the CPU seconds of this process it took."""
    cpu = time.process_time()
    out, wall = timed(fn)
    return out, wall, time.process_time() - cpu
