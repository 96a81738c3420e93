"""The family "modes" (issue 8): choices of effects ("Activate 1 of these effects;"), bullet lists
of effects under a frequency clause ("You can only use each of these effects of "X" once per
turn." / "1 of the following effects ... per turn, and only once that turn"), and "twice per
turn".  Every card is real; each rule has a legal and an illegal case."""
from __future__ import annotations

from yugioh_board import board
from yugioh_lines import facts_of, illegal, legal

POISON, PIRATE, WHELP, TAROTREI = ("Poison of the Old Man", "Photon Pirate",
                                   "Buster Whelp of the Destruction Swordsman", "Prediction Princess Tarotrei")
PHOTONS = ["Photon Crusher", "Photon Thrasher", "Photon Lizard"]


def lp(result, player: int) -> int:
    return result.steps[-1].position["players"][player]["life_points"]


# --- a choice of effects: one effect, one bullet chosen on activation ----------------------------
def test_a_spells_choice_without_you_can_is_one_effect_with_two_modes():
    facts = facts_of(POISON)   # "Activate 1 of these effects; ● Gain 1200 LP. ● Inflict 800 damage ..."
    assert {"effect(8842266,1,spell)", "eff_mode(8842266,1,1)", "eff_mode(8842266,1,2)",
            "eff_do(8842266,1,1,1,gain_lp(1200))", "eff_do(8842266,1,2,1,damage(800))"} <= facts
    # S-Force Showdown: "Activate 1 of the following effects." and a limit on the card after the bullets
    showdown = facts_of("S-Force Showdown")
    assert {"eff_mode(69761020,1,1)", "eff_mode(69761020,1,2)", "eff_limit(69761020,1,activate_once)"} <= showdown


def test_the_chosen_bullet_is_the_one_that_resolves_and_a_bullet_is_never_both():
    pos = board(hand=[POISON, POISON])
    assert lp(legal(pos, f'activate "{POISON}" mode 2'), 1) == 8000 - 800
    gained = legal(pos, f'activate "{POISON}" mode 1')
    assert lp(gained, 0) == 8000 + 1200 and lp(gained, 1) == 8000
    # it has two bullets: a third does not exist
    assert illegal(pos, f'activate "{POISON}" mode 3')


# --- a bullet list of effects under a frequency clause ---------------------------------------------
def test_a_clause_heading_bullets_limits_those_effects_only():
    # "When this card is Normal Summoned: You can add ... . You can only use 1 of the following effects
    # of "X" per turn, and only once that turn. ● ... ● ...": effects 2 and 3 share the limit, 1 does not
    whelp = facts_of(WHELP)
    assert {"eff_limit(49823708,2,shared)", "eff_limit(49823708,3,shared)"} <= whelp
    assert not any(f.startswith("eff_limit(49823708,1,") for f in whelp)
    # "You can only use each of the following effects of "X" once per turn. ● ... ● ...": after an
    # effect of its own (attach the destroyed monster), only the bullets are once per turn
    smasher = facts_of("Infinitrack Mountain Smasher")
    assert {"eff_limit(60195675,2,hard)", "eff_limit(60195675,3,hard)"} <= smasher
    assert not any(f.startswith("eff_limit(60195675,1,") for f in smasher)


def test_only_1_of_the_bulleted_effects_per_turn():
    # Prediction Princess Tarotrei: bullet 1 (Quick Effect) turns a face-down monster face-up; bullet 2
    # is the other effect of the list.  One of them this turn, once.
    facts = facts_of(TAROTREI)
    assert {"eff_limit(94997874,2,shared)", "eff_limit(94997874,3,shared)"} <= facts
    pos = board(field=[TAROTREI, {"card": "Celtic Guardian", "position": "set"}, "Battle Ox"])
    flip = f'activate "{TAROTREI}" effect 2 targeting "Celtic Guardian"'
    down = f'activate "{TAROTREI}" effect 3 targeting "Battle Ox"'
    legal(pos, flip)
    legal(pos, down)
    assert "once per turn" in illegal(pos, flip, down)
    assert "once per turn" in illegal(pos, down, down)


