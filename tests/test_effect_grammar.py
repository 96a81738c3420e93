"""The effect grammar on LALR(1) (oracle/yugioh/grammar/effects*.lark): its conflicts are the known
ones, its words are whole words of the vocabulary, and the postlexer's re-typings, the phrases and
the checked words read real cards (what must be read, and what must not)."""
from __future__ import annotations

import logging
import re

import lark
import pytest

from oracle.yugioh.cards import Library
from oracle.yugioh.effect_text import _parse_unit, accepted, build_parser, card_effects, effect_sentences, parser

# Shift/reduce conflicts lark resolves as shift, by the rule that could have been reduced.
# common.lark's noun phrases nest (an item inside "except" / "including" takes the postmodifiers and
# alternatives after it: the innermost item, as in material lines): any terminal there.
NESTING = {"item", "postmod", "props", "object_item", "slot"}
# The others, each the one reading the card pool writes:
KNOWN = {
    # "Once per turn, this card cannot be destroyed by battle" (a rule), not "Once per turn, this card ...";
    # "Once per turn, during your Main Phase: ..." is a phase condition after the frequency, never the
    # grant "during your Main Phase this turn, you can Normal Summon ..." (effects_statics.lark), which
    # comes after a cost
    "_lead": {"THIS", "DURING", "DURING_LC"},
    # "take control of that target while this card is face-up on the field" is how long the control
    # lasts, never the condition of the older wording "... while "X" is on the field to Special Summon ..."
    "negate_take_control": {"WHILE_LC"},
    # "Monsters your opponent controls cannot target ..." (effects_statics.lark), "When a card or effect
    # is activated" (effects_negate.lark), "Neither player can Special Summon monsters." and its ", except
    # ..." (effects_statics.lark: the lock on every monster, not the lock on those of a noun phrase):
    # the frame's words, not a noun phrase's
    "noun": {"OPP_CONTROLS", "OR", "DOT", "PCOMMA"},
    # "Set" opening a sentence is the verb ("Set 1 card ..."), never a qualifier of a sentence-long noun
    # phrase; "If you have "A", "B" and "C" ..." is Exodia's; "a Spell Card" after "When" is negate's
    "qual": None,
    # "it gains 500 ATK and DEF"
    "stats_stat": {"AND"},
    # "this card is" at a sentence's start is a rule's ("this card is unaffected by ...")
    "subject": {"IS"},
    # "When this card leaves the field, destroy that monster", "When that monster is destroyed, destroy
    # this card": the linked destruction (effects.lark's link_this / link_that), not an older-worded
    # trigger of the chains family's event with a comma before its effect
    "chains_event_cond": {"ECOMMA"},
    "chains_event": {"ECOMMA"},
    # "target 1 ... you control and 1 card your opponent controls": "and" after a target is its second
    # group (effects.lark's target_two), never a connective to the next clause
    "target": {"AND"},
    # ", and if you do, ..." is the connective, never a condition "if you Normal Summon ..." after "and"
    "timing": {"YOU_LC"},
    # "If this card battles a monster, neither can be destroyed by that battle" (effects.lark's
    # mutual_battle) reads "a monster" as its own words; "battles a LIGHT monster, it gains ..."
    # (effects_battle.lark) has a qualifier after "a", which no rule but the noun phrase's reads;
    # "While you control a Token, this card cannot be destroyed ..." is effects_statics.lark's
    # token rule, not the condition of a rule while you control a noun phrase
    "count": {"NOUN", "TOKEN"},
}


def _conflicts() -> set[tuple[str, str]]:
    records: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record):
            records.append(record.getMessage())

    handler, level = Keep(), lark.logger.level
    lark.logger.addHandler(handler)
    lark.logger.setLevel(logging.DEBUG)
    try:
        build_parser(cache=False)
    finally:
        lark.logger.removeHandler(handler)
        lark.logger.setLevel(level)
    out, terminal = set(), None
    for message in records:
        m = re.match(r"Shift/Reduce conflict for terminal (\w+)", message)
        if m:
            terminal = m.group(1)
            continue
        m = re.match(r" \* <(\S+) :", message)
        if m and terminal:
            out.add((m.group(1), terminal))
    return out


def test_the_grammar_is_lalr_and_its_conflicts_are_the_known_ones():
    conflicts = _conflicts()
    assert conflicts, "the debug log of lark's LALR analysis was not read"
    unknown = sorted((rule, t) for rule, t in conflicts
                     if rule not in NESTING and not (rule in KNOWN and (KNOWN[rule] is None or t in KNOWN[rule])))
    assert not unknown, f"shift/reduce conflicts nobody decided (LALR would resolve them as shift): {unknown}"


