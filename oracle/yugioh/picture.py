"""A Yu-Gi-Oh! position as a picture (SVG): the field as duelists lay it out.

The opponent (the player who is not the turn player) sits at the top, turned towards the turn
player as across a table: their zones run right to left.  Each side has its Field Zone, five Main
Monster Zones and the GY/banished piles in the monster row; the Extra Deck, five Spell & Trap
Zones (the outer two are the Pendulum Zones) and the Deck in the back row; the two Extra Monster
Zones sit between the sides.  Hands are drawn face-up (the oracle knows every card), and a panel
on the right lists the Extra Deck, GY and banished cards by name.
"""
from __future__ import annotations

from oracle.svg import Drawing, Group, wrap
from oracle.yugioh.cards import Card
from oracle.yugioh.position import Position, Slot

CW, CH = 78, 110          # a card
CELL = 132                # a zone (square, so that a card in Defense Position fits turned)
HAND_W, HAND_H = 62, 88   # a card in the hand
MARGIN = 16
LABEL_W = 92              # the column left of the board with the player's name and LP
PANEL_W = 250             # the lists on the right
BOARD_W = 7 * CELL
SIDE_H = 2 * CELL
HAND_ROW = HAND_H + 26

# Frame colours by kind, as the cards print them; (fill, text colour).
KIND_COLOURS = {
    "normal": ("#e5c36a", "#1a1a1a"), "effect": ("#d9793c", "#1a1a1a"), "ritual": ("#6f9fe0", "#1a1a1a"),
    "fusion": ("#a06bbd", "#1a1a1a"), "synchro": ("#efefef", "#1a1a1a"), "xyz": ("#262626", "#f2f2f2"),
    "link": ("#2f5aa8", "#f2f2f2"), "spell": ("#1f9c75", "#f2f2f2"), "trap": ("#b95685", "#f2f2f2"),
    "token": ("#aeb4b8", "#1a1a1a"),
}
PENDULUM_BOTTOM = "#2e9c83"
BACK, BACK_EDGE = "#7a4a26", "#3b230f"
KIND_NAMES = {"normal": "Normal", "effect": "Effect", "ritual": "Ritual", "fusion": "Fusion",
              "synchro": "Synchro", "xyz": "Xyz", "link": "Link", "spell": "Spell", "trap": "Trap", "token": "Token"}
# Link Arrows: unit direction of each arrow (x right, y down).
ARROW_DIRS = {"top_left": (-1, -1), "top": (0, -1), "top_right": (1, -1), "left": (-1, 0), "right": (1, 0),
              "bottom_left": (-1, 1), "bottom": (0, 1), "bottom_right": (1, 1)}


def frame_kind(card: Card) -> str:
    """The kind that decides a card's frame colour (a Pendulum monster also gets the green half)."""
    for kind in ("token", "link", "xyz", "synchro", "fusion", "ritual", "spell", "trap"):
        if kind in card.kinds:
            return kind
    return "effect" if "effect" in card.kinds else "normal"


def kind_label(card: Card) -> str:
    label = KIND_NAMES[frame_kind(card)]
    if card.is_pendulum:
        label = "Pendulum " + label if label not in ("Normal", "Effect") else f"Pendulum/{label}"
    if card.is_tuner:
        label += "/Tuner"
    return label


