"""Additional Normal Summons granted for the rest of the turn (normal.lp's turn_grant/3): by an
effect as it resolves (Balancer Lord) and by a Summon of the card itself (Dverg of the Nordic
Alfar, Serenade the Melodious Diva, Constellar Pollux), with real cards."""
from __future__ import annotations

import pytest
from yugioh_board import board
from yugioh_lines import facts_of, illegal, legal, names

from oracle.errors import OracleError

DVERG, LJOSALF = "Dverg of the Nordic Alfar", "Ljosalf of the Nordic Alfar"
BALANCER, ELDER, WEN = "Balancer Lord", "Ritual Beast Tamer Elder", "Ritual Beast Tamer Wen"


def test_the_grants_are_read_as_an_action_and_as_a_rule_with_their_filters():
    balancer = facts_of(BALANCER)
    assert {"eff_pay(8567955,1,1,1000)", "eff_do(8567955,1,1,1,grant_ns(summon,once))",
            "eff_filter(8567955,1,1,1,1,pos,race(cyberse))"} <= balancer
    dverg = facts_of(DVERG)
    assert {"rule(13455953,ns_after(summon,normal,once))",
            "rule_filter(13455953,ns_after(summon,normal,once),1,pos,archetype(66))"} <= dverg
    assert "rule(42029847,ns_after(summon,special,once))" in facts_of("Serenade the Melodious Diva")
    # "During the turn this card was Normal Summoned, ...": the same grant, from that Normal Summon
    assert "rule(78364470,ns_after(summon,normal,once))" in facts_of("Constellar Pollux")


def test_dverg_grants_one_more_normal_summon_of_a_nordic_monster_after_it_is_normal_summoned():
    pos = board(hand=[DVERG, LJOSALF, "Celtic Guardian"], first_turn=False)
    r = legal(pos, f'normal_summon "{DVERG}"', f'normal_summon "{LJOSALF}"')
    assert names(r, 0, "monster_zones") == [LJOSALF, DVERG]
    assert "already used" in illegal(pos, f'normal_summon "{DVERG}"', 'normal_summon "Celtic Guardian"')
    # "Normal Summon", not "Normal Summon/Set": the grant takes no Set
    assert "already used" in illegal(pos, f'normal_summon "{DVERG}"', f'normal_set "{LJOSALF}"')
    # a Set of Dverg is no Normal Summon: nothing is granted
    assert "already used" in illegal(pos, f'normal_set "{DVERG}"', f'normal_summon "{LJOSALF}"')
    # the turn's own Normal Summon is still there after the grant is taken, in either order
    legal(board(hand=[DVERG, LJOSALF, "Celtic Guardian"], field=[], first_turn=False),
          f'normal_summon "{DVERG}"', f'normal_summon "{LJOSALF}"')


def test_the_grant_stays_when_the_card_leaves_the_field():
    pos = board(hand=[DVERG, LJOSALF, "Gyroid"], first_turn=False)
    r = legal(pos, f'normal_summon "{DVERG}"')
    after = r.steps[-1].position
    assert after["players"][0]["normal_summon_grants"] == [{"card": 13455953, "used": False}]
    after["players"][0]["monster_zones"] = [None] * 5
    after["players"][0]["graveyard"] = [DVERG]
    r = legal(after, f'normal_summon "{LJOSALF}"')
    assert r.steps[-1].position["players"][0]["normal_summon_grants"] == [{"card": 13455953, "used": True}]
    assert "already used" in illegal(after, f'normal_summon "{LJOSALF}"', 'normal_summon "Gyroid"')


def test_gained_once_per_turn_by_name():
    # "(You can only gain this effect once per turn.)": the second Elder, Summoned with the first
    # one's grant, grants nothing more
    pos = board(hand=[ELDER, ELDER, WEN], first_turn=False)
    legal(pos, f'normal_summon "{ELDER}"', f'normal_summon "{WEN}"')
    assert "already used" in illegal(pos, f'normal_summon "{ELDER}"', f'normal_summon "{ELDER}"',
                                     f'normal_summon "{WEN}"')


def test_balancer_lord_pays_1000_for_a_normal_summon_of_a_cyberse_monster():
    pos = board(field=[BALANCER], hand=["Cyberse Gadget", "Celtic Guardian", "Backup Secretary"], first_turn=False)
    r = legal(pos, f'activate "{BALANCER}"', 'normal_summon "Celtic Guardian"', 'normal_summon "Cyberse Gadget"')
    assert r.steps[-1].position["players"][0]["life_points"] == 7000
    assert "already used" in illegal(pos, f'activate "{BALANCER}"', 'normal_summon "Celtic Guardian"',
                                     'normal_summon "Cyberse Gadget"', 'normal_summon "Backup Secretary"')
    # without the activation there is one Normal Summon
    assert "already used" in illegal(pos, 'normal_summon "Celtic Guardian"', 'normal_summon "Cyberse Gadget"')


