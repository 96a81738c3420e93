"""Triggers on what happens to another card (the family "watch": grammar/effects_watch.lark,
asp/yugioh/watch.lp): the event's card must fit the text's noun phrase and be on the side it says;
the trigger is then answered as any trigger (chain.lp)."""
from __future__ import annotations

from yugioh_board import board
from yugioh_lines import facts_of, illegal, legal, names, with_deck

PURPLY = "Interplanetarypurplythorny Dragon"   # If a monster you control is destroyed by battle or
                                               # card effect and sent to the Graveyard: You can
                                               # Special Summon this card from your hand.
PLANE = "Speedroid Rubberband Plane"           # If a monster is Special Summoned to your field
                                               # (except during the Damage Step): You can Special
                                               # Summon this card from your hand, also ...


def test_the_events_of_other_cards_are_read():
    assert "eff_event(25206027,1,seen(destroyed_gy,me,any,any),if)" in facts_of(PURPLY)
    assert "eff_from(25206027,1,hand)" in facts_of(PURPLY)
    assert "eff_event(8284390,1,seen(special,me,any,no_damage_step),if)" in facts_of(PLANE)


def test_a_monster_you_control_destroyed_by_battle_sets_off_the_trigger_in_the_hand():
    pos = board(hand=[PURPLY], field=["Kozaky"], opp_field=["Blue-Eyes White Dragon"])
    attack = 'attack "Kozaky" -> "Blue-Eyes White Dragon"'
    legal(pos, attack, f'then activate "{PURPLY}"')
    # the opponent's monster destroyed by your attack is not "a monster you control"
    pos2 = board(hand=[PURPLY], field=["Blue-Eyes White Dragon"], opp_field=["Kozaky"])
    assert "did not happen" in illegal(pos2, 'attack "Blue-Eyes White Dragon" -> "Kozaky"', f'then activate "{PURPLY}"')


def test_a_special_summon_to_your_field_sets_off_the_trigger_a_normal_summon_not():
    pos = board(hand=[PLANE, "Monster Reborn", "Kozaky"], gy=[{"card": "Dark Magician", "properly_summoned": True}])
    legal(pos, 'activate "Monster Reborn" targeting "Dark Magician"', f'then activate "{PLANE}" effect 1')
    assert "did not happen" in illegal(pos, 'normal_summon "Kozaky"', f'then activate "{PLANE}" effect 1')


def test_when_you_normal_summon_a_level_4_monster():
    # Kagetokage: "When you Normal Summon a Level 4 monster: You can Special Summon this card from
    # your hand."  A Level 4 Normal Summon sets it off; a Level 1 one, or a Level 4 Special Summon, not.
    toke = "Kagetokage"
    r = legal(board(hand=[toke, "Celtic Guardian"]), 'normal_summon "Celtic Guardian"', f'then activate "{toke}"')
    assert sorted(names(r, 0, "monster_zones")) == sorted(["Celtic Guardian", toke])
    assert "did not happen" in illegal(board(hand=[toke, "Kozaky"]), 'normal_summon "Kozaky"', f'then activate "{toke}"')
    revive = board(hand=[toke, "Monster Reborn"], gy=["Celtic Guardian"])
    assert "did not happen" in illegal(revive, 'activate "Monster Reborn" targeting "Celtic Guardian"',
                                       f'then activate "{toke}"')
    # "Must first be Special Summoned by its own effect": another card's effect does not summon it
    captain = board(hand=[toke, "Marauding Captain"])
    assert "summoning condition" in illegal(captain, 'normal_summon "Marauding Captain"',
                                            f'then activate "Marauding Captain" summoning "{toke}"')


