"""Card effects as actions of the step encoding (issue 8): the grammar, triggers and timing,
frequency, summoning conditions and the revive limit, costs, targets, draws, Sets, and the
length of a line counted in actions.  Every card is real; each family has a legal and an
illegal case."""
from __future__ import annotations

from dataclasses import replace

import pytest
from yugioh_board import board
from yugioh_lines import check, facts_of, illegal, legal, names

import oracle
from oracle.yugioh.cards import Library
from oracle.yugioh.effect_text import card_effects
from oracle.yugioh.lines import check_line, make_line
from oracle.yugioh.solve import puzzle_from_json, solve_puzzle

CAPTAIN, TUNE, CELTIC, GAIA = "Marauding Captain", "Tune Warrior", "Celtic Guardian", "Gaia Knight, the Force of Earth"
REBORN, DM = "Monster Reborn", "Dark Magician"



# --- the grammar --------------------------------------------------------------------------------
def test_marauding_captain_reads_as_an_optional_when_trigger_that_summons_from_the_hand():
    f = facts_of(CAPTAIN)
    assert {"effect(2460565,1,trigger)", "eff_optional(2460565,1)", "eff_event(2460565,1,normal,when)",
            "eff_do(2460565,1,1,1,summon(1,1))", "eff_src(2460565,1,1,1,hand)",
            "eff_filter(2460565,1,1,1,1,pos,level_max(4))"} <= f


def test_riders_limits_and_conditions_are_read():
    assert {"eff_rider(10802915,1,1,1,negated)", "eff_rider(10802915,1,1,1,no_material(synchro))"} <= \
        facts_of("Tour Guide From the Underworld")
    watch = facts_of("Watch Cat")
    assert {"eff_limit(70975131,1,hard)", "eff_from(70975131,1,hand)", "eff_do(70975131,1,1,1,summon_self)",
            "proc_cond(70975131,eff(1),1,count(me,field,0,0))", "eff_phase(70975131,2,end)"} <= watch


def test_a_sentence_outside_the_grammar_makes_the_whole_card_unsupported():
    lib = Library.load()
    soul = card_effects(lib.by_name("Soul Resonator"), lib)
    assert soul.unsupported and "would be destroyed" in soul.unsupported and soul.facts == []
    assert card_effects(lib.by_name("Dark Magician"), lib).sentences == 0  # flavour text is no effect


# --- triggers and their timing ------------------------------------------------------------------
def test_a_normal_summon_trigger_follows_the_summon_and_counts_with_it():
    pos = board(hand=[CAPTAIN, TUNE], extra=[GAIA])
    r = legal(pos, f'normal_summon "{CAPTAIN}"', f'then activate "{CAPTAIN}" summoning "{TUNE}"',
              f'synchro_summon "{GAIA}" with "{CAPTAIN}", "{TUNE}"')
    assert len(r.steps) == 2  # two actions: the trigger belongs to the Normal Summon


def test_a_trigger_is_not_activated_on_its_own():
    pos = board(hand=[CAPTAIN, TUNE])
    why = illegal(pos, f'normal_summon "{CAPTAIN}"', f'activate "{CAPTAIN}" summoning "{TUNE}"')
    assert "trigger effect" in why


def test_a_special_summoned_captain_does_not_trigger_its_normal_summon_effect():
    pos = board(hand=[REBORN, TUNE], gy=[{"card": CAPTAIN, "properly_summoned": True}])
    legal(pos, f'activate "{REBORN}" targeting "{CAPTAIN}"')
    why = illegal(pos, f'activate "{REBORN}" targeting "{CAPTAIN}"', f'then activate "{CAPTAIN}" summoning "{TUNE}"')
    assert "did not happen" in why


def test_the_trigger_filter_and_summoning_conditions():
    # Level 4 or lower only; a Ritual monster must be Ritual Summoned first; Yata-Garasu cannot be
    # Special Summoned at all.
    pos = board(hand=[CAPTAIN, "Summoned Skull", "Relinquished", "Yata-Garasu", TUNE])
    assert "not a card this effect can take" in illegal(
        pos, f'normal_summon "{CAPTAIN}"', f'then activate "{CAPTAIN}" summoning "Summoned Skull"')
    assert "summoning condition" in illegal(
        pos, f'normal_summon "{CAPTAIN}"', f'then activate "{CAPTAIN}" summoning "Relinquished"')
    assert "summoning condition" in illegal(
        pos, f'normal_summon "{CAPTAIN}"', f'then activate "{CAPTAIN}" summoning "Yata-Garasu"')


def test_cannot_be_used_as_synchro_material():
    pos = board(hand=["Tour Guide From the Underworld"], extra=[GAIA])
    pos["players"][0]["deck"] = ["Soul Resonator"]
    why = illegal(pos, 'normal_summon "Tour Guide From the Underworld"',
                  'then activate "Tour Guide From the Underworld" summoning "Soul Resonator"',
                  f'synchro_summon "{GAIA}" with "Tour Guide From the Underworld", "Soul Resonator"')
    assert "cannot be used as Synchro Material" in why


# --- the revive limit ------------------------------------------------------------------------------
def test_monster_reborn_respects_the_revive_limit():
    proper = board(hand=[REBORN], gy=[{"card": "Flame Swordsman", "properly_summoned": True}])
    legal(proper, f'activate "{REBORN}" targeting "Flame Swordsman"')
    never = board(hand=[REBORN], gy=[{"card": "Flame Swordsman", "properly_summoned": False}])
    assert "revive limit" in illegal(never, f'activate "{REBORN}" targeting "Flame Swordsman"')
    # A monster without summoning conditions has no revive limit at all.
    legal(board(hand=[REBORN], gy=[DM]), f'activate "{REBORN}" targeting "{DM}"')


