"""The family "summon" of card effects (issue 8): Special Summons by card effects in the shapes
the card pool writes them (an exception "except "X"", places with commas, "from the GY", "this
banished card", "them", "to your field"), the riders "but banish it when it leaves the field" and
"but it cannot attack this turn", and "If this card is in your GY / hand".  Every card is real;
each rule has a legal and an illegal case."""
from __future__ import annotations

from dataclasses import replace

from yugioh_board import board
from yugioh_lines import facts_of, illegal, legal

from oracle.yugioh.cards import Library
from oracle.yugioh.effect_text import card_effects

JET = "Jet Synchron"


def places(result, player=0) -> dict:
    pos = result.steps[-1].position["players"][player]
    name = lambda e: Library.load().get(e if isinstance(e, int) else e["card"]).name  # noqa: E731
    return {k: sorted(name(e) for e in pos.get(k, []) if e) for k in ("graveyard", "banished", "hand")}


# --- reading ---------------------------------------------------------------------------------------
def test_the_exception_is_a_neg_literal_of_the_filter():
    f = facts_of("Hajun, the Winged Mayakashi")
    code = Library.load().by_name("Hajun, the Winged Mayakashi").name_code
    assert any(x.startswith("eff_filter(") and f"neg,name({code})" in x for x in f)
    assert any("summon(1,1)" in x for x in f)


def test_places_with_commas_and_the_gy_condition():
    f = facts_of("Beetrooper Scout Buggy")
    assert {s for s in f if s.startswith("eff_src(")} >= {
        f"eff_src({Library.load().by_name('Beetrooper Scout Buggy').code},1,1,1,{p})" for p in ("hand", "deck", "graveyard")}
    f = facts_of(JET)
    code = Library.load().by_name(JET).code
    assert f"eff_from({code},2,graveyard)" in f
    assert f"eff_rider({code},2,1,1,banish_leaves)" in f


def test_it_with_nothing_targeted_is_read_only_where_a_rule_names_it():
    # Ambulance Rescueroid's "Special Summon that monster" is the watched monster destroyed by
    # battle, which no rule names: refused rather than summoning nothing.  Goyo Guardian's is the
    # monster it destroyed by battle (puzzles.lp: summon_destroyed).
    lib = Library.load()
    assert "does not target" in card_effects(lib.by_name("Ambulance Rescueroid"), lib).unsupported
    assert "eff_do(7391448,1,1,1,summon_destroyed)" in facts_of("Goyo Guardian")


# --- from the GY, and the banish rider ----------------------------------------------------------------
def test_jet_synchron_revives_itself_from_the_gy_and_is_banished_when_it_leaves():
    pos = board(hand=["Kozaky", "Dark Magician"], gy=[JET])
    r = legal(pos, f'activate "{JET}" effect 2 paying "Kozaky"')
    assert JET not in places(r)["graveyard"]
    # Tributed for a Tribute Summon, it is banished, not sent to the GY.
    pos = board(hand=["Kozaky", "Summoned Skull"], gy=[JET])
    r = legal(pos, f'activate "{JET}" effect 2 paying "Kozaky"', f'tribute_summon "Summoned Skull" with "{JET}"')
    assert JET in places(r)["banished"] and JET not in places(r)["graveyard"]


def test_jet_synchron_is_not_activated_from_the_hand():
    pos = board(hand=[JET, "Kozaky"])
    assert illegal(pos, f'activate "{JET}" effect 2 paying "Kozaky"')


def test_a_monster_without_the_rider_goes_to_the_gy():
    pos = board(hand=["Summoned Skull"], field=["Kozaky"])
    r = legal(pos, 'tribute_summon "Summoned Skull" with "Kozaky"')
    assert "Kozaky" in places(r)["graveyard"]


# --- an exception in the filter ----------------------------------------------------------------------
def test_an_exception_refuses_a_copy_of_the_card_itself():
    hajun = "Hajun, the Winged Mayakashi"
    pos = board(hand=[hajun])
    pos["players"][0]["deck"] = [hajun, "Yuki-Musume, the Ice Mayakashi"]
    legal(pos, f'normal_summon "{hajun}"', f'then activate "{hajun}" summoning "Yuki-Musume, the Ice Mayakashi"')
    assert "not a card this effect can take" in illegal(
        pos, f'normal_summon "{hajun}"', f'then activate "{hajun}" summoning "{hajun}"')


