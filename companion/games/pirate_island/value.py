"""Each seat's chance to win Pirate Island from a position (companion/engine/value.py), for the
expert's search.

The game is a race: find the treasure, carry it to a landing place of one's own ship, load it.
Where the treasure is, is a spread over fields: the field of the chest known to hold it, else each
unopened chest alike (the rules draw it at the first look). Features, one row a seat, each an
expectation over that spread (distances in turns of 7 BP, a roll's worth and a pirate's cap):
- `fetch`: turns until a pirate of the seat stands on the treasure (the nearest one's walk, going
  ashore first for 6 BP; a ship still at sea waits for 7 or more first), 0 for the holder;
- `home`: turns to carry it to a landing place of the seat's ship (double terrain costs, or
  sailing the ship nearer first) and to roll for loading it (9 BP, 8 at a fortress);
- `holds`: a pirate of the seat stands on the treasure's field;
- `ready`, `load`: it holds it on a landing place of its own ship; the chance a turn's roll loads
  it there now (none with an enemy beside it: 12. Loading);
- `besieged`, `support`, `coming`: the holder's enemies beside it, its own pirates beside it,
  enemies a turn's walk (8 BP) away;
- `strike`, `guard`, `swarm`: for the other seats, the chance their pirates beside the holder beat
  it in one attack (7. Combat), how many stand beside it, how many a turn's walk away;
- `force`: the seat's pirates within 9 BP of the treasure (a crew aboard counts when its landing
  place is);
- `knows`: the seat looked into the treasure's chest (or sees it carried);
- `ashore`, `alive`: its pirates on the island, and out of the Totenkiste (the siege kills);
- `at_sea`: its ship has not entered a harbour yet;
- `mover`: the seat whose turn it is.

WEIGHTS were fitted by `python tools/fit_values.py pirate-island --games 1500 --every 4`.
"""
from __future__ import annotations

import heapq
from functools import lru_cache
from typing import Any

from .data import shared
from .island import PIRATES_PER_BAND, SHIP_PREFIX, TOTENKISTE

FEATURES: tuple[str, ...] = ("fetch", "home", "holds", "ready", "load", "besieged", "support", "coming", "strike",
                             "guard", "swarm", "force", "knows", "ashore", "alive", "at_sea", "mover")

WEIGHTS: tuple[float, ...] = (-0.06584, -0.1291, 0.2663, 0.03993, 1.298, -0.1203, 0.1958, -0.08958, -0.1945,
                              0.003103, -0.04157, 0.07085, 0.1311, -0.05234, 0.5013, -0.247, 0.01847)

#: BP a turn is worth (a roll of two dice; a pirate's cap is 7, a carrier's 9)
TURN_BP = 7.0
#: what a seat with no way (ship at sea, no pirate left) counts, in turns
FAR = 12.0
#: BP within which an enemy pirate comes beside the treasure's holder on its next turn
REACH = 8
#: BP within which a seat's pirate counts in the fight for the treasure (a turn's walk and a step)
FORCE = 9
#: total -> the chance two dice show it or more
_TWO_DICE = [sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= k) / 36 for k in range(14)]

#: the odds a chest others looked into holds the treasure, against an unopened one's, once every
#: seat that looked has left its field: who finds the treasure mostly stands by it or carries it
#: off (11. Discovering the Treasure allows leaving it to mislead, so not never)
LEFT = 0.2

_TABLES: dict[str, Any] = {}


def _costs(factor: int) -> dict[str, dict[str, int]]:
    """BP from every field to every field on the empty island (terrain times `factor`, rivers added)."""
    isl = shared().island
    out: dict[str, dict[str, int]] = {}
    for start in isl.fields:
        best = {start: 0}
        todo = [(0, start)]
        while todo:
            c, f = heapq.heappop(todo)
            if c > best[f]:
                continue
            for n, base, river in isl.steps[f]:
                nc = c + base * factor + river
                if nc < best.get(n, 1 << 30):
                    best[n] = nc
                    heapq.heappush(todo, (nc, n))
        out[start] = best
    return out


