"""Effects that resolve in a step of a line (asp/duel_masters/resolve.lp, targets.lp): the spells
whose effects move cards (draw, mana boost, shields, mana to hand) and the "when you put this
creature into the battle zone" abilities of creatures the line summons; the one target filter
(targets.lp) with its tapped / untapped filters, also in the multi-shot search of `oracle solve`.
Real library cards, legal and illegal."""
from __future__ import annotations

from test_dm_helpers import check, pos, side, summons, terms, untapped

from oracle.duel_masters import plays
from oracle.duel_masters.lines import check_line
from oracle.duel_masters.puzzles import as_line, puzzle_from_json, solve_puzzle

FAERIE_LIFE = "Faerie Life"      # nature 2: the top card of your deck into your mana zone
BRAIN_SERUM = "Brain Serum"      # water 4: draw up to 2 cards
FLOOD_VALVE = "Flood Valve"      # water 2: return a card from your mana zone to your hand
SEARING_WAVE = "Searing Wave"    # fire 5: destroy all the opponent's power <= 3000; one of your shields to the graveyard
DEATH_SMOKE = "Death Smoke"      # darkness 4: destroy one of your opponent's untapped creatures
WIND_AXE = "Wind Axe, the Warrior Savage"  # fire/nature 5, enters: destroy a blocker of theirs, then mana boost
HULCUS = "Aqua Hulcus"           # water 3, enters: you may draw a card
BRONZE = "Bronze-Arm Tribe"      # nature 3, enters: the top card of your deck into your mana zone
BONE = "Bone Spider"             # darkness creature (mana)
CRAGSAUR = "Cragsaur"            # fire creature (mana), 3000
SHOOTER = "Aqua Shooter"         # water 2000 blocker
BOLTAIL = "Boltail Dragon"       # fire 9000
MANE = "Burning Mane"            # nature 2, no text


# --- effects on cards -----------------------------------------------------------------------
def test_faerie_life_puts_the_top_card_into_the_mana_zone_and_it_pays_at_once():
    doc = pos(side(hand=[FAERIE_LIFE, MANE], mana_zone=untapped(BRONZE, BRONZE, BRONZE), deck=[BRONZE, HULCUS]))
    ok = check(doc, f'cast "{FAERIE_LIFE}" paying "{BRONZE}", "{BRONZE}"', f'summon "{MANE}"')
    assert ok.legal, ok.text()
    assert "P0 mana zone (2 of 4 untapped)" in ok.text()
    # with no deck listed nothing is boosted: one untapped card does not pay for Burning Mane
    doc["players"][0]["deck"] = []
    assert "not_enough_mana" in terms(check(doc, f'cast "{FAERIE_LIFE}"', f'summon "{MANE}"'))


def test_brain_serum_draws_the_top_cards_in_order_and_no_deeper():
    doc = pos(side(hand=[BRAIN_SERUM], mana_zone=untapped(*[HULCUS] * 7), deck=[MANE, HULCUS, BOLTAIL]))
    ok = check(doc, f'cast "{BRAIN_SERUM}"', f'summon "{HULCUS}"')  # the second card from the top
    assert ok.legal, ok.text()
    assert "P0 hand: Burning Mane" in ok.text()
    # Boltail Dragon is the third card: two draws never reach it
    assert not check(doc, f'cast "{BRAIN_SERUM}"', f'summon "{BOLTAIL}"').legal


def test_flood_valve_returns_a_mana_card_to_the_hand():
    doc = pos(side(hand=[FLOOD_VALVE], mana_zone=untapped(HULCUS, HULCUS, MANE, BRONZE, BRONZE)))
    ok = check(doc, f'cast "{FLOOD_VALVE}" paying "{HULCUS}", "{HULCUS}"', f'summon "{MANE}" paying "{BRONZE}", "{BRONZE}"')
    assert ok.legal, ok.text()
    # without the spell, Burning Mane stays in the mana zone: it cannot be summoned
    assert not check(doc, f'summon "{MANE}" paying "{BRONZE}", "{BRONZE}"').legal


