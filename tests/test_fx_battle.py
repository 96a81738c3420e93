"""The battle family of effects (fx_battle.py, effects_battle.lark, asp/yugioh/battle_events.lp):
triggers on the battle damage a monster inflicts, effects only the opponent's attacks set off,
effects at the end of the Battle Phase, and battle rules (piercing, "cannot be destroyed by battle
with a monster that has N or more ATK / the same ATK", "your opponent takes no battle damage",
second and direct attacks).  Real cards, legal and illegal, through checked lines."""
from __future__ import annotations

import pytest
from yugioh_board import board
from yugioh_lines import facts_of, illegal, legal, names, with_deck

from oracle.yugioh.cards import Library
from oracle.yugioh.effect_text import card_effects


def lp(result, player: int) -> int:
    return result.steps[-1].position["players"][player]["life_points"]



# --- reading ------------------------------------------------------------------------------------
def test_the_sentences_read_as_events_and_rules():
    parshath = facts_of("Airknight Parshath")
    assert {"eff_event(18036057,1,battle_damage,if)", "rule(18036057,piercing)",
            "eff_from(18036057,1,field)"} <= parshath
    assert "eff_event(16632144,1,battle_damage_direct,when)" in facts_of("Grappler Angler")
    assert "eff_event(1557341,1,battle_damage,when)" in facts_of("Rose, Warrior of Revenge")
    assert any(f.endswith(",battle_proof_atk(1900))") for f in facts_of("Pilgrim of the Ice Barrier"))
    assert any(f.endswith(",battle_proof_same_atk)") for f in facts_of("Kaiser Glider"))
    assert any(f.endswith(",no_battle_damage(opp))") for f in facts_of("Machine Lord Ür"))
    assert any(f.endswith(",attacks(2))") for f in facts_of("Twinheaded Beast"))
    assert any(f.endswith(",direct_attack)") for f in facts_of("Nightmare Horse"))
    # only the opponent attacks this card: an effect the turn player never activates
    assert "effect(24291651,1,opponent)" in facts_of("Ganbara Knight")
    # "At the end of the Battle Phase": an event no line reaches
    assert "eff_event(51254277,1,end_battle_phase,if)" in facts_of("Big Jaws")


def test_an_action_on_the_battled_monster_is_not_read():
    # "that monster" after a battle condition is the monster it battled: no action names it.
    from lark.exceptions import LarkError

    from oracle.yugioh.effect_text import _parse_unit

    with pytest.raises(LarkError, match="battled monster"):
        _parse_unit("When this card inflicts battle damage to your opponent: Destroy that monster.", Library.load())
    lib = Library.load()
    # at the start of the Damage Step only the mandatory destruction of the attacked monster is read
    assert card_effects(lib.by_name("Paladin of Storm Dragon"), lib).unsupported


# --- "If this card inflicts battle damage to your opponent" -----------------------------------------
def parshath(defender: str) -> dict:
    return with_deck(board(field=["Airknight Parshath"], opp_field=[{"card": defender, "position": "defense"}],
                           first_turn=False), "Pot of Greed", "Dark Magician")


def test_piercing_damage_sets_off_the_mandatory_draw():
    r = legal(parshath("Celtic Guardian"), 'attack "Airknight Parshath" -> "Celtic Guardian"',
              'then activate "Airknight Parshath"')
    assert lp(r, 1) == 8000 - (1900 - 1200)                 # piercing through 1200 DEF
    assert names(r, 0, "hand") == ["Pot of Greed"]           # the top card of the Deck
    # the trigger is mandatory: the line must activate it
    assert "mandatory" in illegal(parshath("Celtic Guardian"), 'attack "Airknight Parshath" -> "Celtic Guardian"')


def test_no_battle_damage_no_trigger():
    # Mystical Elf's 2000 DEF: Parshath's controller takes 100, the opponent nothing.
    r = legal(parshath("Mystical Elf"), 'attack "Airknight Parshath" -> "Mystical Elf"')
    assert lp(r, 0) == 7900 and lp(r, 1) == 8000
    assert "did not happen" in illegal(parshath("Mystical Elf"), 'attack "Airknight Parshath" -> "Mystical Elf"',
                                       'then activate "Airknight Parshath"')


