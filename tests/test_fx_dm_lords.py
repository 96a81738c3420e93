"""Keywords a creature has from another card's continuous ability (family power,
grammar/abilities_power.lark: lords and Survivors; asp/duel_masters/power.lp v_kw/3 and lords.lp):
"blocker", "slayer", "speed attacker", "can't be blocked".  Real library cards, legal and illegal."""
from __future__ import annotations

from test_dm_helpers import check, pos, side, terms

from oracle.duel_masters import lethal as L

CRAGSAUR = "Cragsaur"           # fire 3000, no text
VEHICLE = "Aqua Vehicle"        # water 1000, no text
BONE = "Bone Spider"            # darkness 5000, no text
BOLTAIL = "Boltail Dragon"      # fire 9000 Armored Dragon, double breaker


def verdict(ours: list, shields: list, theirs: list = ()) -> str:
    doc = pos(side(battle_zone=list(ours)), {**side(battle_zone=list(theirs)), "shields": shields})
    return L.answer(L.problem_from(doc, "<test>")).verdict


def tapped(name: str) -> dict:
    return {"card": name, "tapped": True}


def zone(result, player: int) -> str:
    assert result.legal, result.text()
    return result.text().split(f"P{player} battle zone")[-1].split("\n")[0]


def test_diablost_gives_the_opponents_creatures_blocker():
    # Bone Spider alone wins against an empty shield zone; beside Diablost, Aqua Vehicle can block it
    assert verdict([BONE], [], [VEHICLE]) == "lethal"
    assert verdict([BONE, {"card": "Diablost, the Shady General", "tapped": True}], [], [VEHICLE]) == "no_lethal"


def test_gregorias_demon_commands_block_and_the_targets_filter_sees_it():
    # the opponent's Diablost (a Demon Command) blocks beside his Gregoria
    assert verdict([BONE], [], [tapped("Gregoria, Princess of War"), "Diablost, the Shady General"]) == "no_lethal"
    assert verdict([BONE], [], ["Diablost, the Shady General"]) == "lethal"


def test_megaria_gives_every_creature_slayer():
    doc = pos(side(battle_zone=[VEHICLE, "Megaria, Empress of Dread"]), side(battle_zone=[tapped(BOLTAIL)]))
    result = check(doc, f'attack "{VEHICLE}" -> "{BOLTAIL}"')
    assert BOLTAIL not in zone(result, 1) and VEHICLE not in zone(result, 0)   # both destroyed
    without = pos(side(battle_zone=[VEHICLE]), side(battle_zone=[tapped(BOLTAIL)]))
    assert BOLTAIL in zone(check(without, f'attack "{VEHICLE}" -> "{BOLTAIL}"'), 1)


def test_hourglass_mutant_gives_slayer_to_water_and_fire_creatures_only():
    doc = pos(side(battle_zone=[CRAGSAUR, "Hourglass Mutant"]), side(battle_zone=[tapped(BOLTAIL)]))
    assert BOLTAIL not in zone(check(doc, f'attack "{CRAGSAUR}" -> "{BOLTAIL}"'), 1)
    dark = pos(side(battle_zone=["Bronze-Arm Tribe", "Hourglass Mutant"]), side(battle_zone=[tapped(BOLTAIL)]))
    assert BOLTAIL in zone(check(dark, f'attack "Bronze-Arm Tribe" -> "{BOLTAIL}"'), 1)


def test_liquid_people_cannot_be_blocked_beside_king_nautilus():
    shooter = "Aqua Shooter"   # water 2000 blocker
    soldier = "Aqua Soldier"   # water Liquid People
    assert verdict([soldier, tapped("King Nautilus")], [], [shooter]) == "lethal"
    assert verdict([soldier], [], [shooter]) == "no_lethal"
    assert verdict([CRAGSAUR, tapped("King Nautilus")], [], [shooter]) == "no_lethal"  # not a Liquid People


def test_totto_pipicchi_lends_speed_attacker_to_dragons_while_it_stays():
    fresh = {"card": BOLTAIL, "summoned_this_turn": True}
    doc = pos(side(battle_zone=[fresh, "Totto Pipicchi"]), side(shields=[VEHICLE]))
    assert check(doc, f'attack "{BOLTAIL}" -> player').legal
    alone = pos(side(battle_zone=[fresh]), side(shields=[VEHICLE]))
    assert "summoning_sickness" in terms(check(alone, f'attack "{BOLTAIL}" -> player'))
    # Totto attacks first and breaks Terror Pit, which destroys Totto: the Dragon cannot attack then
    assert verdict([fresh, "Totto Pipicchi"], ["Terror Pit"]) == "no_lethal"
    assert verdict([fresh, "Totto Pipicchi"], [VEHICLE]) == "lethal"


