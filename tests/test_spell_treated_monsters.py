"""Monster cards that are Spells where they stand: a Crystal Beast placed face-up in the Spell &
Trap Zone is a Continuous Spell, a Union or Equip monster equipped to a monster an Equip Spell
(docs/positions.md, "treated_as"). They are no monsters there: never materials."""
from __future__ import annotations

import pytest

from oracle.errors import OracleError
from oracle.yugioh.cards import Library
from oracle.yugioh.position import parse_position
from yugioh_board import board, can, summons

PEGASUS, WARWOLF, UTOPIA = "Crystal Beast Sapphire Pegasus", "Gene-Warped Warwolf", "Number 39: Utopia"


def as_spell(card: str, treated_as: str = "continuous_spell") -> dict:
    return {"card": card, "face_up": True, "treated_as": treated_as}


def test_a_crystal_beast_in_a_monster_zone_is_a_material():
    pos = board(field=[WARWOLF, PEGASUS], extra=[UTOPIA])
    assert can(pos, "xyz_summon", UTOPIA, [WARWOLF, PEGASUS])


@pytest.mark.parametrize("treated_as", ["continuous_spell", "equip_spell"])
def test_a_monster_treated_as_a_spell_is_no_material(treated_as):
    pos = board(field=[WARWOLF], st=[as_spell(PEGASUS, treated_as)], extra=[UTOPIA])
    parsed = parse_position(pos)
    slot = next(s for s in parsed.slots if s.card.name == PEGASUS)
    assert slot.location == "spell_trap_zone" and slot.treated_as == treated_as and slot.face_up
    assert not can(pos, "xyz_summon", UTOPIA)


@pytest.mark.parametrize(("entry", "field", "words"), [
    ({"card": PEGASUS, "face_up": True}, "players[0].spell_trap_zones[0]", "or \"treated_as\" a Spell"),
    ({"card": PEGASUS, "face_up": False, "treated_as": "continuous_spell"},
     "players[0].spell_trap_zones[0].face_up", "it is face-up"),
    ({"card": PEGASUS, "treated_as": "trap"}, "players[0].spell_trap_zones[0].treated_as", "unknown 'trap'"),
    ({"card": "Polymerization", "treated_as": "continuous_spell"}, "players[0].spell_trap_zones[0].treated_as",
     "only a monster card"),
])
def test_what_the_reader_refuses(entry, field, words):
    with pytest.raises(OracleError) as caught:
        parse_position(board(st=[entry]), source="pos.json")
    assert caught.value.field == field and words in caught.value.problem


# -- Spells for requirements that count Spells (treated.lp) ----------------------------------------
HAMON = "Hamon, Lord of Striking Thunder"   # "... by sending 3 face-up Continuous Spells you control to the GY"
BEASTS = ["Crystal Beast Sapphire Pegasus", "Crystal Beast Ruby Carbuncle", "Crystal Beast Amethyst Cat"]


def hamon_plays(pos: dict) -> set[tuple]:
    return {s for s in summons(pos, "special_summon") if s[1] == HAMON}


def test_crystal_beasts_treated_as_continuous_spells_pay_for_hamon():
    pos = board(hand=[HAMON], st=[as_spell(b) for b in BEASTS])
    assert hamon_plays(pos) == {("special_summon", HAMON, tuple(sorted(BEASTS)))}


def test_a_monster_treated_as_an_equip_spell_is_no_continuous_spell():
    pos = board(hand=[HAMON], st=[as_spell(BEASTS[0], "equip_spell")] + [as_spell(b) for b in BEASTS[1:]])
    assert hamon_plays(pos) == set()


def test_crystal_beasts_in_monster_zones_are_no_spells():
    assert hamon_plays(board(hand=[HAMON], field=BEASTS)) == set()


def test_three_face_up_continuous_spells_meet_dragon_queens_condition():
    queen = "Dragon Queen of Tragic Endings"   # "if you control 3 or more face-up Continuous Spells"
    spells = [as_spell(b) for b in BEASTS]
    assert can(board(hand=[queen], st=spells), "special_summon", queen)
    assert not can(board(hand=[queen], st=spells[:2]), "special_summon", queen)



def test_a_line_keeps_what_a_card_is_treated_as_and_frees_it_as_a_cost():
    from test_lines_state import after
    spells = [as_spell(b) for b in BEASTS]
    doc = after(board(hand=["Kuriboh"], st=spells), 'normal_summon "Kuriboh"')
    codes = [Library.load().by_name(b).code for b in BEASTS]
    assert doc["players"][0]["spell_trap_zones"][:3] == [dict(s, card=c) for s, c in zip(spells, codes)]
    parse_position(doc)
    doc = after(board(hand=[HAMON], st=spells), f'special_summon "{HAMON}" with ' + ", ".join(f'"{b}"' for b in BEASTS))
    assert sorted(e["card"] for e in doc["players"][0]["graveyard"]) == sorted(codes)
    assert doc["players"][0]["spell_trap_zones"] == [None] * 5
