"""The family "chains, timing and frequency" (issue 8): chains of the turn player resolving last in,
first out, Spell Speed, simultaneous and mandatory triggers, missing the timing, more trigger
events, once per Duel, once per turn per copy and per name, and the text form of chains.  Every
card is real; each rule has a legal and an illegal case."""
from __future__ import annotations

import pytest
from yugioh_board import board
from yugioh_lines import check, facts_of, illegal, legal, names

from oracle.yugioh.cards import Library
from oracle.yugioh.effect_text import card_effects
from oracle.yugioh.lines import check_line, make_line, parse_text
from oracle.yugioh.plays import plays
from oracle.yugioh.solve import puzzle_from_json, solve_puzzle

HAUNTED, MST, DM, REBORN = "Call of the Haunted", "Mystical Space Typhoon", "Dark Magician", "Monster Reborn"
POT, LEAD, DAYBREAKER, CRANE = "Pot of Greed", "Photon Lead", "Daybreaker", "Sacred Crane"
DECK = ["Celtic Guardian", "Giant Soldier of Stone", "Battle Ox", "Mystical Elf"]



def with_deck(pos: dict, deck=DECK) -> dict:
    pos["players"][0]["deck"] = list(deck)
    return pos


# --- reading -----------------------------------------------------------------------------------
def test_frequency_and_event_sentences_are_read():
    dots = facts_of("Dotscaper")   # sent to the GY / banished; 1 effect per turn; each once per Duel
    assert {"eff_event(18789533,1,sent_gy,if)", "eff_event(18789533,2,banished,if)", "eff_from(18789533,2,banished)",
            "eff_limit(18789533,1,shared)", "eff_limit(18789533,2,duel)"} <= dots
    assert "eff_event(4939890,2,sent_gy_effect,if)" in facts_of("Shaddoll Hedgehog")
    assert "eff_event(19642774,1,sent_material(synchro),if)" in facts_of("Fleur Synchron")
    # an event only the opponent causes: read, and never set off in the turn player's line
    assert "effect(212652,1,opponent)" in facts_of("Trap of the Poisonous Scorpion")


def test_frequency_clauses_in_their_other_wordings():
    # "You can only activate "X" once per turn." is "activate 1 "X" per turn"
    assert "eff_limit(58374502,1,activate_once)" in facts_of("Starry Knight Blast")
    # "each of the preceding effects": the effects before the clause, each once per turn
    moko = facts_of("Mokomoko")
    assert {"eff_limit(85401123,1,hard)", "eff_limit(85401123,2,hard)"} <= moko
    assert "rule(85401123,mutual_battle)" in moko


# --- chains: last in, first out; Spell Speed -----------------------------------------------------
def test_a_response_resolves_first_and_the_destroyed_continuous_trap_applies_nothing():
    pos = board(hand=[MST], gy=[{"card": DM, "properly_summoned": True}],
                st=[{"card": HAUNTED, "face_up": False}])
    result = legal(pos, f'activate "{HAUNTED}" targeting "{DM}"', f'chain activate "{MST}" targeting "{HAUNTED}"')
    after = result.steps[-1].position["players"][0]
    # MST resolved first and destroyed Call of the Haunted, which then summoned nothing
    assert after["monster_zones"] == [None] * 5
    assert sorted(c["card"] if isinstance(c, dict) else c for c in after["graveyard"]) == sorted(
        [46986414, 5318639, 97077563])
    # without the response, Call of the Haunted summons Dark Magician
    alone = legal(pos, f'activate "{HAUNTED}" targeting "{DM}"').steps[-1].position["players"][0]
    assert any(z and z["card"] == 46986414 for z in alone["monster_zones"])


def test_a_spell_speed_1_spell_cannot_respond():
    pos = board(hand=[REBORN], gy=[{"card": DM, "properly_summoned": True}, {"card": "Celtic Guardian",
                                                                                  "properly_summoned": True}],
                st=[{"card": HAUNTED, "face_up": False}])
    why = illegal(pos, f'activate "{HAUNTED}" targeting "{DM}"', f'chain activate "{REBORN}" targeting "Celtic Guardian"')
    assert "Spell Speed" in why