def test_a_damage_goal_reached_only_through_a_defense_position_monster():
    # Rose deals 300 more whenever she inflicts battle damage; Parshath pierces.
    pos = with_deck(board(field=["Airknight Parshath"], opp_field=[{"card": "Celtic Guardian", "position": "defense"}],
                          first_turn=False), "Pot of Greed")
    pos["players"][1]["life_points"] = 700
    r = legal(pos, 'attack "Airknight Parshath" -> "Celtic Guardian"', 'then activate "Airknight Parshath"')
    assert lp(r, 1) == 0
    in_attack = with_deck(board(field=["Airknight Parshath"], opp_field=["Celtic Guardian"], first_turn=False),
                          "Pot of Greed")
    in_attack["players"][1]["life_points"] = 700
    r = legal(in_attack, 'attack "Airknight Parshath" -> "Celtic Guardian"', 'then activate "Airknight Parshath"')
    assert lp(r, 1) == 700 - (1900 - 1400)                   # an Attack Position monster: ATK difference


def test_rose_burns_after_her_battle_damage():
    pos = board(field=["Rose, Warrior of Revenge"], opp_field=["Battle Ox"], first_turn=False)
    direct = board(field=["Rose, Warrior of Revenge"], first_turn=False)
    r = legal(direct, 'attack "Rose, Warrior of Revenge" directly', 'then activate "Rose, Warrior of Revenge"')
    assert lp(r, 1) == 8000 - 1600 - 300
    # into Battle Ox (1700 ATK) she inflicts none: nothing to answer
    assert "did not happen" in illegal(pos, 'attack "Rose, Warrior of Revenge" -> "Battle Ox"',
                                       'then activate "Rose, Warrior of Revenge"')


# --- "... by a direct attack" ---------------------------------------------------------------------------
def test_grappler_angler_answers_only_a_direct_attack():
    pos = board(field=["Grappler Angler"], gy=["Dark Magician"], first_turn=False)
    r = legal(pos, 'attack "Grappler Angler" directly', 'then activate "Grappler Angler" targeting "Dark Magician"')
    assert lp(r, 1) == 8000 - 100
    assert "Dark Magician" in names(r, 0, "monster_zones")
    # piercing is not a direct attack: attacking a monster (here one with 0 DEF) is no event
    vs_monster = board(field=["Grappler Angler"], gy=["Dark Magician"], opp_field=[{"card": "Sonic Chick",
                                                                                    "position": "defense"}],
                       first_turn=False)
    assert "did not happen" in illegal(vs_monster, 'attack "Grappler Angler" -> "Sonic Chick"',
                                       'then activate "Grappler Angler" targeting "Dark Magician"')


# --- battle rules ---------------------------------------------------------------------------------------
def test_pilgrim_survives_a_monster_with_1900_or_more_atk():
    strong = board(field=["Dark Magician"], opp_field=["Pilgrim of the Ice Barrier"], first_turn=False)
    r = legal(strong, 'attack "Dark Magician" -> "Pilgrim of the Ice Barrier"')
    assert names(r, 1, "monster_zones") == ["Pilgrim of the Ice Barrier"]
    assert lp(r, 1) == 8000 - 1000                          # the damage is still taken
    weak = board(field=["Battle Ox"], opp_field=["Pilgrim of the Ice Barrier"], first_turn=False)
    r = legal(weak, 'attack "Battle Ox" -> "Pilgrim of the Ice Barrier"')
    assert names(r, 1, "monster_zones") == []               # 1700 ATK destroys it


def test_kaiser_glider_survives_a_monster_with_the_same_atk():
    pos = board(field=["Kaiser Glider"], opp_field=["Kaiser Glider"], first_turn=False)
    r = legal(pos, 'attack "Kaiser Glider" -> "Kaiser Glider"')
    assert names(r, 0, "monster_zones") == ["Kaiser Glider"] and names(r, 1, "monster_zones") == ["Kaiser Glider"]
    other = board(field=["Dark Magician"], opp_field=["Summoned Skull"], first_turn=False)
    r = legal(other, 'attack "Dark Magician" -> "Summoned Skull"')  # 2500 each, no such rule: both destroyed
    assert names(r, 0, "monster_zones") == [] and names(r, 1, "monster_zones") == []


