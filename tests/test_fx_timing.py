"""The timing family of effects (fx_timing.py, effects_timing.lark, asp/yugioh/timing.lp): activation
conditions -- "During either player's turn" (a Quick Effect), effects of the opponent's turn only,
events of this card on the field or face-up, events the opponent causes, "Normal Summoned or
flipped face-up", and the empty cost "You can activate this effect;".  Real cards, legal and illegal,
through checked lines."""
from __future__ import annotations

from yugioh_board import board
from yugioh_lines import facts_of, illegal, legal, names, with_deck

import oracle



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


# --- "If this card is Special Summoned by the effect of a "X" monster" ------------------------------------
def test_summoned_by_the_effect_of_an_archetype_monster():
    # Evolsaur Elias: "When this card is Special Summoned by the effect of an "Evoltile" monster: You can
    # Special Summon 1 Level 6 or lower FIRE Dinosaur-Type monster from your hand."
    pos = board(hand=["Evoltile Odonto", "Evolsaur Elias", "Evolsaur Cerato"], gy=["Evolsaur Elias"])
    r = legal(pos, 'normal_summon "Evoltile Odonto"', 'then activate "Evoltile Odonto" summoning "Evolsaur Elias"',
              'then activate "Evolsaur Elias" summoning "Evolsaur Cerato"')
    assert sorted(names(r, 0, "monster_zones")) == ["Evolsaur Cerato", "Evolsaur Elias", "Evoltile Odonto"]
    # brought back by a Spell ("Monster Reborn"), not by an "Evoltile" monster: no event
    reborn = board(hand=["Monster Reborn", "Evolsaur Cerato"], gy=["Evolsaur Elias"])
    legal(reborn, 'activate "Monster Reborn" targeting "Evolsaur Elias"')
    assert "did not happen" in illegal(reborn, 'activate "Monster Reborn" targeting "Evolsaur Elias"',
                                       'then activate "Evolsaur Elias" summoning "Evolsaur Cerato"')


def test_tributed_on_the_field():
    # Evoltile Najasho: "If this card on the field is Tributed: You can Special Summon 1 "Evolsaur" monster
    # from your Deck."
    pos = with_deck(board(hand=["Summoned Skull"], field=["Evoltile Najasho"]), "Evolsaur Cerato")
    r = legal(pos, 'tribute_summon "Summoned Skull" with "Evoltile Najasho"',
              'then activate "Evoltile Najasho" summoning "Evolsaur Cerato"')
    assert sorted(names(r, 0, "monster_zones")) == ["Evolsaur Cerato", "Summoned Skull"]
    # destroyed by battle, it was not Tributed
    battle = with_deck(board(field=["Evoltile Najasho"], opp_field=["Summoned Skull"], first_turn=False),
                       "Evolsaur Cerato")
    assert "did not happen" in illegal(battle, 'attack "Evoltile Najasho" -> "Summoned Skull"',
                                       'then activate "Evoltile Najasho" summoning "Evolsaur Cerato"')


def test_a_set_card_destroyed_by_a_card_effect():
    # Abomination's Prison: "If this Set card is destroyed by card effect: You can Special Summon 1
    # "Unchained" monster from your Deck."  Black Rose Dragon destroys every card on the field.
    def pos(prison_set: bool) -> dict:
        p = with_deck(board(field=["Junk Synchron", "Celtic Guardian"], extra=["Black Rose Dragon"],
                            hand=[] if prison_set else ["Abomination's Prison"],
                            st=[{"card": "Abomination's Prison", "face_up": False}] if prison_set else []),
                      "Unchained Twins - Aruha")
        return p
    synchro = 'synchro_summon "Black Rose Dragon" with "Junk Synchron", "Celtic Guardian"'
    prison = 'then activate "Abomination\'s Prison" summoning "Unchained Twins - Aruha"'
    r = legal(pos(True), synchro, 'then activate "Black Rose Dragon"', prison)
    assert names(r, 0, "monster_zones") == ["Unchained Twins - Aruha"]
    # in the hand it is not destroyed at all
    assert "did not happen" in illegal(pos(False), synchro, 'then activate "Black Rose Dragon"', prison)


# --- "Normal Summoned or flipped face-up" ------------------------------------------------------------------
def test_normal_summoned_or_flipped_face_up():
    # Spellbook Magician of Prophecy: "If this card is Normal Summoned or flipped face-up: Add 1
    # "Spellbook" Spell from your Deck to your hand." (mandatory)
    add = 'then activate "Spellbook Magician of Prophecy" adding "Spellbook of Secrets"'
    hand = with_deck(board(hand=["Spellbook Magician of Prophecy"]), "Spellbook of Secrets")
    r = legal(hand, 'normal_summon "Spellbook Magician of Prophecy"', add)
    assert names(r, 0, "hand") == ["Spellbook of Secrets"]
    assert "mandatory" in illegal(hand, 'normal_summon "Spellbook Magician of Prophecy"')
    set_ = with_deck(board(field=[{"card": "Spellbook Magician of Prophecy", "position": "set"}]), "Spellbook of Secrets")
    legal(set_, 'flip_summon "Spellbook Magician of Prophecy"', add)
    # Special Summoned, it was neither
    reborn = with_deck(board(hand=["Monster Reborn"], gy=["Spellbook Magician of Prophecy"]), "Spellbook of Secrets")
    assert "did not happen" in illegal(reborn, 'activate "Monster Reborn" targeting "Spellbook Magician of Prophecy"', add)


