"""The app's look in one place, the printed set's visual language: warm paper, dark ink, each
game's accent (game.yaml), the player colours with their shapes and letters (print/profiles.yaml),
and the printed set's faces (Bitstream Vera, shipped inside ReportLab, the same files the printer
uses) served as the app's fonts, so every glyph the app shows is in a font the page has (no CDN at
the table: a missing glyph would be an empty box).

Every screen gets it through `apply` (the page's theme: Material colour roles mapped onto paper
and ink) and the shared widgets (app/widgets/), so a game's own screens need nothing of their
own. `GLYPHS` is what the fonts can draw; tests check every text the screens show against it."""
from __future__ import annotations

import os
import shutil
from functools import lru_cache
from pathlib import Path

import flet as ft
import reportlab
from reportlab.pdfbase.ttfonts import TTFontFile

from companion.printing import fonts
from companion.printing.assets import profiles
from companion.printing.theme import contrasting, luminance

#: the faces of the printed set (companion/printing/fonts.py), by the family names the app uses
FONT_FILES = {"Vera": "Vera.ttf", "Vera Bold": "VeraBd.ttf", "Vera Italic": "VeraIt.ttf"}
FONT = "Vera"
BOLD = "Vera Bold"
FONT_DIR = Path(os.path.dirname(reportlab.__file__)) / "fonts"

#: the accent of screens that belong to no game (home): the rope brown of the printed backs
HOME_ACCENT = "#7a4a1d"


def mix(a: str, b: str, t: float) -> str:
    """`t` of the way from colour a to colour b (#rrggbb)."""
    ca = [int(a[i:i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ca, cb))


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@lru_cache(maxsize=1)
def _colors() -> dict[str, str]:
    return dict(profiles()["colors"])


def paper() -> str:
    return _colors()["paper"]


def ink() -> str:
    return _colors()["ink"]


def soft() -> str:
    return _colors()["soft"]


def players() -> list[dict[str, str]]:
    """The player colours with letter and shape (Okabe-Ito), in seat order."""
    return list(profiles()["players"])


def player_look(seat: int) -> dict[str, str]:
    looks = players()
    return looks[seat % len(looks)]


def initials(names: list[str]) -> list[str]:
    """The letter on each player's piece beside their name: the name's first letter, so that a
    renamed player's piece follows the name ("Zoe" is Z); two letters where two names share it
    (Anne and Arie: "An", "Ar"), the seat's letter for a name without a letter."""
    firsts = [next((c.upper() for c in n if c.isalnum()), "") for n in names]
    out = []
    for i, (name, first) in enumerate(zip(names, firsts)):
        if not first:
            out.append(player_look(i)["letter"])
        elif firsts.count(first) > 1:
            letters = [c for c in name if c.isalnum()]
            out.append(first + (letters[1].lower() if len(letters) > 1 else str(i + 1)))
        else:
            out.append(first)
    return out


def readable_accent(accent: str | None) -> str:
    """The accent, darkened until paper-coloured text on it and it on paper reach 4.5:1."""
    color = accent or HOME_ACCENT
    for _ in range(10):
        if contrast(color, paper()) >= 4.5:
            break
        color = mix(color, ink(), 0.2)
    return color


@lru_cache(maxsize=16)
def palette(accent: str | None) -> dict[str, str]:
    """The colour roles of a screen with this accent, on the printed set's paper and ink."""
    a = readable_accent(accent)
    p, k, s = paper(), ink(), soft()
    return {
        "accent": a, "on_accent": contrasting(a, k, "#ffffff"),
        "accent_light": mix(a, p, 0.82), "paper": p, "ink": k, "soft": s,
        "card": mix(p, "#ffffff", 0.55), "card_edge": mix(s, p, 0.45), "sunk": mix(p, s, 0.18),
        "die": "#fffdf7", "die_edge": k, "picked": "#f2c96b", "picked_edge": "#8a5a00",
        "kept": "#cfe6c4", "kept_edge": "#2f6b3a", "advice_edge": "#1f5fa8", "error": "#a4262c", "error_light": "#f6d8d2",
        "note": mix(a, p, 0.88),
    }


def scheme(accent: str | None) -> ft.ColorScheme:
    c = palette(accent)
    return ft.ColorScheme(
        primary=c["accent"], on_primary=c["on_accent"], primary_container=c["accent_light"],
        on_primary_container=c["ink"], secondary=c["soft"], on_secondary=c["paper"],
        secondary_container=c["note"], on_secondary_container=c["ink"], tertiary=c["accent"],
        tertiary_container=mix(c["accent_light"], c["paper"], 0.4), on_tertiary_container=c["ink"],
        error=c["error"], on_error="#ffffff", error_container=c["error_light"], on_error_container="#5c0f12",
        surface=c["paper"], on_surface=c["ink"], on_surface_variant=mix(c["ink"], c["soft"], 0.35),
        surface_container_lowest=c["die"], surface_container_low=c["card"], surface_container=c["card"],
        surface_container_high=c["sunk"], surface_container_highest=c["sunk"],
        outline=c["soft"], outline_variant=c["card_edge"], inverse_surface=c["ink"], on_inverse_surface=c["paper"],
        shadow="#000000", surface_tint=c["paper"])


def page_theme(accent: str | None) -> ft.Theme:
    return ft.Theme(color_scheme=scheme(accent), font_family=FONT, use_material3=True)


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


#: a line of the app's text is this many times its size high (Vera's ascent and descent, 1901 + 483 of 2048)
LINE_HEIGHT = 1.17


def text_width(text: str, size: float) -> float:
    """How wide a text runs in px at `size` px in the app's regular face (the font's own advance
    widths, as the printer measures the same file): what a caption must fit in, rather than a
    guess per letter."""
    return fonts.width_mm(text, "text", size) / fonts.PT


def missing_glyphs(text: str) -> set[str]:
    """The characters of a text the app's fonts cannot draw (whitespace aside)."""
    return {c for c in text if not c.isspace() and c not in glyphs()}


def apply(page: ft.Page, accent: str | None = None) -> None:
    """Fonts and theme of a page (the accent of the game on screen, or the home accent)."""
    page.fonts = page_fonts()
    page.theme = page_theme(accent)
    page.theme_mode = ft.ThemeMode.LIGHT
    page.bgcolor = paper()
