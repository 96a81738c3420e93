"""The family "tokens" of card effects (issue 8): "Special Summon N "X Token" (Type/ATTRIBUTE/Level
L/ATK a/DEF d)", read against the Token cards of the library and played with the spare instances
of the position (asp/yugioh/tokens.lp).  Every card is real; each rule has a legal and an illegal
case."""
from __future__ import annotations

import pytest
from yugioh_board import board
from yugioh_lines import facts_of, illegal, legal

from oracle.yugioh.cards import Library
from oracle.yugioh.plays import plays

WISH = "Wish Dragon"          # You can Tribute this card; Special Summon 2 "Dragon Tokens" (...), also a lock
SCAPEGHOST = "Scapeghost"     # FLIP: You can Special Summon any number of "Black Sheep Tokens" (...)
CHEWBONE = "Chewbone"         # FLIP: Special Summon 3 "Chewbone Jr. Tokens" (...) to your opponent's field in Defense Position


def code(name: str) -> int:
    return Library.load().by_name(name).code


def field_names(result, player=0) -> list[str]:
    pos = result.steps[-1].position
    lib = Library.load()
    zones = pos["players"][player]["monster_zones"] + [e for e in pos["extra_monster_zones"]
                                                        if e and e.get("controller", 0) == player]
    return sorted(lib.get(e["card"]).name for e in zones if e)


# --- reading ---------------------------------------------------------------------------------------
def test_the_token_is_the_library_card_with_the_printed_stats():
    f = facts_of(WISH)
    assert f"eff_do({code(WISH)},1,1,1,token({code('Dragon Token')},2,2))" in f
    assert f"eff_do({code(WISH)},1,1,2,lock(extra,rest,any))" in f     # the core's lock after ", also"
    f = facts_of(CHEWBONE)
    c = code(CHEWBONE)
    assert {f"eff_do({c},1,1,1,token({code('Chewbone Jr. Token')},3,3))", f"eff_position({c},1,1,1,defense)",
            f"eff_rider({c},1,1,1,to_opponent)"} <= f
    assert f"eff_do({code(SCAPEGHOST)},1,1,1,token({code('Black Sheep Token')},1,99))" in facts_of(SCAPEGHOST)


def test_a_token_of_other_stats_is_not_understood():
    # (the transformer's ValueError comes wrapped in lark's VisitError; read_card catches both)
    from lark.exceptions import VisitError

    from oracle.yugioh.effect_text import _parse_unit

    lib = Library.load()
    _parse_unit('Special Summon 1 "Dragon Token" (Dragon/EARTH/Level 1/ATK 0/DEF 0).', lib)
    with pytest.raises(VisitError, match="no Token"):
        _parse_unit('Special Summon 1 "Dragon Token" (Dragon/EARTH/Level 2/ATK 0/DEF 0).', lib)
    with pytest.raises(VisitError, match="no Token"):
        _parse_unit('Special Summon 1 "Kozaky" (Fiend/DARK/Level 1/ATK 400/DEF 400).', lib)


# --- playing -----------------------------------------------------------------------------------------
def test_wish_dragon_summons_two_dragon_tokens():
    r = legal(board(field=[WISH]), f'activate "{WISH}"')
    assert field_names(r) == ["Dragon Token", "Dragon Token"]
    # one play, not one per choice of spare instances
    assert sum(p.action == "activate" for p in plays(board(field=[WISH]))) == 1


def test_two_tokens_need_two_free_zones():
    # Wish Dragon's Tribute frees one zone: 3 other monsters leave 2, 4 leave only 1
    legal(board(field=[WISH, "Kozaky", "Kozaky", "Kozaky"]), f'activate "{WISH}"')
    why = illegal(board(field=[WISH, "Kozaky", "Kozaky", "Kozaky", "Kozaky"]), f'activate "{WISH}"')
    assert "Monster Zone" in why


def test_a_token_is_never_xyz_material_but_may_be_link_material():
    pos = board(field=[{"card": SCAPEGHOST, "position": "set"}], extra=["Number 63: Shamoji Soldier", "Link Spider"])
    flip = [f'flip_summon "{SCAPEGHOST}"', f'then activate "{SCAPEGHOST}"']
    r = legal(pos, *flip, 'link_summon "Link Spider" with "Black Sheep Token"')
    assert "Link Spider" in field_names(r)
    assert "Tokens cannot be Xyz Materials" in illegal(
        pos, *flip, 'xyz_summon "Number 63: Shamoji Soldier" with "Black Sheep Token", "Black Sheep Token"')


def test_a_token_vanishes_when_it_leaves_the_field():
    pos = board(field=[{"card": SCAPEGHOST, "position": "set"}], extra=["Link Spider"])
    r = legal(pos, f'flip_summon "{SCAPEGHOST}"', f'then activate "{SCAPEGHOST}"',
              'link_summon "Link Spider" with "Black Sheep Token"')
    side = r.steps[-1].position["players"][0]
    assert code("Black Sheep Token") not in [e if isinstance(e, int) else e["card"] for e in side["graveyard"]]


