"""The timing family of effects (fx_timing.py, effects_timing.lark, asp/yugioh/timing.lp): activation
conditions -- "During either player's turn" (a Quick Effect), effects of the opponent's turn only,
events of this card on the field or face-up, events the opponent causes, "Normal Summoned or
flipped face-up", and the empty cost "You can activate this effect;".  Real cards, legal and illegal,
through checked lines."""
from __future__ import annotations

from yugioh_board import board
from yugioh_lines import facts_of, illegal, legal

import oracle
from oracle.yugioh.cards import Library


def names(result, player: int, where: str) -> list[str]:
    lib = Library.load()
    doc = result.steps[-1].position["players"][player]
    if where == "monster_zones":
        return [lib.resolve(z["card"]).name for z in doc[where] if z]
    return [lib.resolve(c if not isinstance(c, dict) else c["card"]).name for c in doc.get(where, [])]


def with_deck(pos: dict, *cards: str) -> dict:
    pos["players"][0]["deck"] = list(cards)
    return pos


# --- reading ------------------------------------------------------------------------------------
def test_the_conditions_read_as_effect_types_and_events():
    assert "effect(14812659,1,quick)" in facts_of("Risebell the Star Psycher")     # during either player's turn
    assert "effect(56907986,1,quick)" in facts_of("Kozmo Strawman")
    assert "eff_event(7563579,1,field_destroyed,if)" in facts_of("Performage Plushfire")
    assert {"eff_event(10028593,1,faceup_leaves,if)", "eff_from(10028593,1,graveyard)"} <= facts_of("Reborn Tengu")
    assert {"eff_event(81616639,1,owned_destroyed_battle,if)", "eff_event(81616639,1,opponent,if)"} <= facts_of("Zombina")


# --- "During either player's turn": a Quick Effect ----------------------------------------------------
def test_an_either_turn_effect_answers_a_link_of_the_turn_players_chain():
    pos = board(field=["Risebell the Star Psycher", "Risebell the Star Psycher", "Kozmo Soartroopers"],
                hand=["Kozmo Goodwitch"], gy=["Kozmo Farmgirl"])
    risebell = 'activate "Risebell the Star Psycher" targeting "Kozmo Soartroopers"'
    # at open game state, like an ignition effect
    legal(pos, risebell)
    # and as a chain link answering the turn player's own Quick Effect (Spell Speed 2 on 2); a second
    # copy, since "Once per turn" is per copy
    legal(pos, risebell, f"chain {risebell}")
    # Kozmo Soartroopers: its "During either player's turn" effect chains, its plain "Once per turn"
    # one (an ignition effect, Spell Speed 1) does not
    legal(pos, risebell, 'chain activate "Kozmo Soartroopers" effect 1 '
                         'summoning "Kozmo Goodwitch"')
    assert "Spell Speed" in illegal(pos, risebell, 'chain activate "Kozmo Soartroopers" effect 2 targeting "Kozmo Farmgirl"')
    legal(pos, 'activate "Kozmo Soartroopers" effect 2 targeting "Kozmo Farmgirl"')


# --- effects of the opponent's turn --------------------------------------------------------------------
def test_an_effect_once_per_opponents_turn_is_never_the_turn_players():
    # "Once per opponent's turn (Quick Effect): You can ...": only in the opponent's turn
    assert "effect(5206415,1,opponent)" in facts_of("Thunder Dragonlord")
    # "Once per Chain, during your opponent's Main Phase, you can: ... Synchro Summon ..."
    assert "effect(50091196,2,opponent)" in facts_of("Formula Synchron")
    pos = board(field=["Thunder Dragonlord"], gy=["Thunder Dragon", "Thunder Dragondark"])
    assert "only on the opponent's turn" in illegal(pos, 'activate "Thunder Dragonlord" effect 1')
    assert not [p for p in oracle.plays(pos) if p.action == "activate" and p.effect == 1]


# --- events of this card on the field ------------------------------------------------------------------
def test_a_face_up_card_that_leaves_the_field_sets_off_its_trigger():
    # Reborn Tengu: "If this face-up card leaves the field: Special Summon 1 "Reborn Tengu" from your Deck."
    face_up = with_deck(board(hand=["Summoned Skull"], field=["Reborn Tengu"]), "Reborn Tengu")
    r = legal(face_up, 'tribute_summon "Summoned Skull" with "Reborn Tengu"',
              'then activate "Reborn Tengu" summoning "Reborn Tengu"')
    assert sorted(names(r, 0, "monster_zones")) == ["Reborn Tengu", "Summoned Skull"]
    # the trigger is mandatory
    assert "mandatory" in illegal(face_up, 'tribute_summon "Summoned Skull" with "Reborn Tengu"')
    # a face-down Reborn Tengu Tributed was not face-up: no event
    face_down = with_deck(board(hand=["Summoned Skull"], field=[{"card": "Reborn Tengu", "position": "set"}]),
                          "Reborn Tengu")
    legal(face_down, 'tribute_summon "Summoned Skull" with "Reborn Tengu"')
    assert "did not happen" in illegal(face_down, 'tribute_summon "Summoned Skull" with "Reborn Tengu"',
                                       'then activate "Reborn Tengu" summoning "Reborn Tengu"')


def test_a_card_destroyed_on_the_field_answers_from_the_gy():
    # Performage Plushfire: "If this card on the field is destroyed by battle or card effect: You can
    # Special Summon 1 "Performage" monster from your hand or Deck, except "Performage Plushfire"."
    pos = with_deck(board(field=["Performage Plushfire"], opp_field=["Summoned Skull"], first_turn=False),
                    "Performage Trick Clown")
    r = legal(pos, 'attack "Performage Plushfire" -> "Summoned Skull"',
              'then activate "Performage Plushfire" summoning "Performage Trick Clown"')
    assert "Performage Trick Clown" in names(r, 0, "monster_zones")
    # Tributed, it is not destroyed: no event
    tributed = with_deck(board(hand=["Summoned Skull"], field=["Performage Plushfire"]), "Performage Trick Clown")
    assert "did not happen" in illegal(tributed, 'tribute_summon "Summoned Skull" with "Performage Plushfire"',
                                       'then activate "Performage Plushfire" summoning "Performage Trick Clown"')


# --- events the opponent causes ---------------------------------------------------------------------------
def test_destroyed_by_an_opponents_card_is_a_battle_in_the_turn_players_line():
    # Zombina: "If this card in its owner's possession is destroyed by an opponent's card (by battle or
    # card effect): You can target 1 Level 4 or lower monster in your GY, except "Zombina"; Special Summon it."
    pos = board(field=["Zombina"], gy=["Celtic Guardian"], opp_field=["Summoned Skull"], first_turn=False)
    r = legal(pos, 'attack "Zombina" -> "Summoned Skull"', 'then activate "Zombina" targeting "Celtic Guardian"')
    assert names(r, 0, "monster_zones") == ["Celtic Guardian"]
    # destroyed by the turn player's own card (a Tribute is no destruction either): not by the opponent
    own = board(hand=["Summoned Skull"], field=["Zombina"], gy=["Celtic Guardian"])
    assert "did not happen" in illegal(own, 'tribute_summon "Summoned Skull" with "Zombina"',
                                       'then activate "Zombina" targeting "Celtic Guardian"')


def test_the_plays_of_a_position_list_an_either_turn_effect():
    pos = board(field=["Risebell the Star Psycher", "Celtic Guardian"])
    assert any(p.action == "activate" and p.card.name == "Risebell the Star Psycher" for p in oracle.plays(pos))
