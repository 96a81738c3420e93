"""Benchmark: the skills pack on its bundled classes.

Run: python benchmarks/skills.py  (prints answers and seconds; nothing is asserted).
* plays (with --explain) of a DNF summoner with 0..10 lesser spirits out (the sacrifice choices grow);
* solve: the spirit king from no spirit (a cooldown forces a wait), 3..8 skeletons of a level-20
  necromancer, and proving that no line of at most 8 steps gives a ninth skeleton.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from timing import timed

from oracle.skills.plays import explanations, plays
from oracle.skills.position import parse_position
from oracle.skills.puzzles import puzzle_from_json, solve_puzzle

DNF = {"精靈召喚：亞德炎": 1, "精靈召喚：冰奈斯": 1, "精靈召喚：瑟冥特克": 1, "精靈召喚：雷沃斯": 1,
       "精靈召喚：伊伽貝拉": 1, "召喚獸強化": 9, "精靈獻祭": 1}
KINDS = ["亞德炎", "冰奈斯", "瑟冥特克", "雷沃斯"]


def main() -> None:
    for n in (0, 2, 4, 7, 10):
        units = {k: n // 4 + (1 if i < n % 4 else 0) for i, k in enumerate(KINDS)}
        doc = {"game": "skills", "class": "dnf-summoner", "skills": DNF, "mp": 500, "units": units,
               "passives": ["被動——EX下級精靈強化"]}
        pos = parse_position(doc, "<benchmark>")
        (found, _), s = timed(lambda pos=pos: plays(pos))
        why, s2 = timed(lambda pos=pos, found=found: explanations(pos, found))
        print(f"DNF, {n:2} lesser spirits: {len(found)} plays in {s:.3f} s; --explain {len(why)} skills in {s2:.3f} s")
    king = {"game": "skills", "class": "dnf-summoner", "skills": DNF, "mp": 500}
    out, s = timed(lambda: solve_puzzle(puzzle_from_json({"position": king, "goal": {"have": "伊伽貝拉"}})))
    print(f"DNF spirit king from nothing: {len(out.lines[0])} steps, {s:.3f} s")
    nec = {"game": "skills", "class": "d2-necromancer", "skills": {"Raise Skeleton": 20}, "mp": 1000, "corpses": 10}
    for n in (3, 5, 8, 9):
        puzzle = puzzle_from_json({"position": nec, "goal": {"units": {"Skeleton": n}}})
        out, s = timed(lambda puzzle=puzzle: solve_puzzle(puzzle, max_steps=8))
        steps = len(out.lines[0]) if out.lines else None
        print(f"Necromancer level 20, {n} skeletons: shortest line {steps} steps "
              f"({'searched ' + str(out.searched) + ' horizons' if not out.solved else 'solved'}), {s:.3f} s")


if __name__ == "__main__":
    main()