def test_machine_lord_ur_deals_no_battle_damage():
    r = legal(board(field=["Machine Lord Ür"], first_turn=False), 'attack "Machine Lord Ür" directly')
    assert lp(r, 1) == 8000
    # as the attacked monster it spares its controller's opponent: the attacker's controller
    r = legal(board(field=["Celtic Guardian"], opp_field=["Machine Lord Ür"], first_turn=False),
              'attack "Celtic Guardian" -> "Machine Lord Ür"')
    assert lp(r, 0) == 8000 and names(r, 0, "monster_zones") == []     # 1400 into 1600: no damage to you
    r = legal(board(field=["Battle Ox"], opp_field=["Machine Lord Ür"], first_turn=False),
              'attack "Battle Ox" -> "Machine Lord Ür"')
    assert lp(r, 1) == 8000 - 100                                        # its own controller takes damage
    r = legal(board(field=["Battle Ox"], opp_field=["Celtic Guardian"], first_turn=False),
              'attack "Battle Ox" -> "Celtic Guardian"')
    assert lp(r, 1) == 8000 - 300


def test_twinheaded_beast_attacks_twice_and_others_once():
    pos = board(field=["Twinheaded Beast"], first_turn=False)
    r = legal(pos, 'attack "Twinheaded Beast" directly', 'attack "Twinheaded Beast" directly')
    assert lp(r, 1) == 8000 - 2 * 1700
    assert "already attacked" in illegal(board(field=["Battle Ox"], first_turn=False), 'attack "Battle Ox" directly',
                                         'attack "Battle Ox" directly')


def test_nightmare_horse_attacks_directly_past_a_monster():
    r = legal(board(field=["Nightmare Horse"], opp_field=["Battle Ox"], first_turn=False),
              'attack "Nightmare Horse" directly')
    assert lp(r, 1) == 8000 - 500
    assert illegal(board(field=["Celtic Guardian"], opp_field=["Battle Ox"], first_turn=False),
                   'attack "Celtic Guardian" directly')


def test_an_effect_on_this_card_being_attacked_is_never_the_turn_players():
    pos = board(field=["Ganbara Knight"], first_turn=False)
    assert illegal(pos, 'activate "Ganbara Knight"')


def test_krebons_negates_only_the_opponents_attacks():
    # "When this card is targeted for an attack: You can pay 800 LP; negate the attack."
    assert any(f.endswith(",opponent)") for f in facts_of("Krebons"))
    assert illegal(board(field=["Krebons"], first_turn=False), 'activate "Krebons"')
    from oracle.yugioh.position import parse_position
    from oracle.yugioh.solve import possible_responses

    pos = board(field=["Battle Ox"], opp_field=["Krebons", "Celtic Guardian"],
                opp_st=[{"card": "D - Counter", "face_up": False}], first_turn=False)
    assert {r["name"] for r in possible_responses(parse_position(pos))} == {"Krebons", "D - Counter"}


def test_negating_an_attack_is_read_only_in_an_effect_of_the_opponents_turn():
    from lark.exceptions import LarkError

    from oracle.yugioh.effect_text import _parse_unit

    with pytest.raises(LarkError, match="opponent's attack"):
        _parse_unit("When this card inflicts battle damage to your opponent: You can negate the attack.", Library.load())


# --- "At the start of the Damage Step, if this card attacks a [face-up] Defense Position monster" ------------
def test_sasuke_destroys_a_face_up_defense_monster_before_damage_calculation():
    elf = board(field=["Ninja Grandmaster Sasuke"], opp_field=[{"card": "Mystical Elf", "position": "defense"}],
                first_turn=False)
    r = legal(elf, 'attack "Ninja Grandmaster Sasuke" -> "Mystical Elf"', 'then activate "Ninja Grandmaster Sasuke"')
    assert names(r, 1, "monster_zones") == [] and names(r, 1, "graveyard") == ["Mystical Elf"]
    assert lp(r, 0) == 8000                                  # no damage calculation: 1800 never meets 2000 DEF
    assert "mandatory" in illegal(elf, 'attack "Ninja Grandmaster Sasuke" -> "Mystical Elf"')
    # a face-down monster is not "face-up": the battle is calculated, Sasuke's controller takes 200
    set_elf = board(field=["Ninja Grandmaster Sasuke"], opp_field=[{"card": "Mystical Elf", "position": "set"}],
                    first_turn=False)
    r = legal(set_elf, 'attack "Ninja Grandmaster Sasuke" -> "Mystical Elf"')
    assert lp(r, 0) == 8000 - 200 and names(r, 1, "monster_zones") == ["Mystical Elf"]
    assert "did not happen" in illegal(set_elf, 'attack "Ninja Grandmaster Sasuke" -> "Mystical Elf"',
                                       'then activate "Ninja Grandmaster Sasuke"')


