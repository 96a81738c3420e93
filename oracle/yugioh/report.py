"""Plays as people read them (a table) and as programs read them (JSON)."""
from __future__ import annotations

import json

from oracle.yugioh import explain
from oracle.yugioh.plays import Play, PlayList, blockers, natural_action
from oracle.yugioh.position import Position

LABELS = {"normal_summon": "Normal Summon", "normal_set": "Set", "tribute_summon": "Tribute Summon",
          "tribute_set": "Tribute Set", "flip_summon": "Flip Summon", "change_position": "Change position",
          "ritual_summon": "Ritual Summon", "fusion_summon": "Fusion Summon", "synchro_summon": "Synchro Summon",
          "xyz_summon": "Xyz Summon", "link_summon": "Link Summon", "pendulum_summon": "Pendulum Summon",
          "special_summon": "Special Summon", "gemini_summon": "Gemini Summon", "activate": "Activate"}


def plays_json(found: PlayList) -> str:
    doc: dict = {"plays": [p.to_json() for p in found]}
    if not found.complete:
        doc["stopped"] = found.stopped
    return json.dumps(doc, indent=1)


def describe(play: Play) -> tuple[str, str, str]:
    """(what, card, with what) of one play, in words."""
    what = LABELS[play.action]
    if play.action == "pendulum_summon":
        card = ", ".join(c.name for c in play.cards)
    else:
        card = play.card.name if play.card else ""
        if play.copies > 1:
            card += f" ({play.copies} copies)"
    using = ", ".join(f"{m.name} [{_where(m)}]" for m in play.materials)
    if play.action == "activate":
        using = "; ".join([f"effect {play.effect}"] * bool(play.effect)
                          + [f"{word} " + ", ".join(f"{c.name} [{_where(c)}]" for c in refs)
                             for word, refs in (("paying", play.costs), ("targeting", play.targets)) if refs])
    if play.spell:
        using = f"{play.spell.name}: {using}" if using else play.spell.name
    if play.placements:
        zones = "; ".join(f"{p.card.name} -> {p.location.replace('_', ' ')} {p.index} ({p.position})"
                          for p in play.placements)
        using = f"{using}  => {zones}" if using else f"=> {zones}"
    return what, card, using


def plays_table(position: Position, found: PlayList) -> str:
    if not found:
        return "No legal play." + ("" if found.complete else f" ({found.stopped})")
    rows = [("#", "play", "card", "tributes / materials")]
    rows += [(str(n), *describe(p)) for n, p in enumerate(found, 1)]
    widths = [max(len(r[i]) for r in rows) for i in range(3)]
    lines = ["  ".join(r[i].ljust(widths[i]) for i in range(3)) + "  " + r[3] for r in rows]
    lines.insert(1, "-" * min(100, max(len(line) for line in lines)))
    lines.append(f"{len(found)} plays for player {position.turn_player}"
                 + ("" if found.complete else f" -- incomplete: {found.stopped}"))
    return "\n".join(line.rstrip() for line in lines)


def _where(ref) -> str:
    return f"{ref.location.replace('_', ' ')} {ref.index}"


def explanations(position: Position, found: PlayList, library=None) -> str:
    """Cards of the position whose summoning requirement the oracle does not understand, and for
    each other card in the hand or Extra Deck without a play, which rules its best attempt breaks."""
    lines = []
    names = {s.card.code: s.card.name for s in position.slots}
    for card in sorted(position.cards(), key=lambda c: c.name):
        lines += [f"not modelled: {note}" for note in explain.kind_notes(card)]
    for code, reason in sorted(found.unsupported.items(), key=lambda kv: names.get(kv[0], "")):
        lines.append(f"unsupported: {names.get(code, code)} ({code}): {reason}; it is never offered as a play")
    from oracle.yugioh.facts import _requirements
    from oracle.yugioh.cards import Library

    lib = library or Library.load()
    for code in sorted({s.card.code for s in position.slots if s.location == "hand" and s.card.is_monster},
                       key=lambda c: names.get(c, "")):
        why = _requirements(next(s.card for s in position.slots if s.card.code == code), lib).procedure_unsupported
        if why:
            lines.append(f"hand procedure not read: {names[code]} ({code}): {why}; it is never Special Summoned that way")
    played = {p.card.id for p in found if p.card is not None} | {c.id for p in found for c in p.cards}
    seen: set[int] = set()
    for slot in position.slots:
        action = natural_action(slot)
        code = slot.card.code
        if action is None or code in played or code in found.unsupported or code in seen:
            continue
        seen.add(code)
        reasons = blockers(position, slot, action, library)
        words = "; ".join(explain.sentence(position, r, atoms) for r, atoms in reasons) or \
            "no attempt could be built (see oracle cards show)"
        lines.append(f"no {LABELS[action]} of {slot.card.name}: {words}")
    # Only monsters a summon would bring out are asked why they have no play (natural_action): the
    # closing sentence says no more than that.
    return "\n".join(lines) if lines else ("Every card of this position is supported, and each monster that a summon "
                                           "could bring out has a play.")
