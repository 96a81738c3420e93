"""Generated inputs for the real CLI, and the harness that runs them (tests/test_fuzz_cli.py runs a
few hundred, benchmarks/fuzz.py tens of thousands).

Every entry point reads user files: positions of both games (plays, and lethal for Duel Masters),
skills positions and puzzles, lines, puzzles (JSON and EDOPro Lua), .ydk decks and goals. Inputs are the repository's own examples, mutated (values replaced
by odd JSON, keys dropped or added, text cut short or garbled), and texts built from the pieces
of each format. Each input runs through ``oracle`` in-process (click's CliRunner) in a fresh
temporary folder; it passes when the command ends with exit status 0, 1, 2 or 3, raised no
exception, and wrote nothing outside that folder (an audit hook watches every file opened for
writing, renamed, removed or created while the command runs).
"""
from __future__ import annotations

import copy
import json
import os
import string
import sys
import tempfile
import traceback
from dataclasses import dataclass, field
from pathlib import Path

from click.testing import CliRunner
from hypothesis import strategies as st

from oracle.cli import main

ROOT = Path(__file__).resolve().parent.parent
FACTS = ROOT / "facts"


@dataclass
class Case:
    args: list[str]                       # "{tmp}" stands for the temporary folder
    files: dict[str, bytes] = field(default_factory=dict)


# -- the write guard -------------------------------------------------------------------------------

_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND
_PATH_EVENTS = {"os.remove": 1, "os.rmdir": 1, "os.mkdir": 1, "os.truncate": 1, "os.chmod": 1,
                "os.symlink": 2, "os.link": 2, "os.rename": 2, "shutil.copyfile": 2, "shutil.move": 2,
                "shutil.rmtree": 1, "os.utime": 1, "os.chown": 1}
_guard: dict = {"root": None, "writes": []}


def _outside(path) -> bool:
    if isinstance(path, int) or path is None:
        return False
    text = os.fsdecode(path)
    if "__pycache__" in text:            # byte-code caches written by imports
        return False
    return not os.path.abspath(text).startswith(_guard["root"] + os.sep)


def _audit(event: str, args: tuple) -> None:
    if _guard["root"] is None:
        return
    if event == "open":
        path, mode, flags = args
        writes = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
            mode is None and isinstance(flags, int) and flags & _WRITE_FLAGS)
        if writes and _outside(path):
            _guard["writes"].append(f"open {path!r} ({mode or flags})")
    elif event in _PATH_EVENTS:
        for path in args[:_PATH_EVENTS[event]]:
            if _outside(path):
                _guard["writes"].append(f"{event} {path!r}")


sys.addaudithook(_audit)
_runner = CliRunner()


def run(case: Case) -> str | None:
    """Run one case; None when it passed, else what went wrong (with the input)."""
    return run_status(case)[0]


def run_status(case: Case) -> tuple[str | None, int | str]:
    """Run one case: (None or what went wrong, with the input; the exit status)."""
    with tempfile.TemporaryDirectory(prefix="oracle-fuzz-") as tmp:
        tmp = os.path.realpath(tmp)
        for name, data in case.files.items():
            Path(tmp, name).write_bytes(data)
        args = [a.replace("{tmp}", tmp) for a in case.args]
        _guard.update(root=tmp, writes=[])
        try:
            result = _runner.invoke(main, args, catch_exceptions=True)
        finally:
            _guard["root"] = None
        writes = list(_guard["writes"])
    problem = None
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        problem = "traceback:\n" + "".join(traceback.format_exception(*result.exc_info))[-3000:]
    elif result.exit_code not in (0, 1, 2, 3):
        problem = f"exit status {result.exit_code}"
    elif "Traceback (most recent call last)" in result.output:
        problem = "a traceback in the output"
    elif writes:
        problem = "writes outside the temporary folder: " + "; ".join(writes[:5])
    status = "exception" if problem and problem.startswith("traceback") else result.exit_code
    if problem is None:
        return None, status
    shown = {k: v[:600].decode("utf-8", "replace") for k, v in case.files.items()}
    return (f"oracle {' '.join(case.args)}\n  files: {json.dumps(shown, ensure_ascii=False)[:1500]}\n  {problem}",
            status)


# -- building blocks -------------------------------------------------------------------------------

def _json_file(path: Path):
    return json.loads(path.read_text(encoding="utf-8"))


YGO_POSITIONS = [_json_file(p) for p in sorted((FACTS / "positions").glob("*.json"))
                 if not p.name.startswith("dm-")]
