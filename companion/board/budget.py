"""Hot loops of movement rules on precomputed adjacency: cheapest costs within a budget, and
flights that go farther from a place with every step.

`paths.reachable` and `paths.retreats` build networkx views, Path objects and every way, which
is right for one question from a person (the app's route) but too slow for a rules engine that
asks at every decision of a simulated game. These work on an adjacency a game builds from its
Graph once: space -> ((next space, base cost, surcharge), ...), with the cost model of
`paths.Costs` (base times a factor, plus the surcharge, e.g. a river's +1 that a carrier does
not pay double). Measured on the Pirate Island map (a 7-point search from a chest field, 46
fields reached): about 60 microseconds against about 950 through `paths.reachable`; a
five-field flight: about 50 microseconds against 11 ms through `paths.retreats`.
"""
from __future__ import annotations

import heapq
from collections.abc import Callable, Collection, Mapping, Sequence

#: space -> its steps: (next space, base cost, surcharge)
Adjacency = Mapping[str, Sequence[tuple[str, float, float]]]


def cheapest_costs(start: str, budget: float, adjacency: Adjacency, factor: float = 1,
                   blocked: Collection[str] = (), stops: Collection[str] = ()) -> dict[str, tuple[float, str | None]]:
    """Every space reachable from `start` for at most `budget`: its cheapest cost and the space
    it is entered from on one cheapest way (start: cost 0, no predecessor). `blocked` spaces are
    never entered; `stops` may be entered but not left (a chest that stops a pirate)."""
    best: dict[str, tuple[float, str | None]] = {start: (0, None)}
    heap: list[tuple[float, str]] = [(0, start)]
    done: set[str] = set()
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        cost, here = pop(heap)
        if here in done:
            continue
        done.add(here)
        if here in stops and here != start:
            continue
        for nxt, base, extra in adjacency[here]:
            if nxt in done or nxt in blocked:
                continue
            total = cost + base * factor + extra
            if total <= budget:
                old = best.get(nxt)
                if old is None or total < old[0]:
                    best[nxt] = (total, here)
                    push(heap, (total, nxt))
    return best


def cheapest_by_cost(start: str, budget: int, adjacency: Adjacency, factor: int = 1,
                     blocked: Collection[str] = (), stops: Collection[str] = ()
                     ) -> tuple[dict[str, tuple[int, str | None]], list[tuple[int, str]]]:
    """`cheapest_costs` for whole-number costs and a small budget (a bucket per cost instead of a
    heap: about twice as fast), and with it every space reached as (cost, space), cheapest first
    (spaces of one cost in the order they were reached), so a smaller budget is a prefix."""
    best: dict[str, tuple[int, str | None]] = {start: (0, None)}
    buckets: list[list[str]] = [[] for _ in range(budget + 1)]
    buckets[0].append(start)
    ranked: list[tuple[int, str]] = []
    for cost, bucket in enumerate(buckets):
        for here in bucket:
            if best[here][0] != cost:
                continue  # reached more cheaply since it was put here
            ranked.append((cost, here))
            if here in stops and here != start:
                continue
            for nxt, base, extra in adjacency[here]:
                total = cost + base * factor + extra
                if total > budget or nxt in blocked:
                    continue
                old = best.get(nxt)
                if old is None or total < old[0]:
                    best[nxt] = (total, here)
                    buckets[total].append(nxt)
    return best, ranked


def route(found: Mapping[str, tuple[float, str | None]], end: str) -> list[str]:
    """The way from the search's start to `end` (both included), from `cheapest_costs`' answer."""
    if end not in found:
        raise KeyError(f"{end!r} was not reached")
    way = [end]
    prev = found[end][1]
    while prev is not None:
        way.append(prev)
        prev = found[prev][1]
    return way[::-1]


def farther_ends(start: str, steps: int, neighbours: Mapping[str, Collection[str]],
                 distance: Callable[[str], int], allow: Callable[[str], bool],
                 may_stop: Callable[[str], bool]) -> tuple[int, list[str]]:
    """Where a piece can be moved from `start` when every step must end one step farther from
    it (`distance(space)` counts steps from start): the ends of the longest such way of at most
    `steps` steps that may stop there, as (steps taken, sorted ends); (0, []) if none. Ways pass
    only `allow`ed spaces (a fleeing pirate may pass its own band, not stop on it)."""
    layer = {start}
    best: tuple[int, list[str]] = (0, [])
    for k in range(1, steps + 1):
        layer = {n for here in layer for n in neighbours[here] if allow(n) and distance(n) == k}
        if not layer:
            break
        ends = sorted(n for n in layer if may_stop(n))
        if ends:
            best = (k, ends)
    return best
