"""Abilities that watch another card (family events, grammar/abilities_events.lark; asp/duel_masters/
watchers.lp): "whenever another creature is put into the battle zone", "whenever you put a X into
the battle zone", "whenever your opponent summons a creature or casts a spell", "whenever a player
casts a spell", "whenever your opponent casts a light or water spell".  Ours resolve in our step;
the opponent's where they leave him no choice, else the step is refused.  Real library cards."""
from __future__ import annotations

from test_dm_helpers import check, pos, side, terms, untapped

from oracle.duel_masters import lethal as L

TULK = "Tulk, the Oracle"      # light 1, no text
CRAGSAUR = "Cragsaur"          # fire 3000, no text
MANE = "Burning Mane"          # nature 2, 2000, no text
EMERALD = "Emerald Grass"      # light (mana)
BRONZE = "Bronze-Arm Tribe"    # nature (mana)
BOMBAT = "Bombat, General of Speed"   # fire 5 Dragonoid, 3000, speed attacker
SOLAR_RAY = "Solar Ray"        # light 2: tap one of the opponent's creatures
TERROR_PIT = "Terror Pit"      # darkness 6: destroy one of the opponent's creatures
BONE = "Bone Spider"           # darkness (mana)


def zone(result, player: int, name: str = "battle_zone") -> list[str]:
    assert result.legal, result.text()
    return [c if isinstance(c, str) else c["card"] for c in result.steps[-1].position["players"][player].get(name, [])]


def after_attack(result, player: int) -> str:
    assert result.legal, result.text()
    return result.text().split(f"P{player} battle zone after the attack")[-1].split("\n")[0]


def test_mist_rias_may_draw_when_another_creature_enters():
    doc = pos(side(hand=[MANE], mana_zone=untapped(BRONZE, BRONZE, EMERALD), battle_zone=["Mist Rias, Sonic Guardian"],
                   deck=[TULK]))
    # Tulk is in the deck: only Mist Rias's draw brings it to the hand for the second summon
    assert check(doc, f'summon "{MANE}" paying "{BRONZE}", "{BRONZE}"', f'summon "{TULK}"').legal
    doc["players"][0]["battle_zone"] = [CRAGSAUR]
    assert not check(doc, f'summon "{MANE}" paying "{BRONZE}", "{BRONZE}"', f'summon "{TULK}"').legal


def test_bakkra_horn_boosts_mana_when_a_dragonoid_enters():
    doc = pos(side(hand=[BOMBAT, MANE], mana_zone=untapped(*[CRAGSAUR] * 5, BRONZE), battle_zone=["Bakkra Horn, the Silent"],
                   deck=[BRONZE]))
    ok = check(doc, f'summon "{BOMBAT}" paying "{CRAGSAUR}", "{CRAGSAUR}", "{CRAGSAUR}", "{CRAGSAUR}", "{CRAGSAUR}"',
               f'summon "{MANE}"')
    assert ok.legal, ok.text()      # the boosted Bronze-Arm Tribe and the last one pay for Burning Mane
    doc["players"][0]["battle_zone"] = [CRAGSAUR]    # without Bakkra Horn one mana card is left
    assert not check(doc, f'summon "{BOMBAT}" paying "{CRAGSAUR}", "{CRAGSAUR}", "{CRAGSAUR}", "{CRAGSAUR}", "{CRAGSAUR}"',
                     f'summon "{MANE}"').legal


def test_the_opponents_gandavals_stapler_taps_itself_when_we_summon():
    doc = pos(side(hand=[MANE], mana_zone=untapped(BRONZE, BRONZE), battle_zone=["Boltail Dragon"]),
              side(battle_zone=["Gandaval's Stapler"]))
    ok = check(doc, f'summon "{MANE}"', 'attack "Boltail Dragon" -> "Gandaval\'s Stapler"')
    assert ok.legal, ok.text()      # tapped: it can be attacked
    assert "attack_impossible" in terms(check(doc, 'attack "Boltail Dragon" -> "Gandaval\'s Stapler"'))


def test_the_opponents_aqua_rider_blocks_once_we_summoned():
    # Bombat (speed attacker) must be summoned to attack: Aqua Rider then has "blocker" and stops it
    def answer(theirs: str) -> str:
        doc = pos(side(hand=[BOMBAT], mana_zone=untapped(*[CRAGSAUR] * 5)), {**side(battle_zone=[theirs]), "shields": []})
        return L.answer(L.problem_from(doc, "<test>")).verdict
    assert answer("Aqua Rider") == "no_lethal"
    assert answer("Aqua Vehicle") == "lethal"


def test_motorcycle_mutant_is_destroyed_when_we_put_another_creature():
    doc = pos(side(hand=[MANE], mana_zone=untapped(BRONZE, BRONZE), battle_zone=["Motorcycle Mutant"]))
    result = check(doc, f'summon "{MANE}"')
    assert zone(result, 0) == [MANE] and zone(result, 0, "graveyard") == ["Motorcycle Mutant"]


def test_the_opponents_swine_snout_grows_when_we_summon():
    snout = "Quixotic Hero Swine Snout"   # 1000, +3000 until the end of the turn
    doc = pos(side(hand=[MANE], mana_zone=untapped(BRONZE, BRONZE), battle_zone=[CRAGSAUR]),
              side(battle_zone=[{"card": snout, "tapped": True}]))
    result = check(doc, f'summon "{MANE}"', f'attack "{CRAGSAUR}" -> "{snout}"')
    assert snout in after_attack(result, 1) and CRAGSAUR not in after_attack(result, 0)   # 4000 against 3000
    assert snout not in after_attack(check(doc, f'attack "{CRAGSAUR}" -> "{snout}"'), 1)


def test_the_opponents_screwhead_lizard_would_choose_our_creature_not_played():
    lizard = "Screwhead Lizard"   # whenever your opponent casts a light or water spell, destroy one of his ...
    doc = pos(side(hand=[SOLAR_RAY, TERROR_PIT], mana_zone=untapped(EMERALD, EMERALD, *[BONE] * 6), battle_zone=[TULK]),
              side(battle_zone=[lizard]))
    assert "effect_not_resolved" in terms(check(doc, f'cast "{SOLAR_RAY}" paying "{EMERALD}", "{EMERALD}"'))
    assert check(doc, f'cast "{TERROR_PIT}" paying {", ".join([chr(34) + BONE + chr(34)] * 6)}').legal   # darkness


def test_sol_galla_grows_when_a_spell_is_cast():
    galla = "Sol Galla, Halo Guardian"    # 1000, +3000 until the end of the turn whenever a player casts a spell
    doc = pos(side(hand=[SOLAR_RAY], mana_zone=untapped(EMERALD, EMERALD), battle_zone=[galla]),
              side(battle_zone=[{"card": CRAGSAUR, "tapped": True}]))
    # (Solar Ray taps a creature: Cragsaur is tapped already, it may be chosen again)
    result = check(doc, f'cast "{SOLAR_RAY}" targeting "{CRAGSAUR}"', f'attack "{galla}" -> "{CRAGSAUR}"')
    assert galla in after_attack(result, 0) and CRAGSAUR not in after_attack(result, 1)
    assert galla not in after_attack(check(doc, f'attack "{galla}" -> "{CRAGSAUR}"'), 0)
