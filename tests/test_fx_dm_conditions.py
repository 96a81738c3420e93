"""Family "conditions" (grammar/abilities_conditions.lark, oracle/duel_masters/fx_conditions.py,
asp/duel_masters/conditions.lp): effects that resolve only if a condition holds, Metamorph, and
the mana returns of the family "cards".  Real library cards, legal and illegal."""
from __future__ import annotations

from test_dm_helpers import check, pos, side, untapped


GLORY_STONE = "Glory Stone"    # light 1: if the opponent has more mana cards, the top card into our mana zone
BEROCHIKA = "Berochika, Channeler of Suns"  # light 5, enters: if 5+ shields, the top card onto the shields
RIAS = "Rias, Vizier of Recovery"  # light 3, $metamorph (7+ mana cards) enters: you may draw a card
BUBBLE_LAMP = "Bubble Lamp"    # water 2, enters: if a Bubble Lamp is in your graveyard, you may draw a card
ZALMEZ = "Explosive Trooper Zalmez"  # fire 3, enters: if the opponent has 2 or fewer shields, may destroy <= 3000
CLONE_FACTORY = "Clone Factory"  # water 3: return up to 2 cards from your mana zone to your hand
EMERALD = "Emerald Grass"      # light 3000 blocker
BRONZE = "Bronze-Arm Tribe"    # nature creature
MANE = "Burning Mane"          # nature 2, no text
SHOOTER = "Aqua Shooter"       # water 2000 blocker
CRAGSAUR = "Cragsaur"          # fire 3000


def zone_after(result, player: int, zone: str) -> list[str]:
    cards = result.steps[-1].position["players"][player].get(zone, [])
    return [c if isinstance(c, str) else c["card"] for c in cards]


def test_glory_stone_boosts_only_when_the_opponent_has_more_mana():
    doc = pos(side(hand=[GLORY_STONE, MANE], mana_zone=untapped(EMERALD, BRONZE), deck=[BRONZE]),
              side(mana_zone=untapped(CRAGSAUR, CRAGSAUR, CRAGSAUR)))
    steps = (f'cast "{GLORY_STONE}" paying "{EMERALD}"', f'summon "{MANE}"')
    assert check(doc, *steps).legal
    doc["players"][1]["mana_zone"] = untapped(CRAGSAUR, CRAGSAUR)  # 2 against our 2: no boost
    result = check(doc, *steps)
    assert not result.legal and "not_enough_mana" in " ".join(result.steps[-1].terms)


def test_berochika_adds_a_shield_with_five_shields_and_not_with_four():
    doc = pos(side(hand=[BEROCHIKA], mana_zone=untapped(*[EMERALD] * 5), shields=[MANE] * 5, deck=[CRAGSAUR]))
    ok = check(doc, f'summon "{BEROCHIKA}"')
    assert ok.legal and len(zone_after(ok, 0, "shields")) == 6 and zone_after(ok, 0, "deck") == []
    doc["players"][0]["shields"] = [MANE] * 4
    ok = check(doc, f'summon "{BEROCHIKA}"')
    assert ok.legal and len(zone_after(ok, 0, "shields")) == 4 and zone_after(ok, 0, "deck") == [CRAGSAUR]


def test_rias_draws_only_with_metamorph():
    mana = untapped(*[EMERALD] * 4, *[BRONZE] * 3)  # 7 cards
    doc = pos(side(hand=[RIAS], mana_zone=mana, deck=[MANE]))
    assert check(doc, f'summon "{RIAS}"', f'summon "{MANE}"').legal
    doc["players"][0]["mana_zone"] = mana[1:]  # 6 cards: no $metamorph ability
    assert not check(doc, f'summon "{RIAS}"', f'summon "{MANE}"').legal


def test_bubble_lamp_draws_only_with_a_bubble_lamp_in_the_graveyard():
    mana = untapped(SHOOTER, SHOOTER, BRONZE, BRONZE)
    doc = pos(side(hand=[BUBBLE_LAMP], mana_zone=mana, deck=[MANE], graveyard=[BUBBLE_LAMP]))
    assert check(doc, f'summon "{BUBBLE_LAMP}"', f'summon "{MANE}"').legal
    doc["players"][0]["graveyard"] = [SHOOTER]
    assert not check(doc, f'summon "{BUBBLE_LAMP}"', f'summon "{MANE}"').legal


