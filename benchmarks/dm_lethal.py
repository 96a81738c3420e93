"""Benchmark: `oracle lethal` on facts/lethal/dm-lethal-deck.json -- 6 creatures on our side,
3 blockers on theirs, 5 face-down shields drawn from a 40-card deck list (2 Holy Awe, 3 Terror
Pit, 3 Spiral Gate among them).

Run: python benchmarks/dm_lethal.py  (prints the answer, the exact probability, wall-clock and
CPU seconds for three runs; nothing is asserted).  The machine is shared: the CPU time of this
process is the steadier figure.
"""
from __future__ import annotations

import time
from pathlib import Path

from oracle.duel_masters import lethal

POSITION = Path(__file__).resolve().parent.parent / "facts/lethal/dm-lethal-deck.json"


def main() -> None:
    for run in range(1, 4):
        wall, cpu = time.perf_counter(), time.process_time()
        answer = lethal.answer(lethal.load(str(POSITION)))
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        if run == 1:
            print(answer.text())
            print(f"S-Trigger classes: {len(lethal._classes(lethal.load(str(POSITION))))}")
        print(f"run {run}: {wall:.2f} s wall-clock, {cpu:.2f} s CPU  (verdict {answer.verdict}, "
              f"probability {answer.probability})")


if __name__ == "__main__":
    main()
