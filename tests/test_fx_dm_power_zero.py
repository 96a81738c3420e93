"""Power lowered by "this creature gets -1000 power for each CIV or CIV creature in the battle zone"
(family power, grammar/abilities_power.lark; power.lp), and the creature whose power falls to 0 or
less, which the rules do not destroy: reported (power_zero.lp), never played.  Real library cards."""
from __future__ import annotations

from test_dm_helpers import check, pos, side, summons, tapped, zone_after

from oracle.duel_masters import lethal as L
from oracle.duel_masters import plays

VEHICLE = "Aqua Vehicle"       # water 1000, cost 2, no text
CRAGSAUR = "Cragsaur"          # fire 3000, no text
MANE = "Burning Mane"          # nature 2000, no text
BONE = "Bone Spider"           # darkness 5000
JOLTER = "Aqua Jolter"         # water 2000, shield trigger
BROCK = "Brock, the Screw Soldier"   # fire 1000, -1000 for each light or water creature


def test_cyclone_totem_counts_water_and_darkness_creatures_for_its_double_breaker():
    totem = "Cyclone Totem"    # 6000 -1000 for each water or darkness creature; double breaker at 6000
    doc = pos(side(battle_zone=[totem, CRAGSAUR]), side(shields=[MANE] * 3))
    assert "shields left: 1\n" in check(doc, f'attack "{totem}" -> player').text()
    doc["players"][0]["battle_zone"] = [totem, BONE]
    assert "shields left: 2\n" in check(doc, f'attack "{totem}" -> player').text()


def test_gigaroaster_loses_power_for_each_nature_creature_of_both_players():
    giga = "Gigaroaster"       # darkness 5000 -1000 for each light or nature creature
    doc = pos(side(battle_zone=[giga, MANE]), side(battle_zone=[tapped(CRAGSAUR)]))
    result = check(doc, f'attack "{giga}" -> "{CRAGSAUR}"')
    assert giga in zone_after(result, 0) and CRAGSAUR not in zone_after(result, 1)   # 4000 against 3000
    doc["players"][1]["battle_zone"].append(MANE)
    result = check(doc, f'attack "{giga}" -> "{CRAGSAUR}"')
    assert giga not in zone_after(result, 0) and CRAGSAUR not in zone_after(result, 1)  # 3000 against 3000


def test_a_step_that_brings_brock_to_power_zero_is_reported_not_played():
    mana = [{"card": VEHICLE, "tapped": False}] * 2
    doc = pos(side(battle_zone=[BROCK], hand=[VEHICLE], mana_zone=mana))
    result = check(doc, f'summon "{VEHICLE}"')
    assert result.status == "illegal" and "power 0 or less" in result.text()
    assert summons(plays(doc), VEHICLE)            # the summon itself is legal: `oracle plays` lists it
    doc["players"][0]["battle_zone"] = [CRAGSAUR]
    assert check(doc, f'summon "{VEHICLE}"').legal


def test_a_water_shield_trigger_creature_that_would_destroy_brock_stops_the_attack_step():
    def verdict(ours: list, shields: list) -> str:
        doc = pos(side(battle_zone=ours), side(shields=shields))
        return L.answer(L.problem_from(doc, "<test>")).verdict

    assert verdict([CRAGSAUR, CRAGSAUR], [JOLTER]) == "lethal"
    assert verdict([CRAGSAUR, BROCK], [MANE]) == "lethal"
    assert verdict([CRAGSAUR, BROCK], [JOLTER]) != "lethal"
    doc = pos(side(battle_zone=[CRAGSAUR, BROCK]), side(shields=[JOLTER]))
    assert any("power falls to 0 or less" in n for n in L.answer(L.problem_from(doc, "<test>")).note)


def test_anrist_vhal_printed_with_power_zero_needs_other_nature_creatures():
    vhal = "Terradragon Anrist Vhal"   # 0 +2000 for each of your other nature creatures; double breaker at 6000
    doc = pos(side(battle_zone=[vhal, MANE, MANE, MANE]), side(shields=[VEHICLE] * 3))
    assert "shields left: 1\n" in check(doc, f'attack "{vhal}" -> player').text()
    doc["players"][0]["battle_zone"] = [vhal, MANE]
    assert "shields left: 2\n" in check(doc, f'attack "{vhal}" -> player').text()
    doc["players"][0]["battle_zone"] = [vhal, CRAGSAUR]
    result = check(doc, f'attack "{vhal}" -> player')
    assert result.status == "illegal" and "power 0 or less" in result.text()
