"""The app's look stays readable (issue 16 item 7: "accessible (contrast, labels)"): for the home
screen and every game's accent, each pair of text colour and the background it is drawn on in the
app's theme reaches WCAG AA for normal text, 4.5:1 (the labels are checked by the screen walks in
test_views.py and test_wording.py)."""
from __future__ import annotations

import pytest

from app import games, theme

GAMES = ("piraten-kapern", "pirates-vs-dinosaurs", "pirate-island", "pirateology")


@pytest.mark.parametrize("game", (None,) + GAMES)
def test_text_on_every_background_reaches_4_5_to_1(game) -> None:
    accent = games.accent(game) if game else None
    assert game is None or accent
    p, sc = theme.palette(accent), theme.scheme(accent)
    pairs = {
        "body text on paper": (p["ink"], p["paper"]), "text on a card": (p["ink"], p["card"]),
        "a filled button": (p["on_accent"], p["accent"]), "headings and links on paper": (p["accent"], p["paper"]),
        "a button's text on its card": (p["accent"], p["card"]), "secondary text": (sc.on_surface_variant, p["paper"]),
        "secondary text on a card": (sc.on_surface_variant, p["card"]), "an error": (p["error"], p["paper"]),
        "a die": (p["ink"], p["die"]), "a picked die": (p["ink"], p["picked"]), "a kept die": (p["ink"], p["kept"]),
        "a note": (p["ink"], p["note"]), "a selected row": (p["ink"], p["accent_light"]),
    }
    low = {what: round(theme.contrast(a, b), 2) for what, (a, b) in pairs.items() if theme.contrast(a, b) < 4.5}
    assert not low, f"{game or 'home'}: {low}"
