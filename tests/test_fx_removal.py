"""The family "removal" of card effects (issue 8): destruction of every card of a kind on one side
of the field ("Destroy all monsters your opponent controls"), of every target ("destroy them"),
of this card, and of a card chosen on resolution ("destroy 1 card on the field").  Every card is
real (the bundled library); each rule has a legal and an illegal case."""
from __future__ import annotations

from yugioh_board import board
from yugioh_lines import facts_of, illegal, legal, names

from oracle.yugioh.cards import Library
from oracle.yugioh.effect_text import card_effects

OX, SKULL, GUARDIAN, DM = "Battle Ox", "Summoned Skull", "Celtic Guardian", "Dark Magician"
MST, HAUNTED = "Mystical Space Typhoon", "Call of the Haunted"


def code(name: str) -> int:
    return Library.load().by_name(name).code


def unsupported(name: str) -> str | None:
    lib = Library.load()
    return card_effects(lib.by_name(name), lib).unsupported


def monsters(result, player=0) -> list:
    return [z["card"] for z in result.steps[-1].position["players"][player]["monster_zones"] if z]


def spells_traps(result, player=0) -> list:
    return [z["card"] for z in result.steps[-1].position["players"][player]["spell_trap_zones"] if z]


def graveyard(result, player=0) -> list:
    return sorted(e if isinstance(e, int) else e["card"]
                  for e in result.steps[-1].position["players"][player].get("graveyard", []) if e)


# --- the grammar ----------------------------------------------------------------------------------
def test_mass_destruction_is_read_with_its_side_and_filter():
    c = code("Raigeki")
    assert {f"eff_do({c},1,1,1,destroy_every(opp,any))", f"eff_filter({c},1,1,1,1,pos,kind(monster))"} <= facts_of("Raigeki")
    c = code("Harpie's Feather Duster")
    assert {f"eff_do({c},1,1,1,destroy_every(opp,any))", f"eff_filter({c},1,1,1,1,pos,kind(spell))",
            f"eff_filter({c},1,1,1,2,pos,kind(trap))"} <= facts_of("Harpie's Feather Duster")
    c = code("Thunder End Dragon")   # "destroy all other monsters on the field"
    assert f"eff_do({c},1,1,1,destroy_every(both,other))" in facts_of("Thunder End Dragon")
    c = code("Photon Wyvern")        # "Destroy all Set cards your opponent controls"
    assert f"eff_filter({c},1,1,1,1,pos,set_card)" in facts_of("Photon Wyvern")


def test_destroying_them_needs_targets():
    c = code("Twin Twisters")
    f = facts_of("Twin Twisters")
    assert {f"eff_target({c},1,1,1,2,both,field)", f"eff_do({c},1,1,1,destroy_target)"} <= f
    # "Target 3 of them" (the banished monsters of the condition) is not read: neither is the card
    assert unsupported("Miracle Dig") is not None


# --- playing them ---------------------------------------------------------------------------------
def test_raigeki_empties_the_opponents_field_and_lets_a_direct_attack_through():
    pos = board(hand=["Raigeki"], field=[SKULL], opp_field=[OX, GUARDIAN])
    assert "directly" in illegal(pos, f'attack "{SKULL}" directly')
    r = legal(pos, 'activate "Raigeki"', f'attack "{SKULL}" directly')
    assert monsters(r, 1) == [] and monsters(r, 0) == [code(SKULL)]
    assert graveyard(r, 1) == sorted([code(OX), code(GUARDIAN)])
    assert r.steps[-1].position["players"][1]["life_points"] == 8000 - 2500


def test_raigeki_cannot_be_activated_with_nothing_to_destroy():
    pos = board(hand=["Raigeki"], field=[SKULL], opp_st=[{"card": MST, "face_up": False}])
    assert "there is none" in illegal(pos, 'activate "Raigeki"')


def test_dark_hole_destroys_both_sides_and_only_monsters():
    pos = board(hand=["Dark Hole"], field=[SKULL], st=[{"card": HAUNTED, "face_up": False}], opp_field=[OX])
    r = legal(pos, 'activate "Dark Hole"')
    assert monsters(r, 0) == [] and monsters(r, 1) == []
    assert spells_traps(r, 0) == [code(HAUNTED)]                 # a Trap is not a monster
    assert graveyard(r, 0) == sorted([code(SKULL), code("Dark Hole")])


def test_harpies_feather_duster_takes_only_the_opponents_spells_and_traps():
    pos = board(hand=["Harpie's Feather Duster"], st=[{"card": HAUNTED, "face_up": False}],
                opp_field=[OX], opp_st=[{"card": MST, "face_up": False}, {"card": HAUNTED, "face_up": False}])
    r = legal(pos, "activate \"Harpie's Feather Duster\"")
    assert spells_traps(r, 1) == [] and monsters(r, 1) == [code(OX)]
    assert spells_traps(r, 0) == [code(HAUNTED)]
    # no Spell or Trap on the opponent's field: nothing to destroy
    bare = board(hand=["Harpie's Feather Duster"], st=[{"card": HAUNTED, "face_up": False}], opp_field=[OX])
    assert "there is none" in illegal(bare, "activate \"Harpie's Feather Duster\"")


