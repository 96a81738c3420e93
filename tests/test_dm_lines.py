"""Duel Masters lines (`oracle check`): the text form, legal and illegal lines step by step, and
every explanation sentence, which comes from the relaxed rules (fail/2), never from Python."""
from __future__ import annotations

import json
import re

import clingo
import pytest
from click.testing import CliRunner
from test_dm_helpers import check, pos, side, untapped

from oracle.cli import main
from oracle.duel_masters import plays
from oracle.duel_masters.lines import (
    Step,
    check_line,
    load_line,
    make_line,
    parse_step,
    parse_text,
)
from oracle.duel_masters.position import parse_position
from oracle.duel_masters.wording import SENTENCES, sentence
from oracle.errors import OracleError
from oracle.resources import encoding

AEGIS = "Aegis, Sage of Fire and Lightning"  # light/fire, cost 4
GONTA = "Gonta, the Warrior Savage"  # fire/nature, cost 2
GROBLAV = "Bruiser Dragon"  # fire, cost 5
BRONZE = "Bronze-Arm Tribe"  # nature, cost 3
FAIL = re.compile(r"fail\(t,([a-z][a-z_]*)")


def reasons(doc: dict, *steps: str) -> list[str]:
    result = check(doc, *steps)
    assert result.status == "illegal", result.text()
    assert all(r.legal for r in result.steps[:-1]) and not result.steps[-1].legal
    return result.steps[-1].reasons


# --- the text form ------------------------------------------------------------------------------
def test_text_form_reads_every_part_and_prints_it_back():
    text = 'summon "Alcadeias, Lord of Spirits" from hand by normal paying "Cubela, the Oracle", "Cubela, the Oracle" on "Aeris, Flight Elemental"'
    step = parse_step(text, 1)
    assert (step.action, step.card, step.zone, step.method) == ("summon", "Alcadeias, Lord of Spirits", "hand", "normal")
    assert step.paying == ["Cubela, the Oracle"] * 2 and step.on == ["Aeris, Flight Elemental"]
    assert step.text() == text
    ref, steps = parse_text('# a line\nposition "b.json"\n\ncharge "Faerie Life"  # comment\nput "Bronze-Arm Tribe"\n')
    assert ref == "b.json" and [(s.action, s.line) for s in steps] == [("charge", 4), ("put", 5)]


@pytest.mark.parametrize("text, problem", [
    ('summon Bronze-Arm Tribe', "double quotes"),
    ('play "Faerie Life"', "unknown action 'play'"),
    ('summon "Bronze-Arm Tribe" from pocket', "unknown zone 'pocket'"),
    ('summon "Bronze-Arm Tribe" by magic', "unknown method 'magic'"),
    ('charge "Faerie Life" paying "Aqua Hulcus"', "only a summon, a cast, a generate or a cross names a payment"),
    ('summon "Bronze-Arm Tribe" paying "Aqua Hulcus",', "ends with a comma"),
    ('summon "Bronze-Arm Tribe" from hand from hand', "'from' is given twice"),
    ('summon', "needs a card name"),
])
def test_malformed_steps_name_the_file_step_and_line(text, problem):
    with pytest.raises(OracleError) as err:
        parse_text(f'position "x.json"\n{text}\n', source="line.txt")
    assert str(err.value).startswith("line.txt: step 1 (line 2): ") and problem in str(err.value)


def test_unknown_card_and_card_not_in_the_position_name_the_step():
    doc = pos(side(hand=[BRONZE], mana_zone=untapped(*["Faerie Life"] * 3)))
    with pytest.raises(OracleError, match=r"<line>: step 2: unknown card 'Bronze Arm Tribes'"):
        check(doc, f'summon "{BRONZE}"', 'summon "Bronze Arm Tribes"')
    with pytest.raises(OracleError, match=r"step 1: there is no Aqua Hulcus in the position \(a card to pay with\)"):
        check(doc, f'summon "{BRONZE}" paying "Aqua Hulcus"')
    with pytest.raises(OracleError, match=r"step 1: there is no Bolshack Dragon in the position"):
        check(doc, 'summon "Bolshack Dragon"')


def test_json_line_file_and_bad_steps(tmp_path):
    board = pos(side(hand=[BRONZE], mana_zone=untapped(*["Faerie Life"] * 3)))
    (tmp_path / "b.json").write_text(json.dumps(board))
    good = {"position": "b.json", "steps": [{"action": "summon", "card": BRONZE, "paying": ["Faerie Life"] * 3}]}
    (tmp_path / "l.json").write_text(json.dumps(good))
    assert check_line(load_line(tmp_path / "l.json")).legal
    bad = {"position": board, "steps": [{"action": "summon", "card": BRONZE, "colour": "green"}]}
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    with pytest.raises(OracleError, match=r"bad.json: steps\[0\]: unknown key\(s\) \['colour'\]"):
        load_line(tmp_path / "bad.json")