def test_sasuke_samurai_destroys_only_a_face_down_monster():
    pos = board(field=["Sasuke Samurai"], opp_field=[{"card": "Mystical Elf", "position": "set"}], first_turn=False)
    r = legal(pos, 'attack "Sasuke Samurai" -> "Mystical Elf"', 'then activate "Sasuke Samurai"')
    assert names(r, 1, "monster_zones") == [] and lp(r, 0) == 8000
    face_up = board(field=["Sasuke Samurai"], opp_field=[{"card": "Mystical Elf", "position": "defense"}],
                    first_turn=False)
    r = legal(face_up, 'attack "Sasuke Samurai" -> "Mystical Elf"')
    assert names(r, 1, "monster_zones") == ["Mystical Elf"] and lp(r, 0) == 8000 - (2000 - 500)


def test_paladin_of_dark_dragon_destroys_a_face_down_defense_monster_too():
    pos = board(field=["Paladin of Dark Dragon"], opp_field=[{"card": "Mystical Elf", "position": "set"}],
                first_turn=False)
    r = legal(pos, 'attack "Paladin of Dark Dragon" -> "Mystical Elf"', 'then activate "Paladin of Dark Dragon"')
    assert names(r, 1, "monster_zones") == [] and lp(r, 0) == 8000
    in_attack = board(field=["Paladin of Dark Dragon"], opp_field=["Celtic Guardian"], first_turn=False)
    assert "did not happen" in illegal(in_attack, 'attack "Paladin of Dark Dragon" -> "Celtic Guardian"',
                                       'then activate "Paladin of Dark Dragon"')


def test_a_trigger_at_the_end_of_the_battle_phase_is_never_activated_in_a_line():
    # Big Jaws: "At the end of the Battle Phase, if this card attacked: Banish it." (the oracle does
    # not play the end of the Battle Phase: the test below)
    pos = board(field=["Big Jaws"], first_turn=False)
    assert "did not happen" in illegal(pos, 'attack "Big Jaws" directly', 'then activate "Big Jaws"')
    assert names(legal(pos, 'attack "Big Jaws" directly'), 0, "monster_zones") == ["Big Jaws"]


def test_a_monster_changed_at_the_end_of_the_battle_phase_attacks_as_any_monster():
    # Goblin Attack Force: changed to Defense Position at the end of the Battle Phase (the test
    # below); until then it attacks (and may attack once) as any monster.
    assert facts_of("Goblin Attack Force") == {"rule(78658564,end_bp_defense)"}
    r = legal(board(field=["Goblin Attack Force"], first_turn=False), 'attack "Goblin Attack Force" directly')
    assert lp(r, 1) == 8000 - 2300
    assert "already attacked" in illegal(board(field=["Goblin Attack Force"], first_turn=False),
                                         'attack "Goblin Attack Force" directly', 'attack "Goblin Attack Force" directly')


def test_the_kept_defense_position_after_the_end_of_the_battle_phase_is_read_with_it():
    # Goblin Black Ops: "... If this card attacks, it is changed to Defense Position at the end of
    # the Battle Phase. This card's battle position cannot be changed until the end of your next
    # turn, except with a card effect."  The second sentence rides on the first.
    assert facts_of("Goblin Black Ops") == {"rule(66707058,direct_attack)", "rule(66707058,end_bp_defense)"}
    pos = board(hand=["Kozaky"], field=["Goblin Black Ops"], first_turn=False)
    assert lp(legal(pos, 'attack "Goblin Black Ops" directly'), 1) == 8000 - 1300
    assert "does not play the end of the Battle Phase" in illegal(pos, 'attack "Goblin Black Ops" directly',
                                                                 'normal_summon "Kozaky"')
    # alone, with no such rule before it, the sentence is not read
    from dataclasses import replace

    from oracle.yugioh.effect_text import read_card
    lib = Library.load()
    ops = lib.by_name("Goblin Black Ops")
    rider = "This card's battle position cannot be changed until the end of your next turn, except with a card effect."
    assert rider in ops.text
    assert read_card(replace(ops, text=rider), lib).unsupported is not None


