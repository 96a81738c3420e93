"""Family "statics" (grammar/abilities_statics.lark, fx_statics.py): who may use a broken shield's
"shield trigger" ability (trigger_locks.lp) and more rules of who may attack whom
(attack_limits.lp).  Real library cards; each rule lets a line win, or stops it, in a position
where it must and where it must not."""
from __future__ import annotations

from test_dm_helpers import check, pos, side, tapped, terms

from oracle.duel_masters import lethal as L
from oracle.duel_masters import plays

BOLTAIL = "Boltail Dragon"      # fire 9000 Armored Dragon, double breaker
CRAGSAUR = "Cragsaur"           # fire 3000
VEHICLE = "Aqua Vehicle"        # water 1000: a blank shield
HOLY_AWE = "Holy Awe"           # light S-Trigger spell: tap all your opponent's creatures
TERROR_PIT = "Terror Pit"       # darkness S-Trigger spell: destroy one of your opponent's creatures
SHOOTER = "Aqua Shooter"        # water 2000 blocker


def verdict(ours: list, shields: list, theirs: list = ()) -> str:
    doc = pos(side(battle_zone=list(ours)), {**side(battle_zone=list(theirs)), "shields": shields})
    return L.answer(L.problem_from(doc, "<test>")).verdict


# --- S-Triggers that cannot be used ----------------------------------------------------------------
def test_gigabolver_forbids_light_s_triggers_only():
    # Boltail breaks both shields; Holy Awe would tap Cragsaur before its direct attack
    assert verdict([BOLTAIL, CRAGSAUR], [HOLY_AWE, VEHICLE]) != "lethal"
    assert verdict([BOLTAIL, "Gigabolver"], [HOLY_AWE, VEHICLE]) == "lethal"
    # Terror Pit is a darkness card: Gigabolver does not stop it (it destroys Gigabolver), Fu Reil does
    assert verdict([BOLTAIL, "Gigabolver"], [TERROR_PIT, VEHICLE]) != "lethal"
    assert verdict([BOLTAIL, "Fu Reil, Seeker of Storms"], [TERROR_PIT, VEHICLE]) == "lethal"


def test_cryptic_totem_stops_s_triggers_while_it_is_tapped():
    # the Totem attacks first (it taps) and breaks both shields: Holy Awe cannot be used
    assert verdict(["Cryptic Totem", CRAGSAUR], [HOLY_AWE, VEHICLE]) == "lethal"
    # the same breaks by Boltail while the Totem stays untapped: Holy Awe taps both
    assert verdict([BOLTAIL, CRAGSAUR, "Cryptic Totem"], [HOLY_AWE, VEHICLE, VEHICLE, VEHICLE, VEHICLE]) != "lethal"


def test_messiah_breaks_shields_whose_s_triggers_cannot_be_used():
    assert verdict(["Messiah, the Battlemaster", CRAGSAUR], [HOLY_AWE, VEHICLE, VEHICLE]) == "lethal"
    assert verdict([BOLTAIL, CRAGSAUR], [HOLY_AWE, VEHICLE]) != "lethal"  # (as above: Boltail does not)


def test_galamuta_attacking_locks_s_triggers_for_the_turn():
    # Galamuta attacks first; from then on Holy Awe cannot be used, whoever breaks it
    assert verdict(["Galamuta, Matchless Fear Lord", BOLTAIL, CRAGSAUR], [HOLY_AWE, VEHICLE, VEHICLE]) == "lethal"
    assert verdict([CRAGSAUR, BOLTAIL, CRAGSAUR], [HOLY_AWE, VEHICLE, VEHICLE]) != "lethal"


def test_a_position_at_the_shield_break_step_closes_the_window_of_a_locked_s_trigger():
    def triggers(blocker_side: list) -> list:
        doc = pos(side(battle_zone=blocker_side), side(shields=[{"card": "Amber Grass", "broken": True}]),
                  step="shield_break")
        return [p for p in plays(doc) if p.method == "shield_trigger"]
    assert triggers([CRAGSAUR])                       # Amber Grass (light S-Trigger creature) may be summoned
    assert not triggers(["Gigabolver"])               # not beside Gigabolver