def test_zalmez_destroys_only_when_the_opponent_has_two_shields_or_fewer():
    doc = pos(side(hand=[ZALMEZ], mana_zone=untapped(*[CRAGSAUR] * 3)),
              side(battle_zone=[SHOOTER], shields=[MANE, MANE]))
    ok = check(doc, f'summon "{ZALMEZ}" targeting "{SHOOTER}"')
    assert ok.legal and zone_after(ok, 1, "battle_zone") == []
    doc["players"][1]["shields"] = [MANE] * 3
    assert not check(doc, f'summon "{ZALMEZ}" targeting "{SHOOTER}"').legal


def test_clone_factory_returns_two_mana_cards_and_one_is_summoned():
    doc = pos(side(hand=[CLONE_FACTORY], mana_zone=untapped(SHOOTER, SHOOTER, SHOOTER, MANE, BRONZE, BRONZE)))
    ok = check(doc, f'cast "{CLONE_FACTORY}" paying "{SHOOTER}", "{SHOOTER}", "{SHOOTER}"',
               f'summon "{MANE}" paying "{BRONZE}", "{BRONZE}"')
    assert ok.legal, ok.text()
    # without the spell Burning Mane stays in the mana zone
    assert not check(doc, f'summon "{MANE}" paying "{BRONZE}", "{BRONZE}"').legal


TRICKSTER = "Aqua Trickster"   # water 2, Wave striker: when put into the battle zone, tap one of the opponent's creatures
MELON = "Macho Melon"          # nature 2, a creature with Wave striker


def test_aqua_trickster_taps_only_with_two_other_wave_strikers_in_the_battle_zone():
    doc = pos(side(hand=[TRICKSTER], mana_zone=untapped(SHOOTER, SHOOTER), battle_zone=[MELON]),
              side(battle_zone=[MELON, {"card": EMERALD, "tapped": False}]))  # either player's count
    ok = check(doc, f'summon "{TRICKSTER}" targeting "{EMERALD}"')
    assert ok.legal, ok.text()
    assert [c for c in ok.steps[-1].position["players"][1]["battle_zone"] if c["card"] == EMERALD][0]["tapped"]
    doc["players"][1]["battle_zone"] = [{"card": EMERALD, "tapped": False}]  # one other wave striker only
    assert not check(doc, f'summon "{TRICKSTER}" targeting "{EMERALD}"').legal


def test_survivor_and_turbo_rush_abilities_count_only_where_harmless():
    from oracle.duel_masters import effects
    from oracle.duel_masters.cards import library
    lib = library()
    races = frozenset(r for c in lib.cards for r in c.races)

    def counted(name):
        card = lib.get(name)
        reading = effects.read(card, races)
        return not reading.unsupported and all(effects.played(a) for a in reading.abilities)
    # "Survivor: whenever this creature attacks, you may draw a card": harmless on any Survivor
    assert counted("Split-Head Hydroturtle Q") and counted("Gigaclaws")
    # a Turbo rush attack trigger that destroys would change what a line can do: not played, not counted
    assert not counted("Slaphappy Soldier Galback")
    # "Survivor: speed attacker" is every Survivor's: a lord's keyword (lords.lp, tests/test_fx_dm_lords.py),
    # not Rumblesaur's own speed attacker
    assert counted("Rumblesaur Q")
    facts = [str(f) for f in effects.card_facts(lib.get("Rumblesaur Q"), races)]
    assert not any(f.startswith("speed_attacker") for f in facts) and any(f.startswith("gkw(") for f in facts)


