"""Skill positions (``"game": "skills"``): a character's state, read with errors naming file and field.

    {"game": "skills", "class": "dnf-summoner",          # a bundled class, or a class file (.json)
     "skills": {"精靈召喚：亞德炎": 1, "Summoned Creature Aura": 10},   # learned skills and their levels
     "passives": ["被動——EX下級精靈強化"],                # passives held (level 1), besides "skills"
     "mp": 300, "corpses": 2, "nearby": {"iron item": 1},
     "units": {"亞德炎": 7}, "merged": "骷髏戰士", "cooldown": ["精靈召喚：伊伽貝拉"]}

Names may be Chinese or English (or the class file's ids).  The output uses the language of the
position: Chinese when it names anything in Chinese and the class has Chinese names, else English.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from oracle import jsonfile
from oracle.errors import OracleError
from oracle.skills.classes import ClassData, is_chinese, load_class
from oracle.terms import COUNT_MAX, whole_number

# The rules choose among a count's units one by one (costs.lp: sac(K,1..N)), so a count is
# grounded N times: no summoner of these games has, or stands near, more than a few dozen of a
# kind, and a thousand keeps a position's grounding small. Skill levels go up to a few dozen.
UNITS_MAX = 1000
LEVEL_MAX = 1000

KEYS = {"game", "class", "skills", "passives", "mp", "corpses", "nearby", "units", "merged", "cooldown",
        "comment", "description", "name"}


@dataclass
class Position:
    cls: ClassData
    learned: dict[str, int]
    mp: int
    nearby: dict[str, int]
    units: dict[str, int]
    merged: str | None = None
    cooling: list[str] = field(default_factory=list)
    lang: str = "en"
    source: str = "<position>"
    doc: dict = field(default_factory=dict)
    given: dict[tuple[str, str], str] = field(default_factory=dict)  # (category, id) -> the name as given

    def name(self, category: str, ident: str) -> str:
        """A name for output: as the position gave it, else in the position's language."""
        return self.given.get((category, ident)) or self.cls.named(category, ident).name(self.lang)

    def set_name(self, ident: str) -> str:
        return self.cls.set_named(ident).name(self.lang)


def load_position(path: str | Path) -> Position:
    return parse_position(jsonfile.read(path), str(path))


def parse_position(doc: Any, source: str = "<position>", base: Path | None = None) -> Position:
    err = lambda where, problem: OracleError(problem, source=source, field=where)
    if not isinstance(doc, dict):
        raise OracleError("a position is a JSON object", source=source)
    if doc.get("game") != "skills":
        raise err("game", 'game must be "skills"')
    extra = set(doc) - KEYS
    if extra:
        raise err(None, f"unknown key(s) {sorted(extra)}; a skills position has {', '.join(sorted(KEYS))}")
    if "class" not in doc:
        raise err("class", "the class is missing")
    folder = base if base is not None else (Path(source).parent if not source.startswith("<") else Path("."))
    cls = load_class(doc["class"], base=folder, source=source)
    given: dict[tuple[str, str], str] = {}

    def find(category: str, name: Any, where: str) -> str:
        ident = cls.find(category, name, source=source, field=where)
        if name != ident:  # an id is no name for people
            given.setdefault((category, ident), name)
        return ident

    def count(value: Any, where: str) -> int:
        return whole_number(value, lo=0, hi=UNITS_MAX, what="a count", source=source, field=where)

    def table(key: str) -> dict:
        value = doc.get(key, {})
        if not isinstance(value, dict):
            raise err(key, "an object of names and numbers is expected")
        return value

    learned: dict[str, int] = {}
    for name, level in table("skills").items():
        where = f"skills.{name}"
        ident = find("skill", name, where)
        learned[ident] = whole_number(level, lo=1, hi=LEVEL_MAX, what="a skill level", source=source, field=where)
    passives = doc.get("passives", [])
    if not isinstance(passives, list):
        raise err("passives", "a list of passive skill names is expected")
    for n, name in enumerate(passives):
        ident = find("skill", name, f"passives[{n}]")
        if cls.skills[ident].type != "passive":
            raise err(f"passives[{n}]", f"{name} is not a passive skill")
        learned.setdefault(ident, 1)
    if "mp" not in doc:
        raise err("mp", "the character's MP is missing")
    mp = doc["mp"]
    if type(mp) is int and mp < 0:
        raise err("mp", f"MP cannot be negative ({mp})")
    whole_number(mp, lo=0, hi=COUNT_MAX, what="MP", source=source, field="mp")
    nearby: dict[str, int] = {}
    for name, n in table("nearby").items():
        nearby[find("thing", name, f"nearby.{name}")] = count(n, f"nearby.{name}")
    if "corpses" in doc:
        if "corpse" not in cls.things:
            raise err("corpses", f"no skill of the {cls.label()} uses corpses")
        nearby["corpse"] = count(doc["corpses"], "corpses")
    units: dict[str, int] = {}
    for name, n in table("units").items():
        ident = find("unit", name, f"units.{name}")
        units[ident] = units.get(ident, 0) + count(n, f"units.{name}")
    merged = None
    if doc.get("merged") is not None:
        if "merged" not in cls.states and not any(s.devours for s in cls.skills.values()):
            raise err("merged", f"the {cls.label()} cannot merge with a unit")
        merged = find("unit", doc["merged"], "merged")
    cooling = doc.get("cooldown", [])
    if not isinstance(cooling, list):
        raise err("cooldown", "a list of skill names is expected")
    cooling_ids = []
    for n, name in enumerate(cooling):
        ident = find("skill", name, f"cooldown[{n}]")
        if cls.skills[ident].cooldown is None:
            raise err(f"cooldown[{n}]", f"{name} has no cooldown")
        cooling_ids.append(ident)
    lang = "zh" if "zh" in cls.languages and any(is_chinese(n) for n in given.values()) else "en"
    return Position(cls, learned, mp, nearby, units, merged, cooling_ids, lang, source, doc, given)