# --- "ignoring its Summoning conditions" ---------------------------------------------------------------
def test_ignoring_its_summoning_conditions_summons_a_toon_from_the_hand():
    rtd, skull = "Red-Eyes Toon Dragon", "Toon Summoned Skull"
    pos = board(hand=[skull, rtd], field=[rtd])
    legal(pos, f'activate "{rtd}" summoning "{skull}"')
    # the exception still holds
    assert "not a card this effect can take" in illegal(pos, f'activate "{rtd}" summoning "{rtd}"')


def test_without_ignoring_the_summoning_condition_holds():
    # One for One summons a Level 1 monster from the Deck, respecting its summoning conditions.
    pos = board(hand=["One for One", "Kozaky"])
    pos["players"][0]["deck"] = ["Toon Summoned Skull"]
    assert "not a card this effect can take" in illegal(pos, 'activate "One for One" paying "Kozaky" summoning "Toon Summoned Skull"')
    pos = board(hand=["Marauding Captain", "Toon Summoned Skull"])
    assert "summoning condition" in illegal(pos, 'normal_summon "Marauding Captain"',
                                            'then activate "Marauding Captain" summoning "Toon Summoned Skull"')


def test_malefic_divide_ignores_the_conditions_but_not_the_revive_limit():
    divide, mcd = "Malefic Divide", "Malefic Cyber End Dragon"
    r = legal(board(hand=[divide], gy=[{"card": mcd, "properly_summoned": True}]), f'activate "{divide}" targeting "{mcd}"')
    # its effects are negated on the field
    zone, = [z for z in r.steps[-1].position["players"][0]["monster_zones"] if z]
    assert zone.get("effects_negated") is True
    assert "revive limit" in illegal(board(hand=[divide], gy=[{"card": mcd, "properly_summoned": False}]),
                                     f'activate "{divide}" targeting "{mcd}"')
    # Monster Reborn does not ignore them: a monster that must be Special Summoned one way stays there
    assert "cannot be Special Summoned" in illegal(board(hand=["Monster Reborn"], gy=[{"card": mcd, "properly_summoned": True}]),
                                                   f'activate "Monster Reborn" targeting "{mcd}"')


# --- "other" in a cost; "them" ---------------------------------------------------------------------------
def test_galaxy_soldier_cannot_pay_with_itself():
    gs = "Galaxy Soldier"
    legal(board(hand=[gs, "Photon Thrasher"]), f'activate "{gs}" paying "Photon Thrasher"')
    assert "cannot be paid" in illegal(board(hand=[gs]), f'activate "{gs}"')


def test_tri_wight_summons_all_three_targets():
    tri, wights = "Tri-Wight", ["Water Spirit", "Doron", "Flame Viper"]
    r = legal(board(hand=[tri], gy=wights), f'activate "{tri}" targeting ' + ", ".join(f'"{w}"' for w in wights))
    assert places(r)["graveyard"] == [tri]
    assert "no valid target" in illegal(board(hand=[tri], gy=wights[:2]), f'activate "{tri}"')


def test_the_banish_rider_is_kept_in_the_position():
    r = legal(board(hand=["Kozaky"], gy=[JET]), f'activate "{JET}" effect 2 paying "Kozaky"')
    zone, = [z for z in r.steps[-1].position["players"][0]["monster_zones"] if z]
    assert zone.get("banished_when_it_leaves") is True
    # read back from a position: Tributed, it is banished; without the key it goes to the GY
    pos = board(hand=["Summoned Skull"], field=[{"card": JET, "position": "attack", "banished_when_it_leaves": True}])
    r = legal(pos, f'tribute_summon "Summoned Skull" with "{JET}"')
    assert places(r)["banished"] == [JET]
    r = legal(board(hand=["Summoned Skull"], field=[JET]), f'tribute_summon "Summoned Skull" with "{JET}"')
    assert places(r)["graveyard"] == [JET]


