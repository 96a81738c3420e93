"""A card turned face-down is a new card, and the Battle Step between attacks (activate.lp,
equip.lp, stats.lp, battle.lp, step.lp).  Real cards, legal and illegal.

Rules: a monster an effect turns face-down loses what effects gave it (its ATK changes), the Equip
Cards equipped to it are sent to the GY (an Equip Card is only ever equipped to a face-up monster),
and once face-up again its "Once per turn" effect can be used again.  After the first attack, only
effects of Spell Speed 2 or more (Quick-Play Spells, Traps, Quick Effects) are activated between
attacks; summons and other effects are not."""
from __future__ import annotations

from yugioh_board import board
from yugioh_lines import illegal, legal, names

from test_fx_puzzles import solved_cleanly

from oracle.yugioh.cards import Library


def equip_cards(result) -> list[str]:
    lib = Library.load()
    return [lib.resolve(z["card"]).name for z in result.steps[-1].position["players"][0]["spell_trap_zones"] if z]


def lp(result, player: int) -> int:
    return result.steps[-1].position["players"][player]["life_points"]


# --- once per turn starts over -----------------------------------------------------------------
def test_once_per_turn_starts_over_for_a_monster_turned_face_down_and_flipped_up_again():
    pos = board(field=["Thousand-Eyes Restrict"], hand=["Book of Moon"],
                opp_field=["Axe Raider", "Kozaky"], first_turn=False)
    absorb = 'activate "Thousand-Eyes Restrict" targeting "{}"'
    r = legal(pos, absorb.format("Axe Raider"), 'activate "Book of Moon" targeting "Thousand-Eyes Restrict"',
              'flip_summon "Thousand-Eyes Restrict"', absorb.format("Kozaky"))
    assert names(r, 1, "graveyard") == ["Axe Raider"]       # the first Equip Card left with the flip
    assert equip_cards(r) == ["Kozaky"]                      # the second one is equipped now


def test_once_per_turn_still_holds_for_a_monster_that_stayed_face_up():
    pos = board(field=["Thousand-Eyes Restrict"], opp_field=["Axe Raider", "Kozaky"], first_turn=False)
    reasons = illegal(pos, 'activate "Thousand-Eyes Restrict" targeting "Axe Raider"',
                      'activate "Thousand-Eyes Restrict" targeting "Kozaky"')
    assert "once per turn" in reasons


def test_a_monster_that_turns_itself_face_down_can_use_its_effect_again_once_flipped_up():
    # Stealth Bird: "Once per turn: You can change this card to face-down Defense Position." and its
    # FLIP damage; the link resolves at the step it is activated, and the card face-up again is new.
    pos = board(field=["Stealth Bird"], first_turn=False)
    r = legal(pos, 'activate "Stealth Bird"', 'flip_summon "Stealth Bird"', 'then activate "Stealth Bird"',
              'activate "Stealth Bird"')
    assert lp(r, 1) == 8000 - 1000
    # face-down, it activates nothing until it is flipped up
    assert "cannot be activated from where" in illegal(pos, 'activate "Stealth Bird"', 'activate "Stealth Bird"')


# --- what applied to it face-up ------------------------------------------------------------------
def test_an_equip_spell_leaves_when_its_monster_is_turned_face_down():
    pos = board(field=["Celtic Guardian", "Kozaky"], hand=["Legendary Sword", "Book of Moon"], first_turn=False)
    equip = 'activate "Legendary Sword" targeting "Celtic Guardian"'
    down = legal(pos, equip, 'activate "Book of Moon" targeting "Celtic Guardian"')
    assert sorted(names(down, 0, "graveyard")) == ["Book of Moon", "Legendary Sword"]
    other = legal(pos, equip, 'activate "Book of Moon" targeting "Kozaky"')
    assert names(other, 0, "graveyard") == ["Book of Moon"]          # the sword stays on Celtic Guardian


def test_an_atk_gain_ends_when_the_monster_is_turned_face_down():
    pos = board(field=["Celtic Guardian"], hand=["Rush Recklessly", "Book of Moon"], first_turn=False)
    boost = 'activate "Rush Recklessly" targeting "Celtic Guardian"'
    kept = legal(pos, boost, 'attack "Celtic Guardian" directly')
    assert lp(kept, 1) == 8000 - 2100
    renewed = legal(pos, boost, 'activate "Book of Moon" targeting "Celtic Guardian"',
                    'flip_summon "Celtic Guardian"', 'attack "Celtic Guardian" directly')
    assert lp(renewed, 1) == 8000 - 1400


# --- the Battle Step ------------------------------------------------------------------------------
def test_a_quick_play_spell_is_activated_between_attacks():
    pos = board(field=["Celtic Guardian", "Kozaky"], hand=["Rush Recklessly"], first_turn=False)
    r = legal(pos, 'attack "Kozaky" directly', 'activate "Rush Recklessly" targeting "Celtic Guardian"',
              'attack "Celtic Guardian" directly')
    assert lp(r, 1) == 8000 - 400 - 2100


