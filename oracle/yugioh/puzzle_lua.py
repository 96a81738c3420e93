"""Import EDOPro puzzle files (Lua) as oracle positions, without ever running them.

The file is parsed by luaparser (a Lua 5.x grammar); this module walks the syntax tree for the
``Debug.*`` calls that lay out the board and evaluates only constant expressions: numbers,
strings, booleans, the EDOPro constants (oracle.yugioh.puzzle_board) and their ``| & ~ + - * // % << >>``
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

from oracle.errors import OracleError
from oracle.yugioh.cards import Library
from oracle.yugioh.puzzle_board import CONSTANTS, SUMMON_NAME, Board, PuzzleCard

_OBJECTIVE = re.compile(r"^\s*(?:objective|goal)\s*:\s*(.*?)\s*$", re.I | re.M)
# Objectives that mean "win before this turn ends", written out after lower-casing, dropping the
# final full stop and folding spaces. "Win this duel" means the same in a file that calls
# aux.BeginPuzzle, which makes the player lose when the turn ends.
_WIN_THIS_TURN = {"win this turn", "defeat opponent in this turn", "defeat your opponent this turn",
                  "defeat your opponent in this turn", "defeat the opponent this turn"}
_WIN_DUEL = {"win this duel", "win the duel"}
# Objectives with a condition on how the duel is won (goals.lp, puzzles.lp).
_WIN_HOW = {"win using exodia, the forbidden one": {"exodia": True},
            "win by getting all exodia piece before opponent": {"exodia": True},
            "win this turn, without attacking": {"win": True, "without_attacking": True}}
_MAX_LOOP = 1000      # rounds a numeric for loop may expand to


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
    lua.FloorDivOp: lambda a, b: a // b, lua.ModOp: lambda a, b: a % b,
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
        if b == 0 and isinstance(node, (lua.FloorDivOp, lua.ModOp)):
            raise _Unreadable("a division by zero", node.line)
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


_OPERATORS = {lua.ExpoOp: "^", lua.FloatDivOp: "/", lua.Concat: "..", lua.EqToOp: "==",
              lua.NotEqToOp: "~=", lua.LessThanOp: "<", lua.GreaterThanOp: ">", lua.LessOrEqThanOp: "<=",
              lua.GreaterOrEqThanOp: ">=", lua.AndLoOp: "and", lua.OrLoOp: "or", lua.ULNotOp: "not",
              lua.ULengthOP: "#", lua.UBNotOp: "~"}


def _describe(node: lua.Node) -> str:
    """A few words for an expression that is not constant."""
    if isinstance(node, lua.Call):
        return f"a call of {_dotted(node.func) or 'a function'}"
    if isinstance(node, lua.Invoke):
        return f"a method call {_dotted(node.source) or '?'}:{getattr(node.func, 'id', '?')}"
    if type(node) in _OPERATORS:
        return f"the operator {_OPERATORS[type(node)]!r}"
    if isinstance(node, lua.Index):
        return _dotted(node) or "an indexed value"
    return {lua.Table: "a table", lua.AnonymousFunction: "a function", lua.Varargs: "'...'",
            lua.Dots: "'...'"}.get(type(node), type(node).__name__)


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


class _Importer:
    """Walks the statements of a puzzle file and lays out its Board."""

    def __init__(self, source: str, library: Library):
        self.board = Board(source, library)
        self.fail, self.note, self.describe = self.board.fail, self.board.note, self.board.describe
        self.vars: dict[str, PuzzleCard] = {}
        self.functions: dict[str, tuple[int, list[str]]] = {}   # name -> (line, Debug.Pre* it calls)
        self.hints: list[str] = []
        self.script: list[tuple[int, int, list[str]]] = []      # runs of script code not executed
        self.debug_calls = 0
        self.begins_puzzle = False

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
            self.board.notes.append((first, f"{where}: script code is not executed"
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
            if self.board.reload_begin(self.args(call, env, "Debug.ReloadFieldBegin"), line):
                self.vars = {}
        elif fn == "SetPlayerInfo":
            vals = self.args(call, env, "Debug.SetPlayerInfo")
            if len(vals) < 2 or vals[0] not in (0, 1) or isinstance(vals[0], bool) \
                    or not isinstance(vals[1], int) or isinstance(vals[1], bool):
                raise self.fail("Debug.SetPlayerInfo needs a player (0 or 1) and life points", line)
            self.board.lp[vals[0]] = vals[1]
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
            self.note(line, f"Debug.PreEquip: {refs[0]} is equipped to {refs[1]} (the position's equipped_to "
                            "when the card is face-up in a Spell & Trap Zone and the monster face-up in a Main "
                            "Monster Zone; otherwise not represented)")
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
            kind = SUMMON_NAME.get(v, f"0x{v:x}" if isinstance(v, int) else "?")
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

    def ref(self, node: lua.Node) -> PuzzleCard | None:
        return self.vars.get(node.id) if isinstance(node, lua.Name) else None

    def describe_ref(self, node: lua.Node, env: dict[str, Any]) -> str:
        if isinstance(node, lua.Name) and node.id in self.vars:
            return f"{node.id} = {self.describe(self.vars[node.id])}"
        if isinstance(node, lua.Call) and _dotted(node.func) == "Debug.AddCard":
            card = self.add_card(node, env)
            return self.describe(card) if card else "a card that was not placed"
        value = self.maybe(node, env)
        return str(value) if value != "?" else _describe(node)

    # -- Debug.AddCard --
    def add_card(self, call: lua.Call, env: dict[str, Any]) -> PuzzleCard | None:
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
        card = PuzzleCard(code, owner, controller, location, sequence, position,
                     len(vals) > 6 and bool(vals[6]), line)
        self.board.place(card)
        if owner != controller:
            self.note(line, f"{self.describe(card)} is owned by player {owner} but controlled by "
                            f"player {controller}; ownership is not represented")
        return card

def _goal(objective: str, begins_puzzle: bool) -> dict | None:
    text = " ".join(objective.lower().split()).rstrip(".!")
    if text in _WIN_THIS_TURN or (begins_puzzle and text in _WIN_DUEL):
        return {"win": True}
    return dict(_WIN_HOW[text]) if text in _WIN_HOW else None


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
    board = imp.board
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
        board.note(message_line, f"the objective {objective!r} is not a goal the solver knows")
    position = board.position()
    try:
        parse_position(position, source=source, library=board.library)
    except OracleError as exc:
        line = board.field_line(exc.field)
        raise OracleError(exc.problem, source=source, field=f"line {line}" if line else exc.field) from None
    notes: list[str] = []
    repeats: dict[str, int] = {}
    for _, note in sorted(board.notes, key=lambda n: n[0]):
        repeats[note] = repeats.get(note, 0) + 1
        if repeats[note] == 1:
            notes.append(note)
    notes = [n if repeats[n] == 1 else f"{n} ({repeats[n]} times)" for n in notes]
    return ImportedPuzzle(position=position, objective=objective, goal=goal, notes=notes,
                          master_rule=board.rule, duel_flags=board.flag_names(),
                          hints=imp.hints)