def test_searing_wave_destroys_all_small_creatures_and_burns_one_of_our_shields():
    doc = pos(side(hand=[SEARING_WAVE], mana_zone=untapped(*[CRAGSAUR] * 5), shields=[MANE]),
              side(battle_zone=[SHOOTER, BOLTAIL]))
    result = check(doc, f'cast "{SEARING_WAVE}"')
    assert result.legal, result.text()
    text = result.text()
    assert "Aqua Shooter" not in text.split("P1 battle zone")[1].split("\n")[0]
    assert "Boltail Dragon" in text.split("P1 battle zone")[1].split("\n")[0]


def test_a_spell_whose_text_is_not_read_whole_is_refused():
    doc = pos(side(hand=["Cyclone Panic"], mana_zone=untapped(CRAGSAUR, CRAGSAUR, CRAGSAUR)))  # "... shuffles these cards"
    assert "text_not_understood" in terms(check(doc, 'cast "Cyclone Panic"'))


# --- "when you put this creature into the battle zone" of our summons -------------------------
def test_wind_axe_destroys_a_blocker_when_summoned_then_the_attack_is_not_blocked():
    doc = pos(side(hand=[WIND_AXE], mana_zone=untapped(*[BRONZE] * 4 + [CRAGSAUR]), deck=[MANE],
                   battle_zone=[CRAGSAUR]),
              side(battle_zone=[SHOOTER], shields=["Aqua Vehicle"]))
    result = check(doc, f'summon "{WIND_AXE}" targeting "{SHOOTER}"', f'attack "{CRAGSAUR}" -> player')
    assert result.legal, result.text()
    assert "Aqua Shooter" not in result.text().split("P1 battle zone")[-1].split("\n")[0]
    # a creature without "blocker" is not a target of Wind Axe
    doc["players"][1]["battle_zone"] = [BOLTAIL]
    assert "not_a_target" in terms(check(doc, f'summon "{WIND_AXE}" targeting "{BOLTAIL}"'))


def test_the_summon_play_lists_the_target_of_the_entering_creature():
    doc = pos(side(hand=[WIND_AXE], mana_zone=untapped(*[BRONZE] * 4 + [CRAGSAUR])),
              side(battle_zone=[SHOOTER, BOLTAIL]))
    found = summons(plays(doc), WIND_AXE)
    assert [[t["name"] for t in p.targets] for p in found] == [[SHOOTER]]


def test_bronze_arm_tribe_mana_boost_pays_for_the_next_summon():
    # 4 untapped cards: 3 pay for the Tribe, the 4th and the boosted card pay for Burning Mane
    doc = pos(side(hand=[BRONZE, MANE], mana_zone=untapped(*[BRONZE] * 4), deck=[MANE]))
    assert check(doc, f'summon "{BRONZE}"', f'summon "{MANE}"').legal
    doc["players"][0]["deck"] = []  # no card to boost: one mana left
    assert "not_enough_mana" in terms(check(doc, f'summon "{BRONZE}"', f'summon "{MANE}"'))


def test_aqua_hulcus_may_draw_a_card():
    doc = pos(side(hand=[HULCUS], mana_zone=untapped(*[HULCUS] * 6), deck=[HULCUS]))
    assert check(doc, f'summon "{HULCUS}"', f'summon "{HULCUS}"').legal
    doc["players"][0]["deck"] = [MANE]
    assert not check(doc, f'summon "{HULCUS}"', f'summon "{HULCUS}"').legal


# --- the tapped / untapped filter (a clingo 5.8.3 crash before targets.lp) ---------------------
def test_death_smoke_chooses_only_untapped_creatures():
    doc = pos(side(hand=[DEATH_SMOKE], mana_zone=untapped(*[BONE] * 4)),
              side(battle_zone=[{"card": SHOOTER, "tapped": False}, {"card": BOLTAIL, "tapped": True}]))
    found = [p for p in plays(doc) if p.action == "cast"]
    assert [[t["name"] for t in p.targets] for p in found] == [[SHOOTER]]
    assert "not_a_target" in terms(check(doc, f'cast "{DEATH_SMOKE}" targeting "{BOLTAIL}"'))
    assert check(doc, f'cast "{DEATH_SMOKE}" targeting "{SHOOTER}"').legal


