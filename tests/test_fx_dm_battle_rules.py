"""Family "battle" of the Duel Masters text (grammar/abilities_battle.lark, fx_battle.py, battle.lp):
no battle on a block, slayer when attacked, attacks forbidden while a condition holds.  Real library
cards, legal and illegal; a blocker that must block (position-defined, with the printed sentences of
real cards) makes the opponent's reply certain in a checked line."""
from __future__ import annotations

from test_dm_helpers import check, pos, side, tapped, terms, zone_after

CRAGSAUR = "Cragsaur"       # fire 3000
VEHICLE = "Aqua Vehicle"    # water 1000


def guard(name: str, extra: str) -> dict:
    return {"name": name, "civilizations": ["Light"], "cost": 5, "type": "Creature", "races": ["Initiate"],
            "power": 1000, "text": "Blocker\nWhenever an opponent's creature attacks, this creature blocks if able.\n" + extra}


CALM = guard("Calm Guard (position-defined)", "Whenever this creature blocks, no battle happens.")
PLAIN = guard("Plain Guard (position-defined)", "This creature can't attack.")


def test_no_battle_when_this_creature_blocks():
    def after(card):
        doc = pos(side(battle_zone=[CRAGSAUR]), side(battle_zone=[card["name"]], shields=[VEHICLE]), cards=[card])
        return check(doc, f'attack "{CRAGSAUR}" -> player')
    assert CALM["name"] in zone_after(after(CALM), 1)          # Chekicul's sentence: both stay
    assert PLAIN["name"] not in zone_after(after(PLAIN), 1)    # a battle: the 1000 blocker is destroyed
    assert "shields left: 1\n" in after(CALM).text()           # blocked all the same


def test_no_battle_when_this_creature_becomes_blocked():
    # Choya (1000 + power attacker 1000) blocked by a 1000 guard: no battle, both stay.
    strong = guard("Strong Guard (position-defined)", "Whenever this creature blocks, untap it after it battles.")
    strong["power"] = 5000
    doc = pos(side(battle_zone=["Choya, the Unheeding"]), side(battle_zone=[strong["name"]], shields=[VEHICLE]), cards=[strong])
    assert "Choya" in zone_after(check(doc, 'attack "Choya, the Unheeding" -> player'), 0)
    doc = pos(side(battle_zone=["Bone Spider"]), side(battle_zone=[strong["name"]], shields=[VEHICLE]), cards=[strong])
    assert "Bone Spider" not in zone_after(check(doc, 'attack "Bone Spider" -> player'), 0)


def test_slayer_when_attacked():
    doc = pos(side(battle_zone=[CRAGSAUR]), side(battle_zone=[tapped("Niyaari, Exploding Doll")], shields=[VEHICLE]))
    result = check(doc, f'attack "{CRAGSAUR}" -> "Niyaari, Exploding Doll"')
    assert CRAGSAUR not in zone_after(result, 0) and "Niyaari" not in zone_after(result, 1)
    doc = pos(side(battle_zone=[CRAGSAUR]), side(battle_zone=[tapped(VEHICLE)], shields=[VEHICLE]))
    assert CRAGSAUR in zone_after(check(doc, f'attack "{CRAGSAUR}" -> "{VEHICLE}"'), 0)


def test_gigazoul_cannot_attack_while_the_opponent_has_no_shields():
    empty = pos(side(battle_zone=["Gigazoul"]), {**side(), "shields": []})
    assert "attack_impossible" in terms(check(empty, 'attack "Gigazoul" -> player'))
    assert check(pos(side(battle_zone=["Gigazoul"]), side(shields=[VEHICLE])), 'attack "Gigazoul" -> player').legal


def test_cliffcrush_giant_cannot_attack_beside_an_untapped_creature():
    awake = pos(side(battle_zone=["Cliffcrush Giant", VEHICLE]), side(shields=[VEHICLE]))
    assert "attack_impossible" in terms(check(awake, 'attack "Cliffcrush Giant" -> player'))
    asleep = pos(side(battle_zone=["Cliffcrush Giant", tapped(VEHICLE)]), side(shields=[VEHICLE]))
    assert check(asleep, 'attack "Cliffcrush Giant" -> player').legal
    # after the other creature attacked (and tapped) the Giant may attack
    two = pos(side(battle_zone=["Cliffcrush Giant", VEHICLE]), side(shields=[VEHICLE] * 3))
    assert check(two, f'attack "{VEHICLE}" -> player', 'attack "Cliffcrush Giant" -> player').legal
