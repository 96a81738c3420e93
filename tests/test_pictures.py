"""Pictures of positions (oracle show, check --pictures, _repr_svg_): real positions, real cards."""
from __future__ import annotations

import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner

from oracle.cli import main
from oracle.duel_masters.position import parse_position as dm_position
from oracle.pictures import position_svg
from oracle.yugioh.lines import check_line, load_line
from oracle.yugioh.position import load_position

SVG = "{http://www.w3.org/2000/svg}"

BOARD = {
    "game": "yugioh", "turn": {"player": 0, "phase": "main1"},
    "players": [
        {"life_points": 4300, "hand": ["Junk Synchron", "Polymerization"], "graveyard": ["Dark Magician"],
         "banished": ["Kuriboh"], "deck": ["Sangan", "Sangan"],
         "extra_deck": ["Stardust Dragon", {"card": "Odd-Eyes Pendulum Dragon", "face_up": True}],
         "monster_zones": [{"card": "Number 39: Utopia", "materials": ["Gagaga Magician", "Zubaba Knight"]},
                           {"card": "Battle Ox", "position": "defense"}, None, {"card": "Sangan", "position": "set"},
                           None],
         "spell_trap_zones": [{"card": "Stargazer Magician", "face_up": True}, {"card": "Mirror Force", "face_up": False},
                              None, None, None],
         "field_zone": {"card": "Mystic Plasma Zone", "face_up": True}},
        {"life_points": 8000, "monster_zones": [{"card": "Decode Talker"}, None, None, None, None]}],
    "extra_monster_zones": [None, {"card": "Black Rose Dragon", "controller": 0}],
}


def texts(svg: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}text")]


def titles(svg: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}title")]


def test_yugioh_board_shows_each_zone_and_card():
    svg = position_svg(BOARD)
    words = texts(svg)
    tips = " | ".join(titles(svg))
    assert "4300" in words and "8000" in words                              # LP
    assert "Rank 4" in words and "2500 / 2000" in words                    # Utopia: Rank, ATK/DEF
    assert "2" in words                                                    # its two Xyz Materials
    assert "Xyz Materials: Gagaga Magician, Zubaba Knight" in tips
    assert "LINK-3" in words and "ATK 2300" in words                       # Decode Talker
    assert "Level 7" in words and "Synchro" in words                       # Black Rose Dragon in an EMZ
    assert "Scale 1" in words                                              # Stargazer in a Pendulum Zone
    assert "Sangan (face-down Effect, set position)" in tips                # a card back, named
    assert "Mirror Force (face-down Trap)" in tips
    assert "Battle Ox (Normal, defense position)" in tips
    assert "Hand (2)" in words and "Extra Deck (2)" in words and "GY (1)" in words and "Banished (1)" in words
    assert "Odd-Eyes Pendulum Dragon (face-up)" in words
    # Defense Position is drawn turned; Attack Position is not
    assert re.search(r"rotate\(90\)", svg) and re.search(r"rotate\(0\)", svg)
    # Decode Talker's three arrows are red, the five others are not
    assert svg.count('fill="#e8322d"') == 3


def test_kind_colours_follow_the_card():
    from oracle.yugioh.cards import Library
    from oracle.yugioh.picture import frame_kind

    lib = Library.load()
    kinds = {name: frame_kind(lib.resolve(name)) for name in
             ("Battle Ox", "Sangan", "Black Luster Soldier", "Elemental HERO Flame Wingman", "Stardust Dragon",
              "Number 39: Utopia", "Decode Talker", "Polymerization", "Mirror Force")}
    assert kinds == {"Battle Ox": "normal", "Sangan": "effect", "Black Luster Soldier": "ritual",
                     "Elemental HERO Flame Wingman": "fusion", "Stardust Dragon": "synchro",
                     "Number 39: Utopia": "xyz", "Decode Talker": "link", "Polymerization": "spell",
                     "Mirror Force": "trap"}


def test_duel_masters_board(root):
    doc = json.loads((root / "facts/positions/dm-evolution-stack.json").read_text())
    doc["players"][0]["mana_zone"][0]["tapped"] = True
    svg = position_svg(doc)
    words = texts(svg)
    assert "Mana zone (6: 5 untapped, 1 tapped)" in words
    assert "Battle zone (1)" in words and "Hand (2)" in words and "Shields (0)" in words
    assert any("under it: Alphadios, Lord of Spirits, Aeris, Flight Elemental" in t for t in titles(svg))
    assert "Cubela, the Oracle (tapped)" in titles(svg)
    # the notebook picture of a parsed position is the same drawing
    assert dm_position(doc)._repr_svg_() == svg


