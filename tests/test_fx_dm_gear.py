"""Cross gears (grammar/abilities_gear.lark, fx_gear.py, asp/duel_masters/gear.lp, grants.lp): generate
and cross as steps of a line and as plays, what a crossed gear gives, Shield Trigger Cross, the gear
that stays when its creature leaves, and the opponent's gears in the lethal search.  Real library
cards, legal and illegal."""
from __future__ import annotations

import json

import pytest
from test_dm_helpers import check, pos, side, terms

from oracle.duel_masters import plays
from oracle.duel_masters import effects, lethal
from oracle.duel_masters.cards import library
from oracle.duel_masters.position import parse_position
from oracle.errors import OracleError

NATURE, FIRE, DARK, WATER = "Burning Mane", "Bolshack Dragon", "Bone Spider", "Aqua Vehicle"


def crossed(creature: str, *gears: str) -> dict:
    return {"card": creature, "crossed": list(gears)}


def after(result, player: int) -> str:
    """The line of the state that lists that player's battle zone after the last step."""
    assert result.legal, result.text()
    return [s for s in result.steps[-1].state if s.startswith(f"P{player} battle zone:")][0]


def test_gears_in_a_position_are_read_and_checked():
    doc = pos(side(battle_zone=[crossed("Cragsaur", "Emerald Claw", "Fire Blade"), "Quake Staff"]))
    position = parse_position(doc)
    gears = [i for i in position.instances if i.card.type == "cross_gear"]
    assert [(g.card.name, g.crossed_on, g.crossed) for g in gears] == [
        ("Emerald Claw", 1, 0), ("Fire Blade", 1, 1), ("Quake Staff", None, None)]
    assert gears[0].ref() == {"name": "Emerald Claw", "location": "battle_zone", "index": 0, "crossed": 0}
    bad = [(side(battle_zone=[crossed("Cragsaur", "Cragsaur")]), "only cross gears are crossed"),
           (side(battle_zone=[crossed("Quake Staff", "Emerald Claw")]), "a cross gear; it takes no flags"),
           (side(hand=[crossed("Cragsaur", "Emerald Claw")]), "not allowed for a card in hand"),
           (side(battle_zone=[{"card": "Quake Staff", "tapped": True}]), "a cross gear; it takes no flags"),
           (side(battle_zone=[{"card": "Cragsaur", "crossed": []}]), "non-empty list of cross gears")]
    for me, problem in bad:
        with pytest.raises(OracleError, match=problem):
            parse_position(pos(me))


def test_generate_and_cross_are_plays_paid_by_civilization():
    doc = pos(side(hand=["Emerald Claw"], mana_zone=[NATURE, FIRE, WATER],
                   battle_zone=["Cragsaur", "Quake Staff", crossed(WATER, "Fire Blade")]),
              side(battle_zone=["Cragsaur"]))
    found = plays(doc)
    generate = [p for p in found if p.action == "generate"]
    assert generate and all(p.cost == 1 and [x["civilization"] for x in p.payment] == ["nature"] for p in generate)
    # Fire Blade (fire, 2) moves to the Cragsaur: a fire mana and one more; Quake Staff needs darkness: none
    moves = [p for p in found if p.action == "cross"]
    assert {(p.card["name"], p.onto["name"], p.onto["location"]) for p in moves} == {
        ("Fire Blade", "Cragsaur", "battle_zone")}
    assert all(p.onto["index"] == 0 and p.cost == 2 and "fire" in [x["civilization"] for x in p.payment] for p in moves)
    # never onto the opponent's creature, never the gear it is already crossed with
    assert all(p.to_json()["onto"]["index"] == 0 for p in moves)
    assert set(moves[0].to_json()) == {"action", "player", "card", "method", "cost", "payment", "onto"}


