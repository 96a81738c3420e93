"""Every summoning rule of the core, with real cards: what is legal and what is not."""
from __future__ import annotations

import oracle
from yugioh_board import board, can, summons
from yugioh_lines import illegal, legal

WARWOLF, KOZAKY, MOTH = "Gene-Warped Warwolf", "Kozaky", "Petit Moth"
SKULL, BEWD, DM = "Summoned Skull", "Blue-Eyes White Dragon", "Dark Magician"
JUNK, BRD, STARDUST = "Junk Synchron", "Black Rose Dragon", "Stardust Dragon"
UTOPIA = "Number 39: Utopia"


# --- Normal Summon / Set -----------------------------------------------------------------------
def test_level_4_normal_summon_and_set():
    pos = board(hand=[WARWOLF])
    assert can(pos, "normal_summon", WARWOLF, [])
    assert can(pos, "normal_set", WARWOLF, [])


def test_only_one_normal_summon_per_turn():
    pos = board(hand=[WARWOLF, SKULL], field=[KOZAKY, {"card": MOTH, "position": "set"}], normal_summon_used=True)
    found = summons(pos)
    assert not {s for s in found if s[0] in ("normal_summon", "normal_set", "tribute_summon", "tribute_set")}
    # Flip Summons and position changes are not Normal Summons: still there.
    assert ("flip_summon", MOTH, ()) in found and ("change_position", KOZAKY, ()) in found


def test_level_5_6_needs_one_tribute_and_level_7_needs_two():
    pos = board(hand=[SKULL, DM], field=[KOZAKY, MOTH])
    assert can(pos, "tribute_summon", SKULL, [KOZAKY]) and can(pos, "tribute_summon", SKULL, [MOTH])
    assert not can(pos, "tribute_summon", SKULL, [KOZAKY, MOTH])
    assert can(pos, "tribute_summon", DM, [KOZAKY, MOTH])
    assert not can(pos, "tribute_summon", DM, [KOZAKY])
    assert not can(pos, "normal_summon", SKULL) and not can(pos, "normal_summon", DM)


def test_level_7_with_only_one_monster_to_tribute_is_illegal():
    assert not summons(board(hand=[DM], field=[KOZAKY]), "tribute_summon")
    assert not summons(board(hand=[DM], field=[KOZAKY]), "tribute_set")


def test_face_down_monsters_can_be_tributed():
    pos = board(hand=[SKULL], field=[{"card": MOTH, "position": "set"}])
    assert can(pos, "tribute_summon", SKULL, [MOTH]) and can(pos, "tribute_set", SKULL, [MOTH])


def test_full_main_monster_zones_block_a_normal_summon_but_not_a_tribute_summon():
    pos = board(hand=[WARWOLF, SKULL], field=[KOZAKY] * 5)
    assert not can(pos, "normal_summon", WARWOLF)
    assert can(pos, "tribute_summon", SKULL, [KOZAKY])


def test_special_summon_only_and_ritual_monsters_cannot_be_normal_summoned():
    pos = board(hand=["Dark Armed Dragon", "Black Luster Soldier"], field=[KOZAKY, MOTH])
    assert not summons(pos)  - {s for s in summons(pos) if s[0] == "change_position"}


# --- Flip Summon and battle positions -------------------------------------------------------------
def test_flip_summon_only_for_a_monster_not_set_this_turn():
    assert can(board(field=[{"card": MOTH, "position": "set"}]), "flip_summon", MOTH)
    assert not can(board(field=[{"card": MOTH, "position": "set", "summoned_this_turn": True}]), "flip_summon", MOTH)


def test_change_position_once_per_turn_and_not_on_the_turn_summoned():
    assert can(board(field=[WARWOLF]), "change_position", WARWOLF)
    assert can(board(field=[{"card": WARWOLF, "position": "defense"}]), "change_position", WARWOLF)
    assert not can(board(field=[{"card": WARWOLF, "summoned_this_turn": True}]), "change_position", WARWOLF)
    assert not can(board(field=[{"card": WARWOLF, "position_changed_this_turn": True}]), "change_position", WARWOLF)
    # A face-down monster is not changed to face-up Defense by hand: only Flip Summoned.
    assert not can(board(field=[{"card": WARWOLF, "position": "set"}]), "change_position", WARWOLF)
    # nor one that declared an attack this turn (the Main Phase 2 after it)
    assert not can(board(field=[{"card": WARWOLF, "attacked_this_turn": True}]), "change_position", WARWOLF)