def test_serenade_grants_after_its_special_summon():
    serenade = "Serenade the Melodious Diva"
    pos = board(hand=["Monster Reborn", "Aria the Melodious Diva", "Canon the Melodious Diva"], first_turn=False)
    pos["players"][0]["graveyard"] = [{"card": serenade, "properly_summoned": True}]
    revive = f'activate "Monster Reborn" targeting "{serenade}"'
    legal(pos, revive, 'normal_summon "Aria the Melodious Diva"', 'normal_summon "Canon the Melodious Diva"')
    assert "already used" in illegal(pos, 'normal_summon "Aria the Melodious Diva"',
                                     'normal_summon "Canon the Melodious Diva"')


def test_a_grant_in_a_position_file_is_checked():
    pos = board(hand=[LJOSALF], first_turn=False, normal_summon_used=True)
    assert "already used" in illegal(pos, f'normal_summon "{LJOSALF}"')
    pos["players"][0]["normal_summon_grants"] = [{"card": DVERG}]
    legal(pos, f'normal_summon "{LJOSALF}"')
    pos["players"][0]["normal_summon_grants"] = [{"card": DVERG, "used": True}]
    assert "already used" in illegal(pos, f'normal_summon "{LJOSALF}"')
    for grant, why in (({"card": "Celtic Guardian"}, "grants no additional Normal Summon"),
                       ({"card": DVERG, "used": "no"}, "must be a bool"), ("Dverg", "a grant is")):
        pos["players"][0]["normal_summon_grants"] = [grant]
        with pytest.raises(OracleError, match=why):
            legal(pos, f'normal_summon "{LJOSALF}"')


def test_a_grant_of_a_tribute_summon_only():
    # Legion the Fiend Jester: "During your Main Phase, you can Tribute Summon 1 Spellcaster monster
    # in Attack Position, in addition to your Normal Summon/Set." (while face-up)
    legion, girl = "Legion the Fiend Jester", "Dark Magician Girl"
    assert {"rule(25280974,extra_ns(tribute))", "rule_filter(25280974,extra_ns(tribute),1,pos,race(spellcaster))"} \
        <= facts_of(legion)
    pos = board(field=[legion], hand=["Kozaky", "Gyroid", girl, "Summoned Skull"], first_turn=False)
    legal(pos, 'normal_summon "Kozaky"', f'tribute_summon "{girl}" with "Kozaky"')
    # a Normal Summon without Tributes, a Set, or a monster that is no Spellcaster is not what it grants
    assert "already used" in illegal(pos, 'normal_summon "Kozaky"', 'normal_summon "Gyroid"')
    assert "already used" in illegal(pos, 'normal_summon "Kozaky"', f'tribute_set "{girl}" with "Kozaky"')
    assert "already used" in illegal(pos, 'normal_summon "Kozaky"', 'tribute_summon "Summoned Skull" with "Kozaky"')
    # Performapal Hip Hippo: "After you Normal Summon this card, you can Tribute Summon 1 Level 7 or
    # higher monster in face-up Attack Position during your Main Phase this turn, ..."
    hippo = "Performapal Hip Hippo"
    assert "rule(41440148,ns_after(tribute,normal,once))" in facts_of(hippo)
    pos = board(field=["Kozaky"], hand=[hippo, "Dark Magician", girl], first_turn=False)
    legal(pos, f'normal_summon "{hippo}"', f'tribute_summon "Dark Magician" with "{hippo}", "Kozaky"')
    assert "already used" in illegal(pos, f'normal_summon "{hippo}"', f'tribute_summon "{girl}" with "Kozaky"')


def test_a_grant_after_a_normal_summon_or_a_flip():
    # Nikitama: "During the turn this card was Normal Summoned or flipped face-up, you can Normal
    # Summon 1 Spirit monster in addition to your Normal Summon/Set."
    nikitama, spirit = "Nikitama", "Yata-Garasu"
    assert "rule(24701235,ns_after(summon,normal_flip,once))" in facts_of(nikitama)
    legal(board(hand=[nikitama, spirit], first_turn=False), f'normal_summon "{nikitama}"', f'normal_summon "{spirit}"')
    flipped = board(field=[{"card": nikitama, "position": "set"}], hand=[spirit, "Kozaky"], first_turn=False)
    legal(flipped, 'normal_summon "Kozaky"', f'flip_summon "{nikitama}"', f'normal_summon "{spirit}"')
    assert "already used" in illegal(board(field=[{"card": nikitama, "position": "set"}], hand=[spirit, "Kozaky"],
                                           first_turn=False), 'normal_summon "Kozaky"', f'normal_summon "{spirit}"')


def test_a_mandatory_trigger_that_grants_a_tribute_summon():
    # Eidos the Underworld Squire: "If this card is Normal or Special Summoned: During your Main
    # Phase this turn, you can Tribute Summon 1 monster, in addition to your Normal Summon/Set."
    eidos = "Eidos the Underworld Squire"
    assert "eff_do(59463312,1,1,1,grant_ns(tribute,once))" in facts_of(eidos)
    pos = board(hand=[eidos, "Summoned Skull"], first_turn=False)
    assert "mandatory" in illegal(pos, f'normal_summon "{eidos}"')
    legal(pos, f'normal_summon "{eidos}"', f'then activate "{eidos}"', f'tribute_summon "Summoned Skull" with "{eidos}"')