def test_generate_and_cross_in_a_checked_line():
    doc = pos(side(hand=["Emerald Claw"], mana_zone=[NATURE, NATURE, DARK], battle_zone=["Cragsaur", "Quake Staff"]),
              side(battle_zone=["Cragsaur"]))
    result = check(doc, 'generate "Emerald Claw"', 'cross "Emerald Claw" onto "Cragsaur"',
                   'cross "Quake Staff" onto "Cragsaur"')
    assert after(result, 0) == "P0 battle zone: Cragsaur [crossed: Emerald Claw, Quake Staff]"
    state = result.steps[-1].position
    assert state["players"][0]["battle_zone"] == [{"card": "Cragsaur", "crossed": ["Emerald Claw", "Quake Staff"]}]
    parse_position(state)   # the state reads back
    # the same gear moved to another creature pays again
    doc2 = pos(side(mana_zone=[DARK, DARK], battle_zone=[crossed("Cragsaur", "Quake Staff"), WATER]))
    moved = check(doc2, f'cross "Quake Staff" onto "{WATER}"')
    assert after(moved, 0) == f"P0 battle zone: Cragsaur, {WATER} [crossed: Quake Staff]"
    assert "already_crossed" in terms(check(doc2, 'cross "Quake Staff" onto "Cragsaur"'))


def test_what_a_generate_or_a_cross_cannot_do():
    doc = pos(side(hand=["Emerald Claw", "Quake Staff"], mana_zone=[NATURE, FIRE], battle_zone=["Cragsaur"]),
              side(battle_zone=["Burning Mane"]))
    assert "no_civ_mana" in terms(check(doc, 'generate "Quake Staff"'))               # no darkness mana
    assert "gear_not_in_battle_zone" in terms(check(doc, 'cross "Emerald Claw" onto "Cragsaur"'))
    assert "not_a_gear" in terms(check(doc, 'generate "Cragsaur"'))
    gen_cross = ('generate "Emerald Claw" paying "Burning Mane"', 'cross "Emerald Claw" onto "Burning Mane"')
    assert "cross_onto_opponent" in terms(check(doc, *gen_cross))
    poor = pos(side(hand=["Emerald Claw"], mana_zone=[NATURE], battle_zone=["Cragsaur"]))
    assert "not_enough_mana" in terms(check(poor, 'generate "Emerald Claw"', 'cross "Emerald Claw" onto "Cragsaur"'))
    charge = pos(side(hand=["Emerald Claw", "Cragsaur"], mana_zone=[NATURE]), step="charge")
    assert "gear_not_main_step" in terms(check(charge, 'generate "Emerald Claw"'))
    # a gear is no creature: it does not attack, and an effect on creatures does not choose it
    board = pos(side(hand=["Terror Pit"], mana_zone=[DARK] * 6), side(battle_zone=["Quake Staff", "Cragsaur"]))
    assert "not_a_target" in terms(check(board, 'cast "Terror Pit" targeting "Quake Staff"'))
    assert "not_attacker" in terms(check(pos(side(battle_zone=["Quake Staff"]), side(shields=[WATER])),
                                         'attack "Quake Staff" -> player'))


def test_what_the_crossed_creature_gets_in_a_battle():
    def attack(gears, target, *more):
        doc = pos(side(battle_zone=[crossed(WATER, *gears) if gears else WATER]),
                  side(battle_zone=[{"card": target, "tapped": True}, *more], shields=[WATER, WATER, WATER]))
        return check(doc, f'attack "{WATER}" -> "{target}"')
    # Aqua Vehicle 1000: with Emerald Claw (+2000) it beats a 2000 and dies with a 3000
    assert after(attack(["Emerald Claw"], "Burning Mane"), 0) == f"P0 battle zone: {WATER} [crossed: Emerald Claw]"
    won = attack(["Emerald Claw"], "Burning Mane").text()
    assert "P0 battle zone after the attack: Aqua Vehicle (tapped) [crossed: Emerald Claw]" in won
    assert "P1 battle zone after the attack: none" in won
    lost = attack([], "Burning Mane").text()
    assert "P0 battle zone after the attack: none" in lost
    # Quake Staff: slayer -- the 9000 it loses to is destroyed too
    slain = attack(["Quake Staff"], "Deathliger, Lion of Chaos").text()
    assert "P1 battle zone after the attack: none" in slain
    # Hell Double Claw: "when the crossed creature wins a battle, destroy it"
    claw = attack(["Hell Double Claw", "Emerald Claw"], "Burning Mane").text()
    assert ("P0 battle zone after the attack: Hell Double Claw (cross gear, crossed with none), "
            "Emerald Claw (cross gear, crossed with none)") in claw and "P1 battle zone after the attack: none" in claw