DM_POSITIONS = [_json_file(p) for p in sorted((FACTS / "positions").glob("dm-*.json"))]
DM_LETHAL = [_json_file(p) for p in sorted((FACTS / "lethal").glob("*.json"))] + DM_POSITIONS
SKILLS_POSITIONS = [_json_file(p) for p in sorted((FACTS / "positions").glob("skills-*.json"))]
SKILLS_PUZZLES = [_json_file(p) for p in sorted((FACTS / "skills" / "puzzles").glob("*.json"))]
YGO_PUZZLES = [_json_file(p) for p in sorted((FACTS / "puzzles").glob("*.json"))]
JUNK_SYNCHRON = _json_file(FACTS / "positions" / "junk-synchron.json")
LINES = [p.read_text(encoding="utf-8") for p in sorted((FACTS / "lines").glob("*.txt"))]
YDK = (FACTS / "yugioh" / "decks" / "example.ydk").read_text(encoding="utf-8")

CARD_NAMES = ["Junk Synchron", "Black Rose Dragon", "Gene-Warped Warwolf", "Kozaky", "Link Spider",
              "Polymerization", "Stargazer Magician", "Sheep Token", "Battle Ox", "Dark Magician",
              "Bronze-Arm Tribe", "Faerie Life", "Aqua Hulcus", "No Such Card", "", "kozaky",
              "Paleozoic Leanchoilia", "Crystal Beast Sapphire Pegasus", "Hamon, Lord of Striking Thunder"]
PASSCODES = [89631139, 89631142, 46986414, 1861629, 7093411, 26905245, 511000821, 0, -1, 99999999,
             2 ** 31, 2 ** 63, 2 ** 64 + 1]
KEYS = ["card", "position", "face_up", "controller", "materials", "hand", "deck", "graveyard",
        "banished", "monster_zones", "extra_deck", "spell_trap_zones", "field_zone", "players", "turn",
        "phase", "player", "rules", "game", "extra_monster_zones", "pendulum_zones", "ydk", "goal",
        "life_points", "summon", "board", "monsters", "damage", "win", "creatures", "tapped", "mana_zone",
        "battle_zone", "shields", "step", "treated_as", "properly_summoned", "objective", "deck_list", "units",
        "mp", "skills", "nearby", "corpses", "merged", "cooldown", "class", "power", "mana_number",
        "spells_cast_this_turn", "zone", "equipped_to", "x"]
INTEGERS = st.one_of(st.integers(-3, 12), st.sampled_from([2 ** 31, 2 ** 32 + 1, 2 ** 63, -2 ** 63 - 1,
                                                           10 ** 30, 8000, 4000]))
SCALARS = st.one_of(st.none(), st.booleans(), INTEGERS, st.floats(), st.text(max_size=8),
                    st.sampled_from(CARD_NAMES), st.sampled_from(PASSCODES))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=6),
    st.dictionaries(st.one_of(st.sampled_from(KEYS), st.text(max_size=5)), inner, max_size=5)), max_leaves=12)


def _containers(doc, path=()):
    if isinstance(doc, (dict, list)):
        yield path
        items = doc.items() if isinstance(doc, dict) else enumerate(doc)
        for key, value in items:
            yield from _containers(value, path + (key,))


@st.composite
def mutated(draw, bases: list) -> object:
    """A copy of one of ``bases`` with up to four random edits."""
    doc = copy.deepcopy(draw(st.sampled_from(bases)))
    for _ in range(draw(st.integers(0, 4))):
        paths = list(_containers(doc))
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        target = doc
        for key in path:
            target = target[key]
        keys = list(target.keys()) if isinstance(target, dict) else list(range(len(target)))
        op = draw(st.sampled_from(["set", "set", "delete", "add", "replace_root"]))
        if op == "replace_root" and draw(st.integers(0, 9)) == 0:
            return draw(VALUES)
        if op == "delete" and keys:
            del target[draw(st.sampled_from(keys))]
        elif op == "add" or not keys:
            if isinstance(target, dict):
                target[draw(st.sampled_from(KEYS))] = draw(VALUES)
            else:
                target.insert(draw(st.integers(0, len(target))), draw(VALUES))
        else:
            target[draw(st.sampled_from(keys))] = draw(VALUES)
    return doc


ODD_FILES = [b"", b"\xff\xfe", b"\x00" * 8]
# Deeply nested JSON, odd digits and any character inside quoted names (``deep``) were crashes
# once (issue 9; tests/test_edges_crashes.py); both the suite and the benchmark run them.
DEEP_FILES = [b"[" * 100000, b'{"a": ' * 3000, b"[" * 3000 + b"]" * 3000]


