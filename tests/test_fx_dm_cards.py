"""Family "cards" (grammar/abilities_cards.lark, oracle/duel_masters/fx_cards.py, resolve.lp
pick_from/3): returns from the graveyard, discards and the opponent's mana cards, resolved in a
step of a line.  Real library cards, legal and illegal."""
from __future__ import annotations

from test_dm_helpers import check, pos, side, terms, untapped

from oracle.duel_masters import effects
from oracle.duel_masters.cards import library

DARK_REVERSAL = "Dark Reversal"    # darkness 2: return a creature from your graveyard to your hand
GHOST_TOUCH = "Ghost Touch"        # darkness 2: your opponent discards a card at random
GYASUKA = "Gyasuka, the Malicious Madman"  # darkness 1, enters: discard your hand
MANA_CRISIS = "Mana Crisis"        # nature 4: a card of the opponent's mana zone into his graveyard
THORNY = "Thorny Mandra"           # nature 5, enters: you may put 1 creature from your graveyard into your mana zone
PHAL_EEGA = "Phal Eega, Dawn Guardian"  # light 5, enters: you may return a spell from your graveyard
TYPHOON = "Emergency Typhoon"      # water 2: draw up to 2 cards, then discard a card (not read)
BONE = "Bone Spider"               # darkness 3 creature
BRONZE = "Bronze-Arm Tribe"        # nature 3 creature
MANE = "Burning Mane"              # nature 2 creature, no text
EMERALD = "Emerald Grass"          # light creature (mana)
SOLAR_RAY = "Solar Ray"            # light 2 spell: tap one of the opponent's creatures
SHOOTER = "Aqua Shooter"           # water 2000 blocker


def zone_after(result, player: int, zone: str) -> list[str]:
    """The card names of a zone in the state after the last step (its position document)."""
    cards = result.steps[-1].position["players"][player].get(zone, [])
    return [c if isinstance(c, str) else c["card"] for c in cards]


def test_dark_reversal_returns_a_creature_that_is_then_summoned():
    doc = pos(side(hand=[DARK_REVERSAL], mana_zone=untapped(*[BONE] * 5), graveyard=[BONE]))
    ok = check(doc, f'cast "{DARK_REVERSAL}"', f'summon "{BONE}"')
    assert ok.legal, ok.text()
    # a spell is not a creature: Solar Ray stays in the graveyard and cannot be cast
    doc = pos(side(hand=[DARK_REVERSAL], mana_zone=untapped(*[BONE] * 2, *[EMERALD] * 2), graveyard=[SOLAR_RAY]),
              side(battle_zone=[SHOOTER]))
    assert "not_castable" in terms(check(doc, f'cast "{DARK_REVERSAL}"', f'cast "{SOLAR_RAY}"'))


def test_phal_eega_returns_a_spell_and_not_a_creature():
    doc = pos(side(hand=[PHAL_EEGA], mana_zone=untapped(*[EMERALD] * 7), graveyard=[SOLAR_RAY, BONE]),
              side(battle_zone=[SHOOTER]))
    ok = check(doc, f'summon "{PHAL_EEGA}"', f'cast "{SOLAR_RAY}" targeting "{SHOOTER}"')
    assert ok.legal, ok.text()
    doc["players"][0]["mana_zone"] = untapped(*[EMERALD] * 5, BONE, BONE, BONE)
    assert not check(doc, f'summon "{PHAL_EEGA}"', f'summon "{BONE}"').legal


def test_ghost_touch_empties_a_hand_of_one_card():
    doc = pos(side(hand=[GHOST_TOUCH], mana_zone=untapped(BONE, BONE)), side(hand=[MANE]))
    ok = check(doc, f'cast "{GHOST_TOUCH}"')
    assert ok.legal, ok.text()
    assert zone_after(ok, 1, "hand") == [] and zone_after(ok, 1, "graveyard") == [MANE]


def test_gyasuka_discards_the_rest_of_our_hand():
    doc = pos(side(hand=[GYASUKA, MANE], mana_zone=untapped(BONE, BRONZE, BRONZE)))
    assert check(doc, f'summon "{MANE}" paying "{BRONZE}", "{BRONZE}"', f'summon "{GYASUKA}"').legal
    # summoned first, Gyasuka sends Burning Mane to the graveyard: it cannot be summoned after
    assert not check(doc, f'summon "{GYASUKA}"', f'summon "{MANE}" paying "{BRONZE}", "{BRONZE}"').legal


def test_mana_crisis_burns_a_card_of_the_opponents_mana_zone():
    doc = pos(side(hand=[MANA_CRISIS], mana_zone=untapped(*[BRONZE] * 4)), side(mana_zone=untapped(BONE)))
    ok = check(doc, f'cast "{MANA_CRISIS}"')
    assert ok.legal, ok.text()
    assert zone_after(ok, 1, "mana_zone") == [] and zone_after(ok, 1, "graveyard") == [BONE]


