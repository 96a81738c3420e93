"""Benchmark: the 239 EDOPro puzzles (../shared/data/puzzles) against the effect-aware solver.

    python benchmarks/effect_puzzles.py [--max-steps N] [--timeout S] [--list] [--top N] [--no-solve]

Each puzzle is classified as one of
  - solved, every card understood, no possible response of the opponent (the target class);
  - solved, every card understood, but the opponent could respond (face-down cards, hand traps);
  - solved while some card is not understood (its effects are never activated, so the answer may
    not be a solution);
  - solved, but the file registers effects of its own in Lua (never run), so the line answers
    another puzzle;
  - no line within the bound (--max-steps actions, 8 by default: the published solutions of these
    puzzles take up to 11; "unreachable" when the solver proved that no
    line of any length exists);
  - stopped by the time limit;
  - unsupported, and why (the file names a card the library does not hold, the board does not fit
    the position format, the objective is not a goal the solver knows).
Then the blockers: every sentence not understood, counted once per imported puzzle in which a card
bears it ("puzzles"); its share ("share": the sum over those puzzles of 1/n, n the number of
sentences not understood in the puzzle, so that a sentence of a nearly understood puzzle weighs
more), and how many puzzles it alone keeps from being fully understood ("alone"), of which how many
have no possible response of the opponent ("quiet").  Sorted by share: what unlocks the most
puzzles comes first.  A card whose every sentence parses but whose
reading is refused is listed as "[refused: reason] card".  With --no-solve only the import and
the blockers are measured (seconds instead of minutes).  Figures are printed, never asserted.
"""
from __future__ import annotations

import argparse
import os
import re
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from oracle.errors import OracleError
from oracle.yugioh.cards import Library
from oracle.yugioh.effect_text import accepted, card_effects, effect_sentences, normalized
from oracle.yugioh.puzzle_lua import import_lua
from oracle.yugioh.solve import Puzzle, load_puzzle, possible_responses, solve_puzzle

TARGET = "solved, every card understood, no possible response"


def unsupported_reason(message: str) -> str:
    """The reason an import or a goal was refused, as a class ("unsupported: ...")."""
    text = message.split(": ", 1)[-1]
    if "unofficial card" in text:
        return "unsupported: a card of EDOPro's unofficial databases (anime, pre-release)"
    if re.search(r"no card has passcode \d+$", text):
        return "unsupported: a passcode that is in no database (a card made for the puzzle)"
    if "objective is not a goal" in text:
        return "unsupported: the objective is not a goal the solver knows"
    return "unsupported: the board does not fit the position format"


def blockers(puzzle: Puzzle, library: Library) -> set[str]:
    """The sentences (names as "X") not understood of every card of the puzzle."""
    out: set[str] = set()
    for slot in puzzle.position.slots:
        read = card_effects(slot.card, library)
        if not read.unsupported:
            continue
        bad = {normalized(s) for s in effect_sentences(slot.card) if not accepted(normalized(s))}
        out |= bad or {f"[refused: {read.unsupported[:60]}] {slot.card.name}"}
    return out


def scripted(path: Path, library: Library) -> bool:
    """Whether the file registers effects of its own (Lua the importer never runs): a line found
    without them answers another puzzle."""
    return any("script code is not executed" in note for note in import_lua(path, library=library).notes)


def classify(puzzle: Puzzle, library: Library, max_steps: int, timeout: float) -> str:
    out = solve_puzzle(puzzle, max_steps=max_steps, timeout=timeout, library=library)
    if out.solved:
        if out.effects:
            return "solved while some card is not understood"
        if out.responses:
            return "solved, every card understood, the opponent could respond"
        return TARGET
    if out.stopped:
        return "stopped by the time limit"
    if out.exhausted is not None:
        return "no line: unreachable at any length"
    return f"no line within {max_steps} actions"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max-steps", type=int, default=8)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--list", action="store_true", help="print every puzzle, its class and its blockers")
    ap.add_argument("--top", type=int, default=30, help="how many blocking sentences to print")
    ap.add_argument("--no-solve", action="store_true", help="only import and count the blockers")
    args = ap.parse_args()
    data = Path(os.environ.get("ORACLE_SHARED", ROOT.parent / "shared")) / "data" / "puzzles"
    if not data.is_dir():
        print(f"{data} not present")
        return
    library = Library.load()
    files = sorted(data.rglob("*.lua"))
    counts: Counter = Counter()
    puzzles: Counter = Counter()       # sentence -> imported puzzles in which it blocks
    alone: Counter = Counter()         # sentence -> puzzles it alone blocks
    alone_quiet: Counter = Counter()   # ... of which no possible response of the opponent
    share: Counter = Counter()         # sentence -> sum of 1/n over the puzzles it blocks
    needs: Counter = Counter()         # number of blocking sentences -> puzzles
    started = time.perf_counter()
    for f in files:
        try:
            puzzle = load_puzzle(f, library=library)
        except OracleError as e:
            kind, why = unsupported_reason(str(e)), str(e).split(": ", 1)[-1][:90]
            counts[kind] += 1
            if args.list:
                print(f"{f.relative_to(data)}: {kind} ({why})", flush=True)
            continue
        block = blockers(puzzle, library)
        quiet = not possible_responses(puzzle.position, library)
        needs[min(len(block), 10)] += 1
        for s in block:
            puzzles[s] += 1
            share[s] += 1 / len(block)
            if len(block) == 1:
                alone[s] += 1
                alone_quiet[s] += quiet
        kind = "imported" if args.no_solve else classify(puzzle, library, args.max_steps, args.timeout)
        if kind.startswith("solved") and scripted(f, library):
            kind = "solved, but the file's own script code (a custom effect) is not represented"
        counts[kind] += 1
        if args.list:
            extra = "" if quiet else "; the opponent could respond"
            print(f"{f.relative_to(data)}: {kind} ({len(block)} sentences not understood{extra})", flush=True)
            for s in sorted(block):
                print(f"    {s[:150]}")
    bound = "import only" if args.no_solve else f"at most {args.max_steps} actions and {args.timeout:g} s each"
    print(f"{len(files)} EDOPro puzzles, {bound} ({time.perf_counter() - started:.0f} s in all):")
    for kind, n in counts.most_common():
        print(f"  {n:4}  {kind}")
    print("imported puzzles by the number of sentences not understood in them (10 = 10 or more):")
    print("  " + ", ".join(f"{k}: {needs[k]}" for k in sorted(needs)))
    print(f"the {args.top} sentences that block the most puzzles:")
    print("  puzzles  share  alone  quiet  sentence")
    for s, n in sorted(puzzles.items(), key=lambda kv: (-share[kv[0]], -kv[1], kv[0]))[:args.top]:
        print(f"  {n:7} {share[s]:6.2f} {alone[s]:6} {alone_quiet[s]:6}  {s[:150]}")


if __name__ == "__main__":
    main()