PLAIN = string.ascii_letters + string.digits + " _-#!,.:;()[]{}'\"" + "éü漢"


def _text(deep: bool, size: int = 8):
    return st.text(max_size=size) if deep else st.text(PLAIN.replace('"', ""), max_size=size)


@st.composite
def garbled(draw, text: str, deep: bool = True) -> bytes:
    """``text`` cut short, spliced or sprinkled with odd bytes (sometimes left as it is)."""
    data = text.encode("utf-8")
    kind = draw(st.integers(0, 11))
    if kind == 0 and data:
        data = data[:draw(st.integers(0, len(data)))]
    elif kind == 1:
        at = draw(st.integers(0, len(data)))
        odd = draw(st.binary(max_size=12))
        data = data[:at] + (odd if deep else bytes(PLAIN[c % 70].encode()[0] for c in odd)) + data[at:]
    elif kind == 2:
        data = draw(st.sampled_from(ODD_FILES + [b"\xef\xbb\xbf" + data] + (DEEP_FILES if deep else [])))
    return data


def _json_bytes(draw, doc, deep: bool) -> bytes:
    try:
        text = json.dumps(doc, ensure_ascii=draw(st.booleans()))
    except (ValueError, TypeError):
        text = "null"
    return draw(garbled(text, deep)) if draw(st.integers(0, 6)) == 0 else text.encode("utf-8")


# -- entry points ----------------------------------------------------------------------------------

@st.composite
def yugioh_positions(draw, deep: bool = True) -> Case:
    options = draw(st.lists(st.sampled_from(["--count", "--json", "--zones", "--explain"]), max_size=2, unique=True))
    return Case(["plays", "{tmp}/position.json", *options, "--limit", "50", "--timeout", "5"],
                {"position.json": _json_bytes(draw, draw(mutated(YGO_POSITIONS)), deep)})


@st.composite
def duel_masters_positions(draw, deep: bool = True) -> Case:
    if draw(st.integers(0, 4)) == 0:  # lethal reads the same positions, with face-down shields and deck lists
        options = draw(st.lists(st.sampled_from(["--json", "--max-steps"]), max_size=1))
        options = ["--max-steps", str(draw(st.integers(1, 4)))] if options == ["--max-steps"] else options
        return Case(["lethal", "{tmp}/position.json", *options, "--timeout", "5"],
                    {"position.json": _json_bytes(draw, draw(mutated(DM_LETHAL)), deep)})
    options = draw(st.lists(st.sampled_from(["--count", "--json", "--all-payments", "--explain"]), max_size=2,
                            unique=True))
    return Case(["plays", "{tmp}/position.json", *options, "--limit", "50", "--timeout", "5"],
                {"position.json": _json_bytes(draw, draw(mutated(DM_POSITIONS)), deep)})


@st.composite
def skills_positions(draw, deep: bool = True) -> Case:
    """Skills positions (plays) and puzzles (solve), mutated: a third game through the same commands."""
    if draw(st.integers(0, 3)) == 0:
        doc = draw(mutated(SKILLS_PUZZLES))
        return Case(["solve", "{tmp}/puzzle.json", "--max-steps", "3", "--timeout", "5"],
                    {"puzzle.json": _json_bytes(draw, doc, deep)})
    options = draw(st.lists(st.sampled_from(["--count", "--json", "--explain"]), max_size=2, unique=True))
    return Case(["plays", "{tmp}/position.json", *options, "--limit", "50", "--timeout", "5"],
                {"position.json": _json_bytes(draw, draw(mutated(SKILLS_POSITIONS)), deep)})


STEP_WORDS = ["normal_summon", "normal_set", "tribute_summon", "synchro_summon", "xyz_summon", "link_summon",
              "attack", "flip_summon", "change_position", "pendulum_summon", "special_summon", "with", "->",
              ",", "direct", "using", "in", "attack", "defense", "to", "zone", "3", "-1", "position", "#", "\\"]


@st.composite
def step_text(draw, deep: bool) -> str:
    words = draw(st.lists(st.one_of(st.sampled_from(STEP_WORDS),
                                    st.sampled_from(CARD_NAMES).map(json.dumps),
                                    _text(deep, 6)), min_size=1, max_size=7))
    return " ".join(words)


