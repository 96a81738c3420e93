"""Import the official card pool from an EDOPro/YGOPro ``cards.cdb`` (SQLite) into a Library.

Encodings are those of the EDOPro card scripts (see shared/data/README.md).
"""
from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from oracle.errors import OracleError
from oracle.yugioh.cards import UNOFFICIAL_FROM, Card, Library

TYPE_BITS = {
    0x1: "monster", 0x2: "spell", 0x4: "trap", 0x10: "normal", 0x20: "effect", 0x40: "fusion",
    0x80: "ritual", 0x100: "trap_monster", 0x200: "spirit", 0x400: "union", 0x800: "gemini",
    0x1000: "tuner", 0x2000: "synchro", 0x4000: "token", 0x10000: "quickplay",
    0x20000: "continuous", 0x40000: "equip", 0x80000: "field", 0x100000: "counter",
    0x200000: "flip", 0x400000: "toon", 0x800000: "xyz", 0x1000000: "pendulum",
    0x4000000: "link",
}
TYPE_SPSUMMON = 0x2000000
TYPE_SKILL = 0x8000000
ATTRIBUTES = {0x1: "earth", 0x2: "water", 0x4: "fire", 0x8: "wind", 0x10: "light", 0x20: "dark",
              0x40: "divine"}
RACES = {
    0x1: "warrior", 0x2: "spellcaster", 0x4: "fairy", 0x8: "fiend", 0x10: "zombie",
    0x20: "machine", 0x40: "aqua", 0x80: "pyro", 0x100: "rock", 0x200: "winged_beast",
    0x400: "plant", 0x800: "insect", 0x1000: "thunder", 0x2000: "dragon", 0x4000: "beast",
    0x8000: "beast_warrior", 0x10000: "dinosaur", 0x20000: "fish", 0x40000: "sea_serpent",
    0x80000: "reptile", 0x100000: "psychic", 0x200000: "divine_beast", 0x400000: "creator_god",
    0x800000: "wyrm", 0x1000000: "cyberse", 0x2000000: "illusion",
}
ARROWS = {0x1: "bottom_left", 0x2: "bottom", 0x4: "bottom_right", 0x8: "left", 0x20: "right",
          0x40: "top_left", 0x80: "top", 0x100: "top_right"}
OFFICIAL_OT = (1, 2, 3)  # OCG, TCG, both


def _single(table: dict[int, str], value: int) -> str | None:
    # A monster has one Attribute and one Type; 0 (spells/traps) maps to None.
    return table.get(value) if value else None


def card_from_row(row: tuple) -> Card:
    code, alias, setcode, typ, atk, dfn, level, race, attribute, name, desc = row
    kinds = frozenset(k for bit, k in TYPE_BITS.items() if typ & bit)
    is_link = bool(typ & 0x4000000)
    pend = bool(typ & 0x1000000)
    # A Trap Monster (a Trap card that Special Summons itself as a monster) keeps the stats its
    # row gives: they are what it is while in a Monster Zone (Card.is_trap_monster).
    stats = bool(typ & 0x1) or bool(typ & 0x4 and level & 0xFF and race and attribute)
    return Card(
        code=code,
        name=name,
        alias=alias,
        kinds=kinds,
        level=(level & 0xFF) if stats else 0,
        attribute=_single(ATTRIBUTES, attribute) if stats else None,
        race=_single(RACES, race) if stats else None,
        atk=(None if atk == -2 else atk) if stats else None,
        defense=None if (not stats or is_link or dfn == -2) else dfn,
        scales=((level >> 24) & 0xFF, (level >> 16) & 0xFF) if pend else None,
        arrows=frozenset(a for bit, a in ARROWS.items() if dfn & bit) if is_link else frozenset(),
        setcodes=tuple(s for s in ((setcode >> (16 * i)) & 0xFFFF for i in range(4)) if s),
        special_summon_only=bool(typ & TYPE_SPSUMMON),
        text=desc or "",
    )


