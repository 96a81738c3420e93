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
    attack "Panther Warrior" directly paying "Kozaky"      # the Tribute the attack costs
    synchro_summon "Stardust Dragon" with "Junk Synchron", "Battle Ox" in defense to zone 2
    activate "Monster Reborn" targeting "Dark Magician"
    activate "One for One" paying "Celtic Guardian" summoning "Water Spirit"
    normal_summon "Marauding Captain"
    then activate "Marauding Captain" summoning "Tune Warrior"   # a trigger following the step above
    activate "Ukiyoe-P.U.N.K. Sharakusai"
    then fusion_summon "Ukiyoe-P.U.N.K. Rising Carp" with "Ukiyoe-P.U.N.K. Sharakusai", "Noh-P.U.N.K. Foxy Tune"
    activate "Monster Reborn" targeting "Dark Magician"
    chain activate "Emergency Teleport" summoning "Krebons"      # a chain link answering the link above
    activate "Elemental HERO Stratos" effect 1 mode 2 adding "Elemental HERO Burstinatrix"
    set_spell_trap "Call of the Haunted"

A summon may state the battle position (``in attack``, ``in defense``, ``in set``) and the zone
(``to zone N``: 0-4 the Main Monster Zones from the left, 5 and 6 the left and right Extra
Monster Zone).  A position left open is face-up Attack Position when the summon allows it; a
zone left open is any zone that keeps the whole line legal (docs/decisions.md).

An activation names its card, then optionally ``effect N`` (its number in reading order of the
text; 1 by default choice of the solver), ``mode M`` (a bullet of "activate 1 of these effects"),
the costs (``paying``), the targets (``targeting``) and the cards the effect takes on resolution
(``summoning``, ``adding``, ``sending``, ``setting``, ``destroying``).  A step starting with ``then`` is a
trigger effect that follows the step before it (after everything before it has resolved): it
starts a new chain.  A step starting with ``chain`` is a link added to the chain of the step just
before it (a response of Spell Speed 2 or more, or another trigger of the same event): the
chain resolves last in, first out, once no link is added.  Both belong to the action before them,
and the length of a line counts the steps without ``then`` or ``chain`` (asp/yugioh/chain.lp).
``then fusion_summon ... with ...`` and ``then ritual_summon ... with ...`` (no Spell) are the
Fusion or Ritual Summon an effect makes as it resolves ("Fusion Summon 1 ... Fusion Monster from
your Extra Deck, using ...", "Ritual Summon 1 ... Ritual Monster from your hand, by Tributing ...":
asp/yugioh/grants.lp), right after the link that resolved.

JSON form: ``{"position": {...} or "file.json", "steps": [...]}`` where a step is either a
string in the text form or ``{"action": ..., "card": ..., "materials": [...], "spell": ...,
"cards": [...], "target": NAME or "direct", "position": "defense", "zone": 3}``; an activation
also has ``"effect"``, ``"mode"``, ``"costs"``, ``"targets"``, ``"summoning"``, ``"adding"``,
``"sending"``, ``"setting"``, ``"destroying"``, and any step may have ``"then"``: the list of the chain links
that follow it (step objects or strings; a link added to the chain before it has ``"chain": true``
or is a string starting with ``chain``).

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
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import clingo

from oracle import checking, linefile
from oracle.checking import StepResult
from oracle.errors import OracleError
from oracle.resources import encoding
from oracle.solver import make_control, solve
from oracle.terms import COUNT_MAX, NUMBER_MAX, whole_number
from oracle.yugioh import fx_tokens, state_out
from oracle.yugioh.cards import Library
from oracle.yugioh.effect_text import SUMMONS_AS_IT_RESOLVES
from oracle.yugioh.facts import position_facts
from oracle.yugioh.position import Position, parse_position

ACTIONS = ("normal_summon", "normal_set", "tribute_summon", "tribute_set", "flip_summon",
           "change_position", "ritual_summon", "fusion_summon", "synchro_summon", "xyz_summon",
           "link_summon", "pendulum_summon", "special_summon", "gemini_summon", "activate_scale", "attack",
           "activate", "set_spell_trap")
STEP_KEYS = {"action", "card", "materials", "spell", "cards", "target", "position", "zone", "effect", "mode",
             "costs", "targets", "summoning", "adding", "sending", "setting", "destroying", "then", "chain"}