# --- "You can activate this effect;" -------------------------------------------------------------------------
def test_an_effect_with_no_cost_and_no_target():
    # The Fabled Chawa: "During your Main Phase: You can activate this effect; discard 1 "Fabled" monster, and
    # if you do, Special Summon this card from your hand."
    assert "eff_from(29905795,1,hand)" in facts_of("The Fabled Chawa")
    pos = board(hand=["The Fabled Chawa", "The Fabled Kokkator"])
    r = legal(pos, 'activate "The Fabled Chawa" sending "The Fabled Kokkator"')
    assert names(r, 0, "monster_zones") == ["The Fabled Chawa"]
    assert "no card" in illegal(board(hand=["The Fabled Chawa", "Celtic Guardian"]), 'activate "The Fabled Chawa"')


# --- "If your LP are lower than your opponent's: ..." ---------------------------------------------
def test_an_effect_with_a_life_point_condition_needs_fewer_life_points_than_the_opponent():
    leon = "Gold Pride - Leon"
    assert "proc_cond(23512906,eff(1),1,lp_lower)" in facts_of(leon)
    summon = f'activate "{leon}"'
    behind = board(hand=[leon])
    behind["players"][0]["life_points"] = 4000
    assert [z["card"] for z in legal(behind, summon).steps[-1].position["players"][0]["monster_zones"] if z] == [23512906]
    # equal Life Points are not lower
    assert "only while your LP (8000) are lower than your opponent's (8000)" in illegal(board(hand=[leon]), summon)


def test_a_quick_effect_during_the_main_or_battle_phase_if_a_field_spell_is_in_a_field_zone():
    # Morpheus, the Dream Mirror Black Knight: "During the Main or Battle Phase, if "Dream Mirror of
    # Joy" is in a Field Zone (Quick Effect): You can Tribute this card; Special Summon 1 "Morpheus,
    # the Dream Mirror White Knight" from your Deck."
    black, white, joy = "Morpheus, the Dream Mirror Black Knight", "Morpheus, the Dream Mirror White Knight", "Dream Mirror of Joy"
    def pos(field_spell=True, owner=1):
        p = board(field=[black, "Kozaky"])
        p["players"][0]["deck"] = [white]
        if field_spell:
            p["players"][owner]["field_zone"] = {"card": joy, "face_up": True}
        return p
    act = f'activate "{black}" summoning "{white}"'
    r = legal(pos(), act)                                  # the opponent's Field Zone counts too
    assert sorted(names(r, 0, "monster_zones")) == sorted(["Kozaky", white])
    legal(pos(owner=0), act)
    assert "only if a face-up \"Dream Mirror of Joy\" card is in a Field Zone; 0 are there" in illegal(pos(field_spell=False), act)
    # in the Battle Phase too, and the Battle Phase goes on: the White Knight attacks after it
    legal(pos(), 'attack "Kozaky" directly', act, f'attack "{white}" directly')


def test_a_mandatory_standby_phase_effect_of_a_continuous_spell_trap():
    # Dark Contract with the Gate: "Once per turn, during your Standby Phase: Take 1000 damage."
    gate = "Dark Contract with the Gate"
    assert {"eff_phase(46372010,2,standby)", "eff_do(46372010,2,1,1,damage_self(1000))"} <= facts_of(gate)
    assert "eff_optional(46372010,2)" not in facts_of(gate)
    pos = board(st=[gate])
    pos["turn"]["phase"] = "standby"
    r = legal(pos, f'activate "{gate}" effect 2')
    assert r.steps[-1].position["players"][0]["life_points"] == 8000 - 1000
    assert "once per turn" in illegal(pos, f'activate "{gate}" effect 2', f'activate "{gate}" effect 2').lower()
    # in the Main Phase it is not activated (its phase is over before any line there)
    assert "Standby Phase" in illegal(board(st=[gate]), f'activate "{gate}" effect 2')


def test_activate_only_if_you_control_is_the_condition_of_the_cards_activation():
    # Assault Slash: "Activate only while you control an "/Assault Mode" monster. Destroy all
    # face-up monsters on the field."
    slash, mode = "Assault Slash", "Stardust Dragon/Assault Mode"
    st = [{"card": slash, "face_up": False}]
    r = legal(board(field=[mode], st=st, opp_field=["Summoned Skull"]), f'activate "{slash}"')
    assert names(r, 1, "monster_zones") == [] and names(r, 0, "monster_zones") == []
    assert 'activated only if you control a face-up "/Assault Mode" monster' in illegal(
        board(field=["Stardust Dragon"], st=st, opp_field=["Summoned Skull"]), f'activate "{slash}"')


def test_destroyed_by_card_effect_except_a_named_card_or_by_battle():
    # Unchained Twins - Aruha: "If this card on the field is destroyed by card effect, except
    # "Unchained Twins - Aruha", or by battle: You can Special Summon 1 "Unchained" monster from
    # your hand or Deck, except "Unchained Twins - Aruha"."
    aruha, sarama = "Unchained Twins - Aruha", "Unchained Twins - Sarama"
    assert "eff_event(26236560,2,field_destroyed_except(26236560),if)" in facts_of(aruha)
    answer = f'then activate "{aruha}" summoning "{sarama}"'
    r = legal(board(field=[aruha], hand=["Dark Hole", sarama], first_turn=False), 'activate "Dark Hole"', answer)
    assert names(r, 0, "monster_zones") == [sarama]
    legal(board(field=[aruha], hand=[sarama], opp_field=["Blue-Eyes White Dragon"], first_turn=False),
          f'attack "{aruha}" -> "Blue-Eyes White Dragon"', answer)
    # destroyed by the effect of a card named "Unchained Twins - Aruha" (the copy in the hand): no event
    own = board(field=[aruha], hand=[aruha, sarama], first_turn=False)
    assert "what it answers did not happen" in illegal(own, f'activate "{aruha}" targeting "{aruha}"', answer)
