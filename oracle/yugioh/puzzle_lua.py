"""Import EDOPro puzzle files (Lua) as oracle positions.

A puzzle file is a Lua script that the EDOPro client runs to lay out a board. This module never
runs it: it reads the file as text with a small tokenizer and recognises the handful of calls
that build the board. Everything else is reported in ``notes`` with its line number.

What is read, and how it maps to the position JSON of the core issue (issue 2, section 3):

``Debug.ReloadFieldBegin(flags[, master_rule])``
    The second argument picks the rule set: EDOPro ORs ``DUEL_MODE_MR<n>`` into the flags for
    n = 1..5, and takes 3 when the argument is absent (ocgcore ``libdebug.cpp``).
    MR5 is Master Rule 2020 (``"master-rule-2020"``), MR4 the Link-era rules of 2017
    (``"master-rule-4"``). MR3 (2014: separate Pendulum Zones, no Extra Monster Zone), MR2
    (2008-2014, no Pendulum Zones) and MR1 (the original rules) have no name in the position
    format; they are imported as ``"master-rule-2020"``, the closest rules the oracle knows
    (Fusion, Synchro and Xyz Monsters may use any Main Monster Zone under both), and a note says
    so. ``DUEL_ATTACK_FIRST_TURN`` lets the first turn of the duel have a Battle Phase: the
    position's ``turn`` object gets ``"first_turn": false`` when the flag is set, ``true``
    otherwise (EDOPro puzzles start on turn 1). The Speed Duel field (``DUEL_MODE_SPEED``, 3
    columns) and other rule flags are reported in notes; ``DUEL_SIMPLE_AI``,
    ``DUEL_PSEUDO_SHUFFLE`` and ``DUEL_TEST_MODE`` change nothing in a position.
    A second ``ReloadFieldBegin`` clears the board, as in EDOPro.

``Debug.SetPlayerInfo(player, LP, start_count, draw_count)``
    ``life_points`` of that player (8000 when a player has no such call).

``Debug.AddCard(code, owner, controller, location, sequence, position[, summoned_properly])``
    The card goes to its controller's side:

    - ``LOCATION_HAND`` -> ``hand``; ``LOCATION_GRAVE`` -> ``graveyard``; ``LOCATION_REMOVED`` ->
      ``banished`` (all in file order);
    - ``LOCATION_DECK`` -> ``deck``, index 0 is the top card: EDOPro puts a card added with
      sequence 0 on top of the cards already there and one added with sequence 1 at the bottom;
    - ``LOCATION_EXTRA`` -> ``extra_deck``; a card is face-up (``{"card": c, "face_up": true}``)
      only when its position is face-up and it is a Pendulum Monster, as EDOPro forces every other
      card face-down there;
    - ``LOCATION_MZONE`` sequences 0-4 -> ``monster_zones`` (the controller's view, left to
      right); sequences 5 and 6 are the Extra Monster Zones -> ``extra_monster_zones`` with
      ``"controller"``. The list is indexed from player 0's view: player 0's sequence 5 is index
      0 and sequence 6 index 1; player 1 looks at the field from the other side, so its sequence 5
      is index 1 and its sequence 6 index 0 (ocgcore pairs a player's zone 5 with the opponent's
      zone 6, see ``card::get_linked_zone``). A card added to an occupied Monster Zone becomes an
      Xyz Material of the monster there (``"materials": [codes]``, in file order);
    - ``LOCATION_SZONE`` sequences 0-4 -> ``spell_trap_zones`` with ``"face_up"``; sequence 5 and
      ``LOCATION_FZONE`` -> ``field_zone``; ``LOCATION_PZONE`` 0/1 -> the leftmost/rightmost
      Spell & Trap Zone (how the position format holds Pendulum Zones); under Master Rule 3 the
      S/T sequences 6/7 are the separate Pendulum Zones and are mapped the same way;
    - monster positions: ``POS_FACEUP_ATTACK`` -> ``"attack"``, ``POS_FACEUP_DEFENSE`` ->
      ``"defense"``, ``POS_FACEDOWN_DEFENSE`` / ``POS_FACEDOWN`` -> ``"set"``;
    - a monster on the field always carries ``"properly_summoned"``: true when the 7th argument is
      true, false when it is false or absent. (The position model treats a monster on the field as
      properly summoned unless this flag says otherwise; EDOPro's puzzle makers pass ``true`` for
      monsters that should count as summoned by their proper procedure, so ``false`` means the
      revive limit is *not* lifted for that card.) Elsewhere the flag is kept only when true, as
      ``{"card": c, "properly_summoned": true}``.

    ``[local] name = Debug.AddCard(...)`` binds the card to ``name`` so that later calls
    (``Debug.PreEquip(e1, c1)``) can be reported with the cards they name. Numeric ``for`` loops
    with constant bounds (``for i=1,3 do Debug.AddCard(...) end``) are expanded.

Read but not representable (each becomes a note): ``Debug.PreEquip``, ``Debug.PreSetTarget``,
``Debug.PreSummon``, ``Debug.PreAddCounter``, script code (effects, functions, loops over
anything but numbers), a card owned by the other player, cards whose passcode is not in the card
library (they stay int passcodes; the position loader reports them too).

Hard failures raise :class:`oracle.errors.OracleError` with ``field="line N"``: an unterminated
string or comment, unbalanced brackets or blocks, an ``AddCard`` whose arguments cannot be read,
a sequence outside its zone.
"""
from __future__ import annotations

import gzip
import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from oracle.errors import OracleError

# -- EDOPro constants (values of ProjectIgnis CardScripts constant.lua) --------------------------

LOCATION = {
    "LOCATION_DECK": 0x01, "LOCATION_HAND": 0x02, "LOCATION_MZONE": 0x04, "LOCATION_SZONE": 0x08,
    "LOCATION_GRAVE": 0x10, "LOCATION_REMOVED": 0x20, "LOCATION_EXTRA": 0x40,
    "LOCATION_OVERLAY": 0x80, "LOCATION_ONFIELD": 0x0C, "LOCATION_FZONE": 0x100,
    "LOCATION_PZONE": 0x200,
    # Newer cores also know these three; only their names matter here, the values are private.
    "LOCATION_STZONE": 0x10000000, "LOCATION_MMZONE": 0x20000000, "LOCATION_EMZONE": 0x40000000,
}
_LOC_NAME = {v: k for k, v in LOCATION.items()}

POS_FACEUP_ATTACK, POS_FACEDOWN_ATTACK, POS_FACEUP_DEFENSE, POS_FACEDOWN_DEFENSE = 0x1, 0x2, 0x4, 0x8
POSITION = {
    "POS_FACEUP_ATTACK": 0x1, "POS_FACEDOWN_ATTACK": 0x2, "POS_FACEUP_DEFENSE": 0x4,
    "POS_FACEDOWN_DEFENSE": 0x8, "POS_FACEUP": 0x5, "POS_FACEDOWN": 0xA, "POS_ATTACK": 0x3,
    "POS_DEFENSE": 0xC,
}
_FACEUP, _FACEDOWN = 0x5, 0xA

