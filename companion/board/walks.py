"""Exact-length walks: a roll of N moves a piece exactly N spaces (Pirateology), doubled when
the first step goes with the wind; some spaces may be crossed but not landed on (islands).

Two readings of "N spaces": `revisit="never"` (no space twice in one move: a depth-first
search over simple paths) and `revisit="no_backtrack"` (never straight back to the space just
left: a table over (space, previous space, steps left), linear in N). The game's rulings say
which one it plays."""
from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from .graph import Allow, Graph
from .paths import Path

Revisit = Literal["never", "no_backtrack", "any"]


def walks(g: Graph, start: str, steps: int, allow: Allow | None = None, may_stop: Allow | None = None,
          revisit: Revisit = "never", first: str | None = None) -> dict[str, Path]:
    """The spaces a piece at start can end on after exactly `steps` steps, each with one walk
    there (the first found in map order). Intermediate spaces must be allowed; the end must
    be allowed and accepted by `may_stop`. `first` fixes the first step."""
    if steps < 0:
        return {}
    ok = (lambda s: True) if allow is None else allow
    stop = (lambda s: True) if may_stop is None else may_stop
    found: dict[str, Path] = {}

    def done(way: list[str]) -> None:
        end = way[-1]
        if end not in found and ok(end) and stop(end):
            found[end] = Path(tuple(way), (1.0,) * (len(way) - 1))

    if steps == 0:
        done([start])
        return found
    starts = [first] if first is not None else list(g.neighbours(start))
    if revisit == "never":
        def go(way: list[str], seen: set[str]) -> None:
            if len(way) - 1 == steps:
                done(way)
                return
            for n in g.neighbours(way[-1]):
                if n not in seen and ok(n):
                    seen.add(n)
                    way.append(n)
                    go(way, seen)
                    way.pop()
                    seen.discard(n)

        for s in starts:
            if g.adjacent(start, s) and ok(s):
                go([start, s], {start, s})
        return dict(sorted(found.items(), key=lambda kv: list(g.spaces).index(kv[0])))
    # layered table: state (space, previous) -> one way to it, one layer per step
    layer: dict[tuple[str, str | None], list[str]] = {}
    for s in starts:
        if g.adjacent(start, s) and ok(s):
            layer.setdefault((s, start), [start, s])
    for _ in range(steps - 1):
        nxt: dict[tuple[str, str | None], list[str]] = {}
        for (here, prev), way in layer.items():
            for n in g.neighbours(here):
                if not ok(n) or (revisit == "no_backtrack" and n == prev):
                    continue
                nxt.setdefault((n, here if revisit == "no_backtrack" else None), way + [n])
        layer = nxt
    for (_, _), way in layer.items():
        done(way)
    return dict(sorted(found.items(), key=lambda kv: list(g.spaces).index(kv[0])))


def with_wind(g: Graph, wind: float, spread: float = 45.0) -> Callable[[str, str], bool]:
    """A step a -> b goes with a wind blowing towards bearing `wind` (degrees, 0 = north/up)
    when its bearing is within `spread` degrees of it (the table's cut-off between directions)."""
    def check(a: str, b: str) -> bool:
        diff = abs((g.bearing(a, b) - wind + 180) % 360 - 180)
        return diff <= spread + 1e-9
    return check


def wind_walks(g: Graph, start: str, steps: int, goes_with_wind: Callable[[str, str], bool],
               allow: Allow | None = None, may_stop: Allow | None = None,
               revisit: Revisit = "never") -> dict[str, Path]:
    """Exact walks of `steps` steps, or of 2 x steps when the first step goes with the wind
    (the rest of the move may turn). Where both lengths reach a space, the shorter walk is kept."""
    out: dict[str, Path] = {}
    ok = (lambda s: True) if allow is None else allow
    for first in g.neighbours(start):
        if not ok(first):
            continue
        n = steps * 2 if goes_with_wind(start, first) else steps
        for end, path in walks(g, start, n, allow, may_stop, revisit, first=first).items():
            if end not in out or len(path) < len(out[end]):
                out[end] = path
    return dict(sorted(out.items(), key=lambda kv: list(g.spaces).index(kv[0])))
