"""The `cards` and `deck` click groups."""
from __future__ import annotations

import json

from click.testing import CliRunner

from oracle.yugioh.cards import default_library_path
from oracle.yugioh.cards_cli import cards, deck


def run(group, *args):
    return CliRunner().invoke(group, list(args))


def test_show_by_name_prints_data_and_requirement():
    result = run(cards, "show", "black rose dragon")
    assert result.exit_code == 0, result.output
    assert "Black Rose Dragon (73580471)" in result.output
    assert "synchro #0: 1 Tuner + 1+ non-Tuners" in result.output
    assert "proc(73580471,0,synchro)." in result.output


def test_show_by_passcode_and_unsupported_reason():
    result = run(cards, "show", "56840427")
    assert result.exit_code == 0 and "Utopia Ray" in result.output
    result = run(cards, "show", "Number 93: Utopia Kaiser")
    assert "requirement NOT understood" in result.output


def test_show_unknown_card_is_a_message_not_a_traceback():
    result = run(cards, "show", "Polymerizaton")
    assert result.exit_code == 2
    assert "did you mean 'Polymerization'" in result.output
    assert "Traceback" not in result.output


def test_coverage_json():
    result = run(cards, "coverage", "--json")
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert set(report["kinds"]) >= {"fusion", "synchro", "xyz", "link", "ritual"}
    assert report["extra_deck"]["total"] == 2159
    assert report["unsupported_reasons"][0]["count"] >= 1


def test_coverage_text():
    result = run(cards, "coverage", "--reasons", "3")
    assert result.exit_code == 0
    assert "Synchro" in result.output and "%" in result.output


def test_import_to_a_given_file(cards_cdb, tmp_path):
    out = tmp_path / "lib.jsonl.gz"
    result = run(cards, "import", str(cards_cdb), "--output", str(out))
    assert result.exit_code == 0, result.output
    assert "imported 14318 cards (1 unofficial, 406 alternate artworks)" in result.output
    assert out.read_bytes() == default_library_path().read_bytes()


def test_import_bad_path(tmp_path):
    result = run(cards, "import", str(tmp_path / "x.cdb"), "--output", str(tmp_path / "o.gz"))
    assert result.exit_code == 2 and "no such card database" in result.output


def test_deck_show():
    result = run(deck, "show", str(default_library_path().parent / "decks" / "example.ydk"))
    assert result.exit_code == 0
    assert "3x Dark Magician (46986414)" in result.output
    assert "Extra Deck (8)" in result.output


def test_deck_show_bad_file(tmp_path):
    path = tmp_path / "d.ydk"
    path.write_text("#main\n1\n")
    result = run(deck, "show", str(path))
    assert result.exit_code == 2 and "line 2: no card has passcode 1" in result.output
