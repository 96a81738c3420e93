"""`oracle cards ...` and `oracle deck ...`: the card library and decks from the command line."""
from __future__ import annotations

import functools
import importlib
import json
import sys
import time
from pathlib import Path

import click

from oracle import game as games
from oracle import options

from oracle.errors import OracleError
from oracle.safe_write import target_of
from oracle.yugioh.cards import Card, Library, default_library_path, user_library_path


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
@click.argument("cdb", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--archetypes", type=click.Path(dir_okay=False),
              help="archetypes.tsv (default: the one beside the first database, if any)")
@click.option("--output", type=click.Path(dir_okay=False),
              help="where to write the library (default: your data folder, read over the bundled library)")
@_reports_errors
def import_cmd(cdb: tuple[str, ...], archetypes: str | None, output: str | None) -> None:
    """Build the card library from EDOPro databases: cards.cdb, and unofficial ones such as
    cards-unofficial.cdb (their cards are marked unofficial).  Alternate artworks become
    passcodes of the card they depict.

    Without --output the library goes to your data folder, and oracle reads it over the bundled
    library (its cards are added or replace those of the same passcode); the bundled library is
    never overwritten.  --output facts/yugioh/cards.jsonl.gz regenerates the bundled one."""
    from oracle.yugioh.cdb import import_cdb

    target = Path(output) if output else user_library_path()
    if not output and not target.parent.is_dir():
        target.parent.mkdir(parents=True)  # the user's data folder: made, and said so
        click.echo(f"created the folder {target.parent}")
    target_of(target)  # a file that cannot be written is refused before the import
    start = time.perf_counter()
    library = import_cdb([Path(c) for c in cdb], Path(archetypes) if archetypes else None)
    written = library.save(target)
    took = time.perf_counter() - start
    unofficial = sum(1 for c in library if c.unofficial)
    arts = sum(len(c.arts) for c in library)
    click.echo(f"imported {len(library)} cards ({unofficial} unofficial, {arts} alternate artworks) and "
               f"{len(library.archetypes)} archetypes into {written} in {took:.2f} s")
    if not output:
        click.echo(f"oracle reads this library over the bundled one ({default_library_path()}); "
                   "delete the file to go back to the bundled library")


def _stats(card: Card) -> str:
    bits = []
    if card.is_monster or card.is_trap_monster:
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
@click.option("--json", "as_json", is_flag=True, help="Print the card and its requirement as JSON.")
@_reports_errors
def show(ref: str, library_path: str | None, as_json: bool) -> None:
    """A card's data and its summoning requirement, by name or passcode."""
    from oracle.yugioh.explain import kind_notes
    from oracle.yugioh.requirements import describe, requirements

    library = _library(library_path)
    card = library.resolve(ref, field="card")
    if as_json:
        req = requirements(card, library)
        doc = {"card": card.to_json(), "requirement": describe(req.facts, library) if req.facts else [],
               "facts": [str(f) for f in req.facts], "unsupported": req.unsupported or None,
               "hand_procedure_unsupported": req.procedure_unsupported or None, "notes": list(req.skipped),
               "not_modelled": kind_notes(card)}
        if ref.strip().isdigit() and int(ref) != card.code:
            doc["alternate_art"] = int(ref)
        click.echo(json.dumps(doc, indent=2, ensure_ascii=False))
        return
    click.echo(f"{card.name} ({card.code})")
    if ref.strip().isdigit() and int(ref) != card.code:
        click.echo(f"  {int(ref)} is an alternate artwork of this card")
    if card.arts:
        click.echo(f"  alternate artworks: {', '.join(str(a) for a in card.arts)}")
    if card.unofficial:
        click.echo("  unofficial card (not in the official OCG/TCG pool)")
    if card.alias:
        original = library.get(card.alias)
        click.echo(f"  name treated as: {original.name if original else card.alias}")
    click.echo(f"  kinds: {' '.join(sorted(card.kinds))}")
    if card.is_monster:
        click.echo(f"  {_stats(card)}")
    elif card.is_trap_monster:
        kinds = " ".join(k.capitalize() for k in card.trap_monster_kinds)
        click.echo(f"  in a Monster Zone, a Trap Monster ({kinds}): {_stats(card)}")
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
    for note in kind_notes(card):
        click.echo(f"  not modelled: {note}")
    _show_effects(card, library)
    if not req.facts and not req.unsupported and card.is_extra_deck:
        click.echo("  requirement: none")


