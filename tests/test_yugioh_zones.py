"""Zones under Master Rule 2020 (and 4): Extra Monster Zones, Link Arrows of both players, Extra Link."""
from __future__ import annotations

import oracle
from yugioh_board import board, can

WARWOLF, KOZAKY, JUNK, SANGAN = "Gene-Warped Warwolf", "Kozaky", "Junk Synchron", "Sangan"
PHOENIX, INSULATOR, SPIDER = "Knightmare Phoenix", "Space Insulator", "Link Spider"


def p1_link(card: str) -> dict:
    return {"card": card, "position": "attack", "controller": 1}


def test_link_monster_needs_the_extra_monster_zone_or_a_linked_zone():
    # Phoenix (arrows top, right) sits in an Extra Monster Zone and points to none of our zones.
    pos = board(field=[None, None, None, WARWOLF, KOZAKY], emz=[None, PHOENIX], extra=[SPIDER, INSULATOR])
    assert not can(pos, "link_summon", SPIDER)
    # Using Phoenix as material frees the Extra Monster Zone.
    assert can(pos, "link_summon", INSULATOR, [PHOENIX, WARWOLF])
    assert not can(pos, "link_summon", INSULATOR, [WARWOLF, KOZAKY])


def test_an_opponents_link_arrow_opens_one_of_our_main_monster_zones():
    # The opponent's Space Insulator in the left Extra Monster Zone: its top arrow, seen from
    # player 1, points down at our Main Monster Zone 1.
    pos = board(field=[None, None, None, WARWOLF, KOZAKY], emz=[p1_link(INSULATOR), PHOENIX], extra=[SPIDER])
    assert can(pos, "link_summon", SPIDER, [WARWOLF])
    placed = {(p.placements[0].location, p.placements[0].index)
              for p in oracle.plays(pos, zones=True) if p.action == "link_summon"}
    assert placed == {("monster_zone", 1)}


def test_arrows_pointing_sideways_from_the_extra_monster_zone_point_to_nothing():
    # Proxy Dragon (left, right) in the Extra Monster Zone opens no Main Monster Zone.
    pos = board(field=[WARWOLF, None, None, None, KOZAKY], emz=["Proxy Dragon", None], extra=[SPIDER])
    assert not can(pos, "link_summon", SPIDER, [WARWOLF])


def test_fusion_synchro_xyz_may_use_any_free_main_zone_or_the_extra_monster_zone():
    pos = board(field=[JUNK, WARWOLF], extra=["Black Rose Dragon"])
    zones = {(p.placements[0].location, p.placements[0].index)
             for p in oracle.plays(pos, zones=True) if p.action == "synchro_summon"}
    assert ("extra_monster_zone", 0) in zones and ("extra_monster_zone", 1) in zones
    assert ("monster_zone", 4) in zones and ("monster_zone", 0) in zones  # the materials' zones are free again
    # With its own Extra Monster Zone taken, a player still has the Main zones under Master Rule 2020.
    taken = board(field=[JUNK, WARWOLF], emz=[PHOENIX, None], extra=["Black Rose Dragon"])
    assert can(taken, "synchro_summon", "Black Rose Dragon", [JUNK, WARWOLF])


def test_master_rule_4_sends_every_extra_deck_monster_to_the_extra_monster_zone_or_a_linked_zone():
    taken = board(field=[JUNK, WARWOLF], emz=[PHOENIX, None], extra=["Black Rose Dragon"], rules="master-rule-4")
    assert not can(taken, "synchro_summon", "Black Rose Dragon")
    free = board(field=[JUNK, WARWOLF], extra=["Black Rose Dragon"], rules="master-rule-4")
    assert can(free, "synchro_summon", "Black Rose Dragon", [JUNK, WARWOLF])


def test_one_extra_monster_zone_per_player():
    # Our Link monster holds the left Extra Monster Zone; the right one is free but not ours.
    pos = board(field=[WARWOLF, None, None, None, KOZAKY], emz=[SPIDER, None], extra=[INSULATOR])
    placed = {(p.placements[0].location, p.placements[0].index) for p in oracle.plays(pos, zones=True)
              if p.action == "link_summon" and {m.name for m in p.materials} == {WARWOLF, KOZAKY}}
    assert ("extra_monster_zone", 1) not in placed


def test_extra_link_opens_the_second_extra_monster_zone():
    # Almiraj (left EMZ, bottom-right arrow) and Gorgon (Main zone 2, top-left and top-right
    # arrows) are co-linked; a Silhouhatte Rabbit (bottom-left arrow) in the right Extra Monster
    # Zone co-links with Gorgon and completes an Extra Link from one Extra Monster Zone to the other.
    gorgon = "Gorgon of Zilofthonia"
    pos = board(field=[JUNK, None, gorgon, None, SANGAN], emz=["Salamangreat Almiraj", None],
                extra=["Silhouhatte Rabbit"])
    rabbit = [p for p in oracle.plays(pos, zones=True)
              if p.action == "link_summon" and {m.name for m in p.materials} == {JUNK, SANGAN}]
    assert [(p.placements[0].location, p.placements[0].index) for p in rabbit] == [("extra_monster_zone", 1)]
    # With a non-Link monster in Main zone 2 there is no chain, and so no zone.
    broken = board(field=[JUNK, None, WARWOLF, None, SANGAN], emz=["Salamangreat Almiraj", None],
                   extra=["Silhouhatte Rabbit"])
    assert not can(broken, "link_summon", "Silhouhatte Rabbit", [JUNK, SANGAN])


def test_xyz_summon_when_every_zone_but_the_materials_is_full():
    pos = board(field=[WARWOLF] * 5, emz=[PHOENIX, p1_link(INSULATOR)], extra=["Number 39: Utopia"])
    assert can(pos, "xyz_summon", "Number 39: Utopia", [WARWOLF, WARWOLF])