def draw(position: Position) -> str:
    """The SVG picture of ``position``."""
    width = LABEL_W + BOARD_W + PANEL_W + 2 * MARGIN
    height = 2 * MARGIN + 2 * HAND_ROW + 2 * SIDE_H + CELL
    d = Drawing(width, height)
    me = position.turn_player
    top = 1 - me
    x0 = MARGIN + LABEL_W
    y_hand_top = MARGIN
    y_side_top = y_hand_top + HAND_ROW
    y_emz = y_side_top + SIDE_H
    y_side_me = y_emz + CELL
    y_hand_me = y_side_me + SIDE_H
    d.rect(x0 - 6, y_side_top - 6, BOARD_W + 12, 2 * SIDE_H + CELL + 12, fill="#e3ddd0", rx=10)
    by_place = _places(position)

    _side(d, position, by_place, top, x0, y_side_top, mirrored=True)
    _side(d, position, by_place, me, x0, y_side_me, mirrored=False)
    # Extra Monster Zones: above Main Monster Zones 1 and 3 of the turn player
    for z in (0, 1):
        x = x0 + CELL * (2 if z == 0 else 4)
        slot = by_place.get(("emz", None, z))
        _zone(d, x, y_emz, "Extra Monster Zone", slot, position, flip=slot is not None and slot.controller == top)
    _hand(d, by_place, top, x0, y_hand_top, "hand")
    _hand(d, by_place, me, x0, y_hand_me + 6, "hand")
    for p, y in ((top, y_side_top), (me, y_side_me)):
        _label(d, position, p, MARGIN, y, me)
    _panel(d, position, by_place, x0 + BOARD_W + 14, y_side_top, top, me)
    phase = {"main1": "Main Phase 1", "main2": "Main Phase 2", "battle": "Battle Phase"}.get(position.phase,
                                                                                          position.phase.title())
    d.text(MARGIN, y_emz + CELL / 2 - 6, phase, size=11, weight="bold")
    rules = "Master Rule 2020" if position.rules == "master-rule-2020" else "Master Rule 4"
    d.text(MARGIN, y_emz + CELL / 2 + 10, rules, size=10, fill="#555")
    return str(d)


def _places(position: Position) -> dict[tuple, list[Slot] | Slot]:
    """Slots by where they are: ("mz", player, zone), ("emz", None, zone), ("st", player, zone),
    ("fz", player, 0) hold one slot; ("list", player, name) a list in the given order."""
    out: dict[tuple, list[Slot] | Slot] = {}
    for s in position.slots:
        if s.location == "monster_zone":
            out[("mz", s.controller, s.index)] = s
        elif s.location == "extra_monster_zone":
            out[("emz", None, s.index)] = s
        elif s.location == "spell_trap_zone":
            out[("st", s.controller, s.index)] = s
        elif s.location == "field_zone":
            out[("fz", s.controller, 0)] = s
        elif s.location != "xyz_material":
            out.setdefault(("list", s.owner, s.location), []).append(s)
    return out


def _side(d: Drawing, position: Position, by_place: dict, p: int, x0: float, y0: float, *, mirrored: bool) -> None:
    """One player's half: the monster row next to the centre, the back row at the edge."""
    rows = {"monsters": y0 + (CELL if mirrored else 0), "back": y0 + (0 if mirrored else CELL)}
    col = (lambda c: x0 + CELL * (6 - c)) if mirrored else (lambda c: x0 + CELL * c)
    lists = lambda name: by_place.get(("list", p, name), [])  # noqa: E731
    _zone(d, col(0), rows["monsters"], "Field Zone", by_place.get(("fz", p, 0)), position, flip=mirrored)
    for z in range(5):
        _zone(d, col(z + 1), rows["monsters"], f"Monster Zone {z}", by_place.get(("mz", p, z)), position, flip=mirrored)
        label = "Pendulum Zone" if z in (0, 4) else f"Spell & Trap {z}"
        _zone(d, col(z + 1), rows["back"], label, by_place.get(("st", p, z)), position, flip=mirrored,
              spell_row=True, st_index=z)
    _piles(d, col(6), rows["monsters"], [("GY", lists("graveyard")), ("Banished", lists("banished"))], up=True)
    _piles(d, col(0), rows["back"], [("Extra Deck", lists("extra_deck"))], up=False)
    _piles(d, col(6), rows["back"], [("Deck", lists("deck"))], up=False)