def test_what_the_crossed_creature_gets_when_it_attacks_the_player():
    def shields_left(gears, *, shields=3, sick=False, blocker=None):
        creature = {"card": WATER, "summoned_this_turn": sick, **({"crossed": list(gears)} if gears else {})}
        doc = pos(side(battle_zone=[creature]), side(battle_zone=[blocker] if blocker else [], shields=[WATER] * shields))
        result = check(doc, f'attack "{WATER}" -> player')
        return result.text().split("shields left: ")[1].split("\n")[0] if result.legal else " ".join(result.steps[-1].terms)
    assert shields_left([]) == "2"
    assert shields_left(["Hell Double Claw"]) == "1"                           # "double breaker"
    assert shields_left(["Octillion Force"]) == "0"                            # "triple breaker"
    assert shields_left(["Bajula's Soul", "Hell Double Claw"], shields=4) == "1"   # one more shield: 3
    assert "summoning_sickness" in shields_left([], sick=True)
    assert shields_left(["Fire Blade"], sick=True) == "2"                      # "speed attacker"
    assert shields_left([], blocker="Ardent Lunatron") == "3"                  # blocked ("blocks if able")
    assert shields_left(["Invisible Suit"], blocker="Ardent Lunatron") == "2"  # "can't be blocked"
    assert "cannot_attack" in shields_left(["Maximum Defense"])                # "the crossed creature can't attack"


def test_the_opponents_gears_block_and_protect():
    # Maximum Defense crossed with the opponent's 1000: a 6000 blocker
    doc = pos(side(battle_zone=["Cragsaur"]), side(battle_zone=[crossed(WATER, "Maximum Defense")], shields=[WATER]))
    result = check(doc, 'attack "Cragsaur" -> player')
    assert "P1 battle zone after the attack: Aqua Vehicle (tapped) [crossed: Maximum Defense]" in result.text()
    assert "P0 battle zone after the attack: none" in result.text()
    # crossed with none, the gear is no creature: it does not block (the shield is broken)
    alone = check(pos(side(battle_zone=["Cragsaur"]), side(battle_zone=["Maximum Defense"], shields=[WATER])),
                  'attack "Cragsaur" -> player')
    assert "shields left: 0" in alone.text() and "P1 battle zone after the attack: Maximum Defense" in alone.text()
    # Patrial Flame: our effect cannot choose the crossed creature
    doc = pos(side(hand=["Terror Pit"], mana_zone=[DARK] * 6), side(battle_zone=[crossed("Cragsaur", "Patrial Flame")]))
    assert "not_a_target" in terms(check(doc, 'cast "Terror Pit" targeting "Cragsaur"'))
    # Powered Mask: +1000 for each tapped creature -- both of theirs and our attacker: 4000 beats the 3000
    doc = pos(side(battle_zone=["Cragsaur"]),
              side(battle_zone=[{"card": WATER, "tapped": True, "crossed": ["Powered Mask"]}, {"card": NATURE, "tapped": True}],
                   shields=[WATER]))
    text = check(doc, f'attack "Cragsaur" -> "{WATER}"').text()
    assert "P0 battle zone after the attack: none" in text
    assert f"P1 battle zone after the attack: {WATER} (tapped) [crossed: Powered Mask], {NATURE} (tapped)" in text