def test_a_monster_that_attacked_keeps_its_position_for_the_rest_of_the_turn():
    pos = board(field=["Battle Ox", WARWOLF])
    why = illegal(pos, 'attack "Battle Ox" directly', 'change_position "Battle Ox"')
    assert "declared an attack this turn" in why
    # the one that did not attack may still change
    legal(pos, 'attack "Battle Ox" directly', f'change_position "{WARWOLF}"')


def test_link_monsters_never_change_to_defense():
    assert not can(board(emz=["Link Spider", None]), "change_position", "Link Spider")


# --- Ritual Summon --------------------------------------------------------------------------------
def test_ritual_equal_or_exceed_with_no_superfluous_tribute():
    pos = board(hand=["Black Luster Ritual", "Black Luster Soldier", DM, KOZAKY, MOTH], field=[WARWOLF])
    rituals = summons(pos, "ritual_summon")
    assert ("ritual_summon", "Black Luster Soldier", tuple(sorted([DM, KOZAKY]))) in rituals
    assert ("ritual_summon", "Black Luster Soldier", tuple(sorted([DM, WARWOLF]))) in rituals
    # Dark Magician + both Level 1s = 9, but one Level 1 is superfluous.
    assert ("ritual_summon", "Black Luster Soldier", tuple(sorted([DM, KOZAKY, MOTH]))) not in rituals
    # Warwolf + both Level 1s = 6: too few.
    assert ("ritual_summon", "Black Luster Soldier", tuple(sorted([WARWOLF, KOZAKY, MOTH]))) not in rituals
    assert all(p.spell.name == "Black Luster Ritual" for p in oracle.plays(pos) if p.action == "ritual_summon")


def test_ritual_spell_needs_a_free_spell_trap_zone_unless_set():
    full = ["Mystical Space Typhoon"] * 5
    hand = ["Black Luster Ritual", "Black Luster Soldier", DM, KOZAKY]
    assert not summons(board(hand=hand, st=[{"card": "Mirror Force", "face_up": False}] * 5), "ritual_summon")
    set_ritual = board(hand=hand[1:], st=[{"card": "Black Luster Ritual", "face_up": False}] + full[1:])
    assert summons(set_ritual, "ritual_summon")


def test_ritual_spell_summons_only_its_monster():
    pos = board(hand=["Black Illusion Ritual", "Black Luster Soldier", DM, KOZAKY])
    assert not summons(pos, "ritual_summon")


def _no_candidate_but_a_reason(doc: dict, card: str, method: str) -> list[str]:
    """Why ``card`` cannot be summoned by ``method`` (the blockers' reasons), after checking that
    the position's program grounds no such action at all (it is no candidate)."""
    from oracle.yugioh.cards import Library
    from oracle.yugioh.facts import position_facts
    from oracle.yugioh.plays import blockers, ground
    from oracle.yugioh.position import parse_position
    library = Library.load()
    pos = parse_position(doc, library=library)
    assert not summons(pos, method)
    ctl = ground(pos, position_facts(pos, library))
    assert not any(a.symbol.arguments[1].name == method for a in ctl.symbolic_atoms.by_signature("act", 3))
    slot = next(s for s in pos.slots if s.card.name == card)
    return [str(r) for r, _ in blockers(pos, slot, method, library)]


def test_without_a_ritual_spell_a_ritual_monster_is_no_candidate_yet_the_reason_is_given():
    # ritual.lp: the Ritual Summon is a candidate only with a Ritual Spell that could summon the
    # monster, so a big hand grounds no Level sums for nothing; asked why, the missing Spell is named.
    doc = board(hand=["Black Luster Soldier", DM, KOZAKY, MOTH, WARWOLF])
    reasons = _no_candidate_but_a_reason(doc, "Black Luster Soldier", "ritual_summon")
    assert reasons and all(r.startswith("no_ritual_spell(") for r in reasons)


# --- Fusion Summon --------------------------------------------------------------------------------
def test_without_a_fusion_spell_a_fusion_monster_is_no_candidate_yet_the_reason_is_given():
    # extra.lp: as the Ritual Summon above, a Fusion Summon is a candidate only with a Fusion Spell
    # ready; asked why Flame Swordsman cannot be summoned from its materials, the missing Spell is named.
    mats = ["Masaki the Legendary Swordsman", "Flame Manipulator"]
    reasons = _no_candidate_but_a_reason(board(hand=mats, extra=["Flame Swordsman"]), "Flame Swordsman", "fusion_summon")
    assert reasons and all(r.startswith("no_fusion_spell(") for r in reasons)
    # a Set Polymerization is a Fusion Spell ready: the summon is a play again
    with_spell = board(hand=mats, extra=["Flame Swordsman"])
    with_spell["players"][0]["spell_trap_zones"] = [{"card": "Polymerization", "face_up": False}, None, None, None, None]
    assert can(with_spell, "fusion_summon", "Flame Swordsman", mats)


