"""Fuzzing as a figure: generated inputs for every entry point through the real CLI.

    python benchmarks/fuzz.py [--examples N] [--only NAME]

For each entry point of tests/fuzzing.py (positions of both games and lethal, skills positions
and puzzles, lines, JSON and Lua puzzles, .ydk decks, goals) runs N generated inputs (default
10,000) in-process and prints how many ran, how many ended with each exit status, how long it
took, and every failure: a traceback, an exit status outside 0-3, or a write outside the input's
temporary folder. The process may use at most --memory GiB (default 6): an input that makes the
oracle take more fails with a MemoryError instead of exhausting a shared machine (2^31 units of a
skills position once took 16 GB). Exit status 1 when any input failed.
"""
from __future__ import annotations

import argparse
import resource
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from hypothesis import HealthCheck, Phase, given, settings  # noqa: E402

import fuzzing  # noqa: E402


def fuzz(name: str, examples: int) -> tuple[int, Counter, list[str], float, float]:
    statuses: Counter = Counter()
    failures: list[str] = []
    count = 0

    @settings(max_examples=examples, deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(fuzzing.ENTRY_POINTS[name])
    def one(case):
        nonlocal count
        count += 1
        failure, status = fuzzing.run_status(case)
        statuses[status] += 1
        if failure is not None:
            failures.append(failure)
            print(f"  {name} FAILURE " + failure.replace("\n", "\n    "), file=sys.stderr, flush=True)
        if count % 1000 == 0:
            print(f"  {name}: {count} inputs, {len(failures)} failures so far ({time.perf_counter() - start:.0f} s)",
                  file=sys.stderr, flush=True)

    start, cpu = time.perf_counter(), time.process_time()
    one()
    return count, statuses, failures, time.perf_counter() - start, time.process_time() - cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=10_000)
    parser.add_argument("--only", choices=sorted(fuzzing.ENTRY_POINTS), action="append")
    parser.add_argument("--memory", type=float, default=6.0, help="GiB the process may use")
    opts = parser.parse_args()
    limit = int(opts.memory * 2**30)
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    failed = 0
    for name in opts.only or list(fuzzing.ENTRY_POINTS):
        count, statuses, failures, seconds, cpu = fuzz(name, opts.examples)
        exits = ", ".join(f"{k}: {v}" for k, v in sorted(statuses.items(), key=lambda kv: str(kv[0])))
        print(f"{name}: {count} inputs in {seconds:.0f} s ({cpu:.0f} s CPU); exit statuses {{{exits}}}; "
              f"{len(failures)} failures", flush=True)
        seen = set()
        for f in failures:
            key = f.splitlines()[-1][:200]
            if key not in seen:
                seen.add(key)
                print("  FAILURE " + f.replace("\n", "\n    "), flush=True)
        failed += len(failures)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