def test_the_gear_stays_when_its_creature_leaves_and_follows_an_evolution():
    doc = pos(side(hand=["Terror Pit"], mana_zone=[DARK] * 6), side(battle_zone=[crossed("Cragsaur", "Quake Staff")]))
    result = check(doc, 'cast "Terror Pit" targeting "Cragsaur"')
    assert result.steps[-1].position["players"][1]["battle_zone"] == [{"card": "Quake Staff"}]
    doc = pos(side(hand=["Crystal Jouster"], mana_zone=[WATER] * 7,
                   battle_zone=[crossed("Aqua Soldier", "Emerald Claw")]))
    evolved = check(doc, 'summon "Crystal Jouster" on "Aqua Soldier"')
    assert after(evolved, 0) == "P0 battle zone: Crystal Jouster [on Aqua Soldier] [crossed: Emerald Claw]"


def test_spiral_aura_returns_the_crossed_creature_to_the_hand():
    doc = pos(side(hand=["Death Cruzer, the Annihilator"], mana_zone=[DARK] * 7,
                   battle_zone=[crossed(WATER, "Spiral Aura"), "Cragsaur"]))
    state = check(doc, 'summon "Death Cruzer, the Annihilator"').steps[-1].position["players"][0]
    assert state["hand"] == [{"card": WATER}] and state["graveyard"] == [{"card": "Cragsaur"}]
    assert {"card": "Spiral Aura"} in state["battle_zone"]


def test_bolberg_cross_dragon_is_crossed_for_no_cost():
    doc = pos(side(battle_zone=["Bolberg Cross Dragon", "Cragsaur", "Quake Staff"]))
    moves = {(p.onto["name"], p.cost) for p in plays(doc) if p.action == "cross"}
    assert moves == {("Bolberg Cross Dragon", 0)}     # no darkness mana: only the free cross


def test_shield_trigger_cross_at_the_shield_break():
    doc = pos(side(battle_zone=["Cragsaur"]),
              side(battle_zone=[WATER, NATURE], shields=[{"card": "Maximum Defense", "broken": True},
                                                         {"card": "Emerald Claw", "broken": True}]),
              step="shield_break")
    found = [p for p in plays(doc) if p.action == "generate"]
    assert {(p.card["name"], p.method, p.cost, p.onto and p.onto["name"]) for p in found} == {
        ("Maximum Defense", "shield_trigger", 0, None), ("Maximum Defense", "shield_trigger", 0, WATER),
        ("Maximum Defense", "shield_trigger", 0, NATURE)}
    line = check(doc, f'generate "Maximum Defense" from shields by shield_trigger onto "{WATER}"')
    assert after(line, 1) == f"P1 battle zone: {WATER} [crossed: Maximum Defense], {NATURE}"
    assert "no_trigger_cross" in terms(check(doc, 'generate "Emerald Claw" from shields by shield_trigger'))
    assert "cross_onto_opponent" in terms(check(doc, 'generate "Maximum Defense" onto "Cragsaur"'))


def test_the_opponents_shield_trigger_cross_in_the_lethal_search():
    def answer(gear: str) -> str:
        doc = pos(side(battle_zone=["Cragsaur", "Cragsaur"]),
                  {**side(battle_zone=[WATER]), "shields": 1, "deck_list": {gear: 1, NATURE: 3}})
        return lethal.answer(lethal.problem_from(doc)).text()
    # crossed with their Aqua Vehicle, Maximum Defense makes a 6000 blocker that stops the second attack
    assert answer("Maximum Defense").startswith("lethal unless Maximum Defense (in the face-down shields)")
    assert "1/4" in answer("Maximum Defense")
    # Octillion Force gives only what helps an attacker: it stops nothing
    assert answer("Octillion Force").startswith("lethal against any shields and any blocks")