def test_a_response_whose_target_left_applies_nothing_to_it():
    # Photon Lead answers Pot of Greed; Pot of Greed still draws when it resolves, last
    pos = with_deck(board(hand=[POT, LEAD, CRANE]))
    result = legal(pos, f'activate "{POT}"', f'chain activate "{LEAD}" summoning "{CRANE}"',
                   f'then activate "{CRANE}"')
    hand = result.steps[-1].position["players"][0]["hand"]
    assert len(hand) == 3   # Pot of Greed drew 2, Sacred Crane drew 1


# --- triggers: missing the timing, mandatory, simultaneous -----------------------------------
def test_when_misses_the_timing_when_the_chain_resolves_something_after_its_event():
    pos = with_deck(board(hand=[POT, LEAD, DAYBREAKER, DAYBREAKER]))
    # Photon Lead summons Daybreaker, then Pot of Greed resolves: the summon is not the last thing
    why = illegal(pos, f'activate "{POT}"', f'chain activate "{LEAD}" summoning "{DAYBREAKER}"',
                  f'then activate "{DAYBREAKER}" summoning "{DAYBREAKER}"')
    assert "missed the timing" in why
    legal(pos, f'activate "{LEAD}" summoning "{DAYBREAKER}"', f'then activate "{DAYBREAKER}" summoning "{DAYBREAKER}"')


def test_if_does_not_miss_the_timing_and_a_mandatory_trigger_must_be_activated():
    pos = with_deck(board(hand=[POT, LEAD, CRANE]))
    legal(pos, f'activate "{POT}"', f'chain activate "{LEAD}" summoning "{CRANE}"', f'then activate "{CRANE}"')
    why = illegal(pos, f'activate "{POT}"', f'chain activate "{LEAD}" summoning "{CRANE}"')
    assert "mandatory" in why


def test_a_trigger_cannot_respond_to_a_chain_link():
    pos = with_deck(board(hand=[POT, LEAD, CRANE, "Celtic Guardian"]))
    why = illegal(pos, f'normal_summon "Celtic Guardian"', f'then activate "{LEAD}" summoning "{CRANE}"')
    assert "not a trigger" in why


def test_sent_to_the_gy_by_a_card_effect_sets_off_if_and_an_opponent_event_never_happens():
    pos = with_deck(board(hand=["Foolish Burial"]), ["Shaddoll Hedgehog", "Shaddoll Beast", "Celtic Guardian"])
    legal(pos, 'activate "Foolish Burial" sending "Shaddoll Hedgehog"',
          'then activate "Shaddoll Hedgehog" effect 2 adding "Shaddoll Beast"')
    scorpion = board(st=[{"card": "Trap of the Poisonous Scorpion", "face_up": False}], opp_field=["Battle Ox"])
    assert "only the opponent's own actions" in illegal(scorpion, 'activate "Trap of the Poisonous Scorpion"')


# --- frequency ------------------------------------------------------------------------------
def test_once_per_duel_already_used_is_a_position_key():
    dots = with_deck(board(hand=["Foolish Burial"]), ["Dotscaper", "Celtic Guardian"])
    legal(dots, 'activate "Foolish Burial" sending "Dotscaper"', 'then activate "Dotscaper"')
    dots["players"][0]["effects_used_this_duel"] = [{"card": "Dotscaper", "effect": 1}]
    assert "once per Duel" in illegal(dots, 'activate "Foolish Burial" sending "Dotscaper"',
                                      'then activate "Dotscaper"')


def test_soft_once_per_turn_is_per_copy_and_a_copy_remembers_its_use():
    tornado = lambda used=(): {"card": "Tornado Dragon", "position": "attack",  # noqa: E731
                               "materials": ["Celtic Guardian"], "effects_used": list(used)}
    pos = board(field=[tornado(), tornado()], opp_st=["Twister", "Oops!"])
    legal(pos, 'activate "Tornado Dragon" targeting "Twister"', 'activate "Tornado Dragon" targeting "Oops!"')
    one = board(field=[tornado([1])], opp_st=["Twister"])
    assert "once per turn" in illegal(one, 'activate "Tornado Dragon" targeting "Twister"')


