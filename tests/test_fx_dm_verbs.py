"""Family "verbs" (grammar/abilities_verbs.lark, fx_verbs.py): counts ("for each", "equal to the
number of", "that many": counts.lp), "all" moves with card filters, the top cards of the deck
revealed or looked at, untapping the mana zone, creatures to the top of the deck or to the shields,
the lowest power and a total power (targets.lp).  Real library cards, legal and illegal."""
from __future__ import annotations

from test_dm_helpers import check, pos, side, terms, untapped

EMERALD = "Emerald Grass"      # light 3000 (mana)
BONE = "Bone Spider"           # darkness 5000 (mana)
BRONZE = "Bronze-Arm Tribe"    # nature 1000 (mana)
MANE = "Burning Mane"          # nature 2000, no text
CRAGSAUR = "Cragsaur"          # fire 3000, no text
VEHICLE = "Aqua Vehicle"       # water 1000, no text
SHOOTER = "Aqua Shooter"       # water 2000 blocker
BOLTAIL = "Boltail Dragon"     # fire 9000
TERROR_PIT = "Terror Pit"      # a darkness spell
SOLAR_RAY = "Solar Ray"        # a light spell
TORNADO = "Tornado Flame"      # a fire spell


def names(result, player: int, zone: str) -> list[str]:
    assert result.legal, result.text()
    cards = result.steps[-1].position["players"][player].get(zone, [])
    return [c if isinstance(c, str) else c["card"] for c in cards]


def tapped_names(result, player: int, zone: str = "battle_zone") -> list[str]:
    assert result.legal, result.text()
    return [c["card"] for c in result.steps[-1].position["players"][player].get(zone, [])
            if isinstance(c, dict) and c.get("tapped")]


# --- counts ----------------------------------------------------------------------------------------
def test_darkpact_draws_as_many_cards_as_it_put_into_the_graveyard():
    tulk = "Tulk, the Oracle"   # light 1, no text: only a card drawn by Darkpact can be summoned after it
    doc = pos(side(hand=["Darkpact"], mana_zone=untapped(BONE, BONE, EMERALD, EMERALD), deck=[tulk, CRAGSAUR]))
    result = check(doc, 'cast "Darkpact" paying "Bone Spider", "Bone Spider"', f'summon "{tulk}"')
    assert result.legal, result.text()
    burned = [n for n in names(result, 0, "graveyard") if n != "Darkpact"]
    assert len(burned) == 1 and names(result, 0, "battle_zone") == [tulk]   # one burned (a tapped one), one drawn
    # two burned would draw two and leave no mana for Tulk
    assert not check(doc, 'cast "Darkpact" paying "Bone Spider", "Bone Spider"', f'summon "{CRAGSAUR}"').legal


def test_rimuel_taps_one_creature_for_each_light_card_left_untapped_after_paying():
    rimuel = "Rimuel, Cloudbreak Elemental"
    doc = pos(side(hand=[rimuel], mana_zone=untapped(*[EMERALD] * 10)), side(battle_zone=[VEHICLE, SHOOTER, CRAGSAUR]))
    two = f'summon "{rimuel}" targeting "{VEHICLE}", "{CRAGSAUR}"'
    assert sorted(tapped_names(check(doc, two), 1)) == [VEHICLE, CRAGSAUR]       # 10 - 8 paid: two
    assert not check(doc, f'summon "{rimuel}" targeting "{VEHICLE}"').legal       # not one only
    doc["players"][0]["mana_zone"] = untapped(*[EMERALD] * 8, BONE, BONE)
    paying = ", ".join([f'"{EMERALD}"'] * 8)
    assert tapped_names(check(doc, f'summon "{rimuel}" paying {paying}'), 1) == []   # darkness cards do not count


