"""Issue 9, consistency: identical copies give one play (with how many copies it stands for),
one --count --json shape for both games, options of one game refused on the other, --json on
cards show and deck show, formats named in --help, progress of a long solve on stderr."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import oracle
from conftest import ROOT
from oracle.cli import main
from oracle.yugioh.lines import check_line, make_line
from oracle.yugioh.position import parse_position

EXAMPLE = ROOT / "facts" / "positions" / "example.json"
DM = ROOT / "facts" / "positions" / "dm-minimal.json"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def two_kuriboh(tmp_path) -> str:
    path = tmp_path / "kuriboh.json"
    path.write_text(json.dumps({"players": [{"hand": ["Kuriboh", "Kozaky", "Kuriboh"],
                                             "extra_deck": ["Black Rose Dragon", "Black Rose Dragon"]}, {}]}))
    return str(path)


def test_two_copies_of_kuriboh_give_one_play_each_saying_two_copies(tmp_path):
    doc = json.loads(run("plays", two_kuriboh(tmp_path), "--json").output)["plays"]
    kuriboh = [p for p in doc if p["card"]["name"] == "Kuriboh"]
    assert [(p["action"], p["copies"]) for p in kuriboh] == [("normal_summon", 2), ("normal_set", 2)]
    assert all("copies" not in p for p in doc if p["card"]["name"] == "Kozaky")
    table = run("plays", two_kuriboh(tmp_path)).output
    assert "Kuriboh (2 copies)" in table and table.rstrip().endswith("4 plays for player 0")


def test_all_copies_restores_one_play_per_copy(tmp_path):
    doc = json.loads(run("plays", two_kuriboh(tmp_path), "--json", "--all-copies").output)["plays"]
    kuriboh = [p for p in doc if p["card"]["name"] == "Kuriboh"]
    assert sorted((p["action"], p["card"]["index"]) for p in kuriboh) == [
        ("normal_set", 0), ("normal_set", 2), ("normal_summon", 0), ("normal_summon", 2)]
    assert all("copies" not in p for p in doc)


def test_copies_never_lose_a_play_that_needs_both():
    # Linkuriboh ("1 Level 1 monster"): the two Kuriboh on the field are in different zones, so
    # both stay plays; the two Linkuriboh in the Extra Deck are copies, so they are one.
    doc = {"players": [{"hand": ["Kuriboh", "Kuriboh"], "monster_zones": [
        {"card": "Kuriboh", "position": "attack"}, {"card": "Kuriboh", "position": "attack"}, None, None, None],
        "extra_deck": ["Linkuriboh", "Linkuriboh"]}, {}]}
    link = [p for p in oracle.plays(doc) if p.action == "link_summon"]
    one_per_copy = [p for p in oracle.plays(doc, all_copies=True) if p.action == "link_summon"]
    assert len(link) == 2 and len(one_per_copy) == 4   # a field Kuriboh each, times 2 Extra Deck copies
    assert {p.copies for p in link} == {2}


def test_a_line_uses_the_copies_and_the_state_keeps_them():
    doc = {"players": [{"hand": ["Kuriboh", "Kuriboh", "Kuriboh"]}, {}]}
    result = check_line(make_line(doc, ['normal_summon "Kuriboh"']))
    assert result.legal
    assert [e for e in result.steps[0].position["players"][0]["hand"]] == [40640057, 40640057]


def test_a_deck_no_rule_reads_is_left_out_and_written_back():
    doc = {"players": [{"hand": ["Kozaky"], "deck": ["Kuriboh", "Summoned Skull", "Kuriboh"]}, {}]}
    result = check_line(make_line(doc, ['normal_summon "Kozaky"']))
    assert result.legal
    assert result.steps[0].position["players"][0]["deck"] == [40640057, 70781052, 40640057]
    assert len(oracle.plays(doc)) == 2


def test_a_deck_a_cost_reads_is_given_to_the_solver():
    # A procedure that takes a cost from the Deck needs the Deck's cards: a real card of the
    # library whose requirement filters loc(deck)
    from oracle.yugioh.cards import Library
    from oracle.yugioh.facts import _reads_deck, _requirements

    lib = Library.load()
    reader = next((c for c in lib if c.is_monster and not c.is_extra_deck
                   and any(_reads_deck(f) for f in _requirements(c, lib).facts)), None)
    if reader is None:
        pytest.skip("no card of the library reads the Deck")
    from oracle.yugioh.facts import position_facts

    pos = parse_position({"players": [{"hand": [reader.code], "deck": ["Kuriboh"]}, {}]})
    program = position_facts(pos).program()
    assert "in(2,deck)" in program
    pos = parse_position({"players": [{"hand": ["Kozaky"], "deck": ["Kuriboh"]}, {}]})
    assert "in(2,deck)" not in position_facts(pos).program()


def test_count_json_has_one_shape_for_both_games():
    yugioh = json.loads(run("plays", EXAMPLE, "--count", "--json").output)
    dm = json.loads(run("plays", DM, "--count", "--json").output)
    assert yugioh == {"count": 14, "complete": True}
    assert set(dm) == set(yugioh) and isinstance(dm["count"], int)


def test_options_of_the_other_game_are_errors():
    out = run("plays", EXAMPLE, "--all-payments")
    assert out.exit_code == 2 and "--all-payments is for Duel Masters positions" in out.output
    out = run("plays", DM, "--all-copies")
    assert out.exit_code == 2 and "--all-copies is for Yu-Gi-Oh! positions" in out.output


def test_cards_show_and_deck_show_as_json():
    card = json.loads(run("cards", "show", "Link Spider", "--json").output)
    assert card["card"]["name"] == "Link Spider" and card["requirement"] == ["link #0: 1 Normal Monster"]
    deck = json.loads(run("deck", "show", ROOT / "facts" / "yugioh" / "decks" / "example.ydk", "--json").output)
    assert set(deck) == {"main", "extra", "side"}
    assert deck["main"][0] == {"count": 3, "name": "Dark Magician", "code": 46986414}


@pytest.mark.parametrize("command, doc", [("plays", "docs/positions.md"), ("check", "docs/positions.md"),
                                          ("solve", "docs/positions.md"), ("show", "docs/positions.md"),
                                          ("lethal", "docs/duel-masters.md")])
def test_help_says_where_formats_are_documented(command, doc):
    assert doc in run(command, "--help").output


def test_a_long_solve_reports_progress_unless_quiet(monkeypatch):
    from oracle import lines_cli

    monkeypatch.setattr(lines_cli, "PROGRESS_AFTER", 0.0)  # every solve is "long"
    puzzle = ROOT / "facts" / "puzzles" / "03-synchro.json"
    out = CliRunner().invoke(main, ["solve", str(puzzle)])
    assert out.exit_code == 0
    assert "solve: 1 of at most 8 steps searched" in out.stderr
    assert "steps searched" not in out.stdout
    quiet = CliRunner().invoke(main, ["solve", str(puzzle), "--quiet"])
    assert quiet.exit_code == 0 and quiet.stderr == ""


def test_plays_and_show_take_a_puzzle_or_a_json_line_for_its_position(tmp_path):
    # What `oracle puzzle import -o` writes is a puzzle; `oracle plays` said "unknown key 'position'".
    board = ROOT / "facts" / "positions" / "junk-synchron.json"
    expected = json.loads(run("plays", board, "--json").stdout)
    named = tmp_path / "named.json"
    named.write_text(json.dumps({"position": str(board), "goal": {"summon": "Black Rose Dragon"}}))
    held = tmp_path / "held.json"
    held.write_text(json.dumps({"position": json.loads(board.read_text()), "goal": {"win": True}, "notes": []}))
    line = tmp_path / "line.json"
    line.write_text(json.dumps({"position": str(board), "steps": []}))
    for path in (named, held, line):
        out = run("plays", path, "--json")
        assert out.exit_code == 0 and json.loads(out.stdout) == expected, out.output
        assert run("show", path, "-o", tmp_path / "board.svg").exit_code == 0
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"position": "missing.json", "goal": {"win": True}}))
    out = run("plays", broken)
    assert out.exit_code == 2 and "missing.json" in out.output and len(out.output.strip().splitlines()) == 1
