"""Import EDOPro puzzle files (Lua) as oracle positions, without ever running them.

The file is parsed by luaparser (a Lua 5.x grammar); this module walks the syntax tree for the
``Debug.*`` calls that lay out the board and evaluates only constant expressions: numbers,
strings, booleans, the EDOPro constants below and their ``| & ~ + - * // % << >>``
combinations, names bound to such constants, and the counters of numeric ``for`` loops with
constant bounds. Everything else is script code: it is reported in ``notes`` with its lines.
docs/edopro-puzzles.md says how each call maps to the position format.

The built position is checked by the position reader (oracle.yugioh.position) before it is
returned: a puzzle whose board the position format cannot hold is refused with the Lua line of
the card at fault, never written for the reader to reject later.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from antlr4 import CommonTokenStream, InputStream, Token
from antlr4.error.ErrorListener import ErrorListener
from luaparser import astnodes as lua
from luaparser.builder import BuilderVisitor
from luaparser.parser.LuaLexer import LuaLexer
from luaparser.parser.LuaParser import LuaParser

from oracle.errors import OracleError, UnknownCard
from oracle.yugioh.cards import Card, Library

# -- EDOPro constants (values of ProjectIgnis CardScripts constant.lua) --------------------------

LOCATION = {
    "LOCATION_DECK": 0x01, "LOCATION_HAND": 0x02, "LOCATION_MZONE": 0x04, "LOCATION_SZONE": 0x08,
    "LOCATION_GRAVE": 0x10, "LOCATION_REMOVED": 0x20, "LOCATION_EXTRA": 0x40,
    "LOCATION_OVERLAY": 0x80, "LOCATION_ONFIELD": 0x0C, "LOCATION_FZONE": 0x100,
    "LOCATION_PZONE": 0x200,
    "LOCATION_STZONE": 0x10000000, "LOCATION_MMZONE": 0x20000000, "LOCATION_EMZONE": 0x40000000,
}
_LOC_NAME = {v: k for k, v in LOCATION.items()}
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
_SINGLE_FLAGS = list(DUEL_FLAG.items())
DUEL_FLAG["DUEL_MODE_SPEED"] = 0x400000 | 0x200000 | 0x20000
DUEL_FLAG["DUEL_MODE_RUSH"] = DUEL_FLAG["DUEL_MODE_SPEED"] | 0x100000 | 0x200 | 0x4000000 | 0x800000 | 0x1000000 | 0x2000000
# Flags that say nothing about the position (AI behaviour, shuffling, the test-mode menu).
_HARMLESS_FLAGS = {"DUEL_TEST_MODE", "DUEL_PSEUDO_SHUFFLE", "DUEL_SIMPLE_AI", "DUEL_ATTACK_FIRST_TURN"}
_FLAG_NOTES = {
    "DUEL_3_COLUMNS_FIELD": "Speed Duel field (DUEL_3_COLUMNS_FIELD): only the three middle "
                            "Monster and Spell & Trap Zones exist; the position still has five",
    "DUEL_NO_MAIN_PHASE_2": "DUEL_NO_MAIN_PHASE_2: the turn has no Main Phase 2",
}
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
# Objectives that mean "win before this turn ends", written out after lower-casing, dropping the
# final full stop and folding spaces. "Win this duel" means the same in a file that calls
# aux.BeginPuzzle, which makes the player lose when the turn ends.
_WIN_THIS_TURN = {"win this turn", "defeat opponent in this turn", "defeat your opponent this turn",
                  "defeat your opponent in this turn", "defeat the opponent this turn"}
_WIN_DUEL = {"win this duel", "win the duel"}
_MAX_LOOP = 1000      # rounds a numeric for loop may expand to
_LIST_KEYS = {0x02: "hand", 0x10: "graveyard", 0x20: "banished", 0x40: "extra_deck"}


@dataclass
class ImportedPuzzle:
    """A puzzle read from an EDOPro Lua file."""

    position: dict            # position JSON (docs/positions.md), accepted by the position reader
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


# -- parsing ---------------------------------------------------------------------------------------

class _SyntaxError(Exception):
    def __init__(self, line: int, message: str):
        super().__init__(message)
        self.line, self.message = line, message


class _Raise(ErrorListener):
    """Stop at the first lexing or parsing error (antlr would otherwise print it and go on), in
    plain words where antlr's are obscure."""

    def syntaxError(self, recognizer, offendingSymbol, line, column, msg, e):  # noqa: N802 - antlr's name
        bad = re.match(r"token recognition error at: '(.)", msg)
        if bad:
            msg = "unterminated string" if bad.group(1) in "\"'" else f"unexpected character {bad.group(1)!r}"
        elif offendingSymbol is not None and offendingSymbol.type == Token.EOF:
            start = getattr(e, "startToken", None)
            line = start.line if start is not None else line
            msg = "the file ends before a bracket, block or comment opened here is closed"
        raise _SyntaxError(line, msg)


