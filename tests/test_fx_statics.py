"""The family "statics" of card effects (issue 8): continuous rules a card sets, battle rules and
locks (grammar/effects_statics.lark, fx_statics.py; card_rules.lp, battle_rules.lp, locks.lp).
Every card is real, read whole from its text; each rule has a line that must be legal and one
that must not."""
from __future__ import annotations

from yugioh_board import board, summons
from yugioh_lines import check, facts_of, illegal, legal, names

from oracle.yugioh.cards import Library
from oracle.yugioh.effect_text import accepted, card_effects, normalized
from oracle.yugioh.lines import check_line, make_line



def lp(result, player=1) -> int:
    return result.steps[-1].position["players"][player]["life_points"]


def monsters(result, player=1) -> list[int]:
    return [z["card"] for z in result.steps[-1].position["players"][player]["monster_zones"] if z]


# --- the grammar --------------------------------------------------------------------------------
def test_rules_are_read_as_rule_facts_with_their_filters():
    assert {"rule(85742772,no_attack)", "rule_filter(85742772,no_attack,1,pos,level_min(4))",
            "effect(85742772,0,trap)"} <= facts_of("Gravity Bind")   # activated from the Set card (effect 0: fx_zones.card_activation)
    assert "rule_filter(44656491,no_attack,1,pos,atk_min(1500))" in facts_of("Messenger of Peace")
    assert "rule(21015833,attacks(2))" in facts_of("Hayabusa Knight")
    assert "rule(31553716,defense_after_attack)" in facts_of("Spear Dragon")
    assert {"rule(4168871,activate_once)"} - facts_of("Cards for Black Feathers")   # a limit, not a rule
    assert "eff_do(4168871,1,1,2,lock(any,turn,any))" in facts_of("Cards for Black Feathers")


def test_sentences_of_the_family_without_a_whole_card_yet_are_in_the_grammar():
    for s in ["This card can attack while in face-up Defense Position.", "If it does, apply its DEF for damage calculation.",
              "Cannot attack the turn it is Summoned.", "Unaffected by other cards' effects.",
              'There can only be 1 "X" monster on the field.', "Cannot be used as Link Material the turn it is Link Summoned.",
              "While you control a Token, this card cannot be destroyed by battle or card effects.",
              "You cannot Special Summon the turn you activate this effect, except in face-down Defense Position.",
              'You cannot Special Summon monsters from the Extra Deck the turn you activate this effect, except "X" monsters.',
              "You cannot Special Summon monsters, except Insect monsters."]:
        assert accepted(normalized(s)), s
    # the Advanced Crystal Beasts' sending to the GY (test_fx_selfdestroy.py reads the destructions)
    assert not accepted('If "X" is not in a Field Zone, send this monster to the GY.')
    # Spell Counters, which no position holds
    assert not accepted("Each time a Spell Card is activated, place 1 Spell Counter on this card when that Spell resolves.")


# --- attacks ------------------------------------------------------------------------------------
def test_a_second_attack_is_allowed_and_a_third_refused():
    pos = board(field=["Hayabusa Knight", "Kozaky"])
    two = legal(pos, 'attack "Hayabusa Knight" directly', 'attack "Hayabusa Knight" directly')
    assert lp(two) == 8000 - 2 * 1000
    assert "already attacked" in illegal(pos, *['attack "Hayabusa Knight" directly'] * 3)
    assert "already attacked" in illegal(pos, 'attack "Kozaky" directly', 'attack "Kozaky" directly')


def test_up_to_two_attacks_on_monsters_only():
    skull_bone = "Fossil Warrior Skull Bone"
    pos = board(field=[skull_bone], opp_field=["Kozaky", "Kozaky"])
    legal(pos, f'attack "{skull_bone}" -> "Kozaky"', f'attack "{skull_bone}" -> "Kozaky"')
    one = board(field=[skull_bone], opp_field=["Kozaky"])
    assert "only on a monster" in illegal(one, f'attack "{skull_bone}" -> "Kozaky"', f'attack "{skull_bone}" directly')


def test_attack_all_monsters_once_each():
    pos = board(field=["Jurrac Monoloph"], opp_field=["Kozaky", "Kozaky"])
    r = legal(pos, 'attack "Jurrac Monoloph" -> "Kozaky"', 'attack "Jurrac Monoloph" -> "Kozaky"')
    assert monsters(r) == [] and lp(r) == 8000 - 2 * (1500 - 400)
    one = board(field=["Jurrac Monoloph"], opp_field=["Kozaky"])
    assert "once" in illegal(one, 'attack "Jurrac Monoloph" -> "Kozaky"', 'attack "Jurrac Monoloph" directly')


