"""Writes content/pirate-island/map.yaml: the authored Pirate Island hex map.

Run once (`python tools/pirate_island_map.py`); the YAML it writes is the source of truth and is
committed. The script is kept so the design choices are visible and a redesign starts from them:

- a pointy-top hex island of radius 8 around a crater of 7 hexes (the centre and its ring);
- six sectors of 60 degrees, sector 1 in the north, clockwise; each sector has six chest fields
  on the volcano's slopes numbered sector*10 + 1..6: 1-2 next to the crater, 3-4 one field away,
  5-6 two fields away (so the die that places a chest also sets its eruption danger);
- terrain by distance from the crater (mountains on the slopes, hills, then plains and swamps
  towards the coast), three rivers running from the slopes to the sea on hex edges, two lakes;
- ten harbours round the coast 36 degrees apart, each with one landing place, four of them fortresses;
  two more fortresses inland.
"""
from __future__ import annotations

import math
import random
from pathlib import Path

DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
RADIUS = 8
SQRT3 = math.sqrt(3)


def add(a, b):
    return (a[0] + b[0], a[1] + b[1])


def dist(a, b=(0, 0)):
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def nbrs(h):
    return [add(h, d) for d in DIRS]


def xy(h):
    q, r = h
    return SQRT3 * (q + r / 2), 1.5 * r


def bearing(h):
    """Degrees clockwise from north (y grows down)."""
    x, y = xy(h)
    return math.degrees(math.atan2(x, -y)) % 360