def test_thorny_mandra_may_put_a_creature_from_the_graveyard_into_the_mana_zone():
    doc = pos(side(hand=[THORNY, MANE], mana_zone=untapped(*[BRONZE] * 6), graveyard=[BRONZE]))
    # 6 mana: Thorny Mandra (5) leaves one untapped card; the creature it puts into the mana zone
    # is the second mana that Burning Mane needs
    ok = check(doc, f'summon "{THORNY}"', f'summon "{MANE}"')
    assert ok.legal, ok.text()
    doc["players"][0]["graveyard"] = [SOLAR_RAY]  # "1 creature": a spell does not go
    assert "not_enough_mana" in terms(check(doc, f'summon "{THORNY}"', f'summon "{MANE}"'))


def test_draw_then_discard_is_not_read_rather_than_played_wrong():
    lib = library()
    races = frozenset(r for c in lib.cards for r in c.races)
    assert effects.read(lib.find(TYPHOON), races).unsupported
    doc = pos(side(hand=[TYPHOON], mana_zone=untapped(SHOOTER, SHOOTER)))
    assert "text_not_understood" in terms(check(doc, f'cast "{TYPHOON}"'))


def test_attack_triggers_of_the_family_count_only_where_harmless():
    # Horrid Worm: "whenever this creature attacks, your opponent discards a card at random"
    assert effects.played(("eff", "attacks", "discard", "opponent", "one", ()))
    # Bolzard Dragon: the opponent's mana zone is read by stealth: not harmless, not played
    assert not effects.played(("eff", "attacks", "mana_burn", "opponent", "one", ()))
    assert effects.played(("eff", "attacks", "grave_to_hand", "you", "may_one", (("kind", "creature"),)))


# --- searches: a card of the deck into the hand or the mana zone; the deck is shuffled -------
DIMENSION_GATE = "Dimension Gate"  # nature 3: you may take a creature from your deck into your hand
TREASURE_CHEST = "Mystic Treasure Chest"  # nature 3: you may take a non-nature card into your mana zone
VELYRIKA = "Velyrika Dragon"       # fire 7, enters: you may take an Armored Dragon into your hand
FAERIE_LIFE = "Faerie Life"        # nature 2: the top card of your deck into your mana zone
CRAGSAUR = "Cragsaur"              # fire creature, Rock Beast
BOLTAIL = "Boltail Dragon"         # fire 9000, Armored Dragon


def test_dimension_gate_takes_a_creature_and_not_a_spell():
    doc = pos(side(hand=[DIMENSION_GATE], mana_zone=untapped(*[BRONZE] * 5), deck=[SOLAR_RAY, MANE]))
    assert check(doc, f'cast "{DIMENSION_GATE}"', f'summon "{MANE}"').legal  # not the top card
    doc = pos(side(hand=[DIMENSION_GATE], mana_zone=untapped(*[BRONZE] * 3, EMERALD, EMERALD), deck=[SOLAR_RAY, MANE]),
              side(battle_zone=[SHOOTER]))
    assert not check(doc, f'cast "{DIMENSION_GATE}"', f'cast "{SOLAR_RAY}" targeting "{SHOOTER}"').legal


def test_a_search_shuffles_the_deck_so_no_later_effect_takes_its_top_card():
    doc = pos(side(hand=[DIMENSION_GATE, FAERIE_LIFE], mana_zone=untapped(*[BRONZE] * 5), deck=[MANE, BRONZE]))
    assert check(doc, f'cast "{FAERIE_LIFE}"', f'cast "{DIMENSION_GATE}"').legal
    assert "deck_order_unknown" in terms(check(doc, f'cast "{DIMENSION_GATE}"', f'cast "{FAERIE_LIFE}"'))


def test_mystic_treasure_chest_puts_a_non_nature_card_into_the_mana_zone():
    doc = pos(side(hand=[TREASURE_CHEST, MANE], mana_zone=untapped(*[BRONZE] * 4), deck=[BRONZE, CRAGSAUR]))
    # 4 mana: 3 for the spell, 1 left; Cragsaur comes untapped and pays the second mana of Burning Mane
    ok = check(doc, f'cast "{TREASURE_CHEST}"', f'summon "{MANE}"')
    assert ok.legal and CRAGSAUR in zone_after(ok, 0, "mana_zone")
    doc["players"][0]["deck"] = [BRONZE]  # a nature card cannot be taken
    assert not check(doc, f'cast "{TREASURE_CHEST}"', f'summon "{MANE}"').legal


