"""Combo lines: a position plus steps, read from JSON or a short text form, checked step by step.

Text form (one step a line; ``#`` starts a comment; names in double quotes)::

    position "board.json"     # the position file, relative to the line file (or a puzzle file)
    normal_summon "Junk Synchron"
    synchro_summon "Black Rose Dragon" with "Junk Synchron", "Gene-Warped Warwolf"
    fusion_summon "Flame Swordsman" with "Flame Manipulator", "Masaki the Legendary Swordsman" using "Polymerization"
    activate_scale "Stargazer Magician"               # a Pendulum monster to a Pendulum Zone
    pendulum_summon "Dragoons of Draconia", "Odd-Eyes Pendulum Dragon"
    attack "Black Rose Dragon" -> "Battle Ox"
    attack "Axe Raider" directly
    synchro_summon "Stardust Dragon" with "Junk Synchron", "Battle Ox" in defense to zone 2

A summon may state the battle position (``in attack``, ``in defense``, ``in set``) and the zone
(``to zone N``: 0-4 the Main Monster Zones from the left, 5 and 6 the left and right Extra
Monster Zone).  A position left open is face-up Attack Position when the summon allows it; a
zone left open is any zone that keeps the whole line legal (docs/decisions.md).

JSON form: ``{"position": {...} or "file.json", "steps": [...]}`` where a step is either a
string in the text form or ``{"action": ..., "card": ..., "materials": [...], "spell": ...,
"cards": [...], "target": NAME or "direct", "position": "defense", "zone": 3}``.

Checking never decides a rule in Python: each step becomes given_* facts that pin the action of
that step (step.lp), the rules core is grounded one step more at a time, and a step is legal
when the line up to it has a reading.  The first illegal step is explained by the relaxed
program (the cheapest set of broken rules, explain.py turns them into sentences).

A step is "resolved" when all legal readings of the whole line agree on it by card names (which
copy of a card, which materials); otherwise the check stops there and asks for precision.  The
state printed after a step comes from one legal reading of the whole line: zones are a hidden
choice, so a later step that needs a zone (a Link Summon next to an Extra Monster Zone already
taken) is read with the zones that make it legal.
"""
from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import clingo

from oracle import checking, linefile
from oracle.errors import OracleError
from oracle.resources import encoding
from oracle.solver import make_control, solve
from oracle.yugioh import state_out
from oracle.yugioh.cards import Library
from oracle.yugioh.facts import position_facts
from oracle.yugioh.position import Position, parse_position

ACTIONS = ("normal_summon", "normal_set", "tribute_summon", "tribute_set", "flip_summon",
           "change_position", "ritual_summon", "fusion_summon", "synchro_summon", "xyz_summon",
           "link_summon", "pendulum_summon", "special_summon", "gemini_summon", "activate_scale", "attack")
STEP_KEYS = {"action", "card", "materials", "spell", "cards", "target", "position", "zone"}
STATED_POSITIONS = ("attack", "defense", "set")
ZONES = range(7)
_TOKEN = re.compile(r'\s*(?:(?P<str>"(?:[^"\\]|\\.)*")|(?P<arrow>->)|(?P<comma>,)|(?P<word>[A-Za-z_][A-Za-z0-9_]*)|(?P<num>\d+))')