# --- the end of the Battle Phase, which the oracle does not play -----------------------------------
def test_a_line_does_not_move_on_to_main_phase_2_past_what_a_monster_does_at_the_end_of_the_battle_phase():
    pos = board(hand=["Kozaky"], field=["Goblin Attack Force", "Celtic Guardian"], first_turn=False)
    # Goblin Attack Force attacked: it would change to Defense Position as the Battle Phase ends
    why = illegal(pos, 'attack "Goblin Attack Force" directly', 'normal_summon "Kozaky"')
    assert "does not play the end of the Battle Phase" in why
    # another monster attacked: Main Phase 2 follows as usual
    legal(pos, 'attack "Celtic Guardian" directly', 'normal_summon "Kozaky"')
    # "At the end of the Battle Phase, if this card attacked: Banish it."
    jaws = board(hand=["Kozaky"], field=["Big Jaws"], first_turn=False)
    assert "does not play the end of the Battle Phase" in illegal(jaws, 'attack "Big Jaws" directly', 'normal_summon "Kozaky"')
    # the attack alone is a line that stays in the Battle Phase
    legal(jaws, 'attack "Big Jaws" directly')


# --- "This card cannot declare an attack unless you Tribute 1 monster" ------------------------------
PANTHER = "Panther Warrior"


def test_an_attack_that_costs_a_tribute_tributes_another_monster_as_it_is_declared():
    assert facts_of(PANTHER) == {"rule(42035044,attack_tribute)"}
    pos = board(field=[PANTHER, "Kozaky"], first_turn=False)
    r = legal(pos, f'attack "{PANTHER}" directly paying "Kozaky"')
    me = r.steps[-1].position["players"][0]
    assert lp(r, 1) == 8000 - 2000
    assert [z["card"] for z in me["monster_zones"] if z] == [42035044]
    assert [e["card"] for e in me["graveyard"]] == [Library.load().by_name("Kozaky").code]
    # nothing else to Tribute (never the attacker itself): no attack
    assert "unless you Tribute 1 other monster" in illegal(board(field=[PANTHER], first_turn=False),
                                                            f'attack "{PANTHER}" directly')
    assert illegal(pos, f'attack "{PANTHER}" directly paying "{PANTHER}"')


def test_the_tribute_of_an_attack_is_found_by_the_solver_and_written_with_paying():
    from oracle.yugioh.lines import parse_text
    from oracle.yugioh.solve import puzzle_from_json, solve_puzzle

    text = f'attack "{PANTHER}" directly paying "Kozaky"'
    assert parse_text(text)[1][0].text() == text
    pos = board(field=[PANTHER, "Kozaky"], first_turn=False)
    out = solve_puzzle(puzzle_from_json({"position": pos, "goal": {"damage": 2000}}), max_steps=1)
    assert out.to_json()["lines"] == [[text]]


def test_goyo_guardian_summons_the_monster_it_destroyed_to_its_own_field_in_defense():
    pos = board(field=["Goyo Guardian"], opp_field=["Kozaky"], first_turn=False)
    r = legal(pos, 'attack "Goyo Guardian" -> "Kozaky"', 'then activate "Goyo Guardian"')
    mine = [z for z in r.steps[-1].position["players"][0]["monster_zones"] if z]
    assert sorted((z["card"], z["position"]) for z in mine) == [(7391448, "attack"), (99171160, "defense")]
    assert names(r, 1, "graveyard") == []
    # the revive limit holds: a Synchro Monster that was not Synchro Summoned stays in the GY
    unproper = board(field=["Goyo Guardian"], first_turn=False,
                     opp_field=[{"card": "Junk Warrior", "position": "attack", "properly_summoned": False}])
    assert "revive limit" in illegal(unproper, 'attack "Goyo Guardian" -> "Junk Warrior"', 'then activate "Goyo Guardian"')


def test_goyo_guardian_has_nothing_to_summon_when_it_destroys_nothing():
    pos = board(field=["Goyo Guardian"], opp_field=[{"card": "Labyrinth Wall", "position": "defense"}], first_turn=False)
    assert illegal(pos, 'attack "Goyo Guardian" -> "Labyrinth Wall"', 'then activate "Goyo Guardian"')