def read_archetypes(path: Path) -> list[tuple[int, str]]:
    """``setcode<TAB>name`` lines; ``#`` starts a comment line."""
    out: list[tuple[int, str]] = []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as e:
        raise OracleError(f"cannot read archetypes ({e.strerror or e})", source=str(path)) from None
    except UnicodeDecodeError:
        raise OracleError("not an archetypes file: it is not UTF-8 text", source=str(path)) from None
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split("\t")
        try:
            code = int(parts[0], 0)
            name = parts[1].strip()
        except (ValueError, IndexError):
            raise OracleError("expected 'setcode<TAB>name' (setcode like 0x3008)",
                              source=str(path), field=f"line {number}") from None
        out.append((code, name))
    return sorted(set(out))


RUSH_OT = 0x200   # Rush Duel cards: another game


def _rows(path: Path) -> tuple[list[tuple], dict[int, str]]:
    """The card rows (not skills, not Rush Duel) of one database, and every name by passcode."""
    if not path.is_file():
        raise OracleError("no such card database" if not path.exists() else "not a file", source=str(path))
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            rows = db.execute(
                "SELECT d.id, d.alias, d.setcode, d.type, d.atk, d.def, d.level, d.race, "
                "d.attribute, t.name, t.desc, d.ot FROM datas d JOIN texts t ON t.id = d.id "
                "WHERE (d.type & ?) = 0 AND (d.ot & ?) = 0",
                (TYPE_SKILL, RUSH_OT),
            ).fetchall()
            names = dict(db.execute("SELECT id, name FROM texts"))
        finally:
            db.close()
    except sqlite3.DatabaseError as e:
        raise OracleError(f"not a readable card database ({e})", source=str(path)) from None
    return rows, names


def official(code: int, ot: int) -> bool:
    return ot in OFFICIAL_OT and code < UNOFFICIAL_FROM


def import_cdb(paths: Path | Sequence[Path], archetypes: Path | None = None) -> Library:
    """The cards of one or more EDOPro databases (``cards.cdb``, and the unofficial ones such as
    ``cards-unofficial.cdb``): no skills, no Rush Duel cards.  Cards outside the official pool
    (ot not OCG/TCG, or a passcode from 100,000,000 up) are marked ``unofficial``.  When two files
    hold one passcode the official row wins, else the later file.
    An alternate artwork (alias to a card of the same name) is not a card of its own: its
    passcode becomes one of the ``arts`` of the card it aliases.  Cards that are *treated as*
    another card ("Harpie Lady 2" -> "Harpie Lady") have a name of their own and stay, with
    ``alias``.  Tokens stay too (kind ``token``): positions put them on the field, and the rules
    treat them apart (no Xyz Material, they vanish when they leave the field)."""
    paths = [Path(paths)] if isinstance(paths, (str, Path)) else [Path(p) for p in paths]
    if not paths:
        raise OracleError("no card database given")
    rows: dict[int, tuple] = {}
    names: dict[int, str] = {}
    for path in paths:
        more, more_names = _rows(path)
        names.update(more_names)
        for row in more:
            held = rows.get(row[0])
            if held is None or official(held[0], held[11]) <= official(row[0], row[11]):
                rows[row[0]] = row
    arts: dict[int, list[int]] = {}
    cards = []
    for code, row in sorted(rows.items()):
        alias, name = row[1], row[9]
        if alias and names.get(alias) == name and alias in rows:
            arts.setdefault(alias, []).append(code)  # an alternate artwork
            continue
        cards.append(card_from_row(row[:11]))
    cards = [replace(c, arts=tuple(arts.get(c.code, ())), unofficial=not official(c.code, rows[c.code][11]))
             for c in cards]
    if archetypes is None:
        beside = paths[0].parent / "archetypes.tsv"
        archetypes = beside if beside.is_file() else None
    arche = read_archetypes(Path(archetypes)) if archetypes is not None else []
    return Library(cards, arche, source=", ".join(str(p) for p in paths))