# --- legal lines and the state after each step --------------------------------------------------
def charge_then_aegis() -> dict:
    return pos(side(hand=[AEGIS, "Faerie Life", "Melnia, the Aqua Shadow"],
                    mana_zone=untapped("Cubela, the Oracle", "Artisan Picora", "Aqua Hulcus")), step="charge")


def test_charge_then_summon_is_legal_with_the_state_after_each_step():
    result = check(charge_then_aegis(), 'charge "Faerie Life"', f'summon "{AEGIS}"')
    assert result.legal and [r.legal for r in result.steps] == [True, True]
    first, second = result.steps
    assert "P0 mana zone (4 of 4 untapped)" in "\n".join(first.state)
    assert first.state[-1] == "step of the turn: main"
    assert "P0 battle zone: Aegis, Sage of Fire and Lightning" in second.state
    assert "P0 mana zone (0 of 4 untapped)" in "\n".join(second.state)
    # every civilization of Aegis is paid by a different card
    assert "-> light" in second.payment and "-> fire" in second.payment
    assert result.text().endswith("the line is legal (2 steps)")


def test_state_after_a_step_reads_back_to_the_same_plays():
    result = check(charge_then_aegis(), 'charge "Faerie Life"')
    state = result.steps[0].position
    assert state["turn"]["step"] == "main"
    assert state["players"][0]["mana_zone"][-1] == {"card": "Faerie Life"}
    found = plays(parse_position(state))
    assert [(p.action, p.card["name"], p.cost) for p in found] == [("summon", AEGIS, 4)]
    # the summon then taps the four cards and puts Aegis into the battle zone, summoned this turn
    after = check(charge_then_aegis(), 'charge "Faerie Life"', f'summon "{AEGIS}"').steps[1].position
    me = after["players"][0]
    assert me["battle_zone"] == [{"card": AEGIS, "summoned_this_turn": True}]
    assert all(card.get("tapped") for card in me["mana_zone"]) and len(me["mana_zone"]) == 4
    assert plays(parse_position(after)) == []


def test_payment_named_by_the_line_is_the_one_used():
    doc = pos(side(hand=[BRONZE], mana_zone=untapped("Faerie Life", "Faerie Life", "Faerie Life", "Aqua Hulcus")))
    result = check(doc, f'summon "{BRONZE}" paying "Faerie Life", "Aqua Hulcus", "Faerie Life"')
    assert result.legal
    assert result.steps[0].payment.count("Faerie Life") == 2 and "Aqua Hulcus -> water" in result.steps[0].payment


def test_evolution_on_a_named_base_and_two_summons_sharing_the_mana_zone():
    board = [{"card": "Aeris, Flight Elemental"}, {"card": "Amnis, Holy Elemental", "tapped": True}]
    doc = pos(side(hand=["Alcadeias, Lord of Spirits", "Cubela, the Oracle"], battle_zone=board,
                   mana_zone=untapped(*["Cubela, the Oracle"] * 7)))
    result = check(doc, 'summon "Cubela, the Oracle"', 'summon "Alcadeias, Lord of Spirits" on "Amnis, Holy Elemental"')
    assert result.legal, result.text()
    assert "Alcadeias, Lord of Spirits [on Amnis, Holy Elemental]" in "\n".join(result.steps[1].state)
    stack = result.steps[1].position["players"][0]["battle_zone"]
    assert {"card": "Alcadeias, Lord of Spirits", "summoned_this_turn": True,
            "under": ["Amnis, Holy Elemental"]} in stack
    # one Cubela short for both: 7 mana, costs 1 + 6, but one more copy asks for 8
    short = pos(side(hand=["Alcadeias, Lord of Spirits", "Cubela, the Oracle"], battle_zone=board,
                     mana_zone=untapped(*["Cubela, the Oracle"] * 6)))
    assert reasons(short, 'summon "Cubela, the Oracle"', 'summon "Alcadeias, Lord of Spirits"') == [
        "not enough untapped mana: Alcadeias, Lord of Spirits costs 6, your untapped mana cards give 5"]


def test_shield_trigger_step_for_the_other_player():
    doc = pos(side(), side(shields=[{"card": "Amber Grass", "broken": True}]), step="shield_break")
    result = check(doc, 'summon "Amber Grass"')
    assert result.legal and result.steps[0].reading == 'summon "Amber Grass" from shields by shield_trigger'
    assert "P1 battle zone: Amber Grass" in result.steps[0].state