DUEL_FLAG = {
    "DUEL_TEST_MODE": 0x01, "DUEL_ATTACK_FIRST_TURN": 0x02, "DUEL_OBSOLETE_RULING": 0x08,
    "DUEL_PSEUDO_SHUFFLE": 0x10, "DUEL_TAG_MODE": 0x20, "DUEL_SIMPLE_AI": 0x40,
    "DUEL_RELAY": 0x80, "DUEL_OBSOLETE_IGNITION": 0x100, "DUEL_1ST_TURN_DRAW": 0x200,
    "DUEL_1_FIELD": 0x400, "DUEL_PZONE": 0x800, "DUEL_SEPARATE_PZONE": 0x1000,
    "DUEL_EMZONE": 0x2000, "DUEL_FSX_MMZONE": 0x4000, "DUEL_TRAP_MONSTERS_NOT_USE_ZONE": 0x8000,
    "DUEL_RETURN_TO_EXTRA_DECK_TRIGGERS": 0x10000, "DUEL_TRIGGER_ONLY_IN_LOCATION": 0x20000,
    "DUEL_SPSUMMON_ONCE_OLD_NEGATE": 0x40000, "DUEL_CANNOT_SUMMON_OATH_OLD": 0x80000,
    "DUEL_NO_STANDBY_PHASE": 0x100000, "DUEL_NO_MAIN_PHASE_2": 0x200000,
    "DUEL_3_COLUMNS_FIELD": 0x400000, "DUEL_DRAW_UNTIL_5": 0x800000,
    "DUEL_NO_HAND_LIMIT": 0x1000000, "DUEL_UNLIMITED_SUMMONS": 0x2000000,
    "DUEL_INVERTED_QUICK_PRIORITY": 0x4000000,
}
DUEL_FLAG["DUEL_MODE_SPEED"] = (DUEL_FLAG["DUEL_3_COLUMNS_FIELD"] | DUEL_FLAG["DUEL_NO_MAIN_PHASE_2"]
                                | DUEL_FLAG["DUEL_TRIGGER_ONLY_IN_LOCATION"])
DUEL_FLAG["DUEL_MODE_RUSH"] = (DUEL_FLAG["DUEL_MODE_SPEED"] | DUEL_FLAG["DUEL_NO_STANDBY_PHASE"]
                               | DUEL_FLAG["DUEL_1ST_TURN_DRAW"] | DUEL_FLAG["DUEL_INVERTED_QUICK_PRIORITY"]
                               | DUEL_FLAG["DUEL_DRAW_UNTIL_5"] | DUEL_FLAG["DUEL_NO_HAND_LIMIT"]
                               | DUEL_FLAG["DUEL_UNLIMITED_SUMMONS"])
# Flags that say nothing about the position (AI behaviour, shuffling, the test-mode menu).
_HARMLESS_FLAGS = {"DUEL_TEST_MODE", "DUEL_PSEUDO_SHUFFLE", "DUEL_SIMPLE_AI", "DUEL_ATTACK_FIRST_TURN"}
_SINGLE_FLAGS = [(name, v) for name, v in DUEL_FLAG.items() if not name.startswith("DUEL_MODE_")]

SUMMON_TYPE = {
    "SUMMON_TYPE_NORMAL": 0x10000000, "SUMMON_TYPE_TRIBUTE": 0x11000000,
    "SUMMON_TYPE_GEMINI": 0x12000000, "SUMMON_TYPE_FLIP": 0x20000000,
    "SUMMON_TYPE_SPECIAL": 0x40000000, "SUMMON_TYPE_FUSION": 0x43000000,
    "SUMMON_TYPE_RITUAL": 0x45000000, "SUMMON_TYPE_SYNCHRO": 0x46000000,
    "SUMMON_TYPE_XYZ": 0x49000000, "SUMMON_TYPE_PENDULUM": 0x4A000000,
    "SUMMON_TYPE_LINK": 0x4C000000,
}
_SUMMON_NAME = {v: k[len("SUMMON_TYPE_"):].lower() for k, v in SUMMON_TYPE.items()}

CONSTANTS: dict[str, int] = {**LOCATION, **POSITION, **DUEL_FLAG, **SUMMON_TYPE}

RULES = {5: "master-rule-2020", 4: "master-rule-4"}
_RULE_GAPS = {
    3: "Master Rule 3 (2014) has separate Pendulum Zones and no Extra Monster Zone",
    2: "Master Rule 2 (2008-2014) has no Pendulum Zones and no Extra Monster Zone",
    1: "Master Rule 1 (the original rules) has no Pendulum Zones and no Extra Monster Zone",
}

_OBJECTIVE = re.compile(r"^\s*(?:objective|goal)\s*:\s*(.*?)\s*$", re.I | re.M)
_WIN_THIS_TURN = re.compile(r"\b(?:win|defeat\b.*?)\b.*?\bth(?:is|e) turn\b", re.I)


@dataclass
class ImportedPuzzle:
    """A puzzle read from an EDOPro Lua file."""

    position: dict            # position JSON (issue 2, section 3)
    objective: str            # "Objective:" text of the --[[message ]] block, "" if none
    goal: dict | None         # {"win": True} when the objective is to win this turn
    notes: list[str]          # what was read but cannot be represented, each with its line
    master_rule: int = 3      # EDOPro's master rule number (ReloadFieldBegin's 2nd argument)
    duel_flags: list[str] = field(default_factory=list)   # names of the ReloadFieldBegin flags
    hints: list[str] = field(default_factory=list)        # Debug.ShowHint texts, in order

    def to_json(self) -> dict:
        return {"position": self.position, "objective": self.objective, "goal": self.goal,
                "notes": list(self.notes), "master_rule": self.master_rule,
                "duel_flags": list(self.duel_flags), "hints": list(self.hints)}


# -- card library (optional: passcodes and names for notes, Pendulum kind for the Extra Deck) ---

@dataclass(frozen=True)
class _LibCard:
    name: str
    pendulum: bool
    monster: bool = False
    extra_deck: bool = False      # Fusion, Synchro, Xyz or Link Monster