# --- who may attack whom ------------------------------------------------------------------------------
def test_misha_cannot_be_attacked_by_dragons():
    doc = pos(side(battle_zone=[BOLTAIL, CRAGSAUR]), side(battle_zone=[tapped("Misha, Channeler of Suns")]))
    assert "cannot_be_attacked" in terms(check(doc, f'attack "{BOLTAIL}" -> "Misha, Channeler of Suns"'))
    assert check(doc, f'attack "{CRAGSAUR}" -> "Misha, Channeler of Suns"').legal


def test_pacific_champion_is_neither_attacked_nor_blocked_by_non_evolution_creatures():
    champion = "Pacific Champion"
    doc = pos(side(battle_zone=[CRAGSAUR, "Alcadeias, Lord of Spirits"]), side(battle_zone=[tapped(champion)]))
    assert "cannot_be_attacked" in terms(check(doc, f'attack "{CRAGSAUR}" -> "{champion}"'))
    assert check(doc, f'attack "Alcadeias, Lord of Spirits" -> "{champion}"').legal
    # attacking, it cannot be blocked by Aqua Shooter: it wins through; Cragsaur would be blocked
    assert verdict([champion], [], [SHOOTER]) == "lethal"
    assert verdict([CRAGSAUR], [], [SHOOTER]) == "no_lethal"


def test_bazooka_mutant_attacks_only_blockers():
    doc = pos(side(battle_zone=["Bazooka Mutant"]), side(battle_zone=[tapped(SHOOTER), tapped(CRAGSAUR)]))
    assert check(doc, f'attack "Bazooka Mutant" -> "{SHOOTER}"').legal
    assert "attacks_only_blockers" in terms(check(doc, f'attack "Bazooka Mutant" -> "{CRAGSAUR}"'))


def test_langren_cannot_attack_beside_another_untapped_creature_of_either_player():
    awake = pos(side(battle_zone=["Langren, the Lone Wolf"]), side(battle_zone=[VEHICLE], shields=[VEHICLE]))
    assert "attack_impossible" in terms(check(awake, 'attack "Langren, the Lone Wolf" -> player'))
    asleep = pos(side(battle_zone=["Langren, the Lone Wolf"]), side(battle_zone=[tapped(VEHICLE)], shields=[VEHICLE]))
    assert check(asleep, 'attack "Langren, the Lone Wolf" -> player').legal


def test_snip_striker_cannot_attack_while_the_opponent_has_more_creatures():
    more = pos(side(battle_zone=["Snip Striker Bullraizer"]), side(battle_zone=[VEHICLE, VEHICLE], shields=[VEHICLE]))
    assert "attack_impossible" in terms(check(more, 'attack "Snip Striker Bullraizer" -> player'))
    even = pos(side(battle_zone=["Snip Striker Bullraizer", CRAGSAUR]), side(battle_zone=[VEHICLE, VEHICLE], shields=[VEHICLE]))
    assert check(even, 'attack "Snip Striker Bullraizer" -> player').legal


def test_animatrain_cannot_attack_with_more_shields_than_the_opponent():
    beast = "Animatrain, the Daring Beast"
    ahead = pos(side(battle_zone=[beast], shields=[VEHICLE] * 3), side(shields=[VEHICLE] * 2))
    assert "attack_impossible" in terms(check(ahead, f'attack "{beast}" -> player'))
    level = pos(side(battle_zone=[beast], shields=[VEHICLE] * 2), side(shields=[VEHICLE] * 2))
    assert check(level, f'attack "{beast}" -> player').legal
    # the shields the opponent has left in the reply count: after Boltail breaks 2 of 4, 3 > 2
    later = pos(side(battle_zone=[BOLTAIL, beast], shields=[VEHICLE] * 3), side(shields=[VEHICLE] * 4))
    assert "attack_impossible" in terms(check(later, f'attack "{BOLTAIL}" -> player', f'attack "{beast}" -> player'))
    assert check(later, f'attack "{beast}" -> player').legal


def test_headlong_giant_needs_a_card_in_the_hand_to_attack():
    giant = "Headlong Giant"
    empty = pos(side(battle_zone=[giant]), side(shields=[VEHICLE]))
    assert "attack_impossible" in terms(check(empty, f'attack "{giant}" -> player'))
    assert check(pos(side(battle_zone=[giant], hand=[VEHICLE]), side(shields=[VEHICLE])), f'attack "{giant}" -> player').legal


