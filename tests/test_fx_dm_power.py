"""Family "power" (grammar/abilities_power.lark, fx_power.py, asp/duel_masters/power.lp): continuous
power modifiers and the breakers a creature has while a condition holds, in the battle, in the targets
of an effect and in Revenge Chance.  Real library cards, legal and illegal; where a rule has no card
the library reads whole, a position-defined card carries the printed sentence of a real one."""
from __future__ import annotations

import oracle.duel_masters.lethal as L
from oracle.duel_masters import effects, plays  # the function (imported before the plays module shadows it)
from test_dm_helpers import check, pos, side, tapped, terms, zone_after
from test_dm_keywords import lib, races  # noqa: F401  (the module's library and race fixtures)

CRAGSAUR = "Cragsaur"           # fire 3000
VEHICLE = "Aqua Vehicle"        # water 1000, no ability
CACTUS = "Exploding Cactus"     # nature 2000; +2000 while you have a light creature
IOCANT = "Iocant, the Oracle"   # light 2000, blocker (its own bonus needs an Angel Command)


def test_the_power_lines_are_read(lib, races):
    def read(name):
        reading = effects.read(lib.get(name), races)
        assert not reading.unsupported, reading.unsupported
        return [a for a in reading.abilities if a[0].startswith("pow")]
    assert read(CACTUS) == [("pow", 2000, "always", "self", None, ("count", "you", (("civ", "light"),), 1, 99))]
    galsaur = read("Galsaur")
    assert [a[0] for a in galsaur] == ["pow", "pow_breaker"] and galsaur[0][2] == "attacking"
    assert read("Keeper of the Sunlit Abyss")[0][3] == ("lord", "any", (("civ_or", "light", "darkness"),))
    # a race phrase is read with the library's races; a printed power of 0 and a negative modifier
    # are read (power_zero.lp reports a power of 0 or less: tests/test_fx_dm_power_zero.py)
    assert read("Armored Blaster Valdios")[0][3][2][1][0] == "race"
    assert read("Pattern Egg")[0][1] == -1000


def test_a_condition_on_the_battle_zone_changes_who_wins_the_battle():
    # Cragsaur (3000) attacks a tapped Exploding Cactus: 2000 alone, 4000 beside a light creature.
    alone = pos(side(battle_zone=[CRAGSAUR]), side(battle_zone=[tapped(CACTUS)], shields=[VEHICLE]))
    result = check(alone, f'attack "{CRAGSAUR}" -> "{CACTUS}"')
    assert CACTUS not in zone_after(result, 1) and CRAGSAUR in zone_after(result, 0)
    lit = pos(side(battle_zone=[CRAGSAUR]), side(battle_zone=[tapped(CACTUS), tapped(IOCANT)], shields=[VEHICLE]))
    result = check(lit, f'attack "{CRAGSAUR}" -> "{CACTUS}"')
    assert CACTUS in zone_after(result, 1) and CRAGSAUR not in zone_after(result, 0)


def test_a_lord_raises_the_creatures_it_names_of_both_players():
    # Keeper of the Sunlit Abyss: light and darkness creatures in the battle zone get +1000.  Iocant
    # (light 2000) attacked by Cragsaur (fire 3000): destroyed alone, survives (3000 = 3000: both
    # destroyed) ... and with the Keeper on our side Cragsaur (fire) gets nothing.
    doc = pos(side(battle_zone=[CRAGSAUR]), side(battle_zone=[tapped(IOCANT)], shields=[VEHICLE]))
    result = check(doc, f'attack "{CRAGSAUR}" -> "{IOCANT}"')
    assert IOCANT not in zone_after(result, 1) and CRAGSAUR in zone_after(result, 0)
    keeper = pos(side(battle_zone=[CRAGSAUR, "Keeper of the Sunlit Abyss"]),
                 side(battle_zone=[tapped(IOCANT)], shields=[VEHICLE]))
    result = check(keeper, f'attack "{CRAGSAUR}" -> "{IOCANT}"')
    assert IOCANT not in zone_after(result, 1) and CRAGSAUR not in zone_after(result, 0)


