"""Draw one component face (a card side, token side, die face) from its layout and fields.

This is the one place that turns a layout's boxes plus per-component values into marks on a
surface; every sheet calls it, for PDF and SVG alike."""
from __future__ import annotations

import math
from typing import Any, Mapping

from . import icons
from .layouts import Box, Layout
from .surface import Surface
from .textfit import Fit, fit
from .theme import Theme

Fields = Mapping[str, Any]


def _present(fields: Fields, key: str) -> bool:
    v = fields.get(key)
    return v not in (None, "", [], ())


def visible(box: Box, fields: Fields) -> bool:
    """`when:` a field (or every field of a list) has a value; `unless:` none of them has."""
    when, unless = box.get("when"), box.get("unless")
    if when and not all(_present(fields, k) for k in ([when] if isinstance(when, str) else when)):
        return False
    if unless and any(_present(fields, k) for k in ([unless] if isinstance(unless, str) else unless)):
        return False
    return True


def text_fit(box: Box, text: str) -> Fit:
    """A text box's text at the layout's size, shrunk no further than its `min` (7 pt unless it says)."""
    return fit(text, box.get("font", "text"), box.w, box.h, float(box.get("size", 9)), float(box.get("min", 7)),
               icons.names())


def draw_face(s: Surface, lay: Layout, fields: Fields, theme: Theme, bleed: float = 0.0, outline: bool = True) -> None:
    """Draw at the surface's current origin (the face's trim corner)."""
    theme = theme.tinted(fields.get("tint"))
    w, h = lay.w, lay.h
    bg_name = lay.tinted if lay.tinted and fields.get("tint") else lay.background
    # the ink saver leaves a face whose whole ground is a player colour (a per-colour back) white:
    # the colour stays in its frame, its pale bands and its shape badges, never a solid card
    solid_tint = theme.ink_saver and theme.tint is not None and bg_name == "tint" and lay.frame is not None
    bg = "#ffffff" if solid_tint else theme.fill(bg_name)
    line = theme.guide
    if lay.shape == "circle":
        r = min(w, h) / 2
        s.circle(w / 2, h / 2, r + bleed, fill=bg)
        if outline or bleed == 0:
            s.circle(w / 2, h / 2, r, stroke=line, width=0.2)
    else:
        if bleed > 0:
            s.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=bg)
            if outline:
                s.rect(0, 0, w, h, stroke=line, width=0.15, r=lay.corner, dash=(1, 1.5))
        else:
            s.rect(0, 0, w, h, fill=bg, stroke=line if outline else None, width=0.2, r=lay.corner)
    if lay.pattern and not theme.ink_saver:
        _pattern(s, lay, theme)
    if lay.frame:
        f = lay.frame
        inset = float(f.get("inset", 2))
        color = theme.on(bg, f.get("color", "accent")) or theme.ink
        if solid_tint:
            color = theme.tint
        if lay.shape == "circle":
            s.circle(w / 2, h / 2, min(w, h) / 2 - inset, stroke=color, width=float(f.get("width", 0.5)))
        else:
            s.rect(inset, inset, w - 2 * inset, h - 2 * inset, stroke=color,
                   width=float(f.get("width", 0.5)) * (3 if solid_tint else 1),
                   r=float(f.get("corner", max(0.0, lay.corner - inset))))
    for box in lay.boxes:
        if visible(box, fields):
            draw_box(s, box, fields, theme, bg)


def draw_box(s: Surface, box: Box, fields: Fields, theme: Theme, bg: str | None) -> None:
    """One box of a layout: its kind says how; text and icon boxes show their field's value (or
    their `literal:`) and are left out when it has none."""
    kind = box.kind
    if kind == "band":
        _band(s, box, theme)
        return
    if kind == "slot":
        _slots(s, box, fields, theme)
        return
    value = box.get("literal") or fields.get(box.field)     # `literal:` a fixed label of the layout
    if value in (None, "", [], ()):
        return
    color = theme.on(bg, box.get("color", "ink")) or theme.ink
    if kind == "player":
        r = min(box.w, box.h) / 2
        fill = theme.fill(box.get("fill")) if box.get("fill") else None
        player_badge(s, fields.get("shape") or "circle", fill or fields.get("tint") or theme.accent, str(value),
                     box.x + box.w / 2, box.y + box.h / 2, r * 0.92, theme.ink)
    elif kind == "track":
        _track(s, box, list(value), theme, color)
    elif kind == "icon":
        _icons(s, box, [value] if isinstance(value, str) else list(value), color)
    elif kind == "badge":
        _badge(s, box, str(value), theme)
    elif kind == "pips":
        _pips(s, box, int(value), color)
    else:
        f = text_fit(box, str(value))
        s.fitted(f, box.x, box.y, box.w, box.h, box.get("font", "text"), color,
                 box.get("align", "center"), box.get("valign", "middle"))


#: where the pips of a die face sit, on a 3 x 3 grid (column, row)
PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
        5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}