# --- frequency ---------------------------------------------------------------------------------------
def test_hard_once_per_turn_is_per_name():
    pin = "Battlewasp - Pin the Bullseye"
    pos = board(hand=["Petit Moth", pin, pin])
    legal(pos, 'normal_summon "Petit Moth"', f'activate "{pin}"')
    why = illegal(pos, 'normal_summon "Petit Moth"', f'activate "{pin}"', f'activate "{pin}" effect 1')
    assert "once per turn" in why


def test_an_activation_condition_is_read_when_activated():
    pos = board(hand=["Watch Cat", TUNE])
    legal(pos, 'activate "Watch Cat"', f'normal_summon "{TUNE}"')
    assert "only if you control no" in illegal(pos, f'normal_summon "{TUNE}"', 'activate "Watch Cat"')


def test_a_used_effect_given_in_the_position_holds():
    pos = board(hand=["Watch Cat"])
    pos["players"][0]["effects_used_this_turn"] = [{"card": "Watch Cat", "effect": 1}]
    assert "once per turn" in illegal(pos, 'activate "Watch Cat"')


# --- Spells, Traps, costs, draws ---------------------------------------------------------------
def test_a_trap_set_this_turn_cannot_be_activated():
    haunted = "Call of the Haunted"
    pos = board(hand=[haunted], gy=[CELTIC])
    why = illegal(pos, f'set_spell_trap "{haunted}"', f'activate "{haunted}" targeting "{CELTIC}"')
    assert "Set this turn" in why
    earlier = board(gy=[CELTIC], st=[{"card": haunted, "face_up": False}])
    r = legal(earlier, f'activate "{haunted}" targeting "{CELTIC}"')
    assert "Set this turn" in illegal(board(gy=[CELTIC], st=[{"card": haunted, "face_up": False, "set_this_turn": True}]),
                                      f'activate "{haunted}" targeting "{CELTIC}"')
    zones = r.steps[-1].position["players"][0]
    # which free zone the summon takes is a hidden choice of the solver: any of them
    assert [z["card"] for z in zones["monster_zones"] if z] == [91152256]
    assert zones["spell_trap_zones"][0]["card"] == 97077563


def test_one_for_one_pays_its_cost_and_summons_from_the_deck():
    pos = board(hand=["One for One", CELTIC], field=["Giant Soldier of Stone"])
    pos["players"][0]["deck"] = ["Water Spirit", "Petit Moth"]
    r = legal(pos, f'activate "One for One" paying "{CELTIC}" summoning "Water Spirit"')
    gy = r.steps[-1].position["players"][0]["graveyard"]
    assert sorted(e if isinstance(e, int) else e["card"] for e in gy) == [2295440, 91152256]
    assert "cannot be paid" in illegal(board(hand=["One for One"], field=[CELTIC]), 'activate "One for One"')


def test_this_card_and_another_card_are_paid_together():
    # Hand of Nephthys: "You can Tribute this card and 1 other monster; Special Summon 1 "Sacred
    # Phoenix of Nephthys" from your hand or Deck."
    hand, phoenix = "Hand of Nephthys", "Sacred Phoenix of Nephthys"
    pos = board(field=[hand, "Kozaky"])
    pos["players"][0]["deck"] = [phoenix]
    r = legal(pos, f'activate "{hand}" paying "Kozaky" summoning "{phoenix}"')
    assert sorted(names(r, 0, "graveyard")) == sorted([hand, "Kozaky"])
    assert names(r, 0, "monster_zones") == [phoenix]
    # the card itself is not also the other monster
    alone = board(field=[hand])
    alone["players"][0]["deck"] = [phoenix]
    assert "cannot be paid" in illegal(alone, f'activate "{hand}"')


def test_a_dragon_ruler_discards_itself_and_a_dragon_or_monster_of_its_attribute():
    # Burner, Dragon Ruler of Sparks: "You can discard this card and 1 Dragon or FIRE monster;
    # Special Summon 1 "Blaster, Dragon Ruler of Infernos" from your Deck, but it cannot attack
    # this turn."  Burner is a FIRE Dragon itself, and still never pays for itself.
    burner, blaster = "Burner, Dragon Ruler of Sparks", "Blaster, Dragon Ruler of Infernos"

    def pos(*hand):
        p = board(hand=[burner, *hand])
        p["players"][0]["deck"] = [blaster]
        return p
    r = legal(pos("Alexandrite Dragon"), f'activate "{burner}" paying "Alexandrite Dragon"')
    assert sorted(names(r, 0, "graveyard")) == sorted([burner, "Alexandrite Dragon"])
    assert names(r, 0, "monster_zones") == [blaster]
    assert "Kozaky" in illegal(pos("Kozaky"), f'activate "{burner}" paying "Kozaky"')   # neither Dragon nor FIRE
    assert "cannot be paid" in illegal(pos(), f'activate "{burner}"')


def test_a_cost_sent_from_where_you_control_it():
    # Magic Planter: "Send 1 face-up Continuous Trap you control to the GY; draw 2 cards." -- from
    # the Spell & Trap Zones, face-up only.
    planter, haunted = "Magic Planter", "Call of the Haunted"

    def pos(trap):
        p = board(hand=[planter], st=[trap])
        p["players"][0]["deck"] = ["Kozaky", "Celtic Guardian"]
        return p
    r = legal(pos({"card": haunted, "face_up": True}), f'activate "{planter}" paying "{haunted}"')
    assert sorted(names(r, 0, "graveyard")) == sorted([planter, haunted])
    assert sorted(names(r, 0, "hand")) == ["Celtic Guardian", "Kozaky"]
    assert "cannot be paid" in illegal(pos({"card": haunted, "face_up": False}), f'activate "{planter}"')


