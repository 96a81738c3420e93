"""A Duel Masters position as a picture (SVG).

Each player has a row of shields and a deck, the battle zone (evolution creatures drawn on top of
the cards under them, with their count), the mana zone (tapped cards turned sideways), the hand
and the graveyard.  The opponent sits at the top with the order of the rows reversed, as across
a table; the card text stays upright so that both sides read the same way.
"""
from __future__ import annotations

from oracle.duel_masters.position import Instance, Position
from oracle.svg import Drawing, Group, wrap

CW, CH = 74, 100        # a card
SLOT = CH + 8           # horizontal room per card (a tapped card lies sideways)
ROW = 132               # height of a row
MARGIN = 16
LABEL_W = 110
COLUMNS = 8             # cards per row before they overlap
CIV_COLOURS = {"light": "#f1dc63", "water": "#4d94dc", "darkness": "#5a5560", "fire": "#d9483b",
               "nature": "#4f9d4a"}
INK = {"light": "#1a1a1a", "water": "#101010", "darkness": "#f2f2f2", "fire": "#101010", "nature": "#101010"}
BACK, BACK_EDGE = "#27336b", "#0f1533"
STEP_NAMES = {"charge": "Charge step", "main": "Main step", "shield_break": "Shield break",
              "attack": "Attack step", "block": "Block step", "end": "End step"}


def draw(position: Position) -> str:
    """The SVG picture of ``position``."""
    me, top = position.turn_player, 1 - position.turn_player
    width = 2 * MARGIN + LABEL_W + COLUMNS * SLOT
    rows_each = 4   # shields+deck, battle zone, mana zone, hand+graveyard
    height = 2 * MARGIN + 2 * rows_each * ROW + 40
    d = Drawing(width, height, background="#eef1f5")
    x0 = MARGIN + LABEL_W
    order = ["hand", "shields", "mana_zone", "battle_zone"]
    y = MARGIN
    for row in order:
        _row(d, position, top, row, x0, y)
        y += ROW
    d.rect(x0 - 8, y + 4, COLUMNS * SLOT + 8, 32, fill="#dfe4ea", rx=6)
    d.text(x0, y + 25, f"Turn of player {me} - {STEP_NAMES.get(position.step, position.step)}", size=12,
           weight="bold")
    y += 40
    for row in reversed(order):
        _row(d, position, me, row, x0, y)
        y += ROW
    _label(d, position, top, MARGIN, MARGIN + 2 * ROW, me)
    _label(d, position, me, MARGIN, MARGIN + 4 * ROW + 40 + ROW, me)
    return str(d)


def _cards(position: Position, p: int, zone: str) -> list[Instance]:
    # (evolution sources and the cross gears crossed with a creature are drawn with their creature)
    return [i for i in position.instances if i.player == p and i.zone == zone and i.under is None
            and i.crossed_on is None]


def _row(d: Drawing, position: Position, p: int, row: str, x0: float, y: float) -> None:
    g = d.group(f"translate({x0:g},{y:g})")
    g.rect(-8, 4, COLUMNS * SLOT + 8, ROW - 8, fill="#dfe4ea", stroke="#b9c1cc", rx=8)
    if row == "hand":
        hand, grave = _cards(position, p, "hand"), _cards(position, p, "graveyard")
        _spread(d, g, position, hand, 0, (COLUMNS - 3) * SLOT, f"Hand ({len(hand)})")
        deck = _cards(position, p, "deck")
        _pile(g, (COLUMNS - 2) * SLOT, grave, f"Graveyard ({len(grave)})", up=True)
        _pile(g, (COLUMNS - 1) * SLOT, deck, f"Deck ({len(deck)})", up=False)
        return
    if row == "shields":
        shields = _cards(position, p, "shields")
        for n, s in enumerate(shields[:COLUMNS]):
            c = g.group(f"translate({n * SLOT + SLOT / 2:g},{ROW / 2 + 10:g})")
            _back(c, broken=s.broken)
            c.text(0, CH / 2 + 2, "broken" if s.broken else "", size=9, anchor="middle", fill="#a11")
            c.title(f"shield {n}: {s.card.name}" + (" (broken)" if s.broken else ""))
        g.text(0, 16, f"Shields ({len(shields)})", size=10, weight="bold", fill="#39414d")
        return
    cards = _cards(position, p, row)
    if row == "mana_zone":
        untapped = sum(1 for c in cards if not c.tapped)
        label = f"Mana zone ({len(cards)}: {untapped} untapped, {len(cards) - untapped} tapped)"
    else:
        label = f"Battle zone ({len(cards)})"
    _spread(d, g, position, cards, 0, COLUMNS * SLOT, label)


