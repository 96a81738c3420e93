"""The family "selfdestroy" of card effects (fx_selfdestroy.py, asp/yugioh/selfdestroy.lp): a card
that destroys itself while a state holds, at the game's first state check after the state holds
(a step of its own), by its own effect, so that its "sent to the GY" triggers follow."""
from __future__ import annotations

from yugioh_board import board
from yugioh_lines import facts_of, illegal, legal, names, with_deck

from oracle.yugioh.effect_text import accepted

CAGNA = "Cagna, Malebranche of the Burning Abyss"
SCARM = "Scarm, Malebranche of the Burning Abyss"
TRAVELER = "The Traveler and the Burning Abyss"   # a "Burning Abyss" Spell (Cagna sends it)
MALEFIC = "Malefic Cyber End Dragon"
ZERADIAS = "Zeradias, Herald of Heaven"
SANCTUARY = "The Sanctuary in the Sky"
TOON = "Toon Masked Sorcerer"


def test_the_sentences_are_rules_of_the_card():
    assert "rule(9342162,self_destroy(not_ours(archetype(177))))" in facts_of(CAGNA)
    assert "rule(1710476,self_destroy(no_field_spell))" in facts_of(MALEFIC)
    assert "rule(12171659,self_destroy(absent(name(56433456))))" in facts_of(ZERADIAS)
    assert "rule(80908502,self_destroy(absent(name(63035430))))" in facts_of("Elemental HERO Captain Gold")
    assert "rule(16392422,self_destroy(destroyed(name(15259703))))" in facts_of(TOON)
    # a number of cards, another noun, or the same state on another card's destruction: not read
    assert not accepted('If you control 2 monsters that are not "X" monsters, destroy this card.')
    assert not accepted('If "X" is destroyed, destroy this card.')


# --- "If you control a monster that is not a "X" monster, destroy this card."
def cagna_board(field=()):
    return with_deck(board(hand=[CAGNA, "Kuriboh"], field=list(field)), TRAVELER)


def test_a_burning_abyss_monster_summoned_next_to_another_monster_is_destroyed_and_its_trigger_follows():
    r = legal(cagna_board(["Kuriboh"]), f'normal_summon "{CAGNA}"', f'then activate "{CAGNA}"')
    assert names(r, 0, "monster_zones") == ["Kuriboh"]
    assert set(names(r, 0, "graveyard")) == {CAGNA, TRAVELER}


def test_a_burning_abyss_monster_alone_stays():
    r = legal(cagna_board([SCARM]), f'normal_summon "{CAGNA}"')
    assert sorted(names(r, 0, "monster_zones")) == sorted([SCARM, CAGNA])
    why = illegal(cagna_board([SCARM]), f'normal_summon "{CAGNA}"', f'then activate "{CAGNA}"')
    assert "did not happen" in why


def test_a_monster_summoned_next_to_it_destroys_it_and_its_trigger_follows():
    r = legal(cagna_board([CAGNA]), 'normal_summon "Kuriboh"', f'then activate "{CAGNA}"')
    assert names(r, 0, "monster_zones") == ["Kuriboh"]
    assert set(names(r, 0, "graveyard")) == {CAGNA, TRAVELER}
    # a face-down monster is no "Burning Abyss" monster either
    r = legal(cagna_board([CAGNA]), 'normal_set "Kuriboh"')
    assert CAGNA in names(r, 0, "graveyard")


def test_the_triggers_of_the_summon_and_of_the_destruction_make_one_chain():
    # EDOPro offers both at once: the destruction is part of the moment after the summon, so the
    # "When this card is Normal Summoned: You can" trigger does not miss its timing
    pos = with_deck(board(hand=["Marauding Captain", "Kuriboh"], field=[CAGNA]), TRAVELER)
    r = legal(pos, 'normal_summon "Marauding Captain"', 'then activate "Marauding Captain" summoning "Kuriboh"',
              f'chain activate "{CAGNA}"')
    assert sorted(names(r, 0, "monster_zones")) == ["Kuriboh", "Marauding Captain"]
    assert set(names(r, 0, "graveyard")) == {CAGNA, TRAVELER}


def test_the_state_is_checked_after_a_chain_resolves():
    pos = with_deck(board(hand=["Monster Reborn"], field=[CAGNA], gy=["Kuriboh"]), TRAVELER)
    r = legal(pos, 'activate "Monster Reborn" targeting "Kuriboh"', f'then activate "{CAGNA}"')
    assert names(r, 0, "monster_zones") == ["Kuriboh"]
    assert CAGNA in names(r, 0, "graveyard")
    # a trigger summons it next to another monster: destroyed once that chain resolved, its own
    # trigger starts the next chain
    pos = with_deck(board(hand=["Marauding Captain", CAGNA]), TRAVELER)
    r = legal(pos, 'normal_summon "Marauding Captain"', f'then activate "Marauding Captain" summoning "{CAGNA}"',
              f'then activate "{CAGNA}"')
    assert names(r, 0, "monster_zones") == ["Marauding Captain"]
    assert set(names(r, 0, "graveyard")) == {CAGNA, TRAVELER}