def test_gravity_bind_stops_level_4_or_higher_monsters_of_either_player():
    pos = board(field=["Celtic Guardian", "Kozaky"], opp_st=["Gravity Bind"])
    assert "Gravity Bind forbids" in illegal(pos, 'attack "Celtic Guardian" directly')   # Level 4
    assert lp(legal(pos, 'attack "Kozaky" directly')) == 8000 - 400                      # Level 1
    # A Set Gravity Bind stops nothing; the turn player may activate their own, then it does.
    assert lp(legal(board(field=["Celtic Guardian"], opp_st=[{"card": "Gravity Bind", "face_up": False}]),
                    'attack "Celtic Guardian" directly')) == 8000 - 1400
    own = board(field=["Celtic Guardian"], st=[{"card": "Gravity Bind", "face_up": False}])
    assert "forbids" in illegal(own, 'activate "Gravity Bind"', 'attack "Celtic Guardian" directly')


def test_messenger_of_peace_and_the_dark_door():
    pos = board(field=["Summoned Skull", "Kozaky"], opp_st=["Messenger of Peace"])
    assert "Messenger of Peace forbids" in illegal(pos, 'attack "Summoned Skull" directly')   # 2500 ATK
    legal(pos, 'attack "Kozaky" directly')
    door = board(field=["Summoned Skull", "Kozaky"], opp_st=["The Dark Door"])
    legal(door, 'attack "Summoned Skull" directly')
    assert "only 1 monster can attack" in illegal(door, 'attack "Summoned Skull" directly', 'attack "Kozaky" directly')


def test_changed_to_defense_position_after_attacking():
    r = legal(board(field=["Spear Dragon"]), 'attack "Spear Dragon" directly')
    assert r.steps[-1].position["players"][0]["monster_zones"][0]["position"] == "defense"
    assert legal(board(field=["Kozaky"]), 'attack "Kozaky" directly').steps[-1].position["players"][0]["monster_zones"][0]["position"] == "attack"


def test_no_battle_damage_from_battles_involving_the_card():
    r = legal(board(field=["Amazoness Fighter"], opp_field=["Summoned Skull"]), 'attack "Amazoness Fighter" -> "Summoned Skull"')
    assert lp(r, 0) == 8000 and monsters(r, 0) == []
    plain = legal(board(field=["Celtic Guardian"], opp_field=["Summoned Skull"]), 'attack "Celtic Guardian" -> "Summoned Skull"')
    assert lp(plain, 0) == 8000 - 1100
    # The opponent's Amazoness Fighter keeps the opponent's Life Points too.
    foe = legal(board(field=["Summoned Skull"], opp_field=["Amazoness Fighter"]), 'attack "Summoned Skull" -> "Amazoness Fighter"')
    assert lp(foe) == 8000 and monsters(foe) == []


def test_not_destroyed_by_battle_the_first_time_or_twice_per_turn():
    pos = board(field=["Summoned Skull", "Blue-Eyes White Dragon"], opp_field=["Gyroid"])
    assert monsters(legal(pos, 'attack "Summoned Skull" -> "Gyroid"')) == [18325492]
    assert monsters(legal(pos, 'attack "Summoned Skull" -> "Gyroid"', 'attack "Blue-Eyes White Dragon" -> "Gyroid"')) == []
    three = board(field=["Summoned Skull", "Blue-Eyes White Dragon", "Celtic Guardian"], opp_field=[{"card": "Shield Wing", "position": "defense"}])
    steps = ['attack "Summoned Skull" -> "Shield Wing"', 'attack "Blue-Eyes White Dragon" -> "Shield Wing"']
    assert monsters(legal(three, *steps)) != []
    assert monsters(legal(three, *steps, 'attack "Celtic Guardian" -> "Shield Wing"')) == []


def test_toon_monsters_attack_directly_with_toon_world_and_not_the_turn_they_are_summoned():
    toon = "Toon Cyber Dragon"
    pos = board(field=[toon], st=["Toon World"], opp_field=["Kozaky"])
    assert lp(legal(pos, f'attack "{toon}" directly')) == 8000 - 2100
    assert "cannot attack directly" in illegal(board(field=[toon], opp_field=["Kozaky"]), f'attack "{toon}" directly')
    assert "cannot attack directly" in illegal(board(field=[toon], st=["Toon World"], opp_field=["Toon Cyber Dragon"]),
                                               f'attack "{toon}" directly')
    fresh = board(field=[{"card": toon, "position": "attack", "summoned_this_turn": True}], st=["Toon World"])
    assert "the turn it is Summoned" in illegal(fresh, f'attack "{toon}" directly')


# --- protection ---------------------------------------------------------------------------------
def test_cannot_be_targeted_or_destroyed_by_the_opponents_effects():
    gang, fox = "Skypalace Gangaridai", "Majespecter Fox - Kyubi"
    def field(opp):
        pos = board(field=[gang], opp_field=[opp])
        pos["players"][0]["monster_zones"][0]["materials"] = ["Kozaky"]
        return pos
    assert lp(legal(field("Celtic Guardian"), f'activate "{gang}" targeting "Celtic Guardian"')) == 7000
    assert "cannot be targeted" in illegal(field(fox), f'activate "{gang}" targeting "{fox}"')


