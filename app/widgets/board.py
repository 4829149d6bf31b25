"""A board drawn from its geometry and a seat's board view: the printed shapes and colours,
names and numbers, pieces in their player's colour with shape and letter, highlights
(reachable with a cost, legal targets, the last move), and a tap on a space that hands its id
to the screen. Every space is an accessible button with its label ("Swamp 23", "Jungle: search
3 hours, 2 hidden landmarks left"), so screen readers and the browser tests can address it.

Taps: each space has a touch target (the geometry's `tap` box, which never overlaps a
neighbour); a tap between targets (a hex corner) goes to the space the geometry finds under
the finger. The whole board fits the given width; `zoom` > 1 shows it larger in a scrolling
frame (a zoomed detail on a phone), or a `Zoom` puts it in Flet's InteractiveViewer: pinch and
drag on a phone, zoom buttons, and the view brought to a space (the piece a player picked).

On a wide screen a game's map (the control keyed MAP) stands beside the game's choices
(app.main.layout): `beside(screen)` says whether it does, `map_width` how wide it may be."""
from __future__ import annotations

import asyncio
import logging
import math
from functools import lru_cache
from typing import Any, Callable

import flet as ft
import flet.canvas as cv

from app import theme
from companion.board.picture import space_at
from companion.printing.assets import profiles

log = logging.getLogger(__name__)

#: the key of a game's map among a screen's controls: on a wide screen it stands left of the rest
MAP = "map"
#: the page width from which the map stands beside the choices, and the width left for them
BESIDE, CHOICES_W = 1000, 480

#: highlight kind -> outline colour (reachable spaces, legal targets, the last move, selected)
HIGHLIGHT = {"reachable": "#1f6f8b", "target": "#b03a2e", "last": "#7d3c98", "selected": "#e69f00",
             "movable": "#1e8449"}
GIANT = "#7b241c"


@lru_cache(maxsize=1)
def _look() -> tuple[str, str, str, list[dict[str, str]], dict[str, Any]]:
    """Paper, ink and soft colours, the player colours and the edge features' look: the print profile's."""
    p = profiles()
    c = p["colors"]
    return c["paper"], c["ink"], c["soft"], list(p["players"]), dict(p["board"]["features"])


def player_look(seat: int) -> dict[str, str]:
    """The colour, letter and shape of a seat (the print profile's Okabe-Ito set, in order)."""
    players = _look()[3]
    return players[seat % len(players)]


def _paint(color: str, stroke: float | None = None, dash: list[float] | None = None) -> ft.Paint:
    if stroke is None:
        return ft.Paint(color=color, style=ft.PaintingStyle.FILL)
    return ft.Paint(color=color, style=ft.PaintingStyle.STROKE, stroke_width=stroke, stroke_dash_pattern=dash)


def _outline(sp: dict[str, Any], k: float, paint: ft.Paint, inset: float = 0.0) -> cv.Shape:
    x, y, w, h = (v * k for v in sp["box"])
    if sp["shape"] == "polygon":
        cx, cy = sp["centre"][0] * k, sp["centre"][1] * k
        pts = [(px * k + (cx - px * k) * inset / max(w, 1) * 2, py * k + (cy - py * k) * inset / max(h, 1) * 2)
               for px, py in sp["points"]]
        return cv.Path([cv.Path.MoveTo(*pts[0])] + [cv.Path.LineTo(*p) for p in pts[1:]] + [cv.Path.Close()],
                       paint=paint)
    x, y, w, h = x + inset, y + inset, w - 2 * inset, h - 2 * inset
    if sp["shape"] == "ellipse":
        return cv.Oval(x, y, w, h, paint=paint)
    return cv.Rect(x, y, w, h, border_radius=2 * k, paint=paint)


def _text(x: float, y: float, s: str, size: float, color: str, bold: bool = False, width: float | None = None) -> cv.Text:
    """A text on the board; bold is the regular face thickened by the renderer (its letters keep the
    regular face's widths, which `_em` measures: the bold face itself runs wider than a box's name allows)."""
    return cv.Text(x, y, s, style=ft.TextStyle(size=size, color=color,
                                               weight=ft.FontWeight.BOLD if bold else ft.FontWeight.NORMAL),
                   alignment=ft.Alignment.CENTER, text_align=ft.TextAlign.CENTER, max_width=width, max_lines=2)