def test_a_cost_returned_to_the_hand_goes_to_its_owners_hand_or_extra_deck():
    # Mist Valley Shaman: "Once per turn: You can return 1 other monster you control to the hand;
    # this card gains 500 ATK until the end of this turn."
    shaman = "Mist Valley Shaman"
    r = legal(board(field=[shaman, "Kozaky"]), f'activate "{shaman}" paying "Kozaky"')
    assert names(r, 0, "hand") == ["Kozaky"] and names(r, 0, "monster_zones") == [shaman]
    assert "Kozaky" not in names(r, 0, "graveyard")
    # an Extra Deck monster goes back to the Extra Deck
    r = legal(board(field=[shaman], emz=["Link Spider", None]), f'activate "{shaman}" paying "Link Spider"')
    assert "Link Spider" in names(r, 0, "extra_deck") and names(r, 0, "hand") == []
    # "other": the Shaman never pays for itself
    assert "cannot be paid" in illegal(board(field=[shaman]), f'activate "{shaman}"')


def test_then_you_can_is_an_action_the_player_may_leave_out():
    # Preparation of Rites: "Add 1 Level 7 or lower Ritual Monster from your Deck to your hand, then
    # you can add 1 Ritual Spell from your GY to your hand."
    rites, monster, spell = "Preparation of Rites", "Relinquished", "Black Illusion Ritual"
    pos = board(hand=[rites], gy=[spell])
    pos["players"][0]["deck"] = [monster]
    both = legal(pos, f'activate "{rites}" adding "{monster}", "{spell}"')
    assert sorted(names(both, 0, "hand")) == sorted([monster, spell])
    first = legal(pos, f'activate "{rites}" adding "{monster}"')
    assert names(first, 0, "hand") == [monster] and spell in names(first, 0, "graveyard")
    # the first action is not optional: with no Ritual Monster in the Deck it cannot be activated
    empty = board(hand=[rites], gy=[spell])
    assert "nothing" in illegal(empty, f'activate "{rites}"') or "no card" in illegal(empty, f'activate "{rites}"')


def test_then_you_can_is_read_only_of_an_action_that_takes_cards():
    # Maliss <Q> White Binder's "Special Summon it, then you can draw 1 card": a draw left out is
    # not modelled, so the sentence is refused, never read as a draw that always happens.
    from oracle.yugioh.effect_text import _parse_unit

    lib = Library.load()
    sentence = "If this card is banished: You can pay 900 LP; Special Summon it, then you can draw 1 card."
    assert sentence in lib.by_name("Maliss <Q> White Binder").text
    with pytest.raises(Exception, match="optional action"):
        _parse_unit(sentence, lib)


def test_pot_of_greed_draws_the_top_two_cards():
    pos = board(hand=["Pot of Greed"])
    pos["players"][0]["deck"] = [TUNE, "Kozaky", "Petit Moth"]
    hand = legal(pos, 'activate "Pot of Greed"').steps[-1].position["players"][0]["hand"]
    assert sorted(hand) == sorted([74093656, 99171160])
    pos["players"][0]["deck"] = [TUNE]
    assert "fewer than 2 cards" in illegal(pos, 'activate "Pot of Greed"')


def test_double_summon_gives_a_second_normal_summon():
    pos = board(hand=["Double Summon", CELTIC, "Masaki the Legendary Swordsman"])
    legal(pos, f'normal_summon "{CELTIC}"', 'activate "Double Summon"', 'normal_summon "Masaki the Legendary Swordsman"')
    assert "already used" in illegal(pos, f'normal_summon "{CELTIC}"', 'normal_summon "Masaki the Legendary Swordsman"')


# --- plays, solving ---------------------------------------------------------------------------------
def test_plays_list_one_activation_per_cost_and_target_set():
    pos = board(hand=["One for One", CELTIC, "Petit Moth", REBORN], gy=[DM, TUNE])
    pos["players"][0]["deck"] = ["Water Spirit"]
    acts = [p for p in oracle.plays(pos) if p.action == "activate"]
    got = sorted((p.card.name, tuple(c.name for c in p.costs), tuple(c.name for c in p.targets)) for p in acts)
    assert got == [(REBORN, (), (DM,)), (REBORN, (), (TUNE,)),
                   ("One for One", (CELTIC,), ()), ("One for One", ("Petit Moth",), ())]
    assert all(p.to_json()["effect"] == 1 for p in acts)


def test_shortest_counts_actions_not_follow_ups():
    pos = board(hand=[CAPTAIN, CELTIC, REBORN], gy=[{"card": DM, "properly_summoned": True}])
    out = solve_puzzle(puzzle_from_json({"position": pos, "goal": {"monsters": 3}}))
    assert out.solved and len(out.lines[0]) == 2
    first = out.to_json()["lines"][0]
    assert any(isinstance(e, dict) and e["then"] for e in first)


def test_unsupported_cards_are_named_and_opponent_responses_listed():
    pos = board(hand=["Soul Resonator"], opp_st=[{"card": "Mirror Force", "face_up": False}])
    out = solve_puzzle(puzzle_from_json({"position": pos, "goal": {"monsters": 1}})).to_json()
    assert "Soul Resonator" in out["unmodelled_effects"]
    assert [r["name"] for r in out["possible_responses"]] == ["Mirror Force"]