# --- locks --------------------------------------------------------------------------------------
def test_a_lock_for_the_turn_you_activate_the_effect():
    black = "Cards for Black Feathers"
    pos = board(hand=[black, "Blackwing - Bora the Spear", "Cyber Dragon"], opp_field=["Kozaky"])
    pos["players"][0]["deck"] = ["Kozaky", "Kozaky"]
    r = legal(pos, f'activate "{black}" paying "Blackwing - Bora the Spear"')
    assert r.steps[-1].position["players"][0]["locks"] == [{"card": 4168871, "effect": 1}]
    why = illegal(pos, f'activate "{black}" paying "Blackwing - Bora the Spear"', 'special_summon "Cyber Dragon"')
    assert why.startswith("locked:")
    # A Special Summon earlier in the turn forbids the activation.
    earlier = illegal(pos, 'special_summon "Cyber Dragon"', f'activate "{black}" paying "Blackwing - Bora the Spear"')
    assert "cannot be activated the turn you Special Summoned Cyber Dragon" in earlier


def test_a_lock_of_the_normal_summon_for_the_turn_you_activate_the_card():
    armory, pos = "Hidden Armory", board(hand=["Hidden Armory", "Kozaky", "Celtic Guardian"])
    pos["players"][0]["deck"] = ["Gyroid", "Axe of Despair"]
    assert "eff_do(52105192,1,1,2,lock(normal,turn,any))" in facts_of(armory)
    search = f'activate "{armory}" adding "Axe of Despair"'
    r = legal(pos, search)
    assert r.steps[-1].position["players"][0]["locks"] == [{"card": 52105192, "effect": 1}]
    assert illegal(pos, search, 'normal_set "Kozaky"') == \
        "locked: the effect of Hidden Armory forbids every Normal Summon and Set this turn"
    # a Normal Summon earlier in the turn forbids the activation; without one it is allowed
    assert illegal(pos, 'normal_summon "Kozaky"', search) == \
        "locked: Hidden Armory cannot be activated the turn you Normal Summoned or Set a monster"
    used = dict(pos, turn={**pos["turn"], "normal_summon_used": True})
    assert "Normal Summoned or Set" in illegal(used, search)


def test_no_normal_summon_the_turn_lava_golem_is_special_summoned():
    golem = "Lava Golem"
    assert "rule(102380,no_ns_ss_turn)" in facts_of(golem)
    pos = board(hand=[golem, "Kozaky"], opp_field=["Gyroid", "Celtic Guardian"])
    summon = f'special_summon "{golem}" with "Gyroid", "Celtic Guardian"'
    r = legal(pos, summon)
    assert names(r, 1, "monster_zones") == [golem]
    assert illegal(pos, summon, 'normal_summon "Kozaky"') == \
        "you cannot Normal Summon or Set the turn you Special Summoned Lava Golem (its card says so)"
    assert illegal(pos, 'normal_set "Kozaky"', summon) == \
        "Lava Golem cannot be Special Summoned the turn you Normal Summoned or Set a monster (its card says so)"
    # a position where it was Special Summoned this turn keeps the lock; one of an earlier turn does not
    on = board(hand=["Kozaky"], opp_field=[{"card": golem, "position": "attack", "summoned_this_turn": True}])
    assert "Special Summoned Lava Golem" in illegal(on, 'normal_summon "Kozaky"')
    legal(board(hand=["Kozaky"], opp_field=[golem]), 'normal_summon "Kozaky"')


def test_cannot_attack_during_the_turn_you_activate_this_effect():
    draco, lion = "Mecha Phantom Beast Dracossack", "Mecha Phantom Beast O-Lion"
    pos = board(field=[{"card": draco, "position": "attack", "materials": ["Kozaky"]}, lion], opp_field=["Gyroid"])
    destroy = f'activate "{draco}" effect 2 paying "{lion}" targeting "Gyroid"'
    r = legal(pos, destroy)
    assert names(r, 1, "monster_zones") == []
    assert "cannot attack" in illegal(pos, destroy, f'attack "{draco}" directly')
    legal(board(field=[draco]), f'attack "{draco}" directly')   # without the effect it attacks


def test_sentences_that_change_nothing_in_a_line_and_protection_from_the_opponent():
    # the Elemental Lords' "skip the Battle Phase of your next turn" is after every line: their
    # other effects are read and played
    facts_of("Umbramirage the Elemental Lord")
    assert "rule(13331639,effect_proof_opp)" in facts_of("Supreme King Z-ARC")
    assert not accepted("If this face-up card leaves the field, skip the Battle Phase of this turn.")


def test_a_lock_with_an_exception():
    sw, jaw = "Battlin' Boxer Switchitter", "Battlin' Boxer Glassjaw"
    pos = board(hand=[sw, "Cyber Dragon"], gy=[jaw], opp_field=["Kozaky"])
    head = [f'normal_summon "{sw}"', f'then activate "{sw}" targeting "{jaw}"']
    r = legal(pos, *head)   # its own summon is a "Battlin' Boxer": allowed
    assert monsters(r, 0) and r.steps[-1].position["players"][0]["locks"]
    assert illegal(pos, *head, 'special_summon "Cyber Dragon"').startswith("locked:")
    legal(board(hand=[sw, "Cyber Dragon"], opp_field=["Kozaky"]), 'special_summon "Cyber Dragon"')