def test_trox_makes_the_opponent_discard_one_card_for_each_other_darkness_creature():
    trox = "Trox, General of Destruction"
    doc = pos(side(hand=[trox], mana_zone=untapped(*[BONE] * 7), battle_zone=[BONE, BONE, CRAGSAUR]),
              side(hand=[MANE, MANE, MANE]))
    assert len(names(check(doc, f'summon "{trox}"'), 1, "graveyard")) == 2


def test_thunder_net_taps_up_to_one_creature_for_each_water_creature():
    doc = pos(side(hand=["Thunder Net"], mana_zone=untapped(EMERALD, EMERALD), battle_zone=[VEHICLE]),
              side(battle_zone=[CRAGSAUR, MANE]))
    assert check(doc, f'cast "Thunder Net" targeting "{CRAGSAUR}"').legal
    assert not check(doc, f'cast "Thunder Net" targeting "{CRAGSAUR}", "{MANE}"').legal  # one water creature


def test_mana_bonanza_puts_one_card_for_each_mana_card_tapped():
    doc = pos(side(hand=["Mana Bonanza"], mana_zone=untapped(*[BRONZE] * 8), deck=[CRAGSAUR] * 10))
    result = check(doc, 'cast "Mana Bonanza"')
    assert names(result, 0, "mana_zone").count(CRAGSAUR) == 8 and len(tapped_names(result, 0, "mana_zone")) == 16
    assert "deck_out" not in result.text()


# --- moves of many cards ------------------------------------------------------------------------------
def test_cabalt_discards_the_darkness_and_fire_spells_of_the_opponents_hand():
    doc = pos(side(hand=["Cabalt, the Patroller"], mana_zone=untapped(*[EMERALD] * 4)),
              side(hand=[TERROR_PIT, SOLAR_RAY, TORNADO, BONE]))
    result = check(doc, 'summon "Cabalt, the Patroller"')
    assert sorted(names(result, 1, "graveyard")) == [TERROR_PIT, TORNADO]
    assert sorted(names(result, 1, "hand")) == [BONE, SOLAR_RAY]


def test_psychic_shaper_takes_the_water_cards_of_the_top_four_and_bins_the_rest():
    doc = pos(side(hand=["Psychic Shaper"], mana_zone=untapped(*[VEHICLE] * 6),
                   deck=[VEHICLE, CRAGSAUR, SHOOTER, MANE, BOLTAIL]))
    result = check(doc, 'cast "Psychic Shaper"')
    assert sorted(names(result, 0, "hand")) == sorted([VEHICLE, SHOOTER])
    assert sorted(n for n in names(result, 0, "graveyard") if n != "Psychic Shaper") == sorted([CRAGSAUR, MANE])
    assert names(result, 0, "deck") == [BOLTAIL]


def test_earth_ripper_returns_the_tapped_mana_cards_even_those_that_paid_for_it():
    ripper = "Earth Ripper, Talon of Rage"
    doc = pos(side(hand=[ripper], mana_zone=untapped(*[BRONZE] * 5) + [{"card": MANE, "tapped": True}],
                   battle_zone=[BRONZE]))
    result = check(doc, f'summon "{ripper}" paying "{BRONZE}", "{BRONZE}", "{BRONZE}", "{BRONZE}" on "{BRONZE}"')
    assert sorted(names(result, 0, "hand")) == [BRONZE] * 4 + [MANE]
    assert names(result, 0, "mana_zone") == [BRONZE]


def test_ancient_horn_untaps_the_mana_zone_only_with_five_shields():
    horn = "Ancient Horn, the Watcher"   # nature 5
    doc = pos(side(hand=[horn, horn], mana_zone=untapped(*[BRONZE] * 5), shields=[MANE] * 5))
    result = check(doc, f'summon "{horn}"', f'summon "{horn}"')
    assert result.legal and names(result, 0, "battle_zone") == [horn, horn]
    doc["players"][0]["shields"] = [MANE] * 4
    assert "not_enough_mana" in terms(check(doc, f'summon "{horn}"', f'summon "{horn}"'))


