"""More rules of a battle read from the text (asp/duel_masters/battles.lp): "+N power while battling X
creatures", "CIV blocker" / "Dragon blocker" (it blocks such attackers only), "when this creature loses a
battle against a CIV creature, this creature isn't destroyed", Crew breaker; and lords over two races
("each of your other Chimeras and Armorloids ...").  Real library cards, legal and illegal."""
from __future__ import annotations

from test_dm_helpers import check, pos, side, tapped, zone_after

from oracle.duel_masters import lethal as L

CRAGSAUR = "Cragsaur"           # fire 3000, no text
VEHICLE = "Aqua Vehicle"        # water 1000, no text
BONE = "Bone Spider"            # darkness 5000, "when this creature wins a battle, destroy it"
WORM = "Hang Worm, Fetid Larva"  # darkness 4000, no text
BOLTAIL = "Boltail Dragon"      # fire 9000 Armored Dragon, double breaker


def verdict(ours: list, theirs: list) -> str:
    doc = pos(side(battle_zone=list(ours)), {**side(battle_zone=list(theirs)), "shields": []})
    return L.answer(L.problem_from(doc, "<test>")).verdict


def fight(attacker: str, defender: str):
    doc = pos(side(battle_zone=[attacker]), side(battle_zone=[tapped(defender)], shields=[VEHICLE]))
    return check(doc, f'attack "{attacker}" -> "{defender}"')


def test_brave_bell_gets_3000_while_battling_water_or_darkness_creatures():
    # 2000 + 3000 against the darkness Hang Worm (4000): it wins
    result = fight("Brave Bell", WORM)
    assert "Brave Bell" in zone_after(result, 0) and "Hang Worm" not in zone_after(result, 1)
    # against the fire Cragsaur (3000) it stays 2000 and loses
    result = fight("Brave Bell", CRAGSAUR)
    assert "Brave Bell" not in zone_after(result, 0) and CRAGSAUR in zone_after(result, 1)


def test_tajimal_gets_4000_while_battling_a_fire_creature():
    result = fight("Tajimal, Vizier of Aqua", "Whirling Warrior Malian")   # fire 6000: 8000 wins
    assert "Tajimal" in zone_after(result, 0) and "Malian" not in zone_after(result, 1)
    result = fight("Tajimal, Vizier of Aqua", WORM)                        # darkness 4000: a tie
    assert "Tajimal" not in zone_after(result, 0)


def test_sasha_blocks_dragons_only_and_gets_6000_against_them():
    assert verdict([BOLTAIL], ["Sasha, Channeler of Suns"]) == "no_lethal"    # it blocks the Dragon
    assert verdict([BONE], ["Sasha, Channeler of Suns"]) == "lethal"          # not the Bone Spider
    # Gaulezal Dragon (11000) attacking it: 9500 + 6000 destroy the Dragon
    result = fight("Gaulezal Dragon", "Sasha, Channeler of Suns")
    assert "Gaulezal" not in zone_after(result, 0) and "Sasha" in zone_after(result, 1)


def test_lurking_eel_blocks_fire_and_nature_creatures_only():
    assert verdict([CRAGSAUR], ["Lurking Eel"]) == "no_lethal"
    assert verdict([BONE], ["Lurking Eel"]) == "lethal"
    assert verdict([VEHICLE], ["Lurking Eel"]) == "lethal"


def test_amnis_is_not_destroyed_by_losing_to_a_darkness_creature():
    # Bone Spider (darkness 5000) against Amnis (5000), a tie: only the Spider is destroyed
    result = fight(BONE, "Amnis, Holy Elemental")
    assert BONE not in zone_after(result, 0) and "Amnis" in zone_after(result, 1)
    # Boltail Dragon (fire 9000) destroys it
    result = fight(BOLTAIL, "Amnis, Holy Elemental")
    assert "Boltail" in zone_after(result, 0) and "Amnis" not in zone_after(result, 1)


def test_ultimate_dragons_crew_breaker_counts_its_other_dragons():
    def left(ours: list) -> str:
        doc = pos(side(battle_zone=["Ultimate Dragon"] + ours), side(shields=[VEHICLE] * 4))
        result = check(doc, 'attack "Ultimate Dragon" -> player')
        assert result.legal, result.text()
        return result.text()
    assert "shields left: 1\n" in left([tapped(BOLTAIL), tapped("Gaulezal Dragon")])   # 1 + 2 shields
    assert "shields left: 3\n" in left([tapped(CRAGSAUR), tapped(BONE)])               # not Dragons: 1


def test_phantomach_gives_chimeras_and_armorloids_double_breaker():
    phantomach = {"card": "Phantomach, the Gigatrooper", "under": ["Gigazoul"], "tapped": True}

    def left(attacker: str) -> str:
        doc = pos(side(battle_zone=[phantomach, attacker]), side(shields=[VEHICLE] * 3))
        result = check(doc, f'attack "{attacker}" -> player')
        assert result.legal, result.text()
        return result.text()
    assert "shields left: 1\n" in left("Gigappi Ponto")      # a Chimera
    assert "shields left: 1\n" in left("Whirling Warrior Malian")   # an Armorloid
    assert "shields left: 2\n" in left(CRAGSAUR)


def test_hydroozes_cyber_lords_or_hedrians_cannot_be_blocked():
    hydrooze = {"card": "Hydrooze, the Mutant Emperor", "under": ["Mudman"], "tapped": True}
    assert verdict([hydrooze, "Electro Explorer Syrion"], ["Aqua Shooter"]) == "lethal"   # a Cyber Lord
    assert verdict([hydrooze, "Sea Mutant Dormel"], ["Aqua Shooter"]) == "lethal"         # a Hedrian
    assert verdict([hydrooze, CRAGSAUR], ["Aqua Shooter"]) == "no_lethal"


def test_marshias_wins_all_battles_but_slayer_still_destroys_it():
    result = fight("Marshias, Spirit of the Sun", BOLTAIL)      # 2000 against 9000
    assert "Marshias" in zone_after(result, 0) and "Boltail" not in zone_after(result, 1)
    result = fight("Marshias, Spirit of the Sun", "Gigagiele")  # darkness 3000 slayer
    assert "Marshias" not in zone_after(result, 0) and "Gigagiele" not in zone_after(result, 1)
    # it wins the battle: a "when this creature wins a battle" of the loser does not trigger -- Bone
    # Spider, which destroys itself when it wins, is just destroyed by losing
    result = fight(BONE, "Marshias, Spirit of the Sun")
    assert BONE not in zone_after(result, 0) and "Marshias" in zone_after(result, 1)


def test_dyno_mantis_makes_our_other_creatures_of_power_5000_or_more_break_one_more_shield():
    def left(attacker: str) -> str:
        doc = pos(side(battle_zone=["Dyno Mantis, the Mightspinner", attacker]), side(shields=[VEHICLE] * 4))
        result = check(doc, f'attack "{attacker}" -> player')
        assert result.legal, result.text()
        return result.text()
    assert "shields left: 1\n" in left(BOLTAIL)        # 9000, double breaker: 3
    assert "shields left: 2\n" in left(BONE)           # 5000: 2
    assert "shields left: 3\n" in left(CRAGSAUR)       # 3000: 1
    # the opponent's Dyno Mantis gives ours nothing
    doc = pos(side(battle_zone=[BONE]), side(battle_zone=["Dyno Mantis, the Mightspinner"], shields=[VEHICLE] * 4))
    assert "shields left: 3\n" in check(doc, f'attack "{BONE}" -> player').text()