def test_a_survivor_ability_is_every_survivors():
    # Gigaling Q: "Survivor: slayer" -- Rumblesaur Q (a Survivor) has it too
    doc = pos(side(battle_zone=["Rumblesaur Q", tapped("Gigaling Q")]), side(battle_zone=[tapped(BOLTAIL)]))
    assert BOLTAIL not in zone(check(doc, f'attack "Rumblesaur Q" -> "{BOLTAIL}"'), 1)
    plain = pos(side(battle_zone=[CRAGSAUR, tapped("Gigaling Q")]), side(battle_zone=[tapped(BOLTAIL)]))
    assert BOLTAIL in zone(check(plain, f'attack "{CRAGSAUR}" -> "{BOLTAIL}"'), 1)


def test_chitta_peloru_lets_every_dragon_attack_untapped_creatures():
    def attack(attacker: str, ours: list, theirs: list) -> object:
        doc = pos(side(battle_zone=[attacker] + ours), side(battle_zone=[CRAGSAUR] + theirs, shields=[VEHICLE]))
        return check(doc, f'attack "{attacker}" -> "{CRAGSAUR}"')
    assert CRAGSAUR not in zone(attack(BOLTAIL, ["Chitta Peloru"], []), 1)      # ours gives it
    assert CRAGSAUR not in zone(attack(BOLTAIL, [], ["Chitta Peloru"]), 1)      # his too: all Dragons
    assert not attack(BOLTAIL, [], []).legal                                     # untapped: not without it
    assert not attack(BONE, ["Chitta Peloru"], []).legal                         # not a Dragon


def test_melania_gives_his_creatures_blocker_once_he_has_no_shields():
    melania = tapped("Melania, Channeler of Suns")
    assert verdict([BONE], [], [melania, VEHICLE]) == "no_lethal"               # Aqua Vehicle blocks
    assert verdict([BONE], [], [VEHICLE]) == "lethal"
    # his last shield broken by Boltail: then the Vehicle blocks Bone Spider
    assert verdict([BOLTAIL, BONE], [VEHICLE], [melania, VEHICLE]) == "no_lethal"
    assert verdict([BOLTAIL, BONE], [VEHICLE], [VEHICLE]) == "lethal"
    # ours gives our creatures blocker, which changes nothing of our attacks
    assert verdict([BONE, "Melania, Channeler of Suns"], [], [VEHICLE]) == "lethal"


def test_siri_blocks_once_he_has_no_shields_its_end_of_turn_untap_never_matters():
    siri = "Siri, Glory Elemental"
    assert verdict([BONE], [], [siri]) == "no_lethal"
    assert verdict([BOLTAIL, BONE], [VEHICLE], [siri]) == "no_lethal"      # blocks once the last shield broke
    assert verdict([BOLTAIL, BONE], [VEHICLE, VEHICLE], [siri]) == "no_lethal"
    assert verdict([BOLTAIL, BONE, CRAGSAUR], [VEHICLE], [siri]) == "lethal"  # it blocks one of the two only
    assert verdict([BOLTAIL], [VEHICLE, VEHICLE], [siri]) == "no_lethal"
    assert verdict([BOLTAIL, BONE], [VEHICLE], []) == "lethal"


def test_burnwisp_lizard_gives_speed_attacker_to_silent_skill_creatures_only():
    burnwisp = "Burnwisp Lizard"
    baraid = {"card": "Baraid, the Explorer", "summoned_this_turn": True}     # a Silent skill creature
    plain = {"card": BONE, "summoned_this_turn": True}

    def attack(fresh: dict, ours: list) -> object:
        doc = pos(side(battle_zone=[fresh] + ours), side(shields=[VEHICLE]))
        return check(doc, f'attack "{fresh["card"]}" -> player')
    assert attack(baraid, [burnwisp]).legal
    assert not attack(baraid, []).legal                    # summoning sickness without it
    assert not attack(plain, [burnwisp]).legal             # no Silent skill: no speed attacker


def test_metal_cook_lets_every_creature_attack_untapped_multicolored_creatures():
    cook = "Metal Cook, the Exploding Flame Chef"   # fire 3000
    melnia = "Melnia, the Aqua Shadow"              # water and darkness 1000
    for mine in (True, False):                     # either player's Metal Cook
        ours, theirs = ([CRAGSAUR, cook], [melnia]) if mine else ([CRAGSAUR], [melnia, cook])
        doc = pos(side(battle_zone=ours), side(battle_zone=theirs))
        assert melnia not in zone(check(doc, f'attack "{CRAGSAUR}" -> "{melnia}"'), 1)
        doc["players"][1]["battle_zone"] = [VEHICLE] + ([] if mine else [cook])   # not multicolored
        assert "attack_impossible" in terms(check(doc, f'attack "{CRAGSAUR}" -> "{VEHICLE}"'))
    doc = pos(side(battle_zone=[CRAGSAUR]), side(battle_zone=[melnia]))
    assert "attack_impossible" in terms(check(doc, f'attack "{CRAGSAUR}" -> "{melnia}"'))
