"""The family "negate" of card effects (issue 8): negating an activation in the turn player's own
chain, negating a target's effects, protection from effects, control of the opponent's monsters,
and a card linked to its monster.  Every card is real (the bundled library); each rule has a legal
and an illegal case."""
from __future__ import annotations

from yugioh_board import board
from yugioh_lines import facts_of, illegal, legal

from oracle.yugioh.cards import Library
from oracle.yugioh.effect_text import card_effects

HAUNTED, MST, DM = "Call of the Haunted", "Mystical Space Typhoon", "Dark Magician"
BANDIT, JAMMER, POT = "Seven Tools of the Bandit", "Magic Jammer", "Pot of Greed"
HEART, OX, SPIDER = "Change of Heart", "Battle Ox", "Link Spider"
DHARC, WILDHEART, EJECTOR = "Dharc the Dark Charmer", "Elemental HERO Wildheart", "Card Ejector"


def cards(entries) -> list:
    return sorted(e if isinstance(e, int) else e["card"] for e in entries if e)


def end(result, player=0) -> dict:
    return result.steps[-1].position["players"][player]


def code(name: str) -> int:
    return Library.load().by_name(name).code


def unsupported(name: str) -> str | None:
    lib = Library.load()
    return card_effects(lib.by_name(name), lib).unsupported


# --- the grammar ----------------------------------------------------------------------------------
def test_counter_traps_answer_an_activation_of_the_kind_they_name():
    f = facts_of(BANDIT)
    c = code(BANDIT)
    assert {f"eff_answer({c},1,trap_card)", f"eff_do({c},1,1,1,negate_activation(destroy))",
            f"eff_pay({c},1,1,1000)"} <= f
    assert f"eff_answer({code(JAMMER)},1,spell_card)" in facts_of(JAMMER)
    # a monster's answer is a Quick Effect
    f = facts_of("Naturia Landoise")
    assert f"effect({code('Naturia Landoise')},1,quick)" in f


def test_answers_to_the_opponent_only_are_of_type_opponent():
    c = code("Wattcancel")
    assert f"effect({c},1,opponent)" in facts_of("Wattcancel")   # "When your opponent would ... Summon"
    c = code("Number 65: Djinn Buster")
    assert f"effect({c},1,opponent)" in facts_of("Number 65: Djinn Buster")


def test_what_a_negation_does_to_its_card_is_read_or_the_card_is_not():
    # "... and if you do, shuffle that card into the Deck": not read, so the card is not played
    assert unsupported("Wiretap") is not None


def test_control_protection_and_targets_effects_are_read():
    assert f"eff_do({code(HEART)},1,1,1,take_control(turn))" in facts_of(HEART)
    assert f"eff_do({code(DHARC)},1,1,1,take_control(faceup))" in facts_of(DHARC)
    assert f"rule({code(WILDHEART)},unaffected_by(any,trap))" in facts_of(WILDHEART)
    assert f"rule({code('Valkyrie Brunhilde')},unaffected_by(opp,spell))" in facts_of("Valkyrie Brunhilde")


# --- negating an activation in the line's own chain --------------------------------------------------
def _haunted_and_bandit():
    return board(gy=[{"card": DM, "properly_summoned": True}],
                 st=[{"card": HAUNTED, "face_up": False}, {"card": BANDIT, "face_up": False}])


def test_a_counter_trap_negates_and_destroys_the_trap_it_answers():
    pos = _haunted_and_bandit()
    r = legal(pos, f'activate "{HAUNTED}" targeting "{DM}"', f'chain activate "{BANDIT}"')
    me = end(r)
    assert me["monster_zones"] == [None] * 5                       # Dark Magician was not summoned
    assert cards(me["graveyard"]) == sorted([code(DM), code(HAUNTED), code(BANDIT)])
    assert me["life_points"] == 7000
    # without the answer, Call of the Haunted summons Dark Magician
    alone = end(legal(pos, f'activate "{HAUNTED}" targeting "{DM}"'))
    assert any(z and z["card"] == code(DM) for z in alone["monster_zones"])


def test_a_counter_trap_needs_an_activation_to_answer():
    pos = _haunted_and_bandit()
    assert "answers an activation" in illegal(pos, f'activate "{BANDIT}"')