def test_solve_with_a_tapped_filter_in_the_multi_shot_search():
    doc = pos(side(hand=[DEATH_SMOKE, HULCUS, BRONZE], mana_zone=untapped(*[BONE] * 4 + [HULCUS] * 6)),
              side(battle_zone=[{"card": SHOOTER, "tapped": False}, {"card": BOLTAIL, "tapped": True}]))
    puzzle = puzzle_from_json({"position": doc, "goal": {"board": [HULCUS, BRONZE]}})
    none = solve_puzzle(puzzle, max_steps=3)
    assert not none.solved and none.searched == 3
    one = puzzle_from_json({"position": doc, "goal": {"creatures": 1}})
    got = solve_puzzle(one, max_steps=3, all_lines=True)
    assert got.solved and len(got.lines) == 2  # Aqua Hulcus or Bronze-Arm Tribe
    for steps in got.lines:
        assert check_line(as_line(one, steps)).legal


# --- the effect families read by the grammar and resolved by a step ----------------------------
def test_onslaughter_triceps_puts_a_mana_card_into_the_graveyard():
    doc = pos(side(hand=["Onslaughter Triceps"], mana_zone=untapped(*[CRAGSAUR] * 3)))
    result = check(doc, 'summon "Onslaughter Triceps"')
    assert result.legal, result.text()
    assert "P0 mana zone (0 of 2 untapped)" in result.text()  # 3 cards before: one went to the graveyard


def test_dreaming_moon_knife_may_put_a_card_from_the_hand_into_the_mana_zone():
    doc = pos(side(hand=["Dreaming Moon Knife", MANE, MANE], mana_zone=untapped(BRONZE, BRONZE, BRONZE)))
    # 2 for the Knife; one Mane from the hand into the mana zone: with the third card it pays the other
    ok = check(doc, 'summon "Dreaming Moon Knife"', f'summon "{MANE}"')
    assert ok.legal, ok.text()
    doc["players"][0]["hand"] = ["Dreaming Moon Knife", MANE]  # the only Mane cannot pay for itself
    assert not check(doc, 'summon "Dreaming Moon Knife"', f'summon "{MANE}"').legal


def test_galklife_dragon_destroys_only_light_creatures_of_power_4000_or_less():
    doc = pos(side(hand=["Galklife Dragon"], mana_zone=untapped(*[CRAGSAUR] * 7)),
              side(battle_zone=["Miele, Vizier of Lightning", "Craze Valkyrie, the Drastic", SHOOTER]))
    result = check(doc, 'summon "Galklife Dragon"')
    assert result.legal, result.text()
    theirs = result.text().split("P1 battle zone")[-1].split("\n")[0]
    assert "Miele" not in theirs and "Craze Valkyrie" in theirs and "Aqua Shooter" in theirs


def test_core_crash_lizard_burns_the_last_shield_and_the_next_attack_wins():
    doc = pos(side(hand=["Core-Crash Lizard"], mana_zone=untapped(*[CRAGSAUR] * 7), battle_zone=[CRAGSAUR]),
              side(shields=["Aqua Vehicle"]))
    result = check(doc, 'summon "Core-Crash Lizard"', f'attack "{CRAGSAUR}" -> player')
    assert result.legal and "won" in result.text().lower(), result.text()
    # without the Lizard the attack only breaks the shield
    assert "won" not in check(doc, f'attack "{CRAGSAUR}" -> player').text().lower()


def test_larba_geer_taps_their_blockers_so_the_attack_goes_through():
    doc = pos(side(hand=["Larba Geer, the Immaculate"], mana_zone=untapped(*["Miele, Vizier of Lightning"] * 3),
                   battle_zone=[CRAGSAUR, "Gulan Rias, Speed Guardian"]),  # Larba Geer evolves from a Guardian
              side(battle_zone=[SHOOTER], shields=[]))
    result = check(doc, 'summon "Larba Geer, the Immaculate"', f'attack "{CRAGSAUR}" -> player')
    assert result.legal and "won" in result.text().lower(), result.text()


