"""The `oracle plays` command on the bundled example position."""
from __future__ import annotations

import json

from click.testing import CliRunner

from conftest import ROOT
from oracle.cli import main

EXAMPLE = str(ROOT / "facts" / "positions" / "example.json")


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_table():
    out = run("plays", EXAMPLE)
    assert out.exit_code == 0
    assert "Tribute Summon" in out.output and "Flip Summon" in out.output
    assert out.output.rstrip().endswith("14 plays for player 0")


def test_json_contract():
    out = run("plays", EXAMPLE, "--json")
    assert out.exit_code == 0
    doc = json.loads(out.stdout)
    assert set(doc) == {"plays"}
    tribute = doc["plays"][0]
    assert tribute == {"action": "tribute_summon", "player": 0,
                       "card": {"id": 70781052, "name": "Summoned Skull", "location": "hand", "index": 0},
                       "materials": [{"id": 2857636, "name": "Knightmare Phoenix",
                                      "location": "extra_monster_zone", "index": 1}]}
    flip = [p for p in doc["plays"] if p["action"] == "flip_summon"]
    assert flip == [{"action": "flip_summon", "player": 0, "materials": [],
                     "card": {"id": 26202165, "name": "Sangan", "location": "monster_zone", "index": 3}}]


def test_count_and_zones():
    assert run("plays", EXAMPLE, "--count").output.strip() == "14"
    zoned = json.loads(run("plays", EXAMPLE, "--zones", "--json").output)["plays"]
    assert len(zoned) > 14
    assert all(p["placements"] for p in zoned if p["action"] != "change_position" and p["action"] != "flip_summon")


def test_limit_says_that_it_stopped():
    out = CliRunner().invoke(main, ["plays", EXAMPLE, "--limit", "2", "--json"])
    assert out.exit_code == 3
    doc = json.loads(out.stdout)
    assert len(doc["plays"]) == 2 and "limit of 2" in doc["stopped"]
    assert "incomplete" in out.stderr


def test_explain_lists_unsupported_cards(tmp_path):
    # Duralume asks for Resonance Counters, which the oracle does not track: it is reported and
    # never offered, even with a Fairy monster on the field.
    pos = tmp_path / "p.json"
    pos.write_text(json.dumps({"players": [{"extra_deck": ["Duralume, Vaalmonican Heathen Hallow"],
                                            "monster_zones": ["Petit Moth", "Kozaky", "Dark Magician", None, None]},
                                           {}]}))
    out = run("plays", str(pos), "--explain")
    assert out.exit_code == 0
    assert "Link Summon " not in out.output.split("unsupported:")[0]
    assert "unsupported: Duralume, Vaalmonican Heathen Hallow" in out.output


def test_timeout_says_that_it_stopped():
    # Forty monsters in hand and two Pendulum Scales: far more Pendulum Summons than a
    # millisecond can list.
    hand = ["Kozaky", "Petit Moth", "Gene-Warped Warwolf", "Celtic Guardian"] * 10
    doc = {"players": [{"hand": hand, "spell_trap_zones": ["Stargazer Magician", None, None, None,
                                                           "Timegazer Magician"]}, {}]}
    import oracle

    found = oracle.plays(doc, timeout=0.001)
    assert not found.complete and "time limit" in found.stopped


def test_explain_says_why_a_card_has_no_play(tmp_path):
    pos = tmp_path / "p.json"
    pos.write_text(json.dumps({"players": [{"hand": ["Junk Synchron"], "extra_deck": ["Black Rose Dragon"],
                                            "monster_zones": ["Gene-Warped Warwolf", None, None, None, None]}, {}]}))
    out = run("plays", str(pos), "--explain")
    assert out.exit_code == 0
    why = [line for line in out.output.splitlines() if line.startswith("no Synchro Summon of Black Rose Dragon")]
    assert why and "the Levels of the materials total 4, Black Rose Dragon is Level 7" in why[0]
