"""Folding standees for figures (pieces of kind standee or figure): one strip that is cut out
along a solid line and folded on dashed lines.

    base tab (upside down)      <- fold
    back panel (upside down, art mirrored)
    ------------------------    <- fold: the top of the figure
    front panel (upright)
    base tab                    <- fold

Glue the two panels back to back; the tabs fold out (or under, round a coin) to make the base.
Seen from behind, the back panel stands upright and shows the figure turned round."""
from __future__ import annotations

from dataclasses import dataclass

from .. import icons
from ..assets import profiles
from ..context import Ctx
from ..grid import Segment
from ..source import StandeeItem
from ..surface import Surface
from ..textfit import fit

CUT_WIDTH = 0.35
FOLD_WIDTH = 0.3
FOLD_DASH = (1.6, 1.2)


@dataclass(frozen=True)
class StandeeShape:
    w: float
    panel: float     # height of one art panel
    tab: float       # depth of one base tab

    @property
    def h(self) -> float:
        return 2 * (self.tab + self.panel)

    def folds(self) -> list[float]:
        """y of each fold line from the strip's top: tab|back, back|front (the top), front|tab."""
        return [self.tab, self.tab + self.panel, self.tab + 2 * self.panel]

    def cut(self) -> list[Segment]:
        """The cut outline, from the strip's top-left corner."""
        w, h = self.w, self.h
        return [(0, 0, w, 0), (w, 0, w, h), (w, h, 0, h), (0, h, 0, 0)]


def shape(item: StandeeItem) -> StandeeShape:
    cfg = profiles()["standee"]
    panel = item.front.size[1] if item.front.size else item.size * 1.25
    return StandeeShape(item.size, panel, max(float(cfg["min_tab"]), round(item.size * float(cfg["tab"]), 2)))


def draw(ctx: Ctx, s: Surface, item: StandeeItem, x: float, y: float) -> None:
    """Draw the whole strip with its top-left corner at (x, y)."""
    t = ctx.theme
    g = shape(item)
    top_tab, bottom_tab = (x, y, g.w, g.tab), (x, y + g.tab + 2 * g.panel, g.w, g.tab)
    for rect in (top_tab, bottom_tab):
        s.rect(*rect, fill=t.glue)
    # back panel upside down above the middle fold, front upright below it
    ctx.face(s, item.back, x, y + g.tab, turned=True, outline=False)
    ctx.face(s, item.front, x, y + g.tab + g.panel, outline=False)
    help_ = ctx.words("standee.help")
    inner = g.w - 4
    hf = fit(help_, "text", inner, g.tab - 2.5, 5.5, 3.5, icons.names())
    s.fitted(hf, x + 2, bottom_tab[1] + 1.2, inner, g.tab - 2.5, "text", t.soft, "center", "middle")
    # the top tab reads the right way up once folded under the back panel
    s.push(x + g.w, y + g.tab, 180)
    nf = fit(f"{ctx.game} · {item.name} · {ctx.words('standee.base')}", "text", inner, g.tab - 2.5, 5.5, 3.5,
             icons.names())
    s.fitted(nf, 2, 1.2, inner, g.tab - 2.5, "text", t.soft, "center", "middle")
    s.pop()
    for fy in g.folds():
        s.line(x, y + fy, x + g.w, y + fy, t.soft, FOLD_WIDTH, FOLD_DASH)
    for x1, y1, x2, y2 in g.cut():
        s.line(x + x1, y + y1, x + x2, y + y2, t.ink, CUT_WIDTH)