def test_ambiguous_step_asks_for_the_method():
    # Ophanis: G-Zero with all five civilizations in the battle zone, or 5 light mana.
    board = ["Cubela, the Oracle", "Aqua Hulcus", "Black Feather, Shadow of Rage", "Artisan Picora", BRONZE]
    doc = pos(side(hand=["Ophanis, Unified Five Elemental"], battle_zone=board,
                   mana_zone=untapped(*["Cubela, the Oracle"] * 5)))
    result = check(doc, 'summon "Ophanis, Unified Five Elemental"')
    assert result.status == "ambiguous" and "by gravity_zero" in result.message and "by normal" in result.message
    assert "step 1 is ambiguous: 2 readings are legal" in result.message
    resolved = check(doc, 'summon "Ophanis, Unified Five Elemental" by gravity_zero')
    assert resolved.legal and resolved.steps[0].payment == ""


# --- the first illegal step, explained: one test per sentence ------------------------------------
def test_not_enough_untapped_mana():
    doc = pos(side(hand=[GROBLAV], mana_zone=untapped(*["Artisan Picora"] * 4) + [{"card": "Artisan Picora", "tapped": True}]))
    assert reasons(doc, f'summon "{GROBLAV}"') == [
        "not enough untapped mana: Bruiser Dragon costs 5, your untapped mana cards give 4"]


def test_no_untapped_card_of_a_civilization():
    doc = pos(side(hand=[GROBLAV], mana_zone=untapped(*[BRONZE] * 5)))
    assert reasons(doc, f'summon "{GROBLAV}"') == [
        "no untapped Fire card to pay Fire: Bruiser Dragon needs one mana of each of its civilizations"]


def test_one_multicoloured_card_cannot_pay_two_civilizations():
    doc = pos(side(hand=[GONTA], mana_zone=untapped(GONTA, "Aqua Hulcus")))
    [why] = reasons(doc, f'summon "{GONTA}"')
    assert re.fullmatch(r"(Fire|Nature) is not paid for Gonta, the Warrior Savage: each tapped card gives mana of "
                        r"one civilization only, and none is left for \1 \(.*\)", why)
    assert "Aqua Hulcus pays Water" in why


def test_named_payment_short_and_superfluous():
    doc = pos(side(hand=[BRONZE], mana_zone=untapped(*["Faerie Life"] * 4)))
    assert reasons(doc, f'summon "{BRONZE}" paying "Faerie Life", "Faerie Life"') == [
        "the cards tapped give 2 mana, Bronze-Arm Tribe costs 3"]
    assert reasons(doc, f'summon "{BRONZE}" paying "Faerie Life", "Faerie Life", "Faerie Life", "Faerie Life"') == [
        "too many cards tapped: they give 4 mana and Bronze-Arm Tribe costs 3; no card may be tapped beyond the cost"]


def test_named_payment_with_a_tapped_card():
    doc = pos(side(hand=[BRONZE], mana_zone=untapped(*["Faerie Life"] * 3) + [{"card": "Aqua Hulcus", "tapped": True}]))
    assert reasons(doc, f'summon "{BRONZE}" paying "Faerie Life", "Faerie Life", "Aqua Hulcus"') == [
        "Aqua Hulcus cannot pay: it is already tapped, and only untapped cards of your mana zone pay a cost"]


def test_variant_plays_releases_civilizations_instead_of_paying_them():
    mana = untapped("Artisan Picora", "Cubela, the Oracle") + [{"card": BRONZE, "tapped": True}]
    standard = pos(side(hand=[GONTA], mana_zone=mana))
    assert reasons(standard, f'summon "{GONTA}"') == [
        "no untapped Nature card to pay Nature: Gonta, the Warrior Savage needs one mana of each of its civilizations"]
    assert check(pos(side(hand=[GONTA], mana_zone=mana), rules="duel-masters-plays"), f'summon "{GONTA}"').legal
    no_nature = pos(side(hand=[GONTA], mana_zone=untapped("Artisan Picora", "Cubela, the Oracle")),
                    rules="duel-masters-plays")
    assert reasons(no_nature, f'summon "{GONTA}"') == [
        ("Nature is not released: Duel Masters Play's needs a Nature card in your mana zone to summon "
        "Gonta, the Warrior Savage")]


