"""Lines of casts: a skill position plus steps, checked step by step (``oracle check``).

Text form (one step a line; ``#`` starts a comment; names in double quotes, Chinese or English)::

    position "summoner.json"
    cast "精靈召喚：亞德炎"
    cast "精靈召喚：伊伽貝拉" sacrificing "亞德炎", "冰奈斯", "冰奈斯"
    wait                          # time passes until every cooldown is over

JSON form: ``{"position": {...} or "file.json", "steps": [...]}``, a step being a string in the
text form, ``{"cast": NAME, "sacrificing": [NAMES]}`` or ``{"wait": true}``.  A step that does
not name its sacrifice lets the rules choose; when they could choose differently the step is
ambiguous and the check asks for the names.

Checking decides no rule in Python: each step becomes given_* facts (asp/skills/step.lp), the
pack is grounded one step more at a time (oracle/checking.py), and the first illegal step is
explained by the relaxed program (every rule is a fail/2 atom; wording.py words each reason).
"""
from __future__ import annotations

import copy
import json
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import clingo
from clingo import Number, Symbol

from oracle import checking, linefile
from oracle.checking import StepResult
from oracle.errors import OracleError
from oracle.resources import encoding
from oracle.skills.facts import as_program, position_facts
from oracle.skills.position import Position, parse_position
from oracle.solver import make_control, solve
from oracle.terms import fact

STEP_KEYS = {"cast", "sacrificing", "wait"}
_TOKEN = re.compile(r'\s*(?:(?P<str>"(?:[^"\\]|\\.)*")|(?P<comma>,)|(?P<word>[A-Za-z_]+))')


@dataclass
class Step:
    """One step as written: cast a skill (names as given) or wait."""

    number: int
    action: str  # cast | wait
    skill: str | None = None
    sacrificing: list[str] = field(default_factory=list)
    line: int | None = None

    @property
    def where(self) -> str:
        return linefile.step_place(self.number, self.line)

    def text(self) -> str:
        if self.action == "wait":
            return "wait"
        q = lambda n: json.dumps(n, ensure_ascii=False)
        out = f"cast {q(self.skill)}"
        if self.sacrificing:
            out += " sacrificing " + ", ".join(q(n) for n in self.sacrificing)
        return out

    def to_json(self) -> dict:
        if self.action == "wait":
            return {"wait": True}
        out: dict[str, Any] = {"cast": self.skill}
        if self.sacrificing:
            out["sacrificing"] = list(self.sacrificing)
        return out


Line = checking.Line


# --- reading ----------------------------------------------------------------------------------
def parse_step(text: str, number: int, *, source: str = "<line>", line: int | None = None) -> Step:
    where = linefile.step_place(number, line)
    err = linefile.step_error(source, where)
    toks = linefile.tokens(text, _TOKEN, err, hint="names go in double quotes")
    if toks == [("word", "wait")]:
        return Step(number, "wait", line=line)
    if len(toks) < 2 or toks[0] != ("word", "cast") or toks[1][0] != "str":
        raise err('a step is  cast "SKILL"  (with  sacrificing "UNIT", ...)  or  wait')
    step = Step(number, "cast", toks[1][1], line=line)
    rest = toks[2:]
    if rest:
        if rest[0] != ("word", "sacrificing") or len(rest) < 2:
            raise err(f"unexpected {rest[0][1]!r}: after the skill comes  sacrificing \"UNIT\", ...")
        names = rest[1:]
        for n, tok in enumerate(names):
            if tok[0] != ("str" if n % 2 == 0 else "comma"):
                raise err('sacrificing takes unit names in double quotes, separated by commas')
        if names[-1][0] == "comma":
            raise err("a comma ends the list of units")
        step.sacrificing = [t[1] for t in names if t[0] == "str"]
    return step


def _step_object(item: dict, number: int, source: str, where: str) -> Step:
    extra = set(item) - STEP_KEYS
    if extra:
        raise OracleError(f"unknown key(s) {sorted(extra)}; a step has cast and sacrificing, or wait",
                          source=source, field=where)
    if item.get("wait") is True and set(item) == {"wait"}:
        return Step(number, "wait")
    if not isinstance(item.get("cast"), str):
        raise OracleError('a step object is {"cast": SKILL} or {"wait": true}', source=source, field=where)
    sac = item.get("sacrificing", [])
    if not isinstance(sac, list) or not all(isinstance(n, str) for n in sac):
        raise OracleError('"sacrificing" is a list of unit names', source=source, field=f"{where}.sacrificing")
    return Step(number, "cast", item["cast"], list(sac))