def test_swords_of_revealing_light_stops_the_opponents_attacks_and_flips_their_monsters():
    swords = "Swords of Revealing Light"
    assert "Swords of Revealing Light forbids" in illegal(board(field=["Kozaky"], opp_st=[swords]), 'attack "Kozaky" directly')
    assert lp(legal(board(field=["Kozaky"], st=[swords]), 'attack "Kozaky" directly')) == 8000 - 400   # it stops the other side
    r = legal(board(hand=[swords], opp_field=[{"card": "Celtic Guardian", "position": "set"}]), f'activate "{swords}"')
    after = r.steps[-1].position["players"]
    assert after[1]["monster_zones"][0]["position"] == "defense"                      # flipped face-up
    assert [z["card"] for z in after[0]["spell_trap_zones"] if z] == [72302403]        # it remains on the field


def test_mystic_mine_stops_the_player_who_controls_more_monsters():
    def pos(mine, theirs):
        p = board(field=mine, opp_field=theirs)
        p["players"][1]["field_zone"] = {"card": "Mystic Mine", "face_up": True}
        return p
    assert "Mystic Mine forbids" in illegal(pos(["Celtic Guardian", "Kozaky"], ["Gyroid"]), 'attack "Celtic Guardian" -> "Gyroid"')
    legal(pos(["Celtic Guardian"], ["Gyroid"]), 'attack "Celtic Guardian" -> "Gyroid"')
    gang = pos([{"card": "Skypalace Gangaridai", "position": "attack", "materials": ["Kozaky"]}, "Kozaky"], ["Gyroid"])
    assert "monster effects" in illegal(gang, 'activate "Skypalace Gangaridai" targeting "Gyroid"')


def test_a_lock_a_monster_sets_while_it_is_face_up():
    # Beetrooper Scout Buggy's lock, read from its own sentence; its other sentence ("… from your
    # hand, Deck, or GY") is outside the core grammar, so the card is given here with its lock only.
    from dataclasses import replace

    lib = Library.load()
    buggy = lib.by_name("Beetrooper Scout Buggy")
    sentence = "You cannot Special Summon monsters, except Insect monsters."
    assert sentence in buggy.text
    only_lock = lib.overlaid(Library([replace(buggy, text=sentence)], lib.archetypes))
    facts = {str(f) for f in card_effects(only_lock.by_name(buggy.name), only_lock).facts}
    assert "rule_filter(2656842,ss_lock(any),1,pos,race(insect))" in facts

    def run(position, *steps):
        return check_line(make_line(position, list(steps), library=only_lock), library=only_lock)

    pos = board(field=["Beetrooper Scout Buggy"], hand=["Cyber Dragon"], opp_field=["Kozaky"])
    why = run(pos, 'special_summon "Cyber Dragon"')
    assert why.status == "illegal" and "while Beetrooper Scout Buggy is face-up" in " ".join(why.steps[-1].reasons)
    assert run(board(hand=["Cyber Dragon"], opp_field=["Kozaky"]), 'special_summon "Cyber Dragon"').legal


def test_neither_player_can_special_summon_locks_the_turn_player_from_either_field():
    # Barrier Statue of the Torrent: "Neither player can Special Summon monsters, except WATER
    # monsters." -- on the opponent's field as on your own; Vanity's Fiend forbids every monster.
    statue, reborn = "Barrier Statue of the Torrent", "Monster Reborn"
    assert "rule_filter(10963799,ss_lock_all(any),1,pos,attribute(water))" in facts_of(statue)
    gy = ["Gagagigo", "Celtic Guardian"]          # WATER and EARTH Normal Monsters
    for pos in (board(hand=[reborn], gy=gy, opp_field=[statue]), board(hand=[reborn], gy=gy, field=[statue])):
        legal(pos, f'activate "{reborn}" targeting "Gagagigo"')
        assert "while Barrier Statue of the Torrent is face-up on the field, you cannot Special Summon" in illegal(
            pos, f'activate "{reborn}" targeting "Celtic Guardian"')
    # face-down it locks nothing
    down = board(hand=[reborn], gy=gy, opp_field=[{"card": statue, "position": "set"}])
    legal(down, f'activate "{reborn}" targeting "Celtic Guardian"')
    assert "cannot Special Summon" in illegal(board(hand=[reborn], gy=gy, opp_field=["Vanity's Fiend"]),
                                              f'activate "{reborn}" targeting "Gagagigo"')


def test_older_wordings_and_sentences_that_change_no_line():
    # "This monster may attack your opponent's Life Points directly." is "can attack directly".
    pos = board(field=["Jinzo #7", "Kozaky"], opp_field=["Summoned Skull"])
    assert lp(legal(pos, 'attack "Jinzo #7" directly')) == 8000 - 500
    assert "cannot attack directly" in illegal(pos, 'attack "Kozaky" directly')
    # Only the opponent's responses are limited: the cards are read whole, with no rule of their own.
    for name in ("Invasion of Flames", "Naturia Rosewhip"):
        assert not any(f.startswith("rule(") for f in facts_of(name))
    legal(board(hand=["Invasion of Flames"]), 'normal_summon "Invasion of Flames"')