def _piece(x: float, y: float, r: float, look: dict[str, str], letter: str, ink: str) -> list[cv.Shape]:
    """A player's piece: its colour in its shape, with its letter."""
    color, shape = look["color"], look["shape"]
    fill, edge = _paint(color), _paint(ink, 1.2)
    if shape == "square":
        body = [cv.Rect(x - r, y - r, 2 * r, 2 * r, paint=p) for p in (fill, edge)]
    elif shape in ("triangle", "diamond", "hexagon", "star"):
        n, start, radii = {"triangle": (3, -90, (r * 1.25,)), "diamond": (4, -90, (r * 1.2,)),
                           "hexagon": (6, -90, (r * 1.1,)), "star": (5, -90, (r * 1.3, r * 0.6))}[shape]
        pts = []
        for i in range(n * len(radii)):
            rad = radii[i % len(radii)]
            a = math.radians(start + 360 * i / (n * len(radii)))
            pts.append((x + rad * math.cos(a), y + rad * math.sin(a)))
        body = [cv.Path([cv.Path.MoveTo(*pts[0])] + [cv.Path.LineTo(*p) for p in pts[1:]] + [cv.Path.Close()],
                        paint=p) for p in (fill, edge)]
    else:
        body = [cv.Circle(x, y, r, paint=p) for p in (fill, edge)]
    return body + [_text(x, y, letter, max(8.0, r * 1.1), _on(color, ink), bold=True)]


def _on(color: str, ink: str) -> str:
    """Ink on a light colour, white on a dark one (a piece's letter stays readable)."""
    try:
        r, g, b = (int(color.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4))
    except ValueError:
        return ink
    return ink if 0.299 * r + 0.587 * g + 0.114 * b > 110 else "#ffffff"


def space_label(sp: dict[str, Any], info: dict[str, Any] | None, pieces: list[str], highlight: dict[str, Any] | None) -> str:
    """What a screen reader says for a space: the view's sentence, else its name and number,
    with what stands on it ("Harbour 4: Blue ship") and how it is highlighted."""
    if info and info.get("label"):
        text = info["label"]
    else:
        text = sp["name"] + (f" {sp['number']}" if sp.get("number") is not None else "")
        if pieces:
            text += ": " + ", ".join(pieces)
    if highlight and highlight.get("label"):   # the screen's own words ("reachable in 3")
        text += ", " + highlight["label"]
    elif highlight:
        kind = highlight.get("kind", "")
        cost = highlight.get("text")
        text += {"reachable": f" (reachable{', costs ' + str(cost) if cost is not None else ''})",
                 "target": " (a legal target)", "last": " (the last move)", "selected": " (selected)",
                 "movable": " (can be chosen)"}.get(kind, "")
    return text


