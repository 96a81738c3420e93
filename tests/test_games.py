"""Games are plug-ins (oracle/game.py): the registry, the interface, and game packages that know
nothing of each other."""
from __future__ import annotations

import ast
import dataclasses
import json
import subprocess
import sys

import pytest
from click.testing import CliRunner
from conftest import ROOT

from oracle import game
from oracle.cli import main
from oracle.errors import OracleError

PACKAGES = {name: module.rsplit(".", 1)[0] for name, module in game.GAMES.items()}


@pytest.mark.parametrize("name", sorted(game.GAMES))
def test_each_game_implements_the_interface(name):
    g = game.get(name)
    assert g.name == name
    for f in dataclasses.fields(game.Game):
        if f.name in ("read_position", "describe", "plays"):
            assert callable(getattr(g, f.name)), f.name
    import importlib
    for module, names in ((g.lines, ("load_line", "check_line")), (g.puzzles, ("load_puzzle", "solve_puzzle"))):
        assert all(callable(getattr(importlib.import_module(module), n)) for n in names), module
    assert g.title and all(isinstance(o, str) for o in g.play_options)
    if g.picture is not None:  # the drawer a game names exists and draws
        import importlib
        module = importlib.import_module(g.picture)
        assert callable(module.draw) and callable(module.picture)


@pytest.mark.parametrize("name", sorted(game.GAMES))
def test_a_game_package_imports_no_other_game(name):
    others = {p for n, p in PACKAGES.items() if n != name}
    folder = ROOT / PACKAGES[name].replace(".", "/")
    for path in sorted(folder.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for imported in names:
                assert not any(imported == o or imported.startswith(o + ".") for o in others), (path, imported)


def test_a_command_imports_only_the_game_it_serves():
    # plays on a Yu-Gi-Oh! position never loads the other games' packages
    code = ("import sys; from click.testing import CliRunner; from oracle.cli import main; "
            f"r = CliRunner().invoke(main, ['plays', {str(ROOT / 'facts/positions/example.json')!r}, '--count']); "
            "assert r.exit_code == 0, r.output; "
            "print(sorted(m for m in sys.modules if m.startswith('oracle.') and m.count('.') == 1))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(eval(run.stdout))  # noqa: S307 -- our own printed list
    assert "oracle.yugioh" in loaded
    assert not loaded & {p for n, p in PACKAGES.items() if n != "yugioh"}


def test_unknown_game_is_one_line_naming_file_and_field():
    with pytest.raises(OracleError) as info:
        game.get("chess", source="x.json")
    assert str(info.value).startswith("x.json: game: unknown game 'chess'")


@pytest.mark.parametrize("command", ["check", "solve"])
def test_check_and_solve_refuse_an_unknown_game(tmp_path, command):
    pos = tmp_path / "pos.json"
    pos.write_text(json.dumps({"game": "chess"}))
    if command == "check":
        path = tmp_path / "line.txt"
        path.write_text('position "pos.json"\nnormal_summon "Junk Synchron"\n')
    else:
        path = tmp_path / "puzzle.json"
        path.write_text(json.dumps({"position": "pos.json", "goal": {"summon": "X"}}))
    out = CliRunner().invoke(main, [command, str(path)])
    assert out.exit_code == 2
    assert f"{pos}: game: unknown game 'chess'" in out.output and "Traceback" not in out.output


def test_files_go_to_the_game_of_their_position(tmp_path):
    assert game.of_line(ROOT / "facts/lines/black-rose-dragon.txt").name == "yugioh"
    assert game.of_puzzle(ROOT / "facts/puzzles/03-synchro.json").name == "yugioh"
    (tmp_path / "p.json").write_text(json.dumps({"game": "duel-masters"}))
    (tmp_path / "l.txt").write_text('position "p.json"\n')
    assert game.of_line(tmp_path / "l.txt").name == "duel-masters"
    # the position given on the command line decides
    assert game.of_line(ROOT / "facts/lines/black-rose-dragon.txt", tmp_path / "p.json").name == "duel-masters"
    (tmp_path / "z.json").write_text(json.dumps({"position": "p.json", "goal": {}}))
    assert game.of_puzzle(tmp_path / "z.json").name == "duel-masters"
    # an unreadable file goes to the default game, whose reader says what is wrong
    assert game.of_puzzle(tmp_path / "missing.json").name == game.DEFAULT


@pytest.mark.parametrize("name, path", [
    ("yugioh", "facts/positions/junk-synchron.json"),
    ("duel-masters", "facts/positions/dm-minimal.json"),
    ("skills", "facts/positions/skills-d2-necromancer.json"),
])
def test_describe_says_a_position_in_words(name, path):
    doc = json.loads((ROOT / path).read_text(encoding="utf-8"))
    g = game.of_position(doc, path)
    assert g.name == name
    lines = g.describe(g.read_position(doc, path))
    assert lines and all(isinstance(x, str) and x for x in lines)


def test_a_question_a_game_does_not_answer_is_one_line():
    # oracle lethal asks the position's game; Yu-Gi-Oh! has no lethal check, skills no card pool
    run = CliRunner().invoke(main, ["lethal", str(ROOT / "facts/positions/example.json")])
    assert run.exit_code == 2 and "lethal is not defined for Yu-Gi-Oh! positions" in run.output
    run = CliRunner().invoke(main, ["cards", "coverage", "--game", "skills"])
    assert run.exit_code == 2 and "has no card pool to measure" in run.output
