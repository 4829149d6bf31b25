"""Two drawing surfaces with one API, in millimetres with y pointing down: PDF (ReportLab)
and SVG (svgwrite). Faces are drawn once against this API and land identically in both."""
from __future__ import annotations

from typing import Sequence

import svgwrite
from reportlab.lib.colors import HexColor
from reportlab.graphics import renderPDF

from . import fonts, icons
from .textfit import ICON_SCALE, Fit

ASCENT = 0.76  # baseline below the top of a line, in ems (Vera)
Point = tuple[float, float]


class Surface:
    """The drawing API; coordinates in mm from the top-left, y down."""

    def push(self, x: float, y: float, rotate: float = 0.0, mirror: bool = False, scale: float = 1.0) -> None:
        """Move the origin to (x, y), then turn by `rotate` degrees; `mirror` flips x after that;
        `scale` shrinks or grows everything drawn until pop() (a board scaled to its paper)."""
    def pop(self) -> None: ...
    def rect(self, x: float, y: float, w: float, h: float, fill: str | None = None, stroke: str | None = None,
             width: float = 0.3, r: float = 0.0, dash: Sequence[float] | None = None) -> None: ...
    def ellipse(self, x: float, y: float, w: float, h: float, fill: str | None = None, stroke: str | None = None,
                width: float = 0.3, dash: Sequence[float] | None = None) -> None: ...
    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: str, width: float = 0.3,
             dash: Sequence[float] | None = None) -> None: ...
    def poly(self, points: Sequence[Point], fill: str | None = None, stroke: str | None = None, width: float = 0.3,
             closed: bool = True, dash: Sequence[float] | None = None) -> None: ...
    def text(self, x: float, y: float, s: str, face: str, size: float, color: str, anchor: str = "start") -> None: ...
    def icon(self, name: str, x: float, y: float, size: float, color: str) -> None: ...
    def clip(self, x: float, y: float, w: float, h: float) -> None:
        """Limit drawing to a rectangle until the next pop()."""

    def circle(self, cx: float, cy: float, r: float, **kw) -> None:
        self.ellipse(cx - r, cy - r, 2 * r, 2 * r, **kw)

    def fitted(self, fit: Fit, x: float, y: float, w: float, h: float, face: str, color: str,
               align: str = "center", valign: str = "middle") -> None:
        """Draw text laid out by textfit.fit inside the box (x, y, w, h)."""
        size = fit.size
        em = size * fonts.PT
        block = fit.line_height * (len(fit.lines) - 1) + em
        top = y + {"top": 0.0, "bottom": h - block}.get(valign, (h - block) / 2)
        space = fonts.width_mm(" ", face, size)
        for i, line in enumerate(fit.lines):
            lx = x + {"left": 0.0, "right": w - line.width}.get(align, (w - line.width) / 2)
            base = top + i * fit.line_height + ASCENT * em
            for kind, value, rx in _spans(line.runs, space):
                if kind == "icon":
                    s = em * ICON_SCALE
                    self.icon(value, lx + rx, base - 0.84 * em, s, color)
                else:
                    self.text(lx + rx, base, value, face, size, color)


def _spans(runs, space: float) -> list[tuple[str, str, float]]:
    """A line's runs with the words that follow one another a space apart joined into one text
    (the wrap placed them exactly so: one drawing call a line instead of one a word)."""
    out: list[list] = []
    end = None
    for run in runs:
        if run.kind == "text" and out and out[-1][0] == "text" and end is not None and abs(run.x - end - space) < 1e-6:
            out[-1][1] += " " + run.value
        else:
            out.append([run.kind, run.value, run.x])
        end = run.x + run.width
    return [(k, v, x) for k, v, x in out]


def _dash(dash: Sequence[float] | None) -> list[float] | None:
    return list(dash) if dash else None


