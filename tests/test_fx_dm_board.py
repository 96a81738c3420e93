"""Family "board" (grammar/abilities_board.lark, oracle/duel_masters/fx_board.py): effects on the
battle zone and whole mana zones with the acts resolve.lp and targets.lp play, and Charger
spells going to the mana zone (spells.lp).  Real library cards, legal and illegal."""
from __future__ import annotations

from test_dm_helpers import check, pos, side, untapped


PANGAEA = "Pangaea's Song"        # nature 1: put 1 of your creatures from the battle zone into your mana zone
SUNBURST = "Screaming Sunburst"   # light 3: tap all creatures in the battle zone except light creatures
MAGICAL_POT = "Magical Pot"       # water 1: return an evolution creature in the battle zone to its owner's hand
MAGMAREX = "Magmarex"             # fire 5, S-Trigger, enters: destroy all creatures that have power 1000
RIPTIDE = "Divine Riptide"        # water 9: each player returns all cards from his mana zone to his hand
MULCH = "Mulch Charger"           # nature 3, Charger: put one of your creatures into your mana zone
ALC = "Frost Specter, Shadow of Age"  # darkness evolution creature (Alcadeias would forbid the water spell)
AERIS = "Aeris, Flight Elemental"   # light 9000
VEHICLE = "Aqua Vehicle"          # water 1000
SHOOTER = "Aqua Shooter"          # water 2000 blocker
EMERALD = "Emerald Grass"         # light 3000 blocker
BRONZE = "Bronze-Arm Tribe"       # nature creature
MANE = "Burning Mane"             # nature 2
CRAGSAUR = "Cragsaur"             # fire 3000


def names(result, player: int, zone: str) -> list[str]:
    cards = result.steps[-1].position["players"][player].get(zone, [])
    return [c if isinstance(c, str) else c["card"] for c in cards]


def tapped(result, player: int) -> dict[str, bool]:
    return {c["card"]: c.get("tapped", False) for c in result.steps[-1].position["players"][player]["battle_zone"]
            if isinstance(c, dict)}


def test_pangaeas_song_puts_our_creature_into_the_mana_zone_where_it_pays():
    doc = pos(side(hand=[PANGAEA, MANE], mana_zone=untapped(BRONZE, BRONZE), battle_zone=[CRAGSAUR]))
    ok = check(doc, f'cast "{PANGAEA}" paying "{BRONZE}"', f'summon "{MANE}"')
    assert ok.legal, ok.text()
    assert not check(doc, f'summon "{MANE}" paying "{BRONZE}"').legal  # without it, one mana short


def test_screaming_sunburst_taps_all_but_light_creatures():
    doc = pos(side(hand=[SUNBURST], mana_zone=untapped(*[EMERALD] * 3)),
              side(battle_zone=[{"card": SHOOTER, "tapped": False}, {"card": EMERALD, "tapped": False}]))
    ok = check(doc, f'cast "{SUNBURST}"')
    assert ok.legal and tapped(ok, 1) == {SHOOTER: True, EMERALD: False}


def test_magical_pot_returns_an_evolution_creature_only():
    theirs = side(battle_zone=[{"card": ALC, "under": [AERIS]}, SHOOTER])
    doc = pos(side(hand=[MAGICAL_POT], mana_zone=untapped(SHOOTER)), theirs)
    ok = check(doc, f'cast "{MAGICAL_POT}" targeting "{ALC}"')
    assert ok.legal and names(ok, 1, "battle_zone") == [SHOOTER] and set(names(ok, 1, "hand")) == {ALC, AERIS}
    bad = check(doc, f'cast "{MAGICAL_POT}" targeting "{SHOOTER}"')
    assert not bad.legal and "not_a_target" in " ".join(bad.steps[-1].terms)


def test_magmarex_destroys_exactly_the_creatures_of_power_1000():
    doc = pos(side(hand=[MAGMAREX], mana_zone=untapped(*[CRAGSAUR] * 5), battle_zone=[VEHICLE]),
              side(battle_zone=[VEHICLE, SHOOTER]))
    ok = check(doc, f'summon "{MAGMAREX}"')
    assert ok.legal
    assert names(ok, 0, "battle_zone") == [MAGMAREX] and names(ok, 1, "battle_zone") == [SHOOTER]


