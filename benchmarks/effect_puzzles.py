"""Benchmark: the 239 EDOPro puzzles (../shared/data/puzzles) against the effect-aware solver.

    python benchmarks/effect_puzzles.py [--max-steps N] [--timeout S] [--list]

Each puzzle is classified as one of
  - solved, every card understood, no possible response of the opponent (the target class);
  - solved, every card understood, but the opponent could respond (face-down cards, hand traps);
  - solved while some card is not understood (its effects are never activated, so the answer may
    not be a solution);
  - no line within the bound (--max-steps actions; "unreachable" when the solver proved that no
    line of any length exists);
  - stopped by the time limit;
  - unsupported, and why (the puzzle's objective is not a goal the solver knows, the file does not
    import).
Prints the counts, and with --list every puzzle and its class.  Figures are printed, never asserted.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from oracle.errors import OracleError
from oracle.yugioh.cards import Library
from oracle.yugioh.solve import load_puzzle, solve_puzzle


def classify(path: Path, library: Library, max_steps: int, timeout: float) -> str:
    try:
        puzzle = load_puzzle(path, library=library)
    except OracleError as e:
        return f"unsupported: {str(e).split(': ', 1)[-1][:70]}"
    out = solve_puzzle(puzzle, max_steps=max_steps, timeout=timeout, library=library)
    if out.solved:
        if out.effects:
            return "solved while some card is not understood"
        if out.responses:
            return "solved, every card understood, the opponent could respond"
        return "solved, every card understood, no possible response"
    if out.stopped:
        return "stopped by the time limit"
    if out.exhausted is not None:
        return "no line: unreachable at any length"
    return f"no line within {max_steps} actions"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max-steps", type=int, default=5)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    data = Path(os.environ.get("ORACLE_SHARED", ROOT.parent / "shared")) / "data" / "puzzles"
    if not data.is_dir():
        print(f"{data} not present")
        return
    library = Library.load()
    files = sorted(data.rglob("*.lua"))
    counts: Counter = Counter()
    started = time.perf_counter()
    for f in files:
        kind = classify(f, library, args.max_steps, args.timeout)
        counts[kind.split(":")[0] if kind.startswith("unsupported") else kind] += 1
        if args.list:
            print(f"{f.relative_to(data)}: {kind}", flush=True)
    print(f"{len(files)} EDOPro puzzles, at most {args.max_steps} actions and {args.timeout:g} s each "
          f"({time.perf_counter() - started:.0f} s in all):")
    for kind, n in counts.most_common():
        print(f"  {n:4}  {kind}")


if __name__ == "__main__":
    main()
