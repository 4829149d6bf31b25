"""Text that fits: wrap card text into its box, shrinking down to a minimum size, never past it.

Markup is plain text with `:icon-name:` for an inline icon drawn at text size and blank-line or
newline paragraph breaks. The result is a list of positioned runs that the PDF and SVG surfaces
draw the same way, so both outputs break lines at the same words.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .fonts import PT, width_mm

ICON_RE = re.compile(r":([a-z0-9][a-z0-9-]*):")
LEADING = 1.2
ICON_SCALE = 1.05   # inline icon width, in ems
STEP = 0.25         # pt


@dataclass(frozen=True)
class Run:
    kind: str       # "text" or "icon"
    value: str
    x: float        # mm from the line's left edge
    width: float


@dataclass(frozen=True)
class Line:
    runs: tuple[Run, ...]
    width: float


@dataclass(frozen=True)
class Fit:
    size: float                  # pt
    lines: tuple[Line, ...]
    line_height: float           # mm
    fits: bool                   # False only if even `min` size overflowed (then lines are cut)

    @property
    def height(self) -> float:
        return len(self.lines) * self.line_height


def tokens(text: str, icons: frozenset[str] | None = None) -> list[list[tuple[str, str]]]:
    """Paragraphs of words; a word is a list of (kind, value) pieces glued without spaces."""
    paragraphs = []
    for para in re.split(r"\n", text.strip()):
        words = []
        for raw in para.split():
            pieces: list[tuple[str, str]] = []
            pos = 0
            for m in ICON_RE.finditer(raw):
                if icons is not None and m.group(1) not in icons:
                    continue
                if m.start() > pos:
                    pieces.append(("text", raw[pos:m.start()]))
                pieces.append(("icon", m.group(1)))
                pos = m.end()
            if pos < len(raw):
                pieces.append(("text", raw[pos:]))
            words.append(pieces)
        paragraphs.append(words)
    return paragraphs


def _piece_width(kind: str, value: str, face: str, size: float) -> float:
    return size * PT * ICON_SCALE if kind == "icon" else width_mm(value, face, size)


def _wrap(text: str, face: str, size: float, width: float,
          icons: frozenset[str] | None = None) -> tuple[list[Line], bool]:
    """Greedy word wrap at `size` pt into lines no wider than `width` mm, and whether a word was
    wider than the box. A word (a number, a name) is never split: one too wide stays whole on its
    own line, and fit() calls that size too big."""
    wide = False
    space = width_mm(" ", face, size)
    lines: list[Line] = []
    for para in tokens(text, icons):
        runs: list[Run] = []
        x = 0.0
        for word in para:
            ww = sum(_piece_width(k, v, face, size) for k, v in word)
            wide = wide or ww > width + 1e-6
            start = x + space if runs else 0.0
            if runs and start + ww > width + 1e-6:
                lines.append(Line(tuple(runs), x))
                runs, start = [], 0.0
            px = start
            for kind, value in word:
                w = _piece_width(kind, value, face, size)
                runs.append(Run(kind, value, px, w))
                px += w
            x = px
        lines.append(Line(tuple(runs), x))
    return lines, wide


@lru_cache(maxsize=16384)
def fit(text: str, face: str, width: float, height: float, size: float, min_size: float,
        icons: frozenset[str] | None = None) -> Fit:
    """The largest size from `size` down to `min_size` whose wrapped text fits the box, without
    splitting a word; `fits` is False when even `min_size` does not (check.py refuses to print
    such a text)."""
    s = size
    while True:
        lines, wide = _wrap(text, face, s, width, icons)
        lh = s * PT * LEADING
        # the last line needs only the glyph height, not the full leading
        need = lh * (len(lines) - 1) + s * PT
        if need <= height + 1e-6 and not wide:
            return Fit(s, tuple(lines), lh, True)
        if s <= min_size:
            keep = max(1, int((height - s * PT) // lh) + 1)
            return Fit(s, tuple(lines[:keep]), lh, False)
        s = max(min_size, round(s - STEP, 2))
