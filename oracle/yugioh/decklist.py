"""Decks in the three forms people paste: a .ydk file, a YDKE URL, a plain list of names.

- ``.ydk`` (EDOPro): read by oracle/yugioh/ydk.py.
- ``ydke://MAIN!EXTRA!SIDE!``: each part is base64 of little-endian 32-bit passcodes.
- A plain list: one card a line, by English name or passcode, with an optional count
  (``3 Ash Blossom & Joyous Spring``, ``3x ...``); blank lines and lines starting with ``#`` or
  ``//`` are comments, except the section markers ``#main``, ``#extra`` and ``!side`` (also
  ``main:``, ``extra:``, ``side:``).  Without markers, Extra Deck monsters go to the Extra Deck.

Passcodes go through the library's ordinary lookup, so an alternate artwork counts as its
original wherever the library knows it.  Every problem names the source and the line or part.
"""
from __future__ import annotations

import base64
import binascii
import re
import struct
from collections import Counter
from pathlib import Path

from oracle.errors import OracleError, UnknownCard
from oracle.yugioh.cards import Card, Library
from oracle.yugioh.ydk import MAX_COPIES, Deck, read_ydk

_COUNT = re.compile(r"^(\d+)\s*[xX]?\s+(\S.*)$")
_SECTIONS = {"#main": "main", "main:": "main", "#extra": "extra", "extra:": "extra", "!side": "side",
             "side:": "side", "#side": "side"}


def read_deck(ref: str, library: Library) -> Deck:
    """A deck from a YDKE URL, a .ydk file or a plain list file."""
    if ref.strip().lower().startswith("ydke://"):
        return read_ydke(ref.strip(), library)
    path = Path(ref)
    if path.suffix.lower() == ".ydk":
        return read_ydk(path, library)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise OracleError("no such deck file", source=ref) from None
    except IsADirectoryError:
        raise OracleError("a deck is a file, not a folder", source=ref) from None
    except (OSError, UnicodeDecodeError) as e:
        raise OracleError(f"cannot read the deck file ({e})", source=ref) from None
    if text.lstrip().lower().startswith("ydke://"):
        return read_ydke(text.strip(), library, source=ref)
    rows = [line.strip() for line in text.splitlines() if line.strip()]
    if rows and all(r.isdigit() or r.startswith("#") or r.lower() == "!side" for r in rows):
        return read_ydk(path, library)  # a .ydk under another name
    return read_list(text, library, source=ref)


def read_ydke(url: str, library: Library, *, source: str | None = None) -> Deck:
    source = source or "<ydke>"
    parts = url[len("ydke://"):].split("!")
    if len(parts) < 3 or any(parts[3:]):
        raise OracleError("a YDKE URL is ydke://MAIN!EXTRA!SIDE! (three base64 parts)", source=source)
    deck = Deck()
    problems: list[str] = []
    for label, part, cards in (("main", parts[0], deck.main), ("extra", parts[1], deck.extra),
                               ("side", parts[2], deck.side)):
        try:
            raw = base64.b64decode(part, validate=True)
        except (binascii.Error, ValueError):
            raise OracleError(f"the {label} part is not base64", source=source) from None
        if len(raw) % 4:
            raise OracleError(f"the {label} part is not a list of 32-bit passcodes ({len(raw)} bytes)",
                              source=source)
        for n, (code,) in enumerate(struct.iter_unpack("<I", raw)):
            try:
                cards.append(library.resolve(code))
            except UnknownCard as e:
                problems.append(f"{label} card {n + 1}: {e.problem}")
    _check(deck, problems)
    if problems:
        raise OracleError("; ".join(problems), source=source)
    return deck


def read_list(text: str, library: Library, *, source: str = "<deck>") -> Deck:
    deck = Deck()
    section: str | None = None
    problems: list[str] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.lower() in _SECTIONS:
            section = _SECTIONS[line.lower()]
            continue
        if line.startswith(("#", "//")):
            continue
        count, name = 1, line
        m = _COUNT.match(line)
        if m and not line.isdigit():
            count, name = int(m.group(1)), m.group(2).strip()
        if count < 1:
            problems.append(f"line {number}: a count is 1 or more")
            continue
        try:
            card = library.resolve(name)
        except UnknownCard as e:
            problems.append(f"line {number}: {e.problem}")
            continue
        where = section or ("extra" if card.is_extra_deck else "main")
        if where == "main" and card.is_extra_deck:
            problems.append(f"line {number}: {card.name} belongs in the Extra Deck")
        elif where == "extra" and not card.is_extra_deck:
            problems.append(f"line {number}: {card.name} is not an Extra Deck monster")
        else:
            getattr(deck, where).extend([card] * count)
    _check(deck, problems)
    if problems:
        raise OracleError("; ".join(problems), source=source)
    return deck


def _check(deck: Deck, problems: list[str]) -> None:
    """The checks of read_ydk that do not depend on the file's lines: copies and sections."""
    for card in deck.main:
        if card.is_extra_deck:
            problems.append(f"{card.name} belongs in the Extra Deck")
    for card in deck.extra:
        if not card.is_extra_deck:
            problems.append(f"{card.name} is not an Extra Deck monster")
    copies = Counter(c.name for c in deck.main + deck.extra + deck.side)
    for name, n in sorted(copies.items()):
        if n > MAX_COPIES:
            problems.append(f"{n} copies of {name} (at most {MAX_COPIES})")


def names(cards: list[Card]) -> Counter:
    """How many copies of each card name."""
    return Counter(c.name for c in cards)
