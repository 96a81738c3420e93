"""Power modifiers that count mana zones and shields, and conditions on them, on the turn, on Wave
striker, Metamorph and Turbo rush (family power, grammar/abilities_power.lark; power.lp v_zone/3,
pm_if_*; lords.lp).  Real library cards: each modifier makes a battle won or lost, or a block
possible or not, where it must."""
from __future__ import annotations

from test_dm_helpers import check, pos, side

from oracle.duel_masters import lethal as L

VEHICLE = "Aqua Vehicle"       # water 1000
SHOOTER = "Aqua Shooter"       # water 2000 blocker
CRAGSAUR = "Cragsaur"          # fire 3000
BONE = "Bone Spider"           # darkness 5000, destroyed when it wins a battle (a mana card here)
SHEPHERD = "Tri-horn Shepherd"  # nature 5000, no text
BOLTAIL = "Boltail Dragon"     # fire 9000, double breaker
MANE = "Burning Mane"          # nature 2000


def tapped(name: str) -> dict:
    return {"card": name, "tapped": True}


def survivors(doc: dict, attack: str) -> tuple[str, str]:
    """The battle zones after the attack (ours, theirs)."""
    result = check(doc, attack)
    assert result.legal, result.text()
    text = result.text()
    return (text.split("P0 battle zone")[-1].split("\n")[0], text.split("P1 battle zone")[-1].split("\n")[0])


def verdict(ours: list, shields: list, theirs: list = ()) -> str:
    doc = pos(side(battle_zone=list(ours)), {**side(battle_zone=list(theirs)), "shields": shields})
    return L.answer(L.problem_from(doc, "<test>")).verdict


def test_magragran_counts_our_mana_cards():
    magragran = "Terradragon Magragran"   # 1000 +1000 for each card in your mana zone
    doc = pos(side(battle_zone=[magragran], mana_zone=[MANE] * 5), side(battle_zone=[tapped(SHEPHERD)]))
    ours, theirs = survivors(doc, f'attack "{magragran}" -> "{SHEPHERD}"')
    assert magragran in ours and SHEPHERD not in theirs                   # 6000 against 5000
    doc["players"][0]["mana_zone"] = [MANE] * 3
    ours, theirs = survivors(doc, f'attack "{magragran}" -> "{SHEPHERD}"')
    assert magragran not in ours and SHEPHERD in theirs                   # 4000


def test_angler_cluster_needs_a_mana_zone_all_water():
    angler = "Angler Cluster"             # water 3000 blocker, +3000 while all mana cards are water
    doc = pos(side(battle_zone=[SHEPHERD]), side(battle_zone=[tapped(angler)], mana_zone=[VEHICLE, SHOOTER]))
    ours, theirs = survivors(doc, f'attack "{SHEPHERD}" -> "{angler}"')
    assert SHEPHERD not in ours and angler in theirs                      # 6000 against 5000
    doc["players"][1]["mana_zone"] = [VEHICLE, MANE]
    ours, theirs = survivors(doc, f'attack "{SHEPHERD}" -> "{angler}"')
    assert SHEPHERD in ours and angler not in theirs                      # 3000 only


def test_dakma_balgarow_loses_power_as_the_shields_break():
    dakma = "Terradragon Dakma Balgarow"  # 1000 +2000 for each shield you and your opponent have
    # the opponent's Dakma with 2 + 2 shields is 9000: Boltail (9000) and Dakma destroy each other;
    # after Boltail's first attack breaks two of his shields, Dakma is 5000 when attacked
    doc = pos(side(battle_zone=[BOLTAIL], shields=[MANE, MANE]),
              side(battle_zone=[tapped(dakma)], shields=[VEHICLE, VEHICLE]))
    ours, theirs = survivors(doc, f'attack "{BOLTAIL}" -> "{dakma}"')
    assert BOLTAIL not in ours and dakma not in theirs
    doc["players"][0]["battle_zone"] = [BOLTAIL, "Bolshack Dragon"]
    result = check(doc, f'attack "{BOLTAIL}" -> player', f'attack "Bolshack Dragon" -> "{dakma}"')
    assert result.legal and dakma not in result.text().split("P1 battle zone")[-1].split("\n")[0]