def test_while_attacking_counts_only_for_the_attacker():
    # Launch Locust (2000): +1000 while attacking for each other creature you have.  It attacks a
    # tapped Aqua Shooter (2000): with one other creature of ours it wins, alone both are destroyed.
    two = pos(side(battle_zone=["Launch Locust", VEHICLE]), side(battle_zone=[tapped("Aqua Shooter")], shields=[VEHICLE]))
    result = check(two, 'attack "Launch Locust" -> "Aqua Shooter"')
    assert "Launch Locust" in zone_after(result, 0) and "Aqua Shooter" not in zone_after(result, 1)
    alone = pos(side(battle_zone=["Launch Locust"]), side(battle_zone=[tapped("Aqua Shooter")], shields=[VEHICLE]))
    result = check(alone, 'attack "Launch Locust" -> "Aqua Shooter"')
    assert "Launch Locust" not in zone_after(result, 0) and "Aqua Shooter" not in zone_after(result, 1)


def test_an_effect_targets_by_the_modified_power():
    # Tornado Flame destroys an opponent's creature with power 4000 or less.  Zahaku (2000) gets
    # +3000 for each of its opponent's tapped creatures: with one of ours tapped it has 5000.
    mana = [{"card": CRAGSAUR, "tapped": False}] * 5
    zahaku = "Fallen Monk of the Bloodstained Soil, Zahaku"
    calm = pos(side(hand=["Tornado Flame"], mana_zone=mana, battle_zone=[VEHICLE]), side(battle_zone=[zahaku]))
    paying = ", ".join(f'"{CRAGSAUR}"' for _ in range(5))
    assert check(calm, f'cast "Tornado Flame" paying {paying} targeting "{zahaku}"').legal
    angry = pos(side(hand=["Tornado Flame"], mana_zone=mana, battle_zone=[tapped(VEHICLE)]), side(battle_zone=[zahaku]))
    assert "not_a_target" in terms(check(angry, f'cast "Tornado Flame" paying {paying} targeting "{zahaku}"'))


def test_a_breaker_gained_while_alone():
    # Galsaur: while you have no other creatures, "power attacker +4000" and "double breaker".
    alone = pos(side(battle_zone=["Galsaur"]), side(shields=[VEHICLE, VEHICLE, VEHICLE]))
    assert "shields left: 1\n" in check(alone, 'attack "Galsaur" -> player').text()
    duo = pos(side(battle_zone=["Galsaur", CRAGSAUR]), side(shields=[VEHICLE, VEHICLE, VEHICLE]))
    assert "shields left: 2\n" in check(duo, 'attack "Galsaur" -> player').text()
    # With another creature it breaks one shield: two attacks do not empty two shields and win.
    duo = pos(side(battle_zone=["Galsaur", CRAGSAUR]), side(shields=[VEHICLE, VEHICLE]))
    assert L.answer(L.problem_from(duo, "<test>")).verdict == "no_lethal"
    trio = pos(side(battle_zone=["Galsaur", CRAGSAUR]), side(shields=[VEHICLE]))
    assert L.answer(L.problem_from(trio, "<test>")).verdict == "lethal"


# Position-defined cards with the printed sentences of real ones (Cloned Spike-Horn's breaker, whose
# own bonus counts graveyards; Rentia's "while blocking"), where no card the library reads whole has it.
SPIKE = {"name": "Spike Counter (position-defined)", "civilizations": ["Nature"], "cost": 5, "type": "Creature",
         "races": ["Horned Beast"], "power": 4000,
         "text": "While attacking, this creature gets +1000 power for each other creature you have in the battle zone.\n"
                 "While this creature has power 6000 or more, it has \"double breaker.\""}
GUARD = {"name": "Rentia Guard (position-defined)", "civilizations": ["Light"], "cost": 3, "type": "Creature",
         "races": ["Gladiator"], "power": 2500,
         "text": "Blocker\nWhenever an opponent's creature attacks, this creature blocks if able.\n"
                 "While blocking, this creature gets +3000 power."}


def test_a_breaker_while_the_power_is_high_enough():
    def left(others):
        doc = pos(side(battle_zone=[SPIKE["name"]] + others), side(shields=[VEHICLE] * 3), cards=[SPIKE])
        return check(doc, f'attack "{SPIKE["name"]}" -> player').text()
    assert "shields left: 2\n" in left([VEHICLE])              # 5000 while attacking: one shield
    assert "shields left: 1\n" in left([VEHICLE, CRAGSAUR])    # 6000: double breaker


