"""Draw one component face (a card side, token side, die face) from its layout and fields.

This is the one place that turns a layout's boxes plus per-component values into marks on a
surface; every sheet calls it, for PDF and SVG alike."""
from __future__ import annotations

import math
from typing import Any, Mapping

from . import icons
from .layouts import Box, Layout
from .surface import Surface
from .textfit import fit
from .theme import Theme

Fields = Mapping[str, Any]


def _present(fields: Fields, key: str) -> bool:
    v = fields.get(key)
    return v not in (None, "", [], ())


def visible(box: Box, fields: Fields) -> bool:
    when, unless = box.get("when"), box.get("unless")
    if when and not _present(fields, when):
        return False
    if unless and _present(fields, unless):
        return False
    return True


def text_fit(box: Box, text: str):
    return fit(text, box.get("font", "text"), box.w, box.h, float(box.get("size", 9)), float(box.get("min", 7)),
               icons.names())


def draw_face(s: Surface, lay: Layout, fields: Fields, theme: Theme, bleed: float = 0.0, outline: bool = True) -> None:
    """Draw at the surface's current origin (the face's trim corner)."""
    w, h = lay.w, lay.h
    bg = theme.fill(lay.background)
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
        if lay.shape == "circle":
            s.circle(w / 2, h / 2, min(w, h) / 2 - inset, stroke=color, width=float(f.get("width", 0.5)))
        else:
            s.rect(inset, inset, w - 2 * inset, h - 2 * inset, stroke=color, width=float(f.get("width", 0.5)),
                   r=float(f.get("corner", max(0.0, lay.corner - inset))))
    for box in lay.boxes:
        if visible(box, fields):
            draw_box(s, box, fields, theme, bg)


def draw_box(s: Surface, box: Box, fields: Fields, theme: Theme, bg: str | None) -> None:
    kind = box.kind
    if kind == "band":
        fill = theme.fill(box.get("fill", "accent-light"))
        stroke = theme.accent if theme.ink_saver and box.get("outline", True) else None
        if box.get("shape") == "circle":
            s.ellipse(box.x, box.y, box.w, box.h, fill=fill or None, stroke=stroke, width=0.3)
        else:
            s.rect(box.x, box.y, box.w, box.h, fill=fill, stroke=None, r=float(box.get("corner", 0)))
        return
    value = fields.get(box.field)
    if value in (None, "", [], ()):
        return
    color = theme.on(bg, box.get("color", "ink")) or theme.ink
    if kind == "icon":
        names = [value] if isinstance(value, str) else list(value)
        n = len(names)
        size = min(box.h, box.w / n)
        x0 = box.x + (box.w - size * n) / 2
        for i, name in enumerate(names):
            if box.get("mirror"):     # seen from behind: the art turned round
                s.push(x0 + (i + 1) * size, box.y + (box.h - size) / 2, 0, mirror=True)
                s.icon(name, 0, 0, size, color)
                s.pop()
            else:
                s.icon(name, x0 + i * size, box.y + (box.h - size) / 2, size, color)
    elif kind == "badge":
        r = min(box.w, box.h) / 2
        fill = theme.fill("accent")
        s.circle(box.x + box.w / 2, box.y + box.h / 2, r, fill=fill, stroke=theme.ink, width=0.3)
        inner = Box(box.name, "text", box.x + r * 0.25, box.y + r * 0.3, box.w - r * 0.5, box.h - r * 0.6, box.opts)
        f = text_fit(inner, str(value))
        s.fitted(f, inner.x, inner.y, inner.w, inner.h, inner.get("font", "display"),
                 theme.ink if theme.ink_saver else (theme.paper or "#ffffff"))
    else:
        f = text_fit(box, str(value))
        s.fitted(f, box.x, box.y, box.w, box.h, box.get("font", "text"), color,
                 box.get("align", "center"), box.get("valign", "middle"))


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


def _diag(x0: float, y0: float, x1: float, y1: float, k: float, sign: int):
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
