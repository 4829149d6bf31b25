"""Draw the app's icon, docs/images/icon.png (1024 px; `--out assets/icon.png` before `flet build`, which makes every launcher size from it;
the web app's favicon and manifest icons are made from it by app/main.web_assets), from the
project's own line art: the printed set's ship (print/icons/ship.svg) in ink on a paper porthole,
on the home screen's accent, ringed like the printed tokens. Run it after changing the art:

    python -m tools.make_icon
"""
from __future__ import annotations

import argparse
import io
import subprocess
import tempfile
from pathlib import Path

from PIL import Image
from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Circle, Drawing, Group, Rect
from reportlab.lib.colors import HexColor
from svglib.svglib import svg2rlg

from app import theme

ROOT = Path(__file__).resolve().parent.parent
ICON = ROOT / "docs" / "images" / "icon.png"
SIZE = 1024


def line_art(name: str, color: str) -> Group:
    """One of print/icons' 64-unit line icons as a reportlab group, its strokes in `color`."""
    art = svg2rlg(str(ROOT / "print" / "icons" / f"{name}.svg"))
    group = Group(*art.contents)

    def paint(node) -> None:
        for child in getattr(node, "contents", []):
            paint(child)
        if getattr(node, "strokeColor", None) is not None:
            node.strokeColor = HexColor(color)
        if getattr(node, "fillColor", None) is not None:
            node.fillColor = None
    paint(group)
    return group


def draw(size: int = SIZE) -> bytes:
    """The icon as PNG bytes (square; the launcher masks its corners)."""
    accent, paper, ink = theme.readable_accent(None), theme.paper(), theme.ink()
    d = Drawing(size, size)
    d.add(Rect(0, 0, size, size, fillColor=HexColor(accent), strokeColor=None))
    c = size / 2
    d.add(Circle(c, c, size * 0.36, fillColor=HexColor(paper), strokeColor=HexColor(ink), strokeWidth=size * 0.025))
    d.add(Circle(c, c, size * 0.42, fillColor=None, strokeColor=HexColor(paper), strokeWidth=size * 0.012))
    ship = line_art("ship", ink)
    x0, y0, x1, y1 = ship.getBounds()  # (svglib turns the art the right way up): fit it, centred
    scale = size * 0.46 / max(x1 - x0, y1 - y0)
    d.add(Group(ship, transform=(scale, 0, 0, scale, c - scale * (x0 + x1) / 2, c - scale * (y0 + y1) / 2)))
    with tempfile.TemporaryDirectory() as tmp:  # (reportlab draws the PDF, poppler's pdftoppm rasters it)
        pdf = Path(tmp) / "icon.pdf"
        renderPDF.drawToFile(d, str(pdf))
        subprocess.run(["pdftoppm", "-png", "-r", "72", "-singlefile", str(pdf), str(Path(tmp) / "icon")],
                       check=True)
        img = Image.open(Path(tmp) / "icon.png").convert("RGB")
    out = io.BytesIO()
    img.quantize(colors=64).save(out, format="PNG", optimize=True)
    return out.getvalue()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", type=Path, default=ICON, help=f"where to write it (default {ICON.relative_to(ROOT)})")
    args = p.parse_args()
    data = draw()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(data)
    print(f"{args.out}: {SIZE}x{SIZE} px, {len(data) // 1024} KB")


if __name__ == "__main__":
    main()
