"""oracle check: legal and illegal lines for every summon type, ambiguity, and bad input."""
from __future__ import annotations

import json

import pytest
from yugioh_board import board

from oracle.errors import OracleError
from oracle.yugioh.lines import check_line, load_line, make_line, parse_step, parse_text

W, JUNK, BRD = "Gene-Warped Warwolf", "Junk Synchron", "Black Rose Dragon"


def set_(card):
    return {"card": card, "position": "set"}


def check(position, *steps):
    return check_line(make_line(position, list(steps)))


def illegal_at(result, n):
    assert result.status == "illegal", result.text()
    assert [r.legal for r in result.steps] == [True] * (n - 1) + [False], result.text()
    return result.steps[-1].reasons


# --- one legal and one illegal line for each kind of step ---------------------------------------
CASES = [
    # (name, position, legal line, illegal line, expected sentence of the illegal step)
    ("normal_summon", board(hand=[W, "Kozaky"]), [f'normal_summon "{W}"'],
     [f'normal_summon "{W}"', 'normal_summon "Kozaky"'], "the Normal Summon was already used at step 1"),
    ("normal_set", board(hand=[W, "Summoned Skull"]), [f'normal_set "{W}"'],
     ['normal_set "Summoned Skull"'], "Summoned Skull is Level 6: it needs 1 Tribute, so it must be Tribute Summoned or Set"),
    ("tribute_summon", board(hand=["Dark Magician", "Summoned Skull"], field=["Kozaky", "Petit Moth"]),
     ['tribute_summon "Dark Magician" with "Kozaky", "Petit Moth"'],
     ['tribute_summon "Dark Magician" with "Kozaky"'], "Dark Magician needs 2 Tributes, 1 given"),
    ("tribute_set", board(hand=["Summoned Skull", W], field=["Kozaky"]),
     ['tribute_set "Summoned Skull" with "Kozaky"'],
     [f'tribute_set "{W}" with "Kozaky"'], f"{W} is Level 4: it is Normal Summoned without Tributes"),
    ("flip_summon", board(hand=[W], field=[set_("Summoned Skull")]), ['flip_summon "Summoned Skull"'],
     [f'normal_set "{W}"', f'flip_summon "{W}"'], f"{W} was summoned or Set this turn: its battle position cannot be changed yet"),
    ("change_position", board(field=[W]), [f'change_position "{W}"'],
     [f'change_position "{W}"', f'change_position "{W}"'], f"the battle position of {W} was already changed this turn"),
    ("ritual_summon", board(hand=["Black Luster Soldier", "Black Luster Ritual", "Summoned Skull"], field=["Celtic Guardian", "Kozaky"]),
     ['ritual_summon "Black Luster Soldier" with "Summoned Skull", "Celtic Guardian" using "Black Luster Ritual"'],
     ['ritual_summon "Black Luster Soldier" with "Summoned Skull", "Kozaky" using "Black Luster Ritual"'],
     "the Levels of the Tributes total 7, Black Luster Soldier is Level 8: they must total at least that"),
    ("fusion_summon", board(hand=["Flame Manipulator", "Masaki the Legendary Swordsman", "Polymerization"], extra=["Flame Swordsman"]),
     ['fusion_summon "Flame Swordsman" with "Flame Manipulator", "Masaki the Legendary Swordsman" using "Polymerization"'],
     ['fusion_summon "Flame Swordsman" with "Flame Manipulator", "Masaki the Legendary Swordsman" using "Polymerization"',
      'fusion_summon "Flame Swordsman" with "Flame Manipulator", "Masaki the Legendary Swordsman"'],
     "Flame Swordsman is not face-down in your Extra Deck"),
    ("synchro_summon", board(hand=[JUNK], field=[W], extra=[BRD, "Stardust Dragon"]),
     [f'normal_summon "{JUNK}"', f'synchro_summon "{BRD}" with "{JUNK}", "{W}"'],
     [f'normal_summon "{JUNK}"', f'synchro_summon "Stardust Dragon" with "{JUNK}", "{W}"'],
     "the Levels of the materials total 7, Stardust Dragon is Level 8"),
    ("xyz_summon", board(hand=["Alexandrite Dragon"], field=[W, JUNK], extra=["Number 39: Utopia"]),
     ['normal_summon "Alexandrite Dragon"', f'xyz_summon "Number 39: Utopia" with "Alexandrite Dragon", "{W}"'],
     [f'xyz_summon "Number 39: Utopia" with "{W}", "{JUNK}"'],
     f"Xyz Materials must have the same Level: {W} is Level 4, {JUNK} is Level 3"),
    ("link_summon", board(field=["Kozaky", W], extra=["Link Spider", "Proxy Dragon"]),
     ['link_summon "Proxy Dragon" with "Kozaky", "Gene-Warped Warwolf"'],
     ['link_summon "Proxy Dragon" with "Kozaky"'], "Proxy Dragon needs at least 2 monster materials, 1 given"),
    ("pendulum_summon", board(hand=["Dragoons of Draconia", "Odd-Eyes Pendulum Dragon"], st=["Stargazer Magician", None, None, None, "Timegazer Magician"]),
     ['pendulum_summon "Dragoons of Draconia", "Odd-Eyes Pendulum Dragon"'],
     ['pendulum_summon "Dragoons of Draconia"', 'pendulum_summon "Odd-Eyes Pendulum Dragon"'],
     "the Pendulum Summon was already used at step 1"),
    ("activate_scale", board(hand=["Stargazer Magician", "Dragoons of Draconia"], st=["Timegazer Magician"]),
     ['activate_scale "Stargazer Magician"'],
     ['activate_scale "Stargazer Magician"', 'activate_scale "Dragoons of Draconia"'],
     "Dragoons of Draconia cannot be placed as a Pendulum Scale: both of your Pendulum Zones are taken"),
    ("attack", board(field=[W], opp_field=["Battle Ox"]), [f'attack "{W}" -> "Battle Ox"'],
     [f'attack "{W}" directly'], f"{W} cannot attack directly: the opponent controls 1 monster"),
]