def test_hard_once_per_turn_holds_across_copies():
    pos = with_deck(board(hand=["Lady Debug", "Lady Debug", LEAD]), ["Cyberse Gadget", "Dotscaper"])
    why = illegal(pos, 'normal_summon "Lady Debug"', 'then activate "Lady Debug" adding "Dotscaper"',
                  f'activate "{LEAD}" summoning "Lady Debug"', 'then activate "Lady Debug" adding "Dotscaper"')
    assert "once per turn" in why


def test_special_summon_once_per_turn_holds_for_a_name_written_with_its_plural():
    # 'You can only Special Summon "Shiranui Swordsaga(s)" once per turn.': the name is the card's
    assert "rule(26326541,ss_once)" in facts_of("Shiranui Swordsaga")
    pos = board(field=["Jutte Fighter", "Sangan"], extra=["Shiranui Swordsaga"], first_turn=False)
    summon = 'synchro_summon "Shiranui Swordsaga" with "Jutte Fighter", "Sangan"'
    legal(pos, summon)
    pos["players"][0]["special_summoned_this_turn"] = ["Shiranui Swordsaga"]
    assert 'only Special Summon "Shiranui Swordsaga" once per turn' in illegal(pos, summon)


SEA_ANGEL = "Marincess Sea Angel"


def test_link_summon_once_per_turn_counts_link_summons_of_the_name_only():
    # 'You can only Link Summon "Marincess Sea Angel" once per turn.' (card_rules.lp summon_once)
    assert "rule(30691817,summon_once(link_summon))" in facts_of(SEA_ANGEL)
    pos = board(field=["Marincess Blue Tang", "Marincess Sea Star"], extra=[SEA_ANGEL, SEA_ANGEL])
    first = f'link_summon "{SEA_ANGEL}" with "Marincess Blue Tang"'
    legal(pos, first)
    why = illegal(pos, first, f'link_summon "{SEA_ANGEL}" with "Marincess Sea Star"')
    assert f'only Link Summon "{SEA_ANGEL}" once per turn' in why


def test_link_summon_once_per_turn_is_a_position_key_kept_through_a_line():
    pos = board(field=["Marincess Blue Tang", "Marincess Sea Star"], extra=[SEA_ANGEL, "Marincess Blue Slug"])
    after = legal(pos, f'link_summon "{SEA_ANGEL}" with "Marincess Blue Tang"').steps[-1].position
    code = Library.load().by_name(SEA_ANGEL).code
    assert after["players"][0]["summoned_this_turn_by"] == [{"card": code, "by": "link_summon"}]
    pos["players"][0]["summoned_this_turn_by"] = [{"card": SEA_ANGEL, "by": "link_summon"}]
    assert "once per turn" in illegal(pos, f'link_summon "{SEA_ANGEL}" with "Marincess Blue Tang"')
    # another name's Link Summon is not counted
    legal(pos, 'link_summon "Marincess Blue Slug" with "Marincess Blue Tang"')
    pos["players"][0]["summoned_this_turn_by"] = [{"card": SEA_ANGEL, "by": "synchro_summon"}]
    legal(pos, f'link_summon "{SEA_ANGEL}" with "Marincess Blue Tang"')


def test_a_summon_by_method_the_position_cannot_count_names_its_field():
    from oracle.errors import OracleError
    from oracle.yugioh.position import parse_position

    pos = board()
    pos["players"][0]["summoned_this_turn_by"] = [{"card": SEA_ANGEL, "by": "ritual_summon"}]
    with pytest.raises(OracleError, match="summoned_this_turn_by\\[0\\].by"):
        parse_position(pos)


def test_special_summon_once_per_turn_is_a_position_key_kept_through_a_line():
    # card_rules.lp holds the rule; the key is read as the fluent ss_name/2 and written back
    from oracle.yugioh.facts import position_facts
    from oracle.yugioh.position import parse_position

    pos = board(hand=["Celtic Guardian"])
    pos["players"][0]["special_summoned_this_turn"] = ["Elder Entity N'tss"]
    code = Library.load().by_name("Elder Entity N'tss").code
    assert f"init(ss_name(0,{code}))" in {str(f) for f in position_facts(parse_position(pos)).facts}
    after = legal(pos, 'normal_summon "Celtic Guardian"').steps[-1].position
    assert after["players"][0]["special_summoned_this_turn"] == [code]