def test_gazarias_dragon_with_no_shields_left():
    gazarias = "Gazarias Dragon"          # 4000; with no shields: +4000 and double breaker
    doc = pos(side(battle_zone=[gazarias], shields=[]), side(shields=[VEHICLE] * 3))
    assert "shields left: 1\n" in check(doc, f'attack "{gazarias}" -> player').text()
    doc["players"][0]["shields"] = [MANE]
    assert "shields left: 2\n" in check(doc, f'attack "{gazarias}" -> player').text()


def test_pala_olesis_strengthens_the_opponents_creatures_during_our_turn():
    pala = "Pala Olesis, Morning Guardian"   # during your opponent's turn, each of your other creatures +2000
    doc = pos(side(battle_zone=[SHEPHERD]), side(battle_zone=[tapped(CRAGSAUR), tapped(pala)]))
    ours, theirs = survivors(doc, f'attack "{SHEPHERD}" -> "{CRAGSAUR}"')
    assert SHEPHERD not in ours and CRAGSAUR not in theirs                 # 5000 against 5000
    ours_turn = pos(side(battle_zone=[SHEPHERD, tapped(pala)]), side(battle_zone=[tapped(CRAGSAUR)]))
    ours, theirs = survivors(ours_turn, f'attack "{SHEPHERD}" -> "{CRAGSAUR}"')
    assert SHEPHERD in ours and CRAGSAUR not in theirs                     # ours: not during our turn


def test_automobile_man_metamorph_with_seven_mana_cards():
    man = "Automobile Man"                # 2000; $metamorph +2000 and slayer
    doc = pos(side(battle_zone=[man], mana_zone=[BONE] * 7), side(battle_zone=[tapped(BOLTAIL)]))
    ours, theirs = survivors(doc, f'attack "{man}" -> "{BOLTAIL}"')
    assert BOLTAIL not in theirs                                           # slayer
    doc["players"][0]["mana_zone"] = [BONE] * 6
    ours, theirs = survivors(doc, f'attack "{man}" -> "{BOLTAIL}"')
    assert BOLTAIL in theirs


def test_asra_blocks_only_beside_two_other_wave_strikers():
    asra = "Asra, Vizier of Safety"       # wave striker: +4000 and blocker
    waves = ["Saliva Worm", "Ninja Pumpkin"]  # two other creatures with wave striker
    assert verdict([SHEPHERD], [], [asra, *map(tapped, waves)]) == "no_lethal"
    assert verdict([SHEPHERD], [], [asra, tapped(waves[0])]) == "lethal"


def test_senia_turbo_rush_after_another_creature_broke_a_shield():
    senia = "Senia, Orchard Avenger"      # turbo rush: +5000 and double breaker
    doc = pos(side(battle_zone=[senia, CRAGSAUR]), side(shields=[VEHICLE] * 4))
    after = check(doc, f'attack "{CRAGSAUR}" -> player', f'attack "{senia}" -> player')
    assert "shields left: 1\n" in after.text()                             # 1 + 2
    first = check(doc, f'attack "{senia}" -> player')
    assert "shields left: 3\n" in first.text()


def test_elixia_counts_the_civilizations_of_our_mana_zone():
    elixia = "Elixia, Pureblade Elemental"   # 1000 +3000 for each civilization in your mana zone
    doc = pos(side(battle_zone=[elixia], mana_zone=[BONE, CRAGSAUR, MANE]), side(battle_zone=[tapped(BOLTAIL)]))
    ours, theirs = survivors(doc, f'attack "{elixia}" -> "{BOLTAIL}"')
    assert elixia in ours and BOLTAIL not in theirs                        # 10000 against 9000
    doc["players"][0]["mana_zone"] = [BONE, BONE, BONE]
    ours, theirs = survivors(doc, f'attack "{elixia}" -> "{BOLTAIL}"')
    assert elixia not in ours


def test_a_reply_that_changes_a_counted_mana_zone_stops_the_attack_step():
    # Natural Snare (S-Trigger) puts one of our creatures into our mana zone: the other Cragsaur still
    # wins; beside Magragran, which counts our mana zone, such a reply is assumed to stop the attacks
    magragran = {"card": "Terradragon Magragran", "tapped": True}
    assert verdict([BOLTAIL, CRAGSAUR, CRAGSAUR], ["Natural Snare", VEHICLE]) == "lethal"
    assert verdict([BOLTAIL, CRAGSAUR, CRAGSAUR, magragran], ["Natural Snare", VEHICLE]) != "lethal"
    assert verdict([BOLTAIL, CRAGSAUR, magragran], [VEHICLE, VEHICLE]) == "lethal"