def _pips(s: Surface, box: Box, n: int, color: str) -> None:
    """A die face's number as pips, as on any d6 (a face that only says "Three" reads slower)."""
    side = min(box.w, box.h)
    x0, y0 = box.x + (box.w - side) / 2, box.y + (box.h - side) / 2
    step = side / 3
    for col, row in PIPS.get(n, []):
        s.circle(x0 + (col + 0.5) * step, y0 + (row + 0.5) * step, step * 0.36, fill=color)


def _band(s: Surface, box: Box, theme: Theme) -> None:
    """A filled shape behind other boxes; the ink saver keeps only its outline."""
    fill = theme.fill(box.get("fill", "accent-light"))
    stroke = theme.accent if theme.ink_saver and box.get("outline", True) else None
    if box.get("shape") == "circle":
        s.ellipse(box.x, box.y, box.w, box.h, fill=fill or None, stroke=stroke, width=0.3)
    else:
        s.rect(box.x, box.y, box.w, box.h, fill=fill, stroke=None, r=float(box.get("corner", 0)))


def _icons(s: Surface, box: Box, names: list[str], color: str) -> None:
    """One or more icons side by side, centred (`mirror:` seen from behind, the art turned
    round), or `direction: down` a column from the top (an Incident's area symbols)."""
    n = len(names)
    if box.get("direction") == "down":
        size = min(box.w, box.h / n, float(box.get("max", 1e9)))
        gap = min(1.0, (box.h - size * n) / max(1, n - 1)) if n > 1 else 0.0
        for i, name in enumerate(names):
            s.icon(name, box.x + (box.w - size) / 2, box.y + i * (size + gap), size, color)
        return
    size = min(box.h, box.w / n)
    x0 = box.x + (box.w - size * n) / 2
    for i, name in enumerate(names):
        if box.get("mirror"):
            s.push(x0 + (i + 1) * size, box.y + (box.h - size) / 2, 0, mirror=True)
            s.icon(name, 0, 0, size, color)
            s.pop()
        else:
            s.icon(name, x0 + i * size, box.y + (box.h - size) / 2, size, color)


def badge_inner(box: Box) -> Box:
    """The text box inside a badge's disc: the chord across its middle (a value is one line:
    "1000" needs the width of the disc more than its height), 0.9 of the diameter wide and half
    of it high, so a line of text at the middle stays inside the circle."""
    r = min(box.w, box.h) / 2
    cx, cy = box.x + box.w / 2, box.y + box.h / 2
    return Box(box.name, "text", cx - r * 0.86, cy - r * 0.5, r * 1.72, r, box.opts)


def _badge(s: Surface, box: Box, value: str, theme: Theme) -> None:
    """A value in an accent disc (a cost), never split: shrunk to the badge's `min` to fit whole."""
    r = min(box.w, box.h) / 2
    s.circle(box.x + box.w / 2, box.y + box.h / 2, r, fill=theme.fill("accent"), stroke=theme.ink, width=0.3)
    inner = badge_inner(box)
    s.fitted(text_fit(inner, value), inner.x, inner.y, inner.w, inner.h, inner.get("font", "display"),
             theme.ink if theme.ink_saver else (theme.paper or "#ffffff"))


def _pattern(s: Surface, lay: Layout, theme: Theme) -> None:
    """A diagonal lattice clipped by hand to the inner frame (no clip paths: simpler SVG)."""
    p = lay.pattern or {}
    color = theme.on(None, p.get("color", "accent-light")) or theme.soft
    if theme.ink_saver:
        color = theme.guide
    inset = float((lay.frame or {}).get("inset", 2)) + 1.2
    x0, y0, x1, y1 = inset, inset, lay.w - inset, lay.h - inset
    step = float(p.get("spacing", 4.5))
    span = (x1 - x0) + (y1 - y0)
    k = 0.0
    while k <= span:
        for sign in (1, -1):
            seg = _diag(x0, y0, x1, y1, k, sign)
            if seg:
                s.line(*seg, stroke=color, width=0.25)
        k += step


def _diag(x0: float, y0: float, x1: float, y1: float, k: float, sign: int) -> tuple[float, float, float, float] | None:
    """The part inside the rectangle of a 45-degree line k mm along its diagonal."""
    pts = []
    if sign > 0:   # x - x0 + y - y0 = k
        cands = [(x0 + k, y0), (x0, y0 + k), (x1, y0 + k - (x1 - x0)), (x0 + k - (y1 - y0), y1)]
    else:          # (x1 - x) + (y - y0) = k
        cands = [(x1 - k, y0), (x1, y0 + k), (x0, y0 + k - (x1 - x0)), (x1 - k + (y1 - y0), y1)]
    for x, y in cands:
        if x0 - 1e-9 <= x <= x1 + 1e-9 and y0 - 1e-9 <= y <= y1 + 1e-9 and (x, y) not in pts:
            pts.append((x, y))
    if len(pts) >= 2:
        (a, b), (c, d) = pts[0], pts[1]
        if math.hypot(a - c, b - d) > 0.1:
            return (a, b, c, d)
    return None