def _tables() -> dict[str, Any]:
    """The static tables, made once: walking and carrying costs, and each field's carry home in
    turns from each landing place (with the wait for a loading roll)."""
    if not _TABLES:
        data = shared()
        isl, rules = data.island, data.rules
        walk, carry = _costs(1), _costs(rules.movement.carrier_factor)
        wait = {}
        for h in isl.harbours:
            lp = isl.landing[h]
            cost = rules.loading.fortress if isl.kind[lp] == "fortress" else rules.loading.landing
            wait[lp] = 1.0 / _loads(cost)
        # field -> landing place -> turns to carry the treasure there and load it
        home = {f: {lp: carry[f][lp] / TURN_BP + w for lp, w in wait.items()} for f in isl.fields}
        # ... to the best landing place of any harbour, after sailing the ship there (a turn)
        sail = {f: 1.0 + min(t.values()) for f, t in home.items()}
        combat = rules.combat
        defence = {f: combat.defence.get(isl.kind[f], 0) for f in isl.fields}
        load_cost = {lp: rules.loading.fortress if isl.kind[lp] == "fortress" else rules.loading.landing
                     for lp in wait}
        _TABLES.update(bonus=dict(combat.bonus), flees=combat.flees, defence=defence, load_cost=load_cost)
        # field -> where a pirate walks from -> BP (walking costs read backwards: per treasure field)
        into = {f: {a: walk[a][f] for a in isl.fields} for f in isl.fields}
        _TABLES.update(into=into, harbours=isl.harbours, home=home, sail=sail, embark=rules.movement.embark,
                       fields=isl.fieldset, landing=isl.landing, near=isl.near, number=isl.number)
    return _TABLES


def walk_costs() -> dict[str, dict[str, int]]:
    """field -> where a pirate walks from -> BP on the empty island (rivers added)."""
    return _tables()["into"]


def _spread(state: Any, fields: frozenset[str]) -> list[tuple[str, float]]:
    """Where the treasure may be: (field, chance) for the chest known to hold it, else each
    unopened chest alike (none once it is aboard)."""
    contents = state.contents
    for i, inside in enumerate(contents):
        if inside == "treasure":
            f = state.chests[i]
            return [(f, 1.0)] if f in fields else []
    unopened = [i for i, inside in enumerate(contents) if not inside]
    if not unopened:
        return []
    p = 1.0 / len(unopened)
    return [(state.chests[i], p) for i in unopened]


def chest_odds(state: Any, seat: int) -> dict[int, float]:
    """chest -> the odds it holds the treasure, as `seat` can tell from what the table saw (a
    determinisation draws by them): each chest it has not looked into, unopened ones alike, one
    that others looked into and all of them walked away from `LEFT` as much. Only for a seat that
    does not know where the treasure is."""
    seat_of = _seat_of(tuple(state.colours))
    standing = {loc: seat_of[p] for p, loc in state.pirates.items()}
    odds: dict[int, float] = {}
    for i, (fld, inside) in enumerate(zip(state.chests, state.contents)):
        if seat in state.seen[i]:
            continue
        odds[i] = 1.0 if not inside or standing.get(fld) in state.seen[i] else LEFT
    return odds