@st.composite
def lines(draw, deep: bool = True) -> Case:
    files = {"position.json": json.dumps(draw(mutated(YGO_POSITIONS)) if draw(st.integers(0, 3)) == 0
                                         else JUNK_SYNCHRON).encode("utf-8")}
    if draw(st.integers(0, 3)) == 0:       # the JSON form
        steps = draw(st.lists(mutated([{"action": "normal_summon", "card": "Junk Synchron"},
                                       {"action": "synchro_summon", "card": "Black Rose Dragon",
                                        "materials": ["Junk Synchron", "Gene-Warped Warwolf"]}]), max_size=3))
        doc = draw(mutated([{"position": "position.json", "steps": steps}]))
        name, data = "line.json", _json_bytes(draw, doc, deep)
    else:
        base = draw(st.sampled_from(LINES)).replace("../positions/junk-synchron.json", "position.json")
        rows = base.splitlines()
        for _ in range(draw(st.integers(0, 3))):
            at = draw(st.integers(0, len(rows)))
            if draw(st.booleans()) and at < len(rows):
                del rows[at]
            else:
                rows.insert(at, draw(step_text(deep)))
        name, data = "line.txt", draw(garbled("\n".join(rows) + "\n", deep))
    files[name] = data
    extra = ["--position", "{tmp}/position.json"] if draw(st.integers(0, 3)) == 0 else []
    state = ["--state", "{tmp}/state.json"] if draw(st.booleans()) else []
    return Case(["check", f"{{tmp}}/{name}", *extra, *state, "--timeout", "5"], files)


GOALS = st.one_of(
    st.fixed_dictionaries({"summon": st.one_of(st.sampled_from(CARD_NAMES), st.sampled_from(PASSCODES), VALUES)}),
    st.fixed_dictionaries({"board": st.one_of(st.lists(st.sampled_from(CARD_NAMES), max_size=3), VALUES)}),
    st.fixed_dictionaries({"monsters": st.one_of(INTEGERS, VALUES)}),
    st.fixed_dictionaries({"damage": st.one_of(INTEGERS, VALUES)}),
    st.fixed_dictionaries({"win": st.one_of(st.booleans(), VALUES)}),
    st.fixed_dictionaries({"creatures": st.one_of(INTEGERS, VALUES)}),
    st.dictionaries(st.sampled_from(KEYS), VALUES, max_size=3),
    VALUES)


@st.composite
def json_puzzles(draw, deep: bool = True) -> Case:
    return Case(["solve", "{tmp}/puzzle.json", "--max-steps", "2", "--timeout", "5"],
                {"puzzle.json": _json_bytes(draw, draw(mutated(YGO_PUZZLES)), deep)})


@st.composite
def goals(draw, deep: bool = True) -> Case:
    puzzle = copy.deepcopy(draw(st.sampled_from(YGO_PUZZLES)))
    if draw(st.integers(0, 4)) == 0:
        puzzle = {"game": "duel-masters", "position": copy.deepcopy(DM_POSITIONS[0])}
    puzzle["goal"] = draw(GOALS)
    return Case(["solve", "{tmp}/puzzle.json", "--max-steps", "2", "--timeout", "5"],
                {"puzzle.json": json.dumps(puzzle).encode("utf-8")})


LUA_NAMES = ["LOCATION_HAND", "LOCATION_DECK", "LOCATION_MZONE", "LOCATION_SZONE", "LOCATION_GRAVE",
             "LOCATION_REMOVED", "LOCATION_EXTRA", "LOCATION_FZONE", "LOCATION_PZONE", "LOCATION_OVERLAY",
             "LOCATION_EMZONE", "POS_FACEUP_ATTACK", "POS_FACEDOWN_DEFENSE", "POS_FACEUP", "POS_FACEDOWN",
             "POS_FACEUP_DEFENSE", "DUEL_ATTACK_FIRST_TURN", "DUEL_SIMPLE_AI", "SUMMON_TYPE_LINK", "i", "c1",
             "nil", "true", "false", "x"]
LUA_EXPR = st.recursive(
    st.one_of(st.integers(-2, 8).map(str), st.sampled_from(PASSCODES).map(str), st.sampled_from(LUA_NAMES),
              st.sampled_from(['"s"', "0x10", "1.5", "1e400", "0x1p4", "...", "{}", "2^63"])),
    lambda inner: st.one_of(st.tuples(inner, st.sampled_from(["|", "+", "-", "*", "//", "%", "<<", ">>", "&",
                                                              "~", "..", "==", " and ", "/"]), inner).map("".join),
                            inner.map(lambda e: f"({e})"), inner.map(lambda e: f"- {e}")), max_leaves=4)