# --- "Cannot be used as Synchro Material": one rule for each kind of Summon's materials ----------
def test_a_monster_that_cannot_be_synchro_material_is_still_link_material():
    assert "rule(1357146,no_material(synchro))" in facts_of("Ronintoadin")
    tuner_and = lambda m: board(field=["Junk Synchron", m], extra=["Junk Warrior", "I:P Masquerena"])  # noqa: E731
    # Junk Synchron (Level 3 Tuner) + a Level 2 non-Tuner is Junk Warrior's Level 5
    legal(tuner_and("Doron"), 'synchro_summon "Junk Warrior" with "Junk Synchron", "Doron"')
    assert "Ronintoadin cannot be used as Synchro Material" in illegal(
        tuner_and("Ronintoadin"), 'synchro_summon "Junk Warrior" with "Junk Synchron", "Ronintoadin"')
    legal(board(field=["Ronintoadin", "Doron"], extra=["I:P Masquerena"]),
          'link_summon "I:P Masquerena" with "Ronintoadin", "Doron"')


# --- an additional Normal Summon while face-up (normal.lp's grants) --------------------------------
GRUNARD, DEWDARK = "General Grunard of the Ice Barrier", "Dewdark of the Ice Barrier"


def test_an_additional_normal_summon_is_read_with_its_filter():
    facts = facts_of(GRUNARD)
    assert {"rule(9056100,extra_ns(summon))", "rule_filter(9056100,extra_ns(summon),1,pos,archetype(47))"} <= facts
    assert "rule(3113836,extra_ns(summon_set))" in facts_of("Gem-Knight Seraphinite")


def test_grunard_grants_one_more_normal_summon_of_an_ice_barrier_monster_in_either_order():
    pos = board(field=[GRUNARD], hand=["Celtic Guardian", DEWDARK, "Kozaky"], first_turn=False)
    legal(pos, 'normal_summon "Celtic Guardian"', f'normal_summon "{DEWDARK}"')
    r = legal(pos, f'normal_summon "{DEWDARK}"', 'normal_summon "Celtic Guardian"')
    assert r.steps[-1].position["players"][0]["additional_normal_summons_used"] == [9056100]
    assert "already used" in illegal(pos, 'normal_summon "Celtic Guardian"', 'normal_summon "Kozaky"')
    # "Normal Summon", not "Normal Summon/Set": the grant takes no Set
    assert "already used" in illegal(pos, 'normal_summon "Celtic Guardian"', f'normal_set "{DEWDARK}"')
    face_down = board(field=[{"card": GRUNARD, "position": "set"}], hand=["Celtic Guardian", DEWDARK], first_turn=False)
    assert "already used" in illegal(face_down, 'normal_summon "Celtic Guardian"', f'normal_summon "{DEWDARK}"')


def test_seraphinite_grants_a_normal_summon_or_set_of_any_monster():
    pos = board(field=["Gem-Knight Seraphinite"], hand=["Celtic Guardian", "Kozaky", "Sangan"], first_turn=False)
    legal(pos, 'normal_summon "Celtic Guardian"', 'normal_set "Kozaky"')
    assert "already used" in illegal(pos, 'normal_summon "Celtic Guardian"', 'normal_set "Kozaky"',
                                     'normal_summon "Sangan"')


def test_the_additional_normal_summon_is_once_per_turn_for_each_name():
    two = board(field=[GRUNARD, GRUNARD], hand=["Celtic Guardian", DEWDARK, DEWDARK], first_turn=False)
    assert "already used" in illegal(two, 'normal_summon "Celtic Guardian"', f'normal_summon "{DEWDARK}"',
                                     f'normal_summon "{DEWDARK}"')
    pos = board(field=[GRUNARD], hand=["Celtic Guardian", DEWDARK], first_turn=False)
    pos["players"][0]["additional_normal_summons_used"] = [GRUNARD]
    assert "already used" in illegal(pos, 'normal_summon "Celtic Guardian"', f'normal_summon "{DEWDARK}"')


def test_the_plays_of_a_position_whose_normal_summon_is_used_list_the_granted_one_only():
    from oracle.yugioh.plays import plays

    pos = board(field=[GRUNARD], hand=["Celtic Guardian", DEWDARK], first_turn=False, normal_summon_used=True)
    summons = {(p.action, p.card.name) for p in plays(pos) if p.action != "change_position"}
    assert summons == {("normal_summon", DEWDARK)}