def test_craze_valkyrie_taps_up_to_two_and_names_them():
    doc = pos(side(hand=["Craze Valkyrie, the Drastic"], mana_zone=untapped(*["Miele, Vizier of Lightning"] * 6),
                   battle_zone=["Ballas, Vizier of Electrons"]),  # Craze Valkyrie evolves from an Initiate
              side(battle_zone=[SHOOTER, BOLTAIL, MANE]))
    ok = check(doc, f'summon "Craze Valkyrie, the Drastic" targeting "{SHOOTER}", "{BOLTAIL}"')
    assert ok.legal, ok.text()
    bad = check(doc, f'summon "Craze Valkyrie, the Drastic" targeting "{SHOOTER}", "{BOLTAIL}", "{MANE}"')
    assert not bad.legal


def test_extreme_crawler_returns_our_other_creatures_but_not_itself():
    doc = pos(side(hand=["Extreme Crawler"], mana_zone=untapped(*[HULCUS] * 5), battle_zone=[CRAGSAUR]),
              side(battle_zone=[BOLTAIL]))
    result = check(doc, 'summon "Extreme Crawler"')
    assert result.legal, result.text()
    ours = result.text().split("P0 battle zone")[-1].split("\n")[0]
    assert "Extreme Crawler" in ours and "Cragsaur" not in ours
    assert "Boltail Dragon" in result.text().split("P1 battle zone")[-1].split("\n")[0]


def test_baraga_puts_one_of_our_shields_into_the_hand():
    doc = pos(side(hand=["Baraga, Blade of Gloom"], mana_zone=untapped(*[BONE] * 4), shields=[MANE]))
    result = check(doc, 'summon "Baraga, Blade of Gloom"', f'summon "{MANE}"')
    assert not result.legal  # Mane came to the hand, but no mana is left
    assert "P0 hand: Burning Mane" in check(doc, 'summon "Baraga, Blade of Gloom"').text()


def test_attacks_each_turn_if_able_is_read_as_harmless():
    from oracle.duel_masters.cards import library
    from oracle.duel_masters.effects import read

    card = library().find("Automated Weaponmaster Machai")
    reading = read(card, frozenset(r for c in library().cards for r in c.races))
    assert ("kw", "must_attack") in reading.abilities and not reading.unsupported


# --- "when this creature would be destroyed, ... instead" --------------------------------------
def test_aqua_ranger_destroyed_by_terror_pit_goes_to_the_hand():
    doc = pos(side(hand=["Terror Pit"], mana_zone=untapped(*[BONE] * 6)), side(battle_zone=["Aqua Ranger"]))
    result = check(doc, 'cast "Terror Pit" targeting "Aqua Ranger"')
    assert result.legal, result.text()
    assert "P1 hand: Aqua Ranger" in result.text()


def test_aless_would_become_a_shield_a_step_the_rules_refuse_to_play_wrong():
    doc = pos(side(hand=["Terror Pit"], mana_zone=untapped(*[BONE] * 6)),
              side(battle_zone=["Aless, the Oracle"]))
    assert "new_shield_not_modelled" in terms(check(doc, 'cast "Terror Pit" targeting "Aless, the Oracle"'))


def test_volcanic_arrows_on_our_own_aqua_ranger_returns_it_to_our_hand_to_summon_again():
    doc = pos(side(hand=["Volcanic Arrows"], mana_zone=untapped(*[CRAGSAUR] * 2 + [HULCUS] * 6),
                   battle_zone=[{"card": "Aqua Ranger", "summoned_this_turn": True}], shields=[MANE]))
    ok = check(doc, 'cast "Volcanic Arrows" targeting "Aqua Ranger"', 'summon "Aqua Ranger"')
    assert ok.legal, ok.text()
    doc["players"][0]["battle_zone"] = [{"card": BOLTAIL, "summoned_this_turn": True}]
    assert not check(doc, 'cast "Volcanic Arrows" targeting "Boltail Dragon"').legal  # power 9000 > 6000