# Mostly plain arguments, so that most files are Lua and the importer's own checks are reached.
LUA_ARG = st.one_of(st.sampled_from(["0", "1", "2", "5", "LOCATION_HAND", "LOCATION_MZONE", "LOCATION_SZONE",
                                     "POS_FACEUP_ATTACK", "POS_FACEUP", "46986414", "1861629", "7093411"]),
                    LUA_EXPR)


@st.composite
def lua_statement(draw) -> str:
    args = draw(st.lists(LUA_ARG, min_size=0, max_size=8))
    call = draw(st.sampled_from(["AddCard", "AddCard", "AddCard", "ReloadFieldBegin", "SetPlayerInfo",
                                 "PreEquip", "PreSummon", "PreAddCounter", "PreSetTarget", "ShowHint",
                                 "ReloadFieldEnd", "Unknown"]))
    text = f"Debug.{call}({','.join(args)})"
    wrap = draw(st.integers(0, 9))
    if wrap == 0:
        text = f"for i={draw(LUA_ARG)},{draw(LUA_ARG)} do {text} end"
    elif wrap == 1:
        text = f"local c1={text}"
    elif wrap == 2:
        text = f"local function f(c) {text} end f({draw(LUA_ARG)})"
    elif wrap == 3:
        text = f"if x then {text} end"
    elif wrap == 4:
        text = f"local {draw(st.sampled_from(['i', 'x', 'c1']))} = {draw(LUA_ARG)}"
    elif wrap == 5:
        text = draw(st.sampled_from(["aux.BeginPuzzle()", "e1:SetOperation(function(e) end)",
                                     "for _,c in ipairs(t) do Debug.AddCard(1,0,0,2,0,5) end", "--[[message\n"
                                     "Objective: Win this turn.\n]]", "os.execute('touch x')", "while true do end",
                                     "::a:: goto a", "return", "x=" + "(" * 400 + "1" + ")" * 400,
                                     "local t = {" * 300]))
    return text


@st.composite
def lua_puzzles(draw, deep: bool = True) -> Case:
    body = [
        "--[[message\n" + draw(st.sampled_from(["Objective: Win this turn.", "Objective: Win this duel.",
                                                "Objective: Find a way.", "", "Objective: " + draw(st.text(max_size=10))]))
        + "\n]]",
        "Debug.ReloadFieldBegin(DUEL_ATTACK_FIRST_TURN+DUEL_SIMPLE_AI," + draw(st.sampled_from(["3", "4", "5", "7", "x"]))
        + ")",
        "Debug.SetPlayerInfo(0,8000,0,0)",
        "Debug.AddCard(46986414,0,0,LOCATION_HAND,0,POS_FACEDOWN)",
    ]
    body += draw(st.lists(lua_statement(), max_size=8))
    if draw(st.booleans()):
        body = draw(st.permutations(body))
    data = draw(garbled("\n".join(body) + "\n", deep)) if draw(st.integers(0, 4)) == 0 else ("\n".join(body) + "\n").encode()
    if draw(st.integers(0, 9)) == 0:
        args = ["solve", "{tmp}/puzzle.lua", "--max-steps", "2", "--timeout", "5"]
    else:
        args = ["puzzle", "import", "{tmp}/puzzle.lua", "-o", "{tmp}/out.json"]
    return Case(args, {"puzzle.lua": data})


@st.composite
def ydk_decks(draw, deep: bool = True) -> Case:
    rows = YDK.splitlines()
    for _ in range(draw(st.integers(0, 4))):
        at = draw(st.integers(0, len(rows)))
        rows.insert(at, draw(st.one_of(st.sampled_from(PASSCODES).map(str),
                                       st.sampled_from(["#main", "#extra", "!side", "#created by x", "", " 89631139 ",
                                                        "89631139#", "1e3", "-5", "0x10"]),
                                       _text(deep))))
    return Case(["deck", "show", "{tmp}/deck.ydk"], {"deck.ydk": draw(garbled("\n".join(rows) + "\n", deep))})


def entry_points(deep: bool = True) -> dict:
    """The strategy of each entry point (``deep``: include deeply nested JSON)."""
    return {
        "yugioh positions": yugioh_positions(deep),
        "duel masters positions": duel_masters_positions(deep),
        "skills positions": skills_positions(deep),
        "lines": lines(deep),
        "json puzzles": json_puzzles(deep),
        "lua puzzles": lua_puzzles(deep),
        "ydk decks": ydk_decks(deep),
        "goals": goals(),
    }


ENTRY_POINTS = entry_points()