def test_except_during_the_damage_step_no_event_of_an_attack_sets_it_off():
    # Interplanetarypurplythorny Dragon is Special Summoned in the Damage Step of the attack that
    # destroyed Kozaky: Speedroid Rubberband Plane's "(except during the Damage Step)" sees nothing.
    pos = board(hand=[PURPLY, PLANE], field=["Kozaky"], opp_field=["Blue-Eyes White Dragon"])
    head = ['attack "Kozaky" -> "Blue-Eyes White Dragon"', f'then activate "{PURPLY}"']
    legal(pos, *head)
    assert "did not happen" in illegal(pos, *head, f'then activate "{PLANE}" effect 1')


# --- Spell/Trap cards activated on what happened to another card ------------------------------
HERO_SIGNAL = "Hero Signal"        # When a monster you control is destroyed by battle and sent to
                                   # the GY: Special Summon 1 Level 4 or lower "Elemental HERO"
                                   # monster from your hand or Deck.
REVIVAL = "Performapal Revival"    # If a monster(s) you control is destroyed by battle or card
                                   # effect: Special Summon 1 "Performapal" monster from your hand
                                   # or Graveyard.
SET = {"card": HERO_SIGNAL, "face_up": False}


def test_a_trap_on_an_event_is_read_as_the_activation_of_the_card():
    facts = facts_of(HERO_SIGNAL)
    assert "effect(7847222,1,trap)" not in facts   # (the passcode is checked below, by name)
    event = [f for f in facts if f.startswith("eff_event(")]
    assert len(event) == 1 and "seen(destroyed_battle_gy,me,any,any),when)" in event[0]
    assert any(f.startswith("effect(") and f.endswith(",1,trap)") for f in facts)
    assert any(f.startswith("eff_event(") and "seen(destroyed,me,any,any),if)" in f for f in facts_of(REVIVAL))


def test_hero_signal_is_activated_right_after_a_monster_you_control_is_destroyed_by_battle():
    pos = board(hand=["Elemental HERO Sparkman"], field=["Kozaky"], st=[SET], opp_field=["Blue-Eyes White Dragon"])
    attack = 'attack "Kozaky" -> "Blue-Eyes White Dragon"'
    out = legal(pos, attack, f'then activate "{HERO_SIGNAL}" summoning "Elemental HERO Sparkman"')
    assert "Elemental HERO Sparkman" in names(out, 0, "monster_zones")
    assert HERO_SIGNAL in names(out, 0, "graveyard")


def test_hero_signal_is_not_activated_without_its_event_nor_later_nor_the_turn_it_was_set():
    pos = board(hand=["Elemental HERO Sparkman"], field=["Kozaky"], st=[SET], opp_field=["Blue-Eyes White Dragon"])
    # at open game state, on its own
    assert "not on its own" in illegal(pos, f'activate "{HERO_SIGNAL}" summoning "Elemental HERO Sparkman"')
    # a Normal Summon is not its event
    assert "did not happen" in illegal(pos, 'normal_summon "Elemental HERO Sparkman"', f'then activate "{HERO_SIGNAL}"')
    # the opponent's monster destroyed by your attack is not "a monster you control"
    pos2 = board(hand=["Elemental HERO Sparkman"], field=["Blue-Eyes White Dragon"], st=[SET], opp_field=["Kozaky"])
    assert "did not happen" in illegal(pos2, 'attack "Blue-Eyes White Dragon" -> "Kozaky"',
                                       f'then activate "{HERO_SIGNAL}" summoning "Elemental HERO Sparkman"')
    # Set this turn: a Trap waits a turn
    fresh = board(hand=["Elemental HERO Sparkman"], field=["Kozaky"], st=[SET | {"set_this_turn": True}],
                  opp_field=["Blue-Eyes White Dragon"])
    assert "Set this turn" in illegal(fresh, 'attack "Kozaky" -> "Blue-Eyes White Dragon"',
                                      f'then activate "{HERO_SIGNAL}" summoning "Elemental HERO Sparkman"')


