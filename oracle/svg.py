"""SVG pictures written by hand: the small set of shapes every game's board picture is drawn with.

Each game draws its own board (oracle/yugioh/picture.py, oracle/duel_masters/picture.py) from
these primitives; a new game adds its own ``picture.py`` beside its rules and names it in its
plug-in (``Game.picture``, oracle/game.py).  The output is plain SVG 1.1 with no scripts, no external fonts and no
images, so that a browser, a notebook or rsvg-convert show it the same way.
"""
from __future__ import annotations

from html import escape

# CJK fonts last: the skills pack names units and skills in Chinese.
FONT = "DejaVu Sans, Verdana, Arial, Noto Sans CJK SC, WenQuanYi Zen Hei, sans-serif"


def _attrs(**kw) -> str:
    # keyword names use _ for - (stroke_width -> stroke-width); None drops the attribute
    return "".join(f' {k.rstrip("_").replace("_", "-")}="{escape(str(v), quote=True)}"'
                   for k, v in kw.items() if v is not None)


class Group:
    """A list of SVG elements, possibly moved or turned as one (``transform``)."""

    def __init__(self, transform: str | None = None, **attrs):
        self.transform = transform
        self.attrs = attrs
        self.items: list[str | Group] = []

    def add(self, item: "str | Group") -> "str | Group":
        self.items.append(item)
        return item

    def group(self, transform: str | None = None, **attrs) -> "Group":
        g = Group(transform, **attrs)
        self.items.append(g)
        return g

    def rect(self, x: float, y: float, w: float, h: float, *, fill: str = "none", stroke: str | None = None,
             stroke_width: float | None = None, rx: float | None = None, **kw) -> None:
        self.items.append(f"<rect{_attrs(x=_n(x), y=_n(y), width=_n(w), height=_n(h), rx=rx, fill=fill, stroke=stroke, stroke_width=stroke_width, **kw)}/>")

    def circle(self, cx: float, cy: float, r: float, *, fill: str = "none", stroke: str | None = None,
               stroke_width: float | None = None) -> None:
        self.items.append(f"<circle{_attrs(cx=_n(cx), cy=_n(cy), r=_n(r), fill=fill, stroke=stroke, stroke_width=stroke_width)}/>")

    def ellipse(self, cx: float, cy: float, rx: float, ry: float, *, fill: str = "none",
                stroke: str | None = None, stroke_width: float | None = None) -> None:
        self.items.append(f"<ellipse{_attrs(cx=_n(cx), cy=_n(cy), rx=_n(rx), ry=_n(ry), fill=fill, stroke=stroke, stroke_width=stroke_width)}/>")

    def line(self, x1: float, y1: float, x2: float, y2: float, *, stroke: str = "#000",
             stroke_width: float = 1, **kw) -> None:
        self.items.append(f"<line{_attrs(x1=_n(x1), y1=_n(y1), x2=_n(x2), y2=_n(y2), stroke=stroke, stroke_width=stroke_width, **kw)}/>")

    def polygon(self, points: list[tuple[float, float]], *, fill: str = "#000", stroke: str | None = None,
                stroke_width: float | None = None) -> None:
        pts = " ".join(f"{_n(x)},{_n(y)}" for x, y in points)
        self.items.append(f"<polygon{_attrs(points=pts, fill=fill, stroke=stroke, stroke_width=stroke_width)}/>")

    def text(self, x: float, y: float, text: str, *, size: float = 11, fill: str = "#111", anchor: str = "start",
             weight: str | None = None, italic: bool = False, title: str | None = None) -> None:
        body = escape(text)
        if title:
            body += f"<title>{escape(title)}</title>"
        self.items.append(f"<text{_attrs(x=_n(x), y=_n(y), font_size=size, fill=fill, text_anchor=anchor, font_weight=weight, font_style='italic' if italic else None)}>{body}</text>")

    def lines(self, x: float, y: float, rows: list[str], *, size: float = 11, leading: float | None = None,
              **kw) -> None:
        """Several lines of text, the first baseline at ``y``."""
        step = leading or size * 1.2
        for n, row in enumerate(rows):
            self.text(x, y + n * step, row, size=size, **kw)

    def title(self, text: str) -> None:
        """A tooltip for the group (browsers show it on hover)."""
        self.items.insert(0, f"<title>{escape(text)}</title>")

    def render(self) -> str:
        inner = "".join(i if isinstance(i, str) else i.render() for i in self.items)
        return f"<g{_attrs(transform=self.transform, **self.attrs)}>{inner}</g>"


