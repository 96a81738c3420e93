"""Mana payment: one mana of one civilization per tapped card, every civilization covered."""
from test_dm_helpers import civs, pos, side, summons, untapped

from oracle.duel_masters import plays

AEGIS = "Aegis, Sage of Fire and Lightning"  # light/fire, cost 4


def test_multicoloured_with_just_enough_mana():
    doc = pos(side(hand=[AEGIS], mana_zone=untapped("Cubela, the Oracle", "Artisan Picora",
                                                    "Aqua Hulcus", "Faerie Life")))
    found = summons(plays(doc), AEGIS)
    assert len(found) == 1
    assert found[0].cost == 4
    assert civs(found[0]) == ["fire", "light", "nature", "water"]


def test_one_card_short():
    doc = pos(side(hand=[AEGIS], mana_zone=untapped("Cubela, the Oracle", "Artisan Picora", "Aqua Hulcus")))
    assert summons(plays(doc)) == []


def test_tapped_mana_does_not_pay():
    mana = untapped("Cubela, the Oracle", "Artisan Picora", "Aqua Hulcus") + [
        {"card": "Faerie Life", "tapped": True}]
    assert summons(plays(pos(side(hand=[AEGIS], mana_zone=mana)))) == []


def test_one_multicoloured_card_cannot_pay_two_civilizations():
    # Light and fire are needed; the only light or fire card is the light/fire Aegis itself.
    doc = pos(side(hand=[AEGIS], mana_zone=untapped(AEGIS, "Aqua Hulcus", "Aqua Hulcus", "Faerie Life")))
    assert summons(plays(doc)) == []


def test_multicoloured_card_pays_one_of_its_civilizations():
    doc = pos(side(hand=[AEGIS], mana_zone=untapped(AEGIS, "Artisan Picora", "Aqua Hulcus", "Faerie Life")))
    found = summons(plays(doc))
    assert len(found) == 1
    paid_by_aegis = [x["civilization"] for x in found[0].payment if x["card"]["name"] == AEGIS]
    assert paid_by_aegis == ["light"]  # fire comes from Artisan Picora


def test_choice_of_civilization_gives_distinct_payments():
    # Two light/fire cards and two water cards: the two multicoloured cards must split light/fire.
    doc = pos(side(hand=[AEGIS], mana_zone=untapped(AEGIS, AEGIS, "Aqua Hulcus", "Aqua Hulcus")))
    default = summons(plays(doc))
    every = summons(plays(doc, all_payments=True))
    assert len(default) == 1  # identical cards swapped: shown once
    assert len(every) == 2  # per-card: which Aegis pays light
    for play in every:
        assert civs(play) == ["fire", "light", "water", "water"]


def test_identical_cards_collapse_but_all_payments_lists_each():
    doc = pos(side(hand=["Bronze-Arm Tribe"], mana_zone=untapped(*["Faerie Life"] * 4)))
    assert len(summons(plays(doc))) == 1
    assert len(summons(plays(doc, all_payments=True))) == 4  # C(4,3)


def test_no_more_cards_than_the_cost():
    doc = pos(side(hand=["Faerie Life"], mana_zone=untapped("Faerie Life", "Faerie Life")))
    assert summons(plays(doc)) == []  # Faerie Life is a spell: never summoned
    doc = pos(side(hand=["Raging Bamboo"], mana_zone=untapped("Faerie Life", "Brave Bell")))
    found = summons(plays(doc, all_payments=True))
    assert [len(p.payment) for p in found] == [1, 1]


def test_mana_number_two_counts_twice():
    # The library has no mana number other than 1: a position-defined card stands in.
    doc = pos(side(hand=["Bronze-Arm Tribe"], mana_zone=untapped("Double Moss", "Faerie Life", "Faerie Life")),
              cards=[{"name": "Double Moss", "civilizations": ["nature"], "cost": 2, "type": "Creature",
                      "mana_number": 2}])
    found = summons(plays(doc, all_payments=True))
    sizes = sorted(len(p.payment) for p in found)
    # Double Moss + one Faerie Life (2 ways) or the three cards?  Tapping all three would be
    # 4 mana for a cost of 3: one card is superfluous, so that payment is illegal.
    assert sizes == [2, 2]


def test_plays_variant_needs_no_civilization_payment():
    # Only light source is tapped; standard rules need an untapped light card, the digital game
    # only needs light to be released (present) in the mana zone.
    mana = [{"card": "Cubela, the Oracle", "tapped": True}] + untapped(
        "Artisan Picora", "Aqua Hulcus", "Faerie Life", "Faerie Life")
    assert summons(plays(pos(side(hand=[AEGIS], mana_zone=mana)))) == []
    found = summons(plays(pos(side(hand=[AEGIS], mana_zone=mana), rules="duel-masters-plays")))
    assert len(found) == 1
    assert all(x["civilization"] is None for x in found[0].payment)


def test_plays_variant_single_multicoloured_card_releases_both():
    doc = pos(side(hand=[AEGIS], mana_zone=untapped(AEGIS, "Aqua Hulcus", "Aqua Hulcus", "Faerie Life")),
              rules="duel-masters-plays")
    assert len(summons(plays(doc))) == 1


def test_plays_variant_still_needs_the_civilization():
    doc = pos(side(hand=[AEGIS], mana_zone=untapped("Aqua Hulcus", "Aqua Hulcus", "Faerie Life", "Artisan Picora")),
              rules="duel-masters-plays")
    assert summons(plays(doc)) == []
