"""`oracle cards ...` and `oracle deck ...`: the card library and decks from the command line."""
from __future__ import annotations

import functools
import json
import sys
import time
from pathlib import Path

import click

from oracle.errors import OracleError
from oracle.yugioh.cards import Card, Library, default_library_path


def _reports_errors(fn):
    """Bad input is a message and exit status 2, never a traceback (as the main CLI does)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except OracleError as e:
            click.echo(f"error: {e}", err=True)
            sys.exit(2)

    return wrapper


def _library(path: str | None) -> Library:
    return Library.load(Path(path) if path else None)


@click.group("cards")
def cards() -> None:
    """The Yu-Gi-Oh! card library (facts/yugioh/cards.jsonl.gz)."""


@cards.command("import")
@click.argument("cdb", type=click.Path(dir_okay=False))
@click.option("--archetypes", type=click.Path(dir_okay=False),
              help="archetypes.tsv (default: the one beside the database, if any)")
@click.option("--output", type=click.Path(dir_okay=False),
              help="where to write the library (default: the bundled facts/yugioh/cards.jsonl.gz)")
@_reports_errors
def import_cmd(cdb: str, archetypes: str | None, output: str | None) -> None:
    """Rebuild the library from an EDOPro cards.cdb (official cards, no alternate arts)."""
    from oracle.yugioh.cdb import import_cdb

    start = time.perf_counter()
    library = import_cdb(Path(cdb), Path(archetypes) if archetypes else None)
    target = Path(output) if output else default_library_path()
    library.save(target)
    took = time.perf_counter() - start
    click.echo(f"imported {len(library)} cards and {len(library.archetypes)} archetypes "
               f"into {target} in {took:.2f} s")


def _stats(card: Card) -> str:
    bits = []
    if card.is_monster:
        label = "Link" if card.is_link else "Rank" if card.is_xyz else "Level"
        bits.append(f"{label} {card.level}")
        if card.attribute:
            bits.append(card.attribute.upper())
        if card.race:
            bits.append(card.race.replace("_", " "))
        atk = "?" if card.atk is None else card.atk
        if card.is_link:
            bits.append(f"ATK {atk}")
            bits.append("arrows " + ", ".join(sorted(card.arrows)))
        else:
            bits.append(f"ATK {atk} / DEF {'?' if card.defense is None else card.defense}")
        if card.scales:
            bits.append(f"Scales {card.scales[0]}/{card.scales[1]}")
    return ", ".join(bits)


@cards.command("show")
@click.argument("ref")
@click.option("--library", "library_path", type=click.Path(dir_okay=False), help="another library file")
@_reports_errors
def show(ref: str, library_path: str | None) -> None:
    """A card's data and its summoning requirement, by name or passcode."""
    from oracle.yugioh.requirements import describe, requirements

    library = _library(library_path)
    card = library.resolve(ref, field="card")
    click.echo(f"{card.name} ({card.code})")
    if card.alias:
        original = library.get(card.alias)
        click.echo(f"  name treated as: {original.name if original else card.alias}")
    click.echo(f"  kinds: {' '.join(sorted(card.kinds))}")
    if card.is_monster:
        click.echo(f"  {_stats(card)}")
    if card.setcodes:
        names = [f"{library.archetype_name(s) or '?'} ({hex(s)})" for s in card.setcodes]
        click.echo(f"  archetypes: {', '.join(names)}")
    if card.special_summon_only:
        click.echo("  cannot be Normal Summoned/Set")
    click.echo("  text:")
    for line in card.text.replace("\r\n", "\n").split("\n"):
        click.echo(f"    {line}")
    req = requirements(card, library)
    if req.unsupported:
        click.echo(f"  requirement NOT understood: {req.unsupported}")
    if req.procedure_unsupported:
        click.echo(f"  hand procedure NOT understood (never used): {req.procedure_unsupported}")
    if req.facts:
        click.echo("  requirement:")
        for line in describe(req.facts, library):
            click.echo(f"    {line}")
        click.echo("  facts:")
        for fact in req.facts:
            click.echo(f"    {fact}.")
    for note in req.skipped:
        click.echo(f"  note: {note}")
    _show_effects(card, library)
    if not req.facts and not req.unsupported and card.is_extra_deck:
        click.echo("  requirement: none")