def test_divine_riptide_returns_both_mana_zones():
    doc = pos(side(hand=[RIPTIDE], mana_zone=untapped(*[SHOOTER] * 9)), side(mana_zone=untapped(BRONZE, BRONZE)))
    ok = check(doc, f'cast "{RIPTIDE}"')
    assert ok.legal
    assert names(ok, 0, "mana_zone") == [] and len(names(ok, 0, "hand")) == 9
    assert names(ok, 1, "mana_zone") == [] and names(ok, 1, "hand") == [BRONZE, BRONZE]


def test_a_charger_spell_goes_to_the_mana_zone_and_pays_at_once():
    doc = pos(side(hand=[MULCH, MANE], mana_zone=untapped(BRONZE, BRONZE, BRONZE), battle_zone=[CRAGSAUR]))
    # Mulch Charger (3) taps all three; it and Cragsaur come to the mana zone untapped: 2 for Burning Mane
    ok = check(doc, f'cast "{MULCH}"', f'summon "{MANE}"')
    assert ok.legal, ok.text()
    assert MULCH in names(ok, 0, "mana_zone") and MULCH not in names(ok, 0, "graveyard")


VACUUM_GEL = "Vacuum Gel"          # darkness 4: destroy one of the opponent's untapped light or untapped nature creatures
ICEHAMMER = "Freezing Icehammer"   # nature 3: one of the opponent's water or darkness creatures into his mana zone
STRONGHOLD = "Stronghold of Lightning and Flame"  # light/fire 5: destroy <= 3000; then, you may tap one
CATACLYSM = "Invincible Cataclysm"  # fire 13: up to 3 of the opponent's shields into his graveyard
BONE = "Bone Spider"               # darkness 5000


def test_vacuum_gel_needs_an_untapped_light_or_nature_creature():
    doc = pos(side(hand=[VACUUM_GEL], mana_zone=untapped(*[BONE] * 4)),
              side(battle_zone=[{"card": EMERALD, "tapped": False}, {"card": BRONZE, "tapped": True}, SHOOTER]))
    assert check(doc, f'cast "{VACUUM_GEL}" targeting "{EMERALD}"').legal
    for other in (BRONZE, SHOOTER):  # tapped; water
        assert not check(doc, f'cast "{VACUUM_GEL}" targeting "{other}"').legal


def test_freezing_icehammer_puts_a_water_creature_into_its_owners_mana_zone():
    doc = pos(side(hand=[ICEHAMMER], mana_zone=untapped(*[BRONZE] * 3)), side(battle_zone=[SHOOTER, CRAGSAUR]))
    ok = check(doc, f'cast "{ICEHAMMER}" targeting "{SHOOTER}"')
    assert ok.legal and names(ok, 1, "mana_zone") == [SHOOTER]
    assert not check(doc, f'cast "{ICEHAMMER}" targeting "{CRAGSAUR}"').legal


def test_stronghold_destroys_then_may_tap():
    doc = pos(side(hand=[STRONGHOLD], mana_zone=untapped(*[EMERALD] * 3, *[CRAGSAUR] * 2)),
              side(battle_zone=[SHOOTER, {"card": BONE, "tapped": False}]))
    ok = check(doc, f'cast "{STRONGHOLD}" targeting "{SHOOTER}", "{BONE}"')
    assert ok.legal, ok.text()
    assert names(ok, 1, "battle_zone") == [BONE] and tapped(ok, 1) == {BONE: True}


def test_invincible_cataclysm_burns_at_most_three_shields():
    doc = pos(side(hand=[CATACLYSM], mana_zone=untapped(*[CRAGSAUR] * 13)), side(shields=[MANE] * 5))
    ok = check(doc, f'cast "{CATACLYSM}"')
    assert ok.legal and len(names(ok, 1, "shields")) >= 2