@lru_cache(maxsize=1)
def _default_library() -> Mapping[int, _LibCard] | None:
    candidates = [Path(__file__).resolve().parents[2] / "facts" / "yugioh" / "cards.jsonl.gz"]
    try:
        from oracle.resources import facts_dir
        candidates.insert(0, facts_dir() / "yugioh" / "cards.jsonl.gz")
    except (OSError, ImportError, ValueError):
        pass
    path = next((c for c in candidates if c.is_file()), None)
    if path is None:
        return None
    try:
        cards: dict[int, _LibCard] = {}
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            for line in handle:
                row = json.loads(line)
                if "code" not in row:
                    continue
                kinds = set(row.get("kinds", ()))
                cards[int(row["code"])] = _LibCard(
                    str(row.get("name", "")), "pendulum" in kinds, "monster" in kinds,
                    "monster" in kinds and bool(kinds & {"fusion", "synchro", "xyz", "link"}))
        return cards
    except (OSError, ValueError, ImportError):
        return None


# -- tokenizer -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Tok:
    kind: str      # name, num, str, op
    value: Any
    line: int


_KEYWORDS_OPEN = {"function", "if", "do", "repeat"}
_KEYWORDS_CLOSE = {"end", "until"}
_NOT_STATEMENT_START = {"and", "or", "not", "then", "do", "else", "elseif", "end", "until", "in"}
_NAME = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")
_NUMBER = re.compile(r"0[xX][0-9a-fA-F]+|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
_OPS = ("...", "..", "==", "~=", "<=", ">=", "<<", ">>", "//", "::")
_LONG_OPEN = re.compile(r"\[(=*)\[")


class _Lexer:
    def __init__(self, text: str, source: str):
        self.text, self.source = text, source
        self.tokens: list[_Tok] = []
        self.long_comments: list[tuple[int, str]] = []

    def fail(self, problem: str, line: int) -> OracleError:
        return OracleError(problem, source=self.source, field=f"line {line}")

    def _long_bracket(self, pos: int, line: int, what: str) -> tuple[str, int, int]:
        m = _LONG_OPEN.match(self.text, pos)
        assert m
        close = "]" + m.group(1) + "]"
        end = self.text.find(close, m.end())
        if end < 0:
            raise self.fail(f"unterminated {what} (opened with {m.group(0)!r})", line)
        body = self.text[m.end():end]
        if body.startswith("\r\n"):
            body = body[2:]
        elif body.startswith("\n"):
            body = body[1:]
        return body, end + len(close), line + self.text.count("\n", pos, end + len(close))

    def _short_string(self, pos: int, line: int) -> tuple[str, int]:
        quote, i, out = self.text[pos], pos + 1, []
        escapes = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v",
                   "\\": "\\", '"': '"', "'": "'", "\n": "\n"}
        while i < len(self.text):
            ch = self.text[i]
            if ch == quote:
                return "".join(out), i + 1
            if ch == "\n":
                break
            if ch == "\\" and i + 1 < len(self.text):
                nxt = self.text[i + 1]
                if nxt in escapes:
                    out.append(escapes[nxt])
                    i += 2
                    continue
                digits = re.match(r"\d{1,3}", self.text[i + 1:])
                if digits:
                    out.append(chr(int(digits.group(0)) % 256))
                    i += 1 + len(digits.group(0))
                    continue
                out.append(nxt)
                i += 2
                continue
            out.append(ch)
            i += 1
        raise self.fail("unterminated string", line)

    def run(self) -> list[_Tok]:
        text, pos, line, n = self.text, 0, 1, len(self.text)
        while pos < n:
            ch = text[pos]
            if ch == "\n":
                line += 1
                pos += 1
            elif ch in " \t\r\f\v\ufeff":
                pos += 1
            elif text.startswith("--", pos):
                if _LONG_OPEN.match(text, pos + 2):
                    body, pos, end_line = self._long_bracket(pos + 2, line, "comment")
                    self.long_comments.append((line, body))
                    line = end_line
                else:
                    nl = text.find("\n", pos)
                    pos = n if nl < 0 else nl
            elif ch in "\"'":
                value, pos = self._short_string(pos, line)
                self.tokens.append(_Tok("str", value, line))
            elif ch == "[" and _LONG_OPEN.match(text, pos):
                body, pos, end_line = self._long_bracket(pos, line, "long string")
                self.tokens.append(_Tok("str", body, line))
                line = end_line
            elif (m := _NAME.match(text, pos)):
                self.tokens.append(_Tok("name", m.group(0), line))
                pos = m.end()
            elif (m := _NUMBER.match(text, pos)):
                raw = m.group(0)
                value: float | int
                if raw[:2] in ("0x", "0X"):
                    value = int(raw, 16)
                elif re.fullmatch(r"\d+", raw):
                    value = int(raw)
                else:
                    value = float(raw)
                self.tokens.append(_Tok("num", value, line))
                pos = m.end()
            else:
                op = next((o for o in _OPS if text.startswith(o, pos)), None)
                if op is None:
                    if ch in "-+*/%^#&~|<>=(){}[];:,.":
                        op = ch
                    else:
                        raise self.fail(f"unexpected character {ch!r}", line)
                self.tokens.append(_Tok("op", op, line))
                pos += len(op)
        return self.tokens


# -- statements ----------------------------------------------------------------------------------

def _split_statements(toks: list[_Tok], fail) -> list[list[_Tok]]:
    """Cut a token list into Lua statements, keeping brackets and blocks whole."""
    out: list[list[_Tok]] = []
    cur: list[_Tok] = []
    brackets: list[_Tok] = []
    blocks: list[_Tok] = []
    pairs = {")": "(", "]": "[", "}": "{"}
    for i, tok in enumerate(toks):
        if not brackets and not blocks and cur and _starts_statement(cur[-1], tok):
            out.append(cur)
            cur = []
        if tok.kind == "op" and tok.value == ";" and not brackets and not blocks:
            if cur:
                out.append(cur)
                cur = []
            continue
        cur.append(tok)
        if tok.kind == "op":
            if tok.value in "([{":
                brackets.append(tok)
            elif tok.value in pairs:
                if not brackets or brackets[-1].value != pairs[tok.value]:
                    raise fail(f"unbalanced {tok.value!r}", tok.line)
                brackets.pop()
        elif tok.kind == "name" and not brackets:
            if tok.value in _KEYWORDS_OPEN:
                blocks.append(tok)
            elif tok.value in _KEYWORDS_CLOSE:
                if not blocks:
                    raise fail(f"{tok.value!r} without a block to close", tok.line)
                blocks.pop()
        elif tok.kind == "name" and brackets and tok.value in (_KEYWORDS_OPEN | _KEYWORDS_CLOSE):
            # a function literal inside an argument list: keep counting so 'end' matches
            if tok.value in _KEYWORDS_OPEN:
                blocks.append(tok)
            elif blocks:
                blocks.pop()
    if brackets:
        raise fail(f"{brackets[-1].value!r} is never closed", brackets[-1].line)
    if blocks:
        raise fail(f"{blocks[-1].value!r} block is never closed with 'end'", blocks[-1].line)
    if cur:
        out.append(cur)
    return out


