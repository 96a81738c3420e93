""".ydk deck files (YGOPro/EDOPro): passcodes one per line under #main, #extra and !side.

Lines starting with '#' other than the section markers (e.g. "#created by ...") are comments.
Every problem names the file and the line; all problems of a file are reported together.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from oracle.errors import OracleError, UnknownCard
from oracle.yugioh.cards import Card, Library

MAX_COPIES = 3


@dataclass
class Deck:
    main: list[Card] = field(default_factory=list)
    extra: list[Card] = field(default_factory=list)
    side: list[Card] = field(default_factory=list)


def read_ydk(path: Path | str, library: Library) -> Deck:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise OracleError("no such deck file", source=str(path)) from None
    except (OSError, UnicodeDecodeError) as e:
        raise OracleError(f"cannot read the deck file ({e})", source=str(path)) from None
    if not any(line.strip().lower() in ("#main", "#extra", "!side") for line in text.splitlines()):
        # Not a deck at all: say so without echoing the file (it may be anything the user has).
        raise OracleError("not a .ydk deck file: it has no #main, #extra or !side section", source=str(path))
    deck = Deck()
    section: list[Card] | None = None
    problems: list[str] = []
    first_line: dict[int, int] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        marker = line.lower()
        if marker == "#main":
            section = deck.main
        elif marker == "#extra":
            section = deck.extra
        elif marker == "!side":
            section = deck.side
        elif line.startswith("#"):
            continue
        elif section is None:
            problems.append(f"line {number}: card {line[:20]!r} before any #main/#extra/!side section")
        elif not (line.isascii() and line.isdigit()):  # "¹" and "٣" are digits to str.isdigit, not to int
            problems.append(f"line {number}: {line[:20]!r} is not a passcode")
        else:
            try:
                card = library.resolve(int(line))
            except UnknownCard as e:
                problems.append(f"line {number}: {e.problem}")
                continue
            first_line.setdefault(card.code, number)
            if section is deck.extra and not card.is_extra_deck:
                problems.append(f"line {number}: {card.name} ({card.code}) is not an Extra Deck monster")
            elif section is deck.main and card.is_extra_deck:
                problems.append(f"line {number}: {card.name} ({card.code}) belongs in the Extra Deck")
            section.append(card)
    # Copies count across Main, Extra and Side Deck, by card name.
    copies = Counter(c.name for c in deck.main + deck.extra + deck.side)
    for name, n in sorted(copies.items()):
        if n > MAX_COPIES:
            code = next(c.code for c in deck.main + deck.extra + deck.side if c.name == name)
            problems.append(f"line {first_line[code]}: {n} copies of {name} (at most {MAX_COPIES})")
    if problems:
        raise OracleError("; ".join(problems), source=str(path))
    return deck