def test_dione_denies_speed_attackers_and_lockdown_lizard_tap_abilities():
    fresh = {"card": "Bombat, General of Speed", "summoned_this_turn": True}
    doc = pos(side(battle_zone=[fresh]), side(battle_zone=["Dione"], shields=[VEHICLE]))
    assert "summoning_sickness" in terms(check(doc, 'attack "Bombat, General of Speed" -> player'))
    doc["players"][1]["battle_zone"] = [CRAGSAUR]
    assert check(doc, 'attack "Bombat, General of Speed" -> player').legal
    tap = pos(side(battle_zone=["Garatyano", "Lockdown Lizard"], deck=[CRAGSAUR] * 3))
    assert "tap_abilities_locked" in terms(check(tap, 'tap_ability "Garatyano"'))
    assert check(pos(side(battle_zone=["Garatyano"], deck=[CRAGSAUR] * 3)), 'tap_ability "Garatyano"').legal


def test_nariel_forbids_attacks_by_creatures_that_have_power_3000_or_more():
    doc = pos(side(battle_zone=[CRAGSAUR, VEHICLE]), side(battle_zone=["Nariel, the Oracle"], shields=[VEHICLE] * 2))
    assert "power_locked" in terms(check(doc, f'attack "{CRAGSAUR}" -> player'))     # 3000
    assert check(doc, f'attack "{VEHICLE}" -> player').legal                         # 1000
    # power it gets while attacking does not count (the reminder): Choya is 1000 + power attacker 1000
    choya = pos(side(battle_zone=["Choya, the Unheeding"]), side(battle_zone=["Nariel, the Oracle"], shields=[VEHICLE]))
    assert check(choya, 'attack "Choya, the Unheeding" -> player').legal
    # ours locks our own attacks as well
    own = pos(side(battle_zone=[CRAGSAUR, "Nariel, the Oracle"]), side(shields=[VEHICLE]))
    assert "power_locked" in terms(check(own, f'attack "{CRAGSAUR}" -> player'))
    # without it the attack is legal
    assert check(pos(side(battle_zone=[CRAGSAUR]), side(shields=[VEHICLE])), f'attack "{CRAGSAUR}" -> player').legal


def test_creatures_put_into_the_battle_zone_tapped_by_lu_gila_and_elupheus():
    vorg, balbaro = "Immortal Baron, Vorg", "Armored Cannon Balbaro"   # a fire Human; an evolution on a Human

    def summon_and_attack(theirs: list):
        doc = pos(side(hand=[balbaro], mana_zone=[CRAGSAUR] * 3, battle_zone=[vorg]),
                  side(battle_zone=theirs, shields=[VEHICLE]))
        return check(doc, f'summon "{balbaro}" on "{vorg}"', f'attack "{balbaro}" -> player')
    assert summon_and_attack([]).legal                                           # an evolution attacks at once
    lu_gila = {"card": "Lu Gila, Silver Rift Guardian", "tapped": True}
    assert not summon_and_attack([lu_gila]).legal                                # ... unless it entered tapped
    elupheus = {"card": "Elupheus, Lord of Spirits", "under": ["Aeris, Flight Elemental"], "tapped": True}
    assert not summon_and_attack([elupheus]).legal                               # his: our creatures enter tapped
    # ours: his S-Trigger blocker enters tapped and cannot block
    ours = {"card": "Elupheus, Lord of Spirits", "under": ["Aeris, Flight Elemental"]}
    doc = pos(side(battle_zone=[ours, BOLTAIL]), {**side(), "shields": ["Hunter Cluster"]})
    assert L.answer(L.problem_from(doc, "<test>")).verdict == "lethal"
    doc = pos(side(battle_zone=[BOLTAIL, CRAGSAUR]), {**side(), "shields": ["Hunter Cluster"]})
    assert L.answer(L.problem_from(doc, "<test>")).verdict == "no_lethal"


def test_brutal_revenger_attacks_only_with_seven_mana_cards():
    revenger = "Brutal Revenger"   # "This creature can't attack." and "$metamorph ... effect is ignored"

    def attack(mana: int):
        doc = pos(side(battle_zone=[revenger], mana_zone=[VEHICLE] * mana), side(shields=[VEHICLE]))
        return check(doc, f'attack "{revenger}" -> player')
    assert attack(7).legal
    assert "cannot_attack" in terms(attack(6))