def test_fusion_materials_from_hand_and_field():
    pos = board(hand=["Polymerization", "Masaki the Legendary Swordsman"], field=["Flame Manipulator"],
                extra=["Flame Swordsman"])
    assert can(pos, "fusion_summon", "Flame Swordsman", ["Flame Manipulator", "Masaki the Legendary Swordsman"])


def test_fusion_needs_the_named_materials():
    pos = board(hand=["Polymerization", "Masaki the Legendary Swordsman", WARWOLF], extra=["Flame Swordsman"])
    assert not summons(pos, "fusion_summon")


def test_fusion_needs_the_spell():
    pos = board(hand=["Masaki the Legendary Swordsman", "Flame Manipulator"], extra=["Flame Swordsman"])
    assert not summons(pos, "fusion_summon")


# --- Synchro Summon -------------------------------------------------------------------------------
def test_synchro_levels_must_total_exactly():
    pos = board(field=[JUNK, WARWOLF, KOZAKY], extra=[BRD, STARDUST])
    assert can(pos, "synchro_summon", BRD, [JUNK, WARWOLF])            # 3 + 4 = 7
    assert can(pos, "synchro_summon", STARDUST, [JUNK, WARWOLF, KOZAKY])  # 3 + 4 + 1 = 8
    assert not can(pos, "synchro_summon", STARDUST, [JUNK, WARWOLF])    # 7, not 8


def test_synchro_needs_a_tuner_and_face_up_materials():
    assert not summons(board(field=[WARWOLF, "Celtic Guardian"], extra=[STARDUST]), "synchro_summon")
    face_down_tuner = board(field=[{"card": JUNK, "position": "set"}, WARWOLF], extra=[BRD])
    assert not summons(face_down_tuner, "synchro_summon")


def test_two_tuners_cannot_be_one_tuner_plus_non_tuners():
    pos = board(field=[JUNK, "Ash Blossom & Joyous Spring", WARWOLF], extra=[BRD])
    assert can(pos, "synchro_summon", BRD, [JUNK, WARWOLF])
    assert not can(pos, "synchro_summon", BRD, ["Ash Blossom & Joyous Spring", JUNK, KOZAKY])


def test_xyz_and_link_monsters_are_never_synchro_material():
    # Utopia is Rank 4, Link Spider Link-1: neither has a Level to add to Junk Synchron's 3.
    assert not summons(board(field=[JUNK, UTOPIA], extra=[BRD]), "synchro_summon")
    assert not summons(board(field=[JUNK], emz=["Link Spider", None], extra=["Black Rose Dragon"]), "synchro_summon")


# --- Xyz Summon -----------------------------------------------------------------------------------
def test_xyz_same_level_in_the_required_number():
    pos = board(field=[WARWOLF, "Celtic Guardian", KOZAKY], extra=[UTOPIA, "Zoodiac Drident"])
    assert can(pos, "xyz_summon", UTOPIA, [WARWOLF, "Celtic Guardian"])
    assert not can(pos, "xyz_summon", UTOPIA, [WARWOLF, KOZAKY])
    assert not summons(pos, "xyz_summon") - {s for s in summons(pos, "xyz_summon") if s[1] == UTOPIA}


def test_a_rank_is_not_a_level():
    assert not summons(board(field=[UTOPIA, WARWOLF], extra=["Abyss Dweller"]), "xyz_summon")


def test_xyz_summon_with_full_main_monster_zones():
    pos = board(field=[WARWOLF] * 5, extra=[UTOPIA])
    assert can(pos, "xyz_summon", UTOPIA, [WARWOLF, WARWOLF])


def test_attribute_and_type_filters():
    machines = board(field=["Mechanicalchaser", "Mechanicalchaser"], extra=["Cyber Dragon Nova"])
    assert not summons(machines, "xyz_summon")  # Level 4, not 5
    pos = board(field=[WARWOLF, "Celtic Guardian"], extra=["Link Spider", "Honeybot"])
    assert can(pos, "link_summon", "Link Spider", [WARWOLF])       # 1 Normal Monster
    assert not can(pos, "link_summon", "Honeybot")                  # 2 Cyberse monsters