def test_every_word_of_a_rule_is_a_whole_word_of_the_vocabulary():
    p = parser()
    words = p.options.postlex.words
    assert {"this", "card", "monster", "or", "a", "Special", "Summon", "GY"} <= set(words)
    # A terminal tried before WORD that takes a word's first letters would leave that word dead.
    before = [t for t in p.terminals if t.priority > 1]
    for word in words:
        taken = [t.name for t in before if re.match(t.pattern.to_regexp(), word)]
        assert not taken, f"the literal {word!r} is never lexed: {taken} take it first (write the terminal instead)"


def test_a_word_outside_the_vocabulary_leaves_the_sentence_unread():
    assert not accepted("Draw 1 card.".replace("Draw", "Drawn"))
    assert accepted("Draw 1 card.")


@pytest.fixture(scope="module")
def lib():
    return Library.load()


def _facts(lib, name):
    read = card_effects(lib.by_name(name), lib)
    return read, {str(f) for f in read.facts}


def test_and_before_a_condition_and_a_comma_before_you(lib):
    # AND_COND ("... and you control no monsters") and YCOMMA (", you can"): an ignition effect of the
    # hand with both conditions (the old wording of a procedure, read as effects.lark reads it)
    read, facts = _facts(lib, "XX-Saber Gardestrike")
    assert read.unsupported is None
    code = lib.by_name("XX-Saber Gardestrike").code
    assert f"proc_cond({code},eff(1),1,count(me,graveyard,2,99))" in facts
    assert f"proc_cond({code},eff(1),2,count(me,field,0,0))" in facts
    assert f"eff_from({code},1,hand)" in facts


def test_a_comma_before_a_place_of_a_list(lib):
    # LCOMMA: "from your Deck, Extra Deck, or GY"
    read, facts = _facts(lib, "Fallen Angel of the Golden Land")
    assert read.unsupported is None
    code = lib.by_name("Fallen Angel of the Golden Land").code
    assert {f"eff_src({code},1,1,1,{p})" for p in ("deck", "extra", "graveyard")} <= facts


def test_a_comma_before_or_and_a_count(lib):
    # XCOMMA: De-Spell's target of either description, "1 face-up Spell, or 1 Set Spell/Trap, on the field"
    p = _parse_unit('Target 1 face-up Spell, or 1 Set Spell/Trap, on the field; destroy that target if it is a Spell.', lib)
    (target,) = p["pre"]
    assert target[2] == ("both", "field")
    assert len(target[1][2]) == 3   # a face-up Spell, a Set Spell, a Set Trap
    # not as a place of the first noun phrase, nor two targets of another count
    with pytest.raises(lark.exceptions.LarkError):
        _parse_unit("Target 2 face-up Spells, or 1 Set Spell/Trap, on the field; destroy that target if it is a Spell.", lib)


def test_a_comma_before_a_modifier(lib):
    # MCOMMA: ", if this card was Special Summoned this turn" modifies the phase, it starts no clause
    card = lib.by_name("Watch Cat")
    (sentence,) = [s for s in effect_sentences(card) if s.startswith("During your End Phase, if")]
    p = _parse_unit(sentence, lib)
    assert p["cond"] == ("phase", "end", ["special"]) and p["optional"]   # activate.lp checks the tail
    assert p["pre"] == [("self", "banish", None)]
    # and after "During the End Phase", a tail of the phase ("of the turn this card is Normal Summoned") is
    # the Spirit's return, a rule of the monster
    read, facts = _facts(lib, "Asura Priest")
    assert read.unsupported is None
    assert f"pz_end_return({lib.by_name('Asura Priest').code})" in facts


def test_a_checked_word_refuses_another_word(lib):
    # w_atk: "This card gains 500 ATK for each ... in your Graveyard" is read (stats.lp: a gain of ATK
    # per card), "This card gains 100 DEF for each ..." is not (no such gain of DEF is played)
    read, facts = _facts(lib, "Grass Phantom")
    code = lib.by_name("Grass Phantom").code
    assert read.unsupported is None
    assert f"stat_cont({code},1,atk,500,self)" in facts and f"stat_per({code},1,graveyard)" in facts
    read, _ = _facts(lib, "Worm Solid")
    assert read.unsupported == 'This card gains 100 DEF for each Reptile-Type "Worm" monster in your Graveyard.'
    assert not read.facts


def test_phrases_read_their_words(lib):
    # !negate_what: the activation a Counter Trap answers, from its words
    read, facts = _facts(lib, "Magic Jammer")
    code = lib.by_name("Magic Jammer").code
    assert read.unsupported is None
    assert f"eff_answer({code},1,spell_card)" in facts
