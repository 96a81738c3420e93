"""Triggers on what happens to another card (the family "watch": grammar/effects_watch.lark,
asp/yugioh/watch.lp): the event's card must fit the text's noun phrase and be on the side it says;
the trigger is then answered as any trigger (chain.lp)."""
from __future__ import annotations

from yugioh_board import board
from yugioh_lines import facts_of, illegal, legal

PURPLY = "Interplanetarypurplythorny Dragon"   # If a monster you control is destroyed by battle or
                                               # card effect and sent to the Graveyard: You can
                                               # Special Summon this card from your hand.
PLANE = "Speedroid Rubberband Plane"           # If a monster is Special Summoned to your field
                                               # (except during the Damage Step): You can Special
                                               # Summon this card from your hand, also ...


def test_the_events_of_other_cards_are_read():
    assert "eff_event(25206027,1,seen(destroyed_gy,me,any,any),if)" in facts_of(PURPLY)
    assert "eff_from(25206027,1,hand)" in facts_of(PURPLY)
    assert "eff_event(8284390,1,seen(special,me,any,no_damage_step),if)" in facts_of(PLANE)


def test_a_monster_you_control_destroyed_by_battle_sets_off_the_trigger_in_the_hand():
    pos = board(hand=[PURPLY], field=["Kozaky"], opp_field=["Blue-Eyes White Dragon"])
    attack = 'attack "Kozaky" -> "Blue-Eyes White Dragon"'
    legal(pos, attack, f'then activate "{PURPLY}"')
    # the opponent's monster destroyed by your attack is not "a monster you control"
    pos2 = board(hand=[PURPLY], field=["Blue-Eyes White Dragon"], opp_field=["Kozaky"])
    assert "did not happen" in illegal(pos2, 'attack "Blue-Eyes White Dragon" -> "Kozaky"', f'then activate "{PURPLY}"')


def test_a_special_summon_to_your_field_sets_off_the_trigger_a_normal_summon_not():
    pos = board(hand=[PLANE, "Monster Reborn", "Kozaky"], gy=[{"card": "Dark Magician", "properly_summoned": True}])
    legal(pos, 'activate "Monster Reborn" targeting "Dark Magician"', f'then activate "{PLANE}" effect 1')
    assert "did not happen" in illegal(pos, 'normal_summon "Kozaky"', f'then activate "{PLANE}" effect 1')


def test_except_during_the_damage_step_no_event_of_an_attack_sets_it_off():
    # Interplanetarypurplythorny Dragon is Special Summoned in the Damage Step of the attack that
    # destroyed Kozaky: Speedroid Rubberband Plane's "(except during the Damage Step)" sees nothing.
    pos = board(hand=[PURPLY, PLANE], field=["Kozaky"], opp_field=["Blue-Eyes White Dragon"])
    head = ['attack "Kozaky" -> "Blue-Eyes White Dragon"', f'then activate "{PURPLY}"']
    legal(pos, *head)
    assert "did not happen" in illegal(pos, *head, f'then activate "{PLANE}" effect 1')
