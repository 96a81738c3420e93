"""Shuffling into the Deck (issue 8, the zones family): "shuffle all 5 / both those targets into
the Deck" (every target, or none), and shuffling as a cost ("You can shuffle 2 ... from your GY
into the [Main] Deck; ...").  A card shuffled in goes to its owner's Deck (a card of the Extra Deck
to the Extra Deck) and the Deck counts as shuffled: what reads its top later, even in the same
step, is refused.  Every card is real; each shape has a legal and an illegal case."""
from __future__ import annotations

from yugioh_board import board
from yugioh_lines import facts_of, illegal, legal, names, with_deck

import pytest

from oracle.yugioh.cards import Library
from oracle.yugioh.effect_text import _parse_unit

AVARICE, WHIRLWIND, GULLDO, EGUL, CODOR = "Pot of Avarice", "Whirlwind of Gusto", "Gusto Gulldo", "Gusto Egul", "Gusto Codor"
LAVALVAL, HANDMAIDEN, LANCELORD, CHAIN = "Lavalval Dragon", "Laval Volcano Handmaiden", "Laval Lancelord", "Lavalval Chain"
RECYCLER, REBOOT = "Scrap Recycler", "Reboot"
CELTIC, DM, OX, ELF = "Celtic Guardian", "Dark Magician", "Battle Ox", "Mystical Elf"


# --- the grammar ----------------------------------------------------------------------------------
def test_all_n_and_both_those_targets_are_every_target():
    assert {"eff_target(67169062,1,1,5,5,me,graveyard)", "eff_do(67169062,1,1,1,move(all,deck))",
            "eff_do(67169062,1,1,2,draw(2))"} <= facts_of(AVARICE)
    assert "move(all,deck)" in " ".join(facts_of("Naturia Marron"))          # "shuffle both those targets"
    assert "move(all,deck)" in " ".join(facts_of(WHIRLWIND))                 # "shuffle both targets"


def test_all_n_must_be_the_number_targeted():
    lib = Library.load()
    with pytest.raises(Exception, match="does not say"):
        _parse_unit("Target 4 monsters in your GY; shuffle all 5 into the Deck, then draw 2 cards.", lib)
    with pytest.raises(Exception, match="does not say"):
        _parse_unit("Target 1 monster in your GY; shuffle both targets into the Deck.", lib)


def test_shuffling_as_a_cost_is_a_cost_group():
    f = facts_of(LAVALVAL)
    assert any("shuffle_main" in x and x.startswith("eff_cost(") for x in f)
    assert any(",graveyard)" in x and x.startswith("eff_cost_from(") for x in f)
    assert any(x.startswith("eff_cost(") and ",shuffle," in x for x in facts_of(RECYCLER))
    assert any(x.startswith("eff_cost_from(") and x.endswith(",hand)") for x in facts_of(REBOOT))


# --- "shuffle both targets into the Deck" ---------------------------------------------------------
def test_whirlwind_of_gusto_shuffles_both_targets_then_summons_from_the_deck():
    pos = with_deck(board(st=[{"card": WHIRLWIND, "face_up": False}], gy=[GULLDO, EGUL]), CODOR, CELTIC)
    r = legal(pos, f'activate "{WHIRLWIND}" targeting "{GULLDO}", "{EGUL}" summoning "{CODOR}"')
    assert sorted(names(r, 0, "deck")) == sorted([GULLDO, EGUL, CELTIC])
    assert names(r, 0, "monster_zones") == [CODOR]
    assert names(r, 0, "graveyard") == [WHIRLWIND]


def test_whirlwind_of_gusto_needs_two_gusto_targets():
    pos = with_deck(board(st=[{"card": WHIRLWIND, "face_up": False}], gy=[GULLDO, OX]), CODOR)
    assert "target" in illegal(pos, f'activate "{WHIRLWIND}" targeting "{GULLDO}", "{OX}" summoning "{CODOR}"')
    pos = with_deck(board(st=[{"card": WHIRLWIND, "face_up": False}], gy=[GULLDO]), CODOR)
    assert "no valid target" in illegal(pos, f'activate "{WHIRLWIND}" targeting "{GULLDO}" summoning "{CODOR}"')


def test_pot_of_avarice_needs_five_monsters_and_its_draw_after_the_shuffle_is_refused():
    gy = [CELTIC, DM, OX, ELF, GULLDO]
    pos = with_deck(board(hand=[AVARICE], gy=gy), EGUL, CODOR)
    why = illegal(pos, f'activate "{AVARICE}" targeting ' + ", ".join(f'"{c}"' for c in gy))
    assert "shuffled" in why                       # the Deck has no known order once shuffled
    pos = with_deck(board(hand=[AVARICE], gy=gy[:4] + ["Pot of Greed"]), EGUL, CODOR)
    assert "target" in illegal(pos, f'activate "{AVARICE}" targeting ' + ", ".join(f'"{c}"' for c in gy[:4]))