class Drawing(Group):
    """The whole picture: ``str(drawing)`` is the SVG document."""

    def __init__(self, width: float, height: float, *, background: str = "#f4f1ea"):
        super().__init__()
        self.width, self.height = width, height
        self.defs: list[str] = []
        self.rect(0, 0, width, height, fill=background)

    def gradient(self, ident: str, stops: list[tuple[float, str]], *, vertical: bool = True) -> str:
        """A linear gradient usable as ``fill=url(#ident)``; defined once however often it is asked."""
        if not any(f'id="{ident}"' in d for d in self.defs):
            end = 'x2="0" y2="1"' if vertical else 'x2="1" y2="0"'
            body = "".join(f'<stop offset="{o:g}" stop-color="{c}"/>' for o, c in stops)
            self.defs.append(f'<linearGradient id="{ident}" x1="0" y1="0" {end}>{body}</linearGradient>')
        return f"url(#{ident})"

    def __str__(self) -> str:
        inner = "".join(i if isinstance(i, str) else i.render() for i in self.items)
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(self.width)}" height="{_n(self.height)}" '
                f'viewBox="0 0 {_n(self.width)} {_n(self.height)}" font-family="{FONT}">'
                f'<defs>{"".join(self.defs)}</defs>{inner}</svg>\n')


def wrap(text: str, width: int, max_lines: int) -> list[str]:
    """``text`` in at most ``max_lines`` lines of about ``width`` characters, the last one cut with
    an ellipsis when the text is longer (card names on small cards)."""
    words, rows, row = text.split(), [], ""
    for word in words:
        while len(word) > width:  # a word longer than a line (long compound names)
            if row:
                rows.append(row)
                row = ""
            rows.append(word[:width - 1] + "-")
            word = word[width - 1:]
        if not row:
            row = word
        elif len(row) + 1 + len(word) <= width:
            row += " " + word
        else:
            rows.append(row)
            row = word
    if row:
        rows.append(row)
    if len(rows) > max_lines:
        rows = rows[:max_lines]
        last = rows[-1]
        rows[-1] = (last[:width - 1] if len(last) >= width else last) + "…"
    return rows


def stack(svgs: list[tuple[str, str]], *, gap: float = 28) -> str:
    """Several pictures one under the other, each under its caption (the states of a line)."""
    import re

    sizes = []
    for _, svg in svgs:
        m = re.search(r'width="([\d.]+)" height="([\d.]+)"', svg)
        sizes.append((float(m.group(1)), float(m.group(2))) if m else (800.0, 600.0))
    width = max((w for w, _ in sizes), default=400)
    height = sum(h + gap for _, h in sizes) or 40
    d = Drawing(width, height, background="#ffffff")
    y = 0.0
    for (caption, svg), (_, h) in zip(svgs, sizes):
        d.text(8, y + 19, caption, size=14, weight="bold")
        body = svg[svg.index(">") + 1:svg.rindex("</svg>")]
        d.add(f'<svg x="0" y="{_n(y + gap)}" width="{_n(width)}" height="{_n(h)}">{body}</svg>')
        y += h + gap
    return str(d)


def to_png(svg: str) -> bytes:
    """PNG bytes of an SVG picture, with the optional extra ``png`` (cairosvg)."""
    from oracle.errors import OracleError

    try:
        import cairosvg
    except (ImportError, OSError) as exc:  # OSError: the cairo library itself is missing
        raise OracleError("PNG output needs the optional extra: pip install 'summon-oracle[png]' "
                          f"(cairosvg and the cairo library; {exc.__class__.__name__}); or write .svg") from None
    return cairosvg.svg2png(bytestring=svg.encode("utf-8"))


def _n(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".") if isinstance(v, float) else str(v)
