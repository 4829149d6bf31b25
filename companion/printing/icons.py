"""Icons: the SVG files in print/icons, recoloured on load and cached.

Each file is 64 x 64 single-weight line art in black (#000). PDF draws them through svglib
(once per document as a reusable form, which keeps files small and fast); SVG output copies
their elements inline, so laser-cutter software that ignores <use> still sees them.
"""
from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import lru_cache
from pathlib import Path

from . import assets, fonts
from .errors import PrintError

SVG_NS = "{http://www.w3.org/2000/svg}"
BLACKS = ('"#000"', '"#000000"', '"black"', '"currentColor"')


def icon_dir() -> Path:
    return assets.print_dir() / "icons"


@lru_cache(maxsize=None)
def names() -> frozenset[str]:
    return frozenset(p.stem for p in icon_dir().glob("*.svg"))


def check(name: str) -> None:
    if name not in names():
        raise PrintError(f"unknown icon {name!r}; icons are the files in {icon_dir()}")


@lru_cache(maxsize=None)
def source(name: str, color: str) -> str:
    """The icon's SVG text with its black replaced by `color`."""
    check(name)
    text = (icon_dir() / f"{name}.svg").read_text(encoding="utf-8")
    for black in BLACKS:
        text = text.replace(black, f'"{color}"')
    return text


@lru_cache(maxsize=None)
def drawing(name: str, color: str):
    """A ReportLab Drawing of the icon (through svglib), 64 x 64 units."""
    import io
    import logging

    from svglib.svglib import svg2rlg

    logging.getLogger("svglib").setLevel(logging.ERROR)
    d = svg2rlg(io.BytesIO(source(name, color).encode("utf-8")))
    if d is None:
        raise PrintError(f"icon {name!r} could not be read as SVG")
    # the renderer sets the drawing's initial font even for line art: make it Vera, or every PDF
    # would list an unembedded Helvetica
    d.initialFontName = fonts.font_name("text")
    return d


@lru_cache(maxsize=None)
def elements(name: str, color: str) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """The icon's drawing elements as (tag, attributes), flattened from nested groups."""
    root = ET.fromstring(source(name, color))
    out: list[tuple[str, tuple[tuple[str, str], ...]]] = []

    def walk(el: ET.Element, inherited: dict[str, str]) -> None:
        attrs = dict(inherited)
        attrs.update({k: v for k, v in el.attrib.items() if k not in ("id", "class")})
        tag = el.tag.replace(SVG_NS, "")
        if tag in ("g", "svg"):
            keep = {k: v for k, v in attrs.items() if k not in ("viewBox", "width", "height", "xmlns", "version")}
            if "transform" in el.attrib and tag == "g":
                raise PrintError(f"icon {name!r}: transforms on groups are not supported; flatten the drawing")
            keep.pop("transform", None)
            for child in el:
                walk(child, keep)
        elif tag in ("path", "circle", "ellipse", "line", "polyline", "polygon", "rect"):
            out.append((tag, tuple(sorted(attrs.items()))))

    walk(root, {})
    return tuple(out)
