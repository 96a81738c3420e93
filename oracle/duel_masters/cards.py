"""The Duel Masters card model and the bundled library (facts/duel_masters/cards.json.gz).

The shared data file (DuelMastersCards.json) is large and carries printings, flavour text and
some mojibake; ``import_library`` turns it into a compact, repaired file that ships with the
package.  Everything else loads that compact file through ``library()``.
"""
from __future__ import annotations

import difflib
import gzip
import io
import json
import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from oracle.errors import OracleError, UnknownCard
from oracle.resources import facts_dir
from oracle.safe_write import write_file

CIVILIZATIONS = ("light", "water", "darkness", "fire", "nature")
LIBRARY_FILE = "duel_masters/cards.json.gz"


@dataclass(frozen=True)
class Card:
    """One card of the library (or one defined inside a position)."""

    code: int  # a small integer used as the card's constant in the ASP facts
    name: str
    civilizations: tuple[str, ...]
    cost: int
    type: str  # "creature", "spell", "cross_gear"
    races: tuple[str, ...] = ()
    evolution: bool = False
    power: str | None = None
    text: str = ""
    mana_number: int = 1  # printed number under the mana symbol (207.1); the data has only 1s
    ids: tuple[str, ...] = field(default=())  # printings as "DM-09 16/55"
    gr: bool = False  # a GR creature (lives in the super GR zone); none in the library

    @property
    def power_value(self) -> int | None:
        """The printed power as a number ("5000+" -> 5000); None when it has none."""
        m = re.match(r"\d+", str(self.power or ""))
        return int(m.group()) if m else None

    @property
    def is_creature(self) -> bool:
        return self.type == "creature"


def _repair(text: str) -> str:
    """Undo UTF-8 read as cp1252 ("â€”" for "—", "Ãœ" for "Ü"); leave clean text alone."""
    if not any(ch in text for ch in "âÃ"):
        return text
    try:
        return text.encode("cp1252").decode("utf-8")
    except (UnicodeEncodeError, UnicodeDecodeError):
        return text


def _set_code(set_name: str) -> str:
    return set_name.split(" ")[0] if set_name.startswith("DM-") else set_name


def import_library(source: Path, target: Path | None = None) -> Path:
    """Write the compact library from the shared JSON; returns the file written."""
    try:
        raw = json.loads(Path(source).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise OracleError(f"cannot read the card data: {exc}", source=str(source)) from None
    if not isinstance(raw, dict) or not isinstance(raw.get("cards"), list):
        raise OracleError("expected an object with a 'cards' list", source=str(source))
    rows = []
    for n, entry in enumerate(raw["cards"]):
        civs = [c.lower() for c in entry.get("civilizations", [])]
        bad = [c for c in civs if c not in CIVILIZATIONS]
        if bad:
            raise OracleError(f"unknown civilization {bad[0]!r}", source=str(source), field=f"cards[{n}]")
        rows.append({
            "name": _repair(entry["name"]),
            "civilizations": civs,
            "cost": int(entry["cost"]),
            "type": entry["type"].lower().replace(" ", "_"),
            "races": [_repair(r) for r in entry.get("subtypes", [])],
            "evolution": "Evolution" in entry.get("supertypes", []),
            "power": entry.get("power"),
            "text": _repair(entry.get("text", "")).replace("\r\n", "\n"),
            "ids": [f"{_set_code(p['set'])} {p['id']}" for p in entry.get("printings", [])],
        })
    rows.sort(key=lambda r: r["name"])
    payload = json.dumps({"source": Path(source).name, "cards": rows}, ensure_ascii=False,
                         separators=(",", ":"))
    target = Path(target or facts_dir() / LIBRARY_FILE)
    packed = io.BytesIO()
    # mtime=0 keeps the file byte-identical between imports of the same data.
    with gzip.GzipFile(target.name, "wb", fileobj=packed, mtime=0) as out:
        out.write(payload.encode("utf-8"))
    return write_file(target, packed.getvalue())


def fold(name: str) -> str:
    """The lookup key of a name: case, accents, dashes and spacing do not matter."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", " ", plain.lower()).strip()


def card_from_dict(row: dict, code: int) -> Card:
    return Card(
        code=code, name=row["name"], civilizations=tuple(row["civilizations"]),
        cost=int(row["cost"]), type=row["type"], races=tuple(row.get("races", ())),
        evolution=bool(row.get("evolution")), power=row.get("power"), text=row.get("text", ""),
        mana_number=int(row.get("mana_number", 1)), ids=tuple(row.get("ids", ())),
        gr=bool(row.get("gr", False)),
    )


class Library:
    """Cards by code, by folded name and by printing id."""

    def __init__(self, cards: list[Card]):
        self.cards = list(cards)
        self.by_code = {c.code: c for c in cards}
        self._by_key: dict[str, Card] = {}
        for c in cards:
            self._by_key.setdefault(fold(c.name), c)
            for pid in c.ids:
                self._by_key.setdefault(fold(pid), c)

    def find(self, ref: str) -> Card | None:
        """A card by name or printing id; a name as the source data writes it (mis-encoded,
        "Ãœberdragon Zaschack") finds the repaired name ("Überdragon Zaschack") too."""
        return self._by_key.get(fold(ref)) or self._by_key.get(fold(_repair(ref)))

    def suggest(self, ref: str, n: int = 3) -> list[str]:
        """Names close to ``ref`` (compared folded and repaired), for "did you mean"."""
        names = {fold(c.name): c.name for c in self.cards}
        return [names[k] for k in difflib.get_close_matches(fold(_repair(ref)), names, n=n, cutoff=0.75)]

    def get(self, ref: str, *, field: str | None = None) -> Card:
        card = self.find(ref) if isinstance(ref, str) else None
        if card is None:
            near = self.suggest(ref) if isinstance(ref, str) else []
            hint = f"; did you mean {', '.join(repr(n) for n in near)}?" if near else ""
            raise UnknownCard(f"unknown card {ref!r} (not a name or printing id of the library){hint}",
                              field=field)
        return card

    def extended(self, extra: list[Card]) -> Library:
        return Library(self.cards + extra)


@lru_cache(maxsize=2)
def library(path: str | None = None) -> Library:
    """The bundled library (or another compact file)."""
    file = Path(path) if path else facts_dir() / LIBRARY_FILE
    if not file.is_file():
        raise OracleError("the Duel Masters card library is missing; run "
                          "`python -m oracle.duel_masters.cards SHARED_JSON`", source=str(file))
    with gzip.open(file, "rt", encoding="utf-8") as handle:
        rows = json.load(handle)["cards"]
    return Library([card_from_dict(row, code) for code, row in enumerate(rows, start=1)])


if __name__ == "__main__":  # python -m oracle.duel_masters.cards path/to/DuelMastersCards.json
    import sys

    written = import_library(Path(sys.argv[1]))
    print(f"wrote {written}")