def _base_shapes(m: dict[str, Any], k: float, w_px: float, h_px: float) -> list[cv.Shape]:
    """What never changes in a game: paper, regions, links, the spaces' fills and outlines,
    their names and numbers, edge features (rivers)."""
    paper, ink, soft, _, features = _look()
    art = m.get("art") or {}
    shapes: list[cv.Shape] = [cv.Rect(0, 0, w_px, h_px, border_radius=6, paint=_paint(paper))]
    shapes += art_shapes(art.get("under", []), k)
    for rg in m.get("regions") or []:  # drawn behind the spaces (a sea round an island)
        rx, ry, rw, rh = (v * k for v in rg["box"])
        paint = _paint(rg["fill"])
        shapes.append(cv.Oval(rx, ry, rw, rh, paint=paint) if rg["shape"] == "ellipse" else
                      cv.Rect(rx, ry, rw, rh, border_radius=2 * k, paint=paint))
    for sp in m["spaces"]:
        if sp.get("disc"):
            # a sea chart's square: the water shows, a fine grid line, its colour in a disc
            shapes.append(_outline(sp, k, _paint(soft, 0.6)))
            x, y, w, h = (v * k for v in sp["box"])
            shapes += [cv.Circle(x + w / 2, y + h * 0.56, min(w, h) * 0.3, paint=p)
                       for p in (_paint(sp["fill"] or "#efe4cc"), _paint(ink, 0.8))]
            continue
        shapes.append(_outline(sp, k, _paint(sp["fill"] or "#efe4cc")))
        shapes.append(_outline(sp, k, _paint(ink, 1.0)))
    shapes += art_shapes(art.get("middle", []), k)
    for sp in m["spaces"]:
        x, y, w, h = (v * k for v in sp["box"])
        cx, cy = sp["centre"][0] * k, sp["centre"][1] * k
        fit = _name_fit(sp["name"], w * 0.9, min(15.0, h * 0.12, w / max(len(sp["name"]), 1) * 1.6)) \
            if min(w, h) >= 40 else None
        if fit:
            # names at the top of a box (clear of the spaces inside it), above the middle of a hex;
            # a name on two lines starts at the same top (its middle moves down half a line)
            ly = y + min(h * 0.15, 8 * k) if sp["shape"] != "polygon" else cy - h * 0.18
            if sp["shape"] != "polygon" and _em(fit[0]) * fit[1] > w * 0.9:
                ly = max(ly, y + fit[1] * 1.25)
            shapes.append(_text(cx, ly, fit[0], fit[1], ink, bold=True, width=w * 0.9))
        elif sp["shape"] == "rect" and w >= 40 and h >= 12:
            # a wide, low box (the board's title): its name in the middle, on one line or two
            name = sp["name"]
            size = min(h * 0.6, 18.0, w * 0.9 / _em(name))
            if size < MIN_NAME_PX:
                size = min(h / 2.6, w * 0.9 / max(_em(x) for x in _halves(name)))
            if size >= MIN_MARK_PX:
                shapes.append(_text(cx, cy, name, size, ink, bold=True, width=w * 0.95))
        mark = (sp.get("text") or "").strip()
        if mark and len(mark) <= MARK_CHARS and min(w, h) < 40:
            # a small space's printed mark ("3P" on a landmark slot: not used with 3 players),
            # on a pill just under it, as large as fits twice its width
            size = min(10.0, 2 * w / _em(mark))
            if size >= MIN_MARK_PX:
                tw, th = _em(mark) * size + 4, size * 1.3
                shapes += [cv.Rect(cx - tw / 2, y + h - th * 0.35, tw, th, border_radius=th / 2,
                                   paint=_paint("#e6fdf6e3")),
                           _text(cx, y + h - th * 0.35 + th / 2, mark, size, ink, bold=True, width=tw)]
        if sp.get("number") is not None:
            shapes.append(_text(sp["number_at"][0] * k, sp["number_at"][1] * k, str(sp["number"]),
                                max(8.0, min(13.0, h * 0.22)), ink, bold=True))
    for e in m["edges"]:
        for f in e["features"]:
            look = features.get(f, {"color": "ink", "width": 1.0})
            color = {"ink": ink, "soft": soft}.get(str(look["color"]), str(look["color"]))
            shapes.append(cv.Line(e["p"][0] * k, e["p"][1] * k, e["q"][0] * k, e["q"][1] * k,
                                  paint=_paint(color, max(2.0, float(look["width"]) * k),
                                               [float(d) * k for d in look["dash"]] if look.get("dash") else None)))
    # a harbour's dashed line to its landing place, above the fields it crosses (as printed)
    for lk in m["links"]:
        shapes.append(cv.Line(lk["p"][0] * k, lk["p"][1] * k, lk["q"][0] * k, lk["q"][1] * k,
                              paint=_paint(ink, 1.4, [4, 3])))
    shapes += art_shapes(art.get("over", []), k)
    return shapes


#: below this many pixels a millimetre, the scattered marks (waves, terrain) are left out: specks
MARKS_FROM_K = 1.0


