"""Mana charge (503.1, 503.2): one card from the hand into the mana zone in the charge step;
a multicoloured card enters tapped, so it cannot pay in the same turn."""
from clingo import Number
from test_dm_helpers import pos, side, untapped

from oracle.duel_masters import plays
from oracle.duel_masters.facts import as_program, position_facts
from oracle.duel_masters.position import parse_position
from oracle.resources import encoding
from oracle.solver import make_control, solve

AEGIS = "Aegis, Sage of Fire and Lightning"  # light/fire creature, cost 4
GONTA = "Gonta, the Warrior Savage"  # fire/nature
LIGHT_FIRE_WATER = untapped("Cubela, the Oracle", "Artisan Picora", "Aqua Hulcus")


def charges(found):
    return [(p.player, p.card["name"], p.card["index"], p.tapped) for p in found if p.action == "charge"]


def lines(doc: dict, steps: int = 2, least: int = 1) -> list[tuple]:
    """Every line of actions from the position, grounding step(1) .. step(steps)."""
    ctl = make_control(encoding("duel_masters"), as_program(position_facts(parse_position(doc))),
                       arguments=["-c", f"least={least}"],
                       parts=[("base", ())] + [("step", (Number(t),)) for t in range(1, steps + 1)])
    result = solve(ctl, project=True)
    return sorted(tuple(sorted((s.arguments[0].number, s.arguments[1].name, s.arguments[3].number)
                               for s in m if s.name == "play"))
                  for m in result.models)


def test_charge_step_offers_each_card_multicoloured_tapped():
    doc = pos(side(hand=[AEGIS, "Faerie Life"]), step="charge")
    found = plays(doc)
    assert charges(found) == [(0, AEGIS, 0, True), (0, "Faerie Life", 1, False)]
    assert found[0].to_json() == {"action": "charge", "player": 0, "method": "charge", "tapped": True,
                                  "card": {"name": AEGIS, "location": "hand", "index": 0}}


def test_no_charge_outside_the_charge_step_nor_for_the_other_player():
    me = side(hand=["Faerie Life"])
    for step in ("main", "end", "attack"):
        assert charges(plays(pos(me, step=step))) == []
    assert charges(plays(pos(side(), me, step="charge"))) == []  # player 1 holds it: not their turn


def test_identical_cards_charge_once_unless_all_payments():
    doc = pos(side(hand=["Faerie Life", "Faerie Life"]), step="charge")
    assert len(charges(plays(doc))) == 1
    assert len(charges(plays(doc, all_payments=True))) == 2


def test_charge_then_summon_single_colour_pays_multicoloured_does_not():
    # Three untapped cards; Aegis costs 4.  A single-colour card charged at step 1 enters untapped
    # and pays at step 2; a multicoloured one (Melnia, water/darkness) enters tapped and cannot.
    # Melnia itself needs darkness, which no untapped card gives: it is never summoned.
    doc = pos(side(hand=[AEGIS, "Faerie Life", "Melnia, the Aqua Shadow"], mana_zone=LIGHT_FIRE_WATER),
              step="charge")
    aegis, faerie = 1, 2  # instance ids: the hand comes first
    assert lines(doc) == [((1, "charge", faerie), (2, "summon", aegis))]
    only_multi = pos(side(hand=[AEGIS, "Melnia, the Aqua Shadow"], mana_zone=LIGHT_FIRE_WATER), step="charge")
    assert lines(only_multi) == []  # charging Melnia leaves 3 untapped cards for a cost of 4


def test_charged_multicoloured_card_is_tapped_in_the_mana_zone():
    doc = pos(side(hand=[AEGIS, GONTA], mana_zone=LIGHT_FIRE_WATER + untapped("Faerie Life")),
              step="charge")
    aegis, gonta = 1, 2
    # With four untapped cards already, Aegis is summoned after either charge; Gonta (2 mana)
    # can be summoned after Aegis is charged, paying fire and nature from the old cards.
    got = lines(doc)
    assert ((1, "charge", gonta), (2, "summon", aegis)) in got
    assert ((1, "charge", aegis), (2, "summon", gonta)) in got
    # The charged Gonta never pays: every summon after charging it uses the four old cards.
    ctl = make_control(encoding("duel_masters"), as_program(position_facts(parse_position(doc))),
                       parts=(("base", ()), ("step", (Number(1),)), ("step", (Number(2),))))
    for model in solve(ctl, project=True).models:
        charged = [s.arguments[3].number for s in model if s.name == "play" and s.arguments[1].name == "charge"]
        paid_with = [s.arguments[1].number for s in model if s.name == "pay"]
        assert not set(charged) & set(paid_with)


def test_one_charge_per_turn_and_none_after_a_summon():
    doc = pos(side(hand=["Faerie Life", "Aqua Hulcus", "Artisan Picora"]), step="charge")
    # Two steps from the charge step with least=0: never two charges.
    assert all(sum(1 for play in line if play[1] == "charge") <= 1 for line in lines(doc, least=0))
    # From the main step no line charges, even after a summon.
    main = pos(side(hand=["Faerie Life", "Artisan Picora"], mana_zone=untapped("Artisan Picora")))
    assert all(play[1] != "charge" for line in lines(main, least=0) for play in line)


def test_explain_lists_the_charge_windows():
    from oracle.duel_masters.explain import explanation

    text = explanation(parse_position(pos(side(hand=["Faerie Life"]), step="charge")))
    assert "charge: P0 may charge Faerie Life (hand[0]) into the mana zone" in text


def test_time_tripper_of_the_opponent_makes_our_charge_enter_tapped():
    # "Your opponent's cards are put into his mana zone tapped" (Time Tripper, in his battle zone)
    doc = pos(side(hand=["Faerie Life"]), side(battle_zone=["Time Tripper, Shadow of Stagnation"]), step="charge")
    assert charges(plays(doc)) == [(0, "Faerie Life", 0, True)]
    # ours does not tap our own charge
    doc = pos(side(hand=["Faerie Life"], battle_zone=["Time Tripper, Shadow of Stagnation"]), step="charge")
    assert charges(plays(doc)) == [(0, "Faerie Life", 0, False)]
    # the charged card cannot pay that turn: Aegis (4) with three untapped cards and the charge
    doc = pos(side(hand=[AEGIS, "Faerie Life"], mana_zone=LIGHT_FIRE_WATER),
              side(battle_zone=["Time Tripper, Shadow of Stagnation"]), step="charge")
    assert lines(doc) == []