# --- "any number of", "they cannot attack this turn", "to your opponent's field" ------------------------
def test_counts_and_sides_are_read():
    f = facts_of("Assault Dog")
    assert "eff_do(72714226,1,1,1,summon(1,99))" in f
    lib = Library.load()
    from oracle.yugioh.effect_text import _parse_unit
    (act,) = _parse_unit("Special Summon this card to your opponent's field in Defense Position.", lib)["actions"]
    assert act["what"] == ("self",) and act["position"] == "defense" and ("to_opponent",) in act["riders"]


def test_puppet_masters_monsters_cannot_attack_this_turn():
    pm, fiends = "Puppet Master", ["Kozaky", "Archfiend Soldier"]
    pos = board(hand=[pm], field=["Dark Magician"], gy=fiends)
    steps = [f'tribute_summon "{pm}" with "Dark Magician"',
             f'then activate "{pm}" targeting "Kozaky", "Archfiend Soldier"']
    legal(pos, *steps, f'attack "{pm}" directly')
    assert "cannot attack" in illegal(pos, *steps, 'attack "Archfiend Soldier" directly')


# --- "Special Summon both this card and 1 ..." -------------------------------------------------------
def test_impcantation_candoll_summons_itself_and_one_from_the_deck():
    candoll, book, spell = "Impcantation Candoll", "Impcantation Bookstone", "Black Luster Ritual"
    pos = board(hand=[candoll, spell])
    pos["players"][0]["deck"] = [book, candoll]
    r = legal(pos, f'activate "{candoll}" paying "{spell}" summoning "{book}"')
    on_field = sorted(z["card"] for z in r.steps[-1].position["players"][0]["monster_zones"] if z)
    lib = Library.load()
    assert on_field == sorted([lib.by_name(candoll).code, lib.by_name(book).code])
    # not a second copy of itself; and both or nothing: with no other Impcantation in the Deck, no activation
    assert "not a card this effect can take" in illegal(pos, f'activate "{candoll}" paying "{spell}" summoning "{candoll}"')
    alone = board(hand=[candoll, spell])
    alone["players"][0]["deck"] = [candoll]
    assert illegal(alone, f'activate "{candoll}" paying "{spell}"')


def test_mask_change_summons_a_masked_hero_of_the_sent_monsters_attribute():
    fire = "Elemental HERO Burstinatrix"   # FIRE
    pos = board(hand=["Mask Change"], field=[fire], extra=["Masked HERO Goka", "Masked HERO Vapor"], first_turn=False)
    r = legal(pos, f'activate "Mask Change" targeting "{fire}" summoning "Masked HERO Goka"',
              'attack "Masked HERO Goka" directly')
    # Goka (FIRE, 2200) is summoned properly by the card its text names, and gains 100 for the HERO in the GY
    assert r.steps[-1].position["players"][1]["life_points"] == 8000 - 2300
    assert "Attribute" in illegal(pos, f'activate "Mask Change" targeting "{fire}" summoning "Masked HERO Vapor"')
    # no other effect brings a Masked HERO out of the Extra Deck
    reborn = board(hand=["Monster Reborn"], gy=["Masked HERO Goka"], first_turn=False)
    assert "cannot be Special Summoned" in illegal(reborn, 'activate "Monster Reborn" targeting "Masked HERO Goka"')


def test_riders_said_in_sentences_of_their_own_go_to_the_summon_before_them():
    # Iron Call: "... Special Summon that target. Its effects are negated. Destroy it during the End Phase."
    call = "Iron Call"
    pos = board(hand=[call], field=["Cyber Dragon"], gy=["Ancient Gear Soldier"])
    r = legal(pos, f'activate "{call}" targeting "Ancient Gear Soldier"')
    zone = [z for z in r.steps[-1].position["players"][0]["monster_zones"] if z][-1]
    assert zone.get("effects_negated") is True
    assert "only if you control a face-up Machine monster" in illegal(board(hand=[call], field=["Kozaky"], gy=["Ancient Gear Soldier"]),
                                  f'activate "{call}" targeting "Ancient Gear Soldier"')   # no Machine monster
    # the rider is refused after another action than a Special Summon
    lib = Library.load()
    other = replace(lib.by_name("Pot of Greed"), text="Draw 2 cards. Its effects are negated.")
    read = card_effects(other, Library([other], lib.archetypes))
    assert read.unsupported == "a rider after another action than a Special Summon"