def features(state: Any) -> list[list[float]]:
    """One row a seat (FEATURES): what it has towards carrying the treasure aboard."""
    t = _tables()
    into, home_t, sail_t, embark = t["into"], t["home"], t["sail"], t["embark"]
    fields, landing, near, number = t["fields"], t["landing"], t["near"], t["number"]
    bonus, flees, defence, load_cost = t["bonus"], t["flees"], t["defence"], t["load_cost"]
    n = len(state.players)
    seat_of = _seat_of(tuple(state.colours))
    # each seat's pirates on the island, the landing places its crews go ashore from, counts
    ashore: list[list[str]] = [[] for _ in range(n)]
    starts: list[set[str]] = [set() for _ in range(n)]
    alive = [0] * n
    crews = [0] * n
    occupant: dict[str, int] = {}
    ships = state.ships
    for p, loc in state.pirates.items():
        if loc == TOTENKISTE:
            continue
        seat = seat_of[p]
        alive[seat] += 1
        if loc in fields:
            ashore[seat].append(loc)
            occupant[loc] = seat
        elif loc.startswith(SHIP_PREFIX):
            h = ships.get(loc[len(SHIP_PREFIX):])
            if h:
                starts[seat].add(landing[h])
                crews[seat] += 1
    homes: list[list[str]] = [[] for _ in range(n)]
    for c, h in ships.items():
        if h:
            homes[state.owner[c]].append(landing[h])
    # a ship still at sea enters a free harbour on 7 or more: its band starts from any free one, later
    late = [0.0] * n
    taken = set(ships.values())
    free = [landing[h] for h in t["harbours"] if h not in taken]
    for seat in range(n):
        if not homes[seat] and ships[state.colours[seat]] is None:
            homes[seat] = free
            starts[seat].update(free)
            late[seat] = 1.0 / _at_least(shared().rules.start.enter_harbour)  # (turns a ship at sea waits to enter)
    rows = [[0.0] * len(FEATURES) for _ in range(n)]
    for f, p in _spread(state, fields):
        to_f = into[f]
        holder = occupant.get(f)
        around = [occupant[x] for x in near[f] if x in occupant]
        for seat in range(n):
            row = rows[seat]
            mine = holder == seat
            walks = [to_f[a] for a in ashore[seat]]
            lands = [embark + to_f[lp] for lp in starts[seat]]
            # fetching: the nearest pirate walks there (from aboard: ashore first)
            if mine:
                go = 0.0
            else:
                bp = min(walks + lands, default=99)
                go = bp / TURN_BP + 1.0 + late[seat] if bp < 99 else FAR
            # carrying home: to a landing place of its own ship, or sailing one nearer first
            back = min((home_t[f][lp] for lp in homes[seat]), default=FAR)
            back = min(back, sail_t[f]) if homes[seat] else back
            row[0] += p * go
            row[1] += p * back
            row[11] += p * (sum(1 for w in walks if w <= FORCE) + (crews[seat] if lands and min(lands) <= FORCE else 0))
            if holder is None:
                continue
            if mine:
                enemies = sum(1 for o in around if o != seat)
                row[2] += p
                row[5] += p * enemies
                row[6] += p * (len(around) - enemies)
                row[7] += p * sum(1 for o in range(n) if o != seat for a in ashore[o]
                                  if to_f[a] <= REACH and a not in near[f])
                if f in homes[seat]:
                    row[3] += p
                    if not enemies:
                        row[4] += p * _loads(load_cost[f])
            else:
                # a successful attack (it flees or dies) by the seat's pirates beside the holder
                mine_around = sum(1 for o in around if o == seat)
                row[9] += p * mine_around
                row[10] += p * sum(1 for a in ashore[seat] if to_f[a] <= REACH and a not in near[f])
                if mine_around:
                    row[8] += p * _at_least(flees - bonus[min(mine_around, 6)] + defence[f])
    known = next((i for i, inside in enumerate(state.contents) if inside == "treasure"), None)
    carried = known is not None and (number.get(state.chests[known]) or 0) // 10 != known + 1
    mover = state.seat
    for seat, row in enumerate(rows):
        row[12] = float(known is not None and (carried or seat in state.seen[known]))
        row[13] = float(len(ashore[seat]))
        row[14] = float(alive[seat])
        row[15] = float(late[seat] > 0)
        row[16] = float(mover == seat)
    return rows


@lru_cache(maxsize=16)
def _seat_of(colours: tuple[str, ...]) -> dict[str, int]:
    """pirate -> the seat of its band, for the colours of a game (shared: do not change it)."""
    return {f"{c}-{k}": i for i, c in enumerate(colours) for k in range(1, PIRATES_PER_BAND + 1)}


def _loads(need: int) -> float:
    """The chance a turn's roll loads the treasure: `need` or more (rules.yaml `loading`) and no doubles."""
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a != b and a + b >= need) / 36


def _at_least(total: int) -> float:
    """The chance two dice show `total` or more."""
    return _TWO_DICE[max(0, min(total, 13))]
