"""Locks after an effect's action ("..., also you cannot Special Summon monsters for the rest of
this turn, except "Cipher" monsters"): one lock of locks.lp, whatever sentence it rides on; and
"During the Main Phase (Quick Effect)", a Quick Effect of the Main Phase only."""
from __future__ import annotations

from yugioh_board import board
from yugioh_lines import facts_of, illegal, legal, names

RAPTOR, WING, MIRROR = "Cipher Twin Raptor", "Cipher Wing", "Cipher Mirror Knight"
REBORN, DM = "Monster Reborn", "Dark Magician"
SCHMIETTA = "Witchcrafter Schmietta"


def raptor_board():
    pos = board(field=[RAPTOR], hand=["Kozaky", REBORN], extra=["Number 39: Utopia"],
                gy=[{"card": DM, "properly_summoned": True}, {"card": MIRROR, "properly_summoned": True}])
    pos["players"][0]["deck"] = [WING]
    return pos


RAPTOR_ACT = f'activate "{RAPTOR}" paying "Kozaky" summoning "{WING}"'


def test_the_lock_after_a_summon_is_read_as_a_lock_of_every_special_summon():
    f = facts_of(RAPTOR)
    assert "eff_do(21999001,1,1,2,lock(any,rest,any))" in f
    assert any(x.startswith("eff_filter(21999001,1,1,2,1,pos,") and "archetype" in x for x in f)


def test_after_the_lock_only_cipher_monsters_are_special_summoned():
    pos = raptor_board()
    # without the effect, the revival of Dark Magician is legal
    legal(pos, f'activate "{REBORN}" targeting "{DM}"')
    r = legal(pos, RAPTOR_ACT)
    assert r.steps[-1].position["players"][0]["locks"] == [{"card": 21999001, "effect": 1}]
    legal(pos, RAPTOR_ACT, f'activate "{REBORN}" targeting "{MIRROR}"')       # a "Cipher" monster
    why = illegal(pos, RAPTOR_ACT, f'activate "{REBORN}" targeting "{DM}"')
    assert why.startswith('locked: the effect of Cipher Twin Raptor allows only "Cipher" monsters to be Special Summoned')
    why = illegal(pos, RAPTOR_ACT, f'xyz_summon "Number 39: Utopia" with "{RAPTOR}", "{WING}"')
    assert "locked" in why


def test_a_main_phase_quick_effect_after_the_attacks_starts_main_phase_2():
    assert "eff_phase(21744288,1,main)" in facts_of(SCHMIETTA) and "effect(21744288,1,quick)" in facts_of(SCHMIETTA)
    pos = board(field=[SCHMIETTA, "Kozaky"], hand=["Pot of Greed"], first_turn=False)
    pos["players"][0]["deck"] = ["Witchcrafter Genni"]
    act = f'activate "{SCHMIETTA}" paying "Pot of Greed" summoning "Witchcrafter Genni"'
    legal(pos, act)
    # "During the Main Phase": after an attack it is Main Phase 2's, so no monster attacks after it
    legal(pos, 'attack "Kozaky" directly', act)
    why = illegal(pos, 'attack "Kozaky" directly', act, 'attack "Witchcrafter Genni" directly')
    assert "Main Phase 2 has begun" in why


MIKPOLAR, BEWD = "Ursarctic Mikpolar", "Blue-Eyes White Dragon"


def test_a_tribute_from_the_hand_then_a_lock_to_monsters_with_a_level():
    # "Tribute 1 other Level 7 or higher monster from your hand; Special Summon this card from your
    # hand, also you cannot Special Summon for the rest of this turn, except monsters with a Level."
    pos = board(hand=[MIKPOLAR, BEWD, "Kozaky", "Monster Reborn"], field=["Red-Eyes Black Dragon"],
                extra=["Number 11: Big Eye"], gy=[{"card": DM, "properly_summoned": True}])
    act = f'activate "{MIKPOLAR}" paying "{BEWD}"'
    r = legal(pos, act)
    assert BEWD in names(r, 0, "graveyard") and MIKPOLAR in names(r, 0, "monster_zones")
    assert "cost" in illegal(pos, f'activate "{MIKPOLAR}" paying "Kozaky"')       # Level 1, not 7 or higher
    # a Blue-Eyes on the field is not in the hand
    pos2 = board(hand=[MIKPOLAR, "Kozaky"], field=[BEWD])
    assert "cost" in illegal(pos2, f'activate "{MIKPOLAR}" paying "{BEWD}"')
    # the lock: a monster with a Level may still be Special Summoned, an Xyz Monster may not
    legal(pos, act, 'activate "Monster Reborn" targeting "Dark Magician"')
    big_eye = f'xyz_summon "Number 11: Big Eye" with "{MIKPOLAR}", "Red-Eyes Black Dragon"'
    why = illegal(pos, act, big_eye)
    assert "allows only Level 1 or higher monsters to be Special Summoned" in why


def test_a_cost_from_your_hand_or_face_up_field():
    ret, harp = "Orcustrated Return", "Orcust Harp Horror"
    for where in ("hand", "up", "set"):
        pos = board(hand=[ret] + ([harp] if where == "hand" else []),
                    field=[] if where == "hand" else [{"card": harp, "position": "attack" if where == "up" else "set"}])
        pos["players"][0]["deck"] = ["Kozaky", "Kuriboh"]
        if where == "set":   # a face-down monster is not on your face-up field
            assert "cost" in illegal(pos, f'activate "{ret}" paying "{harp}"')
        else:
            r = legal(pos, f'activate "{ret}" paying "{harp}"')
            assert harp in names(r, 0, "graveyard") and sorted(names(r, 0, "hand")) == ["Kozaky", "Kuriboh"]


def test_a_main_phase_quick_effect_is_no_chain_link_of_the_damage_step():
    # in the chain after a battle (Interplanetarypurplythorny Dragon's trigger) it is still the
    # Battle Phase: Schmietta's "During the Main Phase (Quick Effect)" cannot be chained there
    pos = board(field=["Kozaky", SCHMIETTA], hand=["Interplanetarypurplythorny Dragon", "Pot of Greed"],
                opp_field=["Blue-Eyes White Dragon"], first_turn=False)
    pos["players"][0]["deck"] = ["Witchcrafter Genni"]
    head = ['attack "Kozaky" -> "Blue-Eyes White Dragon"', 'then activate "Interplanetarypurplythorny Dragon"']
    legal(pos, *head)
    why = illegal(pos, *head, f'chain activate "{SCHMIETTA}" paying "Pot of Greed" summoning "Witchcrafter Genni"')
    assert "activated only during the Main Phase" in why
