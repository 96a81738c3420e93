"""Monsters' own Special Summon procedures from the hand (the action special_summon), with real
cards: for each wording one legal and one illegal position, and lines that mix a procedure with
the Normal Summon."""
from __future__ import annotations

import pytest
from yugioh_board import board, can, summons

import oracle
from oracle.yugioh.cards import Library
from oracle.yugioh.lines import check_line, make_line
from oracle.yugioh.requirements import hand_procedures, requirements

SS = "special_summon"
KOZAKY, WARWOLF, ELF = "Kozaky", "Gene-Warped Warwolf", "Mystical Elf"   # DARK, EARTH, LIGHT
CYBER = "Cyber Dragon"


def legal(pos, card, materials=None) -> bool:
    return can(pos, SS, card, materials)


# --- conditions on the field -----------------------------------------------------------------------
def test_only_your_opponent_controls_a_monster():
    assert legal(board(hand=[CYBER], opp_field=[KOZAKY]), CYBER, [])
    assert not legal(board(hand=[CYBER]), CYBER)                                    # nobody has one
    assert not legal(board(hand=[CYBER], field=[WARWOLF], opp_field=[KOZAKY]), CYBER)  # you have one too
    # A face-down monster is a monster all the same.
    assert not legal(board(hand=[CYBER], field=[{"card": WARWOLF, "position": "set"}], opp_field=[KOZAKY]), CYBER)


def test_if_you_control_no_monsters_on_a_special_summon_only_monster():
    thrasher = "Photon Thrasher"  # Cannot be Normal Summoned/Set. Must first be Special Summoned ... while you control no monsters.
    assert legal(board(hand=[thrasher]), thrasher, [])
    assert not legal(board(hand=[thrasher], field=[KOZAKY]), thrasher)
    assert not summons(board(hand=[thrasher]), "normal_summon")


def test_opponent_controls_a_monster_and_you_control_none():
    siat = "Constellar Siat"
    assert legal(board(hand=[siat], opp_field=[KOZAKY]), siat)
    assert not legal(board(hand=[siat]), siat)
    assert not legal(board(hand=[siat], field=[WARWOLF], opp_field=[KOZAKY]), siat)


def test_opponent_controls_more_monsters():
    knight = "Toy Knight"
    assert legal(board(hand=[knight], field=[WARWOLF], opp_field=[KOZAKY, KOZAKY]), knight)
    assert not legal(board(hand=[knight], field=[WARWOLF], opp_field=[KOZAKY]), knight)  # a tie is not more


def test_you_control_an_archetype_monster_face_up():
    wing = "Cipher Wing"
    assert legal(board(hand=[wing], field=[wing]), wing)
    assert not legal(board(hand=[wing], field=[{"card": wing, "position": "set"}]), wing)  # face-down: unknown
    assert not legal(board(hand=[wing], field=[KOZAKY]), wing)


def test_other_than_itself_and_full_zones():
    gale, bora = "Blackwing - Gale the Whirlwind", "Blackwing - Bora the Spear"
    assert legal(board(hand=[gale], field=[bora] * 4), gale)
    assert not legal(board(hand=[gale], field=[bora] * 5), gale)   # no free Main Monster Zone
    assert not legal(board(hand=[gale], field=[gale]), gale)       # "other than" itself
    assert not legal(board(hand=[gale], emz=("Link Spider", None), field=[bora] * 5), gale)  # never to an Extra Monster Zone


def test_a_monster_on_the_field_in_face_up_defense_position():
    slasher = "Photon Slasher"  # If a face-up Xyz Monster is on the field ... in face-up Defense Position
    pos = board(hand=[slasher], opp_field=["Number 39: Utopia"])
    found = [p for p in oracle.plays(pos, zones=True) if p.action == SS]
    assert found and {pl.position for p in found for pl in p.placements} == {"defense"}
    assert not legal(board(hand=[slasher], opp_field=[KOZAKY]), slasher)


def test_to_a_zone_a_link_monster_points_to():
    leonis = "Crusadia Leonis"  # Link Spider in the left Extra Monster Zone points to Main zone 1
    assert legal(board(hand=[leonis], emz=("Link Spider", None)), leonis)
    assert not legal(board(hand=[leonis]), leonis)
    assert not legal(board(hand=[leonis], field=[None, KOZAKY], emz=("Link Spider", None)), leonis)
    found = [p for p in oracle.plays(board(hand=[leonis], emz=("Link Spider", None)), zones=True) if p.action == SS]
    assert {(pl.index, pl.position) for p in found for pl in p.placements} == {(1, "defense")}