# --- Link Summon ----------------------------------------------------------------------------------
def test_link_rating_in_materials():
    pos = board(field=[WARWOLF, "Celtic Guardian", KOZAKY], extra=["Proxy Dragon", "Traffic Ghost", "Firewall Dragon"])
    assert can(pos, "link_summon", "Proxy Dragon", [WARWOLF, KOZAKY])
    assert can(pos, "link_summon", "Traffic Ghost", [WARWOLF, "Celtic Guardian", KOZAKY])
    assert not summons(pos, "link_summon") & {s for s in summons(pos) if s[1] == "Firewall Dragon"}


def test_link_monster_counts_as_one_or_its_rating_but_card_count_still_applies():
    pos = board(field=[WARWOLF, KOZAKY], emz=["Proxy Dragon", None], extra=["Traffic Ghost", "Gaia Saber, the Lightning Shadow"])
    assert can(pos, "link_summon", "Gaia Saber, the Lightning Shadow", ["Proxy Dragon", WARWOLF])  # 2 + 1
    assert not can(pos, "link_summon", "Traffic Ghost", ["Proxy Dragon", WARWOLF])                  # "3 monsters"
    assert can(pos, "link_summon", "Traffic Ghost", ["Proxy Dragon", WARWOLF, KOZAKY])              # 1 + 1 + 1


def test_link_materials_must_be_face_up():
    assert not summons(board(field=[{"card": KOZAKY, "position": "set"}, WARWOLF], extra=["Proxy Dragon"]), "link_summon")


# --- Pendulum Summon ------------------------------------------------------------------------------
def test_pendulum_levels_strictly_between_the_scales():
    pos = board(hand=[WARWOLF, DM, "Sangan"], st=["Stargazer Magician", None, None, None, "Timegazer Magician"])
    assert ("pendulum_summon", (WARWOLF,), ()) in summons(pos)
    assert ("pendulum_summon", tuple(sorted([DM, WARWOLF])), ()) in summons(pos)  # 7 lies in 1..8
    pos8 = board(hand=[BEWD, WARWOLF], st=["Stargazer Magician", None, None, None, "Timegazer Magician"])
    assert not any(BEWD in s[1] for s in summons(pos8, "pendulum_summon"))        # 8 is not between 1 and 8


def test_pendulum_summon_once_per_turn_and_needs_two_scales():
    st = ["Stargazer Magician", None, None, None, "Timegazer Magician"]
    assert not summons(board(hand=[WARWOLF], st=st, pendulum_summon_used=True), "pendulum_summon")
    assert not summons(board(hand=[WARWOLF], st=st[:4]), "pendulum_summon")


def test_pendulum_from_extra_deck_face_up_only_into_the_extra_monster_zone():
    st = ["Stargazer Magician", None, None, None, "Timegazer Magician"]
    odd = "Odd-Eyes Pendulum Dragon"
    pos = board(hand=[WARWOLF], st=st, extra=[{"card": odd, "face_up": True}, {"card": odd, "face_up": True}])
    found = summons(pos, "pendulum_summon")
    assert ("pendulum_summon", (odd,), ()) in found
    assert not any(s[1].count(odd) == 2 for s in found)   # only one Extra Monster Zone
    face_down = board(hand=[WARWOLF], st=st, extra=[{"card": odd, "face_up": False}])
    assert not any(odd in s[1] for s in summons(face_down, "pendulum_summon"))


def test_ritual_monsters_cannot_be_pendulum_summoned():
    pos = board(hand=["Black Luster Soldier"], st=["Stargazer Magician", None, None, None, "Timegazer Magician"])
    assert not summons(pos, "pendulum_summon")


# --- A card's own procedure: contact Fusion -------------------------------------------------------
def test_contact_fusion_from_the_field_only():
    neos, bird, air = "Elemental HERO Neos", "Neo-Spacian Air Hummingbird", "Elemental HERO Air Neos"
    assert can(board(field=[neos, bird], extra=[air]), "special_summon", air, [neos, bird])
    assert not summons(board(field=[neos], hand=[bird], extra=[air]), "special_summon")
    # It cannot be Fusion Summoned with Polymerization instead.
    assert not summons(board(field=[neos, bird], hand=["Polymerization"], extra=[air]), "fusion_summon")


def test_fusion_substitute_replaces_one_named_material():
    swamp = "King of the Swamp"
    pos = board(hand=["Polymerization", swamp, "Flame Manipulator"], extra=["Flame Swordsman"])
    assert can(pos, "fusion_summon", "Flame Swordsman", [swamp, "Flame Manipulator"])
    assert not summons(board(hand=["Polymerization", swamp, swamp], extra=["Flame Swordsman"]), "fusion_summon")