def test_a_face_up_card_that_would_leave_the_field_is_banished_instead():
    assert "rule(42338879,banish_instead)" in facts_of("Cockadoodledoo")
    tribute = 'tribute_summon "Summoned Skull" with "Cockadoodledoo"'
    up = board(field=["Cockadoodledoo"], hand=["Summoned Skull"], first_turn=False)
    r = legal(up, tribute)
    assert names(r, 0, "banished") == ["Cockadoodledoo"] and names(r, 0, "graveyard") == []
    down = board(field=[{"card": "Cockadoodledoo", "position": "set"}], hand=["Summoned Skull"], first_turn=False)
    assert names(legal(down, tribute), 0, "graveyard") == ["Cockadoodledoo"]


def test_monsters_you_control_that_fit_cannot_be_destroyed():
    # Palladium Oracle Mana: "Level 7 or higher Spellcaster monsters you control cannot be destroyed
    # by card effects."  Amazoness Queen: ""Amazoness" monsters you control cannot be destroyed by
    # battle."
    mana, dm = "Palladium Oracle Mana", "Dark Magician"
    pos = board(hand=["Dark Hole"], field=[mana, dm, "Kozaky"])
    r = legal(pos, 'activate "Dark Hole"')
    assert names(r, 0, "monster_zones") == [dm]   # Mana is Level 6: destroyed, as Kozaky is
    queen = "Amazoness Queen"
    fight = board(field=[queen, "Celtic Guardian"], opp_field=["Blue-Eyes White Dragon"])
    r = legal(fight, f'attack "{queen}" -> "Blue-Eyes White Dragon"')
    assert sorted(names(r, 0, "monster_zones")) == sorted([queen, "Celtic Guardian"])
    r = legal(fight, 'attack "Celtic Guardian" -> "Blue-Eyes White Dragon"')
    assert names(r, 0, "monster_zones") == [queen]


def test_spells_and_traps_you_control_that_fit_cannot_be_destroyed():
    # White Dragon Ninja: "Spells/Traps you control cannot be destroyed by card effects."
    pos = board(hand=["Heavy Storm"], field=["White Dragon Ninja"], st=[{"card": "Mirror Force", "face_up": False}],
                opp_st=[{"card": "Mirror Force", "face_up": False}])
    r = legal(pos, 'activate "Heavy Storm"')
    kept = [[z for z in r.steps[-1].position["players"][p]["spell_trap_zones"] if z] for p in (0, 1)]
    assert len(kept[0]) == 1 and kept[1] == []   # yours stays, the opponent's is destroyed


# --- "Each time your opponent takes damage from a card effect, except "X", inflict 300 damage" ----
DARK_ROOM = "Dark Room of Nightmare"


def test_dark_room_adds_its_damage_to_each_effect_damage_of_another_card():
    assert "rule(85562745,damage_echo(300))" in facts_of(DARK_ROOM)
    burn = 'activate "Cannon Soldier" paying "Kozaky"'
    assert lp(legal(board(field=["Cannon Soldier", "Kozaky"], st=[DARK_ROOM]), burn)) == 8000 - 500 - 300
    # each copy answers the Cannon Soldier, never the other copy's damage
    assert lp(legal(board(field=["Cannon Soldier", "Kozaky"], st=[DARK_ROOM, DARK_ROOM]), burn)) == 8000 - 500 - 600
    # activated from the hand first, it applies from then on
    pos = board(hand=[DARK_ROOM], field=["Cannon Soldier", "Kozaky"])
    assert lp(legal(pos, f'activate "{DARK_ROOM}"', burn)) == 8000 - 800


def test_dark_room_applies_only_face_up_and_only_to_effect_damage():
    burn = 'activate "Cannon Soldier" paying "Kozaky"'
    face_down = board(field=["Cannon Soldier", "Kozaky"], st=[{"card": DARK_ROOM, "face_up": False}])
    assert lp(legal(face_down, burn)) == 8000 - 500
    # battle damage is no damage from a card effect
    pos = board(field=["Cannon Soldier"], st=[DARK_ROOM], first_turn=False)
    assert lp(legal(pos, 'attack "Cannon Soldier" directly')) == 8000 - 1400


# --- "This card can only be placed on the field by the effect of "X"" -------------------------------
def test_a_card_placed_only_by_another_cards_effect_is_neither_activated_nor_set():
    message = 'Spirit Message "I"'
    board_code = Library.load().by_name("Destiny Board").code
    assert f"rule({Library.load().by_name(message).code},placed_by({board_code}))" in facts_of(message)
    pos = board(hand=[message, "Pot of Greed"])
    quoted = message.replace('"', '\\"')   # a quote inside a name of the text form is escaped
    assert 'only be placed on the field by the effect of "Destiny Board"' in illegal(pos, f'activate "{quoted}"')
    assert 'only be placed on the field by the effect of "Destiny Board"' in illegal(pos, f'set_spell_trap "{quoted}"')
    legal(pos, 'set_spell_trap "Pot of Greed"')