def test_a_counter_trap_answers_only_the_kind_it_names():
    # Seven Tools answers a Trap Card, not a Spell
    pos = board(hand=[MST], st=[{"card": HAUNTED, "face_up": False}, {"card": BANDIT, "face_up": False}])
    assert "answers an activation" in illegal(pos, f'activate "{MST}" targeting "{HAUNTED}"', f'chain activate "{BANDIT}"')
    # Magic Jammer answers a Spell Card: Pot of Greed is negated, no card drawn
    pos = board(hand=[POT, OX], st=[{"card": JAMMER, "face_up": False}])
    pos["players"][0]["deck"] = ["Celtic Guardian", "Celtic Guardian"]
    r = legal(pos, f'activate "{POT}"', f'chain activate "{JAMMER}" paying "{OX}"')
    me = end(r)
    assert cards(me["hand"]) == []
    assert cards(me["graveyard"]) == sorted([code(POT), code(JAMMER), code(OX)])
    assert cards(end(legal(pos, f'activate "{POT}"'))["hand"]) == sorted([code(OX)] + [code("Celtic Guardian")] * 2)


def test_the_old_wording_during_either_players_turn_is_an_answer_of_a_quick_effect():
    # Sorcerer of Dark Magic: "During either player's turn, when a Trap Card is activated: You can
    # negate the activation, and if you do, destroy it."  It answers the line's own Trap, never a Spell.
    sorcerer = "Sorcerer of Dark Magic"
    c = code(sorcerer)
    assert unsupported(sorcerer) is None
    assert {f"effect({c},1,quick)", f"eff_answer({c},1,trap_card)"} <= facts_of(sorcerer)
    sdm = {"card": sorcerer, "position": "attack", "properly_summoned": True}
    pos = board(field=[sdm], gy=[{"card": DM, "properly_summoned": True}],
                st=[{"card": HAUNTED, "face_up": False}], hand=[MST])
    me = end(legal(pos, f'activate "{HAUNTED}" targeting "{DM}"', f'chain activate "{sorcerer}"'))
    assert not any(z and z["card"] == code(DM) for z in me["monster_zones"])
    assert cards(me["graveyard"]) == sorted([code(DM), code(HAUNTED)])
    assert "answers an activation" in illegal(pos, f'activate "{MST}" targeting "{HAUNTED}"',
                                              f'chain activate "{sorcerer}"')


# --- taking control ------------------------------------------------------------------------------
def test_a_monster_taken_with_change_of_heart_is_link_material_and_goes_to_its_owners_gy():
    pos = board(hand=[HEART], extra=[SPIDER], opp_field=[OX])
    r = legal(pos, f'activate "{HEART}" targeting "{OX}"', f'link_summon "{SPIDER}" with "{OX}"')
    assert cards(end(r, 1).get("graveyard", [])) == [code(OX)]
    assert end(r, 1)["monster_zones"] == [None] * 5
    # the opponent's monster is no material of the turn player's
    assert illegal(pos, f'link_summon "{SPIDER}" with "{OX}"')


def test_no_free_monster_zone_no_control():
    pos = board(hand=[HEART], field=["Celtic Guardian"] * 5, opp_field=[OX])
    assert "no free Monster Zone" in illegal(pos, f'activate "{HEART}" targeting "{OX}"')


def test_a_charmer_keeps_control_only_while_it_is_face_up():
    pos = board(hand=["Book of Moon"], opp_field=["Summoned Skull"], field=[{"card": DHARC, "position": "set"}])
    # flipped, Dharc takes Summoned Skull (DARK); turned face-down again, Skull goes back
    r = legal(pos, f'flip_summon "{DHARC}"', f'then activate "{DHARC}" targeting "Summoned Skull"')
    assert cards(end(r)["monster_zones"]) == sorted([code(DHARC), code("Summoned Skull")])
    r = legal(pos, f'flip_summon "{DHARC}"', f'then activate "{DHARC}" targeting "Summoned Skull"',
              f'activate "Book of Moon" targeting "{DHARC}"')
    assert cards(end(r)["monster_zones"]) == [code(DHARC)]
    assert cards(end(r, 1)["monster_zones"]) == [code("Summoned Skull")]


# --- protection --------------------------------------------------------------------------------------
def test_a_monster_unaffected_by_trap_effects_is_not_taken_by_a_trap_but_by_a_spell():
    # Elemental HERO Wildheart: "Unaffected by Trap effects."  Change of Heart (a Spell) takes it.
    pos = board(hand=[HEART], extra=[SPIDER], opp_field=[WILDHEART])
    r = legal(pos, f'activate "{HEART}" targeting "{WILDHEART}"')
    assert cards(end(r)["monster_zones"]) == [code(WILDHEART)]


def test_a_monster_unaffected_by_your_spells_stays_where_it_is():
    # Valkyrie Brunhilde: "Unaffected by your opponent's Spell effects": the turn player's Change of
    # Heart resolves without taking it, so it is no material of theirs.
    pos = board(hand=[HEART], opp_field=["Valkyrie Brunhilde"])
    r = legal(pos, f'activate "{HEART}" targeting "Valkyrie Brunhilde"')
    assert end(r)["monster_zones"] == [None] * 5
    assert cards(end(r, 1)["monster_zones"]) == [code("Valkyrie Brunhilde")]


