"""--explain: which windows were open, which were locked, and which card text was ignored."""
from __future__ import annotations

from oracle.duel_masters import keywords as kw
from oracle.duel_masters.facts import race_set
from oracle.duel_masters.position import Position


def explanation(position: Position, *, all_payments: bool = False) -> list[str]:
    from oracle.duel_masters import solve_position

    result = solve_position(position, all_payments=all_payments, explain=True, limit=1)
    variant = "duel-masters-plays" if position.rules == "plays" else "duel-masters"
    lines = [f"rules {variant}; step {position.step}; turn player {position.turn_player}"]
    def name(n: int) -> str:
        i = position.by_iid(n)
        under = f" under[{i.under}]" if i.under is not None else ""
        return f"{i.card.name} ({i.zone}[{i.index}]{under})"

    atoms = result.models[0] if result.models else []
    for s in sorted(atoms):
        a = s.arguments
        if s.name == "may":
            lines.append(f"window: P{a[1].number} may summon {name(a[2].number)} by {a[3].name}")
        elif s.name == "locked":
            lines.append(f"locked: P{a[1].number} cannot declare the summon of {name(a[2].number)}")
        elif s.name == "may_put":
            lines.append(f"effect: P{a[1].number} may put {name(a[2].number)} into the battle zone")
        elif s.name == "may_charge":
            lines.append(f"charge: P{a[1].number} may charge {name(a[2].number)} into the mana zone")
    races = race_set(position)
    seen = set()
    cards = [i.card for i in position.instances] + [c for _, c in position.effects]
    if position.resolving:
        cards.append(position.resolving[1])
    for card in cards:
        if card.code in seen:
            continue
        seen.add(card.code)
        for line in kw.abilities(card, races).unsupported:
            lines.append(f"ignored (unsupported text) {card.name}: {line}")
    return lines