class PdfSurface(Surface):
    """Draws on a ReportLab canvas whose page transform is already mm, y-down."""

    def __init__(self, canvas):
        self.c = canvas
        self.forms: set[str] = set()

    def push(self, x: float, y: float, rotate: float = 0.0, mirror: bool = False, scale: float = 1.0) -> None:
        self.c.saveState()
        self.c.translate(x, y)
        if rotate:
            self.c.rotate(rotate)
        if mirror:
            self.c.scale(-1, 1)
        if scale != 1.0:
            self.c.scale(scale, scale)

    def pop(self) -> None:
        self.c.restoreState()

    def clip(self, x, y, w, h):
        p = self.c.beginPath()
        p.rect(x, y, w, h)
        self.c.clipPath(p, stroke=0, fill=0)

    def _style(self, fill, stroke, width, dash) -> tuple[int, int]:
        c = self.c
        if fill:
            c.setFillColor(HexColor(fill))
        if stroke:
            c.setStrokeColor(HexColor(stroke))
            c.setLineWidth(width)
            c.setDash(_dash(dash) or [])
        return (1 if fill else 0, 1 if stroke else 0)

    def rect(self, x, y, w, h, fill=None, stroke=None, width=0.3, r=0.0, dash=None):
        if not (fill or stroke):
            return
        f, s = self._style(fill, stroke, width, dash)
        if r > 0:
            self.c.roundRect(x, y, w, h, r, stroke=s, fill=f)
        else:
            self.c.rect(x, y, w, h, stroke=s, fill=f)

    def ellipse(self, x, y, w, h, fill=None, stroke=None, width=0.3, dash=None):
        if not (fill or stroke):
            return
        f, s = self._style(fill, stroke, width, dash)
        self.c.ellipse(x, y, x + w, y + h, stroke=s, fill=f)

    def line(self, x1, y1, x2, y2, stroke, width=0.3, dash=None):
        self._style(None, stroke, width, dash)
        self.c.line(x1, y1, x2, y2)

    def poly(self, points, fill=None, stroke=None, width=0.3, closed=True, dash=None):
        if not (fill or stroke) or not points:
            return
        f, s = self._style(fill, stroke, width, dash)
        p = self.c.beginPath()
        p.moveTo(*points[0])
        for pt in points[1:]:
            p.lineTo(*pt)
        if closed:
            p.close()
        self.c.drawPath(p, stroke=s, fill=f if closed else 0)

    def text(self, x, y, s, face, size, color, anchor="start"):
        c = self.c
        c.saveState()
        c.translate(x, y)
        c.scale(1, -1)
        c.setFillColor(HexColor(color))
        c.setFont(fonts.font_name(face), size * fonts.PT)
        if anchor == "middle":
            c.drawCentredString(0, 0, s)
        elif anchor == "end":
            c.drawRightString(0, 0, s)
        else:
            c.drawString(0, 0, s)
        c.restoreState()

    def icon(self, name, x, y, size, color):
        key = f"i_{name}_{color.lstrip('#')}"
        # svglib reads the icons' 64 px as 48 pt: scale the drawing by its own size, so PDF icons
        # fill their box exactly as the SVG ones do
        d = icons.drawing(name, color)
        if key not in self.forms:
            self.c.beginForm(key, 0, 0, d.width, d.height)
            renderPDF.draw(d, self.c, 0, 0)
            self.c.endForm()
            self.forms.add(key)
        c = self.c
        c.saveState()
        c.translate(x, y + size)
        c.scale(size / d.width, -size / d.height)
        c.doForm(key)
        c.restoreState()


class _Raw(svgwrite.base.BaseElement):
    """Any SVG element, for copying icon drawings verbatim."""

    elementname = "g"

    def __init__(self, tag: str, attrs: dict[str, str]):
        super().__init__(debug=False)
        self.elementname = tag
        self.attribs.update(attrs)


def _n(v: float) -> str:
    """Numbers in SVG: short, and identical run to run."""
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


