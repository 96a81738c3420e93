"""A summoner's state as a picture (SVG): units by kind, resources, skills and state.

A skills position has no board: what matters is how many units of each kind are out against
their caps, the MP and the things nearby that costs use (corpses), which skills are learned or on
cooldown, and whether the character is merged with a unit (then only merge skills can be cast).
One row of unit tokens per kind makes the caps visible at a glance.
"""
from __future__ import annotations

from oracle.skills.position import Position, parse_position
from oracle.svg import Drawing, wrap

MARGIN, LABEL_W, TOKEN, GAP = 16, 190, 26, 6
ROW_H = TOKEN + 14
PALETTE = ["#d9483b", "#4d94dc", "#4f9d4a", "#c9a94a", "#8a5cc2", "#3aa6a0", "#d97a2b", "#5a5560"]


def draw(position: Position) -> str:
    """The SVG picture of ``position``."""
    kinds = [k for k, n in position.units.items() if n] or []
    skills = list(position.learned.items())
    most = max([position.units[k] for k in kinds] + [8])
    width = 2 * MARGIN + LABEL_W + most * (TOKEN + GAP) + 40
    height = 2 * MARGIN + 78 + max(1, len(kinds)) * ROW_H + 30 + 16 * max(1, len(skills))
    title = position.cls.label()
    d = Drawing(max(width, 520, 2 * MARGIN + 9 * len(title)), height, background="#f1eef6")
    d.text(MARGIN, MARGIN + 16, title, size=15, weight="bold")
    facts = [f"MP {position.mp}"]
    facts += [f"{n} {position.name('thing', x)}" for x, n in position.nearby.items() if n]
    d.text(MARGIN, MARGIN + 36, "  ·  ".join(facts), size=11, fill="#333")
    if position.merged:
        d.rect(MARGIN, MARGIN + 46, 330, 22, fill="#5a2a82", rx=5)
        d.text(MARGIN + 8, MARGIN + 61, f"merged with {position.name('unit', position.merged)}: only merge skills",
               size=11, fill="#fff", weight="bold")
    y = MARGIN + 78
    d.text(MARGIN, y, "Units", size=12, weight="bold", fill="#39414d")
    y += 8
    if not kinds:
        d.text(MARGIN, y + 18, "none", size=11, fill="#777", italic=True)
        y += ROW_H
    for n, kind in enumerate(kinds):
        count, colour = position.units[kind], PALETTE[n % len(PALETTE)]
        d.text(MARGIN, y + TOKEN / 2 + 10, f"{position.name('unit', kind)} × {count}", size=11)
        for k in range(count):
            x = MARGIN + LABEL_W + k * (TOKEN + GAP)
            d.circle(x + TOKEN / 2, y + TOKEN / 2 + 4, TOKEN / 2, fill=colour, stroke="#222")
        y += ROW_H
    y += 14
    d.text(MARGIN, y, "Skills (level)", size=12, weight="bold", fill="#39414d")
    cooling = set(position.cooling)
    for n, (skill, level) in enumerate(skills):
        name = " ".join(wrap(position.name("skill", skill), 60, 1))
        note = "  (on cooldown)" if skill in cooling else ""
        d.text(MARGIN + 8, y + 16 + 16 * n, f"{name} {level}{note}", size=10.5,
               fill="#999" if note else "#111")
    return str(d)


def picture(doc: dict, source: str = "<position>") -> str:
    """The picture of a position document (the game-neutral entry of oracle/pictures.py)."""
    return draw(parse_position(doc, source))
