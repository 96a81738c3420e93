"""Monster cards that are Spells where they stand: a Crystal Beast placed face-up in the Spell &
Trap Zone is a Continuous Spell, a Union or Equip monster equipped to a monster an Equip Spell
(docs/positions.md, "treated_as"). They are no monsters there: never materials."""
from __future__ import annotations

import pytest

from oracle.errors import OracleError
from oracle.yugioh.position import parse_position
from yugioh_board import board, can

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