class SvgSurface(Surface):
    """Draws into an svgwrite Drawing sized in mm (1 user unit = 1 mm)."""

    def __init__(self, w: float, h: float):
        self.d = svgwrite.Drawing(size=(f"{_n(w)}mm", f"{_n(h)}mm"), viewBox=f"0 0 {_n(w)} {_n(h)}",
                                  profile="full", debug=False)
        self.stack = [self.d]
        self.faces: set[str] = set()        # the font faces the texts use, embedded by tostring

    @property
    def g(self):
        return self.stack[-1]

    def push(self, x, y, rotate=0.0, mirror=False, scale=1.0):
        t = f"translate({_n(x)},{_n(y)})" + (f" rotate({_n(rotate)})" if rotate else "") + \
            (" scale(-1,1)" if mirror else "") + (f" scale({_n(scale)})" if scale != 1.0 else "")
        grp = self.d.g(transform=t)
        self.g.add(grp)
        self.stack.append(grp)

    def pop(self):
        self.stack.pop()

    @staticmethod
    def _attrs(fill, stroke, width, dash) -> dict[str, str]:
        a = {"fill": fill or "none"}
        if stroke:
            a.update({"stroke": stroke, "stroke-width": _n(width)})
            if dash:
                a["stroke-dasharray"] = ",".join(_n(d) for d in dash)
        return a

    def rect(self, x, y, w, h, fill=None, stroke=None, width=0.3, r=0.0, dash=None):
        if not (fill or stroke):
            return
        a = {"x": _n(x), "y": _n(y), "width": _n(w), "height": _n(h)}
        if r > 0:
            a.update({"rx": _n(r), "ry": _n(r)})
        a.update(self._attrs(fill, stroke, width, dash))
        self.g.add(_Raw("rect", a))

    def ellipse(self, x, y, w, h, fill=None, stroke=None, width=0.3, dash=None):
        if not (fill or stroke):
            return
        a = {"cx": _n(x + w / 2), "cy": _n(y + h / 2), "rx": _n(w / 2), "ry": _n(h / 2)}
        a.update(self._attrs(fill, stroke, width, dash))
        self.g.add(_Raw("ellipse", a))

    def line(self, x1, y1, x2, y2, stroke, width=0.3, dash=None):
        a = {"x1": _n(x1), "y1": _n(y1), "x2": _n(x2), "y2": _n(y2)}
        a.update(self._attrs(None, stroke, width, dash))
        self.g.add(_Raw("line", a))

    def poly(self, points, fill=None, stroke=None, width=0.3, closed=True, dash=None):
        if not (fill or stroke) or not points:
            return
        a = {"points": " ".join(f"{_n(x)},{_n(y)}" for x, y in points)}
        a.update(self._attrs(fill if closed else None, stroke, width, dash))
        self.g.add(_Raw("polygon" if closed else "polyline", a))

    def text(self, x, y, s, face, size, color, anchor="start"):
        a = {"x": _n(x), "y": _n(y), "font-family": fonts.SVG_FAMILY, "font-size": _n(size * fonts.PT), "fill": color}
        a.update(fonts.svg_weight(face))
        self.faces.add(face if face in fonts.FACES else "text")
        if anchor != "start":
            a["text-anchor"] = anchor
        self.g.add(_TextRaw(a, s))

    def icon(self, name, x, y, size, color):
        grp = _Raw("g", {"transform": f"translate({_n(x)},{_n(y)}) scale({_n(size / 64)})"})
        for tag, attrs in icons.elements(name, color):
            grp.add(_Raw(tag, dict(attrs)))
        self.g.add(grp)

    def tostring(self) -> str:
        """The SVG, with the fonts its texts use embedded (@font-face with the font file), so a
        print shop or a cutter's software shows the same letters without the font installed."""
        if self.faces:
            self.d.defs.add(self.d.style(fonts.svg_font_faces(tuple(sorted(self.faces)))))
        return self.d.tostring()


class _TextRaw(_Raw):
    def __init__(self, attrs: dict[str, str], text: str):
        super().__init__("text", attrs)
        self._text = text

    def get_xml(self):
        xml = super().get_xml()
        xml.text = self._text
        return xml

