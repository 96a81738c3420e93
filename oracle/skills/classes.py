"""Class files (facts/skills/*.json): a summoner class as data, read with errors naming file and field.

A class file holds the class's unit kinds and groups (with their caps), the things nearby its
skills use up (corpses), its skills (type, what they summon, costs, conditions, upgrades), the
states it can be in, and the sources of its numbers.  Every number the seed does not give is a
parameter ``{"value": N, "source": KEY}`` (KEY one of the file's ``sources``) or ``{"value": N,
"assumed": WHY}``.  docs/skills.md describes the format.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from oracle import jsonfile
from oracle.errors import OracleError
from oracle.resources import facts_dir
from oracle.terms import COUNT_MAX

SKILL_TYPES = ("summon", "active", "passive", "devour", "merge", "sacrifice")
SKILL_KEYS = {"id", "zh", "en", "en_source", "type", "table", "note", "summons", "mp", "spends_all_mp", "cooldown",
              "consumes", "sacrifice", "requires", "requires_unit", "devours", "upgrades", "raises_cap",
              "lifts_cap", "unsupported"}
TOP_KEYS = {"class", "game", "comment", "sources", "default_mp", "things", "groups", "units", "skills", "states"}
STATES = ("merged",)  # the states the rules pack knows (asp/skills/states.lp)
_ID = re.compile(r"[a-z][a-z0-9_]*")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]")


def normal(name: str) -> str:
    """A name as compared: without spaces, full-width colons as colons, case-folded."""
    return re.sub(r"\s+", "", name).replace("：", ":").casefold()


def is_chinese(text: str) -> bool:
    return bool(_CJK.search(text))


@dataclass
class Named:
    id: str
    zh: str | None
    en: str | None

    def name(self, lang: str) -> str:
        return (self.zh if lang == "zh" else self.en) or self.en or self.zh or self.id

    def both(self) -> str:
        return f"{self.zh} ({self.en})" if self.zh and self.en else self.name("en")

    def to_json(self) -> dict:
        return {k: v for k, v in (("id", self.id), ("zh", self.zh), ("en", self.en)) if v}


@dataclass
class Param:
    """A number of the class with where it comes from."""

    value: int
    per_level: int = 0
    source: str = ""  # a key of the class's sources, or "assumed: ..."

    def at(self, level: int) -> int:
        return self.value + self.per_level * (max(level, 1) - 1)


@dataclass
class Unit(Named):
    groups: list[str] = field(default_factory=list)
    cap: Param | None = None
    cap_by_level: tuple[str, list[int]] | None = None  # (skill id, caps for levels 1, 2, ...)


@dataclass
class Group(Named):
    cap: Param | None = None
    replace: bool = False


@dataclass
class Skill(Named):
    type: str = "active"
    summons: tuple[str, Param] | None = None
    mp: Param | None = None
    spends_all_mp: bool = False
    cooldown: Param | None = None
    consumes: tuple[str, Param, str | None] | None = None  # (thing, count, waived by passive)
    sacrifice: tuple[Param | None, str, list[str]] | None = None  # (count or None for "any", from, except)
    requires: list[tuple[str, Param]] = field(default_factory=list)
    requires_unit: str | None = None
    devours: str | None = None
    upgrades: str | None = None
    raises_cap: tuple[str, Param] | None = None
    lifts_cap: str | None = None
    unsupported: str | None = None
    note: str | None = None

    @property
    def cast(self) -> bool:
        return self.type != "passive"


@dataclass
class ClassData:
    key: str
    source: str
    title: Named
    game: Named
    sources: dict[str, str]
    default_mp: Param | None
    things: dict[str, Named]
    groups: dict[str, Group]
    units: dict[str, Unit]
    skills: dict[str, Skill]
    states: dict[str, list[str]]  # state -> the skills it allows
    index: dict[str, dict[str, str]] = field(default_factory=dict)  # category -> normal name -> id

    @property
    def languages(self) -> set[str]:
        return {lang for s in self.skills.values() for lang in ("zh", "en") if getattr(s, lang)}

    def label(self) -> str:
        return f"{self.title.both()} of {self.game.both()}"

    def named(self, category: str, ident: str) -> Named:
        return {"skill": self.skills, "unit": self.units, "group": self.groups, "thing": self.things}[category][ident]

    def set_named(self, ident: str) -> Named:
        return self.units.get(ident) or self.groups[ident]

    def find(self, category: str, name: Any, *, source: str, field: str) -> str:
        """The id of a skill, unit, group, set (unit or group) or thing, by its Chinese or English name or id."""
        if not isinstance(name, str) or not name.strip():
            raise OracleError(f"a {category} name is expected", source=source, field=field)
        found = self.index[category].get(normal(name))
        if found is None:
            what = {"set": "unit kind or group"}.get(category, category if category != "unit" else "unit kind")
            raise OracleError(f"unknown {what} {name!r} of the {self.label()}", source=source, field=field)
        return found


# --- reading ----------------------------------------------------------------------------------
def bundled() -> dict[str, Path]:
    return {p.stem: p for p in sorted((facts_dir() / "skills").glob("*.json"))}


@lru_cache(maxsize=16)
def _load(path: str) -> ClassData:
    return _Reader(path).read(jsonfile.read(path))


def load_class(ref: Any, *, base: Path, source: str, field: str = "class") -> ClassData:
    """The class a position names: a bundled class ("dnf-summoner") or a class file (relative to ``base``)."""
    classes = bundled()
    if isinstance(ref, str) and ref in classes:
        return _load(str(classes[ref]))
    if isinstance(ref, str) and ref.endswith(".json"):
        path = Path(ref) if Path(ref).is_absolute() else base / ref
        return _load(str(path))
    raise OracleError(f"unknown class {ref!r}; the bundled classes are {', '.join(classes)}"
                      " (or name a class file ending in .json)", source=source, field=field)


class _Reader:
    def __init__(self, source: str):
        self.source = source
        self.sources: dict[str, str] = {}

    def error(self, where: str, problem: str) -> OracleError:
        return OracleError(problem, source=self.source, field=where)

    def obj(self, value: Any, where: str, allowed: set[str] | None = None) -> dict:
        if not isinstance(value, dict):
            raise self.error(where, "an object is expected")
        if allowed is not None and set(value) - allowed:
            raise self.error(where, f"unknown key(s) {sorted(set(value) - allowed)}")
        return value

    def param(self, value: Any, where: str, *, least: int = 0) -> Param:
        d = self.obj(value, where, {"value", "per_level", "source", "assumed", "also", "note"})
        v, per = d.get("value"), d.get("per_level", 0)
        for key, x in (("value", v), ("per_level", per)):
            # at most COUNT_MAX: with a level of at most a thousand, value + per_level * level stays
            # within clingo's numbers
            if isinstance(x, bool) or not isinstance(x, int) or not (least if key == "value" else 0) <= x <= COUNT_MAX:
                raise self.error(f"{where}.{key}", f"a whole number from {least if key == 'value' else 0} "
                                                   f"to {COUNT_MAX} is expected")
        if ("source" in d) == ("assumed" in d):
            raise self.error(where, 'every number says where it comes from: "source" (a key of "sources") or "assumed"')
        if "source" in d and d["source"] not in self.sources:
            raise self.error(f"{where}.source", f"unknown source {d['source']!r}; the sources are {sorted(self.sources)}")
        if "also" in d and d["also"] not in self.sources:
            raise self.error(f"{where}.also", f"unknown source {d['also']!r}")
        return Param(v, per, d.get("source") or f"assumed: {d['assumed']}")

    def named(self, d: dict, where: str) -> tuple[str, str | None, str | None]:
        ident = d.get("id")
        if not isinstance(ident, str) or not _ID.fullmatch(ident):
            raise self.error(f"{where}.id", "an id of lower-case letters, digits and _ is expected")
        zh, en = d.get("zh"), d.get("en")
        if not (isinstance(zh, str) or isinstance(en, str)):
            raise self.error(where, 'a name in "zh" or "en" is expected')
        return ident, zh, en

    def read(self, doc: Any) -> ClassData:
        doc = self.obj(doc, "", TOP_KEYS)
        self.sources = {k: v for k, v in self.obj(doc.get("sources", {}), "sources").items()}
        title = self.obj(doc.get("class"), "class")
        game = self.obj(doc.get("game"), "game")
        things = {}
        for n, t in enumerate(doc.get("things", [])):
            ident, zh, en = self.named(self.obj(t, f"things[{n}]", {"id", "zh", "en"}), f"things[{n}]")
            things[ident] = Named(ident, zh, en)
        groups = {}
        for n, g in enumerate(doc.get("groups", [])):
            where = f"groups[{n}]"
            g = self.obj(g, where, {"id", "zh", "en", "cap", "on_cap"})
            ident, zh, en = self.named(g, where)
            cap = self.param(g["cap"], f"{where}.cap", least=1) if "cap" in g else None
            if g.get("on_cap", "refuse") not in ("refuse", "replace"):
                raise self.error(f"{where}.on_cap", 'on_cap is "refuse" (the default) or "replace"')
            replace = g.get("on_cap") == "replace"
            if replace and (cap is None or cap.value != 1):
                raise self.error(f"{where}.on_cap", '"replace" is for a cap of 1 (a new unit dismisses the one there)')
            groups[ident] = Group(ident, zh, en, cap, replace)
        units = {}
        for n, u in enumerate(doc.get("units", [])):
            where = f"units[{n}]"
            u = self.obj(u, where, {"id", "zh", "en", "groups", "cap", "cap_by_level", "element", "note"})
            ident, zh, en = self.named(u, where)
            if ident in groups:
                raise self.error(f"{where}.id", f"{ident!r} names a group too")
            for g in u.get("groups", []):
                if g not in groups:
                    raise self.error(f"{where}.groups", f"unknown group {g!r}")
            by_level = None
            if "cap_by_level" in u:
                c = self.obj(u["cap_by_level"], f"{where}.cap_by_level", {"skill", "table", "source", "assumed"})
                table = c.get("table")
                if not isinstance(table, list) or not table or not all(type(x) is int and 1 <= x <= COUNT_MAX for x in table):
                    raise self.error(f"{where}.cap_by_level.table",
                                     f"a list of caps (whole numbers from 1 to {COUNT_MAX}) by level is expected")
                self.param({"value": table[0], **{k: c[k] for k in ("source", "assumed") if k in c}},
                           f"{where}.cap_by_level")
                by_level = (c.get("skill"), table)
            cap = self.param(u["cap"], f"{where}.cap", least=1) if "cap" in u else None
            units[ident] = Unit(ident, zh, en, list(u.get("groups", [])), cap, by_level)
        default_mp = self.param(doc["default_mp"], "default_mp") if "default_mp" in doc else None
        raw = doc.get("skills")
        if not isinstance(raw, list) or not raw:
            raise self.error("skills", "a list of skills is expected")
        skills = {}
        for n, s in enumerate(raw):
            skill = self.skill(self.obj(s, f"skills[{n}]", SKILL_KEYS), f"skills[{n}]", units, groups, things)
            if skill.id in skills:
                raise self.error(f"skills[{n}].id", f"{skill.id!r} is given twice")
            skills[skill.id] = skill
        self.check_references(raw, skills, units)
        states = {}
        for name, st in self.obj(doc.get("states", {}), "states").items():
            where = f"states.{name}"
            if name not in STATES:
                raise self.error(where, f"unknown state; the rules know {', '.join(STATES)}")
            st = self.obj(st, where, {"zh", "en", "allows", "source", "note"})
            for a in st.get("allows", []):
                if a not in skills:
                    raise self.error(f"{where}.allows", f"unknown skill {a!r}")
            states[name] = list(st.get("allows", []))
        data = ClassData(Path(self.source).stem, self.source, Named("class", title.get("zh"), title.get("en")),
                         Named("game", game.get("zh"), game.get("en")), self.sources, default_mp, things, groups,
                         units, skills, states)
        data.index = self.index(data)
        return data

    def skill(self, s: dict, where: str, units: dict, groups: dict, things: dict) -> Skill:
        ident, zh, en = self.named(s, where)
        kind = s.get("type")
        if kind not in SKILL_TYPES:
            raise self.error(f"{where}.type", f"a skill type is one of {', '.join(SKILL_TYPES)}")
        sk = Skill(ident, zh, en, type=kind, note=s.get("note"))
        if "summons" in s:
            d = self.obj(s["summons"], f"{where}.summons", {"unit", "count"})
            if d.get("unit") not in units:
                raise self.error(f"{where}.summons.unit", f"unknown unit kind {d.get('unit')!r}")
            count = self.param(d["count"], f"{where}.summons.count", least=1) if "count" in d else Param(1, 0, "one a cast")
            sk.summons = (d["unit"], count)
        elif kind == "summon":
            raise self.error(where, 'a summon skill says what it summons ("summons")')
        if "mp" in s:
            sk.mp = self.param(s["mp"], f"{where}.mp")
        sk.spends_all_mp = s.get("spends_all_mp") is True
        if "cooldown" in s:
            sk.cooldown = self.param(s["cooldown"], f"{where}.cooldown")
        if "consumes" in s:
            d = self.obj(s["consumes"], f"{where}.consumes", {"thing", "count", "unless"})
            if d.get("thing") not in things:
                raise self.error(f"{where}.consumes.thing", f"unknown thing {d.get('thing')!r}; add it to \"things\"")
            sk.consumes = (d["thing"], self.param(d.get("count"), f"{where}.consumes.count", least=1), d.get("unless"))
        if "sacrifice" in s:
            d = self.obj(s["sacrifice"], f"{where}.sacrifice", {"count", "any", "from", "except", "source"})
            if d.get("from") not in groups and d.get("from") not in units:
                raise self.error(f"{where}.sacrifice.from", f"unknown group or unit kind {d.get('from')!r}")
            for e in d.get("except", []):
                if e not in units:
                    raise self.error(f"{where}.sacrifice.except", f"unknown unit kind {e!r}")
            if ("count" in d) == (d.get("any") is True):
                raise self.error(f"{where}.sacrifice", 'a sacrifice takes "count" units, or "any": true (one or more)')
            count = self.param(d["count"], f"{where}.sacrifice.count", least=1) if "count" in d else None
            sk.sacrifice = (count, d["from"], list(d.get("except", [])))
        if sk.summons and sk.sacrifice:
            made, (_, source, excepted) = units[sk.summons[0]], sk.sacrifice
            if (source == made.id or source in made.groups) and made.id not in excepted:
                # the rules count a kind made or taken by a step, not both (asp/skills/units.lp)
                raise self.error(f"{where}.sacrifice.except", f"a skill cannot sacrifice the kind it summons ({made.id})")
        for n, r in enumerate(s.get("requires", [])):
            r = self.obj(r, f"{where}.requires[{n}]", {"skill", "level"})
            sk.requires.append((r.get("skill"), self.param(r.get("level"), f"{where}.requires[{n}].level", least=1)))
        for key in ("requires_unit", "devours"):
            if key in s and s[key] not in units and s[key] not in groups:
                raise self.error(f"{where}.{key}", f"unknown unit kind or group {s[key]!r}")
        sk.requires_unit, sk.devours, sk.upgrades = s.get("requires_unit"), s.get("devours"), s.get("upgrades")
        if sk.devours is not None and sk.devours not in units:
            raise self.error(f"{where}.devours", "a unit kind is expected")
        if sk.devours is not None and sk.summons is not None:
            raise self.error(f"{where}.devours", "a skill summons or devours, not both")
        if "raises_cap" in s:
            d = self.obj(s["raises_cap"], f"{where}.raises_cap", {"group", "to"})
            if d.get("group") not in groups and d.get("group") not in units:
                raise self.error(f"{where}.raises_cap.group", f"unknown group or unit kind {d.get('group')!r}")
            sk.raises_cap = (d["group"], self.param(d.get("to"), f"{where}.raises_cap.to", least=1))
        if "lifts_cap" in s:
            if s["lifts_cap"] not in groups and s["lifts_cap"] not in units:
                raise self.error(f"{where}.lifts_cap", f"unknown group or unit kind {s['lifts_cap']!r}")
            sk.lifts_cap = s["lifts_cap"]
        if (sk.raises_cap or sk.lifts_cap) and kind != "passive":
            raise self.error(where, "only a passive raises or lifts a cap")
        if "unsupported" in s:
            sk.unsupported = str(s["unsupported"])
        return sk

    def check_references(self, raw: list, skills: dict[str, Skill], units: dict[str, Unit]) -> None:
        for n, sk in enumerate(skills.values()):
            where = f"skills[{n}]"
            for m, (req, _) in enumerate(sk.requires):
                if req not in skills:
                    raise self.error(f"{where}.requires[{m}].skill", f"unknown skill {req!r}")
            if sk.upgrades is not None and sk.upgrades not in skills:
                raise self.error(f"{where}.upgrades", f"unknown skill {sk.upgrades!r}")
            if sk.consumes and sk.consumes[2] is not None and skills.get(sk.consumes[2], Skill("", "", "")).type != "passive":
                raise self.error(f"{where}.consumes.unless", f"{sk.consumes[2]!r} is not a passive of the class")
        for n, u in enumerate(units.values()):
            if u.cap_by_level and u.cap_by_level[0] not in skills:
                raise self.error(f"units[{n}].cap_by_level.skill", f"unknown skill {u.cap_by_level[0]!r}")

    @staticmethod
    def index(data: ClassData) -> dict[str, dict[str, str]]:
        out: dict[str, dict[str, str]] = {}
        tables = {"skill": data.skills, "unit": data.units, "group": data.groups, "thing": data.things}
        for category, table in tables.items():
            names: dict[str, str] = {}
            for ident, item in table.items():
                for name in (ident, item.zh, item.en):
                    if name:
                        names.setdefault(normal(name), ident)
            out[category] = names
        out["set"] = {**out["group"], **out["unit"]}
        return out