STATED_POSITIONS = ("attack", "defense", "set")
ZONES = range(7)
# What an activation names, in the text form: keyword -> Step field (a list of card names).
ACTIVATION_WORDS = {"paying": "costs", "targeting": "targets", "summoning": "summoning", "adding": "adding",
                    "sending": "sending", "setting": "setting", "destroying": "destroying"}
# The kind of action of an effect (resolve.lp, given_pick/4) each resolution keyword names.
PICK_KINDS = {"summoning": "summon", "adding": "search", "sending": "send", "setting": "set", "destroying": "destroy"}
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
    effect: int | None = None                        # activate: effect number in reading order
    mode: int | None = None                          # activate: which bullet of a choice of effects
    costs: list[str] = field(default_factory=list)
    targets: list[str] = field(default_factory=list)
    summoning: list[str] = field(default_factory=list)
    adding: list[str] = field(default_factory=list)
    sending: list[str] = field(default_factory=list)
    setting: list[str] = field(default_factory=list)
    destroying: list[str] = field(default_factory=list)   # destroyed on resolution (fx_puzzles)
    then: list["Step"] = field(default_factory=list)  # trigger effects that follow this step
    follow: bool = False                             # this step is a "then" (or "chain") step
    chained: bool = False                            # a "chain" step: a link of the chain before it

    @property
    def where(self) -> str:
        return linefile.step_place(self.number, self.line)

    def text(self) -> str:
        q = lambda n: json.dumps(n, ensure_ascii=False)
        if self.follow:
            return ("chain " if self.chained else "then ") + replace(self, follow=False, chained=False, then=[]).text()
        if self.action == "activate":
            out = f"activate {q(self.card)}"
            if self.effect:
                out += f" effect {self.effect}"
            if self.mode:
                out += f" mode {self.mode}"
            for word, key in ACTIVATION_WORDS.items():
                if getattr(self, key):
                    out += f" {word} " + ", ".join(q(c) for c in getattr(self, key))
            return out + self.placement_text()
        if self.action == "pendulum_summon":
            return "pendulum_summon " + ", ".join(q(c) for c in self.cards)
        out = self.action + (f" {q(self.card)}" if self.card else "")
        if self.action == "attack":
            out += " directly" if self.target == "direct" else f" -> {q(self.target)}" if self.target else ""
            return out + (" paying " + ", ".join(q(m) for m in self.materials) if self.materials else "")
        if self.materials:
            out += " with " + ", ".join(q(m) for m in self.materials)
        if self.spell:
            out += f" using {q(self.spell)}"
        return out + self.placement_text()

    def placement_text(self) -> str:
        return ((f" in {self.battle_position}" if self.battle_position else "")
                + (f" to zone {self.zone}" if self.zone is not None else ""))

    def normalized(self) -> str:
        """The text form with materials and Pendulum cards sorted (how readings are printed); the
        follow-ups after it, each on its own line."""
        lists = {k: sorted(getattr(self, k), key=str) for k in ("materials", "cards", *ACTIVATION_WORDS.values())}
        head = replace(self, then=[], **lists).text()
        return "\n".join([head] + [s.normalized() for s in self.then])

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
        for key in ("effect", "mode"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        for key in ACTIVATION_WORDS.values():
            if getattr(self, key):
                out[key] = list(getattr(self, key))
        if self.then:
            out["then"] = [s.to_json() for s in self.then]
        if self.chained:
            out["chain"] = True
        return out


Line = checking.Line


# --- reading ------------------------------------------------------------------------------------
# The Summons an effect makes as it resolves, a "then" step of their own (asp/yugioh/grants.lp):
# their actions are the line's actions of the same names.
EFFECT_SUMMONS = SUMMONS_AS_IT_RESOLVES

def parse_step(text: str, number: int, *, source: str = "<line>", line: int | None = None) -> Step:
    """One step of the text form."""
    where = linefile.step_place(number, line)
    err = linefile.step_error(source, where)
    toks = linefile.tokens(text, _TOKEN, err, hint="card names go in double quotes", number=int)
    follow = bool(toks) and toks[0] in (("word", "then"), ("word", "chain"))
    chained = follow and toks[0] == ("word", "chain")
    if follow:
        toks = toks[1:]
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

    step = Step(number=number, action=action, line=line, follow=follow, chained=chained)
    if follow and action != "activate" and (chained or action not in EFFECT_SUMMONS):
        raise err("only an activation (a chain link), or after 'then' the Fusion or Ritual Summon an effect "
                  "makes, follows a step with 'then' or 'chain'")
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
        # the Tribute an attack costs (Panther Warrior) comes last: ... paying "Monster"
        if ("word", "paying") in rest:
            at = rest.index(("word", "paying"))
            rest, step.materials = rest[:at], names(rest[at + 1:], "Tributes")
        if not rest:
            return step
        if rest[0] == ("word", "directly") and len(rest) == 1:
            step.target = "direct"
        elif rest[0][0] == "arrow" and len(rest) == 2 and rest[1][0] in ("str", "num"):
            step.target = rest[1][1]
        else:
            raise err('an attack is written attack "Attacker" -> "Target" or attack "Attacker" directly'
                      ' [paying "Monster"]')
        return step
    if action == "activate":
        while rest:
            kw = rest[0]
            if kw in (("word", "effect"), ("word", "mode")):
                if len(rest) < 2 or rest[1][0] != "num" or not 1 <= rest[1][1] <= COUNT_MAX:  # as in JSON
                    raise err(f"'{kw[1]}' is followed by a number from 1 to {COUNT_MAX}")
                setattr(step, kw[1], rest[1][1])
                rest = rest[2:]
                continue
            if kw[0] != "word" or kw[1] not in ACTIVATION_WORDS:
                raise err(f"expected effect N, mode N or one of {', '.join(ACTIVATION_WORDS)}, found {kw[1]!r}")
            end = next((i for i in range(1, len(rest)) if rest[i][0] == "word"), len(rest))
            setattr(step, ACTIVATION_WORDS[kw[1]], names(rest[1:end], kw[1]))
            rest = rest[end:]
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
    """The position file named in the text (if any) and the steps ("then" steps nested)."""
    ref, steps = linefile.parse_text(text, parse_step, source=source)
    return ref, nest(steps, source)


def nest(steps: list[Step], source: str) -> list[Step]:
    """Put each "then" step under the step before it, and number the actions 1, 2, ..."""
    out: list[Step] = []
    for s in steps:
        if s.follow:
            if not out:
                raise OracleError("a line cannot start with a 'then' or 'chain' step", source=source, field=s.where)
            if s.chained and ([out[-1]] + out[-1].then)[-1].action != "activate":
                raise OracleError("a 'chain' step adds a link to the chain of an activation just before it",
                                  source=source, field=s.where)
            out[-1].then.append(s)
        else:
            out.append(s)
    for n, s in enumerate(out, 1):
        s.number = n
    return out


def _step_object(item: dict, number: int, source: str, where: str) -> Step:
    for key in item:
        if key not in STEP_KEYS:
            raise OracleError(f"unknown key {key!r}; a step has {', '.join(sorted(STEP_KEYS))}", source=source, field=where)
    action = item.get("action")
    if action not in ACTIONS:
        raise OracleError(f"unknown action {action!r}; the actions are {', '.join(ACTIONS)}", source=source, field=where)
    err = lambda key: lambda problem: OracleError(problem, source=source, field=f"{where}.{key}")  # noqa: E731
    if item.get("chain") is not None and ".then[" not in where:
        raise err("chain")('"chain" is said of a chain link, a step under "then"')
    step = Step(number=number, action=action, card=_json_name(item, "card", err), spell=_json_name(item, "spell", err),
                target=_json_name(item, "target", err), materials=_json_names(item, "materials", err),
                cards=_json_names(item, "cards", err),
                **{k: _json_names(item, k, err) for k in ACTIVATION_WORDS.values()})
    for key in ("effect", "mode"):
        if item.get(key) is not None:
            setattr(step, key, whole_number(item[key], lo=1, hi=COUNT_MAX, what=f"the {key} number",
                                            source=source, field=f"{where}.{key}"))
    if item.get("position") is not None:
        step.battle_position = _stated_position(item["position"], err("position"))
    if item.get("zone") is not None:
        step.zone = _stated_zone(item["zone"], err("zone"))
    then = item.get("then", [])
    if not isinstance(then, list):
        raise err("then")(f"a list of trigger effects (step objects or strings), not {then!r:.40}")
    for n, sub in enumerate(then):
        at = f"{where}.then[{n}]"
        if isinstance(sub, str):
            sub = parse_step(sub, number, source=source)
        elif isinstance(sub, dict):
            sub = _step_object(sub, number, source, at)
        else:
            raise OracleError(f"a trigger effect is a step object or a string, not {sub!r:.40}", source=source, field=at)
        if sub.action != "activate" and sub.action not in EFFECT_SUMMONS:
            raise OracleError("only activations (trigger effects), and the Fusion or Ritual Summon an effect makes, "
                              "follow a step", source=source, field=at)
        sub.follow = True
        if isinstance(then[n], dict) and then[n].get("chain") is not None:
            if not isinstance(then[n]["chain"], bool):
                raise OracleError("chain is true or false", source=source, field=f"{at}.chain")
            sub.chained = then[n]["chain"]
        if sub.chained and ([step] + step.then)[-1].action != "activate":
            raise OracleError("a chain link follows an activation", source=source, field=at)
        step.then.append(sub)
    if action != "pendulum_summon" and step.card is None:
        raise OracleError(f"{action} needs a \"card\"", source=source, field=where)
    return step


def _is_name(value: Any) -> bool:
    """A card as a step object names it: a name or a passcode (as in the text form)."""
    return isinstance(value, str) or (type(value) is int and 0 <= value <= NUMBER_MAX)


def _json_name(item: dict, key: str, err) -> str | int | None:
    value = item.get(key)
    if value is not None and not _is_name(value):
        raise err(key)(f"a card name or passcode, not {value!r:.40}")
    return value


def _json_names(item: dict, key: str, err) -> list[str | int]:
    value = item.get(key, [])
    if not isinstance(value, list) or not all(_is_name(v) for v in value):
        raise err(key)(f"a list of card names, not {value!r:.40}")
    return list(value)


def load_line(path: str | Path, *, position: str | Path | None = None, library: Library | None = None) -> Line:
    """Read a line file: JSON (``.json``) or the text form (anything else)."""
    ref, steps = linefile.read_line(path, parse_step, _step_object)
    steps = nest(steps, str(path))
    return Line(_position(ref, position, Path(path).parent, str(path), library), steps, str(path))


def make_line(position: Position | dict, steps: list[Step | str], *, source: str = "<line>",
              library: Library | None = None) -> Line:
    """A line from Python: a position and steps (Step objects or strings in the text form)."""
    out = nest([s if isinstance(s, Step) else parse_step(s, n, source=source) for n, s in enumerate(steps, 1)],
               source)
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
    for slot in [*position.slots, *fx_tokens.spares(position, library)]:   # a Token an effect summons too
        if slot.card.code == card.code or slot.card.name == card.name:
            return slot.card.code
    raise OracleError(f"there is no {card.name} in the position", source=source, field=step.where)


def slots_of(line: Line, checks: bool = False) -> int:
    """Time steps per action of a checked line: the action and room for its longest "then" list
    (chain.lp), with ``checks`` a step for the state check after each chain (selfdestroy.lp)."""
    return max((len(block_layout(s, checks)[0]) for s in line.steps), default=1)


PAUSE = "pause"   # a step a line keeps for the game's state check (selfdestroy.lp)


def block_layout(step: Step, checks: bool = False) -> tuple[list[Step | str | None], dict[int, int]]:
    """The time steps of an action's block as chain.lp lays them out: the action, then each chain
    (its links at consecutive steps, then a step for each link below the last to resolve: None);
    and for each step that holds an action or a link, the step at which it resolves (last in,
    first out).  With ``checks`` (a card of the position destroys itself while a state holds) the
    action and each chain are followed by a step of their own, PAUSE: the game checks the state
    before anything else is activated, and that check takes a step (selfdestroy.lp)."""
    seq, out, res, i = [step] + step.then, [], {}, 0
    while i < len(seq):
        j = i + 1
        while j < len(seq) and seq[j].chained:
            j += 1
        first, last = len(out), len(out) + j - i - 1
        res.update({first + k: last + (last - first - k) for k in range(j - i)})
        out += seq[i:j] + [None] * (j - i - 1) + [PAUSE] * checks
        i = j
    return out, res


def block_times(k: int, slots: int) -> range:
    """The time steps of action k (from 1): its own step, then its follow-up steps."""
    return range((k - 1) * slots + 1, k * slots + 1)


def given_facts(line: Line, library: Library, slots: int | None = None, checks: bool = False) -> str:
    """The given_* facts that pin each step (step.lp, battle.lp, activate.lp, costs.lp,
    resolve.lp), each action at the first time step of its block and its "then" steps after it;
    follow-up steps the line leaves empty are given_idle/1, the steps kept for a state check
    (``checks``, block_layout) given_pause/1 too."""
    slots = slots or slots_of(line, checks)
    out: list[str] = []
    for s in line.steps:
        times = block_times(s.number, slots)
        layout, res = block_layout(s, checks)
        for k, (t, sub) in enumerate(zip(times, layout)):
            if sub is None:
                out.append(f"given_idle({t}).")   # a link below resolves here
                continue
            if sub == PAUSE:
                out += [f"given_idle({t}).", f"given_pause({t})."]
                continue
            out += _given(line, library, s, sub, t, times[res[k]])
            if sub.action == "activate":
                out.append(f"given_link({t}).")
            if sub.chained:
                out.append(f"given_chained({t}).")
        out += [f"given_idle({t})." for t in times[len(layout):]]
    return "\n".join(out) + "\n"


def _given(line: Line, library: Library, where: Step, s: Step, t: int, r: int) -> list[str]:
    """The facts of step ``s`` at time ``t``; what it does on resolution (the cards it takes, the
    position and zone of a summon) at time ``r``, when its chain link resolves."""
    out: list[str] = []

    def code(n):
        return _code(line.position, n, where, line.source, library)

    def counted(pred: str, names: list[str], *lead: str, at: int = t) -> list[str]:
        return [f"{pred}({at},{','.join(lead + (str(c), str(n)))})." for c, n in sorted(Counter(code(x) for x in names).items())]

    if s.battle_position:
        out.append(f"given_pos({r},{s.battle_position}).")
    if s.zone is not None:
        out.append(f"given_zone({r},{s.zone}).")
    if s.action == "pendulum_summon":
        return out + [f"given_act({t},pendulum_summon,none)."] + counted("given_pend", s.cards)
    out.append(f"given_act({t},{s.action},{code(s.card)}).")
    out += counted("given_mat", s.materials)
    if s.spell:
        out.append(f"given_spell({t},{code(s.spell)}).")
    if s.target == "direct":
        out.append(f"given_target({t},direct).")
    elif s.target:
        out.append(f"given_target({t},{code(s.target)}).")
    if s.effect:
        out.append(f"given_eff({t},{s.effect}).")
    if s.mode:
        out.append(f"given_mode({t},{s.mode}).")
    out += counted("given_cost", s.costs) + counted("given_tgt", s.targets)
    for word, kind in PICK_KINDS.items():
        out += counted("given_pick", getattr(s, ACTIVATION_WORDS[word]), kind, at=r)
    return out


# --- checking -----------------------------------------------------------------------------------
@dataclass
class CheckResult(checking.CheckedLine):
    atoms: list = field(default_factory=list)   # the model the printed states come from

    def text(self) -> str:
        def details(r: StepResult) -> list[str]:
            read_as = [f"  read as: {r.reading}"] if r.reading and r.reading != r.step.normalized() else []
            links = [f"  {s.text()}" for s in r.step.then]   # the chain links that belong to the step
            return links + read_as + [f"  {s}" for s in r.state]

        return checking.report(self.steps, self.status, self.message, details)

    def _repr_svg_(self) -> str:  # notebooks show a checked line as the pictures of its states
        from oracle.pictures import line_svg
        return line_svg(self)

    def to_json(self) -> dict:
        return {"status": self.status, "message": self.message,
                "steps": [{"step": r.step.to_json(), "legal": r.legal, "reading": r.reading,
                           "state": r.position, "reasons": r.reasons, "rules": r.terms} for r in self.steps]}


def control(position: Position, library: Library, extra: str, horizon: int = 0, slots: int = 1,
            reads: tuple[str, ...] | None = None) -> clingo.Control:
    """The rules core for ``position``, the whole turn modelled (attacks, Pendulum Scales),
    grounded for ``horizon`` actions of ``slots`` time steps each (chain.lp).  ``reads`` (see
    solver.make_control): the caller reads no atom of a model but the shown ones and these."""
    program = position_facts(position, library).program() + f"fslots({slots - 1}).\n" + extra
    parts: list[tuple[str, list]] = [("base", []), ("check", [clingo.Number(0)])]
    for k in range(1, horizon + 1):
        parts += block_parts(slots, k)
    return make_control(encoding("yugioh"), program, parts=parts, relevant_only=True, reads=reads)


def step_parts(t: int) -> list[tuple[str, list]]:
    # A step of the whole turn: the summons (step), the rest of the turn's actions (turn:
    # attacks, Pendulum Scales), what the step changes (effects) and the goal (check).
    return [(part, [clingo.Number(t)]) for part in ("step", "turn", "effects", "check")]


def block_parts(slots: int, k: int) -> list[tuple[str, list]]:
    """The program parts of action k: every time step of its block."""
    return [p for t in block_times(k, slots) for p in step_parts(t)]


def check_line(line: Line, *, library: Library | None = None, timeout: float | None = 30.0,
               max_readings: int = 50) -> CheckResult:
    """Check every step of ``line``; stop at the first illegal one and explain it."""
    from oracle.yugioh import explain

    library = library or Library.load()
    inst = position_facts(line.position, library)
    checks = inst.state_checks
    slots = max(slots_of(line, checks), 2 if inst.owed_if else 1)
    given = given_facts(line, library, slots, checks)
    parts = lambda k: block_parts(slots, k)  # noqa: E731
    # 1. the longest legal prefix, one step more at a time on one control (multi-shot)
    illegal = checking.first_illegal(control(line.position, library, given, slots=slots), line.steps, parts,
                                     timeout=timeout, source=line.source)
    legal_n = (illegal.number - 1) if illegal else len(line.steps)
    # 2. the readings of the legal prefix: resolved when there is only one
    results: list[StepResult] = []
    status, message = "legal", ""
    chosen: list = []
    if legal_n:
        ctl = control(line.position, library, given, legal_n, slots)
        res = solve(ctl, limit=max_readings, timeout=timeout, project=True, atoms=True)
        if not res.models:
            raise OracleError(f"{res.stopped or 'no reading found'} while reading the legal steps", source=line.source)
        readings: dict[tuple, list] = {}
        for shown, atoms in zip(res.models, res.atoms):
            sig = tuple(describe_block(line.position, shown, k, slots).normalized() for k in range(1, legal_n + 1))
            readings.setdefault(sig, atoms)
        sigs = list(readings)
        first_diff = None
        if len(sigs) > 1:
            first_diff = min(t for t in range(legal_n) if len({s[t] for s in sigs}) > 1)
        atoms = readings[sigs[0]]
        chosen = atoms
        for k in range(1, legal_n + 1):
            if first_diff is not None and k - 1 >= first_diff:
                break
            t = k * slots
            results.append(StepResult(line.steps[k - 1], True, reading=sigs[0][k - 1],
                                      state=state_out.describe(line.position, atoms, t),
                                      position=state_out.position_at(line.position, atoms, t)))
        if first_diff is not None:
            s = line.steps[first_diff]
            options = sorted({sig[first_diff] for sig in sigs})
            status = "ambiguous"
            message = (f"{s.where} is ambiguous: {len(options)} readings are legal ("
                       + "; ".join(o.replace("\n", " / ") for o in options) + "). Name the copy or the materials "
                       '(with "..."), the Spell (using "..."), the target (-> "...") or what an effect takes '
                       '(paying, targeting, summoning, adding "...") to choose one.')
            return CheckResult(line, results, status, message, chosen)
    # 3. the first illegal step, explained by the relaxed program
    if illegal is not None:
        times = block_times(illegal.number, slots)
        relaxed = given + checking.relaxed_rules(times[0])
        ctl = control(line.position, library, relaxed, illegal.number, slots)
        res = solve(ctl, limit=20, timeout=timeout, project=True, optimal_only=True, atoms=True)
        if not res.models:
            reasons, terms = [(f"no reading of {illegal.where} exists, even breaking rules: the cards it names "
                               "cannot take the roles it gives them")], []
        else:
            best = min(range(len(res.models)), key=lambda i: res.costs[i])
            fails = sorted(((a.arguments[0].number, a.arguments[1]) for a in res.models[best]
                            if a.name == "fail" and a.arguments[0].number in times), key=lambda f: (f[0], str(f[1])))
            terms = [str(f) for _, f in fails]
            reasons = [explain.sentence(line.position, f, res.atoms[best], t) for t, f in fails]
        results.append(StepResult(illegal, False, reasons=reasons, terms=terms))
        status = "illegal"
        message = f"the line stops at {illegal.where}: it is illegal"
    return CheckResult(line, results, status, message, chosen)


def describe_block(position: Position, atoms: list[clingo.Symbol], k: int, slots: int) -> Step:
    """Action k of a model as a Step, with the trigger effects that followed it under ``then``."""
    times = block_times(k, slots)
    # what a link takes on resolution is read where it resolves (chain.lp's rsv/2)
    res = {a.arguments[1].number: a.arguments[0].number for a in atoms if a.name == "rsv" and len(a.arguments) == 2}
    head = describe_step(position, atoms, times[0], res.get(times[0]))[2]
    chained = {a.arguments[0].number for a in atoms if a.name == "chained" and len(a.arguments) == 1}
    for t in times[1:]:
        sub = describe_step(position, atoms, t, res.get(t))[2]
        if sub.action:
            sub.follow = True
            sub.chained = t in chained
            head.then.append(sub)
    head.number = k
    return head


def describe_step(position: Position, atoms: list[clingo.Symbol], t: int,
                  resolved_at: int | None = None) -> tuple[str, dict, Step]:
    """Step ``t`` of a model in the text form (cards by name, materials sorted), the instances,
    and the Step."""
    action, card, mats, spell, pend, target = "", None, [], None, [], None
    effect = mode = None
    costs, targets, picks = [], [], []
    for a in atoms:
        args = a.arguments
        if a.name == "pick" and resolved_at not in (None, t):
            if args[0].number == resolved_at:   # a chain link takes its cards where it resolves
                picks.append((args[1].number, args[2].number))
            continue
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
        elif a.name == "eff":
            effect, mode = args[1].number, args[2].number
        elif a.name == "cost":
            costs.append(args[1].number)
        elif a.name == "tgt":
            targets.append(args[1].number)
        elif a.name == "pick":
            picks.append((args[1].number, args[2].number))
    name = lambda i: position.slot(i).card.name
    step = Step(0, action, card=name(card) if card else None, materials=sorted(name(m) for m in mats),
                spell=name(spell) if spell else None, cards=sorted(name(i) for i in pend),
                target=target if target in (None, "direct") else name(target))
    if action == "activate":
        words = _pick_words(position.slot(card).card, effect, mode)
        step.effect = effect if effect and effect > 1 else None
        step.mode = mode if mode and mode > 1 else None
        step.costs = sorted(name(c) for c in costs if c != card)
        step.targets = sorted(name(c) for c in targets)
        for kk, j in picks:
            getattr(step, ACTIVATION_WORDS[words.get(kk, "summoning")]).append(name(j))
        for key in ("summoning", "adding", "sending", "setting", "destroying"):
            getattr(step, key).sort()
    ids = {"card": card, "materials": mats, "spell": spell, "cards": pend, "target": target, "effect": effect,
           "mode": mode, "costs": costs, "targets": targets, "picks": picks}
    return step.text(), ids, step


# The resolution keyword of each action of an effect (effect_text's eff_do/5 terms).
_DO_WORDS = {"summon": "summoning", "search": "adding", "send_gy": "sending", "discard": "sending", "set_deck": "setting",
             "destroy_pick": "destroying"}


def _pick_words(card, effect: int | None, mode: int | None) -> dict[int, str]:
    from oracle.yugioh.effect_text import card_effects

    out = {}
    for f in card_effects(card, Library.load()).facts:
        a = f.arguments
        if f.name == "eff_do" and a[1].number == effect and a[2].number == mode and a[4].name in _DO_WORDS:
            out[a[3].number] = _DO_WORDS[a[4].name]
    return out