def test_while_blocking_counts_for_the_blocker():
    # The guard must block (2500, 5500 while blocking): Cragsaur (3000) loses the battle.
    doc = pos(side(battle_zone=[CRAGSAUR]), side(battle_zone=[GUARD["name"]], shields=[VEHICLE]), cards=[GUARD])
    result = check(doc, f'attack "{CRAGSAUR}" -> player')
    assert GUARD["name"] in zone_after(result, 1) and CRAGSAUR not in zone_after(result, 0)
    # Bolshack-sized attackers still win: Boltail Dragon (9000) destroys it.
    doc = pos(side(battle_zone=["Boltail Dragon"]), side(battle_zone=[GUARD["name"]], shields=[VEHICLE]), cards=[GUARD])
    result = check(doc, 'attack "Boltail Dragon" -> player')
    assert GUARD["name"] not in zone_after(result, 1) and "Boltail Dragon" in zone_after(result, 0)


def test_revenge_chance_reads_the_modified_power():
    avenger = {"name": "Power Avenger (position-defined)", "civilizations": ["Nature"], "cost": 7,
               "type": "Creature", "races": ["Dreammate"], "power": 5000,
               "text": "Revenge Chance—At the end of each player's turn, if your opponent has a creature in the "
                       "battle zone that costs 11 or more or has 4000 power or more, you may summon this "
                       "creature for no cost."}
    def found(board):
        doc = pos(side(battle_zone=board), side(hand=[avenger["name"]]), step="end", cards=[avenger])
        return [p.method for p in plays(doc) if p.action == "summon"]
    assert found([CACTUS]) == []                          # 2000
    assert found([CACTUS, IOCANT]) == ["revenge_chance"]  # 4000 beside a light creature


# --- "... until the end of the turn" (asp/duel_masters/buffs.lp) ---------------------------------
MANE = "Burning Mane"   # nature 2000
FIRE = "Cragsaur"       # as a fire mana card


def test_a_spell_gives_power_until_the_end_of_the_turn():
    # Glory Muscle: +4000 to one of our creatures.  Cragsaur (3000 -> 7000) beats a tapped Seamine (4000).
    doc = pos(side(hand=["Glory Muscle"], mana_zone=[MANE], battle_zone=[CRAGSAUR]),
              side(battle_zone=[tapped("Seamine")], shields=[VEHICLE]))
    result = check(doc, f'cast "Glory Muscle" paying "{MANE}" targeting "{CRAGSAUR}"', f'attack "{CRAGSAUR}" -> "Seamine"')
    assert CRAGSAUR in zone_after(result, 0) and "Seamine" not in zone_after(result, 1)
    result = check(doc, f'attack "{CRAGSAUR}" -> "Seamine"')
    assert CRAGSAUR not in zone_after(result, 0) and "Seamine" in zone_after(result, 1)
    # Protective Force gives its +4000 only to a creature that has "blocker"
    force = pos(side(hand=["Protective Force"], mana_zone=[IOCANT], battle_zone=[CRAGSAUR]), side(shields=[VEHICLE]))
    assert "not_a_target" in terms(check(force, f'cast "Protective Force" paying "{IOCANT}" targeting "{CRAGSAUR}"'))


def test_speed_attacker_until_the_end_of_the_turn():
    fresh = {"card": CRAGSAUR, "summoned_this_turn": True}
    doc = pos(side(hand=["Supersonic Jet Pack"], mana_zone=[FIRE], battle_zone=[fresh]), side(shields=[VEHICLE]))
    assert "summoning_sickness" in terms(check(doc, f'attack "{CRAGSAUR}" -> player'))
    assert check(doc, f'cast "Supersonic Jet Pack" paying "{FIRE}" targeting "{CRAGSAUR}"',
                 f'attack "{CRAGSAUR}" -> player').legal


def test_double_breaker_and_slayer_until_the_end_of_the_turn():
    gazer = pos(side(hand=["Magma Gazer"], mana_zone=[FIRE] * 3, battle_zone=[CRAGSAUR]), side(shields=[VEHICLE] * 3))
    paying = ", ".join([f'"{FIRE}"'] * 3)
    result = check(gazer, f'cast "Magma Gazer" paying {paying} targeting "{CRAGSAUR}"', f'attack "{CRAGSAUR}" -> player')
    assert "shields left: 1\n" in result.text()
    assert "shields left: 2\n" in check(gazer, f'attack "{CRAGSAUR}" -> player').text()
    # Venom Charger: Aqua Vehicle (1000) with slayer takes a tapped Seamine (4000) with it
    bone = "Bone Spider"   # a darkness card to pay with
    venom = pos(side(hand=["Venom Charger"], mana_zone=[bone] * 3, battle_zone=[VEHICLE]),
                side(battle_zone=[tapped("Seamine")], shields=[VEHICLE]))
    paying = ", ".join([f'"{bone}"'] * 3)
    result = check(venom, f'cast "Venom Charger" paying {paying} targeting "{VEHICLE}"', f'attack "{VEHICLE}" -> "Seamine"')
    assert "Seamine" not in zone_after(result, 1)
    assert "Seamine" in zone_after(check(venom, f'attack "{VEHICLE}" -> "Seamine"'), 1)


