"""A position may take a player's Deck and Extra Deck from a .ydk file."""
from __future__ import annotations

import json

import pytest

import oracle
from conftest import ROOT
from oracle.errors import OracleError
from oracle.yugioh.position import load_position

EXAMPLE = ROOT / "facts" / "positions" / "deck-example.json"


def test_deck_and_extra_deck_come_from_the_ydk():
    pos = load_position(EXAMPLE)
    deck = [s for s in pos.slots if s.location == "deck"]
    extra = [s for s in pos.slots if s.location == "extra_deck"]
    assert len(deck) == 24 and len(extra) == 8
    assert [s.index for s in extra] == list(range(8))


def test_the_extra_deck_from_the_ydk_is_summoned_from(tmp_path):
    ydk = tmp_path / "d.ydk"
    ydk.write_text("#main\n63977008\n#extra\n73580471\n!side\n")
    doc = {"players": [{"ydk": "d.ydk", "monster_zones": ["Junk Synchron", "Gene-Warped Warwolf", None, None, None]}, {}]}
    path = tmp_path / "p.json"
    path.write_text(json.dumps(doc))
    synchro = [p for p in oracle.plays(path) if p.action == "synchro_summon"]
    assert [(p.card.name, p.card.location, p.card.index) for p in synchro] == [("Black Rose Dragon", "extra_deck", 0)]


def test_ydk_and_deck_together_is_an_error(tmp_path):
    (tmp_path / "d.ydk").write_text("#main\n63977008\n#extra\n!side\n")
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"players": [{"ydk": "d.ydk", "deck": ["Kozaky"]}, {}]}))
    with pytest.raises(OracleError, match=r"players\[0\]\.ydk: give the deck either in the \.ydk"):
        load_position(path)


def test_missing_ydk_names_the_file(tmp_path):
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"players": [{"ydk": "nope.ydk"}, {}]}))
    with pytest.raises(OracleError, match="nope.ydk"):
        load_position(path)
