"""Battle abilities read from the text (grammar/abilities.lark -> attack.lp, battle.lp): "can attack
untapped CIV creatures", "can't be attacked by CIV or CIV creatures", "can't be blocked by creatures
that have power N or more", "CIV and CIV slayer".  Real library cards, legal and illegal."""
from __future__ import annotations

from test_dm_helpers import check, pos, side, terms

import oracle.duel_masters.lethal as L

SHOOTER = "Aqua Shooter"      # water 2000, blocker
SEAMINE = "Seamine"           # water 4000, blocker
BONE = "Bone Spider"          # darkness 1000
CRAGSAUR = "Cragsaur"         # fire 3000
BOLTAIL = "Boltail Dragon"    # fire 9000
AERIS = "Aeris, Flight Elemental"  # light 9000


def test_ruthless_skyterror_attacks_untapped_water_creatures_only():
    doc = pos(side(battle_zone=["Ruthless Skyterror"]), side(battle_zone=[SHOOTER, BONE], shields=["Aqua Vehicle"]))
    assert check(doc, f'attack "Ruthless Skyterror" -> "{SHOOTER}"').legal
    assert "attack_impossible" in terms(check(doc, f'attack "Ruthless Skyterror" -> "{BONE}"'))


def test_steel_turret_cluster_cannot_be_attacked_by_fire_creatures():
    doc = pos(side(battle_zone=[CRAGSAUR, BONE]),
              side(battle_zone=[{"card": "Steel-Turret Cluster", "tapped": True}], shields=["Aqua Vehicle"]))
    assert "cannot_be_attacked" in terms(check(doc, f'attack "{CRAGSAUR}" -> "Steel-Turret Cluster"'))
    assert check(doc, f'attack "{BONE}" -> "Steel-Turret Cluster"').legal


def test_calgo_cannot_be_blocked_by_power_4000_or_more():
    def board(blocker):
        return pos(side(battle_zone=["Calgo, Vizier of Rainclouds"]), {**side(battle_zone=[blocker]), "shields": []})
    assert L.answer(L.problem_from(board(SEAMINE), "<test>")).verdict == "lethal"
    assert L.answer(L.problem_from(board(SHOOTER), "<test>")).verdict == "no_lethal"


def test_gigakail_slays_light_creatures_but_not_fire_ones():
    def after(target):
        doc = pos(side(battle_zone=["Gigakail"]),
                  side(battle_zone=[{"card": target, "tapped": True}], shields=["Aqua Vehicle"]))
        result = check(doc, f'attack "Gigakail" -> "{target}"')
        assert result.legal, result.text()
        return result.text()
    assert AERIS not in after(AERIS).split("P1 battle zone")[-1].split("\n")[0]
    assert BOLTAIL in after(BOLTAIL).split("P1 battle zone")[-1].split("\n")[0]