# --- the text form and the solver -----------------------------------------------------------
def test_chain_steps_nest_under_the_action_and_print_back():
    _, steps = parse_text(f'activate "{HAUNTED}" targeting "{DM}"\nchain activate "{MST}" targeting "{HAUNTED}"\n')
    assert len(steps) == 1 and steps[0].then[0].chained
    assert steps[0].then[0].text() == f'chain activate "{MST}" targeting "{HAUNTED}"'
    assert steps[0].to_json()["then"][0]["chain"] is True


def test_solve_finds_a_line_that_needs_a_chain_and_names_possible_responses():
    # Jar of Greed answering Pot of Greed draws first (last in, first out): Battle Ox, third from
    # the top, is in the hand after one action only with the chain
    pos = with_deck(board(hand=[POT], st=[{"card": "Jar of Greed", "face_up": False}]), DECK[:3])
    pos["players"][1]["hand"] = ["Ash Blossom & Joyous Spring"]
    out = solve_puzzle(puzzle_from_json({"position": pos, "goal": {"summon": "Battle Ox"}}), max_steps=2)
    assert out.solved
    doc = out.to_json()
    assert [r["name"] for r in doc["possible_responses"]] == ["Ash Blossom & Joyous Spring"]
    first, second = doc["lines"][0]
    assert first == {"step": f'activate "{POT}"', "then": ['chain activate "Jar of Greed"']}
    assert second.endswith('"Battle Ox"')


@pytest.mark.parametrize("text", ['chain activate "Pot of Greed"', 'normal_summon "Celtic Guardian"\nchain activate "Pot of Greed"'])
def test_a_chain_step_needs_an_activation_before_it(text):
    from oracle.errors import OracleError
    with pytest.raises(OracleError):
        parse_text(text)


def test_possible_responses_name_hand_traps_set_cards_and_quick_effects_only():
    from oracle.yugioh.position import parse_position
    from oracle.yugioh.solve import possible_responses

    pos = board(hand=["Celtic Guardian"], opp_field=["Stardust Dragon", "Battle Ox"],
                opp_st=[{"card": "Mirror Force", "face_up": False}])
    pos["players"][1]["hand"] = ["Ash Blossom & Joyous Spring", "Infinite Impermanence", "Gorz the Emissary of Darkness",
                                 "Pot of Greed", "Cyber Dragon", "Mystical Space Typhoon"]
    names = {r["name"] for r in possible_responses(parse_position(pos))}
    assert names == {"Ash Blossom & Joyous Spring", "Infinite Impermanence", "Gorz the Emissary of Darkness",
                     "Stardust Dragon", "Mirror Force"}


# --- simultaneous triggers: one chain, mandatory first --------------------------------------
STONE, BERFOMET = "The White Stone of Legend", "Berfomet"


def _tribute_board():
    return with_deck(board(hand=[BERFOMET], field=[STONE]),
                     ["Blue-Eyes White Dragon", "Gazelle the King of Mythical Beasts", "Celtic Guardian"])


def test_triggers_of_one_event_go_on_one_chain_mandatory_first():
    head = f'tribute_summon "{BERFOMET}" with "{STONE}"'
    stone = f'activate "{STONE}" adding "Blue-Eyes White Dragon"'
    berfomet = f'activate "{BERFOMET}" adding "Gazelle the King of Mythical Beasts"'
    result = legal(_tribute_board(), head, f"then {stone}", f"chain {berfomet}")
    assert len(result.steps[-1].position["players"][0]["hand"]) == 2
    # the optional trigger cannot wait for a chain of its own (and would miss the timing)
    assert "first chain" in illegal(_tribute_board(), head, f"then {stone}", f"then {berfomet}")
    # the mandatory trigger goes on the chain first
    assert "mandatory" in illegal(_tribute_board(), head, f"then {berfomet}", f"chain {stone}")


@pytest.mark.parametrize("sentence", [
    'This card must be face-up on the field to activate and to resolve this effect.',
    'This effect can only be used once while this card is face-up on the field.',
    'You can only use each effect of "X" once per turn, and cannot activate more than 1 in the same Chain.',
    "Neither player can activate cards or effects in response to this effect's activation.",
    "Your opponent cannot activate cards or effects in response to this effect's activation.",
    'You can only use 1 of the following effects of "X" per turn, and only once that turn.',
    "When your opponent activates a card or effect: You can Special Summon this card from your hand."])