@dataclass
class Step:
    """One step of a line, as written (card names; resolved against the position later)."""

    number: int
    action: str
    card: str | None = None
    materials: list[str] = field(default_factory=list)
    spell: str | None = None
    cards: list[str] = field(default_factory=list)   # Pendulum Summon
    target: str | None = None                        # attack: a name or "direct"
    line: int | None = None                          # line of the text file it came from
    battle_position: str | None = None               # "in defense": the position it is summoned in
    zone: int | None = None                          # "to zone 3": the zone it is summoned to

    @property
    def where(self) -> str:
        return f"step {self.number}" + (f" (line {self.line})" if self.line else "")

    def text(self) -> str:
        q = lambda n: json.dumps(n, ensure_ascii=False)
        if self.action == "pendulum_summon":
            return "pendulum_summon " + ", ".join(q(c) for c in self.cards)
        out = self.action + (f" {q(self.card)}" if self.card else "")
        if self.action == "attack":
            return out + (" directly" if self.target == "direct" else f" -> {q(self.target)}" if self.target else "")
        if self.materials:
            out += " with " + ", ".join(q(m) for m in self.materials)
        if self.spell:
            out += f" using {q(self.spell)}"
        return out + self.placement_text()

    def placement_text(self) -> str:
        return ((f" in {self.battle_position}" if self.battle_position else "")
                + (f" to zone {self.zone}" if self.zone is not None else ""))

    def normalized(self) -> str:
        """The text form with materials and Pendulum cards sorted (how readings are printed)."""
        return Step(self.number, self.action, self.card, sorted(self.materials, key=str), self.spell,
                    sorted(self.cards, key=str), self.target).text()

    def to_json(self) -> dict:
        out: dict[str, Any] = {"action": self.action}
        for key in ("card", "spell", "target"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        if self.materials:
            out["materials"] = list(self.materials)
        if self.cards:
            out["cards"] = list(self.cards)
        if self.battle_position:
            out["position"] = self.battle_position
        if self.zone is not None:
            out["zone"] = self.zone
        return out


@dataclass
class Line:
    position: Position
    steps: list[Step]
    source: str = "<line>"


# --- reading ------------------------------------------------------------------------------------
def parse_step(text: str, number: int, *, source: str = "<line>", line: int | None = None) -> Step:
    """One step of the text form."""
    where = f"step {number}" + (f" (line {line})" if line else "")
    err = lambda problem: OracleError(problem, source=source, field=where)
    toks: list[tuple[str, str]] = []
    pos = 0
    text = text.rstrip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise err(f"cannot read {text[pos:].strip()[:30]!r}: card names go in double quotes")
        kind = m.lastgroup
        value = m.group(kind)
        toks.append((kind, json.loads(value) if kind == "str" else int(value) if kind == "num" else value))
        pos = m.end()
    if not toks or toks[0][0] != "word":
        raise err("a step starts with an action, e.g. normal_summon \"Junk Synchron\"")
    action = toks[0][1]
    if action not in ACTIONS:
        close = [a for a in ACTIONS if a.startswith(action[:4])]
        hint = f" (did you mean {close[0]}?)" if close else ""
        raise err(f"unknown action {action!r}{hint}; the actions are {', '.join(ACTIONS)}")
    rest = toks[1:]

    def names(items: list[tuple[str, str]], what: str) -> list[str]:
        out = []
        for i, (kind, value) in enumerate(items):
            if i % 2 == 1:
                if kind != "comma":
                    raise err(f"expected a comma between the {what}, found {value!r}")
                continue
            if kind not in ("str", "num"):
                raise err(f"expected a card name in double quotes in the {what}, found {value!r}")
            out.append(value)
        if not out or len(items) % 2 == 0:
            raise err(f"the {what} list is empty or ends with a comma")
        return out

    step = Step(number=number, action=action, line=line)
    if action != "attack":
        rest = _placement(step, rest, err)
    if action == "pendulum_summon":
        step.cards = names(rest, "Pendulum Summoned cards") if rest else []
        if step.zone is not None:
            raise err("a Pendulum Summon places several monsters: 'to zone' names the zone of one summon")
        return step
    if not rest or rest[0][0] not in ("str", "num"):
        raise err(f"{action} needs a card name in double quotes after it")
    step.card = rest[0][1]
    rest = rest[1:]
    if action == "attack":
        if not rest:
            return step
        if rest[0] == ("word", "directly") and len(rest) == 1:
            step.target = "direct"
        elif rest[0][0] == "arrow" and len(rest) == 2 and rest[1][0] in ("str", "num"):
            step.target = rest[1][1]
        else:
            raise err('an attack is written attack "Attacker" -> "Target" or attack "Attacker" directly')
        return step
    while rest:
        kw = rest[0]
        if kw[0] != "word" or kw[1] not in ("with", "using"):
            raise err(f"expected 'with' (materials) or 'using' (the Spell), found {kw[1]!r}")
        end = next((i for i in range(1, len(rest)) if rest[i][0] == "word"), len(rest))
        if kw[1] == "with":
            step.materials = names(rest[1:end], "materials")
        else:
            spell = names(rest[1:end], "Spell")
            if len(spell) != 1:
                raise err("'using' names one Spell")
            step.spell = spell[0]
        rest = rest[end:]
    return step


def _placement(step: Step, toks: list[tuple[str, Any]], err) -> list[tuple[str, Any]]:
    """Take ``in POSITION`` and ``to zone N`` off the end of a step's tokens (they come last)."""
    while len(toks) >= 2:
        if toks[-2] == ("word", "in") and toks[-1][0] == "word":
            if step.battle_position is not None:
                raise err("the battle position is stated twice")
            step.battle_position = _stated_position(toks[-1][1], err)
            toks = toks[:-2]
        elif len(toks) >= 3 and toks[-3] == ("word", "to") and toks[-2] == ("word", "zone"):
            if step.zone is not None or toks[-1][0] != "num":
                raise err("a zone is written  to zone N  (N from 0 to 6), once")
            step.zone = _stated_zone(toks[-1][1], err)
            toks = toks[:-3]
        else:
            break
    if any(tok in (("word", "in"), ("word", "to")) for tok in toks):
        raise err("'in attack' / 'in defense' and 'to zone N' come at the end of the step")
    return toks


def _stated_position(word: Any, err) -> str:
    if word not in STATED_POSITIONS:
        raise err(f"unknown battle position {word!r}; write in attack, in defense or in set")
    return word


def _stated_zone(number: Any, err) -> int:
    if type(number) is not int or number not in ZONES:
        raise err(f"unknown zone {number!r}: zones 0-4 are the Main Monster Zones from the left, 5 and 6 "
                  "the Extra Monster Zones")
    return number


def parse_text(text: str, *, source: str = "<line>") -> tuple[str | None, list[Step]]:
    """The position file named in the text (if any) and the steps."""
    return linefile.parse_text(text, parse_step, source=source)


def _step_object(item: dict, number: int, source: str, where: str) -> Step:
    for key in item:
        if key not in STEP_KEYS:
            raise OracleError(f"unknown key {key!r}; a step has {', '.join(sorted(STEP_KEYS))}", source=source, field=where)
    action = item.get("action")
    if action not in ACTIONS:
        raise OracleError(f"unknown action {action!r}; the actions are {', '.join(ACTIONS)}", source=source, field=where)
    step = Step(number=number, action=action, card=item.get("card"), materials=list(item.get("materials", [])),
                spell=item.get("spell"), cards=list(item.get("cards", [])), target=item.get("target"))
    err = lambda key: lambda problem: OracleError(problem, source=source, field=f"{where}.{key}")  # noqa: E731
    if item.get("position") is not None:
        step.battle_position = _stated_position(item["position"], err("position"))
    if item.get("zone") is not None:
        step.zone = _stated_zone(item["zone"], err("zone"))
    if action != "pendulum_summon" and step.card is None:
        raise OracleError(f"{action} needs a \"card\"", source=source, field=where)
    return step


def load_line(path: str | Path, *, position: str | Path | None = None, library: Library | None = None) -> Line:
    """Read a line file: JSON (``.json``) or the text form (anything else)."""
    ref, steps = linefile.read_line(path, parse_step, _step_object)
    return Line(_position(ref, position, Path(path).parent, str(path), library), steps, str(path))


def make_line(position: Position | dict, steps: list[Step | str], *, source: str = "<line>",
              library: Library | None = None) -> Line:
    """A line from Python: a position and steps (Step objects or strings in the text form)."""
    out = [s if isinstance(s, Step) else parse_step(s, n, source=source) for n, s in enumerate(steps, 1)]
    for n, s in enumerate(out, 1):
        s.number = n
    return Line(_position(None, position, Path("."), source, library), out, source)


def _position(ref: Any, override: Any, base: Path, source: str, library: Library | None) -> Position:
    if isinstance(override, Position):
        return override
    doc, where = linefile.position_doc(ref, override, base, source)
    return parse_position(doc, source=where, library=library)


# --- from names to facts ------------------------------------------------------------------------
def _code(position: Position, name: Any, step: Step, source: str, library: Library) -> int:
    card = library.resolve(name, source=source, field=step.where) if not isinstance(name, int) else library.get(name)
    if card is None:
        raise OracleError(f"unknown card {name!r}", source=source, field=step.where)
    for slot in position.slots:
        if slot.card.code == card.code or slot.card.name == card.name:
            return slot.card.code
    raise OracleError(f"there is no {card.name} in the position", source=source, field=step.where)


def given_facts(line: Line, library: Library) -> str:
    """The given_* facts that pin each step (step.lp, battle.lp)."""
    out: list[str] = []
    for s in line.steps:
        t = s.number
        def code(n, s=s):
            return _code(line.position, n, s, line.source, library)
        if s.battle_position:
            out.append(f"given_pos({t},{s.battle_position}).")
        if s.zone is not None:
            out.append(f"given_zone({t},{s.zone}).")
        if s.action == "pendulum_summon":
            out.append(f"given_act({t},pendulum_summon,none).")
            for c, n in sorted(Counter(code(c) for c in s.cards).items()):
                out.append(f"given_pend({t},{c},{n}).")
            continue
        out.append(f"given_act({t},{s.action},{code(s.card)}).")
        for c, n in sorted(Counter(code(m) for m in s.materials).items()):
            out.append(f"given_mat({t},{c},{n}).")
        if s.spell:
            out.append(f"given_spell({t},{code(s.spell)}).")
        if s.target == "direct":
            out.append(f"given_target({t},direct).")
        elif s.target:
            out.append(f"given_target({t},{code(s.target)}).")
    return "\n".join(out) + "\n"


# --- checking -----------------------------------------------------------------------------------
@dataclass
class StepResult:
    step: Step
    legal: bool
    reading: str = ""                 # the step as the rules read it (which copy, which materials)
    state: list[str] = field(default_factory=list)   # the state after it, in short lines
    position: dict | None = None      # the state after it as a position document
    reasons: list[str] = field(default_factory=list)  # illegal: one sentence per broken rule
    terms: list[str] = field(default_factory=list)    # illegal: the fail/2 terms, as clingo prints them


@dataclass
class CheckResult:
    line: Line
    steps: list[StepResult]
    status: str                       # legal, illegal, ambiguous
    message: str = ""
    atoms: list = field(default_factory=list)   # the model the printed states come from

    @property
    def legal(self) -> bool:
        return self.status == "legal"

    def text(self) -> str:
        def details(r: StepResult) -> list[str]:
            read_as = [f"  read as: {r.reading}"] if r.reading and r.reading != r.step.normalized() else []
            return read_as + [f"  {s}" for s in r.state]

        return checking.report(self.steps, self.status, self.message, details)

    def _repr_svg_(self) -> str:  # notebooks show a checked line as the pictures of its states
        from oracle.pictures import line_svg
        return line_svg(self)

    def to_json(self) -> dict:
        return {"status": self.status, "message": self.message,
                "steps": [{"step": r.step.to_json(), "legal": r.legal, "reading": r.reading,
                           "state": r.position, "reasons": r.reasons, "rules": r.terms} for r in self.steps]}


def control(position: Position, library: Library, extra: str, horizon: int = 0) -> clingo.Control:
    """The rules core for ``position``, the whole turn modelled (attacks, Pendulum Scales),
    grounded for ``horizon`` steps."""
    program = position_facts(position, library).program() + extra
    parts: list[tuple[str, list]] = [("base", []), ("check", [clingo.Number(0)])]
    for t in range(1, horizon + 1):
        parts += step_parts(t)
    return make_control(encoding("yugioh"), program, parts=parts)


def step_parts(t: int) -> list[tuple[str, list]]:
    # A step of the whole turn: the summons (step), the rest of the turn's actions (turn:
    # attacks, Pendulum Scales), what the step changes (effects) and the goal (check).
    return [(part, [clingo.Number(t)]) for part in ("step", "turn", "effects", "check")]


def check_line(line: Line, *, library: Library | None = None, timeout: float | None = 30.0,
               max_readings: int = 50) -> CheckResult:
    """Check every step of ``line``; stop at the first illegal one and explain it."""
    from oracle.yugioh import explain

    library = library or Library.load()
    given = given_facts(line, library)
    # 1. the longest legal prefix, one step more at a time on one control (multi-shot)
    illegal = checking.first_illegal(control(line.position, library, given), line.steps, step_parts,
                                     timeout=timeout, source=line.source)
    legal_n = (illegal.number - 1) if illegal else len(line.steps)
    # 2. the readings of the legal prefix: resolved when there is only one
    results: list[StepResult] = []
    status, message = "legal", ""
    chosen: list = []
    if legal_n:
        ctl = control(line.position, library, given, legal_n)
        res = solve(ctl, limit=max_readings, timeout=timeout, project=True, atoms=True)
        if not res.models:
            raise OracleError(f"{res.stopped or 'no reading found'} while reading the legal steps", source=line.source)
        readings: dict[tuple, list] = {}
        for shown, atoms in zip(res.models, res.atoms):
            sig = tuple(describe_step(line.position, shown, t)[0] for t in range(1, legal_n + 1))
            readings.setdefault(sig, atoms)
        sigs = list(readings)
        first_diff = None
        if len(sigs) > 1:
            first_diff = min(t for t in range(legal_n) if len({s[t] for s in sigs}) > 1)
        atoms = readings[sigs[0]]
        chosen = atoms
        for t in range(1, legal_n + 1):
            if first_diff is not None and t - 1 >= first_diff:
                break
            results.append(StepResult(line.steps[t - 1], True, reading=sigs[0][t - 1],
                                      state=state_out.describe(line.position, atoms, t),
                                      position=state_out.position_at(line.position, atoms, t)))
        if first_diff is not None:
            s = line.steps[first_diff]
            options = sorted({sig[first_diff] for sig in sigs})
            status = "ambiguous"
            message = (f"{s.where} is ambiguous: {len(options)} readings are legal ("
                       + "; ".join(options) + "). Name the copy or the materials "
                       '(with "..."), the Spell (using "...") or the target (-> "...") to choose one.')
            return CheckResult(line, results, status, message, chosen)
    # 3. the first illegal step, explained by the relaxed program
    if illegal is not None:
        t = illegal.number
        relaxed = given + f"relaxed.\n#program step(t).\n:- fail(t,_), t < {t}.\n"
        ctl = control(line.position, library, relaxed, t)
        res = solve(ctl, limit=20, timeout=timeout, project=True, optimal_only=True, atoms=True)
        if not res.models:
            reasons, terms = [(f"no reading of {illegal.where} exists, even breaking rules: the cards it names "
                               "cannot take the roles it gives them")], []
        else:
            best = min(range(len(res.models)), key=lambda i: res.costs[i])
            fails = sorted((a.arguments[1] for a in res.models[best] if a.name == "fail" and a.arguments[0].number == t),
                           key=str)
            terms = [str(f) for f in fails]
            reasons = [explain.sentence(line.position, f, res.atoms[best], t) for f in fails]
        results.append(StepResult(illegal, False, reasons=reasons, terms=terms))
        status = "illegal"
        message = f"the line stops at {illegal.where}: it is illegal"
    return CheckResult(line, results, status, message, chosen)


def describe_step(position: Position, atoms: list[clingo.Symbol], t: int) -> tuple[str, dict]:
    """Step ``t`` of a model in the text form (cards by name, materials sorted), and the instances."""
    action, card, mats, spell, pend, target = "", None, [], None, [], None
    for a in atoms:
        args = a.arguments
        if not args or args[0].type != clingo.SymbolType.Number or args[0].number != t:
            continue
        if a.name == "act":
            action = args[1].name
            card = args[2].number if args[2].type == clingo.SymbolType.Number else None
        elif a.name == "mat":
            mats.append(args[1].number)
        elif a.name == "spell":
            spell = args[1].number
        elif a.name == "pend":
            pend.append(args[1].number)
        elif a.name == "target":
            target = args[2].name if args[2].type == clingo.SymbolType.Function else args[2].number
    name = lambda i: position.slot(i).card.name
    step = Step(0, action, card=name(card) if card else None, materials=sorted(name(m) for m in mats),
                spell=name(spell) if spell else None, cards=sorted(name(i) for i in pend),
                target=target if target in (None, "direct") else name(target))
    return step.text(), {"card": card, "materials": mats, "spell": spell, "cards": pend, "target": target}