def test_the_only_card_in_your_hand():
    bubble = "Elemental HERO Bubbleman"
    assert legal(board(hand=[bubble]), bubble)
    assert not legal(board(hand=[bubble, KOZAKY]), bubble)


# --- costs ---------------------------------------------------------------------------------------
def test_banishing_1_light_and_1_dark_monster_from_your_gy():
    for name in ("Chaos Sorcerer", "Black Luster Soldier - Envoy of the Beginning"):
        pos = board(hand=[name], gy=[KOZAKY, ELF, "Blue-Eyes White Dragon", WARWOLF])
        assert {s[2] for s in summons(pos, SS)} == {(KOZAKY, ELF), ("Blue-Eyes White Dragon", KOZAKY)}
        assert not legal(board(hand=[name], gy=[KOZAKY, WARWOLF]), name)       # no LIGHT monster
        assert not legal(board(hand=[name], field=[ELF], gy=[KOZAKY]), name)   # the LIGHT one is not in the GY
        assert not summons(pos, "normal_summon") and not summons(pos, "tribute_summon")


def test_by_having_exactly_3_dark_monsters_in_your_gy():
    dad = "Dark Armed Dragon"
    assert legal(board(hand=[dad], gy=[KOZAKY] * 3 + [WARWOLF]), dad, [])
    assert not legal(board(hand=[dad], gy=[KOZAKY] * 2), dad)
    assert not legal(board(hand=[dad], gy=[KOZAKY] * 4), dad)


def test_by_tributing_an_archetype_monster():
    golem = "Gogogo Golem - Golden Form"
    assert legal(board(hand=[golem], field=["Gogogo Golem", KOZAKY]), golem, ["Gogogo Golem"])
    assert not legal(board(hand=[golem], field=[KOZAKY]), golem)
    # The Tribute leaves first: five monsters on the field are no obstacle.
    assert legal(board(hand=[golem], field=["Gogogo Golem"] + [KOZAKY] * 4), golem, ["Gogogo Golem"])


def test_tributing_named_monsters():
    gate = "Gate Guardian"
    pos = board(hand=[gate], field=["Sanga of the Thunder", "Kazejin", "Suijin"])
    assert legal(pos, gate, ["Kazejin", "Sanga of the Thunder", "Suijin"])
    assert not legal(board(hand=[gate], field=["Sanga of the Thunder", "Kazejin", KOZAKY]), gate)


def test_cannot_be_special_summoned_never():
    assert not summons(board(hand=["Yata-Garasu"], opp_field=[KOZAKY]), SS)
    assert requirements(Library.load().by_name("Yata-Garasu"), Library.load()).procedure_unsupported is None


# --- lines ---------------------------------------------------------------------------------------
def check(pos, *steps):
    return check_line(make_line(pos, list(steps)))


def test_a_procedure_does_not_use_the_normal_summon():
    pos = board(hand=["Photon Thrasher", WARWOLF])
    result = check(pos, 'special_summon "Photon Thrasher"', f'normal_summon "{WARWOLF}"')
    assert result.legal, result.text()
    # ... but its condition is read before each step: after the Normal Summon it no longer holds.
    result = check(pos, f'normal_summon "{WARWOLF}"', 'special_summon "Photon Thrasher"')
    assert not result.legal
    assert result.steps[-1].reasons == [
        "Photon Thrasher can be Special Summoned by its own procedure only if you control no monsters; 1 is there"]


def test_cyber_dragon_then_normal_summon():
    pos = board(hand=[CYBER, WARWOLF], opp_field=[KOZAKY])
    assert check(pos, f'special_summon "{CYBER}"', f'normal_summon "{WARWOLF}"').legal


def test_once_per_turn_this_way():
    gardna = "Moon Gardna"  # If your opponent controls 2 or more monsters; once per turn this way
    pos = board(hand=[gardna, gardna], opp_field=[KOZAKY, KOZAKY])
    assert legal(pos, gardna)
    result = check(pos, f'special_summon "{gardna}"', f'special_summon "{gardna}"')
    assert not result.legal
    assert [t.split("(")[0] for t in result.steps[-1].terms] == ["procedure_used"]
    assert "only once per turn" in result.steps[-1].reasons[0]
    # Another monster's procedure is not limited by it, nor is the Normal Summon.
    assert check(board(hand=[gardna, "Toy Knight", KOZAKY], opp_field=[KOZAKY, KOZAKY]),
                 f'special_summon "{gardna}"', 'special_summon "Toy Knight"', f'normal_summon "{KOZAKY}"').legal


