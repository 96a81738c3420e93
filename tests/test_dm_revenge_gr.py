"""Revenge Chance (end of turn, for no cost) and GR summon (top of the super GR zone, cost
treated as paid).  No card of the library has either: every card named "(position-defined)"
below is defined inside the position ("cards"), as for Ninja Strike."""
import pytest
from clingo import Number
from test_dm_helpers import pos, side, summons, untapped

from oracle.duel_masters import plays
from oracle.duel_masters.facts import as_program, position_facts
from oracle.duel_masters.position import parse_position
from oracle.errors import OracleError
from oracle.resources import encoding
from oracle.solver import make_control, solve


def revenger(name: str, condition: str, turns: str = "each player's turn") -> dict:
    """A position-defined nature creature with Revenge Chance."""
    return {"name": f"{name} (position-defined)", "civilizations": ["nature"], "cost": 7,
            "type": "Creature", "races": ["Dreammate"], "power": 5000,
            "text": f"Revenge Chance—At the end of {turns}, if {condition}, you may summon this "
                    "creature for no cost."}


SWARM = revenger("Swarm Avenger", "your opponent put 3 or more creatures into the battle zone that turn")
GIANT = revenger("Giant Avenger", "your opponent has a creature in the battle zone that costs 11 or more "
                                  "or has 18000 power or more")
ONLY_THEIRS = revenger("Patient Avenger", "your opponent put 1 or more creatures into the battle zone "
                                          "that turn", turns="each of your opponent's turns")
VAGUE = revenger("Vague Avenger", "your opponent drew 3 or more cards that turn")

GR_BOT = {"name": "GR Bot (position-defined)", "civilizations": ["water"], "cost": 3,
          "type": "Creature", "races": ["Gacharange"], "gr": True, "power": 3000}
GR_SPARK = {"name": "GR Spark (position-defined)", "civilizations": ["fire"], "cost": 2,
            "type": "Creature", "races": ["Gacharange"], "gr": True, "power": 2000,
            "text": "When you put this creature into the battle zone, you may destroy one of your "
                    "opponent's creatures that has power 2000 or less."}
GR_CALLER = {"name": "GR Caller (position-defined)", "civilizations": ["nature"], "cost": 4,
             "type": "Creature", "races": ["Jokers"], "power": 3000,
             "text": "When you put this creature into the battle zone, GR summon. (Summon the top "
                     "card of your super GR zone as if you paid its cost.)"}
GR_CARDS = [GR_BOT, GR_SPARK, GR_CALLER]


def end_of_turn(me: dict, other: dict, *cards, **extra) -> dict:
    return pos(me, other, step="end", cards=list(cards), **extra)


# ----------------------------------------------------------------- Revenge Chance

def test_revenge_chance_when_the_opponent_put_three_creatures():
    # Player 0's turn ends; player 1 holds the avenger.
    doc = end_of_turn(side(creatures_put_this_turn=3), side(hand=[SWARM["name"]]), SWARM)
    found = summons(plays(doc))
    assert [(p.player, p.card["location"], p.method, p.cost, p.payment) for p in found] == [
        (1, "hand", "revenge_chance", 0, [])]


def test_revenge_chance_condition_not_met_with_two_creatures():
    doc = end_of_turn(side(creatures_put_this_turn=2), side(hand=[SWARM["name"]]), SWARM)
    assert plays(doc) == []


def test_revenge_chance_only_at_the_end_of_the_turn():
    doc = pos(side(creatures_put_this_turn=3), side(hand=[SWARM["name"]]), step="main", cards=[SWARM])
    assert plays(doc) == []  # the main step of player 0: nothing for player 1
    doc["turn"]["player"] = 1  # player 1's main step: no mana, Revenge Chance does not apply
    assert plays(doc) == []


def test_revenge_chance_at_the_end_of_your_own_turn():
    # "each player's turn": the turn player may use it too, when the opponent's count is met.
    doc = end_of_turn(side(hand=[SWARM["name"]]), side(creatures_put_this_turn=3), SWARM)
    assert [p.player for p in summons(plays(doc))] == [0]
    doc = end_of_turn(side(hand=[SWARM["name"]], creatures_put_this_turn=3), side(), SWARM)
    assert plays(doc) == []  # your own creatures do not count


def test_revenge_chance_of_the_opponents_turns_only():
    doc = end_of_turn(side(creatures_put_this_turn=1), side(hand=[ONLY_THEIRS["name"]]), ONLY_THEIRS)
    assert [p.player for p in summons(plays(doc))] == [1]
    mine = end_of_turn(side(hand=[ONLY_THEIRS["name"]]), side(creatures_put_this_turn=1), ONLY_THEIRS)
    assert plays(mine) == []  # the end of player 0's own turn


def test_revenge_chance_big_creature_condition():
    king = {"card": "King Tsunami"}  # cost 12
    doc = end_of_turn(side(battle_zone=[king]), side(hand=[GIANT["name"]]), GIANT)
    assert [p.method for p in summons(plays(doc))] == ["revenge_chance"]
    small = end_of_turn(side(battle_zone=[{"card": "Aqua Hulcus"}]), side(hand=[GIANT["name"]]), GIANT)
    assert plays(small) == []
    # A big creature under an evolution creature is only an evolution source: it does not count.
    stack = {"card": "Alcadeias, Lord of Spirits", "under": ["Syrius, Firmament Elemental"]}
    covered = end_of_turn(side(battle_zone=[stack]), side(hand=[GIANT["name"]]), GIANT)
    assert plays(covered) == []
    top = end_of_turn(side(battle_zone=[{"card": "Syrius, Firmament Elemental"}]),
                      side(hand=[GIANT["name"]]), GIANT)
    assert len(plays(top)) == 1