def test_gear_text_is_read_only_on_cross_gears():
    races = frozenset(r for c in library().cards for r in c.races)
    lib = library()
    assert effects.read_line("Cross Gear") == (("gear", "keyword"),)
    understood = [c.name for c in lib.cards if c.type == "cross_gear" and effects.understood(c, races)
                  and all(effects.played(a) for a in effects.read(c, races).abilities)]
    assert {"Emerald Claw", "Fire Blade", "Quake Staff", "Invisible Suit", "Hell Double Claw", "Octillion Force",
            "Maximum Defense", "Powered Mask", "Patrial Flame", "Demonic Protector", "Faerie Scoop", "Reverse Armor",
            "Spiral Aura"} <= set(understood)
    # Shining Defense: the data gives it the type Spell, so its gear text is not read
    assert not effects.understood(lib.find("Shining Defense"), races)
    # not read: race gains, doubled power
    for name in ("Final Dragarmor", "Powered Stallion"):
        assert not effects.understood(lib.find(name), races), name
    # the total power of several creatures is read (a verb of the effect family), on a gear as elsewhere
    assert effects.understood(lib.find("Inferno Scissors"), races)
    assert json.dumps(effects.read(lib.find("Bolberg Cross Dragon"), races).abilities).count("free_cross") == 1


def test_sharion_reduces_what_a_gear_costs_and_gyulcas_searches_one():
    with_sharion = pos(side(hand=["Fire Blade"], mana_zone=[FIRE], battle_zone=["Sharion, Hunter of the West Wind"]))
    assert [(p.action, p.cost) for p in plays(with_sharion)] == [("generate", 1)]    # 2 - 1
    without = pos(side(hand=["Fire Blade"], mana_zone=[FIRE], battle_zone=["Cragsaur"]))
    assert "not_enough_mana" in terms(check(without, 'generate "Fire Blade"'))
    # "... they can't cost less than 1": Quake Staff (1) still costs 1 and a darkness mana
    staff = pos(side(mana_zone=[FIRE], battle_zone=["Sharion, Hunter of the West Wind", "Quake Staff"]))
    assert "no_civ_mana" in terms(check(staff, 'cross "Quake Staff" onto "Sharion, Hunter of the West Wind"'))
    # Gyulcas: "you may take a cross gear from your deck ... and put it into your hand": then it is
    # generated; a creature of the deck cannot be taken so
    doc = pos(side(hand=["Gyulcas, Sage of the East Wind"], mana_zone=[FIRE] * 8 + [DARK], deck=["Cragsaur", "Quake Staff"]))
    gyulcas = f'summon "Gyulcas, Sage of the East Wind" paying {", ".join([chr(34) + FIRE + chr(34)] * 5)}'
    assert check(doc, gyulcas, 'generate "Quake Staff"').legal
    assert "not_in_hand" in terms(check(doc, gyulcas, 'summon "Cragsaur"'))   # three fire mana are left


def test_quick_defense_is_crossed_again_when_its_creature_is_destroyed():
    # their 1000 blocker (Quick Defense: "blocker") dies blocking; the gear goes to Burning Mane,
    # which blocks the next attack: two attackers do not get through, three do
    def verdict(attackers: int, gear: str) -> str:
        doc = pos(side(battle_zone=["Cragsaur"] * attackers),
                  {**side(battle_zone=[crossed(WATER, gear), NATURE]), "shields": []})
        return lethal.answer(lethal.problem_from(doc)).verdict
    assert verdict(2, "Quick Defense") == "no_lethal" and verdict(3, "Quick Defense") == "lethal"
    assert verdict(2, "Quake Staff") == "lethal"      # a gear that gives no blocker stops nothing
    # a step of ours destroying their crossed creature would let them choose: not played
    doc = pos(side(hand=["Terror Pit"], mana_zone=[DARK] * 6), side(battle_zone=[crossed(WATER, "Quick Defense"), NATURE]))
    assert "effect_not_resolved" in terms(check(doc, f'cast "Terror Pit" targeting "{WATER}"'))
    assert check(doc, f'cast "Terror Pit" targeting "{NATURE}"').legal