def _parse(text: str, source: str) -> tuple[lua.Chunk, list[tuple[int, str]]]:
    """The syntax tree and the long comments (line, body) of a Lua text."""
    lexer = LuaLexer(InputStream(text))
    lexer.removeErrorListeners()
    lexer.addErrorListener(_Raise())
    tokens = CommonTokenStream(lexer)
    parser = LuaParser(tokens)
    parser.removeErrorListeners()
    parser.addErrorListener(_Raise())
    try:
        chunk = BuilderVisitor(tokens).visit(parser.start_())
    except _SyntaxError as exc:
        raise OracleError(f"not valid Lua: {exc.message}", source=source,
                          field=f"line {exc.line}") from None
    except ValueError as exc:        # a number the builder cannot convert, such as 0x1p4
        raise OracleError(f"not valid Lua: {exc}", source=source) from None
    except RecursionError:
        raise OracleError("not readable: expressions or blocks are nested too deeply",
                          source=source) from None
    comments = []
    for tok in tokens.tokens:
        if tok.type == LuaLexer.COMMENT:
            body = re.sub(r"^--\[=*\[\r?\n?", "", tok.text)
            comments.append((tok.line, re.sub(r"\]=*\]$", "", body)))
    return chunk, comments


class _Unreadable(Exception):
    def __init__(self, what: str, line: int | None = None):
        super().__init__(what)
        self.what, self.line = what, line


_BINARY = {
    lua.BOrOp: lambda a, b: a | b, lua.BAndOp: lambda a, b: a & b, lua.BXorOp: lambda a, b: a ^ b,
    lua.AddOp: lambda a, b: a + b, lua.SubOp: lambda a, b: a - b, lua.MultOp: lambda a, b: a * b,
    lua.FloorDivOp: lambda a, b: a // b if b else 0, lua.ModOp: lambda a, b: a % b if b else 0,
    lua.BShiftLOp: lambda a, b: a << b if 0 <= b < 64 else 0,
    lua.BShiftROp: lambda a, b: a >> b if 0 <= b < 64 else 0,
}


def _constant(node: lua.Node, env: dict[str, Any]) -> Any:
    """The value of a constant expression; _Unreadable for anything else."""
    if isinstance(node, lua.Number):
        n = node.n
        if isinstance(n, float):
            if not n.is_integer():
                raise _Unreadable(f"the non-integer {n}", node.line)
            n = int(n)
        return n
    if isinstance(node, lua.String):
        return node.s.decode("utf-8", "replace") if isinstance(node.s, bytes) else str(node.s)
    if isinstance(node, lua.TrueExpr):
        return True
    if isinstance(node, (lua.FalseExpr, lua.Nil)):
        return False
    if isinstance(node, lua.Name):
        if node.id in env:
            return env[node.id]
        if node.id in CONSTANTS:
            return CONSTANTS[node.id]
        raise _Unreadable(f"the name {node.id!r}", node.line)
    if isinstance(node, lua.UMinusOp):
        return -_integer(node.operand, env)
    if type(node) in _BINARY:
        a, b = _integer(node.left, env), _integer(node.right, env)
        value = _BINARY[type(node)](a, b)
        if abs(value) >= 1 << 64:
            raise _Unreadable("a number out of Lua's 64-bit range", node.line)
        return value
    raise _Unreadable(_describe(node), node.line)


def _integer(node: lua.Node, env: dict[str, Any]) -> int:
    value = _constant(node, env)
    if not isinstance(value, int) or isinstance(value, bool):
        raise _Unreadable(f"an operator applied to {value!r}", node.line)
    return value


def _dotted(node: lua.Node) -> str | None:
    """``Debug.AddCard`` for the function part of a call, None when it is not a plain name."""
    if isinstance(node, lua.Name):
        return node.id
    if isinstance(node, lua.Index) and isinstance(node.idx, lua.Name) and node.notation == lua.IndexNotation.DOT:
        head = _dotted(node.value)
        return f"{head}.{node.idx.id}" if head else None
    return None


def _describe(node: lua.Node) -> str:
    if isinstance(node, lua.Call):
        return f"a call of {_dotted(node.func) or 'a function'}"
    if isinstance(node, lua.Invoke):
        return f"a method call {_dotted(node.source) or '?'}:{node.func.id}"
    return f"{type(node).__name__.lower()}"