def _starts_statement(prev: _Tok, tok: _Tok) -> bool:
    if tok.kind != "name" or tok.value in _NOT_STATEMENT_START:
        return False
    if prev.kind in ("num", "str"):
        return True
    if prev.kind == "op":
        return prev.value in (")", "]", "}")
    return prev.value not in ("local", "function", "return", "and", "or", "not", "then", "do",
                              "else", "elseif", "in", "for", "while", "if", "until", "repeat",
                              "goto") or prev.value == "end"


def _matching(toks: list[_Tok], start: int) -> int:
    """Index of the bracket closing the one at ``start``."""
    depth = 0
    for i in range(start, len(toks)):
        t = toks[i]
        if t.kind == "op" and t.value in "([{":
            depth += 1
        elif t.kind == "op" and t.value in ")]}":
            depth -= 1
            if depth == 0:
                return i
    return -1


def _split_args(toks: list[_Tok]) -> list[list[_Tok]]:
    args: list[list[_Tok]] = [[]]
    depth = 0
    for t in toks:
        if t.kind == "op" and t.value in "([{":
            depth += 1
        elif t.kind == "op" and t.value in ")]}":
            depth -= 1
        if depth == 0 and t.kind == "op" and t.value == ",":
            args.append([])
        else:
            args[-1].append(t)
    return [] if args == [[]] else args


def _is_call(toks: list[_Tok], i: int, module: str, fn: str | None = None) -> bool:
    """``module.fn(`` (or ``module.fn "str"``) starts at toks[i]."""
    return (i + 3 < len(toks) and toks[i].kind == "name" and toks[i].value == module
            and toks[i + 1].kind == "op" and toks[i + 1].value == "."
            and toks[i + 2].kind == "name" and (fn is None or toks[i + 2].value == fn)
            and ((toks[i + 3].kind == "op" and toks[i + 3].value == "(") or toks[i + 3].kind == "str"))


class _Unreadable(Exception):
    def __init__(self, what: str, line: int):
        super().__init__(what)
        self.what, self.line = what, line