def test_revenge_chance_is_a_summon_and_obeys_locks():
    lock = {"card": "Alphadios, Lord of Spirits"}  # only light creatures can be summoned
    doc = end_of_turn(side(creatures_put_this_turn=3, battle_zone=[lock]), side(hand=[SWARM["name"]]), SWARM)
    assert plays(doc) == []
    rider = end_of_turn(side(creatures_put_this_turn=3, battle_zone=[{"card": "Aqua Rider"}]),
                        side(hand=[SWARM["name"]]), SWARM)
    found = plays(rider)
    assert [t["on"] for t in found[0].triggers] == ["opponent_summons"]


def test_unsupported_revenge_condition_opens_no_window_and_is_reported():
    from oracle.duel_masters.explain import explanation

    doc = end_of_turn(side(creatures_put_this_turn=5), side(hand=[VAGUE["name"]]), VAGUE)
    assert plays(doc) == []
    lines = explanation(parse_position(doc))
    assert any(line.startswith("ignored (unsupported text) Vague Avenger") for line in lines)


def _lines(doc: dict, steps: int, least: int = 1) -> list[tuple]:
    """Every line of `steps` actions from the position: ((t, action, player, iid), ...)."""
    ctl = make_control(encoding("duel_masters"), as_program(position_facts(parse_position(doc))),
                       arguments=["-c", f"least={least}"],
                       parts=[("base", ())] + [("step", (Number(t),)) for t in range(1, steps + 1)])
    result = solve(ctl, project=True)
    return sorted(tuple(sorted((s.arguments[0].number, s.arguments[1].name, s.arguments[2].number,
                                s.arguments[3].number) for s in m if s.name == "play"))
                  for m in result.models)


def test_revenge_summons_count_as_creatures_put_this_turn():
    # Step 1: player 1 revenge-summons (player 0 put 3 creatures).  That summon puts a creature
    # into the battle zone, so at step 2 player 0's avenger ("opponent put 1 or more") may follow.
    patient = revenger("Eager Avenger", "your opponent put 1 or more creatures into the battle zone that turn")
    doc = end_of_turn(side(hand=[patient["name"]], creatures_put_this_turn=3), side(hand=[SWARM["name"]]),
                      SWARM, patient)
    assert [p.player for p in plays(doc)] == [1]  # at first only player 1 qualifies
    swarm, eager = 2, 1  # instance ids: player 0's hand first
    assert _lines(doc, 2) == [((1, "summon", 1, swarm), (2, "summon", 0, eager))]


# ----------------------------------------------------------------- GR summon

def resolving_gr(gr_zone: list, other: dict | None = None, **zones) -> dict:
    me = side(gr_zone=gr_zone, battle_zone=[{"card": GR_CALLER["name"]}], **zones)
    return pos(me, other, cards=GR_CARDS, resolving={"card": GR_CALLER["name"], "player": 0})


def test_gr_summon_takes_the_top_card_as_if_paid():
    found = plays(resolving_gr([GR_BOT["name"], GR_SPARK["name"]]))
    assert [p.to_json() for p in found] == [{
        "action": "summon", "player": 0, "method": "gr_summon", "cost": 0, "payment": [],
        "cost_treated_as_paid": True,
        "card": {"name": GR_BOT["name"], "location": "gr_zone", "index": 0}}]


def test_gr_summon_with_an_empty_super_gr_zone():
    assert plays(resolving_gr([])) == []


def test_gr_summon_needs_the_resolving_ability():
    # Without an effect that says "GR summon", GR creatures are never summoned, even with mana.
    me = side(gr_zone=[GR_BOT["name"]], mana_zone=untapped(*["Aqua Hulcus"] * 5))
    assert plays(pos(me, cards=GR_CARDS)) == []


def test_gr_summon_is_a_summon_locks_stop_it():
    lock = side(battle_zone=[{"card": "Alphadios, Lord of Spirits"}])  # only light creatures
    assert plays(resolving_gr([GR_BOT["name"]], lock)) == []


def test_gr_summon_fires_when_summoned_triggers():
    found = plays(resolving_gr([GR_SPARK["name"]], side(battle_zone=[{"card": "Aqua Rider"}])))
    kinds = sorted((t["card"]["name"], t["on"]) for t in found[0].triggers)
    assert kinds == [("Aqua Rider", "opponent_summons"), (GR_SPARK["name"], "self_enters")]


def test_one_gr_summon_per_resolution():
    doc = resolving_gr([GR_BOT["name"], GR_SPARK["name"]])
    # least=0 lets step 2 stay empty: the second card is not GR summoned by the same effect.
    lines = _lines(doc, 2, least=0)
    assert max(len(line) for line in lines) == 1
    assert {play[3] for line in lines for play in line} == {2}  # only ever the top card (iid 2)


def test_gr_summon_caller_text_is_parsed():
    from oracle.duel_masters import keywords as kw
    from oracle.duel_masters.facts import race_set

    p = parse_position(pos(side(), cards=GR_CARDS))
    caller = p.library.find(GR_CALLER["name"])
    found = kw.abilities(caller, race_set(p))
    assert found.items == [kw.Trigger("self_enters"), kw.GrSummon()] and not found.unsupported


@pytest.mark.parametrize("zone, card, words", [
    ("hand", GR_BOT["name"], "can only be in gr_zone or battle_zone"),
    ("gr_zone", "Aqua Hulcus", "not a GR creature"),
])
def test_gr_cards_stay_in_their_zones(zone, card, words):
    with pytest.raises(OracleError, match=words) as err:
        parse_position(pos(side(**{zone: [card]}), cards=GR_CARDS), "bad.json")
    assert err.value.field == f"players[0].{zone}[0]"