@cards.command("coverage")
@click.option("--cdb", type=click.Path(dir_okay=False), help="measure on this cards.cdb instead of the library")
@click.option("--json", "as_json", is_flag=True, help="machine-readable output")
@click.option("--reasons", type=options.LINES, default=15, show_default=True, help="how many unsupported reasons to list")
@click.option("--game", "game_name", type=click.Choice(sorted(games.GAMES)), default="yugioh", show_default=True,
              help="the game whose card pool is measured")
@click.option("--effects", is_flag=True, help="the effect sentences instead (cards whose every effect is understood)")
@_reports_errors
def coverage_cmd(cdb: str | None, as_json: bool, reasons: int, game_name: str, effects: bool) -> None:
    """How much of the card pool's text the readers understand: Yu-Gi-Oh! summoning requirements
    (or, with --effects, effects); another game's card text through its plug-in."""
    if game_name != "yugioh":
        if effects:
            raise OracleError("--effects measures Yu-Gi-Oh! effect sentences; leave it out with --game", field="--effects")
        module = games.get(game_name).coverage
        if module is None:
            raise OracleError(f"the game {game_name!r} has no card pool to measure", field="--game")
        measure = importlib.import_module(module)
        report = measure.coverage(reasons)
        click.echo(json.dumps(report, indent=2) if as_json else measure.text(report))
        return
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
    elif eff.facts:   # effects, or only rules the card sets for itself ("This card's name becomes ...")
        click.echo("  effects:" if eff.effects else "  effects: none activated; rules of the card itself:")
        for e in eff.effects:
            timing = f", {e.timing} {' or '.join(map(_event_words, e.events))}" if e.type == "trigger" else ""
            click.echo(f"    {e.number}: {e.type}{timing}, from {' or '.join(e.where)}"
                       + (", optional" if e.optional else ", mandatory")
                       + (f", limits: {', '.join(e.limits + (['soft'] if e.soft_once else []))}"
                          if e.limits or e.soft_once else ""))
        click.echo("  effect facts:")
        for fact in eff.facts:
            click.echo(f"    {fact}.")


_SUMMONS = ("normal", "special", "flip", "synchro", "xyz", "link", "fusion", "ritual", "tribute", "pendulum")


def _event_words(event) -> str:
    """A trigger's event in a few words: "special Summoned", "sent_from(field)"."""
    from oracle.yugioh.effect_symbols import sym

    return f"{event} Summoned" if event in _SUMMONS else str(sym(event))


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
@click.option("--json", "as_json", is_flag=True, help='Print {"main": [...], "extra": [...], "side": [...]} '
              'with {"count", "name", "code"} per card.')
@_reports_errors
def deck_show(path: str, as_json: bool) -> None:
    """The cards of a .ydk deck, by name, with counts."""
    from oracle.yugioh.ydk import read_ydk

    d = read_ydk(Path(path), Library.load())
    doc = {}
    for key, label, part in (("main", "Main Deck", d.main), ("extra", "Extra Deck", d.extra),
                             ("side", "Side Deck", d.side)):
        counts: dict[int, list[Card]] = {}
        for card in part:  # first appearance order, as in the file
            counts.setdefault(card.code, []).append(card)
        doc[key] = [{"count": len(copies), "name": copies[0].name, "code": code} for code, copies in counts.items()]
        if not as_json:
            click.echo(f"{label} ({len(part)})")
            for entry in doc[key]:
                click.echo(f"  {entry['count']}x {entry['name']} ({entry['code']})")
    if as_json:
        click.echo(json.dumps(doc, indent=2, ensure_ascii=False))


from oracle.yugioh.deck_cli import analyse  # noqa: E402  (a command of this group, in its own module)

deck.add_command(analyse)
