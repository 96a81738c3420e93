"""Trap Monsters (issue 9): a Trap card that Special Summoned itself is a monster while it is in a
Monster Zone, with the stats its text gives (the library keeps them from cards.cdb), a Normal or
Effect Monster and a Tuner as its text says; in the hand or the GY it is a Trap card
(asp/yugioh/treated.lp, docs/positions.md)."""
from __future__ import annotations

import pytest

import oracle
from oracle.errors import OracleError
from oracle.yugioh.cards import Library
from oracle.yugioh.position import parse_position
from yugioh_board import board, can, summons

LEANCHOILIA, ELDONIA, CANADIA = "Paleozoic Leanchoilia", "Paleozoic Eldonia", "Paleozoic Canadia"
ANOMALOCARIS = "Paleozoic Anomalocaris"   # Xyz: 3 or more Level 2 monsters


def test_the_library_keeps_a_trap_monsters_stats():
    core = Library.load().by_name("Shaddoll Core")   # "as an Effect Monster (Spellcaster/DARK/Level 9/ATK 1450/DEF 1950)"
    assert core.is_trap and not core.is_monster and core.is_trap_monster
    assert (core.level, core.attribute, core.race, core.atk, core.defense) == (9, "dark", "spellcaster", 1450, 1950)
    assert core.trap_monster_kinds == ("effect",)
    assert Library.load().by_name("Shapesister").trap_monster_kinds == ("normal", "tuner")
    assert not Library.load().by_name("Mirror Force").is_trap_monster


def test_a_normal_trap_monster_is_link_spiders_normal_monster():
    pos = board(field=[{"card": LEANCHOILIA, "position": "defense"}], extra=["Link Spider"])
    assert can(pos, "link_summon", "Link Spider", [LEANCHOILIA])


def test_an_effect_trap_monster_is_no_normal_monster():
    pos = board(field=[{"card": "Shaddoll Core", "position": "defense"}], extra=["Link Spider"])
    assert not can(pos, "link_summon", "Link Spider")


def test_trap_monsters_are_level_2_xyz_materials():
    three = board(field=[LEANCHOILIA, ELDONIA, CANADIA], extra=[ANOMALOCARIS])
    assert can(three, "xyz_summon", ANOMALOCARIS, [LEANCHOILIA, ELDONIA, CANADIA])
    assert not can(board(field=[LEANCHOILIA, ELDONIA], extra=[ANOMALOCARIS]), "xyz_summon", ANOMALOCARIS)


def test_a_trap_monster_tuner_is_synchro_material():
    # Shapesister: "as a Normal Monster (Fiend/Tuner/EARTH/Level 2/ATK 0/DEF 0)"; Armory Arm is Level 4.
    pos = board(field=["Shapesister", ELDONIA], extra=["Armory Arm"])
    assert can(pos, "synchro_summon", "Armory Arm", ["Shapesister", ELDONIA])
    assert not can(board(field=[LEANCHOILIA, ELDONIA], extra=["Armory Arm"]), "synchro_summon", "Armory Arm")


def test_a_trap_monster_can_be_tributed():
    pos = board(hand=["Summoned Skull"], field=[{"card": "Embodiment of Apophis", "position": "attack"}])
    assert can(pos, "tribute_summon", "Summoned Skull", ["Embodiment of Apophis"])


def test_a_trap_monster_card_in_the_hand_is_a_trap():
    found = summons(board(hand=[LEANCHOILIA]))
    assert not {s for s in found if s[1] == LEANCHOILIA and s[0] != "activate"}


def test_a_trap_monster_in_the_graveyard_is_no_monster_to_revive():
    pos = board(hand=["Monster Reborn"], gy=["Embodiment of Apophis", "Kuriboh"])
    targets = {t.name for p in oracle.plays(pos) if p.action == "activate" for t in p.targets}
    assert targets == {"Kuriboh"}


@pytest.mark.parametrize(("entry", "field", "words"), [
    ({"card": LEANCHOILIA, "position": "set"}, "players[0].monster_zones[0].position", "a Trap Monster"),
    ({"card": "Mirror Force"}, "players[0].monster_zones[0].card", "not a monster card (nor a Trap Monster)"),
])
def test_what_the_reader_refuses(entry, field, words):
    with pytest.raises(OracleError) as caught:
        parse_position(board(field=[entry]), source="pos.json")
    assert caught.value.field == field and words in caught.value.problem


def test_cards_show_names_what_a_trap_monster_is_in_a_monster_zone():
    from click.testing import CliRunner

    from oracle.cli import main
    out = CliRunner().invoke(main, ["cards", "show", "Shapesister"]).output
    assert "in a Monster Zone, a Trap Monster (Normal Tuner): Level 2, EARTH, fiend, ATK 0 / DEF 0" in out
    assert "Trap Monster" not in CliRunner().invoke(main, ["cards", "show", "Mirror Force"]).output


PHANTOM = "Phantom of Yubel"   # contact: 1 "Yubel" monster + 1 Fiend monster with 0 ATK/DEF, from hand, field, GY


def test_a_trap_monster_on_the_field_is_contact_fusion_material():
    # Shapesister in a Monster Zone is a Fiend with 0 ATK/DEF; the same card in the hand or GY is a Trap.
    pos = board(field=["Yubel", {"card": "Shapesister", "position": "defense"}], extra=[PHANTOM])
    assert can(pos, "special_summon", PHANTOM, ["Yubel", "Shapesister"])
    assert not can(board(field=["Yubel"], hand=["Shapesister"], extra=[PHANTOM]), "special_summon", PHANTOM)
    assert not can(board(field=["Yubel"], gy=["Shapesister"], extra=[PHANTOM]), "special_summon", PHANTOM)
    # a Spellcaster Trap Monster is no Fiend; a real Fiend with 0 ATK/DEF in the GY is a material
    core = board(field=["Yubel", {"card": "Shaddoll Core", "position": "defense"}], extra=[PHANTOM])
    assert not can(core, "special_summon", PHANTOM)
    assert can(board(field=["Yubel"], gy=["Yubel"], extra=[PHANTOM]), "special_summon", PHANTOM)