# --- shuffling as a cost --------------------------------------------------------------------------
def test_lavalval_dragon_shuffles_two_laval_monsters_into_the_main_deck_to_bounce_a_card():
    pos = board(emz=(LAVALVAL, None), gy=[HANDMAIDEN, LANCELORD], opp_field=[DM])
    r = legal(pos, f'activate "{LAVALVAL}" paying "{HANDMAIDEN}", "{LANCELORD}" targeting "{DM}"')
    assert sorted(names(r, 0, "deck")) == sorted([HANDMAIDEN, LANCELORD])
    assert not names(r, 0, "graveyard")
    assert names(r, 1, "hand") == [DM]


def test_an_extra_deck_monster_never_pays_into_the_main_deck():
    pos = board(emz=(LAVALVAL, None), gy=[HANDMAIDEN, CHAIN], opp_field=[DM])
    assert "cost" in illegal(pos, f'activate "{LAVALVAL}" paying "{HANDMAIDEN}", "{CHAIN}" targeting "{DM}"')
    pos = board(emz=(LAVALVAL, None), gy=[HANDMAIDEN, OX], opp_field=[DM])
    assert "cost" in illegal(pos, f'activate "{LAVALVAL}" paying "{HANDMAIDEN}", "{OX}" targeting "{DM}"')


def test_reboot_shuffles_a_meklord_from_the_hand_then_adds_the_target():
    army, emperor = "Meklord Army of Skiel", "Meklord Emperor Wisel"
    pos = board(hand=[REBOOT, army], gy=[emperor])
    r = legal(pos, f'activate "{REBOOT}" paying "{army}" targeting "{emperor}"')
    assert names(r, 0, "deck") == [army] and names(r, 0, "hand") == [emperor]
    pos = board(hand=[REBOOT, OX], gy=[emperor])
    assert "cost" in illegal(pos, f'activate "{REBOOT}" paying "{OX}" targeting "{emperor}"')


def test_a_draw_in_the_step_of_a_shuffle_cost_is_refused():
    # Scrap Recycler: "You can shuffle 2 Level 4 EARTH Machine monsters from your GY into the Deck;
    # draw 1 card": the Deck was shuffled when the cost was paid, so the card drawn is not known.
    drill, soldier = "Drillroid", "Ancient Gear Soldier"
    pos = with_deck(board(field=[RECYCLER], gy=[drill, soldier]), CELTIC)
    assert "shuffled" in illegal(pos, f'activate "{RECYCLER}" paying "{drill}", "{soldier}"')
    # the cost itself must be two Level 4 EARTH Machines (Jade Knight is LIGHT)
    pos = with_deck(board(field=[RECYCLER], gy=[drill, "Jade Knight"]), CELTIC)
    assert "cost" in illegal(pos, f'activate "{RECYCLER}" paying "{drill}", "Jade Knight"')


# --- "... into the Main Deck to target ...": the cost, then the target ----------------------------
def test_daigusto_gulldos_shuffles_two_gusto_monsters_to_target_and_destroy():
    gulldos = "Daigusto Gulldos"
    pos = board(emz=(gulldos, None), gy=[GULLDO, EGUL], opp_field=[DM])
    r = legal(pos, f'activate "{gulldos}" paying "{GULLDO}", "{EGUL}" targeting "{DM}"')
    assert sorted(names(r, 0, "deck")) == sorted([GULLDO, EGUL])
    assert names(r, 1, "graveyard") == [DM]
    # Daigusto Emeral is a "Gusto" Xyz Monster: it never goes into the Main Deck
    pos = board(emz=(gulldos, None), gy=[GULLDO, "Daigusto Emeral"], opp_field=[DM])
    assert "cost" in illegal(pos, f'activate "{gulldos}" paying "{GULLDO}", "Daigusto Emeral" targeting "{DM}"')


def test_personal_spoofing_shuffles_a_face_up_altergeist_from_the_field_to_search():
    spoof, marionetter, meluseek = "Personal Spoofing", "Altergeist Marionetter", "Altergeist Meluseek"
    pos = with_deck(board(st=[spoof], field=[marionetter]), meluseek)
    r = legal(pos, f'activate "{spoof}" paying "{marionetter}" adding "{meluseek}"')
    assert names(r, 0, "deck") == [marionetter] and names(r, 0, "hand") == [meluseek]
    assert not names(r, 0, "monster_zones")
    # a face-down monster is not "face-up from your field"
    pos = with_deck(board(st=[spoof], field=[{"card": marionetter, "position": "set"}]), meluseek)
    assert "cost" in illegal(pos, f'activate "{spoof}" paying "{marionetter}" adding "{meluseek}"')