def load_line(path: str | Path, *, position: str | Path | None = None) -> Line:
    ref, steps = linefile.read_line(path, parse_step, _step_object)
    doc, where = linefile.position_doc(ref, position, Path(path).parent, str(path))
    return Line(parse_position(doc, where), steps, str(path))


def make_line(position: Position | dict, steps: list[Step | str], *, source: str = "<line>") -> Line:
    """A line from Python: a position and steps (Step objects or text)."""
    out = [s if isinstance(s, Step) else parse_step(s, n, source=source) for n, s in enumerate(steps, 1)]
    for n, s in enumerate(out, 1):
        s.number = n
    pos = position if isinstance(position, Position) else parse_position(position, source)
    return Line(pos, out, source)


def given_facts(line: Line) -> list[Symbol]:
    """The given_* facts that pin each step (asp/skills/step.lp)."""
    cls, out = line.position.cls, []
    for s in line.steps:
        t = s.number
        if s.action == "wait":
            out.append(fact("given_wait", t))
            continue
        out.append(fact("given_cast", t, cls.find("skill", s.skill, source=line.source, field=s.where)))
        if s.sacrificing:
            out.append(fact("given_sacrifice", t))
            kinds = Counter(cls.find("unit", n, source=line.source, field=s.where) for n in s.sacrificing)
            out += [fact("given_sac", t, k, n) for k, n in sorted(kinds.items())]
    return out


# --- grounding --------------------------------------------------------------------------------
def control(position: Position, extra: list[Symbol], text: str = "", horizon: int = 0,
            check: bool = False) -> clingo.Control:
    """The skills pack for ``position`` plus ``extra`` facts, grounded for ``horizon`` steps."""
    parts: list[tuple[str, Any]] = [("base", ())] + ([("check", (Number(0),))] if check else [])
    for t in range(1, horizon + 1):
        parts += step_parts(t, check)
    return make_control(encoding("skills"), as_program(position_facts(position) + extra) + text, parts=parts)


def step_parts(t: int, check: bool = False) -> list[tuple[str, Any]]:
    return [("step", (Number(t),))] + ([("check", (Number(t),))] if check else [])


# --- what a model says ------------------------------------------------------------------------
class Model:
    """The atoms of one answer set: the steps and the state after each."""

    def __init__(self, position: Position, atoms: list[Symbol]):
        self.position = position
        self.count: dict[int, dict[str, int]] = {}
        self.mp: dict[int, int] = {}
        self.nearby: dict[int, dict[str, int]] = {}
        self.cooling: dict[int, set[str]] = {}
        self.merged: dict[int, str] = {}
        self.casts: dict[int, str] = {}
        self.sacs: dict[int, dict[str, int]] = {}
        for a in atoms:
            args = a.arguments
            if a.name == "count" and len(args) == 3:
                self.count.setdefault(args[2].number, {})[args[0].name] = args[1].number
            elif a.name == "mp" and len(args) == 2:
                self.mp[args[1].number] = args[0].number
            elif a.name == "nearby" and len(args) == 3:
                self.nearby.setdefault(args[2].number, {})[args[0].name] = args[1].number
            elif a.name == "cooling" and len(args) == 2:
                self.cooling.setdefault(args[1].number, set()).add(args[0].name)
            elif a.name == "merged" and len(args) == 2:
                self.merged[args[1].number] = args[0].name
            elif a.name == "cast" and len(args) == 2:
                self.casts[args[1].number] = args[0].name
            elif a.name == "sac" and len(args) == 3:
                self.sacs.setdefault(args[2].number, {})[args[0].name] = args[1].number

    def sacrifice(self, t: int) -> tuple[tuple[str, int], ...]:
        return tuple(sorted(self.sacs.get(t, {}).items()))

    def describe(self, t: int) -> list[str]:
        pos = self.position
        counts, nearby = self.count.get(t, {}), self.nearby.get(t, {})
        units = [f"{counts[k]} {pos.name('unit', k)}" for k in pos.cls.units if counts.get(k)]
        out = [f"units: {', '.join(units) if units else 'none'}", f"MP: {self.mp.get(t, '?')}"]
        things = [f"{nearby[x]} {pos.name('thing', x)}" for x in pos.cls.things if x in nearby]
        if things:
            out.append(f"nearby: {', '.join(things)}")
        if self.cooling.get(t):
            out.append("on cooldown: " + ", ".join(pos.name("skill", s) for s in sorted(self.cooling[t])))
        if t in self.merged:
            out.append(f"merged with {pos.name('unit', self.merged[t])}")
        return out

    def position_doc(self, t: int) -> dict:
        """The state at time t as a position document (names in the position's language)."""
        pos = self.position
        doc = copy.deepcopy(pos.doc)
        if str(doc.get("class", "")).endswith(".json"):
            doc["class"] = pos.cls.source  # the class file, wherever the state is written
        doc["mp"] = self.mp[t]
        counts, nearby = self.count.get(t, {}), self.nearby.get(t, {})
        doc["units"] = {pos.name("unit", k): counts[k] for k in pos.cls.units if counts.get(k)}
        doc.pop("corpses", None)
        doc["nearby"] = {pos.name("thing", x): nearby[x] for x in pos.cls.things if x in nearby}
        doc["merged"] = pos.name("unit", self.merged[t]) if t in self.merged else None
        doc["cooldown"] = [pos.name("skill", s) for s in sorted(self.cooling.get(t, set()))]
        return doc