def _zone(d: Drawing, x: float, y: float, label: str, slot: Slot | None, position: Position, *, flip: bool,
          spell_row: bool = False, st_index: int | None = None) -> None:
    g = d.group(f"translate({x:g},{y:g})")
    g.rect(4, 4, CELL - 8, CELL - 8, fill="#d3cbbb" if not spell_row else "#cfd6cf", stroke="#a69d8a", rx=6)
    g.text(CELL / 2, CELL - 8, label, size=8.5, fill="#6d6452", anchor="middle")
    if slot is None:
        return
    defense = slot.position in ("defense", "set") and slot.location in ("monster_zone", "extra_monster_zone")
    face_down = slot.position == "set" or (slot.location in ("spell_trap_zone", "field_zone") and not slot.face_up)
    mats = [m for m in position.slots if m.location == "xyz_material" and m.attached_to is slot]
    angle = (90 if defense else 0) + (180 if flip else 0)
    card = g.group(f"translate({CELL / 2:g},{CELL / 2 - 6:g}) rotate({angle})")
    for k in range(min(len(mats), 3), 0, -1):  # Xyz Materials peek out under the monster
        card.rect(-CW / 2 + 4 * k, -CH / 2 - 4 * k, CW, CH, fill="#3a3a3a", stroke="#999", rx=4)
    card_face(d, card, slot.card, face_down=face_down, materials=len(mats), upright=flip,
              scale=st_index in (0, 4) and slot.card.is_pendulum)
    if face_down:  # the name of a face-down card is read level, whatever its position
        g.rect(8, CELL / 2 - 18, CELL - 16, 24, fill="#000", fill_opacity=0.6, rx=3)
        g.lines(CELL / 2, CELL / 2 - 8, wrap(slot.card.name, 22, 2), size=8.5, fill="#fff", anchor="middle",
                italic=True, leading=10)
    where = "face-down " if face_down else ""
    pos = f", {slot.position} position" if slot.position else ""
    tip = f"{slot.card.name} ({where}{kind_label(slot.card)}{pos})"
    if mats:
        tip += f"; Xyz Materials: {', '.join(m.card.name for m in mats)}"
    g.title(tip)


def card_face(d: Drawing, g: Group, card: Card, *, face_down: bool = False, materials: int = 0,
              upright: bool = False, scale: bool = False) -> None:
    """One card centred on (0, 0) of ``g``: its frame colour by kind, name, Level/Rank/Link,
    ATK/DEF, Link Arrows and the count of Xyz Materials.  ``upright`` turns the text back when the
    group is turned 180° (the opponent's cards stay readable)."""
    x, y = -CW / 2, -CH / 2
    if face_down:
        g.rect(x, y, CW, CH, fill=BACK, stroke=BACK_EDGE, stroke_width=1.5, rx=4)
        g.ellipse(0, 0, CW / 2 - 12, CH / 2 - 22, fill="#5a3316", stroke="#c48a4a", stroke_width=1.5)
        return
    kind = frame_kind(card)
    fill, ink = KIND_COLOURS[kind]
    if card.is_pendulum:
        fill = d.gradient(f"pend-{kind}", [(0, fill), (0.5, fill), (0.5, PENDULUM_BOTTOM), (1, PENDULUM_BOTTOM)])
    g.rect(x, y, CW, CH, fill=fill, stroke="#333", stroke_width=1.2, rx=4)
    t = g.group("rotate(180)" if upright else None)
    t.rect(x + 4, y + 4, CW - 8, 30, fill="#fff", fill_opacity=0.82, rx=2)
    t.lines(x + 7, y + 15, wrap(card.name, 13, 2), size=8.5, weight="bold", leading=11)
    t.text(x + 6, y + 47, kind_label(card), size=8, fill=ink)
    if card.is_monster:
        if card.is_link:
            t.text(x + 6, y + 62, f"LINK-{card.level}", size=10, weight="bold", fill=ink)
        elif card.is_xyz:
            t.text(x + 6, y + 62, f"Rank {card.level}", size=10, weight="bold", fill=ink)
        else:
            t.text(x + 6, y + 62, f"Level {card.level}", size=10, weight="bold", fill=ink)
        if card.scales and scale:
            t.text(x + 6, y + 77, f"Scale {card.scales[0]}", size=9, weight="bold", fill="#fff")
        t.rect(x + 3, y + CH - 22, CW - 6, 18, fill="#fff", fill_opacity=0.85, rx=2)
        stats = f"ATK {_stat(card.atk)}" if card.is_link else f"{_stat(card.atk)} / {_stat(card.defense)}"
        t.text(0, y + CH - 9, stats, size=9, weight="bold", anchor="middle")
    if card.is_link:  # over the text boxes: an arrow is never hidden
        _arrows(g, card)
    if materials:
        t.circle(x + CW - 12, y + 52, 10, fill="#ffd23f", stroke="#333")
        t.text(x + CW - 12, y + 56, str(materials), size=11, weight="bold", anchor="middle")