def test_asylum_destroyed_in_battle_would_become_a_shield_so_the_attack_step_is_not_played_on():
    doc = pos(side(battle_zone=[BOLTAIL, CRAGSAUR]),
              side(battle_zone=[{"card": "Asylum, the Dragon Paladin", "tapped": True}], shields=[]))
    assert check(doc, f'attack "{CRAGSAUR}" -> player').legal  # no shields: this attack wins
    result = check(doc, f'attack "{BOLTAIL}" -> "Asylum, the Dragon Paladin"', f'attack "{CRAGSAUR}" -> player')
    assert not result.legal and "attack_impossible" in terms(result)


# --- more filters and two effects on the deck ---------------------------------------------------
def test_mizoy_may_tap_a_darkness_or_fire_creature_only():
    doc = pos(side(hand=["Mizoy, the Oracle"], mana_zone=untapped(*["Miele, Vizier of Lightning"] * 3)),
              side(battle_zone=[CRAGSAUR, SHOOTER]))
    assert check(doc, f'summon "Mizoy, the Oracle" targeting "{CRAGSAUR}"').legal  # fire
    assert "not_a_target" in terms(check(doc, f'summon "Mizoy, the Oracle" targeting "{SHOOTER}"'))  # water


def test_ballom_destroys_every_creature_except_darkness_ones():
    doc = pos(side(hand=["Ballom, Master of Death"], mana_zone=untapped(*[BONE] * 8),
                   battle_zone=["Bangren, Ancient Arhat", CRAGSAUR]),  # Ballom evolves from a Demon Command
              side(battle_zone=[BONE, SHOOTER]))
    result = check(doc, 'summon "Ballom, Master of Death" on "Bangren, Ancient Arhat"')
    assert result.legal, result.text()
    ours = result.text().split("P0 battle zone")[-1].split("\n")[0]
    theirs = result.text().split("P1 battle zone")[-1].split("\n")[0]
    assert "Ballom" in ours and "Cragsaur" not in ours
    assert "Bone Spider" in theirs and "Aqua Shooter" not in theirs


def test_skysword_boosts_the_top_card_and_shields_the_next_one():
    doc = pos(side(hand=["Skysword, the Savage Vizier", MANE], mana_zone=untapped(*[BRONZE] * 5 + ["Miele, Vizier of Lightning"]),
                   deck=[MANE, BOLTAIL], shields=[]))
    result = check(doc, 'summon "Skysword, the Savage Vizier"', f'summon "{MANE}"')
    assert result.legal, result.text()  # the boosted Mane and the sixth card pay for the Mane in the hand
    # the mana boost took deck[0]; the shield took the next card (Boltail Dragon), not the hand or mana
    assert "Boltail Dragon" not in result.text()


def test_logic_sphere_returns_a_spell_not_a_creature_from_the_mana_zone():
    doc = pos(side(hand=["Logic Sphere"], mana_zone=untapped("Miele, Vizier of Lightning", "Miele, Vizier of Lightning",
                                                             "Miele, Vizier of Lightning", "Terror Pit", MANE)))
    ok = check(doc, 'cast "Logic Sphere" paying "Miele, Vizier of Lightning", "Miele, Vizier of Lightning", '
                    '"Miele, Vizier of Lightning"')
    assert ok.legal and "P0 hand: Terror Pit" in ok.text(), ok.text()
    # Burning Mane is a creature: it stays in the mana zone, so it cannot be summoned from the hand
    assert not check(doc, 'cast "Logic Sphere" paying "Miele, Vizier of Lightning", "Miele, Vizier of Lightning", '
                          '"Miele, Vizier of Lightning"', f'summon "{MANE}"').legal


def test_liquid_scope_looks_and_moves_nothing():
    doc = pos(side(hand=["Liquid Scope"], mana_zone=untapped(*[HULCUS] * 4)),
              side(hand=[BOLTAIL], shields=["Aqua Vehicle"]))
    result = check(doc, 'cast "Liquid Scope"')
    assert result.legal, result.text()  # read whole and played: looking changes no zone
    assert [line for line in result.steps[-1].state if line.startswith("P1")] == ["P1 hand: Boltail Dragon"]
    doc["players"][0]["mana_zone"] = untapped(*[HULCUS] * 3)
    assert "not_enough_mana" in terms(check(doc, 'cast "Liquid Scope"'))