def test_in_the_damage_step_only_a_change_of_atk_def_answers_a_trigger():
    # Goyo Guardian's trigger is activated in the Damage Step, where Enemy Controller (a change of
    # control) cannot answer it; Rush Recklessly (700 ATK) can.  After the battle, at open game
    # state in the Battle Phase, Enemy Controller is activated as any Quick-Play Spell.
    pos = board(field=["Goyo Guardian"], hand=["Enemy Controller", "Rush Recklessly"], opp_field=["Kozaky", "Giant Rat"],
                first_turn=False)
    battle = ['attack "Goyo Guardian" -> "Kozaky"', 'then activate "Goyo Guardian"']
    why = illegal(pos, *battle, 'chain activate "Enemy Controller" mode 1 targeting "Giant Rat"')
    assert "cannot be activated in the Damage Step" in why
    legal(pos, *battle, 'chain activate "Rush Recklessly" targeting "Goyo Guardian"')
    legal(pos, *battle, 'activate "Enemy Controller" mode 1 targeting "Giant Rat"')
    # a Counter Trap (which negates the trigger) is activated there too
    wrath = board(field=["Goyo Guardian"], hand=["Kozaky"], st=[{"card": "Divine Wrath", "face_up": False}],
                  opp_field=["Kozaky"], first_turn=False)
    r = legal(wrath, 'attack "Goyo Guardian" -> "Kozaky"', 'then activate "Goyo Guardian"',
              'chain activate "Divine Wrath" paying "Kozaky"')
    assert "Goyo Guardian" in names(r, 0, "graveyard")


def test_a_monster_revived_after_its_battle_attacks_again_as_a_new_card():
    # Mystic Swordsman LV6 and Goblin Attack Force destroy each other; Call of the Haunted brings
    # the Swordsman back, a new card that has not attacked this turn
    pos = board(field=["Mystic Swordsman LV6"], st=[{"card": "Call of the Haunted", "face_up": False}],
                opp_field=["Goblin Attack Force", "Kozaky"], first_turn=False)
    battle = ['attack "Mystic Swordsman LV6" -> "Goblin Attack Force"',
              'activate "Call of the Haunted" targeting "Mystic Swordsman LV6"']
    r = legal(pos, *battle, 'attack "Mystic Swordsman LV6" -> "Kozaky"')
    assert lp(r, 1) == 8000 - (2300 - 400)
    # without leaving the field it attacks once
    once = board(field=["Mystic Swordsman LV6"], opp_field=["Kozaky", "Petit Moth"], first_turn=False)
    assert "already attacked" in illegal(once, 'attack "Mystic Swordsman LV6" -> "Kozaky"',
                                         'attack "Mystic Swordsman LV6" -> "Petit Moth"')


def test_mystic_swordsman_lv6_may_put_the_face_down_monster_it_destroys_on_top_of_the_deck():
    pos = board(field=["Mystic Swordsman LV6"], opp_field=[{"card": "Kozaky", "position": "set"}], first_turn=False)
    r = legal(pos, 'attack "Mystic Swordsman LV6" -> "Kozaky"', 'then activate "Mystic Swordsman LV6"')
    places = {(tuple(sorted(c if isinstance(c, int) else c["card"] for c in r.steps[-1].position["players"][1][k])))
              for k in ("graveyard", "deck")}
    assert places == {(99171160,), ()}   # in the GY or on the Deck, one reading or the other
    assert lp(r, 1) == 8000               # destroyed before damage calculation: no battle damage
    # the trigger is mandatory
    assert "mandatory" in illegal(pos, 'attack "Mystic Swordsman LV6" -> "Kozaky"')


def test_michizure_answers_a_monster_sent_from_the_field_to_your_gy_even_in_the_damage_step():
    pos = board(field=["Mystic Swordsman LV6"], st=[{"card": "Michizure", "face_up": False}],
                opp_field=["Goblin Attack Force", "Kozaky"], first_turn=False)
    r = legal(pos, 'attack "Mystic Swordsman LV6" -> "Goblin Attack Force"', 'then activate "Michizure" targeting "Kozaky"')
    assert sorted(names(r, 1, "graveyard")) == ["Goblin Attack Force", "Kozaky"]
    # an opponent's monster goes to its owner's GY, not "your GY": nothing to answer
    weak = board(field=["Kozaky"], st=[{"card": "Michizure", "face_up": False}], opp_field=["Petit Moth", "Goblin Attack Force"],
                 first_turn=False)
    assert illegal(weak, 'attack "Kozaky" -> "Petit Moth"', 'then activate "Michizure" targeting "Goblin Attack Force"')


def test_monsters_you_control_cannot_attack_for_the_rest_of_this_turn():
    beast, uria = "Dark Summoning Beast", "Uria, Lord of Searing Flames"
    pos = board(field=[beast, "Kozaky"], hand=["Celtic Guardian"])
    pos["players"][0]["deck"] = [uria]
    summon = f'activate "{beast}" summoning "{uria}"'
    r = legal(pos, summon)
    assert uria in names(r, 0, "monster_zones")
    assert "cannot attack" in illegal(pos, summon, f'attack "{uria}" directly')
    # every monster of its controller, also one that was there before, and one summoned later
    assert "cannot attack" in illegal(pos, summon, 'attack "Kozaky" directly')
    assert "cannot attack" in illegal(pos, summon, 'normal_summon "Celtic Guardian"', 'attack "Celtic Guardian" directly')
    # an attack before the effect resolves is not undone
    legal(pos, 'attack "Kozaky" directly', summon)