# --- negated effects: one fluent, negated/1, that every family reads ---------------------------------
def test_a_monster_summoned_with_its_effects_negated_cannot_activate_them():
    # Arcjet Lightcraft: "Special Summon it in Defense Position, and if you do, its Level becomes 9,
    # also negate its effects."
    jet = "Chronomaly Golden Jet"
    pos = board(hand=["Arcjet Lightcraft", "Monster Reborn"], gy=[{"card": jet, "properly_summoned": True}])
    summon = ['normal_summon "Arcjet Lightcraft"', f'then activate "Arcjet Lightcraft" targeting "{jet}"']
    legal(pos, *summon)
    assert "negated" in illegal(pos, *summon, f'activate "{jet}"')
    # revived without the rider, it activates its effect
    legal(pos, f'activate "Monster Reborn" targeting "{jet}"', f'activate "{jet}"')


def test_control_of_a_card_that_cannot_switch_does_not_change():
    # Mataza the Zapper: "Control of this face-up card on the field cannot switch."
    pos = board(hand=[HEART], extra=[SPIDER], opp_field=["Mataza the Zapper"])
    r = legal(pos, f'activate "{HEART}" targeting "Mataza the Zapper"')
    assert end(r)["monster_zones"] == [None] * 5
    assert illegal(pos, f'activate "{HEART}" targeting "Mataza the Zapper"', f'link_summon "{SPIDER}" with "Mataza the Zapper"')


# --- effects answering only the opponent -------------------------------------------------------------
def test_an_effect_answering_only_the_opponent_is_never_activated_in_a_line():
    # "When your opponent Special Summons a monster(s) (except during the Damage Step): ..."
    c = code("Evilswarm Nightmare")
    assert f"effect({c},1,opponent)" in facts_of("Evilswarm Nightmare")
    pos = board(hand=["Monster Reborn"], gy=[{"card": DM, "properly_summoned": True}],
                emz=[{"card": "Evilswarm Nightmare", "position": "attack", "controller": 0}, None])
    legal(pos, f'activate "Monster Reborn" targeting "{DM}"')
    assert illegal(pos, f'activate "Monster Reborn" targeting "{DM}"', 'then activate "Evilswarm Nightmare"')


def test_a_destruction_by_the_opponents_card_effect_never_happens_in_a_line():
    # Rebound: "When this Set card is destroyed by your opponent's card effect and sent to the
    # Graveyard: Draw 1 card."  The turn player's own Mystical Space Typhoon is no such effect.
    c = code("Rebound")
    assert f"effect({c},2,opponent)" in facts_of("Rebound")
    pos = board(hand=[MST], st=[{"card": "Rebound", "face_up": False}])
    pos["players"][0]["deck"] = [DM]
    r = legal(pos, f'activate "{MST}" targeting "Rebound"')
    assert cards(end(r)["graveyard"]) == sorted([code(MST), c]) and cards(end(r)["hand"]) == []
    assert illegal(pos, f'activate "{MST}" targeting "Rebound"', 'then activate "Rebound" effect 2')


# --- cards linked to their monster ----------------------------------------------------------------------
def test_birthright_leaves_with_its_monster_however_it_leaves():
    # "When that monster leaves the field, destroy this card": used as Link Material, it leaves.
    pos = board(extra=[SPIDER], gy=[OX], st=[{"card": "Birthright", "face_up": False}])
    r = legal(pos, f'activate "Birthright" targeting "{OX}"', f'link_summon "{SPIDER}" with "{OX}"')
    assert cards(end(r)["graveyard"]) == sorted([code(OX), code("Birthright")])
    # Call of the Haunted ("When that monster is destroyed, destroy this card") stays
    pos = board(extra=[SPIDER], gy=[OX], st=[{"card": HAUNTED, "face_up": False}])
    r = legal(pos, f'activate "{HAUNTED}" targeting "{OX}"', f'link_summon "{SPIDER}" with "{OX}"')
    assert cards(end(r)["graveyard"]) == [code(OX)]


def test_an_equip_spell_that_leaves_the_field_destroys_its_monster():
    # Predapruning: "When this card leaves the field, destroy that monster."
    plant = "Predaplant Ophrys Scorpio"   # a Pendulum monster would go to the Extra Deck
    pos = board(hand=["Predapruning", MST], gy=[plant])
    r = legal(pos, f'activate "Predapruning" targeting "{plant}"')
    assert cards(end(r)["monster_zones"]) == [code(plant)]
    r = legal(pos, f'activate "Predapruning" targeting "{plant}"', f'activate "{MST}" targeting "Predapruning"')
    assert end(r)["monster_zones"] == [None] * 5
    assert cards(end(r)["graveyard"]) == sorted([code(plant), code("Predapruning"), code(MST)])