def test_a_tap_ability_makes_water_creatures_unblockable_for_lethal():
    # King Benthos taps: our water creatures can't be blocked; two blockers stop nothing then.
    blockers = {**side(battle_zone=["Aqua Shooter", "Aqua Shooter"]), "shields": []}
    answer = L.answer(L.problem_from(pos(side(battle_zone=["King Benthos", VEHICLE]), blockers), "<test>"))
    assert answer.verdict == "lethal" and "tap_ability" in answer.text()
    # a fire creature gets nothing from it
    answer = L.answer(L.problem_from(pos(side(battle_zone=["King Benthos", CRAGSAUR]), blockers), "<test>"))
    assert answer.verdict == "no_lethal"


def test_the_opponents_s_trigger_with_a_grant_stops_the_attack_step():
    # Protective Force in the shields (+4000 to one of his blockers): not followed, assumed to stop us.
    doc = pos(side(battle_zone=[CRAGSAUR, "Boltail Dragon"]), side(shields=["Protective Force"]))
    answer = L.answer(L.problem_from(doc, "<test>"))
    assert answer.verdict != "lethal"
    blank = pos(side(battle_zone=[CRAGSAUR, "Boltail Dragon"]), side(shields=[VEHICLE]))
    assert L.answer(L.problem_from(blank, "<test>")).verdict == "lethal"


def test_no_evolution_on_a_creature_that_got_something():
    vorg = "Immortal Baron, Vorg"          # fire Human 2000
    balbaro = "Armored Cannon Balbaro"     # evolution on a Human, fire 3
    doc = pos(side(hand=["Glory Muscle", balbaro], mana_zone=[MANE] + [FIRE] * 3, battle_zone=[vorg]), side(shields=[VEHICLE]))
    paying = ", ".join([f'"{FIRE}"'] * 3)
    assert check(doc, f'summon "{balbaro}" paying {paying} on "{vorg}"').legal
    result = check(doc, f'cast "Glory Muscle" paying "{MANE}" targeting "{vorg}"', f'summon "{balbaro}" paying {paying} on "{vorg}"')
    assert "buffed_base" in terms(result)


def test_survivor_breakers_and_power_attacker_are_each_survivors():
    def left(board):
        doc = pos(side(battle_zone=board), side(shields=[VEHICLE] * 3))
        return check(doc, f'attack "{board[0]}" -> player').text()
    assert "shields left: 1\n" in left(["Blazosaur Q", "Bladerush Skyterror Q"])   # a Survivor: double breaker
    assert "shields left: 2\n" in left(["Blazosaur Q"])
    assert "shields left: 2\n" in left([CRAGSAUR, "Bladerush Skyterror Q"])        # not a Survivor


def test_a_lord_gives_breakers_to_a_race():
    # Chaotic Skyterror: each Demon Command has "power attacker +4000" and "double breaker".
    zahaku = "Fallen Monk of the Bloodstained Soil, Zahaku"   # a Demon Command
    doc = pos(side(battle_zone=[zahaku, "Chaotic Skyterror"]), side(shields=[VEHICLE] * 3))
    assert "shields left: 1\n" in check(doc, f'attack "{zahaku}" -> player').text()
    doc = pos(side(battle_zone=[zahaku]), side(shields=[VEHICLE] * 3))
    assert "shields left: 2\n" in check(doc, f'attack "{zahaku}" -> player').text()


def test_a_spell_makes_a_creature_unblockable_for_lethal():
    blocker = {**side(battle_zone=["Aqua Shooter"]), "shields": []}
    light = [{"card": "Iocant, the Oracle", "tapped": False}] * 3
    doc = pos(side(hand=["Sonic Wing"], mana_zone=light, battle_zone=[CRAGSAUR]), blocker)
    answer = L.answer(L.problem_from(doc, "<test>"))
    assert answer.verdict == "lethal" and "Sonic Wing" in answer.text()
    doc = pos(side(mana_zone=light, battle_zone=[CRAGSAUR]), blocker)
    assert L.answer(L.problem_from(doc, "<test>")).verdict == "no_lethal"
