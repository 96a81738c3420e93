"""Benchmark: the card-text grammar (oracle/yugioh/grammar/) on the whole library.

Run: python benchmarks/grammar.py  (prints CPU seconds; nothing is asserted).
* every text the requirement reader parses (material lines, and the descriptions inside
  procedures, Ritual and Fusion Spells), parsed with the LALR parser the oracle uses and with
  lark's Earley parser on the same grammar files (the choice of docs/decisions.md);
* the requirements of every card of the library (what `oracle cards coverage` does).
"""
from __future__ import annotations

import time

import lark

from oracle.yugioh import grammar
from oracle.yugioh.cards import Library
from oracle.yugioh.grammar import Unsupported
from oracle.yugioh import requirements as reader


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


def main() -> None:
    library = Library.load()
    lines = texts(library)
    print(f"{len(lines)} texts parsed while reading {len(library)} cards")
    lalr = {g: grammar.parser(g) for g in grammar.STARTS}
    ok, s = timed(lambda: parse_all(lalr, lines))
    print(f"LALR:   {ok} parsed in {s:.3f} s ({1000 * s / len(lines):.3f} ms a text)")
    earley, s = timed(lambda: {g: lark.Lark.open(str(grammar.HERE / f"{g}.lark"), start=starts, parser="earley",
                                                 lexer="basic", postlex=grammar._Lookahead())
                               for g, starts in grammar.STARTS.items()})
    print(f"Earley: grammar loaded in {s:.3f} s")
    ok, s = timed(lambda: parse_all(earley, lines))
    print(f"Earley: {ok} parsed in {s:.3f} s ({1000 * s / len(lines):.3f} ms a text)")
    _, s = timed(lambda: [reader.requirements(card, library) for card in library])
    print(f"requirements of all {len(library)} cards: {s:.3f} s")


if __name__ == "__main__":
    main()