def test_summon_lock_of_a_creature_in_the_battle_zone():
    doc = pos(side(hand=[BRONZE], mana_zone=untapped(*["Faerie Life"] * 3)),
              side(battle_zone=["Alphadios, Lord of Spirits"]))
    assert reasons(doc, f'summon "{BRONZE}"') == [
        ("summon lock: Alphadios, Lord of Spirits in the battle zone (it forbids summoning creatures other than "
        "Light creatures); Bronze-Arm Tribe cannot be summoned")]


def test_summon_lock_only_after_a_spell_and_of_its_own_text():
    gariel = pos(side(hand=["Gariel, Elemental of Sunbeams"], mana_zone=untapped(*["Cubela, the Oracle"] * 5)))
    assert reasons(gariel, 'summon "Gariel, Elemental of Sunbeams"') == [
        ("summon lock: Gariel, Elemental of Sunbeams can be summoned only if you have cast a spell this turn, "
        "and you have cast none")]
    # No library card says it can't be summoned at all: this one is position-defined.
    statue = {"name": "Test Statue (position-defined)", "civilizations": ["light"], "cost": 1, "type": "Creature",
              "text": "This creature can't be summoned."}
    doc = pos(side(hand=[statue["name"]], mana_zone=untapped("Cubela, the Oracle")), cards=[statue])
    assert reasons(doc, f'summon "{statue["name"]}"') == [
        "summon lock: Test Statue (position-defined) cannot be summoned (its own text says so)"]


def test_evolution_without_a_base():
    doc = pos(side(hand=["Alcadeias, Lord of Spirits"], battle_zone=["Cubela, the Oracle"],
                   mana_zone=untapped(*["Cubela, the Oracle"] * 6)))
    assert reasons(doc, 'summon "Alcadeias, Lord of Spirits"') == [
        ("Alcadeias, Lord of Spirits is an evolution creature: it goes on a Angel Command in your battle zone, "
        "and you have none there")]


def test_charge_used_and_charge_outside_the_charge_step():
    doc = pos(side(hand=["Faerie Life", BRONZE]), step="charge")
    assert reasons(doc, 'charge "Faerie Life"', f'charge "{BRONZE}"') == [
        "the charge of this turn was already used at step 1"]
    main_step = pos(side(hand=["Faerie Life"]))
    assert reasons(main_step, 'charge "Faerie Life"') == [
        "the charge step is over: the turn is in the main step"]


def test_timing_turn_zone_and_card_type():
    mana = untapped(*["Faerie Life"] * 3)
    assert reasons(pos(side(hand=[BRONZE], mana_zone=mana), step="end"), f'summon "{BRONZE}"') == [
        "creatures are summoned from the hand in the main step; the turn is in the end step"]
    theirs = pos(side(), side(hand=[BRONZE], mana_zone=mana))
    assert reasons(theirs, f'summon "{BRONZE}"') == ["it is player 0's turn: player 1 cannot do that now"]
    grave = pos(side(graveyard=[BRONZE], mana_zone=mana))
    assert reasons(grave, f'summon "{BRONZE}"') == [
        ("Bronze-Arm Tribe is in the graveyard, not in the hand: without an ability that says so, a creature is "
        "summoned from the hand")]
    assert reasons(pos(side(hand=[BRONZE, "Faerie Life"], mana_zone=mana)), 'summon "Faerie Life"') == [
        "Faerie Life is a spell, not a creature: only creatures are summoned"]
    assert reasons(pos(side(hand=[BRONZE], mana_zone=mana)), f'summon "{BRONZE}" from graveyard') == [
        "Bronze-Arm Tribe is in the hand, not in the graveyard"]


def test_other_methods_and_puts():
    doc = pos(side(hand=["Amber Grass"], mana_zone=untapped(*["Cubela, the Oracle"] * 4)))
    assert check(doc, 'summon "Amber Grass"').legal
    assert reasons(doc, 'summon "Amber Grass" by shield_trigger') == [
        ("Amber Grass cannot be summoned by S-Trigger (only while its own shield is being broken, for a creature "
        "with Shield Trigger) now; it is in the hand")]
    assert reasons(doc, 'put "Amber Grass"') == ["no resolving effect lets you put Amber Grass into the battle zone"]
    trigger = pos(side(), side(shields=[{"card": "Amber Grass", "broken": True}], mana_zone=untapped("Cubela, the Oracle")),
                  step="shield_break")
    assert reasons(trigger, 'summon "Amber Grass" paying "Cubela, the Oracle"') == [
        "Amber Grass is summoned without paying mana here, so no card can be tapped for it"]


