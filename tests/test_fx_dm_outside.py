"""Family "outside" (grammar/abilities_outside.lark, oracle/duel_masters/fx_outside.py): abilities
acting at the start or end of a turn or in the opponent's turn; harmless for a line, or played
where a line meets them (a discard that the opponent could replace).  Real library cards."""
from __future__ import annotations

from test_dm_helpers import check, pos, side, untapped

from oracle.duel_masters import effects
from oracle.duel_masters.cards import library

GHOST_TOUCH = "Ghost Touch"     # darkness 2: your opponent discards a card at random
BINGOLE = "Bingole, the Explorer"  # "would be discarded ... during your opponent's turn": put it into the battle zone
BARAID = "Baraid, the Explorer"    # Silent skill: your light creatures can't be blocked this turn
WHIRLWIND = "Whisking Whirlwind"   # light 1: at the end of the turn, untap all your creatures
BONE = "Bone Spider"
MANE = "Burning Mane"
EMERALD = "Emerald Grass"


def test_a_discard_the_opponent_could_replace_is_not_played():
    doc = pos(side(hand=[GHOST_TOUCH], mana_zone=untapped(BONE, BONE)), side(hand=[BINGOLE]))
    result = check(doc, f'cast "{GHOST_TOUCH}"')
    assert not result.legal and "effect_not_resolved" in " ".join(result.steps[-1].terms)
    doc["players"][1]["hand"] = [MANE]
    assert check(doc, f'cast "{GHOST_TOUCH}"').legal


def test_start_and_end_of_turn_abilities_are_understood_and_change_nothing():
    lib = library()
    races = frozenset(r for c in lib.cards for r in c.races)
    for name in (BARAID, WHIRLWIND, BINGOLE):
        assert effects.understood(lib.get(name), races), name
    # Whisking Whirlwind is cast; its untap waits for the end of the turn, which the line never reaches
    doc = pos(side(hand=[WHIRLWIND], mana_zone=untapped(EMERALD), battle_zone=[{"card": EMERALD, "tapped": True}]))
    ok = check(doc, f'cast "{WHIRLWIND}"')
    assert ok.legal and ok.steps[-1].position["players"][0]["battle_zone"][0]["tapped"] is True


MAGMAREX = "Magmarex"            # fire 5, enters: destroy all creatures that have power 1000
PHARZI = "Pharzi, the Oracle"    # light 1000: when destroyed, you may return a spell from your graveyard
CETIBOLS = "Cetibols"            # water 2000: when destroyed, you may draw a card
CRAGSAUR = "Cragsaur"


def test_when_destroyed_draws_and_returns_are_harmless_but_not_resolved_by_our_steps():
    lib = library()
    races = frozenset(r for c in lib.cards for r in c.races)
    assert effects.understood(lib.get(CETIBOLS), races)
    assert all(effects.played(a) for a in effects.read(lib.get(PHARZI), races).abilities)
    # Magmarex would destroy our own Pharzi: its ability is not resolved by a step, so the step is refused
    doc = pos(side(hand=[MAGMAREX], mana_zone=untapped(*[CRAGSAUR] * 5), battle_zone=[PHARZI]))
    result = check(doc, f'summon "{MAGMAREX}"')
    assert not result.legal and "effect_not_resolved" in " ".join(result.steps[-1].terms)
    # the opponent's Pharzi: his return from the graveyard changes nothing our line reads
    doc = pos(side(hand=[MAGMAREX], mana_zone=untapped(*[CRAGSAUR] * 5)), side(battle_zone=[PHARZI]))
    assert check(doc, f'summon "{MAGMAREX}"').legal


def test_more_wordings_of_the_opponents_turn_and_of_the_end_of_the_turn():
    lib = library()
    races = frozenset(r for c in lib.cards for r in c.races)
    arque, funnoo, lunar = "Terradragon Arque Delacerna", "Funnoo, Officer of Bloody Winds", "Lunar Charger"
    for name in (arque, funnoo, lunar):
        reading = effects.read(lib.get(name), races)
        assert not reading.unsupported and all(effects.played(a) for a in reading.abilities), name
    # Arque's "would be discarded ... during your opponent's turn you may put it into the battle zone
    # instead" (no comma): a discard of it is refused, as Bingole's
    doc = pos(side(hand=[GHOST_TOUCH], mana_zone=untapped(BONE, BONE)), side(hand=[arque]))
    result = check(doc, f'cast "{GHOST_TOUCH}"')
    assert not result.legal and "effect_not_resolved" in " ".join(result.steps[-1].terms)
    # Lunar Charger: its untap waits for the end of the turn; cast, it goes to the mana zone (charger)
    doc = pos(side(hand=[lunar], mana_zone=untapped(*[EMERALD] * 6), battle_zone=[BONE]))
    result = check(doc, f'cast "{lunar}"')
    assert result.legal, result.text()
    assert lunar in [c if isinstance(c, str) else c["card"] for c in result.steps[-1].position["players"][0]["mana_zone"]]
    # Funnoo of the opponent: destroyed only at the end of our turn, after our line
    doc = pos(side(battle_zone=[BONE, CRAGSAUR]), side(battle_zone=[funnoo], shields=[MANE]))
    assert check(doc, f'attack "{BONE}" -> player', f'attack "{CRAGSAUR}" -> player').legal


def test_silent_skill_abilities_on_a_line_of_their_own_are_read_as_baraids():
    # "$silent_skill EFFECT": used at the start of the turn, as "Silent skill : EFFECT" (Baraid)
    lib = library()
    races = frozenset(r for c in lib.cards for r in c.races)
    for name in ("Lockon Dude Jiruba", "Inspect Seed"):
        assert effects.understood(lib.get(name), races), name
        assert effects.has_silent_skill(lib.get(name)), name
    assert not effects.has_silent_skill(lib.get(BONE))


def test_a_silent_skill_that_puts_a_creature_into_the_battle_zone_is_not_read_as_harmless():
    # Hustle Berry's Silent skill (top card of the deck to the mana zone) acts at the start of the
    # turn, before any line: harmless.  Rollicking Totem's puts a Dragon from the mana zone into
    # the battle zone: a summon play (a put from the mana zone), for the family "summoning", never a
    # mere reminder.
    lib = library()
    races = frozenset(r for c in lib.cards for r in c.races)
    assert effects.understood(lib.get("Hustle Berry"), races)
    totem = effects.read(lib.get("Rollicking Totem"), races)
    assert not totem.unsupported and ("kw", "reminder") not in totem.abilities
    assert [a[1].zone for a in totem.abilities if a[0] == "summon"] == ["mana_zone"]
    # a put into the battle zone that the summoning family cannot read stays not understood
    assert effects.read_line("silent skill : put up to 2 creatures from your deck into the battle zone") is None
