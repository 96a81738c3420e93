"""The Yu-Gi-Oh! card model and the card library (facts/yugioh/cards.jsonl.gz).

The library file is written by ``oracle.yugioh.cdb`` from the EDOPro card database. It is gzipped
JSON lines: a header line ``{"format": ..., "archetypes": [[code, name], ...]}`` then one object
per card, sorted by passcode. Fields equal to their default are left out to keep the file small.

A card's alternate artworks (``arts``: other passcodes printed with the same name and text) are the
same card: every lookup by passcode (``get``, ``resolve``, ``in``) accepts them and answers the
card itself.  Cards outside the official OCG/TCG pool (anime, pre-release, imported from EDOPro's
unofficial databases) carry ``unofficial``.
"""
from __future__ import annotations

import difflib
import gzip
import io
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from oracle.errors import OracleError, UnknownCard
from oracle.resources import facts_dir
from oracle.safe_write import write_file

FORMAT = "oracle-yugioh-cards/1"
LIBRARY_NAME = "cards.jsonl.gz"

EXTRA_DECK_KINDS = frozenset({"fusion", "synchro", "xyz", "link"})
_KIND_SETS: dict[tuple, frozenset] = {}
_NO_ARROWS: frozenset = frozenset()


@dataclass(frozen=True, slots=True)
class Card:
    code: int
    name: str
    alias: int
    kinds: frozenset[str]
    level: int
    attribute: str | None
    race: str | None
    atk: int | None
    defense: int | None
    scales: tuple[int, int] | None
    arrows: frozenset[str]
    setcodes: tuple[int, ...]
    special_summon_only: bool
    text: str
    arts: tuple[int, ...] = ()     # alternate-artwork passcodes of this same card
    unofficial: bool = False       # not an official OCG/TCG card (anime, pre-release, ...)

    # -- kinds -----------------------------------------------------------------------------
    @property
    def is_monster(self) -> bool:
        return "monster" in self.kinds

    @property
    def is_trap_monster(self) -> bool:
        """A Trap card that Special Summons itself as a monster ("Special Summon this card as an
        Effect Monster (Fiend/DARK/Level 6/ATK 1000/DEF 2400)"): the library keeps those stats."""
        return self.is_trap and self.level > 0

    @property
    def trap_monster_kinds(self) -> tuple[str, ...]:
        """What a Trap Monster is summoned as, from the first "as a Normal Monster (Fiend/Tuner/...)"
        of its text: ("normal",) or ("effect",), with "tuner" when the parenthesis says Tuner."""
        found = re.search(r"as an? (Normal|Effect) Monster(?: \(([^)]*)\))?", self.text)
        if not found:
            return ("effect",)
        tuner = "Tuner" in (found.group(2) or "").split("/")
        return (found.group(1).lower(),) + (("tuner",) if tuner else ())

    @property
    def is_spell(self) -> bool:
        return "spell" in self.kinds

    @property
    def is_trap(self) -> bool:
        return "trap" in self.kinds

    @property
    def is_extra_deck(self) -> bool:
        return self.is_monster and not EXTRA_DECK_KINDS.isdisjoint(self.kinds)

    @property
    def is_fusion(self) -> bool:
        return "fusion" in self.kinds and self.is_monster

    @property
    def is_synchro(self) -> bool:
        return "synchro" in self.kinds

    @property
    def is_xyz(self) -> bool:
        return "xyz" in self.kinds

    @property
    def is_link(self) -> bool:
        return "link" in self.kinds

    @property
    def is_ritual(self) -> bool:
        return "ritual" in self.kinds

    @property
    def is_pendulum(self) -> bool:
        return "pendulum" in self.kinds

    @property
    def is_tuner(self) -> bool:
        return "tuner" in self.kinds

    @property
    def summon_method(self) -> str | None:
        """fusion / synchro / xyz / link for Extra Deck monsters, ritual for Ritual monsters."""
        if not self.is_monster:
            return None
        for kind in ("fusion", "synchro", "xyz", "link", "ritual"):
            if kind in self.kinds:
                return kind
        return None

    @property
    def name_code(self) -> int:
        """The code whose name this card bears (``alias`` for "always treated as" cards)."""
        return self.alias or self.code

    @property
    def monster_text(self) -> str:
        """The monster part of the text: after "[ Monster Effect ]" (or "[ Flavor Text ]") for
        Pendulum monsters, the whole text otherwise. Line breaks are normalised to ``\\n``."""
        text = self.text.replace("\r\n", "\n")
        for marker in ("[ Monster Effect ]", "[ Flavor Text ]"):
            at = text.find(marker)
            if at >= 0:
                return text[at + len(marker):].lstrip("\n")
        return text

    @property
    def first_line(self) -> str:
        return self.monster_text.split("\n", 1)[0].strip()

    # -- serialisation -----------------------------------------------------------------------
    def to_json(self) -> dict:
        data: dict = {"code": self.code, "name": self.name}
        if self.alias:
            data["alias"] = self.alias
        data["kinds"] = sorted(self.kinds)
        if self.level:
            data["level"] = self.level
        for key in ("attribute", "race"):
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        if self.is_monster or self.is_trap_monster:
            data["atk"] = self.atk  # null = "?"
            if not self.is_link:
                data["def"] = self.defense
        if self.scales is not None:
            data["scales"] = list(self.scales)
        if self.arrows:
            data["arrows"] = sorted(self.arrows)
        if self.setcodes:
            data["setcodes"] = list(self.setcodes)
        if self.special_summon_only:
            data["ss_only"] = True
        data["text"] = self.text
        if self.arts:
            data["arts"] = list(self.arts)
        if self.unofficial:
            data["unofficial"] = True
        return data

    @classmethod
    def from_json(cls, d: dict) -> "Card":
        scales = d.get("scales")
        kinds = tuple(d["kinds"])
        # A few dozen distinct kind sets among 14,000 cards: share them (faster load, less memory).
        fkinds = _KIND_SETS.get(kinds)
        if fkinds is None:
            fkinds = _KIND_SETS[kinds] = frozenset(kinds)
        arrows = d.get("arrows")
        return cls(
            code=d["code"],
            name=d["name"],
            alias=d.get("alias", 0),
            kinds=fkinds,
            level=d.get("level", 0),
            attribute=d.get("attribute"),
            race=d.get("race"),
            atk=d.get("atk"),
            defense=d.get("def"),
            scales=(scales[0], scales[1]) if scales else None,
            arrows=frozenset(arrows) if arrows else _NO_ARROWS,
            setcodes=tuple(d.get("setcodes", ())),
            special_summon_only=d.get("ss_only", False),
            text=d["text"],
            arts=tuple(d.get("arts", ())),
            unofficial=d.get("unofficial", False),
        )