def test_velyrika_takes_an_armored_dragon_only():
    doc = pos(side(hand=[VELYRIKA], mana_zone=untapped(*[CRAGSAUR] * 7), deck=[CRAGSAUR, BOLTAIL]))
    ok = check(doc, f'summon "{VELYRIKA}"')
    assert ok.legal
    lib = library()
    races = frozenset(r for c in lib.cards for r in c.races)
    search = [a for a in effects.read(lib.find(VELYRIKA), races).abilities if a[:3] == ("eff", "enters", "search")]
    assert [str(f[1]) for f in search[0][5]] == ['"Armored Dragon"']
    # Cragsaur is no Armored Dragon: after the search it is still in the deck, Boltail may be in the hand
    states = {tuple(zone_after(ok, 0, "hand"))}
    assert states <= {(), (BOLTAIL,)}


AURORA = "Aurora of Reversal"      # nature 5: any number of your shields into your mana zone
INVINCIBLE_AURA = "Invincible Aura"  # light 13: up to 3 cards from the top of your deck onto your shields


def test_aurora_of_reversal_puts_shields_into_the_mana_zone_where_they_pay():
    doc = pos(side(hand=[AURORA, MANE], mana_zone=untapped(*[BRONZE] * 5), shields=[BRONZE, MANE, BONE]))
    ok = check(doc, f'cast "{AURORA}"', f'summon "{MANE}"')
    assert ok.legal, ok.text()
    doc["players"][0]["shields"] = [BRONZE]  # one shield: one mana, Burning Mane costs 2
    assert not check(doc, f'cast "{AURORA}"', f'summon "{MANE}"').legal


def test_invincible_aura_adds_at_most_three_shields():
    doc = pos(side(hand=[INVINCIBLE_AURA], mana_zone=untapped(*[EMERALD] * 13), deck=[MANE] * 5))
    ok = check(doc, f'cast "{INVINCIBLE_AURA}"')
    assert ok.legal and len(zone_after(ok, 0, "shields")) <= 3 and len(zone_after(ok, 0, "deck")) >= 2


ROAR = "Roar of the Earth"         # nature 2: return a creature that costs 6 or more from your mana zone to your hand


def test_roar_of_the_earth_returns_only_a_creature_costing_six_or_more():
    doc = pos(side(hand=[ROAR], mana_zone=untapped(BRONZE, BRONZE, BOLTAIL, BRONZE)))
    ok = check(doc, f'cast "{ROAR}" paying "{BRONZE}", "{BRONZE}"')
    assert ok.legal and zone_after(ok, 0, "hand") == [BOLTAIL]
    doc["players"][0]["mana_zone"] = untapped(BRONZE, BRONZE, BRONZE)  # none costs 6: nothing returns
    ok = check(doc, f'cast "{ROAR}" paying "{BRONZE}", "{BRONZE}"')
    assert ok.legal and zone_after(ok, 0, "hand") == []


def test_sundrop_armor_adds_a_card_from_the_hand_to_the_shields():
    from test_dm_helpers import check, pos, side
    light = [{"card": "Iocant, the Oracle", "tapped": False}] * 4
    pay = ", ".join(['"Iocant, the Oracle"'] * 4)
    doc = pos(side(hand=["Sundrop Armor", "Aqua Vehicle"], mana_zone=light, shields=["Cragsaur"]), side(shields=["Aqua Vehicle"]))
    result = check(doc, f'cast "Sundrop Armor" paying {pay}')
    assert result.legal, result.text()
    after = result.steps[-1].position["players"][0]
    assert after["hand"] == [] and sorted(s if isinstance(s, str) else s["card"] for s in after["shields"]) == ["Aqua Vehicle", "Cragsaur"]
    # with nothing else in the hand it adds nothing (the spell itself is being cast)
    alone = pos(side(hand=["Sundrop Armor"], mana_zone=light, shields=["Cragsaur"]), side(shields=["Aqua Vehicle"]))
    result = check(alone, f'cast "Sundrop Armor" paying {pay}')
    assert result.legal and len(result.steps[-1].position["players"][0]["shields"]) == 1


def test_skeleton_thief_returns_a_living_dead_only():
    thief = "Skeleton Thief, the Revealer"   # darkness 3; enters: you may return a Living Dead from your graveyard
    doc = pos(side(hand=[thief], mana_zone=untapped(*[BONE] * 8), graveyard=[BONE]))   # Bone Spider: Living Dead
    ok = check(doc, f'summon "{thief}"', f'summon "{BONE}"')
    assert ok.legal, ok.text()
    mana = untapped(*[BONE] * 6, BRONZE, BRONZE)
    doc = pos(side(hand=[thief], mana_zone=mana, graveyard=[MANE]))   # Burning Mane: a Beast Folk
    assert not check(doc, f'summon "{thief}"', f'summon "{MANE}"').legal
    doc = pos(side(hand=[thief, MANE], mana_zone=mana))                # (Mane itself can be summoned so)
    assert check(doc, f'summon "{thief}"', f'summon "{MANE}"').legal
    # "another creature" is not read as a race (Bat Doctor stays read as before)
    assert effects.read_line("When you put this creature into the battle zone, you may return another creature "
                             "from your graveyard to your hand.")[0][5] != (("vb_race", "other creature"),)
