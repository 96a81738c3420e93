"""Issue 9, real files as they are: alternate-artwork passcodes are the same card everywhere a
passcode is accepted; unofficial cards are imported from several databases and marked, and
without them their passcodes get a clear error; Duel Masters names as the source writes them."""
from __future__ import annotations

import json
import shutil
import sqlite3

import pytest
from click.testing import CliRunner

import oracle
from conftest import ROOT
from oracle.cli import main
from oracle.duel_masters.cards import library as dm_library
from oracle.errors import OracleError
from oracle.yugioh import cards as cards_module
from oracle.yugioh.cards import Library
from oracle.yugioh.solve import puzzle_from_json, solve_puzzle
from oracle.yugioh.ydk import read_ydk

KURIBOH, KURIBOH_ARTS = 40640057, (40640058, 40640059)
DECODE_TALKER_ART = 1861630   # an alternate artwork of Decode Talker (1861629)


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture
def lib():
    return Library.load()


def test_an_alternate_artwork_is_the_same_card(lib):
    kuriboh = lib.resolve(KURIBOH)
    for art in KURIBOH_ARTS:
        assert lib.resolve(art) is kuriboh and lib.get(art) is kuriboh and art in lib
        assert lib.resolve(str(art)) is kuriboh
    assert lib.resolve(DECODE_TALKER_ART).name == "Decode Talker"


def test_positions_accept_alternate_artworks():
    doc = {"game": "yugioh", "players": [{"hand": [KURIBOH_ARTS[0]], "extra_deck": [DECODE_TALKER_ART]}, {}]}
    found = oracle.plays(doc)
    summon = [p for p in found if p.action == "normal_summon"]
    assert [p.card.name for p in summon] == ["Kuriboh"]


def test_goals_accept_alternate_artworks():
    doc = {"position": {"game": "yugioh", "players": [{"hand": [KURIBOH_ARTS[0]]}, {}]},
           "goal": {"summon": KURIBOH_ARTS[1]}}
    outcome = solve_puzzle(puzzle_from_json(doc), max_steps=1)
    assert outcome.solved and [s.card for s in outcome.lines[0]] == ["Kuriboh"]


def test_ydk_accepts_alternate_artworks_and_counts_copies_by_card(tmp_path, lib):
    ok = tmp_path / "ok.ydk"
    ok.write_text(f"#main\n{KURIBOH}\n{KURIBOH_ARTS[0]}\n{KURIBOH_ARTS[1]}\n#extra\n{DECODE_TALKER_ART}\n!side\n")
    deck = read_ydk(ok, lib)
    assert [c.name for c in deck.main] == ["Kuriboh"] * 3 and deck.extra[0].name == "Decode Talker"
    four = tmp_path / "four.ydk"
    four.write_text(f"#main\n{KURIBOH}\n{KURIBOH_ARTS[0]}\n{KURIBOH_ARTS[1]}\n{KURIBOH_ARTS[0]}\n")
    with pytest.raises(OracleError, match="4 copies of Kuriboh"):
        read_ydk(four, lib)


def test_cards_show_names_an_alternate_artwork():
    out = run("cards", "show", str(KURIBOH_ARTS[1]))
    assert out.exit_code == 0
    assert out.output.startswith(f"Kuriboh ({KURIBOH})\n  {KURIBOH_ARTS[1]} is an alternate artwork of this card")


def test_an_unofficial_passcode_says_what_it_is_and_how_to_import_it():
    out = run("cards", "show", "511000818")
    assert out.exit_code == 2
    assert "unofficial card" in out.output and "oracle cards import cards.cdb cards-unofficial.cdb" in out.output
    out = run("cards", "show", "99999999")  # an 8-digit passcode is not unofficial: no such hint
    assert out.exit_code == 2 and "unofficial" not in out.output


def _one_row_database(cards_cdb, path, code: int, *, new_code: int | None = None, ot: int | None = None,
                      name: str | None = None):
    """A database of one real row of cards.cdb (optionally renumbered as an unofficial card)."""
    shutil.copy(cards_cdb, path)
    db = sqlite3.connect(path)
    with db:
        db.execute("DELETE FROM datas WHERE id != ?", (code,))
        db.execute("DELETE FROM texts WHERE id != ?", (code,))
        if new_code is not None:
            db.execute("UPDATE datas SET id = ?, ot = ? WHERE id = ?", (new_code, ot, code))
            db.execute("UPDATE texts SET id = ?, name = ? WHERE id = ?", (new_code, name, code))
    db.execute("VACUUM")
    db.close()
    return path


def test_import_takes_several_databases_and_marks_the_unofficial_cards(cards_cdb, tmp_path, monkeypatch):
    monkeypatch.setenv("ORACLE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(cards_module, "_DEFAULT", None)
    anime = _one_row_database(cards_cdb, tmp_path / "cards-unofficial.cdb", 40640057, new_code=511000818, ot=4,
                              name="Kuriboh (Anime)")
    out = run("cards", "import", cards_cdb, anime)
    assert out.exit_code == 0, out.output
    assert "created the folder" in out.output and "(2 unofficial" in out.output  # the anime card and a pre-release Token of cards.cdb
    written = tmp_path / "data" / "yugioh" / "cards.jsonl.gz"
    assert f"into {written}" in out.output and "over the bundled one" in out.output
    monkeypatch.setattr(cards_module, "_DEFAULT", None)
    lib = Library.load()
    card = lib.resolve(511000818)
    assert card.unofficial and card.name == "Kuriboh (Anime)"
    assert not lib.resolve("Kuriboh").unofficial
    assert run("cards", "show", "511000818").output.count("unofficial card") == 1
    monkeypatch.setattr(cards_module, "_DEFAULT", None)


def test_importing_a_one_card_database_breaks_nothing(cards_cdb, tmp_path, monkeypatch):
    monkeypatch.setenv("ORACLE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(cards_module, "_DEFAULT", None)
    bundled = (ROOT / "facts" / "yugioh" / "cards.jsonl.gz").read_bytes()
    one = _one_row_database(cards_cdb, tmp_path / "one.cdb", KURIBOH)
    out = run("cards", "import", one)
    assert out.exit_code == 0 and "imported 1 cards" in out.output, out.output
    assert (ROOT / "facts" / "yugioh" / "cards.jsonl.gz").read_bytes() == bundled  # never overwritten
    monkeypatch.setattr(cards_module, "_DEFAULT", None)
    out = run("plays", ROOT / "facts" / "positions" / "example.json", "--count")
    assert out.exit_code == 0 and out.output.strip() == "14"
    monkeypatch.setattr(cards_module, "_DEFAULT", None)


def test_duel_masters_names_as_the_source_writes_them():
    dm = dm_library()
    repaired = dm.find("Überdragon Zaschack")
    assert repaired is not None
    assert dm.find("Ã\u0153berdragon Zaschack") is repaired
    with pytest.raises(OracleError, match="did you mean 'Überdragon Zaschack'"):
        dm.get("Uberdragon Zashack")
    doc = json.loads((ROOT / "facts" / "positions" / "dm-minimal.json").read_text())
    doc["players"][0]["hand"].append("Ã\u0153berdragon Zaschack")
    from oracle.duel_masters.position import parse_position as dm_position

    assert any(i.card is repaired for i in dm_position(doc).instances)
