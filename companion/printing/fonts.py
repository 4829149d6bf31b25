"""The two faces, Bitstream Vera (open licence, shipped inside ReportLab): bold for titles
(display) and regular for rules (text). Registered once; measured with ReportLab's metrics so
PDF and SVG wrap text identically."""
from __future__ import annotations

import base64
import os
from functools import lru_cache

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = os.path.join(os.path.dirname(reportlab.__file__), "fonts")
FACES = {"display": ("CompanionDisplay", "VeraBd.ttf"), "text": ("CompanionText", "Vera.ttf"),
         "italic": ("CompanionItalic", "VeraIt.ttf")}
#: how SVG files name the same faces
SVG_FAMILY = "'Bitstream Vera Sans', 'DejaVu Sans', Verdana, sans-serif"
PT = 25.4 / 72  # one point in mm


@lru_cache(maxsize=None)
def register() -> None:
    for name, file in FACES.values():
        pdfmetrics.registerFont(TTFont(name, os.path.join(FONT_DIR, file)))


def font_name(face: str) -> str:
    register()
    return FACES.get(face, FACES["text"])[0]


@lru_cache(maxsize=65536)
def width_mm(s: str, face: str, size_pt: float) -> float:
    """Width of `s` in mm at `size_pt` points."""
    return pdfmetrics.stringWidth(s, font_name(face), size_pt) * PT


@lru_cache(maxsize=None)
def svg_font_faces(faces: tuple[str, ...]) -> str:
    """CSS @font-face rules embedding the font files of `faces` (base64), for SVG files."""
    rules = []
    for face in faces:
        _, file = FACES.get(face, FACES["text"])
        with open(os.path.join(FONT_DIR, file), "rb") as fh:
            data = base64.b64encode(fh.read()).decode("ascii")
        style = {"display": "font-weight:bold;", "italic": "font-style:italic;"}.get(face, "")
        rules.append(f"@font-face{{font-family:'Bitstream Vera Sans';{style}"
                     f"src:url(data:font/ttf;base64,{data}) format('truetype');}}")
    return "".join(rules)


def svg_weight(face: str) -> dict[str, str]:
    if face == "display":
        return {"font-weight": "bold"}
    if face == "italic":
        return {"font-style": "italic"}
    return {}