# --- rules a card sets for itself, and more effect families -------------------------------------------
def test_piercing_battle_damage():
    pos = board(field=["Elemental HERO Bladedge"], opp_field=[{"card": "Kozaky", "position": "defense"}])
    doc = legal(pos, 'attack "Elemental HERO Bladedge" -> "Kozaky"').steps[-1].position
    assert doc["players"][1]["life_points"] == 8000 - (2600 - 400)   # Kozaky has 400 DEF
    plain = board(field=["Summoned Skull"], opp_field=[{"card": "Kozaky", "position": "defense"}])
    assert legal(plain, 'attack "Summoned Skull" -> "Kozaky"').steps[-1].position["players"][1]["life_points"] == 8000


def test_a_card_that_can_attack_directly():
    pos = board(field=["Pair Cycroid", "Summoned Skull"], opp_field=["Kozaky"])
    assert legal(pos, 'attack "Pair Cycroid" directly').steps[-1].position["players"][1]["life_points"] == 8000 - 1600
    assert "cannot attack directly" in illegal(pos, 'attack "Summoned Skull" directly')


def test_you_can_only_control_one():
    pos = board(hand=["Eagle Shark"], field=["Eagle Shark", "Kozaky"], opp_field=["Kozaky", "Kozaky"])
    assert "only control 1" in illegal(pos, 'tribute_summon "Eagle Shark" with "Kozaky"')
    legal(board(hand=["Eagle Shark"], field=["Kozaky"]), 'tribute_summon "Eagle Shark" with "Kozaky"')


def test_tribute_cost_and_burn():
    pos = board(field=["Cannon Soldier", "Kozaky"])
    doc = legal(pos, 'activate "Cannon Soldier" paying "Kozaky"').steps[-1].position
    assert doc["players"][1]["life_points"] == 7500
    assert [e["card"] for e in doc["players"][0]["graveyard"]] == [99171160]
    # "Tribute 1 monster": Cannon Soldier may Tribute itself, its 500 damage needs nothing of it
    alone = legal(board(field=["Cannon Soldier"]), 'activate "Cannon Soldier" paying "Cannon Soldier"')
    assert alone.steps[-1].position["players"][1]["life_points"] == 7500
    assert "cost" in illegal(board(field=["Cannon Soldier"], st=["Dark Room of Nightmare"]),
                             'activate "Cannon Soldier" paying "Dark Room of Nightmare"')


def test_a_monster_tributes_itself_for_its_own_cost_unless_the_text_says_other():
    lonefire = board(field=["Lonefire Blossom"])
    lonefire["players"][0]["deck"] = ["Gigaplant"]
    r = legal(lonefire, 'activate "Lonefire Blossom" paying "Lonefire Blossom" summoning "Gigaplant"')
    assert [z["card"] for z in r.steps[-1].position["players"][0]["monster_zones"] if z] == [53257892]
    # Hazy Flame Hyppogrif: "Tribute 1 other FIRE monster; this card gains 300 ATK"
    hazy = board(field=["Hazy Flame Hyppogrif", "Flame Manipulator"])
    legal(hazy, 'activate "Hazy Flame Hyppogrif" paying "Flame Manipulator"')
    assert illegal(board(field=["Hazy Flame Hyppogrif"]), 'activate "Hazy Flame Hyppogrif" paying "Hazy Flame Hyppogrif"')


def test_foolish_burial_sends_from_the_deck_only():
    pos = board(hand=["Foolish Burial", "Kozaky"])
    pos["players"][0]["deck"] = ["Dark Magician"]
    gy = legal(pos, 'activate "Foolish Burial" sending "Dark Magician"').steps[-1].position["players"][0]["graveyard"]
    assert sorted(e if isinstance(e, int) else e["card"] for e in gy) == sorted([46986414, 81439173])
    assert illegal(pos, 'activate "Foolish Burial" sending "Kozaky"')


def test_a_lock_holds_for_the_rest_of_the_turn():
    rokket, reb = "Rokket Synchron", "Red-Eyes Black Dragon"
    pos = board(hand=[rokket], gy=[reb], extra=["Linkuriboh", "Knightmare Phoenix"])
    head = [f'normal_summon "{rokket}"', f'then activate "{rokket}" targeting "{reb}"']
    r = legal(pos, *head, f'link_summon "Linkuriboh" with "{rokket}"')   # a DARK monster: allowed
    assert r.steps[0].position["players"][0]["locks"] == [{"card": 48355999, "effect": 1}]
    why = illegal(pos, *head, f'link_summon "Knightmare Phoenix" with "{rokket}", "{reb}"')
    assert why.startswith("locked: the effect of Rokket Synchron allows only DARK monsters from the Extra Deck")
    # A lock given in the position holds as well.
    pos2 = board(field=[rokket, reb], extra=["Knightmare Phoenix"])
    pos2["players"][0]["locks"] = [{"card": rokket, "effect": 1}]
    assert "locked" in illegal(pos2, f'link_summon "Knightmare Phoenix" with "{rokket}", "{reb}"')


def test_when_trigger_misses_the_timing_and_mandatory_triggers():
    # Rokket Synchron answers its own Normal Summon, not a later action's events.
    rokket, reb = "Rokket Synchron", "Red-Eyes Black Dragon"
    pos = board(hand=[rokket, "Monster Reborn"], gy=[reb])
    why = illegal(pos, f'normal_summon "{rokket}"', 'activate "Monster Reborn" targeting "Red-Eyes Black Dragon"',
                  f'then activate "{rokket}" targeting "{reb}"')
    assert "did not happen" in why
    # Des Lacooda: "If this card is Flip Summoned: Draw 1 card." is mandatory.
    des = board(field=[{"card": "Des Lacooda", "position": "set"}])
    des["players"][0]["deck"] = ["Kozaky"]
    assert "is mandatory" in illegal(des, 'flip_summon "Des Lacooda"')
    hand = legal(des, 'flip_summon "Des Lacooda"', 'then activate "Des Lacooda" effect 2').steps[-1].position
    assert hand["players"][0]["hand"] == [99171160]


