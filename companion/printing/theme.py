"""Colours of one print run: the game's accent on warm paper, or plain ink for --ink-saver."""
from __future__ import annotations

from dataclasses import dataclass, replace

from . import assets


def _mix(a: str, b: str, t: float) -> str:
    """`t` of the way from colour a to colour b (hex)."""
    ca = [int(a[i:i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ca, cb))


def luminance(color: str) -> float:
    """Relative luminance (WCAG) of a #rrggbb colour, 0 (black) to 1 (white)."""
    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(int(color[i:i + 2], 16) / 255) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrasting(color: str, ink: str, light: str = "#ffffff") -> str:
    """Ink or the light colour, whichever reads better on `color`."""
    lum = luminance(color)
    return ink if (lum + 0.05) / (luminance(ink) + 0.05) >= (luminance(light) + 0.05) / (lum + 0.05) else light


@dataclass(frozen=True)
class Theme:
    accent: str
    accent_light: str
    paper: str | None      # None: leave the paper white (ink saver)
    ink: str
    soft: str
    guide: str
    ink_saver: bool
    #: the player colour of the face being drawn (Okabe-Ito), for layouts that say `tint`
    tint: str | None = None
    #: glue tabs (dice nets, standees); None: left white (ink saver)
    glue: str | None = None

    def tinted(self, tint: str | None) -> "Theme":
        """This theme for one face in a player's colour (or the game's accent when it has none)."""
        return self if tint == self.tint else replace(self, tint=tint)

    def color(self, name: str | None) -> str | None:
        """A layout colour name (accent, ink, ...) or a literal #rrggbb."""
        if name is None or name == "none":
            return None
        if name.startswith("#"):
            return name
        if name in ("tint", "tint-light", "on-tint"):
            return self._tint(name)
        return {"accent": self.accent, "accent-light": self.accent_light, "paper": self.paper or "#ffffff",
                "ink": self.ink, "soft": self.soft, "guide": self.guide, "white": "#ffffff"}.get(name, self.ink)

    def _tint(self, name: str) -> str:
        """The face's player colour; without one, the accent (so a layout reads as before)."""
        if self.tint is None:
            return {"tint": self.accent, "tint-light": self.accent_light, "on-tint": self.paper or "#ffffff"}[name]
        if name == "tint-light":
            return _mix(self.tint, self.paper or "#ffffff", 0.6)
        if name == "on-tint":       # text on the tint: ink on light colours, paper on dark ones
            return contrasting(self.tint, self.ink, self.paper or "#ffffff")
        return self.tint

    def fill(self, name: str | None) -> str | None:
        """A large filled area: the ink saver turns accent areas pale and the paper white; a
        player's colour stays (it is information), only paler."""
        if self.ink_saver and self.tint is None and name in ("tint", "tint-light"):
            name = {"tint": "accent", "tint-light": "accent-light"}[name]
        elif self.ink_saver and name == "tint":
            return _mix(self.tint, "#ffffff", 0.75)
        elif self.ink_saver and name == "tint-light":
            return _mix(self.tint, "#ffffff", 0.88)
        if self.ink_saver and name in ("accent", "ink"):
            return "#ffffff"
        if self.ink_saver and name in ("accent-light", "paper"):
            return None
        return self.color(name)

    def on(self, fill: str | None, color: str | None) -> str | None:
        """Text or line colour drawn on top of `fill`: keep contrast in ink-saver mode."""
        if self.ink_saver and color in ("paper", "accent-light"):
            return self.ink
        if self.ink_saver and color == "on-tint":
            return self.ink
        return self.color(color)


def make_theme(accent: str, ink_saver: bool) -> Theme:
    colors = assets.profiles()["colors"]
    ink = colors["ink"]
    if ink_saver:
        return Theme(accent=_mix(accent, ink, 0.35), accent_light="#ffffff", paper=None, ink=ink,
                     soft=colors["soft"], guide=colors["guide"], ink_saver=True)
    return Theme(accent=accent, accent_light=_mix(accent, colors["paper"], 0.78), paper=colors["paper"],
                 ink=ink, soft=colors["soft"], guide=colors["guide"], ink_saver=False, glue=colors["glue"])