# --- creatures chosen ----------------------------------------------------------------------------------
def test_apocalypse_vise_destroys_creatures_of_at_most_8000_power_in_total():
    doc = pos(side(hand=["Apocalypse Vise"], mana_zone=untapped(*[CRAGSAUR] * 7)),
              side(battle_zone=["Bone Spider", CRAGSAUR, BOLTAIL]))
    assert check(doc, f'cast "Apocalypse Vise" targeting "Bone Spider", "{CRAGSAUR}"').legal   # 8000
    assert not check(doc, f'cast "Apocalypse Vise" targeting "{BOLTAIL}"').legal             # 9000


def test_punch_trooper_bronks_destroys_the_lowest_power_creature_itself_if_need_be():
    bronks = "Punch Trooper Bronks"
    doc = pos(side(hand=[bronks], mana_zone=untapped(*[CRAGSAUR] * 4)), side(battle_zone=[VEHICLE, BOLTAIL]))
    result = check(doc, f'summon "{bronks}"')
    assert names(result, 1, "battle_zone") == [BOLTAIL] and names(result, 0, "battle_zone") == [bronks]
    alone = pos(side(hand=[bronks], mana_zone=untapped(*[CRAGSAUR] * 4)), side(battle_zone=[BOLTAIL]))
    assert names(check(alone, f'summon "{bronks}"'), 0, "graveyard") == [bronks]


def test_corile_puts_a_creature_on_top_of_its_owners_deck():
    doc = pos(side(hand=["Corile"], mana_zone=untapped(*[VEHICLE] * 5)), side(battle_zone=[BOLTAIL], deck=[MANE]))
    result = check(doc, 'summon "Corile"')
    assert names(result, 1, "battle_zone") == [] and BOLTAIL in names(result, 1, "deck")


def test_miraculous_snare_adds_our_own_creature_to_our_shields_not_the_opponents():
    doc = pos(side(hand=["Miraculous Snare"], mana_zone=untapped(EMERALD, VEHICLE, VEHICLE), battle_zone=[MANE]),
              side(battle_zone=[CRAGSAUR]))
    assert names(check(doc, f'cast "Miraculous Snare" targeting "{MANE}"'), 0, "shields") == [MANE]
    assert "new_shield_not_modelled" in terms(check(doc, f'cast "Miraculous Snare" targeting "{CRAGSAUR}"'))


def test_the_rest_put_on_the_bottom_in_any_order_leaves_the_deck_order_unknown():
    # Submarine Project: one of the top 4 into the hand, the rest on the bottom; Faerie Life then
    # takes the top card of a deck whose order the line does not know
    doc = pos(side(hand=["Submarine Project", "Faerie Life"], mana_zone=untapped(*[VEHICLE] * 3, BRONZE),
                   deck=[MANE, CRAGSAUR, BOLTAIL, SHOOTER, VEHICLE]))
    result = check(doc, 'cast "Submarine Project"')
    assert len(names(result, 0, "hand")) == 2  # Faerie Life and one of the four
    assert "deck_order_unknown" in terms(check(doc, 'cast "Submarine Project"', 'cast "Faerie Life"'))
    assert check(doc, 'cast "Faerie Life"').legal


def test_cloned_spiral_returns_one_more_creature_for_each_cloned_spiral_in_a_graveyard():
    spiral = "Cloned Spiral"    # water 4
    doc = pos(side(hand=[spiral], mana_zone=untapped(*[VEHICLE] * 4)), side(battle_zone=[CRAGSAUR, MANE, BOLTAIL],
                                                                       graveyard=[spiral]))
    assert check(doc, f'cast "{spiral}" targeting "{CRAGSAUR}", "{MANE}"').legal
    assert not check(doc, f'cast "{spiral}" targeting "{CRAGSAUR}", "{MANE}", "{BOLTAIL}"').legal
    doc["players"][1]["graveyard"] = []
    assert not check(doc, f'cast "{spiral}" targeting "{CRAGSAUR}", "{MANE}"').legal
    assert check(doc, f'cast "{spiral}" targeting "{CRAGSAUR}"').legal


