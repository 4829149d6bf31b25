"""The geometry of a map in mm, the one source of the printed board and the app's board:
golden file of the fixture map, hexes that tile, rivers on shared sides, taps on the right space,
and the Pirates vs. Dinosaurs island (a free map) with the boxes its regions had."""
from __future__ import annotations

import json
import math
import os
from dataclasses import asdict
from pathlib import Path

from companion.board import geometry
from companion.board.hexes import SQRT3
from companion.content.loader import load_game

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "board" / "hexland-geometry.json"


def as_json(geo) -> str:
    data = {"width": geo.width, "height": geo.height, "bbox": list(geo.bbox),
            "spaces": {k: asdict(v) for k, v in geo.spaces.items()},
            "edges": [asdict(e) for e in geo.edges], "links": [asdict(lk) for lk in geo.links]}
    return json.dumps(data, indent=1, sort_keys=True) + "\n"


def test_geometry_matches_its_golden_file(hexland):
    got = as_json(geometry(hexland))
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text(got, encoding="utf-8")
    assert GOLDEN.exists(), f"{GOLDEN} is missing: write it with UPDATE_GOLDEN=1 and review it"
    assert got == GOLDEN.read_text(encoding="utf-8"), "map geometry changed; if intended, rerun with UPDATE_GOLDEN=1"


def test_hexes_tile_and_rivers_lie_on_shared_sides(hexland, graph):
    geo = geometry(hexland)
    hexes = {k: v for k, v in geo.spaces.items() if graph[k].coord is not None}
    assert len(hexes) == 19 and all(len(v.points) == 6 for v in hexes.values())
    for a, b in ((e.a, e.b) for e in graph.edges() if e.a in hexes and e.b in hexes):
        shared = {p for p in hexes[a].points} & {p for p in hexes[b].points}
        assert len(shared) == 2, (a, b)
        assert math.isclose(math.dist(hexes[a].centre, hexes[b].centre), 20 * SQRT3, abs_tol=0.01)
    for e in geo.edges:
        assert {e.p, e.q} == set(hexes[e.a].points) & set(hexes[e.b].points)
        assert e.features == ("river",)
    (link,) = geo.links
    assert (link.a, link.b, link.kind) == ("harbour-1", "s26", "landing")
    assert "totenkiste" not in geo.spaces                # off the board, no shape
    x, y, w, h = geo.bbox
    assert x >= 10 and y >= 24 and x + w <= geo.width - 10 + 1e-6 and y + h <= geo.height - 10 + 1e-6


def test_a_tap_lands_on_the_space_under_it(hexland):
    geo = geometry(hexland)
    for sid, shape in geo.spaces.items():
        assert geo.at(*shape.centre) == sid
        for px, py in shape.pieces:
            assert geo.at(px, py) == sid, sid
    # just inside a hex corner, not its neighbour's
    s13 = geo.spaces["s13"]
    cx, cy = s13.centre
    corner = s13.points[0]
    assert geo.at(cx + (corner[0] - cx) * 0.93, cy + (corner[1] - cy) * 0.93) == "s13"
    assert geo.at(1, 1) is None and geo.nearest(1, 1) is not None


def test_touch_targets_lie_inside_their_space_and_never_overlap(hexland):
    geo = geometry(hexland)
    taps = {k: v.tap for k, v in geo.spaces.items()}
    for sid, (x, y, w, h) in taps.items():
        assert w > 0 and h > 0
        for px, py in ((x + 0.01, y + 0.01), (x + w - 0.01, y + h - 0.01), (x + w / 2, y + h / 2)):
            assert geo.at(px, py) == sid
    boxes = list(taps.values())
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not (a[0] < b[0] + b[2] - 1e-6 and b[0] < a[0] + a[2] - 1e-6
                        and a[1] < b[1] + b[3] - 1e-6 and b[1] < a[1] + a[3] - 1e-6)


def test_the_pvd_island_is_a_free_map_with_its_old_boxes():
    board = load_game("pirates-vs-dinosaurs").files["board.yaml"].boards[0]
    geo = geometry(board)
    assert (geo.width, geo.height) == (600, 420)
    for sp in board.spaces:
        shape = geo.spaces[sp.id]
        assert shape.box == tuple(sp.rect or sp.ellipse) and shape.shape == ("rect" if sp.rect else "ellipse")
    # a tap on a landmark slot is the slot, beside it the area
    slot = geo.spaces["slot-jungle-2"]
    assert geo.at(*slot.centre) == "slot-jungle-2"
    assert geo.at(slot.box[0] - 3, slot.centre[1]) == "jungle"