def test_a_normal_spell_or_a_summon_after_the_attacks_starts_main_phase_2():
    # A summon, a Normal Spell or an ignition effect after an attack ends the Battle Phase: Main
    # Phase 2 begins, and no monster attacks after it.
    pos = board(field=["Kozaky", "Celtic Guardian"], hand=["Dark Hole", "Petit Moth"], opp_field=[None],
                first_turn=False)
    r = legal(pos, 'attack "Kozaky" directly', 'activate "Dark Hole"')
    assert lp(r, 1) == 8000 - 400
    legal(pos, 'attack "Kozaky" directly', 'normal_summon "Petit Moth"')
    why = illegal(pos, 'attack "Kozaky" directly', 'normal_summon "Petit Moth"', 'attack "Celtic Guardian" directly')
    assert "Main Phase 2 has begun" in why
    # a Quick-Play Spell between attacks is the Battle Step's: the Battle Phase goes on
    quick = board(field=["Kozaky", "Celtic Guardian"], hand=["Rush Recklessly"], first_turn=False)
    legal(quick, 'attack "Kozaky" directly', 'activate "Rush Recklessly" targeting "Celtic Guardian"',
          'attack "Celtic Guardian" directly')


def test_main_phase_2_keeps_what_the_battle_phase_did():
    # Chaos Sorcerer: "This card cannot attack the turn you use this effect": not after it attacked.
    sorcerer = "Chaos Sorcerer"
    pos = board(field=[sorcerer], opp_field=[None, "Kozaky"], first_turn=False)
    legal(pos, f'activate "{sorcerer}" targeting "Kozaky"')
    assert "already attacked this turn" in illegal(pos, f'attack "{sorcerer}" -> "Kozaky"',
                                                  f'activate "{sorcerer}" targeting "Kozaky"')
    # Clara & Rushka: "Cannot be Link Summoned, except during Main Phase 2": after the attacks
    clara = "Clara & Rushka, the Ventriloduo"
    mp = board(field=[{"card": "Kozaky", "normal_summoned": True}, "Celtic Guardian"], extra=[clara], first_turn=False)
    assert "Main Phase 2" in illegal(mp, f'link_summon "{clara}" with "Kozaky"')
    legal(mp, 'attack "Celtic Guardian" directly', f'link_summon "{clara}" with "Kozaky"')


def test_a_position_in_the_battle_phase_attacks_or_moves_on_to_main_phase_2():
    pos = board(field=["Celtic Guardian"], hand=["Rush Recklessly", "Dark Hole"], first_turn=False, phase="battle")
    r = legal(pos, 'activate "Rush Recklessly" targeting "Celtic Guardian"', 'attack "Celtic Guardian" directly')
    assert lp(r, 1) == 8000 - 2100
    legal(pos, 'activate "Dark Hole"')                       # Main Phase 2
    assert "Main Phase 2 has begun" in illegal(pos, 'activate "Dark Hole"', 'attack "Celtic Guardian" directly')
    end = board(field=["Celtic Guardian"], hand=["Dark Hole"], first_turn=False, phase="end")
    assert "outside a Main Phase only a Quick Effect" in illegal(end, 'activate "Dark Hole"')


# --- the EDOPro puzzle these rules open ---------------------------------------------------------------
def test_thousand_eyes_restrict_twice_solves_the_nightmare_troubadour_puzzle():
    # Absorb a Blue-Eyes, Tsukuyomi turns Thousand-Eyes Restrict face-down (the Equip Card leaves),
    # Flip Summon it and absorb a second one, attack the third, Book of Moon in the Battle Step so
    # that the lock "other monsters cannot attack" is gone, and Tsukuyomi attacks directly: 7 actions.
    _, out = solved_cleanly("Nightmare Troubadour", "[Nightmare Troubadour] Puzzle I05.lua", 7)
    line = out.lines[0]
    assert len(line) == 7
    assert [s.action for s in line].count("attack") == 2 and line[-1].card == "Tsukuyomi"
    assert any(s.card == "Book of Moon" for s in line[line.index(next(s for s in line if s.action == "attack")):])


def test_the_state_after_the_line_says_main_phase_2():
    pos = board(field=["Kozaky"], hand=["Petit Moth"], first_turn=False)
    r = legal(pos, 'attack "Kozaky" directly')
    assert r.steps[-1].position["turn"]["phase"] == "battle"
    r = legal(pos, 'attack "Kozaky" directly', 'normal_summon "Petit Moth"')
    assert r.steps[-1].position["turn"]["phase"] == "main2"


def test_main_phase_2_of_a_position_in_the_battle_phase_goes_on():
    # the first summon moves on to Main Phase 2; the next summon and a Main Phase effect are its too
    pos = board(hand=["Tenyi Spirit - Vishuda", "Petit Moth"], first_turn=False, phase="battle")
    legal(pos, 'normal_summon "Petit Moth"', 'activate "Tenyi Spirit - Vishuda" effect 1')


def test_you_cannot_conduct_your_battle_phase_after_you_did():
    # Reinforce Truth (a Trap): "You cannot conduct your Battle Phase the turn you activate this card."
    pos = board(field=["Kozaky"], st=[{"card": "Reinforce Truth", "face_up": False}], first_turn=False)
    pos["players"][0]["deck"] = ["Doron"]
    legal(pos, 'activate "Reinforce Truth" summoning "Doron"')
    why = illegal(pos, 'attack "Kozaky" directly', 'activate "Reinforce Truth" summoning "Doron"')
    assert "you cannot conduct your Battle Phase the turn you activate it, and you already did" in why