# ---------------------------------------------------------------------------------------------
# player marks: an Okabe-Ito colour always comes with a shape and a letter


def shape_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]] | None:
    """Corners of a player shape of radius r (None for circle and square, drawn directly)."""
    n = {"triangle": 3, "diamond": 4, "hexagon": 6, "star": 10}.get(shape)
    if n is None:
        return None
    pts = []
    for i in range(n):
        a = -math.pi / 2 + 2 * math.pi * i / n
        rr = r * (0.5 if shape == "star" and i % 2 else 1.0)
        if shape == "diamond":
            rr = r * 1.08
        if shape == "triangle":
            rr = r * 1.12
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a) + (r * 0.18 if shape == "triangle" else 0)))
    return pts


#: where the letter sits inside each shape (fraction of r below the centre) and how big it is
_LETTER = {"triangle": (0.28, 0.95), "star": (0.12, 0.8), "diamond": (0.0, 1.05)}


def player_badge(s: Surface, shape: str, color: str, letter: str, cx: float, cy: float, r: float, ink: str) -> None:
    """A filled player shape with its letter: colour is never the only cue."""
    from .theme import contrasting

    pts = shape_points(shape, cx, cy, r)
    if shape == "square":
        s.rect(cx - r * 0.88, cy - r * 0.88, r * 1.76, r * 1.76, fill=color, stroke=ink, width=max(0.2, r * 0.06))
    elif pts:
        s.poly(pts, fill=color, stroke=ink, width=max(0.2, r * 0.06))
    else:
        s.circle(cx, cy, r, fill=color, stroke=ink, width=max(0.2, r * 0.06))
    if letter:
        dy, k = _LETTER.get(shape, (0.0, 1.15))
        size = r * k / 0.3528         # pt: the cap height fills about the shape's inner half
        s.text(cx, cy + dy * r + r * k * 0.36, letter, "display", size, contrasting(color, ink), "middle")


def _track(s: Surface, box: Box, values: list[Any], theme: Theme, color: str) -> None:
    """A row of numbered spaces (a time track): one circle per value, big enough for a marker."""
    n = len(values)
    gap = float(box.get("gap", 1.5))
    d = min(box.h, (box.w - gap * (n - 1)) / n)
    x0 = box.x + (box.w - (n * d + (n - 1) * gap)) / 2
    cy = box.y + box.h / 2
    fill = theme.fill(box.get("fill", "paper"))
    for i, v in enumerate(values):
        cx = x0 + i * (d + gap) + d / 2
        s.circle(cx, cy, d / 2, fill=fill, stroke=theme.on(fill, box.get("stroke", "ink")) or theme.ink, width=0.35)
        size = d * 0.55 / 0.3528
        s.text(cx, cy + d * 0.2, str(v), "display", size, color, "middle")


def _slots(s: Surface, box: Box, fields: Fields, theme: Theme) -> None:
    """Dashed places for cards or tokens, `repeat` of them side by side (a number or a field)."""
    rep = box.get("repeat", 1)
    n = int(fields.get(rep, 0) or 0) if isinstance(rep, str) else int(rep)
    if n <= 0:
        return
    gap = float(box.get("gap", 2.0))
    vertical = box.get("direction", "across") == "down"
    w = box.w if vertical else (box.w - gap * (n - 1)) / n
    h = (box.h - gap * (n - 1)) / n if vertical else box.h
    stroke = theme.on(None, box.get("stroke", "soft")) or theme.soft
    fill = theme.fill(box.get("fill")) if box.get("fill") else None
    label, icon = box.get("label", ""), box.get("icon")
    for i in range(n):
        x = box.x + (0 if vertical else i * (w + gap))
        y = box.y + (i * (h + gap) if vertical else 0)
        s.rect(x, y, w, h, fill=fill, stroke=stroke, width=0.35, r=float(box.get("corner", 2)), dash=(1.6, 1.2))
        lab_h = 0.0
        if label:
            text = f"{label} {i + 1}" if n > 1 and box.get("number", False) else label
            lab_h = min(h * 0.3, float(box.get("label_h", 6)))
            f = fit(text, "display", w - 3, lab_h, float(box.get("size", 8)), 4.5, icons.names())
            s.fitted(f, x + 1.5, y + 1, w - 3, lab_h, "display", theme.on(None, box.get("color", "ink")) or theme.ink)
        if icon:
            isz = slot_icon_size(w, h, lab_h, float(box.get("icon_scale", SLOT_ICON_SCALE)))
            if isz > 2:
                s.icon(icon, x + (w - isz) / 2, y + 1 + lab_h + (h - lab_h - 1 - isz) / 2, isz,
                       theme.on(None, box.get("icon_color", "soft")) or theme.soft)


#: a slot's icon fills this much of the room under its label (it says what goes there at a glance)
SLOT_ICON_SCALE = 0.85


def slot_icon_size(w: float, h: float, label_h: float, scale: float = SLOT_ICON_SCALE) -> float:
    return min(w - 3, h - label_h - 3) * scale
