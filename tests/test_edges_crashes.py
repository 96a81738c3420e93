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
    line = one_line_error(run("plays", pos), f"{pos}: players[0].ydk: {tmp_path / 'notes.txt'}: not a .ydk deck file")
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


JUNK = ROOT / "facts" / "positions" / "junk-synchron.json"


@pytest.mark.parametrize("text", ['{"a": ' * 3000, "[" * 3000 + "]" * 3000])
@pytest.mark.parametrize("command", ["plays", "check", "solve"])
def test_deep_json_through_every_reader(tmp_path, command, text):
    deep = tmp_path / "deep.json"
    deep.write_text(text)
    one_line_error(run(command, deep), "deep.json", "nested too deeply")


@pytest.mark.parametrize("life", [2**31, 2**63])
def test_life_points_clingo_cannot_hold_inside_lines_and_puzzles(tmp_path, life):
    position = json.loads(JUNK.read_text())
    position["players"][1]["life_points"] = life
    line = tmp_path / "line.json"
    line.write_text(json.dumps({"position": position, "steps": ['normal_summon "Junk Synchron"']}))
    one_line_error(run("check", line), "players[1].life_points", "out of range")
    puzzle = json.loads((ROOT / "facts" / "puzzles" / "01-direct-attack.json").read_text())
    puzzle["position"]["players"][1]["life_points"] = life
    path = tmp_path / "puzzle.json"
    path.write_text(json.dumps(puzzle))
    one_line_error(run("solve", path), "players[1].life_points", "out of range")


@pytest.mark.parametrize("digit", ["¹", "٣", "²⁵"])
def test_a_ydk_digit_that_int_cannot_read(tmp_path, digit):
    deck = tmp_path / "deck.ydk"
    deck.write_text(f"#main\n{digit}\n")
    one_line_error(run("deck", "show", deck), "line 2", "is not a passcode")


LIST_FIELDS = ["materials", "cards", "costs", "targets", "summoning", "adding", "sending", "setting"]


BAD_LISTS = [None, 3, "Junk Synchron", {"a": 1}, [{"a": 1}], [True], [-1]]
# null stands for "not given" in the other fields (an open position, zone, effect or mode).
BAD_FIELDS = ([(key, value) for key in LIST_FIELDS for value in BAD_LISTS]
              + [("then", value) for value in (None, 3, "Junk Synchron", {"a": 1})]
              + [(key, value) for key in ("effect", "mode") for value in ("first", {"a": 1}, [1], True, 0, 2**31)]
              + [("position", value) for value in (3, "up", {"a": 1})]
              + [("zone", value) for value in ("x", 7, {"a": 1}, True)]
              + [(key, value) for key in ("card", "spell", "target") for value in ({"a": 1}, ["x"], True, 1.5, -1)])


@pytest.mark.parametrize("key, value", BAD_FIELDS)
def test_a_step_object_field_of_the_wrong_type(tmp_path, key, value):
    action = "activate" if key in ("then", "effect", "mode", "costs", "targets", "summoning", "adding",
                                   "sending", "setting") else "synchro_summon"
    step = {"action": action, "card": "Black Rose Dragon", key: value}
    line = tmp_path / "line.json"
    line.write_text(json.dumps({"position": str(JUNK), "steps": [step]}))
    one_line_error(run("check", line), "line.json", f"steps[0].{key}")


def test_a_trigger_effect_of_the_wrong_type(tmp_path):
    line = tmp_path / "line.json"
    line.write_text(json.dumps({"position": str(JUNK), "steps": [{"action": "normal_summon", "card": "Junk Synchron",
                                                                  "then": [3]}]}))
    one_line_error(run("check", line), "steps[0].then[0]", "a step object or a string")


@pytest.mark.parametrize("position, step", [
    ("junk-synchron.json", 'normal_summon "Junk\x01Synchron"'),
    ("junk-synchron.json", 'normal_summon "Junk\\qSynchron"'),
    ("dm-minimal.json", 'summon "Bronze\x01Arm Tribe"'),
    ("skills-zhengtu-underworld.json", 'cast "a\\q"')])
def test_a_quoted_name_json_cannot_read(tmp_path, position, step):
    line = tmp_path / "line.txt"
    line.write_text(f'position "{ROOT / "facts" / "positions" / position}"\n{step}\n')
    one_line_error(run("check", line), "line.txt: step 1 (line 2)", "cannot read the quoted name")
    bad_position = tmp_path / "bad.txt"
    bad_position.write_text('position "a\\q"\nnormal_summon "Junk Synchron"\n')
    one_line_error(run("check", bad_position), "bad.txt: line 1", "cannot read the quoted name")


@pytest.mark.parametrize("options", [(), ("--zones",)])
def test_the_plays_table_of_a_position_with_activations(options):
    out = run("plays", ROOT / "facts" / "positions" / "effects-captain.json", *options)
    assert out.exit_code == 0, out.output
    rows = out.output.splitlines()
    assert any("Activate" in r and "One for One" in r and "paying Marauding Captain [hand 1]" in r for r in rows)
    assert any("Activate" in r and "Monster Reborn" in r and "targeting Dark Magician [graveyard 0]" in r for r in rows)
