"""A map's geometry as plain JSON-ready data for views: what a screen needs to draw the board
exactly as it is printed (shapes in mm, names, numbers, fills, icons, rivers, links) without
loading content. A game's view puts it under `board.map`; the app's board widget draws it."""
from __future__ import annotations

from typing import Any

from .art import art, disc_kinds
from .geometry import Geometry, SpaceShape, geometry
from .maps import space_name, text_in


def picture(board: Any, lang: str = "en") -> dict[str, Any]:
    geo = geometry(board)
    kinds = {k.id: k for k in board.kinds}
    discs = disc_kinds(board)
    spaces = []
    for sp in board.spaces:
        g = geo.spaces.get(sp.id)
        if g is None:
            continue
        kind = kinds.get(sp.kind)
        spaces.append({
            "id": sp.id, "name": space_name(board, sp, lang), "kind": sp.kind, "zone": sp.zone, "number": sp.number,
            "shape": g.shape, "points": [list(p) for p in g.points], "box": list(g.box), "tap": list(g.tap),
            "centre": list(g.centre), "label": list(g.label), "number_at": list(g.number),
            "pieces": [list(p) for p in g.pieces], "fill": sp.fill or (kind.fill if kind else None),
            "icon": sp.icon or (kind.icon if kind else None), "text": text_in(sp.text, lang),
            "disc": sp.kind in discs,
        })
    # free regions drawn behind the spaces (Pirate Island's sea), as printed
    regions = [{"id": r.id, "name": text_in(r.name, lang), "shape": r.shape, "box": [r.x, r.y, r.w, r.h],
                "fill": r.fill} for r in getattr(board, "regions", ()) or () if r.fill]
    return {"width": geo.width, "height": geo.height, "spaces": spaces, "regions": regions, "art": art(board, lang),
            "edges": [{"a": e.a, "b": e.b, "features": list(e.features), "p": list(e.p), "q": list(e.q)}
                      for e in geo.edges],
            "links": [{"a": lk.a, "b": lk.b, "kind": lk.kind, "p": list(lk.p), "q": list(lk.q)} for lk in geo.links]}


def space_at(pic: dict[str, Any], x: float, y: float) -> str | None:
    """The space of a picture under a point in mm (Geometry.at on the picture's shapes)."""
    def pair(p: Any) -> tuple[float, float]:
        return (float(p[0]), float(p[1]))

    shapes = {s["id"]: SpaceShape(s["id"], s["shape"], tuple(pair(p) for p in s["points"]), tuple(s["box"]),
                                  pair(s["centre"]), pair(s["label"]), pair(s["number_at"]),
                                  tuple(pair(p) for p in s["pieces"]), tuple(s["tap"]))
              for s in pic["spaces"]}
    return Geometry(pic["width"], pic["height"], shapes, (), ()).at(x, y)