# --- more conditions (fx_conditions.py, conditions.lp) -------------------------------------------
def test_apocalypse_day_needs_six_creatures_in_the_battle_zone():
    from test_dm_helpers import check, pos, side, untapped
    light = ["Emerald Grass"] * 6
    six = pos(side(hand=["Apocalypse Day"], mana_zone=untapped(*light), battle_zone=["Cragsaur"] * 3),
              side(battle_zone=["Aqua Vehicle"] * 3))
    result = check(six, 'cast "Apocalypse Day"')
    assert result.legal and result.steps[-1].position["players"][1]["battle_zone"] == []
    five = pos(side(hand=["Apocalypse Day"], mana_zone=untapped(*light), battle_zone=["Cragsaur"] * 2),
               side(battle_zone=["Aqua Vehicle"] * 3))
    assert len(check(five, 'cast "Apocalypse Day"').steps[-1].position["players"][1]["battle_zone"]) == 3


def test_illusionary_merfolk_draws_beside_a_cyber_lord_only():
    from test_dm_helpers import check, pos, side, untapped
    merfolk, tulk = "Illusionary Merfolk", "Tulk, the Oracle"
    water = ["Aqua Vehicle"] * 5
    doc = pos(side(hand=[merfolk], mana_zone=untapped(*water, "Emerald Grass"), battle_zone=["Corile"], deck=[tulk]))
    assert check(doc, f'summon "{merfolk}" paying ' + ", ".join(f'"{w}"' for w in water), f'summon "{tulk}"').legal
    doc["players"][0]["battle_zone"] = ["Cragsaur"]   # not a Cyber Lord
    assert not check(doc, f'summon "{merfolk}" paying ' + ", ".join(f'"{w}"' for w in water), f'summon "{tulk}"').legal


def test_deep_juggler_draws_when_attacking_with_a_mana_zone_all_water():
    from test_dm_helpers import check, pos, side
    doc = pos(side(battle_zone=["Deep Juggler"], mana_zone=["Aqua Vehicle"], deck=["Cragsaur"]), side(shields=["Aqua Vehicle"]))
    hand = check(doc, 'attack "Deep Juggler" -> player').steps[-1].position["players"][0]["hand"]
    assert len(hand) == 1
    doc["players"][0]["mana_zone"] = ["Cragsaur"]
    assert check(doc, 'attack "Deep Juggler" -> player').steps[-1].position["players"][0]["hand"] == []


def test_get_ready_draws_up_to_the_opponents_hand_size():
    from test_dm_helpers import check, pos, side, untapped
    doc = pos(side(hand=["Get Ready", "Cragsaur"], mana_zone=untapped(*["Emerald Grass"] * 5), deck=["Aqua Vehicle"] * 5),
              side(hand=["Aqua Vehicle"] * 4))
    assert len(check(doc, 'cast "Get Ready"').steps[-1].position["players"][0]["hand"]) == 4   # 1 + 3
    doc["players"][1]["hand"] = ["Aqua Vehicle"]
    assert len(check(doc, 'cast "Get Ready"').steps[-1].position["players"][0]["hand"]) == 1   # not more: none


def test_flame_trooper_goliacs_misprinted_wave_striker_head_is_read():
    # "When you put this creature is put into battle zone, destroy one of your opponent's creatures that
    # has power 5000 or less": with two other wave strikers only
    goliac = "Flame Trooper Goliac"
    doc = pos(side(hand=[goliac], mana_zone=untapped(*["Cragsaur"] * 5), battle_zone=[MELON, MELON]),
              side(battle_zone=[SHOOTER]))
    ok = check(doc, f'summon "{goliac}" targeting "{SHOOTER}"')
    assert ok.legal, ok.text()
    assert ok.steps[-1].position["players"][1]["battle_zone"] == []
    doc["players"][0]["battle_zone"] = [MELON]
    assert not check(doc, f'summon "{goliac}" targeting "{SHOOTER}"').legal


def test_kilstine_wave_striker_lord_with_two_other_wave_strikers():
    # "Wave striker: each of your other creatures in battle zone gets +5000 power and has "blocker" and
    # "double breaker"" (a misprint: "in battle zone")
    def left(melons: int) -> str:
        doc = pos(side(battle_zone=["Kilstine, Nebula Elemental", CRAGSAUR] + [MELON] * melons),
                  side(shields=[MANE] * 3))
        ok = check(doc, f'attack "{CRAGSAUR}" -> player')
        assert ok.legal, ok.text()
        return ok.text()
    assert "shields left: 1\n" in left(2)
    assert "shields left: 2\n" in left(1)
