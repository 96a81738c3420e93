"""Spells and Traps whose effect has a condition before its colon (effect_text._effect): a state
condition read when the card is activated ("If you control "Dark Magician": ..."), and a trigger
in the GY of a card that stays on the field ("When this card is sent from the field to the
Graveyard: ..." on an Equip Spell).  Real cards, legal and illegal."""
from __future__ import annotations

from yugioh_board import board
from yugioh_lines import facts_of, illegal, legal, names

from oracle.yugioh.cards import Library
from oracle.yugioh.effect_text import _parse_unit, _stays_trigger, effect_sentences


def lp(result, player: int) -> int:
    return result.steps[-1].position["players"][player]["life_points"]


def test_the_condition_of_a_spell_is_read_as_its_activation_condition():
    assert {"proc_cond(2314238,eff(1),1,count(me,field,1,99))",
            "cond_filter(2314238,eff(1),1,1,pos,name(46986414))"} <= facts_of("Dark Magic Attack")


def test_dark_magic_attack_needs_a_face_up_dark_magician():
    opp_st = [{"card": "Mirror Force", "face_up": False}]
    with_dm = board(hand=["Dark Magic Attack"], field=["Dark Magician"], opp_st=opp_st, first_turn=False)
    r = legal(with_dm, 'activate "Dark Magic Attack"')
    assert names(r, 1, "graveyard") == ["Mirror Force"]
    without = board(hand=["Dark Magic Attack"], field=["Celtic Guardian"], opp_st=opp_st, first_turn=False)
    assert "can be activated only if" in illegal(without, 'activate "Dark Magic Attack"')
    face_down = board(hand=["Dark Magic Attack"], field=[{"card": "Dark Magician", "position": "set"}],
                      opp_st=opp_st, first_turn=False)
    assert "can be activated only if" in illegal(face_down, 'activate "Dark Magic Attack"')


def test_an_equip_spell_sent_from_the_field_to_the_gy_sets_off_its_trigger():
    pos = board(hand=["Black Pendant", "Dark Hole"], field=["Celtic Guardian"], first_turn=False)
    r = legal(pos, 'activate "Black Pendant" targeting "Celtic Guardian"', 'activate "Dark Hole"',
              'then activate "Black Pendant"')
    assert lp(r, 1) == 8000 - 500
    # mandatory: the block cannot end without it
    assert "mandatory" in illegal(pos, 'activate "Black Pendant" targeting "Celtic Guardian"', 'activate "Dark Hole"',
                                  'attack "Celtic Guardian" directly')


def test_an_equip_spell_sent_to_the_gy_from_the_hand_sets_off_nothing():
    pos = board(hand=["Tribute to The Doomed", "Black Pendant"], opp_field=["Kozaky"], first_turn=False)
    legal(pos, 'activate "Tribute to The Doomed" paying "Black Pendant" targeting "Kozaky"')
    assert illegal(pos, 'activate "Tribute to The Doomed" paying "Black Pendant" targeting "Kozaky"',
                   'then activate "Black Pendant"')


def test_only_a_card_that_stays_on_the_field_has_its_gy_trigger_read_this_way():
    # A Normal Trap goes to the GY as its activation resolves, which sets off no event in a line:
    # its "If this card is sent ... to the GY" is not read as such a trigger.
    lib = Library.load()

    def cond(name):
        card = lib.by_name(name)
        found = [_parse_unit(s, lib)["cond"] for s in effect_sentences(card) if s.startswith(("If this", "When this"))]
        return card, found[0]

    assert _stays_trigger(*cond("Black Pendant"))
    assert not _stays_trigger(*cond("Lightsworn Aegis"))


def test_two_equip_spells_sent_to_the_gy_at_once_both_resolve_their_gy_trigger():
    # Panther Warrior's attack Tributes the monster both Black Pendants equip: each Pendant's
    # "sent from the field to the GY" trigger resolves in the GY, a Continuous-like card activated
    # there, not on the field (only the card's activation applies nothing once it left the field).
    pos = board(hand=["Black Pendant", "Black Pendant"], field=["Panther Warrior", "Sasuke Samurai"], first_turn=False)
    steps = ['activate "Black Pendant" targeting "Sasuke Samurai"', 'activate "Black Pendant" targeting "Sasuke Samurai"',
             'attack "Panther Warrior" directly paying "Sasuke Samurai"']
    r = legal(pos, *steps, 'then activate "Black Pendant"', 'chain activate "Black Pendant"')
    assert lp(r, 1) == 8000 - 2000 - 500 - 500
    assert names(r, 0, "graveyard") == ["Black Pendant", "Black Pendant", "Sasuke Samurai"]


def test_an_equip_spell_destroyed_in_answer_to_its_activation_equips_nothing_and_its_trigger_is_owed():
    # Mystical Space Typhoon answers Black Pendant's activation: the Pendant leaves the field before
    # its link resolves, so it equips nothing (no 500 ATK).  Its "When this card is sent from the
    # field to the GY" is mandatory, so it is activated although its event came mid-chain.
    pos = board(hand=["Black Pendant", "Mystical Space Typhoon"], field=["Celtic Guardian"], first_turn=False)
    steps = ['activate "Black Pendant" targeting "Celtic Guardian"',
             'chain activate "Mystical Space Typhoon" targeting "Black Pendant"']
    r = legal(pos, *steps, 'then activate "Black Pendant"', 'attack "Celtic Guardian" directly')
    assert lp(r, 1) == 8000 - 500 - 1400
    assert "mandatory" in illegal(pos, *steps, 'attack "Celtic Guardian" directly')