def test_atk_changed_during_the_damage_step_only():
    zwei = "Cyber Dragon Zwei"   # 1500 ATK: "If this card attacks an opponent's monster, it gains 300 ATK during the Damage Step only."
    assert "rule(5373478,ds_atk(attacks_monster,300))" in facts_of(zwei)
    r = legal(board(field=[zwei], opp_field=["Battle Ox"]), f'attack "{zwei}" -> "Battle Ox"')   # 1800 against 1700
    assert names(r, 1, "monster_zones") == [] and r.steps[-1].position["players"][1]["life_points"] == 8000 - 100
    assert names(r, 0, "monster_zones") == [zwei]
    # a direct attack is not "an opponent's monster": 1500 damage
    r = legal(board(field=[zwei]), f'attack "{zwei}" directly')
    assert r.steps[-1].position["players"][1]["life_points"] == 8000 - 1500
    # Steamroid (1800 ATK) loses 500 ATK when it is attacked: Gene-Warped Warwolf (2000) wins by 700
    r = legal(board(field=["Gene-Warped Warwolf"], opp_field=["Steamroid"]), 'attack "Gene-Warped Warwolf" -> "Steamroid"')
    assert r.steps[-1].position["players"][1]["life_points"] == 8000 - 700


# --- the older wording of a mandatory trigger: a comma where PSCT has ":" ------------------------
def test_a_trigger_in_the_older_comma_wording_is_mandatory():
    # Mine Golem: "When this card is destroyed by battle and sent to the Graveyard, inflict 500
    # damage to your opponent."  No "you can": the line must activate it.
    assert "effect(76321376,1,trigger)" in facts_of("Mine Golem")
    pos = board(field=["Mine Golem"], opp_field=["Summoned Skull"], first_turn=False)
    r = legal(pos, 'attack "Mine Golem" -> "Summoned Skull"', 'then activate "Mine Golem"')
    assert lp(r, 0) == 8000 - (2500 - 1000) and lp(r, 1) == 8000 - 500
    assert "mandatory" in illegal(pos, 'attack "Mine Golem" -> "Summoned Skull"')
    # a monster it destroys sets nothing off
    assert "did not happen" in illegal(board(field=["Mine Golem"], opp_field=["Kozaky"], first_turn=False),
                                       'attack "Mine Golem" -> "Kozaky"', 'then activate "Mine Golem"')


def test_the_comma_wording_is_read_only_of_an_event():
    # Berserk Dragon: "During each of your End Phases, this card loses 500 ATK." is a continuous
    # effect in that wording, not an effect activated in the End Phase: the card is not read.
    lib = Library.load()
    assert card_effects(lib.by_name("Berserk Dragon"), lib).unsupported == \
        "During each of your End Phases, this card loses 500 ATK."


def test_a_damage_step_gain_against_the_monster_a_filter_describes():
    # Ally of Justice Rudra (1900): "If this card battles a LIGHT monster, it gains 700 ATK during the
    # Damage Step only."  Against Cyber Dragon (LIGHT, 2100): 2600, a win by 500.
    rudra = "Ally of Justice Rudra"
    r = legal(board(field=[rudra], opp_field=["Cyber Dragon"], phase="battle"), f'attack "{rudra}" -> "Cyber Dragon"')
    assert (lp(r, 0), lp(r, 1)) == (8000, 8000 - 500)
    # against an EARTH monster (Gene-Warped Warwolf, 2000) it stays 1900 and loses by 100
    wolf = "Gene-Warped Warwolf"
    r = legal(board(field=[rudra], opp_field=[wolf], phase="battle"), f'attack "{rudra}" -> "{wolf}"')
    assert (lp(r, 0), lp(r, 1)) == (8000 - 100, 8000)
    # and a direct attack is no battle with a LIGHT monster
    assert lp(legal(board(field=[rudra], phase="battle"), f'attack "{rudra}" directly'), 1) == 8000 - 1900


NISAMU = 'Karakuri Soldier mdl 236 "Nisamu"'   # "This card must attack if able."


