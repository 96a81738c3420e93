"""Tap abilities (asp/duel_masters/tap.lp): "Instead of having this creature attack, you may tap it
to use its $tap ability", a step of the line resolved with the effects of a step (resolve.lp),
and used by `oracle lethal`.  Real library cards, legal and illegal."""
from __future__ import annotations

from test_dm_helpers import check, pos, side, terms, zone_after

from oracle.duel_masters import effects
from oracle.duel_masters import lethal as L
from oracle.duel_masters.cards import library
from oracle.duel_masters.lines import parse_step

CHEN_TREG = "Chen Treg, Vizier of Blades"   # light 2500, $tap: tap one of your opponent's creatures
RIKABU = "Rikabu's Screwdriver"             # fire 1000, $tap: destroy one of your opponent's blockers
GUMMER = "Gummer, Assassination Doll"       # darkness, $tap: destroy one of your opponent's tapped creatures
HOWLSK = "Howlsk, the Gigantic Avatar"      # nature, $tap: destroy all their creatures of power <= 3000
NEON = "Neon Cluster"                       # water, $tap: draw 2 cards
POPPLE = "Popple, Flowerpetal Dancer"       # nature, $tap: the top card of your deck into your mana zone
CHARMILIA = "Charmilia, the Enticer"        # nature, $tap: search your deck for a creature
BOLTAIL = "Boltail Dragon"                  # fire 9000, double breaker
CRAGSAUR = "Cragsaur"                       # fire 3000, no text
SHOOTER = "Aqua Shooter"                    # water 2000, blocker
SEAMINE = "Seamine"                         # water 4000, blocker
MANE = "Burning Mane"                       # nature 2, no text
VEHICLE = "Aqua Vehicle"                    # a blank shield


def test_the_tap_abilities_of_the_library_are_read_and_played():
    lib = library()
    for name in (CHEN_TREG, RIKABU, GUMMER, HOWLSK, NEON, POPPLE):
        card = lib.get(name)
        reading = effects.read(card, frozenset(card.races))
        assert not reading.unsupported, name
        assert any(a[:2] == ("eff", "tap_ability") for a in reading.abilities), name
        assert all(effects.played(a) for a in reading.abilities), name


def test_a_tap_ability_step_is_written_and_read_back():
    step = parse_step(f'tap_ability "{CHEN_TREG}" targeting "{SHOOTER}"', 1)
    assert (step.action, step.card, step.targeting) == ("tap_ability", CHEN_TREG, [SHOOTER])
    assert step.text() == f'tap_ability "{CHEN_TREG}" targeting "{SHOOTER}"'


def test_chen_treg_taps_a_blocker_so_that_it_can_be_attacked():
    doc = pos(side(battle_zone=[CHEN_TREG, CRAGSAUR]), side(battle_zone=[SHOOTER], shields=[VEHICLE]))
    ok = check(doc, f'tap_ability "{CHEN_TREG}" targeting "{SHOOTER}"', f'attack "{CRAGSAUR}" -> "{SHOOTER}"')
    assert ok.legal, ok.text()
    first = ok.steps[0].state
    assert f"P0 battle zone: {CHEN_TREG} (tapped), {CRAGSAUR}" in first
    assert f"P1 battle zone: {SHOOTER} (tapped)" in first
    # without the tap ability the untapped Aqua Shooter cannot be attacked
    assert not check(doc, f'attack "{CRAGSAUR}" -> "{SHOOTER}"').legal


def test_a_tap_ability_replaces_the_attack_of_that_creature():
    doc = pos(side(battle_zone=[CHEN_TREG]), side(battle_zone=[SHOOTER]))
    assert "attacker_tapped" in terms(check(doc, f'tap_ability "{CHEN_TREG}"', f'attack "{CHEN_TREG}" -> player'))
    assert "already_attacked" in terms(check(doc, f'attack "{CHEN_TREG}" -> player', f'tap_ability "{CHEN_TREG}"'))


def test_summoning_sickness_stops_a_tap_ability_too():
    doc = pos(side(battle_zone=[{"card": CHEN_TREG, "summoned_this_turn": True}]), side(battle_zone=[SHOOTER]))
    assert "summoning_sickness" in terms(check(doc, f'tap_ability "{CHEN_TREG}"'))