def test_no_summon_while_an_effect_resolves():
    from conftest import ROOT

    doc = json.loads((ROOT / "facts/positions/dm-gr-summon.json").read_text())
    doc["players"][0]["hand"] = [BRONZE]
    doc["players"][0]["mana_zone"] = untapped(*["Faerie Life"] * 3)
    assert "no summon of Bronze-Arm Tribe can be declared while an effect resolves" in reasons(doc, f'summon "{BRONZE}"')


def test_without_by_a_step_is_explained_against_the_cards_own_method():
    from conftest import ROOT

    doc = json.loads((ROOT / "facts/positions/dm-gr-summon.json").read_text())
    bot = "GR Bot (position-defined)"
    result = check(doc, f'summon "{bot}"', f'summon "{bot}"')
    assert result.steps[0].reading == f'summon "{bot}" from gr_zone by gr_summon'
    assert result.steps[1].reasons == [
        (f"{bot} cannot be summoned by GR summon (only the top card of your super GR zone, while an effect that "
        "GR summons resolves) now; it is in the battle zone")]


def test_every_rule_that_can_fail_has_a_sentence():
    names = {n for path in encoding("duel_masters") for n in FAIL.findall(path.read_text())}
    assert len(names) >= 20
    assert names == set(SENTENCES), (names ^ set(SENTENCES))


def test_sentences_not_reached_by_a_line_above():
    doc = parse_position(pos(side(battle_zone=["Baby Zoppe"])))
    assert sentence(doc, clingo.Function("same_base_twice", [clingo.Number(1), clingo.Number(1)])) == \
        "Baby Zoppe cannot be both bases of Baby Zoppe: it goes on two different creatures"
    assert sentence(doc, clingo.Function("unknown_rule", [])) == "rule unknown_rule is broken"


# --- the CLI ----------------------------------------------------------------------------------
def test_cli_check_text_line_exit_status_and_state(tmp_path):
    (tmp_path / "board.json").write_text(json.dumps(charge_then_aegis()))
    (tmp_path / "ok.txt").write_text(f'position "board.json"\ncharge "Faerie Life"\nsummon "{AEGIS}"\n')
    (tmp_path / "bad.txt").write_text(f'position "board.json"\ncharge "Melnia, the Aqua Shadow"\nsummon "{AEGIS}"\n')
    runner = CliRunner()
    ok = runner.invoke(main, ["check", str(tmp_path / "ok.txt"), "--state", str(tmp_path / "after.json")])
    assert ok.exit_code == 0 and "the line is legal (2 steps)" in ok.output
    assert json.loads((tmp_path / "after.json").read_text())["players"][0]["battle_zone"][0]["card"] == AEGIS
    bad = runner.invoke(main, ["check", str(tmp_path / "bad.txt"), "--json"])
    assert bad.exit_code == 1
    body = json.loads(bad.stdout)
    assert body["status"] == "illegal" and body["steps"][1]["rules"] == ["not_enough_mana(1,4,3)"]
    broken = runner.invoke(main, ["check", str(tmp_path / "ok.txt"), "--position", str(tmp_path / "nothing.json")])
    assert broken.exit_code == 2 and "nothing.json" in broken.output
    (tmp_path / "typo.txt").write_text('position "board.json"\nsummon "Aegis" payin "Aqua Hulcus"\n')
    typo = runner.invoke(main, ["check", str(tmp_path / "typo.txt")])
    assert typo.exit_code == 2 and "typo.txt: step 1 (line 2): expected from, by, paying, on, onto or targeting" in typo.output


def test_step_text_of_a_put_and_a_charge():
    assert Step(1, "put", "Ambush Scorpion").text() == 'put "Ambush Scorpion"'
    assert Step(1, "charge", "Faerie Life", zone="hand").to_json() == {"action": "charge", "card": "Faerie Life",
                                                                      "from": "hand"}


def test_skip_charge_is_a_step_of_a_line():
    doc = pos(side(hand=[BRONZE], mana_zone=untapped(*["Faerie Life"] * 3)), step="charge")
    result = check(doc, "skip_charge", f'summon "{BRONZE}"')
    assert result.legal and result.steps[0].state[-1] == "step of the turn: main"
    assert result.steps[0].position["turn"]["step"] == "main"
    assert reasons(doc, "skip_charge", "skip_charge") == ["the charge step is over: the turn is in the main step"]
    assert reasons(doc, 'charge "Bronze-Arm Tribe"', "skip_charge") == [
        "the charge of this turn was already used at step 1"]
    with pytest.raises(OracleError, match="skip_charge names no card"):
        parse_step('skip_charge "Faerie Life"', 1)
    assert parse_step("skip_charge", 1).to_json() == {"action": "skip_charge"}