def test_a_monster_destroyed_by_battle_answers_from_the_gy():
    pos = board(field=["Giant Rat"], opp_field=["Summoned Skull"])
    pos["players"][0]["deck"] = ["Giant Soldier of Stone", "Summoned Skull"]
    doc = legal(pos, 'attack "Giant Rat" -> "Summoned Skull"',
                'then activate "Giant Rat" summoning "Giant Soldier of Stone"').steps[-1].position
    assert [z["card"] for z in doc["players"][0]["monster_zones"] if z] == [13039848]
    assert doc["players"][0]["monster_zones"][[bool(z) for z in doc["players"][0]["monster_zones"]].index(True)]["position"] == "attack"
    # Summoned Skull is DARK with 2500 ATK: not what the effect takes.
    assert "not a card this effect can take" in illegal(pos, 'attack "Giant Rat" -> "Summoned Skull"',
                                                        'then activate "Giant Rat" summoning "Summoned Skull"')


# --- oracle cards show / coverage --effects --------------------------------------------------------
def test_cards_show_names_the_sentence_not_understood():
    from click.testing import CliRunner

    from oracle.yugioh.cards_cli import cards

    out = CliRunner().invoke(cards, ["show", "Soul Resonator"]).output
    assert 'effects NOT understood (none of them is ever activated): If a card(s) you control would be destroyed' in out
    out = CliRunner().invoke(cards, ["show", CAPTAIN]).output
    assert "1: trigger, when normal Summoned, from field, optional" in out and "eff_event(2460565,1,normal,when)." in out


def test_effect_coverage_counts_cards_and_sentences():
    from oracle.yugioh.effect_text import coverage

    lib = Library.load()
    names = [CAPTAIN, "Soul Resonator", "Pot of Greed", "Call of the Haunted", "Dark Magician", "Black Rose Dragon",
             "Watch Cat"]
    small = Library([lib.by_name(n) for n in names], lib.archetypes)
    report = coverage(small)
    # Dark Magician has no effect text; Soul Resonator's replacement effect is not understood (Black
    # Rose Dragon's second effect is: a change of battle position and "its ATK becomes 0").
    assert report["overall"] == {"total": 6, "understood": 5, "percent": 83.3}
    assert report["families"]["Traps"] == {"total": 1, "understood": 1, "percent": 100.0}
    missing = [e["sentence"] for e in report["not_understood"]]
    assert any(s.startswith('If a card(s) you control would be destroyed by card effect, while you control "X"') for s in missing)


def test_a_flip_effect_is_a_mandatory_trigger_of_the_flip_summon():
    pos = board(field=[{"card": "Man-Eater Bug", "position": "set"}], opp_field=["Summoned Skull"])
    assert "is mandatory" in illegal(pos, 'flip_summon "Man-Eater Bug"')
    doc = legal(pos, 'flip_summon "Man-Eater Bug"', 'then activate "Man-Eater Bug" targeting "Summoned Skull"')
    assert not any(doc.steps[-1].position["players"][1]["monster_zones"])
    # The opponent's face-down Man-Eater Bug is named as a possible response (an attack flips it).
    out = solve_puzzle(puzzle_from_json({"position": board(field=["Summoned Skull"],
                                                           opp_field=[{"card": "Man-Eater Bug", "position": "set"}]),
                                         "goal": {"damage": 100}})).to_json()
    assert [r["name"] for r in out["possible_responses"]] == ["Man-Eater Bug"]


def test_soft_once_per_turn_is_per_copy():
    # Des Lacooda: "Once per turn: You can change this card to face-down Defense Position."
    pos = board(field=["Des Lacooda", "Des Lacooda"])
    r = legal(pos, 'activate "Des Lacooda"', 'activate "Des Lacooda"')   # the other copy: its own once per turn
    assert [z["position"] for z in r.steps[-1].position["players"][0]["monster_zones"] if z] == ["set", "set"]


def test_the_older_wordings_of_damage_and_life_points_are_read_as_the_newer():
    # "Inflict 800 points of damage to your opponent's Life Points." (Ookazi), "Increase your Life
    # Points by 600 points." (Goblin's Secret Remedy): the same actions as "Inflict 800 damage to
    # your opponent." and "Gain 600 LP."
    assert "eff_do(19523799,1,1,1,damage(800))" in facts_of("Ookazi")
    pos = board(hand=["Ookazi", "Goblin's Secret Remedy"], first_turn=False)
    r = legal(pos, 'activate "Ookazi"', 'activate "Goblin\'s Secret Remedy"')
    players = r.steps[-1].position["players"]
    assert (players[0]["life_points"], players[1]["life_points"]) == (8000 + 600, 8000 - 800)


def test_damage_and_life_points_for_each_monster_of_a_field():
    # "Inflict 400 damage to your opponent for each monster they control." (Thunder Short: "they"
    # is the opponent) and "Gain 1000 Life Points for each face-up Psychic-Type monster you
    # control." (Psychic Rejuvenation): the count is read as the card resolves.
    pos = board(hand=["Thunder Short"], field=["Celtic Guardian"], opp_field=["Kozaky", "Battle Ox"], first_turn=False)
    players = legal(pos, 'activate "Thunder Short"').steps[-1].position["players"]
    assert (players[0]["life_points"], players[1]["life_points"]) == (8000, 8000 - 2 * 400)
    # nothing to count: no damage (and your own monsters are not counted)
    alone = board(hand=["Thunder Short"], field=["Celtic Guardian"], first_turn=False)
    assert legal(alone, 'activate "Thunder Short"').steps[-1].position["players"][1]["life_points"] == 8000
    psychics = [{"card": "Krebons", "position": "attack"}, {"card": "Psychic Commander", "position": "attack"},
                {"card": "Krebons", "position": "set"}, "Celtic Guardian"]   # the Set one is not seen face-up
    pos = board(st=[{"card": "Psychic Rejuvenation", "face_up": False}], field=psychics, first_turn=False)
    assert legal(pos, 'activate "Psychic Rejuvenation"').steps[-1].position["players"][0]["life_points"] == 8000 + 2 * 1000


