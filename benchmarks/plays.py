"""Benchmark: plays of Yu-Gi-Oh! positions of growing size, in process and from the command line.

    python benchmarks/plays.py [--repeat N]

Prints, per position: cards, plays, milliseconds per position (median of N runs in process, wall
and CPU time of this process), plays per second, the command-line wall time, and the peak memory
of the command-line run.  Then the bundled puzzles (facts/puzzles) whose answer needs 1-3
actions: milliseconds to solve each in process (median, wall and CPU).
Targets: a typical board (5 monsters, 10 Extra Deck monsters) under 10 ms in process (issue 10;
issue 2 asked 20 ms); 40 cards in hand with 7 monsters on the field under 1 s and 300 MB; a
puzzle of 1-3 actions under 50 ms in process (issue 10).
The machine may be shared: CPU time is what this process spent, wall time grows with other load.
Speed session (docs/decisions.md), CPU ms in process on the loaded machine, before -> after:
typical board 44.6 -> 37.7, 15 Extra Deck 49.0 -> 45.3, 7 on the field 53.0 -> 48.3 (the rest is
clingo's fixed cost per statement, ~15 ms, and solving, ~9 ms).
Third speed session: typical board 70 ms CPU, puzzles 34-157 ms (loaded machine; not cut: clingo's
ground ~33 ms, solve ~17 ms, handing over the statements ~10 ms, freeing ~5 ms).
Fourth speed session, CPU ms in process, medians of 10 alternating rounds old/new under the same
load: typical board 44.3 -> 35.0, 15 Extra Deck 50.9 -> 40.6, 7 on the field 55.0 -> 46.5, 40 in
hand 85.7 -> 62.5 (step.lp's domain heuristic when every play is enumerated; relevance reads
shared variables and comparisons false for every value); puzzles, best of 10, 11-40 ms, but
03-synchro ~80 ms (four time steps per action, each step(t) ~10 ms of grounding).
Thirteenth session (plays ground only the statements their shown atoms depend on, demand.needed),
CPU ms in process: typical board 33.3 -> 23.2, 15 Extra Deck 36.9 -> 27.1, 7 on the field 47.9 ->
28.6, 40 in hand 72.7 -> 40.4 (start and end of the session, under different loads; same load,
alternating: typical 28.0 -> 23.3); puzzles 13-30 ms, 03-synchro 93 ms.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import clocked  # noqa: E402

import oracle
from oracle.yugioh.cards import Library
from oracle.yugioh.position import parse_position
from oracle.yugioh.solve import load_puzzle, solve_puzzle

ROOT = Path(__file__).resolve().parent.parent

FIELD = ["Junk Synchron", "Gene-Warped Warwolf", "Celtic Guardian", "Kozaky", "Effect Veiler"]
EXTRA = ["Black Rose Dragon", "Stardust Dragon", "Number 39: Utopia", "Castel, the Skyblaster Musketeer",
         "Proxy Dragon", "Link Spider", "Decode Talker", "Traffic Ghost", "Firewall Dragon",
         "Gaia Saber, the Lightning Shadow", "Crystron Halqifibrax", "Abyss Dweller", "Zoodiac Drident",
         "Knightmare Phoenix", "Borreload Dragon"]
HAND = ["Gene-Warped Warwolf", "Kozaky", "Petit Moth", "Summoned Skull", "Dark Magician", "Sangan",
        "Celtic Guardian", "Mystic Tomato", "Alexandrite Dragon", "Junk Synchron"]


def position(field: int, hand: int, extra: int, emz: bool) -> dict:
    zones = [{"card": FIELD[i % len(FIELD)], "position": "attack"} for i in range(min(field, 5))]
    zones += [None] * (5 - len(zones))
    emzs = [None, None]
    if emz:
        emzs[0] = {"card": "Link Spider", "position": "attack", "controller": 0}
        emzs[1] = {"card": "Knightmare Phoenix", "position": "attack", "controller": 1}
    return {"game": "yugioh",
            "players": [{"hand": [HAND[i % len(HAND)] for i in range(hand)],
                         "extra_deck": EXTRA[:extra], "monster_zones": zones},
                        {}],
            "extra_monster_zones": emzs}


CASES = [
    ("empty field, 5 in hand", position(0, 5, 0, False)),
    ("typical: 5 monsters, 10 Extra Deck", position(5, 5, 10, False)),
    ("5 monsters, 15 Extra Deck", position(5, 5, 15, False)),
    ("7 on the field, 15 Extra Deck", position(5, 5, 15, True)),
    ("7 on the field, 40 in hand, 15 Extra Deck", position(5, 40, 15, True)),
]


def cli_run(doc: dict) -> tuple[float, float, int]:
    """Wall seconds, peak MB and exit status of `oracle plays FILE --count`."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(doc, f)
    exe = Path(sys.executable).with_name("oracle")
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    run = subprocess.run([str(exe), "plays", f.name, "--count"], capture_output=True, text=True)
    wall = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    os.unlink(f.name)
    return wall, max(peak, before) / 1024, run.returncode


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=15)
    args = ap.parse_args()
    library = Library.load()
    print(f"{'position':45} {'cards':>5} {'plays':>6} {'ms/pos':>8} {'cpu ms':>7} {'plays/s':>9} {'cli s':>6} {'cli MB':>7}")
    for name, doc in CASES:
        pos = parse_position(doc, library=library)
        walls, cpus, n = [], [], 0
        for _ in range(args.repeat):
            plays, wall, cpu = clocked(lambda: oracle.plays(pos, library=library))
            n = len(plays)
            walls.append(wall)
            cpus.append(cpu)
        ms, cpu_ms = statistics.median(walls) * 1000, statistics.median(cpus) * 1000
        wall, mb, status = cli_run(doc)
        print(f"{name:45} {len(pos.slots):5d} {n:6d} {ms:8.1f} {cpu_ms:7.1f} {n / (cpu_ms / 1000):9.0f} {wall:6.2f} {mb:7.0f}"
              + ("" if status == 0 else f"  (exit {status})"))
    print()
    print(f"{'puzzle (1-3 actions)':45} {'steps':>5} {'ms':>8} {'cpu ms':>7}")
    for path in sorted((ROOT / "facts" / "puzzles").glob("*.json")):
        puzzle = load_puzzle(path, library=library)
        out = solve_puzzle(puzzle, max_steps=3, library=library)
        if not out.lines:
            continue
        runs = [clocked(lambda: solve_puzzle(puzzle, max_steps=3, library=library)) for _ in range(max(3, args.repeat // 3))]
        print(f"{path.name:45} {len(out.lines[0]):5d} {statistics.median(r[1] for r in runs) * 1000:8.1f} "
              f"{statistics.median(r[2] for r in runs) * 1000:7.1f}")


if __name__ == "__main__":
    main()