def test_ground_giant_counts_the_civilizations_of_the_battle_zones_creatures():
    # 1000 + 2000 for each civilization there; "whenever this creature has more than 6000 power, it
    # gets double breaker"
    def left(ours: list, theirs: list) -> str:
        doc = pos(side(battle_zone=["Ground Giant"] + ours),
                  {**side(battle_zone=[{"card": n, "tapped": True} for n in theirs]), "shields": [VEHICLE] * 3})
        result = check(doc, 'attack "Ground Giant" -> player')
        assert result.legal, result.text()
        return result.text()
    # nature, fire, water, darkness: 9000, two shields
    assert "shields left: 1\n" in left([CRAGSAUR], [VEHICLE, BONE])
    # nature, fire, water: 7000 -- more than 6000, two shields
    assert "shields left: 1\n" in left([CRAGSAUR], [VEHICLE])
    # nature and fire, however many creatures: 5000, one shield
    assert "shields left: 2\n" in left([CRAGSAUR, CRAGSAUR], [CRAGSAUR, MANE])


def test_cloud_mayfly_needs_a_mana_zone_all_nature():
    # while all cards in your mana zone are nature cards: +4000 power, double breaker, and can't be
    # blocked by creatures that have power 5000 or less
    mayfly = "Cloud Mayfly"               # nature 2000
    doc = pos(side(battle_zone=[mayfly], mana_zone=[MANE, SHEPHERD]),
              side(battle_zone=[tapped(SHEPHERD)], shields=[VEHICLE] * 3))
    ours, theirs = survivors(doc, f'attack "{mayfly}" -> "{SHEPHERD}"')
    assert mayfly in ours and SHEPHERD not in theirs                       # 6000 against 5000
    assert "shields left: 1\n" in check(doc, f'attack "{mayfly}" -> player').text()
    blocked = pos(side(battle_zone=[mayfly], mana_zone=[MANE]), {**side(battle_zone=[SHOOTER]), "shields": []})
    assert L.answer(L.problem_from(blocked, "<test>")).verdict == "lethal"
    for d in (doc, blocked):
        d["players"][0]["mana_zone"] = [MANE, BONE]
    ours, theirs = survivors(doc, f'attack "{mayfly}" -> "{SHEPHERD}"')
    assert mayfly not in ours and SHEPHERD in theirs                       # 2000 only
    assert "shields left: 2\n" in check(doc, f'attack "{mayfly}" -> player').text()
    assert L.answer(L.problem_from(blocked, "<test>")).verdict != "lethal"


def test_dynamite_peak_metamorph_while_tapped_lends_power_attacker_and_double_breaker():
    # $metamorph while this creature is tapped, each of your creatures in the battle zone gets
    # "power attacker +3000" and "double breaker": both conditions must hold
    peak = "Dynamite Peak"                # fire 3000
    doc = pos(side(battle_zone=[peak, CRAGSAUR], mana_zone=[BONE] * 7),
              side(battle_zone=[tapped(SHEPHERD)], shields=[VEHICLE] * 5))
    after = check(doc, f'attack "{peak}" -> player', f'attack "{CRAGSAUR}" -> player')
    assert "shields left: 1\n" in after.text()                             # 2 + 2: tapped when it attacks
    ours, theirs = survivors(doc, f'attack "{CRAGSAUR}" -> "{SHEPHERD}"')
    assert CRAGSAUR not in ours and SHEPHERD in theirs                     # Peak untapped: 3000
    doc["players"][0]["battle_zone"] = [tapped(peak), CRAGSAUR]
    ours, theirs = survivors(doc, f'attack "{CRAGSAUR}" -> "{SHEPHERD}"')
    assert CRAGSAUR in ours and SHEPHERD not in theirs                     # 6000 against 5000
    doc["players"][0]["mana_zone"] = [BONE] * 6
    ours, theirs = survivors(doc, f'attack "{CRAGSAUR}" -> "{SHEPHERD}"')
    assert CRAGSAUR not in ours and SHEPHERD in theirs
    doc["players"][0]["battle_zone"] = [peak, CRAGSAUR]
    after = check(doc, f'attack "{peak}" -> player', f'attack "{CRAGSAUR}" -> player')
    assert "shields left: 3\n" in after.text()
