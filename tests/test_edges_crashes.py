"""Issue 9, crashes: each of these inputs was a traceback; each is one line and exit status 2."""
from __future__ import annotations

import gzip
import json

import pytest
from click.testing import CliRunner

from conftest import ROOT
from oracle.cli import main
from oracle.yugioh.position import parse_position

LINE = ROOT / "facts" / "lines" / "black-rose-dragon.txt"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def one_line_error(out, *needles: str) -> str:
    assert out.exit_code == 2, out.output
    lines = out.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), out.output
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


def test_deeply_nested_json(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    one_line_error(run("plays", deep), "nested too deeply")
    one_line_error(run("solve", deep), "nested too deeply")


def test_a_library_file_holding_a_list(tmp_path):
    lib = tmp_path / "lib.gz"
    with gzip.open(lib, "wt") as f:
        f.write("[1,2]\n")
    one_line_error(run("cards", "show", "Kuriboh", "--library", lib), "not a card library")


def test_a_binary_archetypes_file(cards_cdb, tmp_path):
    binary = tmp_path / "arche.tsv"
    binary.write_bytes(bytes(range(256)))
    out = tmp_path / "out.jsonl.gz"
    one_line_error(run("cards", "import", cards_cdb, "--archetypes", binary, "--output", out), "not UTF-8")
    assert not out.exists()


@pytest.mark.parametrize("state, problem", [("/nonexistent/x.json", "does not exist"),
                                             ("/dev/full", "character device")])
def test_check_state_to_an_impossible_place(state, problem):
    one_line_error(run("check", LINE, "--state", state), problem)


@pytest.mark.parametrize("args", [("plays", "--timeout", "nan"), ("check", "--timeout", "nan"),
                                  ("cards", "coverage", "--reasons", "-1")])
def test_bad_option_values(args):
    target = [] if args[0] == "cards" else [ROOT / "facts" / "positions" / "example.json" if args[0] == "plays" else LINE]
    one_line_error(run(args[0], *target, *args[1:]) if args[0] != "cards" else run(*args), "Invalid value")


def test_a_ydk_key_naming_a_non_deck_file_does_not_print_it(tmp_path):
    secret = tmp_path / "notes.txt"
    secret.write_text("my password is hunter2\nanother private line\n")
    pos = tmp_path / "pos.json"
    pos.write_text(json.dumps({"players": [{"ydk": "notes.txt"}, {}]}))
    line = one_line_error(run("plays", pos), "not a .ydk deck file")
    assert "hunter2" not in line and "private" not in line


@pytest.mark.parametrize("args", [("plays", "{d}"), ("check", "{d}"), ("solve", "{d}"), ("deck", "show", "{d}"),
                                  ("puzzle", "import", "{d}"), ("cards", "import", "{d}")])
def test_directory_arguments_are_one_line(tmp_path, args):
    one_line_error(run(*[a.format(d=tmp_path) for a in args]), "is a directory")


def test_a_one_player_list_is_the_first_player_and_an_empty_opponent():
    pos = parse_position({"players": [{"hand": ["Kuriboh"]}]})
    assert [s.owner for s in pos.slots] == [0] and pos.life_points == [8000, 8000]
    with pytest.raises(Exception, match="a duel has 2 players"):
        parse_position({"players": [{}, {}, {}]})
    out = run("plays", ROOT / "facts" / "positions" / "example.json", "--count")
    assert out.exit_code == 0


def test_a_one_player_position_file(tmp_path):
    pos = tmp_path / "one.json"
    pos.write_text(json.dumps({"players": [{"hand": ["Kuriboh"]}]}))
    out = run("plays", pos, "--count")
    assert out.exit_code == 0 and out.output.strip() == "2"