def test_a_monster_that_must_attack_keeps_the_battle_phase_until_it_attacks():
    pos = board(hand=["Kozaky"], field=[NISAMU], opp_field=["Celtic Guardian"], phase="battle")
    why = illegal(pos, 'normal_summon "Kozaky"')   # moving on to Main Phase 2
    assert "must attack if able" in why
    # (its name holds quotes: a line names it by its passcode)
    legal(pos, 'attack 3846170 -> "Celtic Guardian"', 'normal_summon "Kozaky"')
    # in Defense Position it cannot attack, so nothing is owed
    guarded = board(hand=["Kozaky"], field=[{"card": NISAMU, "position": "defense"}], phase="battle")
    legal(guarded, 'normal_summon "Kozaky"')
    # the older wording of its other effect is the opponent's business (a possible response)
    assert "effect(3846170,1,opponent)" in facts_of(NISAMU)


def test_piercing_battle_damage_of_the_monsters_a_card_names_you_control():
    # Uminotaurus: "If a Fish, Sea Serpent, or Aqua-Type monster you control attacks a Defense
    # Position monster, inflict piercing battle damage to your opponent."
    uminotaurus = "Uminotaurus"
    assert {"rule(30464153,group(piercing))", "rule_filter(30464153,group(piercing),2,pos,race(sea_serpent))"} <= \
        facts_of(uminotaurus)
    pos = board(field=[uminotaurus, "Celtic Guardian"], opp_field=[{"card": "Gyroid", "position": "defense"}],
                first_turn=False)
    r = legal(pos, f'attack "{uminotaurus}" -> "Gyroid"')
    assert r.steps[-1].position["players"][1]["life_points"] == 8000 - (1700 - 1000)
    r = legal(pos, 'attack "Celtic Guardian" -> "Gyroid"')   # a Warrior: no piercing damage
    assert r.steps[-1].position["players"][1]["life_points"] == 8000


def test_your_ninja_monsters_can_attack_directly():
    meizen = "Meizen the Battle Ninja"
    assert "rule(11825276,group(direct_attack))" in facts_of(meizen)
    pos = board(field=[meizen, "White Ninja", "Celtic Guardian"], opp_field=["Gyroid"], first_turn=False)
    r = legal(pos, 'attack "White Ninja" directly')
    assert r.steps[-1].position["players"][1]["life_points"] == 8000 - 1500
    assert illegal(pos, 'attack "Celtic Guardian" directly') == \
        "Celtic Guardian cannot attack directly: the opponent controls 1 monster"
    # face-down, Meizen's rule is not in force
    down = board(field=[{"card": meizen, "position": "set"}, "White Ninja"], opp_field=["Gyroid"], first_turn=False)
    assert "cannot attack directly" in illegal(down, 'attack "White Ninja" directly')


def test_an_effect_at_the_start_of_the_battle_phase():
    # Laundry Dragonmaid: "At the start of the Battle Phase: You can return this card to the hand,
    # and if you do, Special Summon 1 Level 7 "Dragonmaid" monster from your hand or GY."
    laundry, nudyarl = "Laundry Dragonmaid", "Dragonmaid Nudyarl"
    assert "eff_phase(13171876,2,battle_start)" in facts_of(laundry)
    pos = board(field=[laundry], hand=[nudyarl, "Celtic Guardian"], opp_field=["Kozaky"], first_turn=False)
    start = f'activate "{laundry}" effect 2 summoning "{nudyarl}"'
    r = legal(pos, start, f'attack "{nudyarl}" -> "Kozaky"')
    assert r.steps[0].position["turn"]["phase"] == "battle"   # the Start Step of the Battle Phase
    assert r.steps[-1].position["players"][1]["life_points"] == 8000 - (2600 - 400)
    why = "is activated only at the start of the Battle Phase, from Main Phase 1 before any attack"
    # not after an attack, not in the first turn, not in a position given in the Battle Phase
    assert why in illegal(pos, f'attack "{laundry}" -> "Kozaky"', start)
    assert why in illegal(board(field=[laundry], hand=[nudyarl], first_turn=True), start)
    assert why in illegal(board(field=[laundry], hand=[nudyarl], phase="battle", first_turn=False), start)
    # a summon after it ends the Battle Phase: Main Phase 2, no more attacks
    assert "Main Phase 2" in illegal(pos, start, 'normal_summon "Celtic Guardian"', f'attack "{nudyarl}" -> "Kozaky"')