def test_a_trap_on_an_event_is_activated_in_the_first_chain_after_it():
    # The attack destroys Kozaky; Interplanetarypurplythorny Dragon's trigger starts a chain that
    # resolves, and a new chain after it is too late for Hero Signal.
    pos = board(hand=[PURPLY, "Elemental HERO Sparkman"], field=["Kozaky"], st=[SET],
                opp_field=["Blue-Eyes White Dragon"])
    why = illegal(pos, 'attack "Kozaky" -> "Blue-Eyes White Dragon"', f'then activate "{PURPLY}"',
                  f'then activate "{HERO_SIGNAL}" summoning "Elemental HERO Sparkman"')
    assert "timing" in why or "first chain" in why, why


def test_performapal_revival_answers_a_destruction_by_card_effect_too():
    rev = {"card": REVIVAL, "face_up": False}
    pos = board(hand=["Performapal Whim Witch", "Dark Hole"], field=["Kozaky"], st=[rev],
                opp_field=["Blue-Eyes White Dragon"])
    out = legal(pos, 'activate "Dark Hole"', f'then activate "{REVIVAL}" summoning "Performapal Whim Witch"')
    assert "Performapal Whim Witch" in names(out, 0, "monster_zones")
    # a destruction of the opponent's monster only is not one of yours
    pos2 = board(hand=["Performapal Whim Witch", "Raigeki"], field=["Kozaky"], st=[rev],
                 opp_field=["Blue-Eyes White Dragon"])
    assert "did not happen" in illegal(pos2, 'activate "Raigeki"', f'then activate "{REVIVAL}" summoning "Performapal Whim Witch"')


def test_a_trap_joins_the_chain_of_its_event_after_the_triggers_never_before_them():
    # Interplanetarypurplythorny Dragon's trigger and Hero Signal answer the same destruction: the
    # trigger starts the chain, the Trap is chained to it; the other order is refused.
    pos = board(hand=[PURPLY, "Elemental HERO Sparkman"], field=["Kozaky"], st=[SET],
                opp_field=["Blue-Eyes White Dragon"])
    attack = 'attack "Kozaky" -> "Blue-Eyes White Dragon"'
    legal(pos, attack, f'then activate "{PURPLY}"', f'chain activate "{HERO_SIGNAL}" summoning "Elemental HERO Sparkman"')
    assert "cannot respond" in illegal(pos, attack, f'then activate "{HERO_SIGNAL}" summoning "Elemental HERO Sparkman"',
                                       f'chain activate "{PURPLY}"')


def test_a_face_up_continuous_spell_answers_the_event_with_a_mandatory_trigger():
    # Supply Squad: "Once per turn, if a monster(s) you control is destroyed by battle or card
    # effect: Draw 1 card."  An effect of the face-up card, mandatory.
    pos = with_deck(board(field=["Kozaky"], st=["Supply Squad"], opp_field=["Blue-Eyes White Dragon"]), "Sangan")
    attack = 'attack "Kozaky" -> "Blue-Eyes White Dragon"'
    out = legal(pos, attack, 'then activate "Supply Squad" effect 1')
    assert "Sangan" in names(out, 0, "hand")
    assert "mandatory" in illegal(pos, attack)
    # face-down, it is no effect of a face-up card (and activating it is no answer to the event)
    down = with_deck(board(field=["Kozaky"], st=[{"card": "Supply Squad", "face_up": False}],
                           opp_field=["Blue-Eyes White Dragon"]), "Sangan")
    legal(down, attack)
    illegal(down, attack, 'then activate "Supply Squad" effect 1')