def art_shapes(ops: list[dict[str, Any]], k: float) -> list[cv.Shape]:
    """The board's art (companion.board.art, the printer's too) as canvas shapes, k px a mm."""
    out: list[cv.Shape] = []
    for op in ops:
        if op.get("mark") and k < MARKS_FROM_K:
            continue
        if op["op"] == "poly":
            pts = [(x * k, y * k) for x, y in op["points"]]
            path = [cv.Path.MoveTo(*pts[0])] + [cv.Path.LineTo(*p) for p in pts[1:]]
            if op["closed"]:
                path.append(cv.Path.Close())
                if op["fill"]:
                    out.append(cv.Path(path, paint=_paint(op["fill"])))
            if op["stroke"]:
                dash = [d * k for d in op["dash"]] if op.get("dash") else None
                out.append(cv.Path(path, paint=_paint(op["stroke"], max(0.6, op["width"] * k), dash)))
        elif op["op"] == "circle":
            x, y, r = op["c"][0] * k, op["c"][1] * k, op["r"] * k
            if op["fill"]:
                out.append(cv.Circle(x, y, r, paint=_paint(op["fill"])))
            if op["stroke"]:
                out.append(cv.Circle(x, y, r, paint=_paint(op["stroke"], max(0.6, op["width"] * k))))
        elif op["op"] == "text":
            size = op["size"] * k
            if size < MIN_MARK_PX:
                continue
            x, y = op["at"][0] * k, op["at"][1] * k
            if op.get("anchor") == "start":
                x += _em(op["text"]) * size / 2
            out.append(_text(x, y, op["text"], size, op["color"], bold=op["bold"]))
    return out


MIN_NAME_PX = 9.0
#: a small space's printed text drawn as a mark under it: at most so many characters, at least so large
MARK_CHARS = 12
MIN_MARK_PX = 6.5


@lru_cache(maxsize=4096)
def _em(text: str) -> float:
    """How wide `text` runs on the board, in ems (px at 1 px), never 0 (a size is divided by it)."""
    return max(theme.text_width(text, 1.0), 0.3)


def _halves(name: str) -> tuple[str, str]:
    """A name cut into two lines at the space nearest its middle."""
    cuts = [i for i, c in enumerate(name) if c == " "]
    if not cuts:
        return name, ""
    i = min(cuts, key=lambda j: abs(len(name) / 2 - j))
    return name[:i], name[i + 1:]


def _name_fit(name: str, width: float, largest: float) -> tuple[str, float] | None:
    """The largest size (at most `largest`, at least 9 px) at which `name` fits `width` in two
    lines without breaking a word ("Chatte-ring" was drawn), or its leading number alone ("12.")
    where even 9 px is too wide; None when nothing fits (the tap and the label still name it)."""
    words = name.split()
    size = max(largest, MIN_NAME_PX)
    space = _em(" ")
    while words and size >= MIN_NAME_PX:
        room = width / size      # the line's width in ems at this size
        lines, used = 1, -space
        for word in words:
            wide = _em(word)
            if wide > room:
                lines = 3
                break
            used += space + wide
            if used > room:
                lines, used = lines + 1, wide
        if lines <= 2:
            return name, size
        size -= 0.5
    head = words[0] if words else ""
    if head.rstrip(".").isdigit() and _em(head) * MIN_NAME_PX <= width:
        return head, MIN_NAME_PX
    return None


def _state_shapes(sp: dict[str, Any], k: float, state: str | None, face: str) -> list[cv.Shape]:
    """A space's state mark: covered (a black disc), empty (greyed), a token face down or seen."""
    ink = _look()[1]
    x, y, w, h = (v * k for v in sp["box"])
    cx, cy = sp["centre"][0] * k, sp["centre"][1] * k
    if state == "covered":
        return [cv.Circle(cx, cy, min(w, h) * 0.3, paint=_paint(ink))]
    if state == "empty":
        return [_outline(sp, k, _paint("#99ffffff"))]
    if state == "hidden":
        r = min(w, h) * 0.42
        return [cv.Circle(cx, cy, r, paint=_paint("#5d4a36")), _text(cx, cy, "?", max(8.0, r * 0.9), "#fdf6e3", bold=True)]
    if state == "seen":  # the token's name (a seen Landmark was cut to "Rui"), in two lines on a plate
        r = min(w, h) * 0.42
        fit = _name_fit(face, w * 0.95, r * 0.6)
        text, size = fit if fit else ("".join(word[:1] for word in face.split()) or "?", max(8.0, r * 0.6))
        return [cv.Rect(x + w * 0.02, cy - r, w * 0.96, 2 * r, border_radius=4, paint=_paint("#fdf6e3")),
                _text(cx, cy, text, size, ink, bold=True, width=w * 0.95)]
    return []