@cards.command("coverage")
@click.option("--cdb", type=click.Path(dir_okay=False), help="measure on this cards.cdb instead of the library")
@click.option("--json", "as_json", is_flag=True, help="machine-readable output")
@click.option("--reasons", default=15, show_default=True, help="how many unsupported reasons to list")
@click.option("--effects", is_flag=True, help="the effect sentences instead (cards whose every effect is understood)")
@_reports_errors
def coverage_cmd(cdb: str | None, as_json: bool, reasons: int, effects: bool) -> None:
    """How much of the summoning requirements (or, with --effects, of the effects) of the pool
    the parser understands."""
    from oracle.yugioh.requirements import coverage

    if cdb:
        from oracle.yugioh.cdb import import_cdb

        library = import_cdb(Path(cdb))
    else:
        library = Library.load()
    if effects:
        _effect_coverage(library, as_json)
        return
    report = coverage(library)
    if as_json:
        click.echo(json.dumps(report, indent=2))
        return
    labels = {"fusion": "Fusion", "synchro": "Synchro", "xyz": "Xyz", "link": "Link",
              "ritual": "Ritual monsters tied to a Ritual Spell", "ritual_spell": "Ritual Spells",
              "named_fusion": "Fusions with named materials only"}
    for key, label in labels.items():
        e = report["kinds"][key]
        click.echo(f"{label:40} {e['supported']:5} / {e['total']:5}  {e['percent']:5.1f}%")
    ed = report["extra_deck"]
    click.echo(f"{'Extra Deck monsters':40} {ed['supported']:5} / {ed['total']:5}  {ed['percent']:5.1f}%"
               f"  ({ed['effect_only']} of them have no procedure: summoned only by a card's effect)")
    hp = report["kinds"]["hand_procedure"]
    click.echo(f"{'Hand procedures (main-deck monsters)':40} {hp['supported']:5} / {hp['total']:5}  {hp['percent']:5.1f}%"
               f"  (the rest are never Special Summoned that way)")
    click.echo("most common unsupported reasons:")
    for e in report["unsupported_reasons"][:reasons]:
        click.echo(f"  {e['count']:4}  {e['reason']}  (e.g. {', '.join(e['examples'])})")
    click.echo("hand procedures not read, by reason:")
    for e in report["hand_procedure_reasons"][:reasons]:
        click.echo(f"  {e['count']:4}  {e['reason']}  (e.g. {', '.join(e['examples'])})")


def _show_effects(card: Card, library: Library) -> None:
    """The card's effects as the grammar reads them, or the sentence it does not understand."""
    from oracle.yugioh.effect_text import card_effects

    eff = card_effects(card, library)
    if eff.unsupported:
        click.echo(f"  effects NOT understood (none of them is ever activated): {eff.unsupported}")
    elif eff.effects:
        click.echo("  effects:")
        for e in eff.effects:
            timing = f", {e.timing} {' or '.join(e.events)} Summoned" if e.type == "trigger" else ""
            click.echo(f"    {e.number}: {e.type}{timing}, from {' or '.join(e.where)}"
                       + (", optional" if e.optional else ", mandatory")
                       + (f", limits: {', '.join(e.limits + (['soft'] if e.soft_once else []))}"
                          if e.limits or e.soft_once else ""))
        click.echo("  effect facts:")
        for fact in eff.facts:
            click.echo(f"    {fact}.")


def _effect_coverage(library: Library, as_json: bool) -> None:
    from oracle.yugioh.effect_text import coverage as effect_coverage

    report = effect_coverage(library)
    if as_json:
        click.echo(json.dumps(report, indent=2, ensure_ascii=False))
        return
    for fam, e in list(report["families"].items()) + [("all cards with effects", report["overall"])]:
        click.echo(f"{fam:40} {e['understood']:5} / {e['total']:5}  {e['percent']:5.1f}%")
    click.echo(f"the {len(report['not_understood'])} most frequent sentences not understood (names as \"X\"):")
    for e in report["not_understood"]:
        click.echo(f"  {e['count']:4}  {e['sentence']}  (e.g. {e['example']})")


@click.group("deck")
def deck() -> None:
    """Yu-Gi-Oh! decks (.ydk files)."""


@deck.command("show")
@click.argument("path", type=click.Path(dir_okay=False))
@_reports_errors
def deck_show(path: str) -> None:
    """The cards of a .ydk deck, by name, with counts."""
    from oracle.yugioh.ydk import read_ydk

    d = read_ydk(Path(path), Library.load())
    for label, part in (("Main Deck", d.main), ("Extra Deck", d.extra), ("Side Deck", d.side)):
        click.echo(f"{label} ({len(part)})")
        counts: dict[int, list[Card]] = {}
        for card in part:  # first appearance order, as in the file
            counts.setdefault(card.code, []).append(card)
        for code, copies in counts.items():
            click.echo(f"  {len(copies)}x {copies[0].name} ({code})")