def _spread(d: Drawing, g: Group, position: Position, cards: list[Instance], x: float, room: float,
            label: str) -> None:
    g.text(x, 16, label, size=10, weight="bold", fill="#39414d")
    step = SLOT if len(cards) * SLOT <= room else max(18, (room - SLOT) / max(1, len(cards) - 1))
    for n, inst in enumerate(cards):
        under = [i for i in position.instances if i.stacked_on == inst.iid]
        c = g.group(f"translate({x + n * step + SLOT / 2:g},{ROW / 2 + 10:g})")
        for k in range(min(len(under), 3), 0, -1):   # evolution sources peek out under the top card
            c.rect(-CW / 2 + 4 * k, -CH / 2 - 4 * k, CW, CH, fill="#9aa3ad", stroke="#555", rx=4)
        face = c.group("rotate(90)" if inst.tapped else None)
        card_face(d, face, inst)
        if under:
            c.circle(CW / 2 - 8, -CH / 2 + 44, 10, fill="#ffd23f", stroke="#333")
            c.text(CW / 2 - 8, -CH / 2 + 48, str(len(under)), size=11, weight="bold", anchor="middle")
        gears = [i for i in position.instances if i.crossed_on == inst.iid]
        for k, gear in enumerate(gears[:3]):   # its cross gears: a bar each below the card
            c.rect(-CW / 2, CH / 2 + 2 + 5 * k, CW, 4, fill="#6c757d", stroke="#333")
        tip = inst.card.name + (" (tapped)" if inst.tapped else "")
        if under:
            tip += "; under it: " + ", ".join(i.card.name for i in under)
        if gears:
            tip += "; crossed with: " + ", ".join(i.card.name for i in gears)
        c.title(tip)


def card_face(d: Drawing, g: Group, inst: Instance) -> None:
    """One card centred on (0, 0): its civilization colour(s), name, cost, type and power."""
    card = inst.card
    civs = [c for c in card.civilizations if c in CIV_COLOURS] or ["light"]
    if len(civs) == 1:
        fill = CIV_COLOURS[civs[0]]
    else:  # a multicolour card: one band per civilization
        n = len(civs)
        stops = [s for k, c in enumerate(civs) for s in ((k / n, CIV_COLOURS[c]), ((k + 1) / n, CIV_COLOURS[c]))]
        fill = d.gradient("civ-" + "-".join(civs), stops, vertical=False)
    ink = INK[civs[0]] if len(civs) == 1 else "#101010"
    x, y = -CW / 2, -CH / 2
    g.rect(x, y, CW, CH, fill=fill, stroke="#222", stroke_width=1.2, rx=4)
    g.circle(x + 11, y + 11, 9, fill="#fff", stroke="#222")
    g.text(x + 11, y + 15, str(card.cost), size=11, weight="bold", anchor="middle")
    g.rect(x + 3, y + 22, CW - 6, 36, fill="#fff", fill_opacity=0.85, rx=2)
    g.lines(x + 6, y + 33, wrap(card.name, 13, 3), size=8, weight="bold", leading=10)
    kind = ("Evolution " if card.evolution else "") + card.type.replace("_", " ").title()
    g.text(x + 5, y + 70, kind, size=7, fill=ink)
    if card.power:
        g.rect(x + 3, y + CH - 20, CW - 6, 16, fill="#fff", fill_opacity=0.85, rx=2)
        g.text(0, y + CH - 8, str(card.power), size=9, weight="bold", anchor="middle")


def _back(g: Group, *, broken: bool = False) -> None:
    g.rect(-CW / 2, -CH / 2, CW, CH, fill=BACK if not broken else "#8a8f99", stroke=BACK_EDGE, rx=4)
    g.circle(0, 0, 22, fill="none", stroke="#c9a94a", stroke_width=2)
    g.polygon([(0, -14), (12, 7), (-12, 7)], fill="#c9a94a")


def _pile(g: Group, x: float, cards: list[Instance], label: str, *, up: bool) -> None:
    c = g.group(f"translate({x + SLOT / 2:g},{ROW / 2 + 10:g})")
    if not cards:
        c.rect(-CW / 2, -CH / 2, CW, CH, fill="none", stroke="#9aa3ad", stroke_dasharray="4 3", rx=4)
    for k in range(min(len(cards), 3) - 1, -1, -1):
        s = c.group(f"translate({2 * k},{-2 * k})")
        if not up:
            _back(s)
        elif k:
            s.rect(-CW / 2, -CH / 2, CW, CH, fill="#c3c9d1", stroke="#555", rx=4)
        else:   # the top card of the graveyard
            top = cards[-1].card
            civ = next((v for v in top.civilizations if v in CIV_COLOURS), "light")
            s.rect(-CW / 2, -CH / 2, CW, CH, fill=CIV_COLOURS[civ], stroke="#222", rx=4)
            s.rect(-CW / 2 + 3, -CH / 2 + 6, CW - 6, 36, fill="#fff", fill_opacity=0.85, rx=2)
            s.lines(-CW / 2 + 6, -CH / 2 + 17, wrap(top.name, 13, 3), size=8, weight="bold", leading=10)
    g.text(x + 2, 16, label, size=9.5, weight="bold", fill="#39414d")
    if cards and up:
        c.title(", ".join(i.card.name for i in cards))


def _label(d: Drawing, position: Position, p: int, x: float, y: float, me: int) -> None:
    state = position.players[p]
    d.text(x, y + 20, f"Player {p}", size=13, weight="bold")
    d.text(x, y + 36, "Turn player" if p == me else "Opponent", size=10, fill="#555")
    notes = []
    if state.spells_cast_this_turn:
        notes.append(f"spells cast: {state.spells_cast_this_turn}")
    if state.creatures_put_this_turn:
        notes.append(f"creatures put: {state.creatures_put_this_turn}")
    if state.ninja_strike_used:
        notes.append("Ninja Strike used")
    d.lines(x, y + 56, notes, size=9, fill="#555")


def picture(doc: dict, source: str = "<position>") -> str:
    """The picture of a position document (the game-neutral entry of oracle/pictures.py)."""
    from oracle.duel_masters.position import parse_position

    return draw(parse_position(doc, source))
