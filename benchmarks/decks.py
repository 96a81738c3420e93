"""Benchmark: deck analysis (issue 10) on a 40-card deck of 21 distinct cards, 15 in the Extra Deck.

    python benchmarks/decks.py [--sample N] [--no-dask] [--deck FILE] [--goal GOAL]

Prints: the distinct hands (by name, and the hands of card classes actually solved), the
grounding time of one worker, the wall time of ``--hands all`` on 1 and 2 local workers and on a
2-worker Dask LocalCluster (process workers) with the speed-ups, and the time of one hand per
solve (how sampled runs decide hands) on N hands.
Targets: --hands all under 2 minutes on a 2-core machine; at least 500 hands per second per core.
The machine may be shared: wall times grow with other load, so CPU times are printed too (this
process, plus its worker processes once they have ended; a Dask cluster's workers are not its
children, so their CPU time is not counted).
"""
from __future__ import annotations

import argparse
import os
import random
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from timing import clocked  # noqa: E402

from oracle.yugioh import deckrun  # noqa: E402
from oracle.yugioh.analysis import HandSolver, prepare_program  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deck", default=str(ROOT / "facts/yugioh/decks/junk-synchron.ydk"))
    ap.add_argument("--goal", default="summon:Black Rose Dragon")
    ap.add_argument("--max-steps", type=int, default=3)
    ap.add_argument("--sample", type=int, default=100, help="hands timed one solve each (sampled runs)")
    ap.add_argument("--no-dask", action="store_true", help="skip the Dask LocalCluster")
    args = ap.parse_args()

    setup = deckrun.prepare(args.deck, args.goal, max_steps=args.max_steps)
    weights, _ = deckrun.hands_of(setup, "all")
    classes = sorted({setup.class_hand(h) for h in weights})
    print(f"deck {Path(args.deck).name}: {sum(setup.copies)} cards, {len(setup.names)} distinct, "
          f"{len(setup.extra)} in the Extra Deck; goal {args.goal} within {args.max_steps} actions, going first")
    print(f"distinct hands: {len(weights)}; solved as {len(classes)} hands of card classes "
          f"({max(setup.classes) + 1} classes); cores: {os.cpu_count()}; load average {os.getloadavg()[0]:.1f}")

    prepared, wall, cpu = clocked(lambda: prepare_program(setup.job))
    print(f"prepare the program once (where the analysis starts): {wall:.2f} s, cpu {cpu:.2f} s")
    solver, wall, cpu = clocked(lambda: HandSolver(prepared))
    print(f"ground once per worker: {wall:.2f} s, cpu {cpu:.2f} s")

    def children() -> float:
        use = resource.getrusage(resource.RUSAGE_CHILDREN)
        return use.ru_utime + use.ru_stime

    def runner(label: str, **kw) -> float:
        before = children() + time.process_time()
        run, took, _ = clocked(lambda: deckrun.analyse(setup, progress=False, **kw))
        cpu = children() + time.process_time() - before
        assert not run.partial, run.stopped
        good, every = deckrun.probability(run)
        print(f"--hands all, {label:26} {took:7.1f} s (cpu {cpu:6.1f} s)  {len(weights) / took:6.0f} distinct hands/s "
              f"({len(classes) / took:5.0f} class hands/s; {len(classes) / cpu:5.0f} per cpu second)  "
              f"probability {good}/{every} = {good / every:.4%}")
        return took

    one = runner("1 local worker", workers=1)
    two = runner("2 local workers", workers=2)
    print(f"speed-up of 2 local workers over 1: {one / two:.2f}x  (target: all hands under 120 s)")
    if not args.no_dask:
        try:
            from dask.distributed import LocalCluster
        except ImportError:
            print("Dask is not installed: pip install -e '.[dask]'")
        else:
            with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
                dask = runner("2-worker Dask LocalCluster", scheduler=cluster.scheduler_address)
            print(f"speed-up of the 2-worker LocalCluster over 1 local worker: {one / dask:.2f}x")
    # Sampled runs decide one hand per solve (hand atoms fixed by assumptions).
    sample = random.Random(1).sample(classes, min(args.sample, len(classes)))
    _, seconds, cpu = clocked(lambda: [solver.reaches(h) for h in sample])
    print(f"one hand per solve (sampled runs), in process: {1000 * seconds / len(sample):.1f} ms per hand "
          f"(cpu {1000 * cpu / len(sample):.1f} ms), {len(sample) / seconds:.0f} hands/s")


if __name__ == "__main__":
    main()
