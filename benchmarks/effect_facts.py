"""The effect reading of every card of the library, as one line per card, to compare two versions
of the grammar (the IR must not change when only the parser does).

    python benchmarks/effect_facts.py --dump FILE      # write the lines, print the CPU seconds
    python benchmarks/effect_facts.py --compare A B    # the cards whose lines differ
    python benchmarks/effect_facts.py --sentences FILE # whether the grammar reads each sentence

A line is: the passcode, a tab, ``understood`` or ``unsupported: <the sentence or reason>``, a tab,
the card's rule terms, a tab, and its facts sorted (``read_card``'s ``CardEffects.facts``).
"""
from __future__ import annotations

import argparse
import sys
import time

from oracle.yugioh.cards import Library
from oracle.yugioh.effect_text import accepted, effect_sentences, normalized, read_card


def line(card, library: Library) -> str:
    out = read_card(card, library)
    status = "understood" if out.unsupported is None else f"unsupported: {out.unsupported}"
    facts = " ".join(sorted(str(f) for f in out.facts))
    rules = " ".join(sorted(str(r) for r in out.rules))
    return f"{card.code}\t{status}\t{rules}\t{facts}"


def dump(path: str) -> None:
    library = Library.load()
    started = time.process_time()
    with open(path, "w", encoding="utf-8") as out:
        for card in library:
            out.write(line(card, library) + "\n")
    took = time.process_time() - started
    print(f"{len(library)} cards read in {took:.1f} s CPU ({1000 * took / len(library):.2f} ms a card)")


def sentences(path: str) -> None:
    """Every effect sentence of the library (names as "X", each once, sorted) and whether the
    grammar reads it: ``1`` or ``0``, a tab, the sentence."""
    library = Library.load()
    texts = sorted({normalized(s) for card in library for s in effect_sentences(card)})
    started = time.process_time()
    with open(path, "w", encoding="utf-8") as out:
        for s in texts:
            out.write(f"{int(accepted(s))}\t{s}\n")
    took = time.process_time() - started
    print(f"{len(texts)} sentences read in {took:.1f} s CPU ({1000 * took / len(texts):.2f} ms a sentence)")


def compare(a: str, b: str) -> int:
    def read(path):
        with open(path, encoding="utf-8") as f:
            return dict(l.rstrip("\n").split("\t", 1) for l in f)

    old, new = read(a), read(b)
    differ = sorted(set(old) | set(new), key=int)
    n = 0
    for code in differ:
        if old.get(code) != new.get(code):
            n += 1
            print(f"{code}\n  - {old.get(code)}\n  + {new.get(code)}")
    print(f"{n} of {len(set(old) | set(new))} cards differ")
    return 1 if n else 0


def main() -> None:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = args.add_mutually_exclusive_group(required=True)
    group.add_argument("--dump", metavar="FILE")
    group.add_argument("--compare", nargs=2, metavar=("OLD", "NEW"))
    group.add_argument("--sentences", metavar="FILE")
    opts = args.parse_args()
    if opts.dump:
        dump(opts.dump)
    elif opts.sentences:
        sentences(opts.sentences)
    else:
        sys.exit(compare(*opts.compare))


if __name__ == "__main__":
    main()