def test_a_creature_without_a_tap_ability_cannot_use_one():
    doc = pos(side(battle_zone=[CRAGSAUR]), side(battle_zone=[SHOOTER]))
    assert "no_tap_ability" in terms(check(doc, f'tap_ability "{CRAGSAUR}"'))


def test_no_summon_after_a_tap_ability_the_attack_step_has_begun():
    doc = pos(side(battle_zone=[POPPLE], hand=[MANE], mana_zone=[MANE, MANE], deck=[MANE]))
    assert check(doc, f'summon "{MANE}"', f'tap_ability "{POPPLE}"').legal
    result = check(doc, f'tap_ability "{POPPLE}"', f'summon "{MANE}"')
    assert "not_main_step" in terms(result)


def test_rikabu_destroys_a_blocker_only_and_names_it():
    doc = pos(side(battle_zone=[RIKABU]), side(battle_zone=[SHOOTER, CRAGSAUR]))
    ok = check(doc, f'tap_ability "{RIKABU}" targeting "{SHOOTER}"')
    assert ok.legal, ok.text()
    assert f"P1 battle zone: {CRAGSAUR}" in ok.steps[0].state
    assert "not_a_target" in terms(check(doc, f'tap_ability "{RIKABU}" targeting "{CRAGSAUR}"'))


def test_gummer_destroys_only_a_tapped_creature():
    doc = pos(side(battle_zone=[GUMMER]), side(battle_zone=[{"card": CRAGSAUR, "tapped": True}, SHOOTER]))
    assert check(doc, f'tap_ability "{GUMMER}" targeting "{CRAGSAUR}"').legal
    assert "not_a_target" in terms(check(doc, f'tap_ability "{GUMMER}" targeting "{SHOOTER}"'))


def test_neon_cluster_draws_two_cards():
    doc = pos(side(battle_zone=[NEON], deck=[MANE, CRAGSAUR, BOLTAIL]))
    ok = check(doc, f'tap_ability "{NEON}"')
    assert ok.legal, ok.text()
    assert f"P0 hand: {MANE}, {CRAGSAUR}" in ok.steps[0].state


def test_a_tap_ability_after_an_attack_acts_on_the_battle_zone_of_each_reply():
    # Their Burning Mane (no blocker) is untapped: Chen Treg taps it after Cragsaur's attack, then
    # Boltail can attack it.
    doc = pos(side(battle_zone=[CRAGSAUR, CHEN_TREG, BOLTAIL]),
              side(battle_zone=[{"card": SHOOTER, "tapped": True}, MANE], shields=[VEHICLE, VEHICLE]))
    ok = check(doc, f'attack "{CRAGSAUR}" -> "{SHOOTER}"', f'tap_ability "{CHEN_TREG}" targeting "{MANE}"',
               f'attack "{BOLTAIL}" -> "{MANE}"')
    assert ok.legal, ok.text()
    assert f"P1 battle zone after the attack: {MANE} (tapped)" in ok.steps[1].state
    # Boltail cannot attack the untapped Burning Mane without Chen Treg's tap
    assert not check(doc, f'attack "{CRAGSAUR}" -> "{SHOOTER}"', f'attack "{BOLTAIL}" -> "{MANE}"').legal
    # Chen Treg tapped by attacking cannot use its tap ability afterwards
    result = check(doc, f'attack "{CHEN_TREG}" -> "{SHOOTER}"', f'tap_ability "{CHEN_TREG}" targeting "{MANE}"')
    assert "already_attacked" in terms(result)
    # an ability on cards only (Popple: mana) may follow an attack
    doc = pos(side(battle_zone=[CRAGSAUR, POPPLE], deck=[MANE]), side(shields=[VEHICLE, VEHICLE]))
    assert check(doc, f'attack "{CRAGSAUR}" -> player', f'tap_ability "{POPPLE}"').legal


def test_charmilia_searches_a_creature_and_not_a_spell():
    doc = pos(side(battle_zone=[CHARMILIA], deck=[MANE, "Brain Serum", CRAGSAUR]))
    ok = check(doc, f'tap_ability "{CHARMILIA}"')
    assert ok.legal, ok.text()
    hands = {line for m in [ok] for line in m.steps[0].state if line.startswith("P0 hand")}
    assert hands <= {f"P0 hand: {MANE}", f"P0 hand: {CRAGSAUR}"}


