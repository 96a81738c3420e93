"""Benchmark: the card-text grammar (oracle/yugioh/grammar/) on the whole library.

Run: python benchmarks/grammar.py [--skip-earley]   (prints CPU seconds; nothing is asserted).
* the effects of every card of the library (effect_text.read_card: what `oracle cards coverage
  --effects` and every command pay for each new card), per card and per sentence, with the LALR
  parser of effects.lark; the same for the 1,000 different Level 1-4 monsters of benchmarks/edges.py;
  the Earley parser this replaced took 618.9 s for the library (43.2 ms a card) and 42 s for the
  1,000 monsters (docs/decisions.md, "Issue 8: the effect grammar on LALR(1)");
* every text the requirement reader parses (material lines, and the descriptions inside
  procedures, Ritual and Fusion Spells), parsed with the LALR parser the oracle uses and with
  lark's Earley parser on the same grammar files (the choice of docs/decisions.md);
* the requirements of every card of the library (what `oracle cards coverage` does);
* the start-up of `oracle plays facts/positions/example.json` (a new process: Python, clingo, the
  library, the cached parse tables).
"""
from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import time
from pathlib import Path

import lark

from oracle.yugioh import effect_text, grammar
from oracle.yugioh.cards import Library
from oracle.yugioh.grammar import Unsupported
from oracle.yugioh import requirements as reader

ROOT = Path(__file__).resolve().parent.parent


def timed(fn):
    """``fn()`` and the CPU seconds it took (the shared machine's load does not count)."""
    started = time.process_time()
    out = fn()
    return out, time.process_time() - started


def texts(library: Library) -> list[tuple[str, str, str]]:
    """(grammar, start rule, text) the reader hands to the grammar, collected by reading the whole library."""
    seen: list[tuple[str, str, str]] = []
    parse = grammar.parse

    def spy(g, start, text):
        seen.append((g, start, text))
        return parse(g, start, text)

    grammar.parse = spy
    try:
        for card in library:
            reader.requirements(card, library)
    finally:
        grammar.parse = parse
    return seen


def parse_all(parsers: dict[str, lark.Lark], lines: list[tuple[str, str, str]]) -> int:
    ok = 0
    for g, start, line in lines:
        try:
            parsers[g].parse(line, start=start)
            ok += 1
        except (lark.exceptions.LarkError, Unsupported):
            pass
    return ok


def read_effects(library: Library, cards) -> int:
    """Every card's effects read (the cache of card_effects is not used); the sentences read."""
    return sum(effect_text.read_card(card, library).sentences for card in cards)


def edge_monsters(library: Library, n: int = 1000) -> list:
    """The different Level 1-4 monsters of benchmarks/edges.py's hand of 1,000."""
    return [c for c in library if c.is_monster and not c.is_extra_deck and c.level and c.level <= 4
            and not c.special_summon_only and not c.unofficial and "token" not in c.kinds][:n]


def parse_sentences(library: Library) -> tuple[int, int, float]:
    """Every effect sentence of the library (heads of bullet lists alone) parsed with the LALR
    parser: (sentences, read by the grammar, CPU seconds)."""
    p = effect_text.parser()
    sentences = [s.split("●")[0].strip() for card in library for s in effect_text.effect_sentences(card)]

    def run():
        ok = 0
        for s in sentences:
            try:
                p.parse(s, start="sentence")
                ok += 1
            except (lark.exceptions.LarkError, Unsupported):
                pass
        return ok
    ok, s = timed(run)
    return len(sentences), ok, s


def startup() -> float:
    """CPU seconds of `oracle plays facts/positions/example.json --count` in a new process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-m", "oracle", "plays", str(ROOT / "facts/positions/example.json"), "--count"],
                   capture_output=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--skip-earley", action="store_true", help="leave out the Earley parse of material lines")
    opts = args.parse_args()
    library = Library.load()
    _, s = timed(effect_text.parser)
    print(f"effects: LALR parser loaded in {s:.3f} s (its tables from lark's cache)")
    n, s = timed(lambda: read_effects(library, library))
    print(f"effects of all {len(library)} cards: {s:.1f} s ({1000 * s / len(library):.2f} ms a card, "
          f"{1000 * s / max(n, 1):.2f} ms a sentence of the {n} read; Earley: 618.9 s, 43.2 ms a card)")
    monsters = edge_monsters(library)
    _, s = timed(lambda: read_effects(library, monsters))
    print(f"effects of the {len(monsters)} different monsters of benchmarks/edges.py: {s:.2f} s (Earley: 42 s)")
    total, ok, s = parse_sentences(library)
    print(f"effect sentences parsed: {total} ({ok} read by the grammar) in {s:.1f} s ({1000 * s / total:.3f} ms a sentence)")
    lines = texts(library)
    print(f"{len(lines)} texts parsed while reading the requirements of {len(library)} cards")
    lalr = {g: grammar.parser(g) for g in grammar.STARTS}
    ok, s = timed(lambda: parse_all(lalr, lines))
    print(f"LALR:   {ok} parsed in {s:.3f} s ({1000 * s / len(lines):.3f} ms a text)")
    if not opts.skip_earley:
        earley, s = timed(lambda: {g: lark.Lark.open(str(grammar.HERE / f"{g}.lark"), start=starts, parser="earley",
                                                     lexer="basic", postlex=grammar._Lookahead())
                                   for g, starts in grammar.STARTS.items()})
        print(f"Earley: grammar loaded in {s:.3f} s")
        ok, s = timed(lambda: parse_all(earley, lines))
        print(f"Earley: {ok} parsed in {s:.3f} s ({1000 * s / len(lines):.3f} ms a text)")
    _, s = timed(lambda: [reader.requirements(card, library) for card in library])
    print(f"requirements of all {len(library)} cards: {s:.3f} s")
    print(f"start-up of oracle plays facts/positions/example.json: {startup():.2f} s CPU")


if __name__ == "__main__":
    main()