def test_tokens_are_never_xyz_material_but_can_be_link_material():
    sheep = {"card": "Sheep Token", "position": "defense"}
    archive = "Number 78: Number Archive"  # 2 Level 1 monsters
    pos = board(field=[sheep, sheep, KOZAKY], extra=[archive, "Linkuriboh"])
    assert can(pos, "link_summon", "Linkuriboh", ["Sheep Token"])
    assert not summons(pos, "xyz_summon")
    assert can(board(field=[sheep, MOTH, KOZAKY], extra=[archive]), "xyz_summon", archive, [KOZAKY, MOTH])


def test_contact_fusion_that_needs_duel_history():
    cannon, vwxyz, lv7 = "Armed Dragon Catapult Cannon", "VWXYZ-Dragon Catapult Cannon", "Armed Dragon LV7"
    doc = board(field=[vwxyz], gy=[lv7], extra=[cannon])
    assert not summons(doc, "special_summon")
    doc["players"][0]["special_summoned_this_duel"] = [vwxyz, lv7]
    assert can(doc, "special_summon", cannon, [vwxyz, lv7])
    doc["players"][0]["special_summoned_this_duel"] = [vwxyz]
    assert not summons(doc, "special_summon")


def test_a_renamed_card_still_fits_its_old_name():
    # Amphibious Bugroth asks for "Defender of the Sea", today's "Sentinel of the Seas".
    pos = board(hand=["Polymerization", "Ground Attacker Bugroth", "Sentinel of the Seas"], extra=["Amphibious Bugroth"])
    assert can(pos, "fusion_summon", "Amphibious Bugroth", ["Ground Attacker Bugroth", "Sentinel of the Seas"])


def test_link_summon_only_in_main_phase_2():
    clara = "Clara & Rushka, the Ventriloduo"  # 1 Normal Summoned/Set monster; Main Phase 2 only
    kozaky = {"card": KOZAKY, "normal_summoned": True}
    assert not summons(board(field=[kozaky], extra=[clara]), "link_summon")
    assert can(board(field=[kozaky], extra=[clara], phase="main2"), "link_summon", clara, [KOZAKY])
    # A monster that was not Normal Summoned or Set is not material for it.
    assert not summons(board(field=[KOZAKY], extra=[clara], phase="main2"), "link_summon")


def test_egyptian_god_needs_three_tributes_and_cannot_be_set():
    obelisk = "Obelisk the Tormentor"
    pos = board(hand=[obelisk], field=[KOZAKY, MOTH, WARWOLF])
    assert can(pos, "tribute_summon", obelisk, [KOZAKY, MOTH, WARWOLF])
    assert not summons(pos, "tribute_set")
    assert not summons(board(hand=[obelisk], field=[KOZAKY, MOTH]), "tribute_summon")


def test_cannot_be_special_summoned_means_no_pendulum_summon_either():
    scales = ["Stargazer Magician", None, None, None, "Timegazer Magician"]
    pos = board(hand=["Yata-Garasu", WARWOLF], st=scales)
    assert can(pos, "normal_summon", "Yata-Garasu", [])
    assert {s[1] for s in summons(pos, "pendulum_summon")} == {(WARWOLF,)}


def test_must_be_pendulum_summoned_monsters_can_be_pendulum_summoned():
    scales = ["Stargazer Magician", None, None, None, "Timegazer Magician"]
    # Special-Summon-only, but "Must be Pendulum Summoned (from your hand)"; Level 12, so Scales 1 and 13.
    pos = board(hand=["Odd-Eyes Revolution Dragon"], st=["Stargazer Magician", None, None, None, "Supreme King Gate Infinity"])
    assert ("pendulum_summon", ("Odd-Eyes Revolution Dragon",), ()) in summons(pos, "pendulum_summon")
    assert not summons(pos, "normal_summon") and not summons(pos, "tribute_summon")
    # A Ritual monster that may be "either Ritual Summoned, or Pendulum Summoned from your hand".
    graph = board(hand=["Odd-Eyes Pendulumgraph Dragon"], st=scales)
    assert ("pendulum_summon", ("Odd-Eyes Pendulumgraph Dragon",), ()) in summons(graph, "pendulum_summon")
    # Special-Summon-only without that wording: no.
    assert not summons(board(hand=["Dark Armed Dragon"], st=scales), "pendulum_summon")
