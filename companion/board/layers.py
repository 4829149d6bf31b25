"""Where exact-length walks can be after each step, for every first step at once: the table a
roll-and-move game asks at every move (Pirateology: exactly N steps, 2N when the first step goes
with the wind, stopping early for a purpose).

`walks` (walks.py) finds one path per end for one length; a game that needs the ends of every
length from 1 to 24 at every move needs them faster. Here the state of a walk is the directed
edge it last crossed, so "never straight back" is a rule between edges, and a step of every walk
at once is one numpy gather over the edge table: a whole table (24 steps, four first steps) costs
about a millisecond, where walking the states one by one in Python takes tens."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

import numpy as np

from .graph import Allow, Graph

#: "no_backtrack": never straight back to the space just left; "any": every walk
LayerRevisit = Literal["no_backtrack", "any"]


@dataclass(frozen=True)
class _Edges:
    ids: tuple[str, ...]              # space ids by index
    tail: np.ndarray                  # directed edge -> index of the space it leaves
    head: np.ndarray                  # directed edge -> index of the space it enters
    src: np.ndarray                   # edge pairs (src -> dst): a walk on src may go on over dst
    dst: np.ndarray
    out: dict[str, tuple[int, ...]]   # space id -> its outgoing edges


@lru_cache(maxsize=32)
def _edges(g: Graph, allow: Allow | None, revisit: LayerRevisit) -> _Edges:
    ids = tuple(g.spaces)
    index = {sid: i for i, sid in enumerate(ids)}
    tail: list[int] = []
    head: list[int] = []
    out: dict[str, list[int]] = {sid: [] for sid in ids}
    for a in ids:
        for b in g.neighbours(a):
            if allow is None or allow(b):
                out[a].append(len(tail))
                tail.append(index[a])
                head.append(index[b])
    src: list[int] = []
    dst: list[int] = []
    for e, (a, b) in enumerate(zip(tail, head)):
        for f in out[ids[b]]:
            if revisit == "any" or head[f] != a:
                src.append(e)
                dst.append(f)
    return _Edges(ids, np.array(tail, dtype=np.intp), np.array(head, dtype=np.intp), np.array(src, dtype=np.intp),
                  np.array(dst, dtype=np.intp), {k: tuple(v) for k, v in out.items()})


def walk_layers(g: Graph, start: str, steps: int, allow: Allow | None = None,
                revisit: LayerRevisit = "no_backtrack") -> dict[str, tuple[frozenset[str], ...]]:
    """For each allowed first step `first` from start: layers[k - 1] = the spaces a walk that
    starts start -> first can be on after exactly k steps (k = 1..steps), every space after the
    start allowed. The start itself need not be allowed. `allow` is cached by identity: pass the
    same function for the same rule."""
    if steps < 1:
        return {}
    t = _edges(g, allow, revisit)
    ids = t.ids
    out: dict[str, tuple[frozenset[str], ...]] = {}
    for e in t.out[start]:
        cur = np.zeros(len(t.tail), dtype=bool)
        cur[e] = True
        layers = [frozenset((ids[t.head[e]],))]
        for _ in range(steps - 1):
            nxt = np.zeros(len(t.tail), dtype=bool)
            nxt[t.dst[cur[t.src]]] = True
            cur = nxt
            layers.append(frozenset(ids[i] for i in np.unique(t.head[cur])))
        out[ids[t.head[e]]] = tuple(layers)
    return out


def ends(layers: dict[str, tuple[frozenset[str], ...]], length: Callable[[str], int],
         may_stop: Allow | None = None) -> dict[str, int]:
    """The spaces where a walk ends, given how many steps it takes for each first step
    (`length(first)`, e.g. doubled with the wind): space -> the fewest steps of a walk ending there."""
    found: dict[str, int] = {}
    for first, table in layers.items():
        n = length(first)
        if 1 <= n <= len(table):
            for sid in table[n - 1]:
                if (may_stop is None or may_stop(sid)) and found.get(sid, n + 1) > n:
                    found[sid] = n
    return found


def first_reached(layers: dict[str, tuple[frozenset[str], ...]],
                  may_stop: Allow | None = None) -> dict[str, dict[str, int]]:
    """For each first step: space -> the fewest steps after which a walk starting that way is on
    it (only spaces `may_stop` accepts). Computed once per start, it answers `passed` quickly."""
    out: dict[str, dict[str, int]] = {}
    for first, table in layers.items():
        seen: dict[str, int] = {}
        for k, layer in enumerate(table, start=1):
            for sid in layer:
                if sid not in seen and (may_stop is None or may_stop(sid)):
                    seen[sid] = k
        out[first] = seen
    return out


def passed(reached: dict[str, dict[str, int]], length: Callable[[str], int]) -> dict[str, int]:
    """The spaces a walk can stop on before its last step (dropping anchor early), from
    `first_reached`: space -> the fewest steps to it, over walks shorter than their full length."""
    found: dict[str, int] = {}
    for first, seen in reached.items():
        n = length(first)
        for sid, k in seen.items():
            if k < n and found.get(sid, n) > k:
                found[sid] = k
    return found
