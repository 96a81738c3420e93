"""Effects whose targets the opponent chooses (family choosers, grammar/abilities_choosers.lark;
asp/duel_masters/choosers.lp): in a checked line one legal choice of his is shown, and oracle lethal
refutes a line with every choice he has -- never the line's choice.  Real library cards."""
from __future__ import annotations

from test_dm_helpers import check, pos, side, untapped

from oracle.duel_masters import lethal as L

PROCLAMATION = "Proclamation of Death"   # darkness 6: your opponent chooses one of his creatures ... destroys it
VINE = "Vine Charger"                    # nature 4: ... puts it into his mana zone
BONE = "Bone Spider"                     # darkness (mana)
BRONZE = "Bronze-Arm Tribe"              # nature (mana)
SHOOTER = "Aqua Shooter"                 # water 2000 blocker
VEHICLE = "Aqua Vehicle"                 # water 1000
CRAGSAUR = "Cragsaur"                    # fire 3000


def verdict(hand: list, mana: list, theirs: list) -> str:
    doc = pos(side(hand=hand, mana_zone=untapped(*mana), battle_zone=[CRAGSAUR]), {**side(battle_zone=theirs), "shields": []})
    return L.answer(L.problem_from(doc, "<test>")).verdict


def test_proclamation_of_death_the_opponent_keeps_his_blocker():
    # he destroys Aqua Vehicle and keeps Aqua Shooter to block Cragsaur: no lethal
    assert verdict([PROCLAMATION], [BONE] * 6, [SHOOTER, VEHICLE]) == "no_lethal"
    # with his blocker alone he must destroy it
    assert verdict([PROCLAMATION], [BONE] * 6, [SHOOTER]) == "lethal"


def test_vine_charger_the_same_choice_into_his_mana_zone():
    assert verdict([VINE], [BRONZE] * 4, [SHOOTER, VEHICLE]) == "no_lethal"
    assert verdict([VINE], [BRONZE] * 4, [SHOOTER]) == "lethal"


def test_a_checked_line_shows_one_choice_of_his_and_names_none():
    doc = pos(side(hand=[PROCLAMATION], mana_zone=untapped(*[BONE] * 6)), side(battle_zone=[SHOOTER, VEHICLE]))
    result = check(doc, f'cast "{PROCLAMATION}"')
    assert result.legal, result.text()
    left = [c if isinstance(c, str) else c["card"] for c in result.steps[-1].position["players"][1]["battle_zone"]]
    assert len(left) == 1 and left[0] in (SHOOTER, VEHICLE)
    # the line cannot name his creature for him
    assert not check(doc, f'cast "{PROCLAMATION}" targeting "{SHOOTER}"').legal


def test_nightmare_machine_destroys_ours_then_his_untapped_one_of_his_choice():
    machine = "Nightmare Machine"     # darkness 5: destroy one of your untapped creatures; then his
    doc = pos(side(hand=[machine], mana_zone=untapped(*[BONE] * 5), battle_zone=[VEHICLE, CRAGSAUR]),
              {**side(battle_zone=[SHOOTER, {"card": VEHICLE, "tapped": True}]), "shields": []})
    # he destroys Aqua Shooter, his only untapped creature: Cragsaur then wins
    assert L.answer(L.problem_from(doc, "<test>")).verdict == "lethal"