def test_repr_svg_of_a_position_and_of_a_checked_line(root):
    position = load_position(root / "facts/positions/example.json")
    assert position._repr_svg_().startswith("<svg")
    result = check_line(load_line(root / "facts/lines/black-rose-dragon.txt"))
    svg = result._repr_svg_()
    words = texts(svg)
    assert "start" in words
    assert 'after step 2: synchro_summon "Black Rose Dragon" with "Junk Synchron", "Gene-Warped Warwolf"' in words
    assert "3300" in words     # the opponent's LP after the attack


def test_show_cli_writes_svg_and_refuses_other_formats(root, tmp_path):
    runner = CliRunner()
    out = tmp_path / "board.svg"
    res = runner.invoke(main, ["show", str(root / "facts/puzzles/03-synchro.json"), "-o", str(out)])
    assert res.exit_code == 0, res.output
    assert "Gene-Warped Warwolf" in " ".join(texts(out.read_text()))
    res = runner.invoke(main, ["show", str(root / "facts/positions/example.json"), "-o", str(tmp_path / "b.gif")])
    assert res.exit_code == 2 and "written as .svg or .png" in res.output
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "yugioh", "players": [{"hand": ["No Such Card Anywhere"]}, {}]}')
    res = runner.invoke(main, ["show", str(bad)])
    assert res.exit_code == 2 and "players[0].hand[0]" in res.output


def test_show_png(root, tmp_path):
    pytest.importorskip("cairosvg", reason="PNG output needs the optional extra png")
    out = tmp_path / "board.png"
    res = CliRunner().invoke(main, ["show", str(root / "facts/positions/dm-charge.json"), "-o", str(out)])
    assert res.exit_code == 0, res.output
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_check_pictures_draws_each_state(root, tmp_path):
    res = CliRunner().invoke(main, ["check", str(root / "facts/lines/illegal-second-normal-summon.txt"),
                                    "--pictures", str(tmp_path / "pics")])
    assert res.exit_code == 1
    files = sorted(p.name for p in (tmp_path / "pics").iterdir())
    legal = res.output.count("-- legal")
    assert files == [f"step-{n:02d}.svg" for n in range(legal + 1)] and legal >= 1


def test_default_path_never_imports_the_web_extra(root):
    code = ("import sys, oracle.cli; from click.testing import CliRunner; "
            "CliRunner().invoke(oracle.cli.main, ['show', 'facts/positions/example.json']); "
            "print(any(m.split('.')[0] in ('starlette', 'uvicorn', 'cairosvg') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_copies_are_one_line_in_the_lists():
    svg = position_svg({"players": [{"graveyard": ["Sangan", "Dark Magician", "Sangan"]}, {}]})
    words = texts(svg)
    assert "GY (3)" in words and "Sangan ×2" in words and "Dark Magician" in words


def test_skills_state_shows_units_against_their_kinds_mp_and_merge():
    doc = {"game": "skills", "class": "dnf-summoner", "mp": 250,
           "skills": {"精靈召喚：亞德炎": 1, "精靈召喚：伊伽貝拉": 1},
           "units": {"亞德炎": 3}, "cooldown": ["精靈召喚：伊伽貝拉"]}
    svg = position_svg(doc)
    words = texts(svg)
    assert "MP 250" in words
    assert "亞德炎 × 3" in words                                   # one row per kind, its count
    assert svg.count("<circle") == 3                               # one token per unit
    assert any("(on cooldown)" in w and "伊伽貝拉" in w for w in words)
    assert not any(w.startswith("merged with") for w in words)


def test_skills_merged_state_is_drawn():
    doc = json.loads(open("facts/positions/skills-zhengtu-underworld.json", encoding="utf-8").read())
    doc["merged"] = next(iter(doc.get("units") or {"骷髏戰士": 1}))
    doc["units"] = {doc["merged"]: 1}
    words = texts(position_svg(doc))
    assert any(w.startswith("merged with") and "only merge skills" in w for w in words)