def sector(h):
    # boundaries at 330, 30, 90, ... (the ring corners): sector 1 is the northern wedge
    b = (bearing(h) + 30 - 1e-6) % 360
    return int(b // 60) + 1


def label(h):
    """Row letter (A at the top) and column number, as printed in a corner of each field."""
    q, r = h
    row = r + RADIUS + 2  # 0-based, two rows of sea above the island
    col = q + (r - (r & 1)) // 2 + RADIUS + 3
    return f"{'ABCDEFGHIJKLMNOPQRSTUV'[row]}{col}"


SEED = 285


def main() -> None:
    write(*design(SEED))


def design(seed: int):
    rng = random.Random(seed)
    land = {h for h in _disk(RADIUS) if dist(h) >= 2}
    crater = set(_disk(1))
    # coast: a few bays cut out of ring 8 and capes added from ring 9
    ring8 = [h for h in land if dist(h) == RADIUS]
    for h in rng.sample(sorted(ring8), 9):
        land.discard(h)
    ring9 = [h for h in _ring(RADIUS + 1)]
    for h in rng.sample(sorted(ring9), 8):
        if sum(n in land for n in nbrs(h)) >= 2:
            land.add(h)

    def is_coast(h):
        return any(n not in land and n not in crater for n in nbrs(h))

    # harbours: 10 sea hexes next to the coast, 36 degrees apart
    sea = {n for h in land for n in nbrs(h) if n not in land and n not in crater}
    harbours = []
    for i in range(10):
        want = (18 + 36 * i) % 360
        best = min((h for h in sea if all(dist(h, o) >= 4 for o, _ in harbours)
                    and sum(n in land for n in nbrs(h)) >= 2),
                   key=lambda h: (min(abs(bearing(h) - want), 360 - abs(bearing(h) - want)) + 8 * (dist(h) - RADIUS)))
        coast = [n for n in nbrs(best) if n in land]
        landing = min(coast, key=lambda n: (min(abs(bearing(n) - want), 360 - abs(bearing(n) - want)), dist(n)))
        harbours.append((best, landing))

    # terrain
    terrain = {}
    swamp_centres = [h for h in rng.sample(sorted(h for h in land if 5 <= dist(h) <= 8), 7)]
    hill_centres = [h for h in rng.sample(sorted(h for h in land if 4 <= dist(h) <= 7), 6)]
    for h in land:
        d = dist(h)
        if d == 2:
            t = "mountain"
        elif d == 3:
            t = "mountain" if rng.random() < 0.55 else "hill"
        elif d == 4:
            t = rng.choices(["hill", "mountain", "plain"], [5, 2, 3])[0]
        else:
            t = "plain"
            if any(dist(h, c) <= 1 for c in hill_centres) and rng.random() < 0.8:
                t = "hill"
            if any(dist(h, c) <= (1 if d < 7 else 2) for c in swamp_centres) and rng.random() < 0.75:
                t = "swamp"
            if d <= 5 and t == "plain" and rng.random() < 0.15:
                t = "mountain"
        terrain[h] = t
    # lakes: two small ones, away from harbours and chest fields
    lakes = [[(3, -6), (4, -6)], [(-5, 5), (-6, 5), (-5, 6)]]
    for lake in lakes:
        for h in lake:
            assert h in land and dist(h) >= 5, h
            terrain[h] = "lake"
    # chest fields: per sector, both ring-2 fields, two of ring 3, two of ring 4 (clockwise order)
    numbers = {}
    for s in range(1, 7):
        for ring, picks in ((2, (0, 1)), (3, (0, 2)), (4, (1, 3))):
            cells = sorted((h for h in land if dist(h) == ring and sector(h) == s),
                           key=lambda h: (bearing(h) - (s - 1) * 60 + 30) % 360)
            assert len(cells) == ring, (s, ring, cells)
            for p in picks:
                numbers[cells[p]] = s * 10 + len([n for n in numbers if sector(n) == s]) + 1
    for h in numbers:  # the slopes: a chest field is a hill or a mountain
        if terrain[h] not in ("mountain", "hill"):
            terrain[h] = "hill"
    # landing places: plain (skull) or fortress; harbours 1, 4, 6, 9 have fortresses
    markers = {}
    for i, (hb, lp) in enumerate(harbours):
        fortress = i in (0, 3, 5, 8)
        terrain[lp] = "fortress" if fortress else "plain"
        markers[lp] = "fortress" if fortress else "skull"
    # inland fortresses: one in the north-west, one behind a river (attacked across it: -3 -1)
    for h in [(-3, -2)]:
        assert dist(h) >= 4 and h not in numbers
        terrain[h] = "fortress"
    landings = {lp for _, lp in harbours}
    # rivers: zigzag edge lines running outwards (A_i | B_i, B_i | A_i+1)
    rivers = []
    for start, d, side in (((0, -3), 2, 1), ((3, 0), 0, 5), ((-3, 3), 4, 3)):
        a = start
        edges = []
        bend = 0
        for i in range(12):
            di = DIRS[(d + (1 if bend > 3 and i % 4 == 0 else 0)) % 6]
            b = add(a, DIRS[side])
            nxt = add(a, DIRS[d])
            if a not in land or b not in land:
                break
            edges.append((a, b))
            if nxt not in land:
                break
            edges.append((b, nxt))
            a = nxt
            bend += 1
        rivers.append([e for e in edges if terrain.get(e[0]) != "lake" and terrain.get(e[1]) != "lake"])
    banks = {}
    for river in rivers:
        for a, b in river:
            banks[a] = banks.get(a, 0) + 1
            banks[b] = banks.get(b, 0) + 1
    behind = min((h for h, k in banks.items() if k >= 2 and dist(h) >= 5 and h not in numbers and h not in landings
                  and terrain[h] != "lake"), key=lambda h: (dist(h), h))
    terrain[behind] = "fortress"
    return land, crater, terrain, numbers, harbours, markers, rivers


def balance(terrain) -> int:
    """How unevenly swamps, hills and mountains are spread over the sectors (0: evenly)."""
    spread = 0
    for kind in ("swamp", "hill", "mountain"):
        counts = [sum(1 for h, t in terrain.items() if t == kind and sector(h) == s) for s in range(1, 7)]
        spread += max(counts) - min(counts)
    return spread


def _ring(k):
    h = (DIRS[4][0] * k, DIRS[4][1] * k)
    out = []
    for side in range(6):
        for _ in range(k):
            out.append(h)
            h = add(h, DIRS[side])
    return out


def _disk(k):
    out = [(0, 0)]
    for i in range(1, k + 1):
        out += _ring(i)
    return out


KINDS = [  # id, name, fill (print and app), icon
    ("plain", "Plain", "#cfe0a3", "plain"), ("swamp", "Swamp", "#8fa77a", "swamp"), ("hill", "Hill", "#d8bf86", "hill"),
    ("mountain", "Mountain", "#a8978a", "mountain"), ("fortress", "Fortress", "#c9c3b8", "fortress"),
    ("lake", "Lake", "#7fb6d8", "wave"), ("crater", "Crater", "#6b2e1f", None), ("harbour", "Harbour", "#9fc7e3", "anchor"),
    ("totenkiste", "Totenkiste", "#e9e2d2", None), ("storm", "Storm card", "#e9e2d2", None),
]
SEA = "#b9d6ea"


def write(land, crater, terrain, numbers, harbours, markers, rivers) -> None:
    path = Path(__file__).resolve().parent.parent / "content" / "pirate-island" / "map.yaml"
    ids = {h: label(h).lower() for h in list(land) + list(crater)}
    hb_of = {hb: i + 1 for i, (hb, _) in enumerate(harbours)}
    lp_of = {lp: i + 1 for i, (_, lp) in enumerate(harbours)}
    out = [HEADER]
    out += [f"      - {{id: {k}, name: {{en: {n}}}, fill: \"{f}\"" + (f", icon: {i}}}" if i else "}")
            for k, n, f, i in KINDS]
    out.append("    # the sea round the island, drawn behind the fields")
    out.append(f"    regions:\n      - {{id: sea, name: {{en: Sea}}, x: 4, y: 4, w: 422, h: 418, shape: ellipse, "
               f"fill: \"{SEA}\"}}")
    out.append("    zones:")
    out += [f"      - {{id: sector-{i}, name: {{en: Sector {i}}}, number: {i}}}" for i in range(1, 7)]
    out.append("    spaces:")
    out.append("      # off the map: the Totenkiste (pirate flag, top left) and the place of the storm card (top")
    out.append("      # right), below the board's name (companion print keeps every space clear of it), both tall")
    out.append("      # enough for their names on a phone")
    out.append("      - {id: totenkiste, kind: totenkiste, off_board: true, icon: jolly-roger, rect: [12, 20, 70, 48],")
    out.append("         text: {en: Killed pirates come here.}}")
    out.append("      - {id: storm, kind: storm, off_board: true, icon: storm, rect: [352, 20, 70, 48],")
    out.append("         text: {en: \"Lay the storm card here while a storm blows (double 5).\"}}")
    for r in range(-RADIUS - 2, RADIUS + 3):
        row = sorted((h for h in list(ids) + list(hb_of) if h[1] == r), key=lambda h: h[0])
        if not row:
            continue
        out.append(f"      # row {label(row[0])[0]}")
        for h in row:
            at = f"hex: [{h[0]}, {h[1]}]"
            if h in crater:
                icon = ", icon: volcano" if h == (0, 0) else ""
                item = f"{{id: {ids[h]}, kind: crater{icon}, {at}}}"
            elif h in hb_of:
                i = hb_of[h]
                item = f"{{id: harbour-{i}, kind: harbour, number: {i}, icon: anchor, {at}}}"
            else:
                extra = f", number: {numbers[h]}" if h in numbers else ""
                if h in lp_of:
                    extra += f", icon: {markers[h]}"
                name = "" if terrain[h] == "lake" else f"name: {{en: {label(h)}}}, "
                item = f"{{id: {ids[h]}, {name}kind: {terrain[h]}, zone: sector-{sector(h)}{extra}, {at}}}"
            out.append(f"      - {item}")
    out.append("    # each harbour and its landing place: only there do pirates go ashore or aboard")
    out.append("    links:")
    for i, (hb, lp) in enumerate(harbours):
        out.append(f"      - {{between: [harbour-{i + 1}, {ids[lp]}], kind: landing}}")
    out.append("    # rivers run along the sides between two fields: crossing one costs +1 BP")
    out.append("    edges:")
    for k, river in enumerate(rivers):
        out.append(f"      # river {k + 1}")
        for a, b in river:
            out.append(f"      - {{between: [{ids[a]}, {ids[b]}], features: [river]}}")
    path.write_text("\n".join(out) + "\n")
    print(len(land), "land hexes;", sum(1 for t in terrain.values() if t == "lake"), "lake")
    from collections import Counter
    print(Counter(terrain.values()))
    _ascii(land, crater, terrain, numbers, harbours)


HEADER = """# The Pirate Island map (authored: the rulebook only says what a board must have).
# Written once by tools/pirate_island_map.py and kept as data; docs/games/pirate-island.md explains it.
# A pointy-top hex map. `hex` is the axial (q, r) coordinate; a field's id is its printed row
# letter and column number (row A at the top). zone: the sector (1-6, clockwise from the north).
# number: the chest fields sector*10 + 1..6 (1-2 next to the crater, 3-4 one field away, 5-6 two
# away) and the harbours 1-10. The landing place of each harbour is linked to it and marked by a
# skull or a fortress (icon). Rings around the crater, coastal and unnumbered fields are derived.
# A field's name is its printed id; its kind (terrain) is shown by colour and icon.
boards:
  - id: island
    name: {en: Pirate Island}
    source: authored
    layout: {grid: hex, orient: pointy, size_mm: 13.5}
    connected: [plain, swamp, hill, mountain, fortress]
    kinds:"""


def _ascii(land, crater, terrain, numbers, harbours):
    code = {"plain": ".", "swamp": "~", "hill": "n", "mountain": "M", "fortress": "F", "lake": "o"}
    hb = {h: i + 1 for i, (h, _) in enumerate(harbours)}
    for r in range(-RADIUS - 2, RADIUS + 3):
        s = " " * ((r + RADIUS + 2) % 2) * 1
        line = ""
        for q in range(-14, 16):
            h = (q, r)
            col = 2 * q + r
            pass
        cells = {}
        for q in range(-20, 20):
            h = (q, r)
            x = 2 * q + r
            if h in crater:
                c = "VV"
            elif h in numbers:
                c = str(numbers[h])
            elif h in land:
                c = code[terrain[h]] * 2
                if any(h == lp for _, lp in harbours):
                    c = "LF" if terrain[h] == "fortress" else "LS"
            elif h in hb:
                c = f"H{hb[h] % 10}"
            else:
                continue
            cells[x] = c
        line = ""
        for x in range(-24, 26):
            line += cells.get(x, "  ")
        print(line.rstrip())


if __name__ == "__main__":
    main()