def test_the_clauses_of_the_family_are_in_the_grammar(sentence):
    from oracle.yugioh.effect_text import accepted
    assert accepted(sentence)


# --- more events of "this card" ---------------------------------------------------------------
WARBLER = "Lyrilusc - Turquoise Warbler"


def test_special_summoned_from_the_hand_is_not_special_summoned_from_the_gy():
    from_hand = board(hand=[WARBLER, "Lyrilusc - Cobalt Sparrow"])
    legal(from_hand, f'special_summon "{WARBLER}"', f'then activate "{WARBLER}" summoning "Lyrilusc - Cobalt Sparrow"')
    revived = board(hand=[REBORN, "Lyrilusc - Cobalt Sparrow"], gy=[{"card": WARBLER, "properly_summoned": True}])
    why = illegal(revived, f'activate "{REBORN}" targeting "{WARBLER}"',
                  f'then activate "{WARBLER}" summoning "Lyrilusc - Cobalt Sparrow"')
    assert "did not happen" in why


def test_if_this_card_is_summoned_answers_a_normal_summon():
    pos = with_deck(board(hand=["Satellarknight Deneb"]), ["Satellarknight Altair", "Celtic Guardian"])
    legal(pos, 'normal_summon "Satellarknight Deneb"', 'then activate "Satellarknight Deneb" adding "Satellarknight Altair"')
    assert "did not happen" in illegal(pos, 'normal_set "Satellarknight Deneb"',
                                       'then activate "Satellarknight Deneb" adding "Satellarknight Altair"')


def test_chain_links_in_json_lines():
    from oracle.errors import OracleError
    from oracle.yugioh.lines import _step_object

    step = _step_object({"action": "activate", "card": HAUNTED, "then": [
        {"action": "activate", "card": MST, "chain": True}, 'then activate "Sacred Crane"']}, 1, "<t>", "steps[0]")
    assert [s.chained for s in step.then] == [True, False]
    with pytest.raises(OracleError, match="chain"):
        _step_object({"action": "activate", "card": MST, "chain": True}, 1, "<t>", "steps[0]")
    with pytest.raises(OracleError, match="chain"):
        _step_object({"action": "normal_summon", "card": "Celtic Guardian", "then": [
            {"action": "activate", "card": MST, "chain": True}]}, 1, "<t>", "steps[0]")


def test_a_mandatory_trigger_of_the_opponents_card_does_not_bind_the_turn_player():
    # Fencing Fire Ferret's "If this card is destroyed and sent to the GY" is mandatory, but it is
    # the opponent's: the turn player's line is not illegal for not activating it
    pos = board(field=["Summoned Skull"], opp_field=["Fencing Fire Ferret"], phase="battle")
    legal(pos, 'attack "Summoned Skull" -> "Fencing Fire Ferret"')


SPELLBOOK_MAGICIAN = "Spellbook Magician of Prophecy"   # When this card is Normal Summoned or
                                                        # flipped face-up: Add 1 "Spellbook"
                                                        # Spell from your Deck to your hand.


def test_a_mandatory_search_is_activated_whatever_it_finds_and_takes_what_there_is():
    summon = f'normal_summon "{SPELLBOOK_MAGICIAN}"'
    trigger = f'then activate "{SPELLBOOK_MAGICIAN}"'
    # no "Spellbook" Spell in the Deck: the Normal Summon is legal, the trigger resolves doing nothing
    legal(board(hand=[SPELLBOOK_MAGICIAN]), summon, trigger)
    # one in the Deck: it is added (the one reading: leaving it there would be a second one, and
    # the line ambiguous)
    pos = with_deck(board(hand=[SPELLBOOK_MAGICIAN]), ["Spellbook of Secrets", "Sangan"])
    out = legal(pos, summon, trigger)
    assert "Spellbook of Secrets" in names(out, 0, "hand")
    assert "not a card this effect can take" in illegal(pos, summon, f'{trigger} adding "Sangan"')
    # the trigger is owed all the same
    assert "mandatory" in illegal(pos, summon)