def test_their_effects_are_negated_after_a_summon_of_several_monsters():
    whale, three = "Big Whale", ["Don Turtle", "Amabie", "Mermaid Archer"]
    pos = board(hand=[whale], field=["Kozaky", "Celtic Guardian"])
    pos["players"][0]["deck"] = three
    r = legal(pos, f'tribute_summon "{whale}" with "Kozaky", "Celtic Guardian"',
              f'then activate "{whale}" summoning ' + ", ".join(f'"{n}"' for n in three))
    zones = [z for z in r.steps[-1].position["players"][0]["monster_zones"] if z]
    assert len(zones) == 3 and all(z.get("effects_negated") is True for z in zones)


def test_cannot_be_special_summoned_from_the_gy():
    # Dark Ruler Ha Des: a summoning condition, also of a card whose effects are not read
    reborn = 'activate "Monster Reborn" targeting "Dark Ruler Ha Des"'
    why = illegal(board(hand=["Monster Reborn"], gy=["Dark Ruler Ha Des"]), reborn)
    assert why == "summoning condition: Dark Ruler Ha Des cannot be Special Summoned from the GY"
    legal(board(hand=["Monster Reborn"], gy=["Summoned Skull"]), 'activate "Monster Reborn" targeting "Summoned Skull"')
    # XY-Dragon Cannon: the sentence after "(You do not use "Polymerization".)"
    lib = Library.load()
    from oracle.yugioh.requirements import requirements
    assert "no_ss_from(2111707,graveyard)" in {str(s) for s in requirements(lib.by_name("XY-Dragon Cannon"), lib).facts}
    assert "eff_do(2111707,1,1,1,destroy_target)" in facts_of("XY-Dragon Cannon")   # and its effect is read
    # Destiny HERO - Disk Commander: "... from the GY the turn this card was sent to the GY" is not
    # read, so it is never Special Summoned from the GY (and says why)
    disk = requirements(lib.by_name("Destiny HERO - Disk Commander"), lib)
    assert any("never Special Summoned from the GY" in s for s in disk.skipped)


def test_summoning_conditions_on_the_place_and_the_way_are_never_ignored():
    lib = Library.load()
    from oracle.yugioh.requirements import requirements
    # Toy Knight: "Cannot be Special Summoned from the Deck." One for One may not take it from the
    # Deck; Monster Reborn may from the GY
    one = board(hand=["One for One", "Kozaky"])
    one["players"][0]["deck"] = ["Toy Knight"]
    assert "cannot be Special Summoned from the Deck" in illegal(one, 'activate "One for One" paying "Kozaky" summoning "Toy Knight"')
    legal(board(hand=["Monster Reborn"], gy=["Toy Knight"]), 'activate "Monster Reborn" targeting "Toy Knight"')
    # an exception no fact says exactly is played as the stricter rule, and says so
    arsenal = requirements(lib.by_name("Myutant Arsenal"), lib)
    assert "no_special(7574904)" in {str(x) for x in arsenal.facts}
    assert any("never Special Summoned, as this is not read" in n for n in arsenal.skipped)
    assert "cannot be Special Summoned" in illegal(board(hand=["Monster Reborn"], gy=["Myutant Arsenal"]),
                                                   'activate "Monster Reborn" targeting "Myutant Arsenal"')
    # "Cannot be Special Summoned by other ways" after its own procedure: no effect summons it
    assert "no_ss_effect(22657402)" in {str(x) for x in requirements(lib.by_name("Isolde, Belle of the Underworld"), lib).facts}
    # an Extra Deck monster whose condition is not read is not summoned at all
    assert requirements(lib.by_name("Tri-Brigade Arms Bucephalus II"), lib).unsupported
