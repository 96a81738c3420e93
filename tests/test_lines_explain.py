"""Explanations: every rule that can fail has a sentence, and illegal steps are explained from the
encoding (the relaxed program), in plain words."""
from __future__ import annotations

import re

import clingo
import pytest
from yugioh_board import board

from oracle.resources import encoding
from oracle.yugioh.explain import SENTENCES, sentence
from oracle.yugioh.lines import check_line, make_line
from oracle.yugioh.position import parse_position

W, JUNK, BRD = "Gene-Warped Warwolf", "Junk Synchron", "Black Rose Dragon"
FAIL = re.compile(r"fail\(t,([a-z][a-z_]*)(?:\(([^()]*)\))?\)")


def reasons_in_encoding() -> dict[str, list[str]]:
    """Every fail(t,Reason) the rule files write, with its argument variables."""
    found: dict[str, list[str]] = {}
    for path in encoding("yugioh"):
        for name, args in FAIL.findall(path.read_text()):
            found.setdefault(name, [a.strip() for a in args.split(",")] if args else [])
    return found


def sample(var: str) -> str:
    if var in ("K",):
        return "fusion_summon"
    if var == "F":
        return "battle"
    if var == "X":
        return "race"
    if var.startswith(("I", "M", "S", "J")):
        return "2" if var.endswith("2") else "1"
    return {"N": "6", "L": "7", "R": "3", "Got": "1", "Min": "1", "Max": "1", "Lo": "1", "Hi": "8", "G": "1"}.get(var, "2")


def test_the_encoding_fails_in_many_ways():
    assert len(reasons_in_encoding()) > 50


@pytest.mark.parametrize("name", sorted(reasons_in_encoding()))
def test_every_rule_that_can_fail_has_a_plain_sentence(name):
    assert name in SENTENCES, f"explain.py has no sentence for fail(t,{name}(...))"
    args = reasons_in_encoding()[name]
    term = clingo.parse_term(f"{name}({','.join(sample(a) for a in args)})" if args else name)
    pos = parse_position(board(hand=[W, "Kozaky"], extra=[BRD]))
    text = sentence(pos, term, [], step=2)
    assert text and not text.startswith("rule ") and "(" not in text.split(":")[0][:3]
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), f"a rule name leaked into {text!r}"


def explain(position, *steps):
    result = check_line(make_line(position, list(steps)))
    assert result.status == "illegal", result.text()
    return result.steps[-1].reasons


def test_issue_example_levels():
    pos = board(hand=[JUNK], field=[W], extra=["Black Rose Dragon", "Stardust Dragon"])
    assert explain(pos, f'normal_summon "{JUNK}"', f'synchro_summon "Stardust Dragon" with "{JUNK}", "{W}"') == [
        "the Levels of the materials total 7, Stardust Dragon is Level 8"]
    pos = board(hand=["Kozaky"], field=[JUNK, "Petit Moth"], extra=[BRD])
    assert explain(pos, f'synchro_summon "{BRD}" with "{JUNK}", "Petit Moth"') == [
        f"the Levels of the materials total 4, {BRD} is Level 7"]


def test_issue_example_normal_summon_used():
    pos = board(hand=[JUNK, W])
    assert explain(pos, f'normal_summon "{JUNK}"', f'normal_summon "{W}"') == [
        "the Normal Summon was already used at step 1"]
    pos = board(hand=[W], normal_summon_used=True)
    assert explain(pos, f'normal_summon "{W}"') == ["the Normal Summon was already used before the line started"]


def test_issue_example_no_zone_for_a_link_monster():
    # Link Spider in the left Extra Monster Zone points down to Main Monster Zone 1, which is taken.
    pos = board(field=["Kozaky", "Alexandrite Dragon"], extra=["Link Spider"],
                emz=("Link Spider", None))
    assert explain(pos, 'link_summon "Link Spider" with "Kozaky"') == [
        ("no zone available to a Link monster: the Extra Monster Zone is taken and no Link Arrow points "
         "to a free Main Monster Zone (Link Spider)")]


def test_a_material_in_the_graveyard():
    pos = board(hand=[JUNK], gy=[W], extra=[BRD])
    assert explain(pos, f'normal_summon "{JUNK}"', f'synchro_summon "{BRD}" with "{JUNK}", "{W}"') == [
        f"{W} is not a face-up monster you control, so it cannot be a material"]


def test_a_card_not_in_hand_and_full_zones():
    pos = board(field=[W], gy=["Kozaky"])
    assert explain(pos, 'normal_summon "Kozaky"') == ["Kozaky is not in your hand"]
    pos = board(hand=["Kozaky"], field=[W] * 5)
    assert explain(pos, 'normal_summon "Kozaky"') == [
        "no zone available to Kozaky: all five of your Main Monster Zones are taken"]


def test_material_groups_are_worded_from_the_card():
    pos = board(field=[W, "Alexandrite Dragon"], extra=[BRD])
    reasons = explain(pos, f'synchro_summon "{BRD}" with "{W}", "Alexandrite Dragon"')
    assert f"{BRD} needs at least 1 Tuner material, 0 given" in reasons


def test_wrong_phase():
    pos = board(hand=[W], phase="end")
    assert explain(pos, f'normal_summon "{W}"') == ["summons happen in a Main Phase; the position is in the End Phase"]
    pos = board(hand=["Stargazer Magician"], phase="standby")
    assert explain(pos, 'activate_scale "Stargazer Magician"') == [
        "summons happen in a Main Phase; the position is in the Standby Phase"]
    # in the Battle Phase a summon moves on to Main Phase 2
    assert check_line(make_line(board(hand=[W], phase="battle", first_turn=False), [f'normal_summon "{W}"'])).legal
    pos = board(field=[W], phase="main2")
    assert explain(pos, f'attack "{W}" directly') == [
        "attacks happen in the Battle Phase; the position is in Main Phase 2"]
    result = check_line(make_line(board(field=[W], phase="battle"), [f'attack "{W}" directly']))
    assert result.legal


def test_check_output_text_names_the_rule_in_words():
    pos = board(hand=[JUNK, W])
    result = check_line(make_line(pos, [f'normal_summon "{JUNK}"', f'normal_summon "{W}"']))
    text = result.text()
    assert "step 2: normal_summon \"Gene-Warped Warwolf\"  -- ILLEGAL" in text
    assert "  - the Normal Summon was already used at step 1" in text
    assert result.steps[-1].terms == ["normal_summon_used(1)"]