def test_a_filter_keeps_what_does_not_fit():
    # Warrior Elimination: "Destroy all Warrior monsters on the field" (Celtic Guardian is a Warrior,
    # Battle Ox a Beast-Warrior)
    pos = board(hand=["Warrior Elimination"], field=[GUARDIAN], opp_field=[OX])
    r = legal(pos, 'activate "Warrior Elimination"')
    assert monsters(r, 0) == [] and monsters(r, 1) == [code(OX)]
    assert "there is none" in illegal(board(hand=["Warrior Elimination"], opp_field=[OX]), 'activate "Warrior Elimination"')


def test_twin_twisters_destroys_both_of_its_targets():
    pos = board(hand=["Twin Twisters", OX], opp_st=[{"card": MST, "face_up": False}, {"card": HAUNTED, "face_up": False}])
    r = legal(pos, f'activate "Twin Twisters" paying "{OX}" targeting "{MST}", "{HAUNTED}"')
    assert spells_traps(r, 1) == []
    assert "not a valid target" in illegal(board(hand=["Twin Twisters", OX], opp_field=[SKULL]),
                                           f'activate "Twin Twisters" paying "{OX}" targeting "{SKULL}"')


def test_life_points_taken_and_paid_are_read():
    c = code("Spiritual Entanglement")    # "banish it until the End Phase": banished for the line
    assert f"eff_do({c},1,1,1,move(target,banished))" in facts_of("Spiritual Entanglement")


def test_spiritual_entanglement_banishes_its_target_for_the_line():
    pos = board(hand=["Spiritual Entanglement"], field=[GUARDIAN], opp_field=[SKULL])
    r = legal(pos, f'activate "Spiritual Entanglement" targeting "{SKULL}"', f'attack "{GUARDIAN}" directly')
    assert monsters(r, 1) == []
    assert [e["card"] if isinstance(e, dict) else e for e in r.steps[-1].position["players"][1]["banished"]] == [code(SKULL)]
    # a face-down monster is no target
    down = board(hand=["Spiritual Entanglement"], opp_field=[{"card": SKULL, "position": "set"}])
    assert "not a valid target" in illegal(down, f'activate "Spiritual Entanglement" targeting "{SKULL}"')


BUG, PLASMA = "Nobleman-Eater Bug", "Plasma Ball"


def test_plasma_ball_destroys_itself_after_its_direct_attack():
    c = code(PLASMA)
    assert f"eff_do({c},1,1,1,destroy_self)" in facts_of(PLASMA)
    pos = board(field=[PLASMA], opp_field=[OX], hand=["Dark Hole"])
    r = legal(pos, f'attack "{PLASMA}" directly', f'then activate "{PLASMA}"')
    assert monsters(r, 0) == [] and graveyard(r, 0) == [c]
    # mandatory: the line cannot go on without it
    assert "mandatory" in illegal(pos, f'attack "{PLASMA}" directly', 'activate "Dark Hole"')


def test_nobleman_eater_bug_destroys_two_monsters_on_the_field_itself_included():
    c = code(BUG)
    assert {f"eff_do({c},1,1,1,destroy_pick(2,2))", f"eff_src({c},1,1,1,field_both)"} <= facts_of(BUG)
    pos = board(field=[{"card": BUG, "position": "set"}], opp_field=[OX, SKULL])
    r = legal(pos, f'flip_summon "{BUG}"', f'then activate "{BUG}" destroying "{OX}", "{SKULL}"')
    assert monsters(r, 1) == [] and monsters(r, 0) == [code(BUG)]
    alone = board(field=[{"card": BUG, "position": "set"}], opp_field=[OX])
    r = legal(alone, f'flip_summon "{BUG}"', f'then activate "{BUG}" destroying "{BUG}", "{OX}"')
    assert monsters(r, 1) == [] and monsters(r, 0) == []
    # two cards, no fewer; and a Spell is not a monster
    assert illegal(pos, f'flip_summon "{BUG}"', f'then activate "{BUG}" destroying "{OX}"')
    st = board(field=[{"card": BUG, "position": "set"}], opp_field=[OX], opp_st=[{"card": MST, "face_up": False}])
    assert "not a card this effect can take" in illegal(
        st, f'flip_summon "{BUG}"', f'then activate "{BUG}" destroying "{OX}", "{MST}"')