def board_widget(board: dict[str, Any], width: float, on_tap: Callable[[str], None] | None = None,
                 highlights: dict[str, dict[str, Any]] | None = None, selected: str | None = None,
                 zoom: float = 1.0, key: str | None = None, cache: dict[str, Any] | None = None,
                 viewer: "Zoom | None" = None) -> ft.Control:
    """The board of a board view (`{map, spaces, pieces}`) drawn `width` px wide (times zoom), or,
    with a `viewer`, drawn to fit `width` in a frame that pinch and the zoom buttons enlarge.

    `cache` (a dict kept by the screen, one per page) keeps what does not change between redraws:
    the drawn map and each space's touch target while its label stays the same. The same control
    objects on screen again cost Flet no diff, where a map of 200 hexes rebuilt costs a quarter
    of a second each time. Never share one cache between pages."""
    _, ink, _, _, _ = _look()
    m = board["map"]
    info = board.get("spaces") or {}
    highlights = dict(highlights or {})
    if selected:
        highlights[selected] = {"kind": "selected"}
    w_px = width * zoom
    k = w_px / m["width"]
    h_px = m["height"] * k
    cache = {} if cache is None else cache
    if cache.get("map") is not m or cache.get("size") != (w_px, h_px):
        cache.clear()
        cache.update(map=m, size=(w_px, h_px), targets={}, tap={},
                     base=cv.Canvas(_base_shapes(m, k, w_px, h_px), width=w_px, height=h_px))
    hub: dict[str, Any] = cache["tap"]
    hub["on_tap"] = on_tap  # the cached targets call the screen's handler of this redraw
    by_space: dict[str, list[dict[str, Any]]] = {}
    for pc in board.get("pieces") or []:
        by_space.setdefault(pc["space"], []).append(pc)
    shapes: list[cv.Shape] = []
    shown = viewer.scale if viewer is not None else 1.0  # how much larger the viewer shows the drawing
    for sp in m["spaces"]:
        got = info.get(sp["id"]) or {}
        if got.get("state"):
            shapes += _state_shapes(sp, k, got["state"], got.get("face") or "")
        hl = highlights.get(sp["id"])
        if hl:
            x, y, w, h = (v * k for v in sp["box"])
            shapes.append(_outline(sp, k, _paint(HIGHLIGHT.get(hl.get("kind", ""), HIGHLIGHT["target"]), 3.0), 1.5))
            # a cost badge, where it does not hide a small space (seen zoomed in: drawn that much smaller)
            if hl.get("text") is not None and min(w, h) * shown >= 30:
                d = 1 / shown
                shapes.append(cv.Circle(x + w - 9 * d, y + 9 * d, 8 * d,
                                        paint=_paint(HIGHLIGHT.get(hl.get("kind", ""), ink))))
                shapes.append(_text(x + w - 9 * d, y + 9 * d, str(hl["text"]), 9 * d, "#ffffff", bold=True))
    spaces = {sp["id"]: sp for sp in m["spaces"]}
    for sid, pcs in by_space.items():
        sp = spaces.get(sid)
        if sp is None:
            continue
        x, y, w, h = (v * k for v in sp["box"])
        r = max(7.0, min(13.0, min(w, h) * 0.12))
        spots = sp["pieces"]
        # few pieces on a row of spots: every other spot, so that neither they nor their badges touch
        every = 2 if 1 < len(pcs) and 2 * len(pcs) - 1 <= len(spots) else 1
        step = (math.dist(spots[0], spots[every]) * k if len(spots) > every else 4 * r)
        for i, pc in enumerate(pcs):
            px, py = spots[(i * every) % len(spots)]
            if i >= len(spots):
                py -= 6 * (i // len(spots))
            px, py = px * k, py * k
            if pc.get("seat") is None:  # a neutral piece (a giant, a chest): a square with its text
                shapes += [cv.Rect(px - r * 1.1, py - r * 1.1, r * 2.2, r * 2.2, border_radius=3,
                                   paint=_paint(pc.get("color") or GIANT)),
                           _text(px, py, pc.get("text") or "", r * 1.2, "#ffffff", bold=True)]
                continue
            # a game may give a piece its own colour, shape and letter (its band's), else the seat's
            look = {**player_look(pc["seat"]), **{n: pc[n] for n in ("color", "shape", "letter") if pc.get(n)}}
            shapes += _piece(px, py, r, look, look["letter"], ink)
            if pc.get("text"):  # (a badge under its piece, as wide as the room to the next one)
                bw = min(r * 2.4, max(step * 0.95, r * 1.6))
                shapes += [cv.Rect(px - bw / 2, py + r * 0.55, bw, r * 1.1, border_radius=3, paint=_paint(ink)),
                           _text(px, py + r * 1.1, pc["text"], max(8.0, r * 0.75), "#ffffff", bold=True, width=bw)]
    overlay = cv.Canvas(shapes, width=w_px, height=h_px)

    def tap_at(e: Any) -> None:
        if hub.get("on_tap") is None:
            return
        pos = e.local_position
        sid = space_at(m, pos.x / k, pos.y / k)
        if sid is not None:
            hub["on_tap"](sid)

    def tap(sid: str) -> None:
        if hub.get("on_tap") is not None:
            hub["on_tap"](sid)

    layers: list[ft.Control] = [ft.GestureDetector(content=ft.Stack([cache["base"], overlay], width=w_px, height=h_px),
                                                   on_tap_down=tap_at)]
    # touch targets: larger spaces first, so a slot inside an area lies on top of it; spaces of one
    # size (a hex map's) keep the map's order, rows top to bottom: the text of an accessible node
    # may overflow its box to the right and below, where the next nodes lie on top of it
    targets: dict[str, tuple[Any, ft.Control]] = cache["targets"]
    for sp in sorted(m["spaces"], key=lambda s: -round(s["box"][2] * s["box"][3], 1)):
        names = [pc.get("label") or "" for pc in by_space.get(sp["id"], [])]
        label = space_label(sp, info.get(sp["id"]), names, highlights.get(sp["id"]))
        look = (label, on_tap is not None, sp["id"] == selected)
        old = targets.get(sp["id"])
        if old is None or old[0] != look:
            tx, ty, tw, th = (v * k for v in sp["tap"])
            target = ft.Container(width=max(tw, 1), height=max(th, 1), bgcolor="#00000000",
                                  on_click=(lambda e, sid=sp["id"]: tap(sid)) if on_tap else None)
            old = targets[sp["id"]] = (look, ft.Container(left=tx, top=ty, width=max(tw, 1), height=max(th, 1),
                                                          content=ft.Semantics(
                label=label, button=on_tap is not None, exclude_semantics=True, selected=sp["id"] == selected,
                content=target)))
        layers.append(old[1])
    stack = ft.Stack(layers, width=w_px, height=h_px)
    if viewer is not None:  # pinch, drag and the zoom buttons move the drawn board (see Zoom)
        return ft.Container(content=viewer.around(cache, stack, w_px, h_px), width=w_px, height=h_px, key=key)
    if zoom <= 1.0:
        return ft.Container(content=stack, width=w_px, height=h_px, key=key)
    return ft.Container(content=ft.Row([stack], scroll=ft.ScrollMode.AUTO), width=width, height=h_px + 12, key=key)


def board_width(screen: Any, most: float = 720) -> float:
    """The width the board may take: the page's, less its padding, at most the content column's."""
    page_w = getattr(getattr(screen.app, "page", None), "width", None) or 390
    return max(240.0, min(most, float(page_w) - 24))


def board_panel(screen: Any, board: dict[str, Any], highlights: dict[str, dict[str, Any]] | None = None,
                key: str = "board", act: Callable[[str], bool] | None = None) -> ft.Control:
    """The board with what the last tapped space is under it ("Jungle: search 3 hours, ..."):
    a tap shows its sentence; the screen keeps the choice in `screen.board_tap`. `act(space)`, if
    given, is asked first: it returns True when the tap was a move it made (a reachable square)."""
    picked = getattr(screen, "board_tap", None)
    spaces = {sp["id"]: sp for sp in board["map"]["spaces"]}
    if picked not in spaces:
        picked = None

    def tapped(sid: str) -> None:
        if act is not None and act(sid):
            screen.board_tap = None
            return
        screen.board_tap = sid
        screen.app.render()

    if picked is None:
        line = "Tap a place on the board to see what it is."
    else:
        sp = spaces[picked]
        got = (board.get("spaces") or {}).get(picked) or {}
        line = got.get("info") or got.get("label") or (sp["name"] + (f" {sp['number']}" if sp.get("number") else ""))
    width = board_width(screen)
    zoom = float(getattr(screen, "board_zoom", 1.0))
    cache = screen.__dict__.setdefault(f"board_cache_{key}", {})  # this page's drawn board (see board_widget)
    rows: list[ft.Control] = [board_widget(board, width, tapped, highlights, picked, zoom=zoom, cache=cache),
                              ft.Text(line, size=15, weight=ft.FontWeight.BOLD if picked else None, key=f"{key}-info")]
    if width < 520:   # a phone: small spaces may be shown twice the size, scrolled sideways
        rows.append(zoom_button(screen, zoom, "board"))
    return ft.Column(rows, spacing=6, key=key)


def zoom_button(screen: Any, zoom: float, noun: str) -> ft.Control:
    """On a phone: show the board (or map) twice the size, scrolled sideways, or fit it again."""
    def toggle(e: Any) -> None:
        screen.board_zoom = 1.0 if zoom > 1 else 2.0
        screen.app.render()

    return ft.TextButton(content=f"Fit the {noun} to the screen" if zoom > 1 else f"Show the {noun} larger",
                         icon=ft.Icons.ZOOM_OUT if zoom > 1 else ft.Icons.ZOOM_IN, on_click=toggle)


def beside(screen: Any) -> bool:
    """Whether this page is wide enough for the map beside the choices (app.main.layout)."""
    page_w = getattr(getattr(screen.app, "page", None), "width", None)
    return bool(page_w) and float(page_w) >= BESIDE


def map_width(screen: Any, below: float = 110) -> float:
    """How wide a map may be drawn: the page's width on a phone; beside the choices, as wide as
    the page's height allows (the whole map and `below` px under it in view, under the app bar)."""
    width = board_width(screen)
    page = getattr(screen.app, "page", None)
    page_w, page_h = getattr(page, "width", None), getattr(page, "height", None)
    if beside(screen) and page_h:
        return max(320.0, min(float(page_h) - 80 - below, float(page_w) - 24 - 20 - CHOICES_W))
    if page_w and page_h and page_w > page_h:  # a landscape screen: the whole map in view, under the title
        width = min(width, max(320.0, float(page_h) - 170))
    return width


#: how long the map's viewer is given to take a reset before it is zoomed (a frame or more)
RESET_S = 0.25


def pan_to(centre: tuple[float, float], size: tuple[float, float], z: float) -> tuple[float, float]:
    """The pan (the viewer's own unscaled pixels, from the top left corner at scale `z`) that puts
    `centre` in the middle of the frame, as far as the map's edges allow: the view never leaves
    the map, so the viewer has nothing to clamp."""
    return tuple(-min(max(c - s / (2 * z), 0.0), s - s / z) for c, s in zip(centre, size))  # type: ignore[return-value]


class Zoom:
    """The zoom of one page's map: Flet's InteractiveViewer around the drawn board (pinch and drag
    on a touch screen, the wheel on a desktop), zoom buttons, and the view brought to a space (a
    picked piece, so a phone shows the fields it reaches big enough to tap). `screen.board_zoom`
    holds the scale, followed through pinches; the viewer itself is kept in the board's cache, so
    its transform outlives a redraw."""

    STEP, MOST = 1.5, 4.0

    def __init__(self, screen: Any, key: str):
        self.screen, self.key = screen, key

    @property
    def scale(self) -> float:
        return float(getattr(self.screen, "board_zoom", 1.0))

    @scale.setter
    def scale(self, value: float) -> None:
        self.screen.board_zoom = max(1.0, min(self.MOST, value))

    def around(self, cache: dict[str, Any], stack: ft.Control, w_px: float, h_px: float) -> ft.Control:
        """The viewer around this redraw's board. A new one each redraw (Flet freezes what it has
        sent): in the same place it is the same viewer in the browser, its transform kept."""
        started = cache.setdefault("pinch", {"at": 1.0})

        def start(e: Any) -> None:
            started["at"] = self.scale

        def update(e: Any) -> None:
            # a pinch, or the wheel (which reports no pointer); one finger only drags
            if getattr(e, "pointer_count", 1) != 1:
                self.scale = started["at"] * float(e.scale or 1.0)

        iv = cache["viewer"] = ft.InteractiveViewer(content=stack, min_scale=1.0, max_scale=self.MOST, width=w_px,
                                                   height=h_px, on_interaction_start=start,
                                                   on_interaction_update=update, interaction_update_interval=100)
        cache["size_px"] = (w_px, h_px)
        return iv

    def show(self, space: dict[str, Any] | None, m: dict[str, Any], scale: float | None = None) -> None:
        """Bring the map to `scale` (default: the page's), with `space`'s centre in the middle of
        the frame as far as the map's edges allow (the whole map at scale 1)."""
        if scale is not None:
            self.scale = scale
        cache = self.screen.__dict__.setdefault(f"board_cache_{self.key}", {})
        page = getattr(self.screen.app, "page", None)
        if page is None:
            return
        z = self.scale

        async def go() -> None:
            iv = cache.get("viewer")  # (the one of the last draw: the browser knows it)
            if iv is None or "size_px" not in cache:
                return
            w_px, h_px = cache["size_px"]
            k = w_px / m["width"]
            centre = (space["centre"][0] * k, space["centre"][1] * k) if space else (w_px / 2, h_px / 2)
            try:
                await iv.reset()
                if z > 1.0:
                    # the browser takes the reset in a frame of its own: a zoom and pan sent with it
                    # came out as the zoom alone, the map's top left corner (not the piece) in view
                    await asyncio.sleep(RESET_S)
                    await iv.zoom(z)
                    await iv.pan(*pan_to(centre, (w_px, h_px), z))
            except Exception:  # (the page may have closed or moved on meanwhile)
                log.debug("zooming the map failed", exc_info=True)

        # after the draw under way (or the next) has reached the browser (app.main.App.render)
        self.screen.__dict__.setdefault("after_render", []).append(lambda: page.run_task(go))

    def buttons(self, m: dict[str, Any], focus: dict[str, Any] | None) -> ft.Control:
        """Zoom in, zoom out, the whole map: each keeps `focus` (a space) in the middle."""
        def by(factor: float | None) -> Any:
            def click(e: Any) -> None:
                self.show(focus, m, 1.0 if factor is None else self.scale * factor)
                self.screen.app.render()
            return click
        # (never disabled: a pinch or the wheel may have zoomed the map since this was drawn)
        return ft.Row([
            ft.TextButton(content="Zoom in", icon=ft.Icons.ZOOM_IN, on_click=by(self.STEP),
                          tooltip="Show the map larger (or pinch it)"),
            ft.TextButton(content="Zoom out", icon=ft.Icons.ZOOM_OUT, on_click=by(1 / self.STEP)),
            ft.TextButton(content="Whole map", icon=ft.Icons.FIT_SCREEN, on_click=by(None)),
        ], spacing=0, wrap=True)