def test_you_can_only_control_1_kaiju_monster():
    # Gameciel and Kumongous: "You can only control 1 "Kaiju" monster."  With Kumongous on my
    # field, Gameciel's summon to my field is gone; the one to the opponent's field (Tributing their
    # monster) stays, and with no Kaiju of mine both are there.
    gameciel, kumongous = "Gameciel, the Sea Turtle Kaiju", "Kumongous, the Sticky String Kaiju"
    assert "rule(55063751,only_one_arch(archetype(211)))" in facts_of(gameciel)
    mine = summons(board(hand=[gameciel], field=[kumongous], opp_field=[kumongous]), "special_summon")
    assert mine == {("special_summon", gameciel, (kumongous,))}
    free = summons(board(hand=[gameciel], field=["Kozaky"], opp_field=[kumongous]), "special_summon")
    assert free == {("special_summon", gameciel, ()), ("special_summon", gameciel, (kumongous,))}


def test_a_ritual_monster_summoned_only_with_its_own_ritual_spell():
    # Javelin Beetle: "This card can only be Ritual Summoned with the Ritual Spell Card, "Javelin
    # Beetle Pact"."  Earth Chant could Ritual Summon any EARTH Ritual Monster, but not this one.
    beetle, pact, chant = "Javelin Beetle", "Javelin Beetle Pact", "Earth Chant"
    assert "rule(26932788,ritual_with(name(41182875)))" in facts_of(beetle)
    pos = board(hand=[beetle, pact, chant], field=["Celtic Guardian", "Gene-Warped Warwolf"])
    mats = 'with "Celtic Guardian", "Gene-Warped Warwolf"'
    legal(pos, f'ritual_summon "{beetle}" {mats} using "{pact}"')
    assert "can only be Ritual Summoned with the Ritual Spell Card Javelin Beetle Pact" in illegal(
        pos, f'ritual_summon "{beetle}" {mats} using "{chant}"')


def test_a_lock_on_some_monsters_and_the_lock_of_the_opponent():
    # "Neither player can Special Summon LIGHT monsters." (Ally of Justice Quarantine) and "...
    # monsters with 1000 or less ATK." (Power Filter, a Continuous Spell): every other monster may
    # still be Special Summoned.  "Your opponent cannot Special Summon monsters." (Vanity's Ruler)
    # locks the turn player only from the opponent's field.
    reborn = "Monster Reborn"
    assert {"rule_filter(72845813,ss_lock_all(any),1,neg,attribute(light))",
            "rule_filter(72845813,ss_lock_all(any),2,neg,kind(monster))"} <= set(facts_of("Ally of Justice Quarantine"))
    gy = ["Mystical Elf", "Celtic Guardian", "Gagagigo"]     # LIGHT 800, EARTH 1400, WATER 1850
    for pos in (board(hand=[reborn], gy=gy, opp_field=["Ally of Justice Quarantine"]),
                board(hand=[reborn], gy=gy, field=["Ally of Justice Quarantine"])):
        legal(pos, f'activate "{reborn}" targeting "Celtic Guardian"')
        assert "cannot Special Summon" in illegal(pos, f'activate "{reborn}" targeting "Mystical Elf"')
    pos = board(hand=[reborn], gy=gy, st=["Power Filter"])
    legal(pos, f'activate "{reborn}" targeting "Celtic Guardian"')
    assert "cannot Special Summon" in illegal(pos, f'activate "{reborn}" targeting "Mystical Elf"')
    # 1800 is "1800 or less" and not "1800 or more"
    legal(board(hand=[reborn], gy=gy, opp_field=["Testudo erat Numen"]), f'activate "{reborn}" targeting "Celtic Guardian"')
    assert "cannot Special Summon" in illegal(board(hand=[reborn], gy=gy, opp_field=["Testudo erat Numen"]),
                                              f'activate "{reborn}" targeting "Gagagigo"')
    assert "cannot Special Summon" in illegal(board(hand=[reborn], gy=gy, opp_field=["Vanity's Ruler"]),
                                              f'activate "{reborn}" targeting "Gagagigo"')
    legal(board(hand=[reborn], gy=gy, field=["Vanity's Ruler"]), f'activate "{reborn}" targeting "Gagagigo"')


def test_a_rule_that_holds_while_its_controller_controls_something():
    # White Potan: "If you control a face-up Tuner monster, this card cannot be destroyed by battle."
    # The opponent's copy counts the opponent's monsters; a face-down Tuner shows no Tuner.
    skull = "Summoned Skull"
    assert "rule_while(98024118,battle_indestructible,1,99,field)" in facts_of("White Potan")
    kept = legal(board(field=[skull], opp_field=["White Potan", "Junk Synchron"], first_turn=False),
                 f'attack "{skull}" -> "White Potan"')
    assert "White Potan" not in names(kept, 1, "graveyard")
    for opp in (["White Potan", "Kozaky"], ["White Potan", {"card": "Junk Synchron", "position": "set"}]):
        gone = legal(board(field=[skull], opp_field=opp, first_turn=False), f'attack "{skull}" -> "White Potan"')
        assert "White Potan" in names(gone, 1, "graveyard")
    # my own Tuner does not keep the opponent's White Potan
    gone = legal(board(field=[skull, "Junk Synchron"], opp_field=["White Potan"], first_turn=False),
                 f'attack "{skull}" -> "White Potan"')
    assert "White Potan" in names(gone, 1, "graveyard")
    # Dragonmaid Ernus: "Cannot be destroyed by card effects while you control a Fusion Monster."
    ernus = "Dragonmaid Ernus"
    r = legal(board(hand=["Raigeki"], opp_field=[ernus, "Flame Swordsman"]), 'activate "Raigeki"')
    assert names(r, 1, "graveyard") == ["Flame Swordsman"]
    r = legal(board(hand=["Raigeki"], opp_field=[ernus, "Kozaky"]), 'activate "Raigeki"')
    assert sorted(names(r, 1, "graveyard")) == sorted([ernus, "Kozaky"])


