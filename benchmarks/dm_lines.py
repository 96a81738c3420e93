"""Benchmark: Duel Masters lines and puzzles on the payment benchmark's position (12 mana cards
of mixed civilizations, 10 creatures in hand), from the charge step.

Run: python benchmarks/dm_lines.py  (prints answers and seconds; nothing is asserted).
* solve: the shortest line to 1..4 creatures, the number of minimal lines (--all), and proving
  "no line of at most 8 steps" for a goal the mana cannot pay;
* check: the shortest 4-creature line, then the same line with one card too many summoned
  (its last step explained by the relaxed program).
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from dm_payments import position
from timing import timed

from oracle.duel_masters.lines import Step, check_line
from oracle.duel_masters.puzzles import as_line, puzzle_from_json, solve_puzzle


def main() -> None:
    doc = position()
    doc["turn"]["step"] = "charge"
    cards = len(doc["players"][0]["hand"]) + len(doc["players"][0]["mana_zone"])
    print(f"position: {cards} cards, charge step")
    longest = None
    for n in (1, 2, 3, 4):
        puzzle = puzzle_from_json({"position": doc, "goal": {"creatures": n}})
        out, s = timed(lambda puzzle=puzzle: solve_puzzle(puzzle, max_steps=8))
        steps = len(out.lines[0]) if out.lines else None
        print(f"creatures >= {n}: shortest line {steps} steps, {s:.3f} s")
        if out.lines:
            longest = (puzzle, out.lines[0])
        every, s = timed(lambda puzzle=puzzle, steps=steps: solve_puzzle(puzzle, max_steps=steps or 8, all_lines=True))
        print(f"  --all: {len(every.lines)} minimal lines, {s:.3f} s")
    puzzle = puzzle_from_json({"position": doc, "goal": {"creatures": 5}})
    out, s = timed(lambda: solve_puzzle(puzzle, max_steps=8))
    print(f"creatures >= 5 (the mana pays at most 4): solved={out.solved}, searched {out.searched} steps, {s:.3f} s")
    if longest:
        puzzle, steps = longest
        result, s = timed(lambda: check_line(as_line(puzzle, steps)))
        print(f"check the {len(steps)}-step line: {result.status}, {s:.3f} s")
        extra = [*steps, Step(len(steps) + 1, "summon", "Aegis, Sage of Fire and Lightning")]
        result, s = timed(lambda: check_line(as_line(puzzle, extra)))
        print(f"check it plus one summon: {result.status}, {s:.3f} s: {result.steps[-1].reasons}")


if __name__ == "__main__":
    main()