def _arrows(g: Group, card: Card) -> None:
    """The eight Link Arrows round the card, the card's own in red."""
    for name, (dx, dy) in ARROW_DIRS.items():
        on = name in card.arrows
        # on the frame, half outside it, so that no text box hides an arrow
        cx, cy = dx * (CW / 2 - 1), dy * (CH / 2 - 1)
        s = 7 if on else 4.5
        if dx and dy:   # a corner: a triangle pointing out diagonally
            pts = [(cx + dx * s, cy + dy * s), (cx - dx * s, cy + dy * s), (cx + dx * s, cy - dy * s)]
        elif dx:
            pts = [(cx + dx * s, cy), (cx - dx * s * 0.4, cy - s), (cx - dx * s * 0.4, cy + s)]
        else:
            pts = [(cx, cy + dy * s), (cx - s, cy - dy * s * 0.4), (cx + s, cy - dy * s * 0.4)]
        g.polygon(pts, fill="#e8322d" if on else "#1b3566", stroke="#fff" if on else None,
                  stroke_width=0.8 if on else None)


def _piles(d: Drawing, x: float, y: float, piles: list[tuple[str, list[Slot]]], *, up: bool) -> None:
    """A zone holding piles: the top card (face-up piles) or a back, and the count."""
    g = d.group(f"translate({x:g},{y:g})")
    g.rect(4, 4, CELL - 8, CELL - 8, fill="#d3cbbb", stroke="#a69d8a", rx=6)
    w = (CELL - 8) / len(piles)
    for n, (name, cards) in enumerate(piles):
        px = 4 + n * w
        ph = CELL - 50 if len(piles) == 1 else 78
        pw = min(w - 10, ph * 0.7)
        cx = px + w / 2
        if cards:
            top = cards[-1]
            shown = up or (top.location == "extra_deck" and top.face_up)
            fill = KIND_COLOURS[frame_kind(top.card)][0] if shown else BACK
            for k in range(min(len(cards), 3) - 1, -1, -1):
                g.rect(cx - pw / 2 + 2 * k, 10 - 2 * k + 4, pw, ph, fill=fill, stroke="#333", rx=3)
            if shown:
                g.lines(cx, 26, wrap(top.card.name, max(6, int(pw / 5.4)), 3), size=7.5, anchor="middle",
                        fill=KIND_COLOURS[frame_kind(top.card)][1], leading=9)
        g.text(cx, CELL - 22 if len(piles) == 1 else 104, f"{name}", size=8.5, anchor="middle", fill="#4a4233")
        g.text(cx, CELL - 9 if len(piles) == 1 else 118, str(len(cards)), size=11, weight="bold", anchor="middle")
    g.title("; ".join(f"{name}: {len(cards)}" + (f" ({', '.join(s.card.name for s in cards)})" if cards and up else "")
                      for name, cards in piles))


def _hand(d: Drawing, by_place: dict, p: int, x0: float, y: float, _: str) -> None:
    cards = by_place.get(("list", p, "hand"), [])
    d.text(x0, y + 11, f"Hand ({len(cards)})", size=11, weight="bold")
    if not cards:
        return
    step = min(HAND_W + 6, (BOARD_W - HAND_W) / max(1, len(cards) - 1))
    for n, s in enumerate(cards):
        g = d.group(f"translate({x0 + 80 + n * step + HAND_W / 2:g},{y + HAND_H / 2 + 4:g})")
        fill, ink = KIND_COLOURS[frame_kind(s.card)]
        if s.card.is_pendulum:
            fill = d.gradient(f"pend-{frame_kind(s.card)}",
                              [(0, fill), (0.5, fill), (0.5, PENDULUM_BOTTOM), (1, PENDULUM_BOTTOM)])
        g.rect(-HAND_W / 2, -HAND_H / 2, HAND_W, HAND_H, fill=fill, stroke="#333", rx=3)
        g.rect(-HAND_W / 2 + 3, -HAND_H / 2 + 3, HAND_W - 6, 36, fill="#fff", fill_opacity=0.82, rx=2)
        g.lines(-HAND_W / 2 + 5, -HAND_H / 2 + 13, wrap(s.card.name, 11, 3), size=7.5, weight="bold", leading=9.5)
        if s.card.is_monster:
            lv = (f"LINK-{s.card.level}" if s.card.is_link else f"Rank {s.card.level}" if s.card.is_xyz
                  else f"Lv {s.card.level}")
            g.text(-HAND_W / 2 + 5, 14, lv, size=8, fill=ink, weight="bold")
            g.text(-HAND_W / 2 + 5, HAND_H / 2 - 7, f"{_stat(s.card.atk)}/{_stat(s.card.defense)}"
                   if not s.card.is_link else f"ATK {_stat(s.card.atk)}", size=7.5, fill=ink)
        else:
            g.text(-HAND_W / 2 + 5, 14, kind_label(s.card), size=8, fill=ink)
        g.title(f"{s.card.name} ({kind_label(s.card)})")