@pytest.mark.parametrize("name,position,legal,illegal,sentence", CASES, ids=[c[0] for c in CASES])
def test_legal_and_illegal_line(name, position, legal, illegal, sentence):
    ok = check(position, *legal)
    assert ok.status == "legal", ok.text()
    assert all(r.legal for r in ok.steps) and len(ok.steps) == len(legal)
    reasons = illegal_at(check(position, *illegal), len(illegal))
    assert sentence in reasons


def test_issue_example_black_rose_dragon_line():
    pos = board(hand=[JUNK], field=[W], extra=[BRD])
    result = check(pos, f'normal_summon "{JUNK}"', f'synchro_summon "{BRD}" with "{JUNK}", "{W}"')
    assert result.legal
    after = result.steps[-1].position
    field = [z["card"] for z in after["players"][0]["monster_zones"] + after["extra_monster_zones"] if z]
    assert field == [73580471]
    assert sorted(e["card"] for e in after["players"][0]["graveyard"]) == sorted([63977008, 69247929])


def test_first_illegal_step_stops_the_check():
    pos = board(hand=[W, "Kozaky", "Petit Moth"])
    result = check(pos, f'normal_summon "{W}"', 'normal_summon "Kozaky"', 'normal_summon "Petit Moth"')
    assert len(result.steps) == 2 and not result.steps[1].legal
    assert "step 2" in result.message


def test_attacks_after_main_phase_2_began_are_illegal():
    # a summon after the first attack starts Main Phase 2 (legal); an attack after it is not
    pos = board(hand=["Kozaky"], field=[W])
    reasons = illegal_at(check(pos, f'attack "{W}" directly', 'normal_summon "Kozaky"', 'attack "Kozaky" directly'), 3)
    assert reasons == ["Kozaky cannot attack: Main Phase 2 has begun (a summon or a Main Phase effect after the attacks ended the Battle Phase)"]


def test_no_battle_phase_in_the_first_turn():
    pos = board(field=[W], first_turn=True)
    assert illegal_at(check(pos, f'attack "{W}" directly'), 1) == ["there is no Battle Phase in the first turn of the duel"]


def test_a_monster_attacks_once():
    reasons = illegal_at(check(board(field=[W]), f'attack "{W}" directly', f'attack "{W}" directly'), 2)
    assert reasons == [f"{W} has already attacked this turn"]


def test_defense_position_monsters_do_not_attack():
    pos = board(field=[{"card": W, "position": "defense"}])
    assert illegal_at(check(pos, f'attack "{W}" directly'), 1) == [f"{W} cannot attack: it is not in face-up Attack Position"]


def test_which_copy_is_resolved_when_only_one_is_legal():
    pos = board(hand=[W], field=[W], extra=["Number 39: Utopia"])
    result = check(pos, f'normal_summon "{W}"', f'xyz_summon "Number 39: Utopia" with "{W}", "{W}"')
    assert result.legal, result.text()


def test_ambiguous_materials_ask_for_precision():
    pos = board(hand=["Summoned Skull"], field=["Kozaky", "Petit Moth"])
    result = check(pos, 'tribute_summon "Summoned Skull"')
    assert result.status == "ambiguous"
    assert "step 1 is ambiguous: 2 readings are legal" in result.message
    assert 'with "Kozaky"' in result.message and 'with "Petit Moth"' in result.message
    pinned = check(pos, 'tribute_summon "Summoned Skull" with "Petit Moth"')
    assert pinned.legal


