"""Benchmark: big inputs that play little part (issue 9), from the command line as a user runs them.

    python benchmarks/edges.py [--deck N] [--hand N]

Prints the wall and CPU time of `oracle plays --count` on
- a position whose Deck holds N cards (default 1,000,000) that no rule can reach (target < 2 s;
  82 s before issue 9): the Deck is left out of the facts, the reader reads a repeated entry once,
  and the cycle collector does not scan the million slots while they are made;
- N cards in the hand (default 1,000) as identical copies of Kuriboh (target < 5 s: one play per
  card, not per copy), with --all-copies (one play per copy), and as 1,000 different monsters
  (202 s of CPU before materials were chosen only among cards that fit, materials.lp could_fit/4,
  and pairs compared only for the set constraints in play, set_check/1);
and the time to read the position alone, in process.
Third speed session (docs/decisions.md), CPU on the loaded machine, before -> after: 1,000
different monsters 27.4 s -> 6.5 s (plays enumerated in groups of candidate actions, plays.py
action_groups; no Ritual Summon candidate without a Ritual Spell, ritual.lp); Deck of 1,000,000
2.0 s, 1,000 copies of Kuriboh 4.5 s, --all-copies 3.7 s, empty position 1.1 s (unchanged).  The machine's load changes the figures:
run it on an idle machine to compare with the targets.
"""
from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from oracle.yugioh.cards import Library
from oracle.yugioh.position import parse_position


def cli(path: Path, *extra: str) -> tuple[float, float, str]:
    """Wall time, CPU time (user + system: what the figure would be on an idle machine) and the output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "oracle", "plays", str(path), "--count", *extra],
                         capture_output=True, text=True)
    took = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if out.returncode != 0:
        raise SystemExit(f"oracle plays failed: {out.stderr.strip()}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return took, cpu, out.stdout.strip()


def baseline(folder: Path) -> float:
    """The command line on an empty position: Python, clingo and the library loading."""
    path = folder / "empty.json"
    path.write_text(json.dumps({"players": [{}, {}]}))
    return cli(path)[1]


def main() -> None:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--deck", type=int, default=1_000_000)
    args.add_argument("--hand", type=int, default=1_000)
    opts = args.parse_args()
    library = Library.load()
    monsters = [c.name for c in library if c.is_monster and not c.is_extra_deck and c.level and c.level <= 4
                and not c.special_summon_only and not c.unofficial and "token" not in c.kinds][:opts.hand]
    cases = [
        (f"Deck of {opts.deck:,} Kuriboh, 2 cards in hand", {"players": [
            {"hand": ["Kuriboh", "Summoned Skull"], "deck": ["Kuriboh"] * opts.deck,
             "monster_zones": ["Kozaky", None, None, None, None]}, {}]}, ()),
        (f"{opts.hand:,} copies of Kuriboh in hand", {"players": [{"hand": ["Kuriboh"] * opts.hand}, {}]}, ()),
        (f"{opts.hand:,} copies of Kuriboh in hand, --all-copies",
         {"players": [{"hand": ["Kuriboh"] * opts.hand}, {}]}, ("--all-copies",)),
        (f"{len(monsters):,} different Level 1-4 monsters in hand", {"players": [{"hand": monsters}, {}]}, ()),
    ]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        print(f"baseline (empty position, command line): {baseline(folder):6.2f} s CPU")
        print(f"{'position':55} {'read':>7} {'oracle plays: wall':>19} {'CPU':>7} {'plays':>7}")
        for label, doc, extra in cases:
            path = folder / "pos.json"
            path.write_text(json.dumps(doc))
            started = time.perf_counter()
            parse_position(doc, library=library)
            read = time.perf_counter() - started
            took, cpu, count = cli(path, *extra)
            print(f"{label:55} {read:6.2f}s {took:18.2f}s {cpu:6.2f}s {count:>7}")


if __name__ == "__main__":
    main()