def test_two_groups_of_targets_each_with_its_own_count_filter_and_place():
    # Double Cyclone: "Target 1 Spell/Trap you control and 1 Spell/Trap your opponent controls;
    # destroy them."
    assert {"eff_target(75652080,1,1,1,1,me,field)", "eff_target_more(75652080,1,1,2,1,1,opp,field)"} <= facts_of("Double Cyclone")
    mine = [{"card": "Messenger of Peace", "face_up": True}]
    theirs = [{"card": "Mirror Force", "face_up": False}]
    pos = board(hand=["Double Cyclone"], st=mine, opp_st=theirs)
    r = legal(pos, 'activate "Double Cyclone" targeting "Messenger of Peace", "Mirror Force"')
    assert sorted(names(r, 0, "graveyard")) == ["Double Cyclone", "Messenger of Peace"]
    assert names(r, 1, "graveyard") == ["Mirror Force"]
    # both from one side is neither reading: one group each
    two_mine = board(hand=["Double Cyclone"], st=mine + [{"card": "Mystical Space Typhoon", "face_up": False}], opp_st=theirs)
    assert "target" in illegal(two_mine, 'activate "Double Cyclone" targeting "Messenger of Peace", "Mystical Space Typhoon"')
    # no Spell/Trap of your own (the card itself is none of its targets): it cannot be activated
    assert "target" in illegal(board(hand=["Double Cyclone"], opp_st=theirs), 'activate "Double Cyclone"')
    # Mask Charge: "Target 1 "HERO" monster and 1 "Change" Quick-Play Spell Card in your Graveyard;
    # add them to your hand." -- the place said once is both groups'
    pos = board(hand=["Mask Charge"], gy=["Elemental HERO Avian", "Mask Change"])
    r = legal(pos, 'activate "Mask Charge" targeting "Elemental HERO Avian", "Mask Change"')
    assert sorted(names(r, 0, "hand")) == ["Elemental HERO Avian", "Mask Change"]
    assert "target" in illegal(board(hand=["Mask Charge"], gy=["Elemental HERO Avian"]), 'activate "Mask Charge"')


def test_a_slot_of_alternatives_is_one_filter_alternative_each():
    # "1 face-up Fish, Sea Serpent, or Aqua-Type monster": a monster of one of the three Types
    facts = facts_of("Aqua Jet")
    assert {"eff_target_filter(7653207,1,1,1,pos,race(fish))", "eff_target_filter(7653207,1,1,2,pos,race(sea_serpent))",
            "eff_target_filter(7653207,1,1,3,pos,race(aqua))"} <= facts
    pos = board(hand=["Aqua Jet"], field=["Great White", "Water Spirit", "Celtic Guardian"], first_turn=False)
    for fish in ("Great White", "Water Spirit"):
        legal(pos, f'activate "Aqua Jet" targeting "{fish}"')
    assert "not a valid target" in illegal(pos, 'activate "Aqua Jet" targeting "Celtic Guardian"')


def test_names_as_alternatives_are_cards_names():
    from oracle.yugioh.effect_text import _parse_unit

    r = _parse_unit('Add 1 "Dark Magician" or "Magician of Black Chaos" from your Deck to your hand.', Library.load())
    assert r["actions"][0]["what"][2] == [frozenset({("pos", ("name", 46986414))}),
                                          frozenset({("pos", ("name", 30208479))})]


def test_items_joined_by_or_are_one_card_of_either_description():
    # Manju of the Ten Thousand Hands: "add 1 Ritual Monster or 1 Ritual Spell from your Deck"
    manju = "Manju of the Ten Thousand Hands"
    pos = board(hand=[manju])
    pos["players"][0]["deck"] = ["Relinquished", "Black Illusion Ritual", "Dark Magician"]
    summon = f'normal_summon "{manju}"'
    for card in ("Relinquished", "Black Illusion Ritual"):
        r = legal(pos, summon, f'then activate "{manju}" adding "{card}"')
        assert card in [Library.load().resolve(c).name for c in r.steps[-1].position["players"][0]["hand"]]
    assert illegal(pos, summon, f'then activate "{manju}" adding "Dark Magician"')


def test_a_negated_qualifier_is_a_negated_atom():
    # Evilswarm Golem: "target 1 Level 5 or higher non-DARK monster on the field; destroy that target"
    golem = "Evilswarm Golem"
    assert "eff_target_filter(31456110,1,1,1,neg,attribute(dark))" in facts_of(golem)
    bewd = "Blue-Eyes White Dragon"
    pos = board(field=[golem], opp_field=[bewd, DM])
    legal(pos, f'activate "{golem}" targeting "{bewd}"')
    assert "target" in illegal(pos, f'activate "{golem}" targeting "{DM}"')