def test_a_position_where_the_state_already_holds_destroys_it_before_anything_is_done():
    why = illegal(cagna_board([CAGNA, "Kuriboh"]), 'normal_summon "Kuriboh"')
    assert "before anything else happens" in why
    # so it is never a Tribute either
    pos = cagna_board([CAGNA, "Kuriboh"])
    pos["players"][0]["hand"].append("Summoned Skull")
    assert "before anything else happens" in illegal(pos, f'tribute_summon "Summoned Skull" with "{CAGNA}"')
    pos["players"][0]["monster_zones"][1] = None
    legal(pos, f'tribute_summon "Summoned Skull" with "{CAGNA}"')


# --- "If there is no face-up Field Spell on the field, destroy this card."
def malefic_board(field_spell=None):
    pos = board(hand=[MALEFIC], extra=["Cyber End Dragon"])
    if field_spell:
        pos["players"][0]["field_zone"] = {"card": field_spell, "face_up": True}
    return pos


def test_a_malefic_monster_without_a_field_spell_is_destroyed():
    r = legal(malefic_board(), f'special_summon "{MALEFIC}"')
    assert MALEFIC in names(r, 0, "graveyard")


def test_a_malefic_monster_with_a_face_up_field_spell_stays():
    r = legal(malefic_board(SANCTUARY), f'special_summon "{MALEFIC}"')
    assert names(r, 0, "monster_zones") == [MALEFIC]


def malefic_on_the_field():
    pos = board(hand=["Monster Reborn"], field=[MALEFIC], gy=["Kuriboh"],
                st=[{"card": "Mystical Space Typhoon", "face_up": False}])
    pos["players"][0]["field_zone"] = {"card": SANCTUARY, "face_up": True}
    return pos


def test_a_malefic_monster_is_destroyed_once_the_field_spell_is_gone():
    r = legal(malefic_on_the_field(), f'activate "Mystical Space Typhoon" targeting "{SANCTUARY}"')
    assert {MALEFIC, SANCTUARY} <= set(names(r, 0, "graveyard"))


def test_a_destruction_between_two_links_is_not_read():
    # EDOPro destroys the Malefic monster before Monster Reborn resolves (Kuriboh takes its zone):
    # a check inside a chain, which the oracle does not place
    why = illegal(malefic_on_the_field(), 'activate "Monster Reborn" targeting "Kuriboh"',
                  f'chain activate "Mystical Space Typhoon" targeting "{SANCTUARY}"')
    assert "in the middle of a chain" in why


# --- "If "X" is not on the field, destroy this card."
def test_zeradias_without_the_sanctuary_is_destroyed():
    r = legal(board(hand=[ZERADIAS]), f'normal_summon "{ZERADIAS}"')
    assert ZERADIAS in names(r, 0, "graveyard")


def test_zeradias_with_the_sanctuary_face_up_stays():
    pos = board(hand=[ZERADIAS])
    pos["players"][0]["field_zone"] = {"card": SANCTUARY, "face_up": True}
    r = legal(pos, f'normal_summon "{ZERADIAS}"')
    assert names(r, 0, "monster_zones") == [ZERADIAS]
    pos["players"][0]["field_zone"] = {"card": SANCTUARY, "face_up": False}   # a Set card shows no name
    r = legal(pos, f'normal_summon "{ZERADIAS}"')
    assert ZERADIAS in names(r, 0, "graveyard")


# --- "If "X" on the field is destroyed, destroy this card."
def toon_board(**kw):
    return board(field=[TOON], st=["Toon World", {"card": "Mystical Space Typhoon", "face_up": False}], **kw)


def test_a_toon_is_destroyed_when_toon_world_is():
    r = legal(toon_board(), 'activate "Mystical Space Typhoon" targeting "Toon World"')
    assert TOON in names(r, 0, "graveyard")


def test_a_toon_stays_when_another_card_is_destroyed():
    pos = toon_board(opp_st=[{"card": "Sakuretsu Armor", "face_up": False}])
    r = legal(pos, 'activate "Mystical Space Typhoon" targeting "Sakuretsu Armor"')
    assert names(r, 0, "monster_zones") == [TOON]