def test_costs_go_where_the_text_says():
    pos = board(hand=["Chaos Sorcerer"], gy=[KOZAKY, ELF])
    result = check(pos, f'special_summon "Chaos Sorcerer" with "{KOZAKY}", "{ELF}"')
    assert result.legal, result.text()
    lib = Library.load()
    codes = lambda entries: sorted(e["card"] if isinstance(e, dict) else e for e in entries)  # noqa: E731
    state = result.steps[-1].position["players"][0]
    assert codes(state["banished"]) == sorted(lib.by_name(n).code for n in (ELF, KOZAKY))
    assert not state["graveyard"] and not state["hand"]
    pos = board(hand=["Gogogo Golem - Golden Form"], field=["Gogogo Golem"])
    result = check(pos, 'special_summon "Gogogo Golem - Golden Form" with "Gogogo Golem"')
    assert result.legal, result.text()
    assert codes(result.steps[-1].position["players"][0]["graveyard"]) == [lib.by_name("Gogogo Golem").code]


def test_a_missing_cost_is_explained():
    result = check(board(hand=["Chaos Sorcerer"], gy=[KOZAKY]), 'special_summon "Chaos Sorcerer" with "Kozaky"')
    assert not result.legal
    assert any("needs at least 1" in r for r in result.steps[-1].reasons)


# --- the text ------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["Dark Magician Girl the Magician's Apprentice", "Archfiend Commander", "Gimmick Puppet Magnet Doll"])
def test_unread_procedures_are_never_guessed(name):
    lib = Library.load()
    procs, why = hand_procedures(lib.by_name(name), lib)
    assert not procs and why
    req = requirements(lib.by_name(name), lib)
    assert not any(f.name == "proc" for f in req.facts) and req.procedure_unsupported == why


def test_once_per_turn_already_used_in_the_position():
    gardna = "Moon Gardna"
    pos = board(hand=[gardna], opp_field=[KOZAKY, KOZAKY])
    pos["players"][0]["procedures_used_this_turn"] = [gardna]
    assert not legal(pos, gardna)
    result = check(board(hand=[gardna, gardna], opp_field=[KOZAKY, KOZAKY]), f'special_summon "{gardna}"')
    code = Library.load().by_name(gardna).code
    assert result.steps[-1].position["players"][0]["procedures_used_this_turn"] == [code]


def test_sending_face_up_traps_you_control():
    uria, hole = "Uria, Lord of Searing Flames", "Trap Hole"
    assert legal(board(hand=[uria], st=[hole] * 3), uria, [hole] * 3)
    assert not legal(board(hand=[uria], st=[hole, hole, {"card": hole, "face_up": False}]), uria)  # one is Set
    assert not legal(board(hand=[uria], field=[KOZAKY] * 3, st=[hole] * 2), uria)  # monsters are no Traps
    result = check(board(hand=[uria], st=[hole] * 3), f'special_summon "{uria}" with "{hole}", "{hole}", "{hole}"')
    state = result.steps[-1].position["players"][0]
    assert result.legal and len(state["graveyard"]) == 3 and state["spell_trap_zones"] == [None] * 5


def test_if_you_control_no_cards():
    sage = "ZS - Ascended Sage"
    assert legal(board(hand=[sage]), sage)
    assert not legal(board(hand=[sage], st=["Trap Hole"]), sage)  # a Spell or Trap is a card you control


def test_to_your_opponents_field_by_tributing_a_monster_they_control():
    kaiju = "Gadarla, the Mystery Dust Kaiju"
    assert legal(board(hand=[kaiju], opp_field=[KOZAKY]), kaiju, [KOZAKY])
    assert legal(board(hand=[kaiju], opp_field=[KOZAKY] * 5), kaiju, [KOZAKY])  # the Tribute frees their zone
    assert not legal(board(hand=[kaiju], field=[KOZAKY]), kaiju)               # not your own monster
    result = check(board(hand=[kaiju], opp_field=[KOZAKY]), f'special_summon "{kaiju}" with "{KOZAKY}"')
    assert result.legal
    opponent = result.steps[-1].position["players"][1]
    assert opponent["monster_zones"][0]["card"] == Library.load().by_name(kaiju).code
    assert opponent["monster_zones"][0]["position"] == "attack" and len(opponent["graveyard"]) == 1