def in_archetype(setcodes: tuple[int, ...], archetype: int) -> bool:
    """Membership rule of the card scripts: same base (low 12 bits) and all sub-archetype bits
    of ``archetype`` present, so 0x3008 (Elemental HERO) cards are also 0x8 (HERO) cards."""
    base = archetype & 0xFFF
    return any((s & 0xFFF) == base and (s & archetype) == archetype for s in setcodes)


def default_library_path() -> Path:
    """The bundled library (facts/yugioh/cards.jsonl.gz)."""
    return facts_dir() / "yugioh" / LIBRARY_NAME


def user_library_path() -> Path:
    """Where ``oracle cards import`` writes by default: the user's data folder (platformdirs;
    ``ORACLE_DATA_DIR`` overrides it).  A library there is read over the bundled one."""
    folder = os.environ.get("ORACLE_DATA_DIR")
    if not folder:
        import platformdirs

        folder = platformdirs.user_data_dir("summon-oracle", appauthor=False)
    return Path(folder) / "yugioh" / LIBRARY_NAME


_DEFAULT: "Library | None" = None


class Library:
    """All cards of the pool, by code and by name, plus the archetype names."""

    def __init__(self, cards: list[Card], archetypes: list[tuple[int, str]], source: str = "<library>"):
        self.source = source
        self._by_code = {c.code: c for c in sorted(cards, key=lambda c: c.code)}
        # An alternate artwork's passcode -> the card (its own code is not a card of the library).
        self._arts = {art: c for c in self._by_code.values() for art in c.arts}
        self._by_name: dict[str, Card] = {}
        self._by_folded: dict[str, Card] = {}
        for card in sorted(self._by_code.values(), key=lambda c: (c.unofficial, c.code)):
            # Should two codes share a name, an official card wins over an unofficial one, then
            # the lower code (the original print).
            self._by_name.setdefault(card.name, card)
            self._by_folded.setdefault(card.name.casefold(), card)
        self.archetypes = list(archetypes)
        self._archetype_codes: dict[str, list[int]] = {}
        for code, names in self.archetypes:
            for name in names.split("|"):
                self._archetype_codes.setdefault(name.strip().casefold(), []).append(code)

    # -- loading / saving ----------------------------------------------------------------------
    @classmethod
    def load(cls, path: Path | str | None = None) -> "Library":
        """The library of ``path``; by default the bundled library, with the user's imported
        library (``user_library_path``) laid over it: its cards are added, and replace bundled
        cards of the same passcode, so a partial import (one card, an unofficial database)
        never loses the rest of the pool."""
        global _DEFAULT
        if path is None:
            if _DEFAULT is None:
                _DEFAULT = cls._read(default_library_path())
                user = user_library_path()
                if user.is_file():
                    _DEFAULT = _DEFAULT.overlaid(cls._read(user))
            return _DEFAULT
        return cls._read(Path(path))

    def overlaid(self, other: "Library") -> "Library":
        """This library with the cards and archetypes of ``other`` added (``other`` wins)."""
        cards = {c.code: c for c in self} | {c.code: c for c in other}
        return Library(list(cards.values()), sorted(set(self.archetypes) | set(other.archetypes)),
                       source=f"{other.source} over {self.source}")

    @classmethod
    def _read(cls, path: Path) -> "Library":
        try:
            with gzip.open(path, "rt", encoding="utf-8") as f:
                lines = f.read().splitlines()
        except FileNotFoundError:
            raise OracleError(
                "card library not found; run `oracle cards import PATH/cards.cdb` to build it",
                source=str(path),
            ) from None
        except (OSError, EOFError, UnicodeDecodeError) as e:
            raise OracleError(f"cannot read the card library ({e})", source=str(path)) from None
        try:
            header = json.loads(lines[0]) if lines else {}
            if not isinstance(header, dict) or header.get("format") != FORMAT:
                raise OracleError(
                    f"not a card library of format {FORMAT!r} (first line: {lines[0][:60]!r})"
                    if lines else "the card library is empty",
                    source=str(path),
                )
            # One json.loads over the whole list is markedly faster than one per line.
            rows = json.loads("[" + ",".join(lines[1:]) + "]")
            cards = [Card.from_json(d) for d in rows]
        except (ValueError, KeyError, TypeError, IndexError, AttributeError, RecursionError) as e:
            raise OracleError(f"corrupt card library ({e})", source=str(path)) from None
        try:
            arche = [(int(code), str(name)) for code, name in header.get("archetypes", [])]
        except (ValueError, TypeError) as e:
            raise OracleError(f"corrupt card library ({e})", source=str(path)) from None
        return cls(cards, arche, source=str(path))

    def save(self, path: Path) -> Path:
        """Write the library deterministically (sorted, gzip mtime 0, no file name in the
        gzip header), so re-importing the same database gives identical bytes; safely
        (oracle.safe_write).  Returns the file written."""
        lines = [json.dumps({"format": FORMAT, "archetypes": [list(a) for a in self.archetypes]},
                            ensure_ascii=False, separators=(",", ":"))]
        lines += [json.dumps(c.to_json(), ensure_ascii=False, separators=(",", ":"))
                  for c in self._by_code.values()]
        data = ("\n".join(lines) + "\n").encode("utf-8")
        raw = io.BytesIO()
        with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=9) as gz:
            gz.write(data)
        return write_file(path, raw.getvalue())

    # -- lookup --------------------------------------------------------------------------------
    def __iter__(self) -> Iterator[Card]:
        return iter(self._by_code.values())

    def __len__(self) -> int:
        return len(self._by_code)

    def __contains__(self, code: object) -> bool:
        return code in self._by_code or code in self._arts

    def get(self, code: int) -> Card | None:
        """The card of a passcode, an alternate artwork's passcode included (the same card)."""
        return self._by_code.get(code) or self._arts.get(code)

    def is_alternate_art(self, code: int) -> bool:
        return code in self._arts

    def by_name(self, name: str) -> Card | None:
        """Exact name, then case-insensitive; None when no card has that name."""
        card = self._by_name.get(name)
        if card is None:
            card = self._by_folded.get(name.strip().casefold())
        return card

    def suggest(self, name: str, n: int = 3) -> list[str]:
        folded = name.strip().casefold()
        hits = difflib.get_close_matches(folded, self._by_folded.keys(), n=n, cutoff=0.6)
        if not hits:  # a fragment of a long name: fall back on substring matches
            hits = [k for k in self._by_folded if folded and folded in k][:n]
        return [self._by_folded[h].name for h in hits]

    def resolve(self, ref: int | str, *, source: str | None = None, field: str | None = None) -> Card:
        """A card from a passcode (int or digit string) or an English name."""
        if isinstance(ref, bool) or not isinstance(ref, (int, str)):
            raise UnknownCard(f"a card is given by passcode or name, not {ref!r}", source=source, field=field)
        text = ref.strip() if isinstance(ref, str) else None
        if isinstance(ref, int) or (text and text.isdigit()):
            code = int(ref)
            card = self.get(code)
            if card is None:
                raise UnknownCard(f"no card has passcode {code}{_unofficial_hint(code)}", source=source, field=field)
            return card
        card = self.by_name(text)
        if card is not None:
            return card
        near = self.suggest(text)
        hint = f"; did you mean {', '.join(repr(n) for n in near)}?" if near else ""
        raise UnknownCard(f"no card is named {text!r}{hint}", source=source, field=field)

    # -- archetypes ----------------------------------------------------------------------------
    def archetype_codes(self, name: str) -> list[int]:
        """Every archetype code bearing ``name`` (a few names, e.g. "Magician", have two)."""
        return list(self._archetype_codes.get(name.strip().casefold(), ()))

    def archetype_code(self, name: str) -> int | None:
        codes = self.archetype_codes(name)
        return codes[0] if codes else None

    def archetype_name(self, code: int) -> str | None:
        for c, names in self.archetypes:
            if c == code:
                return names
        return None

    def in_archetype(self, card: Card, setcode: int) -> bool:
        return in_archetype(card.setcodes, setcode)


# EDOPro numbers the cards of its unofficial databases (anime, manga, pre-release: 511xxxxxx,
# 5047xxxxx, ...) from 100,000,000 up; official passcodes have 8 digits at most.
UNOFFICIAL_FROM = 100_000_000


def _unofficial_hint(code: int) -> str:
    if code < UNOFFICIAL_FROM:
        return ""
    return ("; it is the passcode of an unofficial card (anime or pre-release), which the library holds only "
            "when imported: oracle cards import cards.cdb cards-unofficial.cdb (EDOPro's databases)")