def test_an_effect_of_a_monster_summoned_this_turn_the_way_its_text_says():
    # Performapal Uni: "during your Main Phase, if this card was Normal or Special Summoned this turn"
    uni, kuri = "Performapal Uni", "Performapal Kuribohble"
    pos = board(hand=[uni, kuri])
    r = legal(pos, f'normal_summon "{uni}"', f'activate "{uni}" summoning "{kuri}"')
    assert len(r.steps) == 2
    since = board(field=[uni], hand=[kuri])          # on the field since an earlier turn
    why = illegal(since, f'activate "{uni}" summoning "{kuri}"')
    assert "only if Performapal Uni was Normal or Special Summoned this turn" in why
    # Watch Cat: "During your End Phase, if this card was Special Summoned this turn"
    cat = "Watch Cat"
    for normal in (False, True):
        end = board(field=[{"card": cat, "position": "attack", "summoned_this_turn": True, "normal_summoned": normal}])
        end["turn"]["phase"] = "end"
        end["players"][0]["deck"] = ["Spell Absorption"]
        line = [end, f'activate "{cat}" effect 2 setting "Spell Absorption"']
        if normal:
            assert "Special Summoned this turn" in illegal(*line)
        else:
            legal(*line)


def test_a_filter_on_exact_stats():
    # Edea the Heavenly Squire: "Special Summon 1 monster with 800 ATK/1000 DEF from your Deck"
    edea, eidos = "Edea the Heavenly Squire", "Eidos the Underworld Squire"
    pos = board(hand=[edea])
    pos["players"][0]["deck"] = [eidos, "Kozaky"]
    # Eidos's own trigger ("If this card is Normal or Special Summoned: During your Main Phase this
    # turn, you can Tribute Summon 1 monster, ...") is mandatory: it answers its Special Summon
    legal(pos, f'normal_summon "{edea}"', f'then activate "{edea}" summoning "{eidos}"', f'then activate "{eidos}"')
    assert "mandatory" in illegal(pos, f'normal_summon "{edea}"', f'then activate "{edea}" summoning "{eidos}"')
    assert illegal(pos, f'normal_summon "{edea}"', f'then activate "{edea}" summoning "Kozaky"')


def test_a_pendulum_summon_trigger():
    # Performage Water Dancer: "If this card is Pendulum Summoned: You can add 1 "Polymerization"
    # from your Deck or GY to your hand."  Normal Summoned, it does not trigger.
    dancer = "Performage Water Dancer"
    scales = ["Stargazer Magician", None, None, None, "Timegazer Magician"]
    pos = board(hand=[dancer], st=scales)
    pos["players"][0]["deck"] = ["Polymerization"]
    legal(pos, f'pendulum_summon "{dancer}"', f'then activate "{dancer}" adding "Polymerization"')
    assert "did not happen" in illegal(pos, f'normal_summon "{dancer}"', f'then activate "{dancer}" adding "Polymerization"')


def test_a_condition_on_no_face_up_effect_monsters():
    # Tenyi Spirit - Vishuda: "If you control no Effect Monsters: You can Special Summon this card
    # from your hand."  A face-down monster shows no Type; a face-up Effect Monster forbids it.
    vishuda = "Tenyi Spirit - Vishuda"
    act = f'activate "{vishuda}" effect 1'
    legal(board(hand=[vishuda]), act)
    legal(board(hand=[vishuda], field=["Celtic Guardian"]), act)                         # a Normal Monster
    legal(board(hand=[vishuda], field=[{"card": CAPTAIN, "position": "set"}]), act)      # face-down
    assert "only if you control no face-up Effect monsters" in illegal(board(hand=[vishuda], field=[CAPTAIN]), act)


def test_a_condition_on_a_spell_counts_the_spell_and_trap_zones():
    # Performapal Sky Magician Girl: "If you control a Continuous Spell: You can Special Summon this
    # card from your hand."
    girl = "Performapal Sky Magician Girl"
    act = f'activate "{girl}" effect 1'
    legal(board(hand=[girl], st=["Spell Absorption"]), act)
    assert "only if you control" in illegal(board(hand=[girl], st=["Pot of Greed"]), act)
    assert "only if you control" in illegal(board(hand=[girl], st=[{"card": "Spell Absorption", "face_up": False}]), act)


def test_an_equip_card_gives_its_monster_piercing_damage():
    # Fairy Meteor Crush: "If the equipped monster attacks a Defense Position monster, inflict
    # piercing battle damage to your opponent."
    crush, skull = "Fairy Meteor Crush", "Summoned Skull"
    pos = board(hand=[crush], field=[skull, "Celtic Guardian"], opp_field=[{"card": "Kozaky", "position": "defense"}])
    equip = f'activate "{crush}" targeting "{skull}"'
    lp = legal(pos, equip, f'attack "{skull}" -> "Kozaky"').steps[-1].position["players"][1]["life_points"]
    assert lp == 8000 - (2500 - 400)
    # the monster it does not equip inflicts none
    lp = legal(pos, equip, 'attack "Celtic Guardian" -> "Kozaky"').steps[-1].position["players"][1]["life_points"]
    assert lp == 8000


def test_set_from_the_deck_without_directly_and_to_the_spell_trap_zone():
    # Fluffal Bear: "You can send this card from your hand to the Graveyard; Set 1 "Toy Vendor"
    # directly from your Deck to your Spell & Trap Zone."
    bear = "Fluffal Bear"
    pos = board(hand=[bear])
    pos["players"][0]["deck"] = ["Toy Vendor", "Polymerization"]
    r = legal(pos, f'activate "{bear}" setting "Toy Vendor"')
    st = [z for z in r.steps[-1].position["players"][0]["spell_trap_zones"] if z]
    assert len(st) == 1 and st[0].get("face_up") is False
    assert illegal(pos, f'activate "{bear}" setting "Polymerization"')      # not the card it names
    full = board(hand=[bear], st=["Swords of Revealing Light"] * 5)
    full["players"][0]["deck"] = ["Toy Vendor"]
    assert "Spell & Trap Zone" in illegal(full, f'activate "{bear}" setting "Toy Vendor"')


