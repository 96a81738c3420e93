"""The older wording of a cost before its action: "You can Tribute 2 monsters to inflict 1500
damage to your opponent." reads as "You can Tribute 2 monsters; inflict 1500 damage to your
opponent." (effects.lark's TO_ACT), with real cards."""
from __future__ import annotations

from yugioh_board import board
from yugioh_lines import facts_of, illegal, legal, names

from oracle.yugioh.effect_text import accepted

MK2, WORKER = "Cannon Soldier MK-2", "Genex Worker"


def test_the_cost_and_the_action_are_read_on_either_side_of_to():
    assert {"eff_cost(14702066,1,1,1,tribute,2,2)", "eff_do(14702066,1,1,1,damage(1500))"} <= facts_of(MK2)
    assert {"eff_cost_self(93882364,1,1,tribute)", "eff_do(93882364,1,1,1,summon(1,1))"} <= facts_of(WORKER)
    # "to" before anything but an action's verb is still a place ("send ... to the GY")
    assert accepted("You can send 1 card from your hand to the GY; draw 1 card.")
    assert not accepted("You can Tribute this card to equip it.")


def test_cannon_soldier_mk2_tributes_two_monsters_for_1500_damage():
    pos = board(field=[MK2, "Kozaky", "Gyroid"], first_turn=False)
    r = legal(pos, f'activate "{MK2}" paying "Kozaky", "Gyroid"')
    assert r.steps[-1].position["players"][1]["life_points"] == 8000 - 1500
    # two Tributes (itself may be one of them, as in EDOPro), not one
    assert illegal(board(field=[MK2, "Kozaky"], first_turn=False), f'activate "{MK2}" paying "Kozaky"') == \
        "the cost cannot be paid"
    legal(board(field=[MK2, "Kozaky"], first_turn=False), f'activate "{MK2}" paying "{MK2}", "Kozaky"')


def test_genex_worker_tributes_itself_to_special_summon_a_genex_monster_from_the_hand():
    pos = board(field=[WORKER], hand=["Genex Controller", "Celtic Guardian"], first_turn=False)
    r = legal(pos, f'activate "{WORKER}" summoning "Genex Controller"')
    assert names(r, 0, "monster_zones") == ["Genex Controller"]
    assert illegal(pos, f'activate "{WORKER}" summoning "Celtic Guardian"')


def test_overdrive_teleporter_pays_2000_life_points_for_two_level_3_psychic_monsters():
    # "You can pay 2000 Life Points to Special Summon 2 Level 3 Psychic-Type monsters from your
    # Deck.": "Life Points" as "LP"
    teleporter = "Overdrive Teleporter"
    assert {"eff_pay(1834753,1,1,2000)", "eff_do(1834753,1,1,1,summon(2,2))"} <= facts_of(teleporter)
    pos = board(field=[teleporter], first_turn=False)
    pos["players"][0]["deck"] = ["Psychic Wheeleder", "Kozmo Soartroopers", "Krebons"]
    r = legal(pos, f'activate "{teleporter}" summoning "Psychic Wheeleder", "Kozmo Soartroopers"')
    assert r.steps[-1].position["players"][0]["life_points"] == 6000
    assert sorted(names(r, 0, "monster_zones")) == sorted([teleporter, "Psychic Wheeleder", "Kozmo Soartroopers"])
    # Krebons is Level 2
    assert illegal(pos, f'activate "{teleporter}" summoning "Psychic Wheeleder", "Krebons"')


def test_a_condition_between_the_cost_and_the_action():
    # Chrysalis Larva: "You can Tribute this card while "Neo Space" is on the field to Special
    # Summon 1 "Neo-Spacian Flare Scarab" from your hand or Deck.": Neo Space on either field
    larva, scarab = "Chrysalis Larva", "Neo-Spacian Flare Scarab"
    assert "cond_filter(16241441,eff(1),1,1,pos,name(42015635))" in facts_of(larva)
    summon = f'activate "{larva}" summoning "{scarab}"'
    pos = board(field=[larva], hand=[scarab], first_turn=False)
    assert "can be activated only if the field has a face-up" in illegal(pos, summon)
    pos["players"][1]["field_zone"] = {"card": "Neo Space", "face_up": True}
    r = legal(pos, summon)
    assert names(r, 0, "monster_zones") == [scarab]
    pos["players"][1]["field_zone"] = {"card": "Neo Space", "face_up": False}   # Set: not on the field face-up
    assert "can be activated only if" in illegal(pos, summon)
