"""Timing: main step, S-Trigger during a shield break, Ninja Strike, other zones."""
from test_dm_helpers import pos, side, summons, untapped

from oracle.duel_masters import plays

# The library (English sets DM-01..DM-17) has no Ninja Strike card: the position defines one.
NINJA = {"name": "Test Ninja (position-defined)", "civilizations": ["darkness"], "cost": 6,
         "type": "Creature", "races": ["Shinobi"],
         "text": "Ninja strike 4 (When your opponent's creature attacks or blocks, if you have at "
                 "least 4 cards in your mana zone, you may summon this creature for no cost.)"}


def test_only_the_turn_player_summons_in_the_main_step():
    doc = pos(side(), side(hand=["Bronze-Arm Tribe"], mana_zone=untapped(*["Faerie Life"] * 3)))
    assert plays(doc) == []
    doc["turn"]["player"] = 1
    assert len(plays(doc)) == 1


def test_shield_trigger_during_a_shield_break():
    shields = [{"card": "Amber Grass", "broken": True}, {"card": "Amber Grass"}]
    doc = pos(side(), side(shields=shields), step="shield_break")
    found = summons(plays(doc))
    assert [(p.player, p.card["location"], p.card["index"], p.method, p.cost, p.payment)
            for p in found] == [(1, "shields", 0, "shield_trigger", 0, [])]


def test_shield_trigger_needs_the_broken_shield_and_the_keyword():
    doc = pos(side(), side(shields=[{"card": "Bronze-Arm Tribe", "broken": True}, {"card": "Amber Grass"}]),
              step="shield_break")
    assert summons(plays(doc)) == []


def test_shield_trigger_creature_from_hand_pays_in_main_step():
    doc = pos(side(hand=["Amber Grass"], mana_zone=untapped(*["Cubela, the Oracle"] * 3)))
    assert summons(plays(doc)) == []
    doc["players"][0]["mana_zone"].append({"card": "Cubela, the Oracle"})
    assert [(p.method, p.cost) for p in summons(plays(doc))] == [("normal", 4)]


def test_ninja_strike_with_n_minus_one_and_n_mana_cards():
    attacked = side(hand=[NINJA["name"]], mana_zone=[{"card": "Faerie Life", "tapped": True}] * 3)
    doc = pos(side(battle_zone=[{"card": "Bronze-Arm Tribe"}]), attacked, step="attack", cards=[NINJA])
    assert summons(plays(doc)) == []  # 3 cards, Ninja strike 4
    doc["players"][1]["mana_zone"].append({"card": "Faerie Life", "tapped": True})
    found = summons(plays(doc))  # tapped mana counts: it is not paid
    assert [(p.player, p.method, p.cost, p.payment) for p in found] == [(1, "ninja_strike", 0, [])]


def test_ninja_strike_on_block_is_for_the_turn_player_and_once_per_attack():
    me = side(hand=[NINJA["name"]], mana_zone=untapped(*["Faerie Life"] * 4))
    doc = pos(me, side(), step="block", cards=[NINJA])
    assert [p.player for p in summons(plays(doc))] == [0]
    doc["players"][0]["ninja_strike_used"] = True
    assert summons(plays(doc)) == []
    doc = pos(me, side(), step="main", cards=[NINJA])
    assert [p.method for p in summons(plays(doc))] == []  # 4 mana, cost 6: not in main step


def test_summon_from_graveyard_still_pays():
    # No library card summons itself from another zone; these two are position-defined.
    cards = [{"name": "Grave Walker", "civilizations": ["darkness"], "cost": 2, "type": "Creature",
              "text": "You may summon this creature from your graveyard."},
             {"name": "Free Sprout", "civilizations": ["nature"], "cost": 5, "type": "Creature",
              "text": "You may summon this creature from your mana zone for no cost."}]
    me = side(graveyard=["Grave Walker"], mana_zone=untapped("Black Feather, Shadow of Rage", "Free Sprout"))
    found = summons(plays(pos(me, cards=cards)))
    got = sorted((p.card["name"], p.card["location"], p.method, p.cost) for p in found)
    assert got == [("Free Sprout", "mana_zone", "from_zone", 0),
                   ("Grave Walker", "graveyard", "from_zone", 2)]


def test_no_summon_at_end_of_turn():
    doc = pos(side(hand=["Bronze-Arm Tribe"], mana_zone=untapped(*["Faerie Life"] * 3)), step="end")
    assert plays(doc) == []


def test_step_program_grounds_for_a_second_step():
    # The rules are written for #program step(t): grounding t = 1 and 2 gives two summons in a
    # row that share the mana zone (a later multi-step checker reuses exactly this).
    from clingo import Number

    from oracle.duel_masters.facts import as_program, position_facts
    from oracle.duel_masters.position import parse_position
    from oracle.resources import encoding
    from oracle.solver import make_control, solve

    doc = pos(side(hand=["Bronze-Arm Tribe", "Raging Bamboo", "Aqua Hulcus"],
                   mana_zone=untapped(*["Faerie Life"] * 4)))
    ctl = make_control(encoding("duel_masters"), as_program(position_facts(parse_position(doc))),
                       parts=(("base", ()), ("step", (Number(1),)), ("step", (Number(2),))))
    result = solve(ctl, project=True)
    lines = sorted(tuple(sorted((s.arguments[0].number, s.arguments[3].number) for s in m if s.name == "play"))
                   for m in result.models)
    assert lines == [((1, 1), (2, 2)), ((1, 2), (2, 1))]  # 3 + 1 mana, in either order