def test_lethal_uses_a_tap_ability_to_remove_the_only_blocker():
    # Boltail breaks both shields; Cragsaur's direct attack wins unless Seamine blocks it.
    doc = pos(side(battle_zone=[BOLTAIL, CRAGSAUR, RIKABU]),
              {**side(battle_zone=[SEAMINE]), "shields": [VEHICLE, VEHICLE]})
    got = L.answer(L.problem_from(doc, "<test>"))
    assert got.verdict == "lethal", got.text()
    assert got.line[0] == f'tap_ability "{RIKABU}" targeting "{SEAMINE}"'
    # without Rikabu's Screwdriver Seamine blocks one of the two attacks
    doc["players"][0]["battle_zone"] = [BOLTAIL, CRAGSAUR]
    assert L.answer(L.problem_from(doc, "<test>")).verdict == "no_lethal"


def test_a_tap_ability_after_an_attack_destroys_the_creature_a_broken_shield_became():
    # Breaking Fantasy Fish (an S-Trigger blocker) brings a blocker out; Rikabu's Screwdriver,
    # tapped after that attack, destroys the creature that shield became; the last attack wins.
    fish = "Fantasy Fish"
    doc = pos(side(battle_zone=[BOLTAIL, RIKABU, CRAGSAUR]), side(shields=[fish]))
    ok = check(doc, f'attack "{CRAGSAUR}" -> player', f'tap_ability "{RIKABU}" targeting "{fish}"',
               f'attack "{BOLTAIL}" -> player')
    assert ok.legal, ok.text()
    assert "P1 battle zone after the attack: none" in ok.steps[1].state
    assert "the game is won" in ok.steps[2].state[-2]


def test_milkyways_tap_ability_boosts_mana_only_while_the_opponent_has_more_mana_cards():
    milkyway = "Milkyway, Spectral Knight"

    def mana_after(ours: int, theirs: int) -> list:
        doc = pos(side(battle_zone=[milkyway], mana_zone=[MANE] * ours, deck=[CRAGSAUR]),
                  side(mana_zone=[MANE] * theirs))
        result = check(doc, f'tap_ability "{milkyway}"')
        assert result.legal, result.text()
        return [c if isinstance(c, str) else c["card"] for c in result.steps[-1].position["players"][0]["mana_zone"]]
    assert mana_after(1, 2).count(CRAGSAUR) == 1     # he has more: the top card of our deck
    assert mana_after(2, 2).count(CRAGSAUR) == 0     # as many: nothing


def test_what_waits_for_the_end_of_the_turn_or_his_next_turn_changes_nothing_in_a_line():
    # Tra Rion: "$tap choose a race. at the end of this turn, untap all creatures of that race";
    # Stunning Totem: "whenever this creature attacks, choose one of your opponent's tapped creatures.
    # your opponent can't untap that creature at the start of his next turn" -- a line never gets there
    rion, totem = "Tra Rion, Penumbra Guardian", "Stunning Totem"
    doc = pos(side(battle_zone=[rion, totem]), side(battle_zone=[{"card": CRAGSAUR, "tapped": True}], shields=[VEHICLE]))
    ok = check(doc, f'tap_ability "{rion}"', f'attack "{totem}" -> "{CRAGSAUR}"')
    assert ok.legal, ok.text()
    assert f"P0 battle zone: {rion} (tapped), {totem}" in ok.steps[0].state       # nothing untapped yet
    assert CRAGSAUR not in zone_after(ok, 1)                                       # 4000 against 3000
    # still a tap ability: not after Tra Rion attacked
    assert "already_attacked" in terms(check(doc, f'attack "{rion}" -> player', f'tap_ability "{rion}"'))
    # the same choice with an effect now is not read
    lib = library()
    for name in ("Tra Rion, Penumbra Guardian", "Stunning Totem"):
        assert not effects.read(lib.get(name), frozenset(lib.get(name).races)).unsupported
    assert effects.read_line("choose one of your opponent's tapped creatures in the battle zone. "
                             "that creature gets -1000 power until the end of the turn") is None
