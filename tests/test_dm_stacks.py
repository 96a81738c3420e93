"""Evolution stacks in the input: an evolution creature with its evolution sources under it
("under"), real library cards.  Only the top card is a creature with abilities; the sources
are known to the rules (stack/3) and are covered."""
import pytest
from clingo import Function, Number
from test_dm_helpers import pos, side, summons, untapped

from oracle.duel_masters import plays
from oracle.duel_masters.facts import as_program, position_facts
from oracle.duel_masters.position import parse_position
from oracle.errors import OracleError
from oracle.resources import encoding
from oracle.solver import make_control, solve

ALC = "Alcadeias, Lord of Spirits"  # Evolution on one of your Angel Commands, light, cost 6
ALPHADIOS = "Alphadios, Lord of Spirits"  # Evolution on an Angel Command; only light creatures can be summoned
AERIS = "Aeris, Flight Elemental"  # Angel Command
LIGHT = untapped(*["Cubela, the Oracle"] * 6)


def test_a_stack_is_accepted_and_its_sources_are_known():
    doc = pos(side(battle_zone=[{"card": ALC, "tapped": True, "under": [AERIS, {"card": "Syrius, Firmament Elemental", "id": "s"}]}]))
    p = parse_position(doc)
    assert [(i.card.name, i.zone, i.index, i.under, i.stacked_on) for i in p.instances] == [
        (ALC, "battle_zone", 0, None, None), (AERIS, "battle_zone", 0, 0, 1),
        ("Syrius, Firmament Elemental", "battle_zone", 0, 1, 1)]
    assert p.instances[2].ref() == {"name": "Syrius, Firmament Elemental", "location": "battle_zone",
                                    "index": 0, "under": 1}
    assert Function("under", [Number(2), Number(1), Number(0)]) in set(position_facts(p))
    # The rules know both sources of the stack, and that they are covered.
    ctl = make_control(encoding("duel_masters"), as_program(position_facts(p)), parts=(("base", ()),))
    atoms = {str(a) for a in solve(ctl, atoms=True).atoms[0] if a.name in ("stack", "covered")}
    assert atoms == {"stack(1,2,0)", "stack(1,3,0)", "covered(2,0)", "covered(3,0)"}


def test_covered_source_is_not_a_base_but_the_top_card_is():
    stack = {"card": ALC, "under": [AERIS]}
    found = summons(plays(pos(side(hand=[ALC], mana_zone=LIGHT, battle_zone=[stack]))))
    assert [p.base for p in found] == [[{"name": ALC, "location": "battle_zone", "index": 0}]]
    # The same cards side by side: both are Angel Commands, both can be the base.
    flat = summons(plays(pos(side(hand=[ALC], mana_zone=LIGHT, battle_zone=[{"card": ALC}, {"card": AERIS}]))))
    assert sorted(p.base[0]["name"] for p in flat) == [AERIS, ALC]


def test_a_covered_lock_does_not_apply_a_top_lock_does():
    hand, mana = ["Bronze-Arm Tribe"], untapped(*["Faerie Life"] * 3)
    covered = side(battle_zone=[{"card": ALC, "under": [ALPHADIOS]}])
    assert len(summons(plays(pos(side(hand=hand, mana_zone=mana), covered)))) == 1
    on_top = side(battle_zone=[{"card": ALPHADIOS, "under": [AERIS]}])
    assert summons(plays(pos(side(hand=hand, mana_zone=mana), on_top))) == []


def test_the_new_source_stays_covered_at_the_next_step():
    # Step 1 puts Alcadeias on Aeris; at step 2 a second Alcadeias can only go on the first.
    doc = pos(side(hand=[ALC, ALC], mana_zone=untapped(*["Cubela, the Oracle"] * 12), battle_zone=[{"card": AERIS}]))
    ctl = make_control(encoding("duel_masters"), as_program(position_facts(parse_position(doc))),
                       parts=(("base", ()), ("step", (Number(1),)), ("step", (Number(2),))))
    bases = {tuple(sorted((s.arguments[0].number, s.arguments[1].number, s.arguments[2].number)
                          for s in m if s.name == "base"))
             for m in solve(ctl, project=True).models}
    first, second, aeris = 1, 2, 15  # hand, then 12 mana cards, then the battle zone
    # The copies are interchangeable, so the first is summoned first; Aeris is covered at step 2.
    assert bases == {((1, first, aeris), (2, second, first))}


@pytest.mark.parametrize("entry, field, words", [
    ({"card": "Bronze-Arm Tribe", "under": [AERIS]}, "players[0].battle_zone[0].under", "not an evolution creature"),
    ({"card": ALC, "under": []}, "players[0].battle_zone[0].under", "non-empty list"),
    ({"card": ALC, "under": ["Faerie Life"]}, "players[0].battle_zone[0].under[0]", "spell"),
    ({"card": ALC, "under": [{"card": AERIS, "tapped": True}]}, "players[0].battle_zone[0].under[0]", "not allowed"),
    ({"card": ALC, "under": ["No Such Card"]}, "players[0].battle_zone[0].under[0].card", "unknown card"),
])
def test_bad_stacks_are_clear_errors(entry, field, words):
    with pytest.raises(OracleError, match=words) as err:
        parse_position(pos(side(battle_zone=[entry])), "bad.json")
    assert err.value.field == field


def test_under_is_only_for_the_battle_zone():
    with pytest.raises(OracleError, match="not allowed"):
        parse_position(pos(side(hand=[{"card": ALC, "under": [AERIS]}])))