def test_another_in_the_condition_of_a_rule_leaves_the_card_itself_out():
    # Zuttomozaurus: "While you control another Dinosaur monster, your opponent's monsters cannot
    # target this card for attacks." -- itself, a Dinosaur, does not count.
    skull, zutto = "Summoned Skull", "Zuttomozaurus"
    assert "rule_while_other(24454387,attack_shield)" in facts_of(zutto)
    legal(board(field=[skull], opp_field=[zutto, "Kozaky"], first_turn=False), f'attack "{skull}" -> "{zutto}"')
    assert "cannot be targeted for attacks" in illegal(
        board(field=[skull], opp_field=[zutto, "Sabersaurus"], first_turn=False), f'attack "{skull}" -> "{zutto}"')
    # Cryomancer of the Ice Barrier: "While you control another "Ice Barrier" monster, Level 4 or
    # higher monsters cannot declare an attack." -- the opponent's copy stops the turn player's.
    cryo, dew = "Cryomancer of the Ice Barrier", "Dewdark of the Ice Barrier"
    stopped = board(field=[skull, "Dewdark of the Ice Barrier"], opp_field=[cryo, dew], first_turn=False)
    assert illegal(stopped, f'attack "{skull}" -> "{cryo}"')
    legal(stopped, f'attack "{dew}" -> "{cryo}"')     # Level 2
    legal(board(field=[skull], opp_field=[cryo, "Kozaky"], first_turn=False), f'attack "{skull}" -> "{cryo}"')


def test_the_other_wordings_of_a_rule_while_you_control_something():
    # Magical Broker: "While you control a Continuous Spell/Trap, this card cannot be destroyed by
    # battle or card effects." -- a face-up one (a Set card shows no Continuous).
    broker, messenger = "Magical Broker", "Messenger of Peace"
    r = legal(board(hand=["Raigeki"], opp_field=[broker], opp_st=[messenger]), 'activate "Raigeki"')
    assert names(r, 1, "graveyard") == []
    r = legal(board(hand=["Raigeki"], opp_field=[broker], opp_st=[{"card": messenger, "face_up": False}]),
              'activate "Raigeki"')
    assert names(r, 1, "graveyard") == [broker]
    # Hunter Owl: "While you control another face-up WIND monster, your opponent cannot select this
    # card as an attack target."
    skull, owl = "Summoned Skull", "Hunter Owl"
    assert "cannot be targeted for attacks" in illegal(
        board(field=[skull], opp_field=[owl, "Harpie Lady"], first_turn=False), f'attack "{skull}" -> "{owl}"')
    legal(board(field=[skull], opp_field=[owl], first_turn=False), f'attack "{skull}" -> "{owl}"')
    # Snow Plow Hustle Rustle: "You cannot Special Summon any monsters, except Machine monsters."
    gy = ["Cyber Dragon", "Gagagigo"]
    pos = board(hand=["Monster Reborn"], gy=gy, field=["Snow Plow Hustle Rustle"])
    legal(pos, 'activate "Monster Reborn" targeting "Cyber Dragon"')
    assert "cannot Special Summon" in illegal(pos, 'activate "Monster Reborn" targeting "Gagagigo"')


def test_synchro_material_only_for_the_synchro_summon_of_the_monsters_the_card_names():
    # Dragunity Remus: "Cannot be used as Synchro Material, except for the Synchro Summon of a
    # "Dragunity" monster."
    remus, dux = "Dragunity Remus", "Dragunity Dux"
    assert {"rule(26577155,no_material_except(synchro))",
            "rule_filter(26577155,no_material_except(synchro),1,pos,archetype(41))"} <= facts_of(remus)
    pos = board(field=[remus, dux], extra=["Dragunity Knight - Vajrayana", "Stardust Charge Warrior"], first_turn=False)
    legal(pos, f'synchro_summon "Dragunity Knight - Vajrayana" with "{remus}", "{dux}"')
    assert illegal(pos, f'synchro_summon "Stardust Charge Warrior" with "{remus}", "{dux}"') == \
        "Dragunity Remus cannot be used as Synchro Material (its card or an effect says so)"
    # "... of a "Burning Abyss" Synchro Monster": a filter of the summoned monster
    assert "rule_filter(734741,no_material_except(synchro),1,pos,kind(synchro))" in \
        facts_of("Rubic, Malebranche of the Burning Abyss")
