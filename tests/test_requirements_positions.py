"""Every requirement pattern added for issue 3, enforced by the rules: for each, a real card with a
position where it is summonable and one where it is not because exactly one condition fails."""
from __future__ import annotations

import pytest
from yugioh_board import board, can, summons

POLY, DARK_FUSION = "Polymerization", "Dark Fusion"
KOZAKY, WARWOLF, ALEX = "Kozaky", "Gene-Warped Warwolf", "Alexandrite Dragon"
SOLDIER, BEWD, STARDUST = "Archfiend Soldier", "Blue-Eyes White Dragon", "Stardust Dragon"


def fusion(pos, card, mats=None) -> bool:
    return can(pos, "fusion_summon", card, mats)


# --- material ATK / DEF: atk_min, atk_max, atk + def --------------------------------------------
def test_atk_min_titaniklad():
    card = "Titaniklad the Ash Dragon"  # "Fallen of Albaz" + 1 monster with 2500 or more ATK
    assert fusion(board(hand=[POLY, "Fallen of Albaz", BEWD], extra=[card]), card, ["Fallen of Albaz", BEWD])
    assert not fusion(board(hand=[POLY, "Fallen of Albaz", KOZAKY], extra=[card]), card)


def test_atk_max_metalfoes_adamante():
    card = "Metalfoes Adamante"  # 1 "Metalfoes" monster + 1 monster with 2500 or less ATK
    assert fusion(board(hand=[POLY, "Metalfoes Silverd", KOZAKY], extra=[card]), card)
    assert not fusion(board(hand=[POLY, "Metalfoes Silverd", BEWD], extra=[card]), card)


def test_exact_atk_and_def_phantom_of_yubel():
    card = "Phantom of Yubel"  # 1 "Yubel" monster + 1 Fiend monster with 0 ATK/DEF (contact)
    pos = board(field=["Yubel"], gy=["Yubel - Terror Incarnate"], extra=[card])
    assert can(pos, "special_summon", card, ["Yubel", "Yubel - Terror Incarnate"])
    assert not summons(board(field=["Yubel", SOLDIER], extra=[card]), "special_summon")


# --- whole-set conditions: same Rank, same / different Levels, same Type or Attribute ------------
def test_same_rank_utopic_future_zexal():
    card = "Number F0: Utopic Future Zexal"  # 2 Xyz Monsters with the same Rank
    utopia = "Number 39: Utopia"
    assert can(board(field=[utopia, "Daigusto Emeral"], extra=[card]), "xyz_summon", card)
    assert not can(board(field=[utopia, "Number 46: Dragluon"], extra=[card]), "xyz_summon", card)


def test_same_level_bujinki_ahashima():
    card = "Bujinki Ahashima"  # 2 monsters with the same Level
    assert can(board(field=[WARWOLF, ALEX], extra=[card]), "link_summon", card)
    assert not can(board(field=[WARWOLF, KOZAKY], extra=[card]), "link_summon", card)


def test_different_levels_puzzlomino():
    card = "Puzzlomino, the Drop-n-Deleter"  # 2 monsters with different Levels
    assert can(board(field=[WARWOLF, KOZAKY], extra=[card]), "link_summon", card)
    assert not can(board(field=[WARWOLF, ALEX], extra=[card]), "link_summon", card)


def test_same_type_or_attribute_union_carrier():
    card = "Union Carrier"  # 2 monsters with the same Type or Attribute: one procedure each
    assert can(board(field=[KOZAKY, SOLDIER], extra=[card]), "link_summon", card)  # Fiend, DARK
    assert can(board(field=[KOZAKY, "Punishment Dragon"], extra=[card]), "link_summon", card)  # DARK
    assert not can(board(field=[WARWOLF, ALEX], extra=[card]), "link_summon", card)  # neither


# --- where the materials are: loc(hand), loc(field), faceup, loc(emz), loc(graveyard) -----------
def test_material_in_the_hand_magnum_the_reliever():
    card = "Magnum the Reliever"  # 1 monster Special Summoned from the Extra Deck + 1 monster in the hand
    sd = {"card": STARDUST, "position": "attack", "summoned_from_extra_deck": True}
    assert fusion(board(hand=[POLY, KOZAKY], field=[sd], extra=[card]), card, [STARDUST, KOZAKY])
    assert not fusion(board(hand=[POLY], field=[sd, KOZAKY], extra=[card]), card)


def test_materials_on_the_field_starving_venom():
    card = "Starving Venom Fusion Dragon"  # 2 DARK monsters on the field, except Tokens
    assert fusion(board(hand=[POLY], field=[KOZAKY, SOLDIER], extra=[card]), card)
    assert not fusion(board(hand=[POLY, SOLDIER], field=[KOZAKY], extra=[card]), card)


def test_face_up_monster_you_control_gaia_prominence():
    card = "Gaia Prominence, the Fierce Force"  # "Gaia Blaze, ..." + 1 face-up monster you control
    blaze = "Gaia Blaze, the Force of the Sun"
    assert fusion(board(hand=[POLY], field=[blaze, KOZAKY], extra=[card]), card)
    assert not fusion(board(hand=[POLY], field=[blaze, {"card": KOZAKY, "position": "set"}], extra=[card]), card)


def test_material_in_an_extra_monster_zone_gravity_controller():
    card = "Gravity Controller"  # 1 non-Link Monster in an Extra Monster Zone
    assert can(board(emz=(STARDUST, None), extra=[card]), "link_summon", card, [STARDUST])
    assert not can(board(field=[STARDUST], extra=[card]), "link_summon", card)