def test_ritual_sealing_needs_a_face_up_ritual_monster():
    sealing = {"card": "Ritual Sealing", "face_up": False}
    pos = board(st=[sealing], opp_field=["Relinquished", OX])
    r = legal(pos, 'activate "Ritual Sealing" destroying "Relinquished"')
    assert monsters(r, 1) == [code(OX)]
    assert "not a card this effect can take" in illegal(pos, f'activate "Ritual Sealing" destroying "{OX}"')
    down = board(st=[sealing], opp_field=[{"card": "Relinquished", "position": "set"}])
    assert "no card to take" in illegal(down, 'activate "Ritual Sealing"')


FALCO, ROAR, SANCTUARY = "Salamangreat Falco", "Salamangreat Roar", "Salamangreat Sanctuary"


def test_falco_sets_a_trap_from_the_gy_that_cannot_be_activated_this_turn():
    c = code(FALCO)
    f = facts_of(FALCO)
    assert {f"eff_do({c},1,1,1,set_card(target,none))", f"eff_target({c},1,1,1,1,me,graveyard)"} <= f
    pos = board(hand=["Twin Twisters", FALCO], gy=[ROAR], opp_st=[{"card": MST, "face_up": False}])
    steps = (f'activate "Twin Twisters" paying "{FALCO}" targeting "{MST}"', f'then activate "{FALCO}" targeting "{ROAR}"')
    r = legal(pos, *steps)
    me = r.steps[-1].position["players"][0]
    # face-down, and Set this turn (so a Trap cannot be activated this turn: activate.lp)
    assert [(z["card"], z["face_up"], z.get("set_this_turn")) for z in me["spell_trap_zones"] if z] == [
        (code(ROAR), False, True)]
    assert code(ROAR) not in graveyard(r)
    # a Spell/Trap Falco does not name is no target
    other = board(hand=["Twin Twisters", FALCO], gy=[HAUNTED], opp_st=[{"card": MST, "face_up": False}])
    assert "not a valid target" in illegal(other, steps[0], f'then activate "{FALCO}" targeting "{HAUNTED}"')
    # a Field Spell Set by an effect is not modelled: refused, not guessed
    field = board(hand=["Twin Twisters", FALCO], gy=[SANCTUARY], opp_st=[{"card": MST, "face_up": False}])
    assert "only a Spell/Trap" in illegal(field, steps[0], f'then activate "{FALCO}" targeting "{SANCTUARY}"')


def test_a_mandatory_mass_destruction_is_activated_even_with_nothing_to_destroy():
    # Gigantes: "If this card is destroyed by battle and sent to the GY: Destroy all Spells and Traps
    # on the field." (mandatory)
    pos = board(field=["Gigantes"], opp_field=[SKULL], opp_st=[{"card": MST, "face_up": False}])
    r = legal(pos, f'attack "Gigantes" -> "{SKULL}"', 'then activate "Gigantes"')
    assert spells_traps(r, 1) == []
    bare = board(field=["Gigantes"], opp_field=[SKULL])
    legal(bare, f'attack "Gigantes" -> "{SKULL}"', 'then activate "Gigantes"')


def test_thunder_crash_inflicts_300_for_each_monster_it_destroyed():
    two = board(hand=["Thunder Crash"], field=["Kozaky", "Petit Moth"], first_turn=False)
    r = legal(two, 'activate "Thunder Crash"')
    assert r.steps[-1].position["players"][1]["life_points"] == 8000 - 600
    assert sorted(names(r, 0, "graveyard")) == ["Kozaky", "Petit Moth", "Thunder Crash"]
    # the count is of what it destroyed: a monster that cannot be destroyed by card effects counts not
    vapor = board(hand=["Thunder Crash"], field=["Kozaky", "Masked HERO Vapor"], first_turn=False)
    r = legal(vapor, 'activate "Thunder Crash"')
    assert r.steps[-1].position["players"][1]["life_points"] == 8000 - 300
    assert "there is none" in illegal(board(hand=["Thunder Crash"], first_turn=False), 'activate "Thunder Crash"')


def test_giant_trunade_returns_every_other_spell_and_trap_to_the_hand():
    trunade = "Giant Trunade"
    pos = board(hand=[trunade], st=["Swords of Revealing Light"], opp_st=[{"card": "Mirror Force", "face_up": False}])
    r = legal(pos, f'activate "{trunade}"')
    after = r.steps[-1].position["players"]
    assert [z for z in after[0]["spell_trap_zones"] if z] == [] and [z for z in after[1]["spell_trap_zones"] if z] == []
    assert names(r, 0, "hand") == ["Swords of Revealing Light"] and names(r, 0, "graveyard") == [trunade]
    assert names(r, 1, "hand") == ["Mirror Force"]
    assert "no card to return" in illegal(board(hand=[trunade], field=["Kozaky"]), f'activate "{trunade}"')