# --- twice per turn -----------------------------------------------------------------------------------
def test_twice_per_turn_by_name_a_third_use_is_refused():
    # "You can banish 1 "Photon" monster from your Graveyard; this card gains 1000 ATK until the End
    # Phase. You can use the effect of "Photon Pirate" up to twice per turn."
    assert "eff_limit(36834155,1,twice)" in facts_of(PIRATE)
    pos = board(field=[PIRATE], gy=PHOTONS)
    steps = [f'activate "{PIRATE}" paying "{p}"' for p in PHOTONS]
    after = legal(pos, *steps[:2]).steps[-1].position["players"][0]["graveyard"]
    assert len(after) == 1   # two Photon monsters banished, one left
    assert "twice per turn" in illegal(pos, *steps)


def test_twice_per_turn_counts_uses_of_every_copy():
    # Marincess Sea Star: "You can use this effect of "X" up to twice per turn" -- by name, so three
    # copies in the hand give two uses
    star = "Marincess Sea Star"
    assert "eff_limit(62886670,1,twice)" in facts_of(star)
    pos = board(hand=[star, star, star], field=["Marincess Mandarin"])
    steps = [f'activate "{star}" targeting "Marincess Mandarin"'] * 3
    legal(pos, *steps[:2])
    assert "twice per turn" in illegal(pos, *steps)


# --- a choice after its costs ---------------------------------------------------------------------------
RAVINE, BEWD, DUX, REDEYES = "Dragon Ravine", "Blue-Eyes White Dragon", "Dragunity Dux", "Red-Eyes Black Dragon"


def ravine(hand=(BEWD, "Celtic Guardian")) -> dict:
    pos = board(hand=list(hand))
    pos["players"][0]["field_zone"] = {"card": RAVINE, "face_up": True}
    pos["players"][0]["deck"] = [DUX, REDEYES]
    return pos


def test_costs_before_the_choice_are_paid_whichever_bullet_is_chosen():
    # "Once per turn: You can discard 1 card, then activate 1 of these effects; ● Add 1 Level 4 or
    # lower "Dragunity" monster from your Deck to your hand. ● Send 1 Dragon monster from your Deck to the GY."
    facts = facts_of(RAVINE)
    assert {"eff_cost(62265044,1,1,1,discard,1,1)", "eff_cost(62265044,1,2,1,discard,1,1)",
            "eff_limit(62265044,1,soft)"} <= facts
    add = f'activate "{RAVINE}" effect 1 mode 1 paying "{BEWD}" adding "{DUX}"'
    send = f'activate "{RAVINE}" effect 1 mode 2 paying "{BEWD}" sending "{REDEYES}"'
    me = legal(ravine(), add).steps[-1].position["players"][0]
    assert len(me["hand"]) == 2 and len(me["graveyard"]) == 1 and len(me["deck"]) == 1   # Dux added, BEWD discarded
    me = legal(ravine(), send).steps[-1].position["players"][0]
    assert len(me["graveyard"]) == 2 and len(me["hand"]) == 1 and len(me["deck"]) == 1   # BEWD and Red-Eyes in the GY
    # bullet 1 adds only a Level 4 or lower Dragon; the discard is owed by both bullets
    assert illegal(ravine(), f'activate "{RAVINE}" effect 1 mode 1 paying "{BEWD}" adding "{REDEYES}"')
    assert "cost cannot be paid" in illegal(ravine(hand=()), f'activate "{RAVINE}" effect 1 mode 2 sending "{REDEYES}"')
    # "Once per turn" holds for the effect, whichever bullet: the other one is refused after it
    assert "once per turn" in illegal(ravine(), add, f'activate "{RAVINE}" effect 1 mode 2 paying "Celtic Guardian" sending "{REDEYES}"')


# --- "During the Main Phase:" on a Spell/Trap ------------------------------------------------------
ARRIVAL = "Starry Knight Arrival"


def test_a_spell_or_trap_effect_during_the_main_phase_is_activated_in_a_main_phase_only():
    # a Continuous Trap's effect on the field and a Quick-Play Spell, both "During the Main Phase:"
    arrival = facts_of(ARRIVAL)
    assert any(f.startswith("eff_phase(") and f.endswith(",1,main)") for f in arrival)
    assert any(f.startswith("eff_phase(") and f.endswith(",1,main)") for f in facts_of("Mitsurugi Magatama"))
    summon = f'activate "{ARRIVAL}" mode 2 summoning "Seiyaryu"'
    legal(board(hand=["Seiyaryu"], st=[ARRIVAL]), summon)
    why = illegal(board(hand=["Seiyaryu"], st=[ARRIVAL], phase="end"), summon)
    assert "only during the Main Phase" in why
