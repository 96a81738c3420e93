"""Benchmark: the card-text grammar (oracle/yugioh/grammar/) on the whole library.

Run: python benchmarks/grammar.py  (prints seconds; nothing is asserted).
* every text the requirement reader parses (material lines, and the descriptions inside
  procedures, Ritual and Fusion Spells), parsed with the LALR parser the oracle uses and with
  lark's Earley parser on the same grammar files (the choice of docs/decisions.md);
* the requirements of every card of the library (what `oracle cards coverage` does).
"""
from __future__ import annotations

import sys
from pathlib import Path

import lark

sys.path.insert(0, str(Path(__file__).parent))

from timing import timed

from oracle.yugioh import grammar
from oracle.yugioh.cards import Library
from oracle.yugioh.grammar import Unsupported
from oracle.yugioh import requirements as reader


def texts(library: Library) -> list[tuple[str, str]]:
    """(start rule, text) the reader hands to the grammar, collected by reading the whole library."""
    seen: list[tuple[str, str]] = []
    parse = grammar.parse

    def spy(g, start, text):
        seen.append((start, text))
        return parse(g, start, text)

    grammar.parse = spy
    try:
        for card in library:
            reader.requirements(card, library)
    finally:
        grammar.parse = parse
    return seen


def parse_all(parser: lark.Lark, lines: list[tuple[str, str]]) -> int:
    ok = 0
    for start, line in lines:
        try:
            parser.parse(line, start=start)
            ok += 1
        except (lark.exceptions.LarkError, Unsupported):
            pass
    return ok


def main() -> None:
    library = Library.load()
    lines = texts(library)
    print(f"{len(lines)} texts parsed while reading {len(library)} cards")
    lalr = grammar.parser("materials")
    ok, s = timed(lambda: parse_all(lalr, lines))
    print(f"LALR:   {ok} parsed in {s:.3f} s ({1000 * s / len(lines):.3f} ms a text)")
    _, s = timed(lambda: lark.Lark.open(str(grammar.HERE / "materials.lark"), start=grammar.STARTS["materials"], parser="earley",
                                        lexer="basic", postlex=grammar._Lookahead()))
    earley = _
    print(f"Earley: grammar loaded in {s:.3f} s")
    ok, s = timed(lambda: parse_all(earley, lines))
    print(f"Earley: {ok} parsed in {s:.3f} s ({1000 * s / len(lines):.3f} ms a text)")
    _, s = timed(lambda: [reader.requirements(card, library) for card in library])
    print(f"requirements of all {len(library)} cards: {s:.3f} s")


if __name__ == "__main__":
    main()
