"""Colours of one print run: the game's accent on warm paper, or plain ink for --ink-saver."""
from __future__ import annotations

from dataclasses import dataclass

from . import assets


def _mix(a: str, b: str, t: float) -> str:
    """`t` of the way from colour a to colour b (hex)."""
    ca = [int(a[i:i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ca, cb))


@dataclass(frozen=True)
class Theme:
    accent: str
    accent_light: str
    paper: str | None      # None: leave the paper white (ink saver)
    ink: str
    soft: str
    guide: str
    ink_saver: bool

    def color(self, name: str | None) -> str | None:
        """A layout colour name (accent, ink, ...) or a literal #rrggbb."""
        if name is None or name == "none":
            return None
        if name.startswith("#"):
            return name
        return {"accent": self.accent, "accent-light": self.accent_light, "paper": self.paper or "#ffffff",
                "ink": self.ink, "soft": self.soft, "guide": self.guide, "white": "#ffffff"}.get(name, self.ink)

    def fill(self, name: str | None) -> str | None:
        """A large filled area: the ink saver turns accent areas pale and the paper white."""
        if self.ink_saver and name in ("accent", "ink"):
            return "#ffffff"
        if self.ink_saver and name in ("accent-light", "paper"):
            return None
        return self.color(name)

    def on(self, fill: str | None, color: str | None) -> str | None:
        """Text or line colour drawn on top of `fill`: keep contrast in ink-saver mode."""
        if self.ink_saver and color in ("paper", "accent-light"):
            return self.ink
        return self.color(color)


def make_theme(accent: str, ink_saver: bool) -> Theme:
    colors = assets.profiles()["colors"]
    ink = colors["ink"]
    if ink_saver:
        return Theme(accent=_mix(accent, ink, 0.35), accent_light="#ffffff", paper=None, ink=ink,
                     soft=colors["soft"], guide=colors["guide"], ink_saver=True)
    return Theme(accent=accent, accent_light=_mix(accent, colors["paper"], 0.78), paper=colors["paper"],
                 ink=ink, soft=colors["soft"], guide=colors["guide"], ink_saver=False)