def _label(d: Drawing, position: Position, p: int, x: float, y: float, me: int) -> None:
    who = "Turn player" if p == me else "Opponent"
    d.text(x, y + 24, f"Player {p}", size=13, weight="bold")
    d.text(x, y + 40, who, size=10, fill="#555")
    d.text(x, y + 66, "LP", size=10, fill="#555")
    d.text(x, y + 86, str(position.life_points[p]), size=20, weight="bold", fill="#8a1c1c")
    if p == me:
        used = [w for w, flag in (("Normal Summon", position.normal_summon_used),
                                  ("Pendulum Summon", position.pendulum_summon_used)) if flag]
        if used:
            d.lines(x, y + 110, ["used:"] + used, size=9, fill="#555")


def _panel(d: Drawing, position: Position, by_place: dict, x: float, y: float, top: int, me: int) -> None:
    """Names in the Extra Deck, GY and banished of both players, with counts."""
    height = 2 * SIDE_H + CELL
    d.rect(x, y - 6, PANEL_W - 10, height + 12, fill="#fbfaf6", stroke="#cfc7b5", rx=8)
    per_player = (height - 20) / 2
    for n, p in enumerate((top, me)):
        yy = y + 16 + n * per_player
        d.text(x + 10, yy, f"Player {p}" + (" (turn player)" if p == me else ""), size=11, weight="bold")
        yy += 16
        # copies of a card are one line ("Sangan ×3"), in the order the list first names them
        lists = [(title, _grouped(by_place.get(("list", p, name), [])), len(by_place.get(("list", p, name), [])))
                 for name, title in (("extra_deck", "Extra Deck"), ("graveyard", "GY"), ("banished", "Banished"))]
        room = int((per_player - 30) / 11.5) - 6   # lines for names, after the three headings and "more"s
        total = sum(len(rows) for _, rows, _ in lists)
        for title, rows, count in lists:
            d.text(x + 10, yy, f"{title} ({count})", size=10, weight="bold", fill="#4a4233")
            yy += 12
            # every name when they fit; otherwise each list its share of the lines
            show = rows if total <= room else rows[:max(1, room * len(rows) // total)]
            for label, card, n in show:
                label += f" ×{n}" if n > 1 else ""
                d.rect(x + 14, yy - 7, 7, 7, fill=KIND_COLOURS[frame_kind(card)][0], stroke="#555", stroke_width=0.5)
                d.text(x + 25, yy, label if len(label) <= 36 else label[:35] + "…", size=9, title=card.name)
                yy += 11
            if len(rows) > len(show):
                d.text(x + 18, yy, f"… and {sum(n for _, _, n in rows[len(show):])} more", size=9, fill="#777",
                       italic=True)
                yy += 11
            yy += 4


def _grouped(slots: list[Slot]) -> list[tuple[str, Card, int]]:
    """(label, card, copies) per distinct card of a list; face-up Extra Deck cards apart."""
    out: dict[str, list] = {}
    for s in slots:
        label = s.card.name + (" (face-up)" if s.location == "extra_deck" and s.face_up else "")
        out.setdefault(label, [label, s.card, 0])[2] += 1
    return [tuple(row) for row in out.values()]


def _stat(v: int | None) -> str:
    return "?" if v is None or v < 0 else str(v)


def picture(doc: dict, source: str = "<position>") -> str:
    """The picture of a position document (the game-neutral entry of oracle/pictures.py)."""
    from oracle.yugioh.position import parse_position

    return draw(parse_position(doc, source=source))