def _children(node: Any):
    """Direct child nodes of a syntax node."""
    for key, value in vars(node).items():
        if key.startswith("_") or key == "comments":
            continue
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, lua.Node):
                yield item


def _walk(node: lua.Node):
    """Every node under ``node`` (itself included), in source order."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(reversed(list(_children(n))))


def _calls(node: lua.Node, name: str):
    """Calls of ``name`` inside ``node`` (outermost first), with whether they sit in a function
    body or a conditional block (where they are not part of the starting position)."""
    stack = [(node, False)]
    while stack:
        n, guarded = stack.pop()
        if isinstance(n, lua.Call) and _dotted(n.func) == name:
            yield n, guarded
            continue
        inner = guarded or isinstance(n, (lua.AnonymousFunction, lua.Function, lua.LocalFunction,
                                          lua.Method, lua.If, lua.While, lua.Repeat, lua.Forin))
        stack.extend((c, inner) for c in reversed(list(_children(n))))


def _last_line(node: lua.Node) -> int:
    tok = node.last_token
    return tok.line if tok is not None else node.line or 0


# -- the board being built -------------------------------------------------------------------------

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
    where: str = ""            # readable place, for notes
    pzone: bool = False        # added with LOCATION_PZONE
    equipped_to: "_Card | None" = None


class _Board:
    def __init__(self) -> None:
        self.lists: list[dict[str, list[_Card]]] = [
            {"hand": [], "deck": [], "graveyard": [], "banished": [], "extra_deck": []} for _ in (0, 1)]
        self.mzones: list[list[_Card | None]] = [[None] * 5 for _ in (0, 1)]
        self.szones: list[list[_Card | None]] = [[None] * 5 for _ in (0, 1)]
        self.fzone: list[_Card | None] = [None, None]
        self.emz: list[_Card | None] = [None, None]

    def cards(self) -> list[_Card]:
        out = [c for side in self.lists for cards in side.values() for c in cards]
        for c in [*self.mzones[0], *self.mzones[1], *self.szones[0], *self.szones[1], *self.fzone, *self.emz]:
            if c is not None:
                out += [c, *c.materials]
        return out


class _Importer:
    def __init__(self, source: str, library: Library):
        self.source, self.library = source, library
        self.notes: list[tuple[int, str]] = []
        self.board = _Board()
        self.vars: dict[str, _Card] = {}
        self.functions: dict[str, tuple[int, list[str]]] = {}   # name -> (line, Debug.Pre* it calls)
        self.lp: list[int | None] = [None, None]
        self.flags, self.rule, self.reload_line = 0, 3, None
        self.hints: list[str] = []
        self.script: list[tuple[int, int, list[str]]] = []      # runs of script code not executed
        self.debug_calls = 0
        self.begins_puzzle = False
        self.fields: list[tuple[str, _Card]] = []              # position field -> card, for errors

    def fail(self, problem: str, line: int | None) -> OracleError:
        return OracleError(problem, source=self.source, field=f"line {line}" if line else None)

    def note(self, line: int, text: str) -> None:
        """A soft problem; line 0 means the file as a whole."""
        self.notes.append((line, f"line {line}: {text}" if line else f"file: {text}"))

    def card(self, code: int) -> Card | None:
        """The card of a passcode through the library's own lookup (None when unknown)."""
        try:
            return self.library.resolve(code)
        except UnknownCard:
            return None

    def card_name(self, code: int) -> str:
        card = self.card(code)
        return f"{card.name} ({code})" if card else str(code)

    def describe(self, card: _Card) -> str:
        return f"{self.card_name(card.code)} {card.where}".strip()

    # -- statements --
    def block(self, statements: list[lua.Node], env: dict[str, Any]) -> None:
        for st in statements:
            self.statement(st, env)

    def statement(self, st: lua.Node, env: dict[str, Any]) -> None:
        if isinstance(st, lua.SemiColon):
            return
        if isinstance(st, lua.Call):
            name = _dotted(st.func)
            if name and name.startswith("Debug."):
                self.flush_script()
                self.debug_call(name[len("Debug."):], st, env)
                return
            if name == "aux.BeginPuzzle":
                self.flush_script()
                self.begins_puzzle = True
                return
            if name in self.functions:
                self.flush_script()
                line, inner = self.functions[name]
                args = ", ".join(self.describe_ref(a, env) for a in st.args)
                does = f" (its body calls {', '.join(inner)})" if inner else ""
                self.note(st.line, f"call of the script function {name}({args}), defined at line "
                                   f"{line}, is not executed{does}; what it does is not represented")
                return
        if isinstance(st, (lua.LocalAssign, lua.Assign)) and self.assignment(st, env):
            return
        if isinstance(st, lua.Fornum) and self.numeric_for(st, env):
            return
        if isinstance(st, lua.Do):
            self.block(st.body.body, env)
            return
        if isinstance(st, (lua.Forin, lua.While, lua.Repeat)) and any(_calls(st, "Debug.AddCard")):
            raise self.fail("Debug.AddCard inside a loop that is not a numeric 'for' with constant "
                            "bounds", st.line)
        if isinstance(st, (lua.Function, lua.LocalFunction)):
            name = _dotted(st.name)
            if name:
                self.functions[name] = (st.line, sorted({
                    _dotted(n.func) for n in _walk(st.body)
                    if isinstance(n, lua.Call) and (_dotted(n.func) or "").startswith("Debug.Pre")}))
        if isinstance(st, (lua.LocalAssign, lua.Assign)):
            # the names now hold what script code computes: no longer constants or cards
            for target in st.targets:
                if isinstance(target, lua.Name):
                    env.pop(target.id, None)
                    self.vars.pop(target.id, None)
        self.unread(st, env)

    def assignment(self, st: lua.Assign, env: dict[str, Any]) -> bool:
        """``[local] a, b = values``: cards and constants are bound; False for anything else."""
        if not all(isinstance(t, lua.Name) for t in st.targets) or len(st.values) > len(st.targets):
            return False
        pairs = list(zip(st.targets, st.values))
        if not pairs:
            return False
        results = []
        for target, value in pairs:
            if isinstance(value, lua.Call) and _dotted(value.func) == "Debug.AddCard":
                results.append((target.id, "card", value))
                continue
            try:
                results.append((target.id, "value", _constant(value, env)))
            except _Unreadable:
                return False
        self.flush_script()
        for name, kind, value in results:
            if kind == "card":
                card = self.add_card(value, env)
                self.vars.pop(name, None)
                env.pop(name, None)
                if card is not None:
                    self.vars[name] = card
            else:
                env[name] = value
        return True

    def unread(self, st: lua.Node, env: dict[str, Any]) -> None:
        """Script code: reported by runs of nearby lines; AddCards at its top level still count."""
        placed = 0
        for call, guarded in _calls(st, "Debug.AddCard"):
            if guarded:
                self.note(call.line, "Debug.AddCard inside a script function or conditional block "
                                     "is not part of the starting position; ignored")
            else:
                self.add_card(call, env)
                placed += 1
        if placed:
            self.note(st.line, f"{placed} Debug.AddCard call(s) wrapped in script code; the cards are "
                               "placed, the surrounding code is not executed")
        names: list[str] = []
        for n in _walk(st):
            if isinstance(n, lua.Call) and "." in (_dotted(n.func) or ""):
                names.append(_dotted(n.func))
            elif isinstance(n, lua.Invoke) and isinstance(n.func, lua.Name):
                names.append(f"{_dotted(n.source) or '?'}:{n.func.id}")
            elif isinstance(n, (lua.Function, lua.LocalFunction)) and _dotted(n.name):
                names.append(f"function {_dotted(n.name)}")
        first, last = st.line or 0, _last_line(st)
        if self.script and self.script[-1][1] >= first - 3:
            a, _, seen = self.script[-1]
            self.script[-1] = (a, last, seen + [n for n in names if n not in seen])
        else:
            self.flush_script()
            self.script.append((first, last, list(dict.fromkeys(names))))

    def flush_script(self) -> None:
        for first, last, names in self.script:
            where = f"line {first}" if first == last else f"lines {first}-{last}"
            what = ", ".join(names[:6]) + (", ..." if len(names) > 6 else "")
            self.notes.append((first, f"{where}: script code is not executed"
                                      + (f" ({what})" if what else "") + "; what it does is not represented"))
        self.script = []

    def numeric_for(self, st: lua.Fornum, env: dict[str, Any]) -> bool:
        if not any(_calls(st.body, "Debug.AddCard")):
            return False
        try:
            start, stop = _integer(st.start, env), _integer(st.stop, env)
            step = 1 if isinstance(st.step, int) else _integer(st.step, env)
        except _Unreadable as exc:
            raise self.fail(f"cannot read the bounds of this 'for' loop: {exc.what}", st.line) from None
        if step == 0:
            raise self.fail("'for' loop with a step of 0", st.line)
        rounds = max(0, (stop - start) // step + 1)
        if rounds > _MAX_LOOP:
            raise self.fail(f"'for' loop of {rounds} rounds is too long to expand", st.line)
        for v in range(start, start + rounds * step, step):
            self.block(st.body.body, {**env, st.target.id: v})
        return True

    # -- Debug.* calls --
    def args(self, call: lua.Call, env: dict[str, Any], what: str) -> list:
        vals = []
        for n, arg in enumerate(call.args, start=1):
            try:
                vals.append(_constant(arg, env))
            except _Unreadable as exc:
                raise self.fail(f"{what}: argument {n} cannot be read ({exc.what})", exc.line or call.line) from None
        return vals

    def debug_call(self, fn: str, call: lua.Call, env: dict[str, Any]) -> None:
        line = call.line
        self.debug_calls += 1
        if fn == "AddCard":
            self.add_card(call, env)
        elif fn == "ReloadFieldBegin":
            self.reload_begin(self.args(call, env, "Debug.ReloadFieldBegin"), line)
        elif fn == "SetPlayerInfo":
            vals = self.args(call, env, "Debug.SetPlayerInfo")
            if len(vals) < 2 or vals[0] not in (0, 1) or isinstance(vals[0], bool) \
                    or not isinstance(vals[1], int) or isinstance(vals[1], bool):
                raise self.fail("Debug.SetPlayerInfo needs a player (0 or 1) and life points", line)
            self.lp[vals[0]] = vals[1]
            if len(vals) >= 4 and (vals[2] or vals[3]):
                self.note(line, f"player {vals[0]} starts with {vals[2]} card(s) and draws "
                                f"{vals[3]} per turn; draws are not represented")
        elif fn == "ShowHint":
            if call.args and isinstance(call.args[0], lua.String):
                self.hints.append(_constant(call.args[0], env))
        elif fn in ("SetAIName", "ReloadFieldEnd"):
            pass
        elif fn == "PreEquip":
            cards = [self.ref(a) for a in call.args]
            refs = [self.describe_ref(a, env) for a in call.args]
            if len(call.args) != 2:
                self.note(line, "Debug.PreEquip with unexpected arguments; ignored")
                return
            if cards[0] is not None and cards[1] is not None:
                cards[0].equipped_to = cards[1]
            self.note(line, f"Debug.PreEquip: {refs[0]} is equipped to {refs[1]}; "
                            "what is equipped to what is not represented")
        elif fn == "PreSetTarget":
            refs = [self.describe_ref(a, env) for a in call.args]
            self.note(line, f"Debug.PreSetTarget: {' targets '.join(refs)}; card targets are not represented")
        elif fn == "PreAddCounter":
            ref = self.describe_ref(call.args[0], env) if call.args else "?"
            vals = [self.maybe(a, env) for a in call.args[1:3]]
            kind = f"0x{vals[0]:x}" if vals and isinstance(vals[0], int) else "?"
            count = vals[1] if len(vals) > 1 else "?"
            self.note(line, f"Debug.PreAddCounter: {count} counter(s) of type {kind} on {ref}; "
                            "counters are not represented")
        elif fn == "PreSummon":
            ref = self.describe_ref(call.args[0], env) if call.args else "?"
            v = self.maybe(call.args[1], env) if len(call.args) > 1 else "?"
            kind = _SUMMON_NAME.get(v, f"0x{v:x}" if isinstance(v, int) else "?")
            self.note(line, f"Debug.PreSummon: {ref} counts as {kind} summoned; "
                            "how a monster was summoned is not represented")
        else:
            self.note(line, f"Debug.{fn} is not understood; ignored")

    @staticmethod
    def maybe(node: lua.Node, env: dict[str, Any]) -> Any:
        try:
            return _constant(node, env)
        except _Unreadable:
            return "?"

    def ref(self, node: lua.Node) -> _Card | None:
        return self.vars.get(node.id) if isinstance(node, lua.Name) else None

    def describe_ref(self, node: lua.Node, env: dict[str, Any]) -> str:
        if isinstance(node, lua.Name) and node.id in self.vars:
            return f"{node.id} = {self.describe(self.vars[node.id])}"
        if isinstance(node, lua.Call) and _dotted(node.func) == "Debug.AddCard":
            card = self.add_card(node, env)
            return self.describe(card) if card else "a card that was not placed"
        value = self.maybe(node, env)
        return str(value) if value != "?" else _describe(node)

    def reload_begin(self, vals: list, line: int) -> None:
        if not vals or not isinstance(vals[0], int) or isinstance(vals[0], bool):
            raise self.fail("Debug.ReloadFieldBegin needs the duel flags", line)
        if self.reload_line is not None:
            placed = len(self.board.cards())
            self.note(line, f"a second Debug.ReloadFieldBegin (first at line {self.reload_line}) clears "
                            "the board" + (f"; {placed} card(s) added before it are dropped" if placed else ""))
            self.board, self.vars, self.lp = _Board(), {}, [None, None]
        self.reload_line, self.flags = line, vals[0]
        rule = vals[1] if len(vals) > 1 and vals[1] else 3
        if isinstance(rule, bool) or rule not in (1, 2, 3, 4, 5):
            raise self.fail(f"Debug.ReloadFieldBegin: unknown master rule {rule!r}", line)
        self.rule = rule
        if len(vals) > 2 and vals[2]:
            self.note(line, "Debug.ReloadFieldBegin's third argument (build mode) ignores the "
                            "master rule; the rule number is used anyway")
        unknown = self.flags
        for name, v in _SINGLE_FLAGS:
            if self.flags & v:
                unknown &= ~v
                if name not in _HARMLESS_FLAGS:
                    self.note(line, _FLAG_NOTES.get(name, f"duel flag {name} is not represented"))
        if unknown:
            self.note(line, f"unknown duel flag bits 0x{unknown:x}; ignored")

    # -- Debug.AddCard --
    def add_card(self, call: lua.Call, env: dict[str, Any]) -> _Card | None:
        line = call.line
        if len(call.args) < 6:
            raise self.fail(f"Debug.AddCard needs at least 6 arguments, found {len(call.args)}", line)
        self.debug_calls += 1
        vals = self.args(call, env, "Debug.AddCard")
        for name, v in zip(("passcode", "owner", "controller", "location", "sequence", "position"), vals):
            if not isinstance(v, int) or isinstance(v, bool):
                raise self.fail(f"Debug.AddCard: the {name} must be a number, found {v!r}", line)
        code, owner, controller, location, sequence, position = vals[:6]
        if owner not in (0, 1) or controller not in (0, 1):
            self.note(line, f"Debug.AddCard({code}, owner {owner}, controller {controller}, ...) "
                            "names no player; EDOPro ignores it")
            return None
        if not 0 < code < 1 << 32:
            raise self.fail(f"Debug.AddCard: {code} is not a passcode", line)
        card = _Card(code, owner, controller, location, sequence, position,
                     len(vals) > 6 and bool(vals[6]), line)
        self.place(card)
        if owner != controller:
            self.note(line, f"{self.describe(card)} is owned by player {owner} but controlled by "
                            f"player {controller}; ownership is not represented")
        return card

    def place(self, card: _Card) -> None:
        b, p, loc, seq, line = self.board, card.controller, card.location, card.sequence, card.line
        if loc in _LIST_KEYS:
            key = _LIST_KEYS[loc]
            b.lists[p][key].append(card)
            card.where = f"in player {p}'s {key.replace('_', ' ')}"
            return
        if loc == LOCATION["LOCATION_DECK"]:
            b.lists[p]["deck"].insert(len(b.lists[p]["deck"]) if seq == 1 else 0, card)   # 0 = top
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
            loc, seq, card.pzone = LOCATION["LOCATION_SZONE"], 0 if seq == 0 else 4, True
        if loc == LOCATION["LOCATION_MZONE"]:
            self.place_monster(card, seq)
        elif loc == LOCATION["LOCATION_SZONE"]:
            self.place_spell_trap(card, seq)
        else:
            raise self.fail(f"Debug.AddCard: cannot place a card in {_LOC_NAME.get(loc, hex(loc))}", line)

    def place_monster(self, card: _Card, seq: int) -> None:
        b, p, line = self.board, card.controller, card.line
        if 0 <= seq <= 4:
            zones, index, label = b.mzones[p], seq, f"in player {p}'s Monster Zone {seq}"
        elif seq in (5, 6):
            # ocgcore pairs a player's zone 5 with the opponent's zone 6; the position indexes
            # the Extra Monster Zones from player 0's view.
            zones, index = b.emz, seq - 5 if p == 0 else 6 - seq
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
        zones[index], card.where = card, label
        if card.position == 0x2:
            self.note(line, f"{self.describe(card)} is face-down in Attack Position; imported as Set")
        elif card.position not in (0x1, 0x4, 0x8, _FACEDOWN):
            self.note(line, f"{self.describe(card)} has the position value 0x{card.position:x}, which is "
                            f"no single battle position; imported as {_battle_position(card.position)}")

    def place_spell_trap(self, card: _Card, seq: int) -> None:
        b, p, line = self.board, card.controller, card.line
        if seq in (6, 7):
            if self.rule != 3:
                raise self.fail(f"Spell & Trap Zone sequence {seq} exists only under Master Rule 3 "
                                "(its separate Pendulum Zones)", line)
            seq, card.pzone = (0 if seq == 6 else 4), True
        if seq == 5:
            if b.fzone[p] is not None:
                self.note(line, f"{self.card_name(card.code)} is added to player {p}'s occupied Field Zone; "
                                "it is left out")
                return
            b.fzone[p], card.where = card, f"in player {p}'s Field Zone"
            return
        if not 0 <= seq <= 4:
            raise self.fail(f"Spell & Trap Zone sequence {seq} does not exist (0-4, 5 is the Field Zone)", line)
        taken = b.szones[p][seq]
        if card.pzone and self.rule == 3:
            side = "left" if seq == 0 else "right"
            if taken is not None:
                self.note(line, f"{self.card_name(card.code)} is in player {p}'s {side} Pendulum Zone, which "
                                "Master Rule 3 keeps apart from the Spell & Trap Zones; the position holds it "
                                f"in Spell & Trap Zone {seq}, already taken by {self.card_name(taken.code)}, "
                                "so the card is left out")
                return
            self.note(line, f"{self.card_name(card.code)}: Master Rule 3 keeps the Pendulum Zones apart "
                            f"from the Spell & Trap Zones; the position puts the card in the {side}most "
                            "Spell & Trap Zone")
        if taken is not None:
            fate = "EDOPro does not add it" if card.pzone else f"EDOPro attaches it to {self.card_name(taken.code)}"
            self.note(line, f"{self.card_name(card.code)} is added to player {p}'s occupied Spell & Trap "
                            f"Zone {seq} ({fate}); it is left out")
            return
        b.szones[p][seq], card.where = card, f"in player {p}'s Spell & Trap Zone {seq}"

    # -- output --
    def position(self) -> dict:
        if self.reload_line is None:
            self.note(0, "no Debug.ReloadFieldBegin: EDOPro's default, Master Rule 3 without a Battle "
                         "Phase on the first turn, is assumed")
        if self.rule not in RULES:
            self.note(self.reload_line or 0, f"written for Master Rule {self.rule}: {_RULE_GAPS[self.rule]}; "
                                             "imported as master-rule-2020, the closest rules the position "
                                             "format names")
        b, players = self.board, []
        for p in (0, 1):
            if self.lp[p] is None:
                self.note(0, f"no Debug.SetPlayerInfo for player {p}: 8000 life points assumed")
            where, side = f"players[{p}]", b.lists[p]
            player: dict[str, Any] = {"life_points": 8000 if self.lp[p] is None else self.lp[p]}
            for key in ("hand", "deck", "graveyard", "banished", "extra_deck"):
                player[key] = [self.listed(c, key, f"{where}.{key}[{i}]") for i, c in enumerate(side[key])]
            player["monster_zones"] = [self.monster(c, f"{where}.monster_zones[{z}]")
                                       for z, c in enumerate(b.mzones[p])]
            player["spell_trap_zones"] = [self.spell(c, f"{where}.spell_trap_zones[{z}]", z)
                                          for z, c in enumerate(b.szones[p])]
            player["field_zone"] = self.spell(b.fzone[p], f"{where}.field_zone", 5)
            players.append(player)
        emz: list[dict | None] = []
        for z, c in enumerate(b.emz):
            entry = self.monster(c, f"extra_monster_zones[{z}]")
            emz.append(None if entry is None else {"card": entry.pop("card"), "controller": c.controller, **entry})
        return {
            "game": "yugioh",
            "rules": RULES.get(self.rule, "master-rule-2020"),
            "turn": {"player": 0, "phase": "main1", "normal_summon_used": False, "pendulum_summon_used": False,
                     "first_turn": not self.flags & DUEL_FLAG["DUEL_ATTACK_FIRST_TURN"]},
            "players": players,
            "extra_monster_zones": emz,
        }

    def listed(self, c: _Card, key: str, where: str) -> int | dict:
        self.fields.append((where, c))
        entry: dict[str, Any] = {"card": c.code}
        if key == "extra_deck" and c.position & _FACEUP:
            known = self.card(c.code)
            if known is not None and not known.is_pendulum:
                # EDOPro itself turns it face-down: only Pendulum Monsters are face-up there.
                self.note(c.line, f"{self.card_name(c.code)} is added face-up to the Extra Deck but is "
                                  "no Pendulum Monster; EDOPro puts it face-down")
            else:
                entry["face_up"] = True
        if c.proc:
            entry["properly_summoned"] = True
        return entry if len(entry) > 1 else c.code

    def monster(self, c: _Card | None, where: str) -> dict | None:
        if c is None:
            return None
        self.fields.append((where, c))
        entry: dict[str, Any] = {"card": c.code, "position": _battle_position(c.position),
                                 "properly_summoned": c.proc}
        if c.materials:
            entry["materials"] = [m.code for m in c.materials]
            self.fields += [(f"{where}.materials[{i}]", m) for i, m in enumerate(c.materials)]
        return entry

    def spell(self, c: _Card | None, where: str, zone: int) -> dict | None:
        if c is None:
            return None
        self.fields.append((where, c))
        entry: dict[str, Any] = {"card": c.code, "face_up": bool(c.position & _FACEUP)}
        known = self.card(c.code)
        # A monster card face-up in a Spell & Trap Zone is a Spell there (docs/positions.md), unless
        # it is a Pendulum Monster in a Pendulum Zone.
        if known is not None and known.is_monster and entry["face_up"] and zone < 5:
            if c.equipped_to is not None:
                entry["treated_as"] = "equip_spell"
            elif not (known.is_pendulum and zone in (0, 4)):
                entry["treated_as"] = "continuous_spell"
                self.note(c.line, f"{self.describe(c)} is a monster card face-up in a Spell & Trap Zone and "
                                  "equipped to nothing: imported as treated as a Continuous Spell (as Crystal "
                                  "Beasts are placed)")
        return entry

    def field_line(self, name: str | None) -> int | None:
        """The Lua line of the card the position field ``name`` (or a part of it) stands for."""
        if not name:
            return None
        if name.endswith(".materials"):
            name += "[0]"
        best = max((f for f, _ in self.fields if name == f or name.startswith((f + ".", f + "["))),
                   key=len, default=None)
        return next(c.line for f, c in self.fields if f == best) if best else None


def _battle_position(pos: int) -> str:
    if pos & _FACEDOWN and not pos & _FACEUP:
        return "set"
    return "attack" if pos & 0x1 or not pos & 0x4 else "defense"


def _goal(objective: str, begins_puzzle: bool) -> dict | None:
    text = " ".join(objective.lower().split()).rstrip(".!")
    if text in _WIN_THIS_TURN or (begins_puzzle and text in _WIN_DUEL):
        return {"win": True}
    return None


def import_lua(path: Path | str, *, library: Library | None = None) -> ImportedPuzzle:
    """Read an EDOPro puzzle file (never executing it), build its position and check it with the
    position reader. Errors name the file and the Lua line."""
    from oracle.yugioh.position import parse_position

    path, source = Path(path), str(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise OracleError(f"cannot read the file: {exc.strerror or exc}", source=source) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")
    if not text.strip():
        raise OracleError("the file is empty: an EDOPro puzzle lays out its board with Debug.AddCard",
                          source=source)
    if text.lstrip().startswith(("{", "[")) and not text.lstrip().startswith(("[[", "[=")):
        raise OracleError("this is not a Lua file (it looks like JSON): give a JSON puzzle a .json name",
                          source=source)
    chunk, comments = _parse(text, source)
    imp = _Importer(source, library or Library.load())
    imp.block(chunk.body.body, {})
    imp.flush_script()
    if not imp.debug_calls:
        raise OracleError("not an EDOPro puzzle: no Debug.ReloadFieldBegin, Debug.AddCard or other "
                          "Debug call lays out a board", source=source)
    objective, message_line = "", 0
    for line, body in comments:
        if body.lstrip().lower().startswith("message"):
            match = _OBJECTIVE.search(body)
            objective, message_line = (match.group(1) if match else ""), line
            break
    goal = _goal(objective, imp.begins_puzzle)
    if objective and goal is None:
        imp.note(message_line, f"the objective {objective!r} is not a goal the solver knows")
    position = imp.position()
    try:
        parse_position(position, source=source, library=imp.library)
    except OracleError as exc:
        line = imp.field_line(exc.field)
        raise OracleError(exc.problem, source=source, field=f"line {line}" if line else exc.field) from None
    notes: list[str] = []
    repeats: dict[str, int] = {}
    for _, note in sorted(imp.notes, key=lambda n: n[0]):
        repeats[note] = repeats.get(note, 0) + 1
        if repeats[note] == 1:
            notes.append(note)
    notes = [n if repeats[n] == 1 else f"{n} ({repeats[n]} times)" for n in notes]
    return ImportedPuzzle(position=position, objective=objective, goal=goal, notes=notes,
                          master_rule=imp.rule, duel_flags=[n for n, v in _SINGLE_FLAGS if imp.flags & v],
                          hints=imp.hints)