def test_it_can_be_activated_this_turn():
    # Boogie Trap: "Discard 2 cards, then target 1 Trap in your GY; Set that target. It can be
    # activated this turn."  Without that sentence the Set Trap waits a turn.
    boogie, jar = "Boogie Trap", "Jar of Greed"
    pos = board(hand=["Kozaky", "Celtic Guardian"], gy=[jar], st=[{"card": boogie, "face_up": False}])
    pos["players"][0]["deck"] = ["Gyroid"]
    line = [f'activate "{boogie}" paying "Kozaky", "Celtic Guardian" targeting "{jar}"', f'activate "{jar}"']
    legal(pos, *line)
    lib = Library.load()
    plain = replace(lib.by_name(boogie), text="Discard 2 cards, then target 1 Trap in your GY; Set that target.")
    only = lib.overlaid(Library([plain], lib.archetypes))
    r = check_line(make_line(pos, line, library=only), library=only)
    assert r.status == "illegal" and "Set this turn" in " ".join(r.steps[-1].reasons), r.text()


def test_conditions_on_a_face_up_named_card_and_on_2_or_more_monsters():
    # Sage's Stone: "If you control a face-up "Dark Magician Girl": Special Summon 1 "Dark Magician"
    # from your hand or Deck."
    stone, dmg, dm = "Sage's Stone", "Dark Magician Girl", "Dark Magician"
    pos = board(hand=[stone, dm], field=[dmg])
    legal(pos, f'activate "{stone}" summoning "{dm}"')
    hidden = board(hand=[stone, dm], field=[{"card": dmg, "position": "set"}])
    assert "face-up" in illegal(hidden, f'activate "{stone}" summoning "{dm}"')
    # Raidraptor - Nest: "If you control 2 or more "Raidraptor" monsters: You can add 1 "Raidraptor"
    # monster from your Deck or GY to your hand."
    nest, vanishing, strix = "Raidraptor - Nest", "Raidraptor - Vanishing Lanius", "Raidraptor - Napalm Dragonius"
    two = board(field=[vanishing, vanishing], st=[nest], gy=[strix])
    legal(two, f'activate "{nest}" effect 1 adding "{strix}"')
    one = board(field=[vanishing, "Kozaky"], st=[nest], gy=[strix])
    assert "2 or more" in illegal(one, f'activate "{nest}" effect 1 adding "{strix}"')


def test_multiply_tributes_a_face_up_kuriboh():
    # "Tribute 1 face-up "Kuriboh"; Special Summon as many "Kuriboh Tokens" ... as possible"
    pos = board(field=["Kuriboh"], st=[{"card": "Multiply", "face_up": False}])
    r = legal(pos, 'activate "Multiply" paying "Kuriboh"')
    assert len([z for z in r.steps[-1].position["players"][0]["monster_zones"] if z]) == 5
    hidden = board(field=[{"card": "Kuriboh", "position": "set"}], st=[{"card": "Multiply", "face_up": False}])
    assert illegal(hidden, 'activate "Multiply" paying "Kuriboh"')


def test_during_the_end_phase_if_this_card_was_normal_summoned_this_turn():
    # Genex Neutron: "Once per turn, during the End Phase, if this card was Normal Summoned this
    # turn: You can add 1 Machine-Type Tuner monster from your Deck to your hand."
    neutron, tuner = "Genex Neutron", "Genex Controller"
    for normal in (True, False):
        end = board(field=[{"card": neutron, "position": "attack", "summoned_this_turn": True, "normal_summoned": normal}])
        end["turn"]["phase"] = "end"
        end["players"][0]["deck"] = [tuner]
        line = [end, f'activate "{neutron}" adding "{tuner}"']
        if normal:
            legal(*line)
        else:
            assert "Normal Summoned this turn" in illegal(*line)
    main = board(field=[{"card": neutron, "position": "attack", "summoned_this_turn": True, "normal_summoned": True}])
    main["players"][0]["deck"] = [tuner]
    assert "End Phase" in illegal(main, f'activate "{neutron}" adding "{tuner}"')


def test_a_count_up_to_the_number_of_monsters_you_control_except_this_card():
    # Elemental HERO Stratos: "Destroy Spells/Traps on the field, up to the number of "HERO"
    # monsters you control, except this card."  With 1 other HERO: 1 card, not 2.
    stratos, spark = "Elemental HERO Stratos", "Elemental HERO Sparkman"
    pos = board(hand=[stratos], field=[spark], opp_st=["Swords of Revealing Light", "Messenger of Peace"])
    one = [f'normal_summon "{stratos}"', f'then activate "{stratos}" mode 1 destroying "Swords of Revealing Light"']
    legal(pos, *one)
    two = [f'normal_summon "{stratos}"',
           f'then activate "{stratos}" mode 1 destroying "Swords of Revealing Light", "Messenger of Peace"']
    assert illegal(pos, *two)
    both = board(hand=[stratos], field=[spark, spark], opp_st=["Swords of Revealing Light", "Messenger of Peace"])
    legal(both, *two)


def test_a_tribute_rule_of_requirements_is_no_effect_sentence():
    # "You can Tribute Summon this card by Tributing 1 Tribute Summoned monster." is the Normal
    # Summon procedure requirements.py reads (normal.lp's alt_tribute_ok/2), not an effect
    from oracle.yugioh.effect_text import effect_sentences

    granmarg = Library.load().by_name("Granmarg the Mega Monarch")
    assert "You can Tribute Summon this card by Tributing 1 Tribute Summoned monster." in granmarg.text
    assert not any(s.startswith("You can Tribute Summon") for s in effect_sentences(granmarg))
