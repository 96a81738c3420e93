"""Search, random discard and deck-out resolved in a step of a line (asp/duel_masters/resolve.lp):
real library cards, legal and illegal."""
from __future__ import annotations

from test_dm_helpers import check, pos, side, terms, untapped


DIMENSION_GATE = "Dimension Gate"   # nature 3: search your deck for a creature, then shuffle
LOGIC_CUBE = "Logic Cube"           # light 3: search your deck for a spell, then shuffle
GHOST_TOUCH = "Ghost Touch"         # darkness 2: your opponent discards a card at random
GIGABALZA = "Gigabalza"             # darkness 4, enters: your opponent discards a card at random
FAERIE_LIFE = "Faerie Life"         # nature 2: the top card of your deck into your mana zone
BRAIN_SERUM = "Brain Serum"         # water 4: draw up to 2 cards
NEON = "Neon Cluster"               # water 4000, $tap: draw 2 cards
MANE = "Burning Mane"               # nature 2, no text
BRONZE = "Bronze-Arm Tribe"         # nature creature (mana)
CRAGSAUR = "Cragsaur"               # fire creature
EMERALD = "Emerald Grass"           # light creature (mana)
BONE = "Bone Spider"                # darkness creature (mana)


def test_dimension_gate_takes_a_creature_from_the_deck_and_it_can_be_summoned():
    doc = pos(side(hand=[DIMENSION_GATE], mana_zone=untapped(*[BRONZE] * 5), deck=[FAERIE_LIFE, MANE]))
    ok = check(doc, f'cast "{DIMENSION_GATE}" paying "{BRONZE}", "{BRONZE}", "{BRONZE}"',
               f'summon "{MANE}" paying "{BRONZE}", "{BRONZE}"')
    assert ok.legal, ok.text()
    # a spell is not a creature: the search cannot take Faerie Life
    result = check(doc, f'cast "{DIMENSION_GATE}" paying "{BRONZE}", "{BRONZE}", "{BRONZE}"',
                   f'cast "{FAERIE_LIFE}" paying "{BRONZE}", "{BRONZE}"')
    assert not result.legal


def test_logic_cube_takes_a_spell_and_not_a_creature():
    doc = pos(side(hand=[LOGIC_CUBE], mana_zone=untapped(*[EMERALD] * 3 + [BONE] * 2 + [BRONZE] * 2),
                   deck=[MANE, GHOST_TOUCH]))
    assert check(doc, f'cast "{LOGIC_CUBE}" paying "{EMERALD}", "{EMERALD}", "{EMERALD}"',
                 f'cast "{GHOST_TOUCH}" paying "{BONE}", "{BONE}"').legal
    assert not check(doc, f'cast "{LOGIC_CUBE}" paying "{EMERALD}", "{EMERALD}", "{EMERALD}"',
                     f'summon "{MANE}" paying "{BRONZE}", "{BRONZE}"').legal


def test_after_a_search_the_top_of_the_deck_is_unknown():
    doc = pos(side(hand=[DIMENSION_GATE, FAERIE_LIFE], mana_zone=untapped(*[BRONZE] * 5), deck=[MANE, CRAGSAUR]))
    result = check(doc, f'cast "{DIMENSION_GATE}" paying "{BRONZE}", "{BRONZE}", "{BRONZE}"',
                   f'cast "{FAERIE_LIFE}" paying "{BRONZE}", "{BRONZE}"')
    assert "deck_order_unknown" in terms(result)
    # before the search the top card is known: Faerie Life then Dimension Gate is legal
    assert check(doc, f'cast "{FAERIE_LIFE}" paying "{BRONZE}", "{BRONZE}"',
                 f'cast "{DIMENSION_GATE}" paying "{BRONZE}", "{BRONZE}", "{BRONZE}"').legal


def test_ghost_touch_discards_a_card_of_the_opponent_at_random():
    doc = pos(side(hand=[GHOST_TOUCH], mana_zone=untapped(BONE, BONE)), side(hand=[MANE]))
    ok = check(doc, f'cast "{GHOST_TOUCH}"')
    assert ok.legal, ok.text()
    assert not any(line.startswith("P1 hand") for line in ok.steps[0].state)  # their only card is gone
    # Gigabalza's "when you put this creature into the battle zone" discards too
    doc = pos(side(hand=[GIGABALZA], mana_zone=untapped(*[BONE] * 4)), side(hand=[MANE, CRAGSAUR]))
    ok = check(doc, f'summon "{GIGABALZA}"')
    assert ok.legal, ok.text()
    assert any(line in (f"P1 hand: {MANE}", f"P1 hand: {CRAGSAUR}") for line in ok.steps[0].state)


def test_drawing_from_an_empty_deck_loses_and_is_not_played():
    doc = pos(side(battle_zone=[NEON], deck=[MANE]))
    assert "deck_out" in terms(check(doc, f'tap_ability "{NEON}"'))  # two cards to draw, one in the deck
    doc["players"][0]["deck"] = [MANE, CRAGSAUR]
    assert check(doc, f'tap_ability "{NEON}"').legal
    # "up to 2": drawing fewer is the line's choice, so Brain Serum with one card left is legal
    doc = pos(side(hand=[BRAIN_SERUM], mana_zone=untapped(*["Aqua Hulcus"] * 4), deck=[MANE]))
    assert check(doc, f'cast "{BRAIN_SERUM}"').legal