def test_an_unpinned_reading_is_resolved_by_the_later_steps():
    # Either monster could be tributed at step 1, but only tributing Kozaky lets Warwolf attack.
    pos = board(hand=["Summoned Skull"], field=["Kozaky", W])
    result = check(pos, 'tribute_summon "Summoned Skull"', f'attack "{W}" directly')
    assert result.legal, result.text()
    assert result.steps[0].reading == 'tribute_summon "Summoned Skull" with "Kozaky"'


# --- the files ------------------------------------------------------------------------------------
def test_text_form_with_position_file_and_comments(tmp_path):
    (tmp_path / "board.json").write_text(json.dumps(board(hand=[JUNK], field=[W], extra=[BRD])))
    line = tmp_path / "combo.txt"
    line.write_text('# a combo\nposition "board.json"\n\nnormal_summon "Junk Synchron"   # the Tuner\n'
                    'synchro_summon "Black Rose Dragon" with "Junk Synchron", "Gene-Warped Warwolf"\n')
    parsed = load_line(line)
    assert [s.line for s in parsed.steps] == [4, 5]
    assert check_line(parsed).legal


def test_json_form_with_objects_and_strings(tmp_path):
    doc = {"position": board(hand=[JUNK], field=[W], extra=[BRD]),
           "steps": [{"action": "normal_summon", "card": JUNK}, f'synchro_summon "{BRD}" with "{JUNK}", "{W}"']}
    path = tmp_path / "line.json"
    path.write_text(json.dumps(doc))
    assert check_line(load_line(path)).legal


def test_step_text_round_trip():
    for text in ('normal_summon "Junk Synchron"', 'attack "A" -> "B"', 'attack "A" directly',
                 'pendulum_summon "A", "B"', 'fusion_summon "F" with "A", "B" using "Polymerization"'):
        assert parse_step(text, 1).text() == text


@pytest.mark.parametrize("text,message", [
    ('normal_summon Junk', "normal_summon needs a card name in double quotes"),
    ('normal_sumon "Junk Synchron"', "unknown action 'normal_sumon' (did you mean normal_summon?)"),
    ('synchro_summon "X" with "A" "B"', "expected a comma between the materials"),
    ('synchro_summon "X" with "A",', "the materials list is empty or ends with a comma"),
    ('attack "A" at "B"', 'an attack is written attack "Attacker" -> "Target"'),
])
def test_malformed_steps_name_the_file_and_line(text, message):
    with pytest.raises(OracleError) as err:
        parse_text(f'position "p.json"\n{text}\n', source="combo.txt")
    assert str(err.value).startswith("combo.txt: step 1 (line 2): ")
    assert message in str(err.value)


def test_unknown_card_and_card_not_in_the_position(tmp_path):
    (tmp_path / "board.json").write_text(json.dumps(board(hand=[JUNK])))
    line = tmp_path / "l.txt"
    line.write_text('position "board.json"\nnormal_summon "Junk Synchron"\nnormal_summon "Junk Synchro"\n')
    with pytest.raises(OracleError, match=r"l.txt: step 2 \(line 3\): no card is named 'Junk Synchro'"):
        check_line(load_line(line))
    line.write_text('position "board.json"\nnormal_summon "Junk Synchron"\nnormal_summon "Kozaky"\n')
    with pytest.raises(OracleError, match=r"step 2 \(line 3\): there is no Kozaky in the position"):
        check_line(load_line(line))


def test_a_line_without_position(tmp_path):
    line = tmp_path / "l.txt"
    line.write_text('normal_summon "Kozaky"\n')
    with pytest.raises(OracleError, match="the line names no position"):
        load_line(line)


def test_a_player_at_0_lp_has_lost_and_nothing_follows():
    # Kozaky (400 ATK) attacks Battle Ox (1700 ATK) at 1000 LP: 1300 damage, the Duel is lost
    pos = board(field=["Kozaky", W], opp_field=["Battle Ox"])
    pos["players"][0]["life_points"] = 1000
    assert check(pos, 'attack "Kozaky" -> "Battle Ox"').legal
    reasons = illegal_at(check(pos, 'attack "Kozaky" -> "Battle Ox"', f'attack "{W}" -> "Battle Ox"'), 2)
    assert reasons == ["your Life Points are 0: the Duel is lost, and nothing can follow"]
    pos["players"][0]["life_points"] = 1301    # 1 LP left: the line goes on
    assert check(pos, 'attack "Kozaky" -> "Battle Ox"', f'attack "{W}" -> "Battle Ox"').legal
