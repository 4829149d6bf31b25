"""Score pads: a table with one column per seat (Okabe-Ito colour plus letter and shape, so
colour is never the only cue), a row per round and a total row."""
from __future__ import annotations

from .. import icons
from ..context import Ctx
from ..face import player_badge
from ..pdfdoc import Page
from ..source import PadItem, profile_palette
from ..surface import Surface
from ..textfit import fit


def pages(ctx: Ctx, pad: PadItem) -> list[Page]:
    p = ctx.paper
    players = profile_palette()

    def draw(s: Surface) -> None:
        t = ctx.theme
        x0 = p.printable + 10
        y0 = p.printable + 10
        w = p.w - 2 * x0
        h = p.h - 2 * y0 - 4
        s.rect(x0, y0, w, 14, fill=t.fill("accent"), r=2)
        s.text(x0 + 5, y0 + 9.8, pad.name, "display", 16, t.on("accent", "paper") or t.ink)
        s.icon("skull", x0 + w - 12, y0 + 2, 10, t.on("accent", "paper") or t.ink)
        top = y0 + 17
        if pad.text:
            tf = fit(pad.text, "text", w, 10, 9, 7, icons.names())
            s.fitted(tf, x0, top, w, 8, "text", t.ink, "left", "middle")
            top += 10
        n = pad.max_players
        first = 16.0
        col = (w - first) / n
        head = 17.0
        rows = pad.rows + 1
        row_h = min(11.0, (y0 + h - top - head) / rows)
        for i in range(n):
            cx = x0 + first + i * col
            pl = players[i % len(players)]
            player_badge(s, pl.shape, pl.hex, pl.letter, cx + 6, top + 5.5, 3.6, t.ink)
            s.text(cx + 11, top + 7, ctx.words("pad.name"), "text", 7, t.soft)
            s.line(cx + 2, top + head - 2.5, cx + col - 2, top + head - 2.5, t.soft, 0.25)
        body = top + head
        for r in range(rows):
            y = body + r * row_h
            total = r == rows - 1
            if r % 2 == 1 and not total:
                s.rect(x0, y, w, row_h, fill=t.fill("accent-light"))
            if total:
                s.rect(x0, y, w, row_h, fill=t.fill("accent-light"), stroke=t.ink, width=0.5)
            label = ctx.words("pad.total") if total else str(r + 1)
            s.text(x0 + first / 2, y + row_h / 2 + 1.2, label, "display" if total else "text", 8, t.ink, "middle")
        for i in range(n + 1):
            x = x0 + first + i * col
            s.line(x, top, x, body + rows * row_h, t.ink, 0.3)
        s.line(x0, body, x0 + w, body, t.ink, 0.5)
        s.rect(x0, top, w, body + rows * row_h - top, stroke=t.ink, width=0.5)
        for r in range(1, rows):
            s.line(x0, body + r * row_h, x0 + w, body + r * row_h, t.guide, 0.2)
        note = f"{ctx.words('pad.players')}: {pad.min_players}–{pad.max_players}"
        s.text(x0 + w, body + rows * row_h + 5, note, "text", 6.5, t.soft, "end")

    return [Page(p, draw, pad.name)]
