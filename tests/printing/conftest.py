"""Shared fixtures for the printer's tests: the mini-game fixture and a built set of it."""
from __future__ import annotations

from pathlib import Path

import pytest

from companion.content import load_game
from companion.printing.build import plan
from companion.printing.options import PrintOptions

MINI = Path(__file__).resolve().parents[1] / "fixtures" / "content" / "mini-game"


@pytest.fixture(scope="session")
def mini():
    return load_game(MINI)


@pytest.fixture(scope="session")
def pvd():
    return load_game("pirates-vs-dinosaurs")


@pytest.fixture(scope="session")
def kapern():
    return load_game("piraten-kapern")


@pytest.fixture(scope="session")
def game_set():
    """(content, English print set) of a game by id, loaded and expanded once per session: the
    tests that look at several games share them."""
    from companion.printing.source import expand

    cache: dict[str, tuple] = {}

    def get(game_id: str):
        if game_id not in cache:
            content = load_game(game_id)
            cache[game_id] = (content, expand(content, "en"))
        return cache[game_id]

    return get


@pytest.fixture(scope="session")
def kapern_set(kapern, tmp_path_factory):
    """Piraten Kapern's whole PDF set on defaults, written once for every test that reads files
    (the README's first command prints it): (folder, {file name: pages})."""
    out = tmp_path_factory.mktemp("kapern-set")
    return out, build(kapern, out, formats=("pdf",))


def build(content, out: Path, **kw) -> dict[str, int]:
    """Write every file of a set; returns {file name: pages}."""
    made = {}
    for job in plan(content, PrintOptions(out=out, **kw)):
        made[job.path.name] = job.make()
    return made


class Recorder:
    """A drawing surface that records rectangles, ellipses, lines and texts in page coordinates
    (it follows push/pop with their turns, mirrors and scales), for checking where things land on
    a page; a text is recorded with the size it prints at, and every fitted text with its Fit."""

    def __init__(self):
        import math

        self._math = math
        self.stack = [(1.0, 0.0, 0.0, 1.0, 0.0, 0.0)]   # affine a, b, c, d, e, f: x' = a x + c y + e
        self.rects: list[tuple[float, float, float, float]] = []
        self.lines: list[dict] = []
        self.pushes: list[tuple[float, float, float, bool]] = []
        self.texts: list[tuple[float, str]] = []       # (printed size in pt, text)
        self.fits: list = []

    def _pt(self, x, y):
        a, b, c, d, e, f = self.stack[-1]
        return (a * x + c * y + e, b * x + d * y + f)

    def _box(self, x, y, w, h):
        pts = [self._pt(x, y), self._pt(x + w, y + h)]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return (round(min(xs), 4), round(min(ys), 4), round(max(xs) - min(xs), 4), round(max(ys) - min(ys), 4))

    def push(self, x, y, rotate=0.0, mirror=False, scale=1.0):
        self.pushes.append((x, y, rotate, mirror))
        a, b, c, d, e, f = self.stack[-1]
        e, f = a * x + c * y + e, b * x + d * y + f
        r = self._math.radians(rotate)
        cos, sin = round(self._math.cos(r), 12), round(self._math.sin(r), 12)
        a, b, c, d = a * cos + c * sin, b * cos + d * sin, -a * sin + c * cos, -b * sin + d * cos
        if mirror:
            a, b = -a, -b
        a, b, c, d = a * scale, b * scale, c * scale, d * scale
        self.stack.append((a, b, c, d, e, f))

    def pop(self):
        self.stack.pop()

    def clip(self, *a, **k):
        pass

    def rect(self, x, y, w, h, fill=None, stroke=None, width=0.3, r=0.0, dash=None):
        self.rects.append(self._box(x, y, w, h))

    def ellipse(self, x, y, w, h, fill=None, stroke=None, width=0.3, dash=None):
        self.rects.append(self._box(x, y, w, h))

    def circle(self, cx, cy, r, **kw):
        self.ellipse(cx - r, cy - r, 2 * r, 2 * r, **kw)

    def line(self, x1, y1, x2, y2, stroke, width=0.3, dash=None):
        self.lines.append({"from": self._pt(x1, y1), "to": self._pt(x2, y2), "stroke": stroke, "width": width,
                           "dash": tuple(dash) if dash else None})

    def poly(self, *a, **k):
        pass

    def text(self, x, y, s, face, size, color, anchor="start"):
        a, b, c, d, _, _ = self.stack[-1]
        self.texts.append((round(size * self._math.sqrt(abs(a * d - b * c)), 4), s))

    def icon(self, *a, **k):
        pass

    def fitted(self, fit, *a, **k):
        from companion.printing.surface import Surface

        self.fits.append(fit)
        Surface.fitted(self, fit, *a, **k)