def reading(position: Position, t: int, skill: str | None, sacrifice: tuple[tuple[str, int], ...]) -> Step:
    """A step as the rules read it, with the position's names."""
    if skill is None:
        return Step(t, "wait")
    names = [position.name("unit", k) for k, n in sacrifice for _ in range(n)]
    return Step(t, "cast", position.name("skill", skill), names)


def steps_from_shown(position: Position, symbols: list[Symbol], horizon: int) -> list[Step]:
    """The steps of a model from its shown atoms (show.lp: cast/2, sac/3, wait/1)."""
    casts, sacs = {}, {}
    for a in symbols:
        if a.name == "cast":
            casts[a.arguments[1].number] = a.arguments[0].name
        elif a.name == "sac":
            sacs.setdefault(a.arguments[2].number, []).append((a.arguments[0].name, a.arguments[1].number))
    return [reading(position, t, casts.get(t), tuple(sorted(sacs.get(t, [])))) for t in range(1, horizon + 1)]


# --- checking ---------------------------------------------------------------------------------
@dataclass
class CheckResult(checking.CheckedLine):

    def text(self) -> str:
        def details(r: StepResult) -> list[str]:
            out = [f"  read as: {r.reading}"] if r.reading and r.reading != r.step.text() else []
            return out + [f"  {s}" for s in r.state]

        return checking.report(self.steps, self.status, self.message, details)

    def to_json(self) -> dict:
        return {"game": "skills", "status": self.status, "message": self.message,
                "steps": [{"step": r.step.to_json(), "legal": r.legal, "reading": r.reading, "state": r.position,
                           "reasons": r.reasons, "rules": r.terms} for r in self.steps]}


def check_line(line: Line, *, timeout: float | None = 30.0, max_readings: int = 50) -> CheckResult:
    """Check every step of ``line``; stop at the first illegal one and explain it."""
    from oracle.skills.wording import sentence

    given = given_facts(line)
    illegal = checking.first_illegal(control(line.position, given), line.steps, step_parts,
                                     timeout=timeout, source=line.source)
    legal_n = illegal.number - 1 if illegal else len(line.steps)
    results: list[StepResult] = []
    if legal_n:
        ctl = control(line.position, given, "", legal_n)
        res = solve(ctl, limit=max_readings, timeout=timeout, project=True, atoms=True)
        if not res.models:
            raise OracleError(f"{res.stopped or 'no reading found'} while reading the legal steps", source=line.source)
        models = [Model(line.position, atoms) for atoms in res.atoms]
        chosen = models[0]
        for t in range(1, legal_n + 1):
            options = {m.sacrifice(t) for m in models}
            s = line.steps[t - 1]
            if len(options) > 1:
                words = "; ".join(reading(line.position, t, chosen.casts.get(t), o).text() for o in sorted(options))
                message = (f"{s.where} is ambiguous: {len(options)} readings are legal ({words}). "
                           'Name the units to sacrifice (sacrificing "...") to choose one.')
                return CheckResult(line, results, "ambiguous", message)
            read = reading(line.position, t, chosen.casts.get(t), chosen.sacrifice(t)).text()
            results.append(StepResult(s, True, reading=read, state=chosen.describe(t), position=chosen.position_doc(t)))
    if illegal is None:
        return CheckResult(line, results, "legal")
    ctl = control(line.position, given, checking.relaxed_rules(illegal.number), illegal.number)
    reasons, terms = checking.explain_illegal(
        ctl, illegal, timeout=timeout, source=line.source,
        sentence=lambda f, atoms, t: sentence(line.position, f, atoms, t),
        no_reading=f"no reading of {illegal.where} exists, even breaking rules")
    results.append(StepResult(illegal, False, reasons=reasons, terms=terms))
    return CheckResult(line, results, "illegal", f"the line stops at {illegal.where}: it is illegal")