def test_a_face_up_continuous_trap_answers_the_event_with_an_optional_trigger():
    # Yang Zing Creation: "Once per turn, if a monster(s) you control is destroyed by battle or
    # card effect: You can Special Summon 1 "Yang Zing" monster from your Deck."
    pos = with_deck(board(field=["Kozaky"], st=["Yang Zing Creation"], opp_field=["Blue-Eyes White Dragon"]),
                    "Bi'an, Earth of the Yang Zing")
    attack = 'attack "Kozaky" -> "Blue-Eyes White Dragon"'
    legal(pos, attack)
    out = legal(pos, attack, 'then activate "Yang Zing Creation" effect 1 summoning "Bi\'an, Earth of the Yang Zing"')
    assert "Bi'an, Earth of the Yang Zing" in names(out, 0, "monster_zones")
    # on its own, without its event
    assert "not on its own" in illegal(pos, 'activate "Yang Zing Creation" effect 1 summoning "Bi\'an, Earth of the Yang Zing"')


# --- "When a face-up monster you control is flipped face-down, if you control no face-up monsters" --
STALAGMO, UMASTRYX = "Subterror Behemoth Stalagmo", "Subterror Behemoth Umastryx"


def test_a_monster_flipped_face_down_sets_off_a_trigger_in_the_hand_under_its_condition():
    assert {"eff_event(78202553,2,seen(flipped_down,me,any,any),when)",
            "proc_cond(78202553,eff(2),1,count(me,field,0,0))"} <= facts_of(STALAGMO)
    flip = f'activate "{STALAGMO}" effect 3'
    pos = board(hand=[UMASTRYX], field=[STALAGMO])
    r = legal(pos, flip, f'then activate "{UMASTRYX}"')
    zones = [z for z in r.steps[-1].position["players"][0]["monster_zones"] if z]
    assert sorted(z["position"] for z in zones) == ["defense", "set"]
    # another face-up monster you control: the condition does not hold
    assert illegal(board(hand=[UMASTRYX], field=[STALAGMO, "Kozaky"]), flip, f'then activate "{UMASTRYX}"')
    # nothing flipped face-down: nothing to answer
    assert illegal(pos, f'activate "{UMASTRYX}"')


def test_a_condition_on_either_field_if_a_monster_special_summoned_from_the_extra_deck_is_there():
    # Dogmatika Ecclesia: "If a monster Special Summoned from the Extra Deck is on the field: You can
    # Special Summon this card from your hand.": either player's monster, face-up or not (where it
    # was summoned from is known of a face-down monster too)
    ecclesia = "Dogmatika Ecclesia, the Virtuous"
    assert {"proc_cond(60303688,eff(1),1,count(both,field,1,99))",
            "cond_filter(60303688,eff(1),1,1,pos,from_extra)"} <= facts_of(ecclesia)
    summon = f'activate "{ecclesia}"'
    legal(board(hand=[ecclesia], opp_field=["Stardust Dragon"], first_turn=False), summon)
    legal(board(hand=[ecclesia], field=["Stardust Dragon"], first_turn=False), summon)
    legal(board(hand=[ecclesia], opp_field=[{"card": "Stardust Dragon", "position": "set"}], first_turn=False), summon)
    why = "only if the field has a monster Special Summoned from the Extra Deck; 0 are there"
    assert why in illegal(board(hand=[ecclesia], opp_field=["Gyroid"], first_turn=False), summon)
    revived = {"card": "Stardust Dragon", "position": "attack", "summoned_from_extra_deck": False}
    assert why in illegal(board(hand=[ecclesia], opp_field=[revived], first_turn=False), summon)


def test_a_condition_if_a_named_kind_of_monster_is_on_the_field():
    # Shooting Star: "If a "Stardust" monster is on the field: Target 1 card on the field; destroy that target."
    star = "Shooting Star"
    set_trap = [{"card": star, "face_up": False}]
    pos = board(st=set_trap, opp_field=["Stardust Dragon", "Gyroid"], first_turn=False)
    legal(pos, f'activate "{star}" targeting "Gyroid"')
    assert "only if the field has a face-up" in illegal(board(st=set_trap, opp_field=["Gyroid"], first_turn=False),
                                                         f'activate "{star}" targeting "Gyroid"')