def test_one_each_from_field_and_gy_enlightenment_dragon():
    card = "Enlightenment Dragon"  # "Judgment Dragon" + "Punishment Dragon", 1 each from field and GY
    jd, pd = "Judgment Dragon", "Punishment Dragon"
    assert can(board(field=[jd], gy=[pd], extra=[card]), "special_summon", card, [jd, pd])
    assert can(board(field=[pd], gy=[jd], extra=[card]), "special_summon", card, [jd, pd])
    assert not summons(board(field=[jd, pd], extra=[card]), "special_summon")


def test_except_on_the_field_or_in_the_gy_denial_deity_dotan():
    card = "Denial Deity Dotan"  # 1 LIGHT monster + 2 monsters, except on the field or in the GY
    assert fusion(board(hand=[POLY, ALEX, KOZAKY, WARWOLF], extra=[card]), card, [ALEX, KOZAKY, WARWOLF])
    assert not fusion(board(hand=[POLY, ALEX, KOZAKY], field=[WARWOLF], extra=[card]), card)


def test_material_in_your_gy_is_never_taken_by_polymerization_luce():
    card = "Luce the Dusk's Dark"  # 3 Fiend and/or Fairy monsters in your GY
    assert not fusion(board(hand=[POLY, KOZAKY, SOLDIER, "Yubel"], extra=[card]), card)


# --- composition, Level/Rank/Link, Link-N or higher ------------------------------------------------
def test_composition_saint_azamina():
    card = "Saint Azamina"  # 2 Level 6 or higher monsters (1 Fusion + 1 Synchro)
    wingman = "Elemental HERO Flame Wingman"
    assert fusion(board(hand=[POLY], field=[wingman, STARDUST], extra=[card]), card, [wingman, STARDUST])
    assert not fusion(board(hand=[POLY], field=["Black Rose Dragon", STARDUST], extra=[card]), card)


def test_level_rank_or_link_2_spright_elf():
    card = "Spright Elf"  # 2 monsters, including a Level/Rank/Link 2 monster
    assert can(board(field=["Spright Blue", KOZAKY], extra=[card]), "link_summon", card)
    assert not can(board(field=[WARWOLF, KOZAKY], extra=[card]), "link_summon", card)


def test_link_2_or_higher_linkross():
    card = "Linkross"  # 1 Link-2 or higher Link Monster
    assert can(board(emz=("Knightmare Phoenix", None), extra=[card]), "link_summon", card)
    assert not can(board(emz=("Linkuriboh", None), extra=[card]), "link_summon", card)


# --- Fusion Spells: must_spell, fusion_target --------------------------------------------------------
def test_must_be_summoned_with_dark_fusion_evil_hero_dark_gaia():
    card = "Evil HERO Dark Gaia"  # 1 Fiend + 1 Rock; Must be Special Summoned with "Dark Fusion"
    assert fusion(board(hand=[DARK_FUSION, KOZAKY, "Giant Soldier of Stone"], extra=[card]), card)
    assert not fusion(board(hand=[POLY, KOZAKY, "Giant Soldier of Stone"], extra=[card]), card)


def test_dark_fusion_summons_only_fiends():
    card = "Flame Swordsman"  # a Warrior: Polymerization can, "1 Fiend Fusion Monster" cannot
    hand = ["Flame Manipulator", "Masaki the Legendary Swordsman"]
    assert fusion(board(hand=[POLY] + hand, extra=[card]), card)
    assert not fusion(board(hand=[DARK_FUSION] + hand, extra=[card]), card)


# --- Ritual Spells: tribute filter, GY banishing, the older "offer" wording -------------------------
def test_ritual_tribute_filter_prayers_of_the_voiceless_voice():
    spell, card = "Prayers of the Voiceless Voice", "Paladin of White Dragon"  # LIGHT tributes only
    assert can(board(hand=[spell, card], field=[ALEX]), "ritual_summon", card, [ALEX])
    assert not can(board(hand=[spell, card], field=[WARWOLF]), "ritual_summon", card)


def test_ritual_banish_from_gy_red_eyes_transmigration():
    spell, card = "Red-Eyes Transmigration", "Lord of the Red"  # and/or banish "Red-Eyes" from your GY
    pos = board(hand=[spell, card, KOZAKY], gy=["Red-Eyes Black Dragon"])
    assert can(pos, "ritual_summon", card, ["Red-Eyes Black Dragon", KOZAKY])
    assert not can(board(hand=[spell, card, KOZAKY], gy=[BEWD]), "ritual_summon", card)


def test_ritual_offer_wording_turtle_oath():
    spell, card = "Turtle Oath", "Crab Turtle"  # "offer monsters whose total Level Stars equal 8 or more"
    assert can(board(hand=[spell, card], field=[BEWD]), "ritual_summon", card, [BEWD])
    assert not can(board(hand=[spell, card], field=[WARWOLF]), "ritual_summon", card)


# --- never on a guess -----------------------------------------------------------------------------
@pytest.mark.parametrize("card,pos", [
    ("Number 93: Utopia Kaiser", {"field": ["Number 39: Utopia", "Number 39: Utopia"]}),
    ("Fossil Warrior Skull King", {"hand": [POLY, "Giant Soldier of Stone", BEWD]}),
])
def test_unsupported_cards_are_never_summoned(card, pos):
    assert not [s for s in summons(board(extra=[card], **pos)) if s[1] == card]
