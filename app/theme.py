"""The app's look in one place: the printed set's faces (Bitstream Vera, shipped inside ReportLab,
the same files the printer uses) served as the app's fonts, so every glyph the app shows is in a
font the page has (no CDN at the table: a missing glyph would be an empty box), and the page theme.

`GLYPHS` is what those fonts can draw; tests check every text the screens show against it."""
from __future__ import annotations

import os
import shutil
from functools import lru_cache
from pathlib import Path

import flet as ft
import reportlab
from reportlab.pdfbase.ttfonts import TTFontFile

#: the faces of the printed set (companion/printing/fonts.py), by the family names the app uses
FONT_FILES = {"Vera": "Vera.ttf", "Vera Bold": "VeraBd.ttf", "Vera Italic": "VeraIt.ttf"}
FONT = "Vera"
FONT_DIR = Path(os.path.dirname(reportlab.__file__)) / "fonts"


def copy_fonts(target: Path) -> None:
    """Put the font files into the web assets folder (served as fonts/NAME.ttf)."""
    fonts = target / "fonts"
    fonts.mkdir(parents=True, exist_ok=True)
    for file in FONT_FILES.values():
        source, copy = FONT_DIR / file, fonts / file
        if not copy.exists() or copy.stat().st_size != source.stat().st_size:
            shutil.copy2(source, copy)
    licence = FONT_DIR / "bitstream-vera-license.txt"
    if licence.exists() and not (fonts / licence.name).exists():
        shutil.copy2(licence, fonts / licence.name)


def page_fonts() -> dict[str, str]:
    return {family: f"fonts/{file}" for family, file in FONT_FILES.items()}


@lru_cache(maxsize=None)
def glyphs() -> frozenset[str]:
    """Every character the app's fonts can draw (the regular and bold faces have the same set)."""
    have = None
    for file in ("Vera.ttf", "VeraBd.ttf"):
        chars = frozenset(chr(c) for c in TTFontFile(str(FONT_DIR / file)).charToGlyph)
        have = chars if have is None else have & chars
    return have or frozenset()


def missing_glyphs(text: str) -> set[str]:
    """The characters of a text the app's fonts cannot draw (whitespace aside)."""
    return {c for c in text if not c.isspace() and c not in glyphs()}


def apply(page: ft.Page, seed: str) -> None:
    """Fonts and theme of a page."""
    page.fonts = page_fonts()
    page.theme = ft.Theme(color_scheme_seed=seed, font_family=FONT)
    page.theme_mode = ft.ThemeMode.LIGHT