class _Expr:
    """A tiny evaluator for constant argument expressions: numbers, known names, + - * | & ()."""

    def __init__(self, toks: list[_Tok], env: Mapping[str, Any]):
        self.toks, self.env, self.i = toks, env, 0

    def parse(self) -> Any:
        if not self.toks:
            raise _Unreadable("an empty argument", 0)
        value = self._binary(0)
        if self.i != len(self.toks):
            t = self.toks[self.i]
            raise _Unreadable(f"{t.value!r}", t.line)
        return value

    _PREC = {"|": 1, "~": 2, "&": 3, "<<": 4, ">>": 4, "+": 5, "-": 5, "*": 6, "//": 6, "%": 6}

    def _binary(self, min_prec: int) -> Any:
        left = self._unary()
        while self.i < len(self.toks):
            t = self.toks[self.i]
            prec = self._PREC.get(t.value) if t.kind == "op" else None
            if prec is None or prec < min_prec:
                break
            self.i += 1
            right = self._binary(prec + 1)
            left = self._apply(t, left, right)
        return left

    def _apply(self, t: _Tok, a: Any, b: Any) -> Any:
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in (a, b)):
            raise _Unreadable(f"{t.value!r} applied to a non-number", t.line)
        return {"|": a | b, "~": a ^ b, "&": a & b, "<<": a << b, ">>": a >> b, "+": a + b,
                "-": a - b, "*": a * b, "//": a // b if b else 0, "%": a % b if b else 0}[t.value]

    def _unary(self) -> Any:
        if self.i >= len(self.toks):
            raise _Unreadable("an incomplete expression", self.toks[-1].line)
        t = self.toks[self.i]
        self.i += 1
        if t.kind == "op" and t.value == "-":
            v = self._unary()
            if not isinstance(v, int) or isinstance(v, bool):
                raise _Unreadable("'-' applied to a non-number", t.line)
            return -v
        if t.kind == "op" and t.value == "(":
            v = self._binary(0)
            if self.i >= len(self.toks) or self.toks[self.i].value != ")":
                raise _Unreadable("an unclosed '('", t.line)
            self.i += 1
            return v
        if t.kind == "num":
            if isinstance(t.value, float):
                if not t.value.is_integer():
                    raise _Unreadable(f"the non-integer {t.value}", t.line)
                return int(t.value)
            return t.value
        if t.kind == "str":
            return t.value
        if t.kind == "name":
            if t.value == "true":
                return True
            if t.value in ("false", "nil"):
                return False
            if t.value in self.env:
                return self.env[t.value]
            if t.value in CONSTANTS:
                return CONSTANTS[t.value]
            raise _Unreadable(f"the name {t.value!r}", t.line)
        raise _Unreadable(f"{t.value!r}", t.line)


# -- the board being built -----------------------------------------------------------------------

@dataclass
class _Card:
    code: int
    owner: int
    controller: int
    location: int
    sequence: int
    position: int
    proc: bool
    line: int
    materials: list["_Card"] = field(default_factory=list)
    where: str = ""          # readable place, for notes
    pzone: bool = False      # added with LOCATION_PZONE


class _Board:
    def __init__(self) -> None:
        self.lists: list[dict[str, list[_Card]]] = [
            {"hand": [], "deck": [], "graveyard": [], "banished": [], "extra_deck": []} for _ in (0, 1)]
        self.mzones: list[list[_Card | None]] = [[None] * 5 for _ in (0, 1)]
        self.szones: list[list[_Card | None]] = [[None] * 5 for _ in (0, 1)]
        self.fzone: list[_Card | None] = [None, None]
        self.emz: list[_Card | None] = [None, None]


class _Importer:
    def __init__(self, path: Path, text: str, library: Mapping[int, Any] | None):
        self.path, self.source = path, str(path)
        self.text = text
        self.library = library
        self.notes: list[tuple[int, str]] = []
        self.board = _Board()
        self.vars: dict[str, _Card] = {}
        self.functions: dict[str, int] = {}
        self.function_debug: dict[str, list[str]] = {}
        self.lp: list[int | None] = [None, None]
        self.flags = 0
        self.rule = 3
        self.reload_line: int | None = None
        self.hints: list[str] = []
        self.unknown: dict[int, int] = {}
        self.script: list[tuple[int, int, list[str]]] = []   # pending run of unread code
        self.message_line = 0

    # -- helpers --
    def fail(self, problem: str, line: int) -> OracleError:
        return OracleError(problem, source=self.source, field=f"line {line}")

    def note(self, line: int, text: str) -> None:
        """A soft problem; line 0 means the file as a whole."""
        self.notes.append((line, f"line {line}: {text}" if line else f"file: {text}"))

    def card_name(self, code: int) -> str:
        entry = self.library.get(code) if self.library is not None else None
        name = getattr(entry, "name", "") if entry is not None else ""
        return f"{name} ({code})" if name else str(code)

    def describe(self, card: _Card) -> str:
        return f"{self.card_name(card.code)} {card.where}".strip()

    # -- driver --
    def run(self) -> ImportedPuzzle:
        lexer = _Lexer(self.text, self.source)
        toks = lexer.run()
        for stmt in _split_statements(toks, self.fail):
            self.statement(stmt, {})
        self.flush_script()
        objective = self.objective(lexer.long_comments)
        position = self.position()
        goal = {"win": True} if objective and _WIN_THIS_TURN.search(objective) else None
        if goal and re.search(r"\b(?:without|only|using|by)\b", objective, re.I):
            self.note(self.message_line, f"the objective {objective!r} adds a condition the goal "
                                         "cannot express")
        if self.library is None:
            self.note(0, "no card library available: passcodes were not checked")
        for code, line in sorted(self.unknown.items(), key=lambda kv: kv[1]):
            self.note(line, f"passcode {code} is not in the card library (kept as a passcode)")
        notes: list[str] = []
        repeats: dict[str, int] = {}
        for _, text in sorted(self.notes, key=lambda n: n[0]):
            if text in repeats:
                repeats[text] += 1
            else:
                repeats[text] = 1
                notes.append(text)
        notes = [t if repeats[t] == 1 else f"{t} ({repeats[t]} times)" for t in notes]
        return ImportedPuzzle(position=position, objective=objective, goal=goal, notes=notes,
                              master_rule=self.rule, duel_flags=self.flag_names(), hints=self.hints)

    def flag_names(self) -> list[str]:
        return [name for name, v in _SINGLE_FLAGS if self.flags & v]

    # -- the message block --
    def objective(self, comments: list[tuple[int, str]]) -> str:
        for line, body in comments:
            if body.lstrip().lower().startswith("message"):
                self.message_line = line
                m = _OBJECTIVE.search(body)
                return m.group(1) if m else ""
        return ""

    # -- statements --
    def statement(self, st: list[_Tok], env: dict[str, Any]) -> None:
        head = st[0]
        # [local] NAME = Debug.AddCard(...)
        j = 1 if head.kind == "name" and head.value == "local" else 0
        if (len(st) > j + 2 and st[j].kind == "name" and st[j + 1].value == "="
                and _is_call(st, j + 2, "Debug", "AddCard") and _matching(st, j + 5) == len(st) - 1):
            self.flush_script()
            card = self.add_card(st[j + 2:], env)
            if card is not None:
                self.vars[st[j].value] = card
            return
        if head.kind == "name" and head.value == "for":
            if self.numeric_for(st, env):
                return
        if _is_call(st, 0, "Debug") and (st[3].kind == "str" or _matching(st, 3) == len(st) - 1):
            self.flush_script()
            self.debug_call(st, env)
            return
        if _is_call(st, 0, "aux", "BeginPuzzle"):
            self.flush_script()
            return
        fname = None
        if head.kind == "name" and head.value == "local" and len(st) > 2 and st[1].value == "function":
            fname = st[2].value
        elif head.kind == "name" and head.value == "function" and len(st) > 1 and st[1].kind == "name":
            fname = st[1].value
        if fname is not None:
            self.functions[fname] = head.line
            calls = sorted({st[i + 2].value for i in range(len(st)) if _is_call(st, i, "Debug")
                            and st[i + 2].value.startswith("Pre")})
            self.function_debug[fname] = calls
        # a call of a function defined in the file
        if (head.kind == "name" and head.value in self.functions and len(st) > 1
                and st[1].value == "(" and _matching(st, 1) == len(st) - 1):
            self.flush_script()
            args = [self.describe_ref(a, env) for a in _split_args(st[2:-1])]
            inner = self.function_debug.get(head.value) or []
            does = f" (its body calls {', '.join('Debug.' + c for c in inner)})" if inner else ""
            self.note(head.line, f"call of the script function {head.value}({', '.join(args)}), "
                                 f"defined at line {self.functions[head.value]}, is not executed"
                                 f"{does}; what it does is not represented")
            self.nested_add_cards(st, env, wrapper=None)
            return
        self.unread(st, env)

    def unread(self, st: list[_Tok], env: dict[str, Any]) -> None:
        """Code that is not a board-building call: AddCards at its top level still count."""
        found = self.nested_add_cards(st, env, wrapper=st[0])
        if found:
            return
        names = []
        for i, t in enumerate(st):
            if (t.kind == "name" and i + 2 < len(st) and st[i + 1].value in (".", ":")
                    and st[i + 2].kind == "name" and (i + 3 >= len(st) or st[i + 3].value == "(")):
                names.append(f"{t.value}{st[i + 1].value}{st[i + 2].value}")
            if t.kind == "name" and t.value == "function" and i + 1 < len(st) and st[i + 1].kind == "name":
                names.append(f"function {st[i + 1].value}")
        first, last = st[0].line, st[-1].line
        if self.script and self.script[-1][1] >= first - 3:
            a, _, seen = self.script[-1]
            self.script[-1] = (a, last, seen + [n for n in names if n not in seen])
        else:
            self.flush_script()
            self.script.append((first, last, names))

    def flush_script(self) -> None:
        for first, last, names in self.script:
            where = f"line {first}" if first == last else f"lines {first}-{last}"
            what = ", ".join(names[:6]) + (", ..." if len(names) > 6 else "")
            self.notes.append((first, f"{where}: script code is not executed"
                                      + (f" ({what})" if what else "")
                                      + "; what it does is not represented"))
        self.script = []

    def nested_add_cards(self, st: list[_Tok], env: dict[str, Any], wrapper: _Tok | None) -> int:
        """Run every Debug.AddCard found outside function bodies in ``st``; count them."""
        count, depth, i = 0, 0, 0
        while i < len(st):
            t = st[i]
            if t.kind == "name" and t.value in _KEYWORDS_OPEN:
                depth += 1
            elif t.kind == "name" and t.value in _KEYWORDS_CLOSE:
                depth -= 1
            if _is_call(st, i, "Debug", "AddCard"):
                end = _matching(st, i + 3)
                if depth == 0:
                    self.add_card(st[i:end + 1], env)
                    count += 1
                else:
                    self.note(t.line, "Debug.AddCard inside a script function or conditional block "
                                      "is not part of the starting position; ignored")
                i = end + 1
                continue
            i += 1
        if count and wrapper is not None:
            self.note(wrapper.line, f"{count} Debug.AddCard call(s) wrapped in script code "
                                    f"starting with {wrapper.value!r}; the cards are placed, "
                                    "the surrounding code is not executed")
        return count

    def numeric_for(self, st: list[_Tok], env: dict[str, Any]) -> bool:
        if not (len(st) > 4 and st[1].kind == "name" and st[2].value == "="):
            if any(_is_call(st, i, "Debug", "AddCard") for i in range(len(st))):
                raise self.fail("Debug.AddCard inside a loop that is not a numeric 'for' "
                                "with constant bounds", st[0].line)
            return False
        # find the 'do' that opens the body
        depth, do_at = 0, -1
        for i in range(3, len(st)):
            t = st[i]
            if t.kind == "op" and t.value in "([{":
                depth += 1
            elif t.kind == "op" and t.value in ")]}":
                depth -= 1
            elif depth == 0 and t.kind == "name" and t.value == "do":
                do_at = i
                break
        if do_at < 0 or st[-1].value != "end":
            raise self.fail("malformed 'for' loop", st[0].line)
        try:
            bounds = [_Expr(a, env).parse() for a in _split_args(st[3:do_at])]
        except _Unreadable as exc:
            raise self.fail(f"cannot read the bounds of this 'for' loop: {exc.what}", st[0].line)
        if len(bounds) not in (2, 3) or not all(isinstance(b, int) for b in bounds):
            raise self.fail("cannot read the bounds of this 'for' loop", st[0].line)
        start, stop = bounds[0], bounds[1]
        step = bounds[2] if len(bounds) == 3 else 1
        if step == 0:
            raise self.fail("'for' loop with a step of 0", st[0].line)
        values = list(range(start, stop + (1 if step > 0 else -1), step))
        if len(values) > 1000:
            raise self.fail(f"'for' loop of {len(values)} rounds is too long to expand", st[0].line)
        body = _split_statements(st[do_at + 1:-1], self.fail)
        for v in values:
            inner = dict(env)
            inner[st[1].value] = v
            for stmt in body:
                self.statement(stmt, inner)
        return True

    # -- Debug.* calls --
    def debug_call(self, st: list[_Tok], env: dict[str, Any]) -> None:
        fn, line = st[2].value, st[0].line
        if st[3].kind == "str":
            args_t = [[st[3]]]
        else:
            args_t = _split_args(st[4:-1])
        if fn == "AddCard":
            self.add_card(st, env)
        elif fn == "ReloadFieldBegin":
            self.reload_begin(args_t, env, line)
        elif fn == "SetPlayerInfo":
            vals = self.eval_args(args_t, env, line, "Debug.SetPlayerInfo")
            if len(vals) < 2:
                raise self.fail("Debug.SetPlayerInfo needs a player and life points", line)
            player, lp = vals[0], vals[1]
            if player not in (0, 1) or not isinstance(lp, int) or isinstance(lp, bool):
                raise self.fail(f"Debug.SetPlayerInfo({player}, {lp}, ...) names no player "
                                "or no life points", line)
            self.lp[player] = lp
            if len(vals) >= 4 and (vals[2] or vals[3]):
                self.note(line, f"player {player} starts with {vals[2]} card(s) and draws "
                                f"{vals[3]} per turn; draws are not represented")
        elif fn in ("ShowHint", "SetAIName"):
            if fn == "ShowHint" and args_t and len(args_t[0]) == 1 and args_t[0][0].kind == "str":
                self.hints.append(args_t[0][0].value)
        elif fn == "ReloadFieldEnd":
            pass
        elif fn == "PreEquip":
            refs = [self.describe_ref(a, env) for a in args_t]
            if len(refs) == 2:
                self.note(line, f"Debug.PreEquip: {refs[0]} is equipped to {refs[1]}; "
                                "equipment is not represented")
            else:
                self.note(line, "Debug.PreEquip with unexpected arguments; ignored")
        elif fn == "PreSetTarget":
            refs = [self.describe_ref(a, env) for a in args_t]
            self.note(line, f"Debug.PreSetTarget: {' targets '.join(refs)}; "
                            "card targets are not represented")
        elif fn == "PreAddCounter":
            refs = [self.describe_ref(args_t[0], env)] if args_t else ["?"]
            vals = []
            for a in args_t[1:]:
                try:
                    vals.append(_Expr(a, env).parse())
                except _Unreadable:
                    vals.append("?")
            kind = f"0x{vals[0]:x}" if vals and isinstance(vals[0], int) else "?"
            count = vals[1] if len(vals) > 1 else "?"
            self.note(line, f"Debug.PreAddCounter: {count} counter(s) of type {kind} on "
                            f"{refs[0]}; counters are not represented")
        elif fn == "PreSummon":
            ref = self.describe_ref(args_t[0], env) if args_t else "?"
            kind = "?"
            if len(args_t) > 1:
                try:
                    v = _Expr(args_t[1], env).parse()
                    kind = _SUMMON_NAME.get(v, f"0x{v:x}" if isinstance(v, int) else "?")
                except _Unreadable:
                    pass
            self.note(line, f"Debug.PreSummon: {ref} counts as {kind} summoned; "
                            "how a monster was summoned is not represented")
        else:
            self.note(line, f"Debug.{fn} is not understood; ignored")

    def describe_ref(self, toks: list[_Tok], env: dict[str, Any]) -> str:
        if len(toks) == 1 and toks[0].kind == "name" and toks[0].value in self.vars:
            return f"{toks[0].value} = {self.describe(self.vars[toks[0].value])}"
        if toks and _is_call(toks, 0, "Debug", "AddCard") and _matching(toks, 3) == len(toks) - 1:
            card = self.add_card(toks, env)
            return self.describe(card) if card else "a card that was not placed"
        return " ".join(str(t.value) for t in toks) or "?"

    def eval_args(self, args_t: list[list[_Tok]], env: dict[str, Any], line: int, what: str) -> list:
        vals = []
        for n, a in enumerate(args_t, start=1):
            try:
                vals.append(_Expr(a, env).parse())
            except _Unreadable as exc:
                raise self.fail(f"{what}: argument {n} cannot be read ({exc.what})",
                                exc.line or line)
        return vals

    def reload_begin(self, args_t: list[list[_Tok]], env: dict[str, Any], line: int) -> None:
        vals = self.eval_args(args_t, env, line, "Debug.ReloadFieldBegin")
        if not vals or not isinstance(vals[0], int):
            raise self.fail("Debug.ReloadFieldBegin needs the duel flags", line)
        if self.reload_line is not None:
            placed = self.count_cards()
            self.note(line, f"a second Debug.ReloadFieldBegin (first at line {self.reload_line}) "
                            f"clears the board" + (f"; {placed} card(s) added before it are dropped"
                                                   if placed else ""))
            self.board = _Board()
            self.vars = {}
            self.lp = [None, None]
        self.reload_line = line
        self.flags = vals[0]
        rule = vals[1] if len(vals) > 1 and vals[1] else 3
        if isinstance(rule, bool) or rule not in (1, 2, 3, 4, 5):
            raise self.fail(f"Debug.ReloadFieldBegin: unknown master rule {rule!r}", line)
        self.rule = rule
        if len(vals) > 2 and vals[2]:
            self.note(line, "Debug.ReloadFieldBegin's third argument (build mode) ignores the "
                            "master rule; the rule number is used anyway")
        unknown = self.flags
        for name, v in _SINGLE_FLAGS:
            if not self.flags & v:
                continue
            unknown &= ~v
            if name in _HARMLESS_FLAGS:
                continue
            if name == "DUEL_3_COLUMNS_FIELD":
                self.note(line, "Speed Duel field (DUEL_3_COLUMNS_FIELD): only the three middle "
                                "Monster and Spell & Trap Zones exist; the position still has five")
            elif name == "DUEL_NO_MAIN_PHASE_2":
                self.note(line, "DUEL_NO_MAIN_PHASE_2: the turn has no Main Phase 2")
            else:
                self.note(line, f"duel flag {name} is not represented")
        if unknown:
            self.note(line, f"unknown duel flag bits 0x{unknown:x}; ignored")

    def count_cards(self) -> int:
        b = self.board
        n = sum(len(l) for side in b.lists for l in side.values())
        for c in [*b.mzones[0], *b.mzones[1], *b.szones[0], *b.szones[1], *b.fzone, *b.emz]:
            if c is not None:
                n += 1 + len(c.materials)
        return n

    # -- Debug.AddCard --
    def add_card(self, st: list[_Tok], env: dict[str, Any]) -> _Card | None:
        line = st[0].line
        args_t = _split_args(st[4:-1])
        if len(args_t) < 6:
            raise self.fail(f"Debug.AddCard needs at least 6 arguments, found {len(args_t)}", line)
        vals = self.eval_args(args_t, env, line, "Debug.AddCard")
        code, owner, controller, location, sequence, position = vals[:6]
        proc = bool(vals[6]) if len(vals) > 6 else False
        for name, v in (("passcode", code), ("owner", owner), ("controller", controller),
                        ("location", location), ("sequence", sequence), ("position", position)):
            if not isinstance(v, int) or isinstance(v, bool):
                raise self.fail(f"Debug.AddCard: the {name} must be a number, found {v!r}", line)
        if owner not in (0, 1) or controller not in (0, 1):
            self.note(line, f"Debug.AddCard({code}, owner {owner}, controller {controller}, ...) "
                            "names no player; EDOPro ignores it")
            return None
        if code <= 0:
            raise self.fail(f"Debug.AddCard: {code} is not a passcode", line)
        if self.library is not None and code not in self.library and code not in self.unknown:
            self.unknown[code] = line
        card = _Card(code, owner, controller, location, sequence, position, proc, line)
        self.place(card)
        if owner != controller:
            self.note(line, f"{self.describe(card)} is owned by player {owner} but controlled by "
                            f"player {controller}; ownership is not represented")
        return card

    def place(self, card: _Card) -> None:
        b, p, loc, seq, line = self.board, card.controller, card.location, card.sequence, card.line
        side = b.lists[p]
        simple = {LOCATION["LOCATION_HAND"]: "hand", LOCATION["LOCATION_GRAVE"]: "graveyard",
                  LOCATION["LOCATION_REMOVED"]: "banished", LOCATION["LOCATION_EXTRA"]: "extra_deck"}
        if loc in simple:
            key = simple[loc]
            side[key].append(card)
            card.where = f"in player {p}'s {key.replace('_', ' ')}"
            entry = self.library.get(card.code) if self.library is not None else None
            if (key == "extra_deck" and entry is not None and hasattr(entry, "extra_deck")
                    and not entry.extra_deck and not getattr(entry, "pendulum", False)):
                self.note(line, f"{self.describe(card)} is not an Extra Deck monster; "
                                "the position loader will refuse it there")
            return
        if loc == LOCATION["LOCATION_DECK"]:
            if seq == 1:
                side["deck"].append(card)            # bottom
            else:
                side["deck"].insert(0, card)         # top
            card.where = f"in player {p}'s deck"
            return
        if loc == LOCATION["LOCATION_MMZONE"]:
            loc = LOCATION["LOCATION_MZONE"]
        elif loc == LOCATION["LOCATION_EMZONE"]:
            loc, seq = LOCATION["LOCATION_MZONE"], seq + 5
        elif loc == LOCATION["LOCATION_STZONE"]:
            loc = LOCATION["LOCATION_SZONE"]
        elif loc == LOCATION["LOCATION_FZONE"]:
            loc, seq = LOCATION["LOCATION_SZONE"], 5
        elif loc == LOCATION["LOCATION_PZONE"]:
            if seq not in (0, 1):
                raise self.fail(f"Pendulum Zone sequence {seq} (only 0 and 1 exist)", line)
            loc, seq = LOCATION["LOCATION_SZONE"], 0 if seq == 0 else 4
            card.pzone = True
        if loc == LOCATION["LOCATION_MZONE"]:
            self.place_monster(card, seq)
        elif loc == LOCATION["LOCATION_SZONE"]:
            self.place_spell_trap(card, seq)
        else:
            name = _LOC_NAME.get(loc, f"0x{loc:x}")
            raise self.fail(f"Debug.AddCard: cannot place a card in {name}", line)

    def place_monster(self, card: _Card, seq: int) -> None:
        b, p, line = self.board, card.controller, card.line
        if 0 <= seq <= 4:
            zones, index, label = b.mzones[p], seq, f"in player {p}'s Monster Zone {seq}"
        elif seq in (5, 6):
            zones = b.emz
            index = seq - 5 if p == 0 else 6 - seq
            label = f"in the {'left' if index == 0 else 'right'} Extra Monster Zone"
            if self.rule < 4:
                self.note(line, f"{self.card_name(card.code)} is placed in an Extra Monster Zone, "
                                f"which Master Rule {self.rule} does not have")
        else:
            raise self.fail(f"Monster Zone sequence {seq} does not exist (0-4 Main, 5-6 Extra)", line)
        base = zones[index]
        if base is not None:
            if seq >= 5 and base.controller != p:
                raise self.fail(f"the Extra Monster Zone of sequence {seq} is already used by "
                                f"player {base.controller}", line)
            base.materials.append(card)
            card.where = f"as Xyz Material of {self.card_name(base.code)} ({base.where})"
            return
        zones[index] = card
        card.where = label
        pos = card.position
        if pos in (POS_FACEDOWN_ATTACK,):
            self.note(line, f"{self.describe(card)} is face-down in Attack Position; imported as Set")
        elif pos not in (POS_FACEUP_ATTACK, POS_FACEUP_DEFENSE, POS_FACEDOWN_DEFENSE, _FACEDOWN):
            self.note(line, f"{self.describe(card)} has the position value 0x{pos:x}, "
                            f"which is no single battle position; imported as "
                            f"{self.battle_position(pos)}")

    @staticmethod
    def battle_position(pos: int) -> str:
        if pos & _FACEDOWN and not pos & _FACEUP:
            return "set"
        if pos & POS_FACEUP_ATTACK or not pos & POS_FACEUP_DEFENSE:
            return "attack"
        return "defense"

    def place_spell_trap(self, card: _Card, seq: int) -> None:
        b, p, line = self.board, card.controller, card.line
        if seq in (6, 7):
            if self.rule != 3:
                raise self.fail(f"Spell & Trap Zone sequence {seq} exists only under Master Rule 3 "
                                "(its separate Pendulum Zones)", line)
            seq = 0 if seq == 6 else 4
            self.note(line, f"{self.card_name(card.code)} is in a Master Rule 3 Pendulum Zone; the "
                            "position puts it in the matching end Spell & Trap Zone")
        if 0 <= seq <= 4:
            taken = b.szones[p][seq]
            if card.pzone and self.rule == 3:
                side = "left" if seq == 0 else "right"
                if taken is not None:
                    self.note(line, f"{self.card_name(card.code)} is in player {p}'s {side} "
                                    "Pendulum Zone, which Master Rule 3 keeps apart from the Spell "
                                    f"& Trap Zones; the position holds it in Spell & Trap Zone {seq}, "
                                    f"already taken by {self.card_name(taken.code)}, so the card "
                                    "is left out")
                    return
                self.note(line, f"{self.card_name(card.code)}: Master Rule 3 keeps the Pendulum "
                                "Zones apart from the Spell & Trap Zones; the position puts the "
                                f"card in the {side}most Spell & Trap Zone")
            if taken is not None:
                fate = ("EDOPro does not add it" if card.pzone else
                        f"EDOPro attaches it to {self.card_name(taken.code)}")
                self.note(line, f"{self.card_name(card.code)} is added to player {p}'s occupied "
                                f"Spell & Trap Zone {seq} ({fate}); it is left out")
                return
            b.szones[p][seq] = card
            card.where = f"in player {p}'s Spell & Trap Zone {seq}"
            entry = self.library.get(card.code) if self.library is not None else None
            if getattr(entry, "monster", False) and not (
                    getattr(entry, "pendulum", False) and seq in (0, 4)):
                self.note(line, f"{self.describe(card)} is a monster card in a Spell & Trap Zone "
                                "(a card effect treats it as a Spell or Trap); the position "
                                "format only holds Pendulum Monsters there")
        elif seq == 5:
            if b.fzone[p] is not None:
                self.note(line, f"{self.card_name(card.code)} is added to player {p}'s occupied "
                                "Field Zone; it is left out")
                return
            b.fzone[p] = card
            card.where = f"in player {p}'s Field Zone"
        else:
            raise self.fail(f"Spell & Trap Zone sequence {seq} does not exist "
                            "(0-4, 5 is the Field Zone)", line)

    # -- output --
    def position(self) -> dict:
        if self.reload_line is None:
            self.note(0, "no Debug.ReloadFieldBegin: EDOPro's default, Master Rule 3 without "
                         "a Battle Phase on the first turn, is assumed")
        if self.rule not in RULES:
            self.note(self.reload_line or 0,
                      f"written for Master Rule {self.rule}: {_RULE_GAPS[self.rule]}; imported as "
                      "master-rule-2020, the closest rules the position format names")
        b = self.board
        players = []
        for p in (0, 1):
            lp = self.lp[p]
            if lp is None:
                self.note(0, f"no Debug.SetPlayerInfo for player {p}: 8000 life points assumed")
                lp = 8000
            side = b.lists[p]
            players.append({
                "life_points": lp,
                "hand": [self.plain(c) for c in side["hand"]],
                "deck": [self.plain(c) for c in side["deck"]],
                "graveyard": [self.plain(c) for c in side["graveyard"]],
                "banished": [self.plain(c) for c in side["banished"]],
                "extra_deck": [self.extra(c) for c in side["extra_deck"]],
                "monster_zones": [self.monster(c) for c in b.mzones[p]],
                "spell_trap_zones": [self.spell(c) for c in b.szones[p]],
                "field_zone": self.spell(b.fzone[p]),
            })
        emz = []
        for c in b.emz:
            if c is None:
                emz.append(None)
            else:
                entry = self.monster(c)
                assert entry is not None
                emz.append({"card": entry.pop("card"), "controller": c.controller, **entry})
        return {
            "game": "yugioh",
            "rules": RULES.get(self.rule, "master-rule-2020"),
            "turn": {"player": 0, "phase": "main1", "normal_summon_used": False,
                     "pendulum_summon_used": False,
                     "first_turn": not self.flags & DUEL_FLAG["DUEL_ATTACK_FIRST_TURN"]},
            "players": players,
            "extra_monster_zones": emz,
        }

    def plain(self, c: _Card) -> int | dict:
        return {"card": c.code, "properly_summoned": True} if c.proc else c.code

    def extra(self, c: _Card) -> int | dict:
        face_up = bool(c.position & _FACEUP)
        if face_up and self.library is not None and c.code in self.library:
            if not getattr(self.library[c.code], "pendulum", True):
                self.note(c.line, f"{self.card_name(c.code)} is added face-up to the Extra Deck "
                                  "but is no Pendulum Monster; EDOPro puts it face-down")
                face_up = False
        if face_up or c.proc:
            entry: dict[str, Any] = {"card": c.code}
            if face_up:
                entry["face_up"] = True
            if c.proc:
                entry["properly_summoned"] = True
            return entry
        return c.code

    def monster(self, c: _Card | None) -> dict | None:
        if c is None:
            return None
        entry: dict[str, Any] = {"card": c.code, "position": self.battle_position(c.position),
                                 "properly_summoned": c.proc}
        if c.materials:
            entry["materials"] = [m.code for m in c.materials]
        return entry

    def spell(self, c: _Card | None) -> dict | None:
        if c is None:
            return None
        return {"card": c.code, "face_up": bool(c.position & _FACEUP)}


def import_lua(path: Path | str, *, library: Mapping[int, Any] | None | bool = True) -> ImportedPuzzle:
    """Read an EDOPro puzzle file as text (never executing it) and build its position.

    ``library`` maps known passcodes to entries with ``name`` and ``pendulum`` attributes; by
    default the bundled card library is used (when present), ``None``/``False`` checks nothing.
    """
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise OracleError(f"cannot read the file: {exc.strerror or exc}", source=str(path)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")
    lib: Mapping[int, Any] | None
    if library is True:
        lib = _default_library()
    elif library is False:
        lib = None
    else:
        lib = library
    return _Importer(path, text, lib).run()