# --- "Then shuffle your Deck." -------------------------------------------------------------------
def test_bubonic_vermin_summons_from_the_deck_then_shuffles_it():
    vermin = "Bubonic Vermin"
    assert "eff_do(6104968,1,1,2,shuffle_deck)" in facts_of(vermin)
    pos = with_deck(board(hand=["Pot of Greed"], field=[{"card": vermin, "position": "set"}]), vermin, CELTIC, OX)
    r = legal(pos, f'flip_summon "{vermin}"', f'then activate "{vermin}" summoning "{vermin}"')
    assert names(r, 0, "monster_zones") == [vermin, vermin]
    assert sorted(names(r, 0, "deck")) == sorted([CELTIC, OX])
    # without the Vermin's effect the draw is known; after it the Deck was shuffled
    legal(pos, f'flip_summon "{vermin}"', 'activate "Pot of Greed"')
    why = illegal(pos, f'flip_summon "{vermin}"', f'then activate "{vermin}" summoning "{vermin}"', 'activate "Pot of Greed"')
    assert "shuffled" in why


# --- targets among the banished cards ----------------------------------------------------------------
def test_farm_delivery_shuffles_banished_normal_monsters_into_the_deck():
    farm = "Farm Delivery"
    assert "eff_target(27001740,1,1,1,3,me,banished)" in facts_of(farm)
    pos = board(st=[{"card": farm, "face_up": False}], field=[CELTIC])
    pos["players"][0]["banished"] = [DM, OX]
    r = legal(pos, f'activate "{farm}" targeting "{DM}", "{OX}"')
    assert sorted(names(r, 0, "deck")) == sorted([DM, OX]) and not names(r, 0, "banished")
    # an Effect Monster is no Normal Monster; a Normal Monster in the GY is not banished
    pos["players"][0]["banished"] = [DM, "Kuriboh"]
    assert "not a valid target" in illegal(pos, f'activate "{farm}" targeting "{DM}", "Kuriboh"')
    pos = board(st=[{"card": farm, "face_up": False}], field=[CELTIC], gy=[OX])
    assert "target" in illegal(pos, f'activate "{farm}" targeting "{OX}"')


def test_both_targets_or_none_when_one_left_the_graveyard_in_the_chain():
    call = "Call of the Haunted"
    def pos():
        return with_deck(board(st=[{"card": WHIRLWIND, "face_up": False}, {"card": call, "face_up": False}],
                               gy=[GULLDO, EGUL, CELTIC]), CODOR)
    whirl = f'activate "{WHIRLWIND}" targeting "{GULLDO}", "{EGUL}" summoning "{CODOR}"'
    r = legal(pos(), whirl, f'chain activate "{call}" targeting "{CELTIC}"')
    assert sorted(names(r, 0, "deck")) == sorted([GULLDO, EGUL])
    # Call of the Haunted takes Gusto Egul out of the GY first: Whirlwind shuffles neither target
    why = illegal(pos(), whirl, f'chain activate "{call}" targeting "{EGUL}"')
    assert "no longer a valid target" in why


# --- "Shuffle this card into the Extra Deck" ------------------------------------------------------
def test_a_neos_contact_fusion_shuffles_itself_into_the_extra_deck_in_the_end_phase():
    grand = "Elemental HERO Grand Neos"
    assert "eff_do(48996569,2,1,1,move(self,extra))" in facts_of(grand)
    r = legal(board(emz=(grand, None), phase="end"), f'activate "{grand}" effect 2')
    assert names(r, 0, "extra_deck") == [grand] and not names(r, 0, "monster_zones")
    assert not r.steps[-1].position["extra_monster_zones"][0]
    # an effect of the End Phase only
    assert "End Phase" in illegal(board(emz=(grand, None)), f'activate "{grand}" effect 2')


def test_a_card_placed_on_the_bottom_leaves_the_top_card_to_draw():
    # Second Expedition into Danger!: "... place this card on the bottom of the Deck, then draw 1
    # card": the Deck is not shuffled, so the draw takes the top card given; a later draw is refused.
    exp, nessie = "Second Expedition into Danger!", "Danger! Nessie!"
    pos = with_deck(board(hand=[nessie, "Pot of Greed"], gy=[exp]), CELTIC, OX, ELF)
    r = legal(pos, f'activate "{exp}" effect 2 paying "{nessie}"')
    assert sorted(names(r, 0, "deck")) == sorted([OX, ELF, exp])
    assert CELTIC in names(r, 0, "hand")
    assert "shuffled" in illegal(pos, f'activate "{exp}" effect 2 paying "{nessie}"', 'activate "Pot of Greed"')