def test_bombazar_destroys_the_other_6000_creatures_its_extra_turn_is_outside_the_line():
    bombazar = "Bombazar, Dragon of Destiny"   # fire/nature 7, 6000
    doc = pos(side(hand=[bombazar], mana_zone=untapped(*[CRAGSAUR] * 6, MANE)),
              side(battle_zone=["Aqua Sniper", "Armored Groblav", VEHICLE]))
    result = check(doc, f'summon "{bombazar}"')
    assert bombazar in names(result, 0, "battle_zone")
    assert sorted(names(result, 1, "battle_zone")) == sorted(["Aqua Sniper", VEHICLE])   # 5000, 1000 stay


# --- a race the line chooses, more filters --------------------------------------------------------
def test_impossible_tunnel_makes_the_chosen_race_unblockable():
    # Aqua Vehicle (Liquid People) against Aqua Shooter: the line chooses Liquid People
    hand = ["Impossible Tunnel"]
    doc = pos(side(hand=hand, mana_zone=untapped(*[VEHICLE] * 5), battle_zone=[VEHICLE]),
              {**side(battle_zone=[SHOOTER]), "shields": []})
    from oracle.duel_masters import lethal as L
    assert L.answer(L.problem_from(doc, "<t>")).verdict == "lethal"
    doc["players"][0]["hand"] = []
    assert L.answer(L.problem_from(doc, "<t>")).verdict == "no_lethal"


def test_ulex_cannot_be_tapped_by_the_opponent():
    doc = pos(side(hand=[SOLAR_RAY], mana_zone=untapped(EMERALD, EMERALD)), side(battle_zone=["Ulex, the Dauntless", CRAGSAUR]))
    assert not check(doc, f'cast "{SOLAR_RAY}" targeting "Ulex, the Dauntless"').legal
    assert check(doc, f'cast "{SOLAR_RAY}" targeting "{CRAGSAUR}"').legal


def test_pixie_cocoon_goes_to_the_mana_zone_tapped():
    doc = pos(side(hand=["Pixie Cocoon"], mana_zone=untapped(BRONZE, BRONZE)))
    result = check(doc, 'cast "Pixie Cocoon"')
    assert "Pixie Cocoon" in names(result, 0, "mana_zone") and "Pixie Cocoon" in tapped_names(result, 0, "mana_zone")


def test_moby_destroys_only_a_creature_weaker_than_itself():
    moby = "Moby, the Powerful Artilleryman"   # 2000
    doc = pos(side(battle_zone=[moby]), side(battle_zone=[VEHICLE, CRAGSAUR], shields=[MANE]))
    assert check(doc, f'attack "{moby}" -> player targeting "{VEHICLE}"').legal
    assert not check(doc, f'attack "{moby}" -> player targeting "{CRAGSAUR}"').legal


def test_rondobil_adds_one_of_our_creatures_to_our_shields():
    doc = pos(side(battle_zone=["Rondobil, the Explorer", CRAGSAUR]))
    result = check(doc, f'tap_ability "Rondobil, the Explorer" targeting "{CRAGSAUR}"')
    assert names(result, 0, "shields") == [CRAGSAUR]


def test_paradise_makes_our_multicolored_creatures_unblockable():
    from oracle.duel_masters import lethal as L
    multi = "Gaulzaganta, Spirit of the Woodland Ridges"   # water/nature 5000
    def answer(ours: str) -> str:
        doc = pos(side(hand=["Paradise of Sacred Birds and Crystal"], mana_zone=untapped(VEHICLE, BRONZE), battle_zone=[ours]),
                  {**side(battle_zone=[SHOOTER]), "shields": []})
        return L.answer(L.problem_from(doc, "<t>")).verdict
    assert answer(multi) == "lethal"
    assert answer("Tri-horn Shepherd") == "no_lethal"