def test_the_plays_list_a_summon_whose_mandatory_trigger_follows_it():
    # what follows an action in its block (the trigger) is the line's business, not the play's
    assert {p.action for p in plays(board(hand=[SPELLBOOK_MAGICIAN]))} == {"normal_summon", "normal_set"}


# --- "You must control no monsters to activate and to resolve this effect" -------------------------
VALHALLA = "Valhalla, Hall of the Fallen"


def mine(result) -> list[int]:
    return [z["card"] for z in result.steps[-1].position["players"][0]["monster_zones"] if z]


def test_a_condition_to_activate_and_to_resolve_is_read_at_both_times():
    code = Library.load().by_name(VALHALLA).code
    assert {f"eff_limit({code},1,cond_resolve)", f"proc_cond({code},eff(1),1,count(me,field,0,0))"} <= facts_of(VALHALLA)
    angel = Library.load().by_name("Shining Angel").code
    assert mine(legal(board(hand=["Shining Angel"], st=[VALHALLA]), f'activate "{VALHALLA}"')) == [angel]
    # activated while you control a monster: refused
    assert illegal(board(hand=["Shining Angel"], field=["Kozaky"], st=[VALHALLA]), f'activate "{VALHALLA}"')
    # a monster Special Summoned in response: the condition no longer holds as the effect resolves
    pos = board(hand=["Shining Angel"], gy=[DM], st=[VALHALLA, {"card": HAUNTED, "face_up": False}])
    result = legal(pos, f'activate "{VALHALLA}"', f'chain activate "{HAUNTED}" targeting "{DM}"')
    assert mine(result) == [Library.load().by_name(DM).code]


# --- the other conditions "to activate and to resolve this effect" --------------------------------
FLUTE, LORD, BLUE_EYES = "The Flute of Summoning Dragon", "Lord of D.", "Blue-Eyes White Dragon"


def test_a_named_card_that_must_be_on_the_field():
    # The Flute of Summoning Dragon: "Special Summon up to 2 Dragon monsters from your hand. "Lord of
    # D." must be on the field to activate and to resolve this effect."
    code = Library.load().by_name(BLUE_EYES).code
    with_lord = board(hand=[FLUTE, BLUE_EYES], field=[LORD])
    assert code in mine(legal(with_lord, f'activate "{FLUTE}" summoning "{BLUE_EYES}"'))
    assert illegal(board(hand=[FLUTE, BLUE_EYES]), f'activate "{FLUTE}" summoning "{BLUE_EYES}"')
    # on the opponent's field it counts too ("on the field"), face-down it does not
    legal(board(hand=[FLUTE, BLUE_EYES], opp_field=[LORD]), f'activate "{FLUTE}" summoning "{BLUE_EYES}"')
    assert illegal(board(hand=[FLUTE, BLUE_EYES], field=[{"card": LORD, "position": "set"}]),
                   f'activate "{FLUTE}" summoning "{BLUE_EYES}"')


def test_no_cards_in_hand_to_activate_and_to_resolve():
    # Infernity Destroyer (2300): "When this card destroys an opponent's monster by battle and sends
    # it to the Graveyard: Inflict 1600 damage to your opponent. You must have no cards in your hand
    # to activate and to resolve this effect."  A mandatory trigger that cannot be activated with a
    # card in the hand is not owed.
    destroyer, attack = "Infernity Destroyer", 'attack "Infernity Destroyer" -> "Celtic Guardian"'
    empty = board(field=[destroyer], opp_field=["Celtic Guardian"], phase="battle")
    r = legal(empty, attack, f'then activate "{destroyer}"')
    assert r.steps[-1].position["players"][1]["life_points"] == 8000 - 900 - 1600
    assert "mandatory" in illegal(empty, attack)
    holding = board(hand=["Kozaky"], field=[destroyer], opp_field=["Celtic Guardian"], phase="battle")
    assert legal(holding, attack).steps[-1].position["players"][1]["life_points"] == 8000 - 900
    assert illegal(holding, attack, f'then activate "{destroyer}"')


def test_you_must_control_this_face_up_card_is_the_card_staying_face_up():
    code = Library.load().by_name("Rescueroid").code
    assert f"eff_limit({code},1,stay_faceup)" in facts_of("Rescueroid")