def test_tokens_to_the_opponents_field_and_a_mandatory_effect_without_room():
    pos = board(field=[{"card": CHEWBONE, "position": "set"}], opp_field=["Kozaky", "Kozaky"])
    r = legal(pos, f'flip_summon "{CHEWBONE}"', f'then activate "{CHEWBONE}"')
    assert field_names(r, 1).count("Chewbone Jr. Token") == 3
    assert all(e["position"] == "defense" for e in r.steps[-1].position["players"][1]["monster_zones"]
               if e and e["card"] == code("Chewbone Jr. Token"))
    # With 2 free zones the mandatory FLIP effect is activated all the same and summons none.
    pos = board(field=[{"card": CHEWBONE, "position": "set"}], opp_field=["Kozaky", "Kozaky", "Kozaky"])
    r = legal(pos, f'flip_summon "{CHEWBONE}"', f'then activate "{CHEWBONE}"')
    assert "Chewbone Jr. Token" not in field_names(r, 1)
    # It is mandatory: the Flip Summon without it is refused.
    assert "is mandatory" in illegal(board(field=[{"card": CHEWBONE, "position": "set"}], opp_field=["Kozaky"]),
                                          f'flip_summon "{CHEWBONE}"')


def test_the_lock_after_the_tokens_holds():
    # "also you cannot Special Summon monsters from the Extra Deck for the rest of this turn, except
    # Level 5 or higher Dragon monsters": Link Spider (a Link Monster has no Level) is refused.
    pos = board(field=[WISH], extra=["Link Spider"])
    assert "allows only Level 5 or higher Dragon monsters" in illegal(
        pos, f'activate "{WISH}"', 'link_summon "Link Spider" with "Dragon Token"')


def test_a_lock_holds_while_the_token_is_on_the_field():
    # Transcicada: "While the Token Special Summoned by this effect is on the field, you cannot
    # Special Summon monsters from the Extra Deck, except Insect monsters."
    t = "Transcicada"
    pos = board(hand=["Monster Reborn", "Summoned Skull"], gy=[t], field=["Kozaky"], extra=["Link Spider"])
    revive = ['activate "Monster Reborn" targeting "Transcicada"', f'then activate "{t}"']
    assert "locked" in illegal(pos, *revive, 'link_summon "Link Spider" with "Kozaky"')
    # Tributed, the Moult Token leaves the field, and the lock with it.
    r = legal(pos, *revive, 'tribute_summon "Summoned Skull" with "Moult Token"', 'link_summon "Link Spider" with "Kozaky"')
    assert "Link Spider" in field_names(r)
    assert not r.steps[-1].position["players"][0].get("locks")


def test_these_tokens_cannot_be_tributed_for_a_tribute_summon():
    bt = "Blue Thunder T-45"
    assert f"eff_do({code(bt)},1,1,2,no_tribute_summon)" in facts_of(bt)
    r = legal(board(field=[bt], opp_field=["Kozaky"]), f'attack "{bt}" -> "Kozaky"', f'then activate "{bt}"')
    tokens = [e for e in r.steps[-1].position["players"][0]["monster_zones"] if e and e["card"] == code("Thunder Option Token")]
    assert tokens and all(e["cannot_be_tributed"] for e in tokens)
    # the position key the state writes is the rule: refused as a Tribute, allowed without it
    tok = {"card": "Thunder Option Token", "position": "attack", "cannot_be_tributed": True}
    assert "cannot be Tributed" in illegal(board(hand=["Summoned Skull"], field=[tok]),
                                           'tribute_summon "Summoned Skull" with "Thunder Option Token"')
    legal(board(hand=["Summoned Skull"], field=["Thunder Option Token"]),
          'tribute_summon "Summoned Skull" with "Thunder Option Token"')


def test_two_monsters_of_one_effect_never_share_a_zone():
    # Impcantation Candoll summons itself and a monster from the Deck (the summon family): with one
    # free Main Monster Zone it cannot, since the two would need the same zone.
    candoll, book, spell = "Impcantation Candoll", "Impcantation Bookstone", "Black Luster Ritual"
    pos = board(hand=[candoll, spell], field=["Kozaky"] * 4)
    pos["players"][0]["deck"] = [book, candoll]
    assert "same Monster Zone" in illegal(pos, f'activate "{candoll}" paying "{spell}" summoning "{book}"')
    pos = board(hand=[candoll, spell], field=["Kozaky"] * 3)
    pos["players"][0]["deck"] = [book, candoll]
    r = legal(pos, f'activate "{candoll}" paying "{spell}" summoning "{book}"')
    assert {candoll, book} <= set(field_names(r))
