"""Movement searches over a fixed board as table look-ups: the cheapest cost from a start to every
space within a cap, worked out once per (start, factor, cap) on the empty board and then only
repaired for the pieces standing in the way.

A rules engine asks "where can this piece go with at most N points" at every decision, and the
answer changes only where a blocker stands: a space keeps its empty-board cost when one of its
cheapest ways (the empty board's shortest-path graph, kept with the table) avoids every blocker,
which one pass over the table in cost order tells; only the spaces that lost every cheapest way
are searched again, from the spaces around them. Sets of spaces are ints (bit i: the i-th space of
the adjacency), so a position's blockers meet a table's region in one operation, and an answer is
kept for as long as the blockers inside its region stay put.

The cost model is `budget.cheapest_by_cost`'s: whole-number base costs times a factor plus a
surcharge; `blocked` spaces are never entered, `stops` are entered but not left (the start may
always be left). What it saves a rules engine is searches, not time per search: an answer on the
empty board is a look-up, one answer serves every piece on the same start (a band's pirates aboard
one ship), is kept at the full cap (a smaller budget is a prefix), and is made again only when a
blocker inside its region moved. A repair costs about what one search costs (measured on the
Pirate Island map with 18 blockers strewn at random: 70-120 microseconds either way).
"""
from __future__ import annotations

import heapq
from bisect import bisect_right
from collections.abc import Iterable, Iterator
from typing import Any

from .budget import Adjacency, cheapest_costs


class Reached:
    """The answer of one search: the spaces reached with their cheapest costs, cheapest first (the
    start first, at 0; spaces of one cost in board order), so a smaller budget is a prefix; one
    cheapest way to each (`route`). Answers are shared between callers: never change one."""

    __slots__ = ("start", "costs", "ends", "_go_on", "_dearer", "_table", "_cost", "_prefix", "memo")

    def __init__(self, table: "_Table", costs: list[int], ends: list[str], go_on: int,
                 dearer: dict[str, tuple[int, str]]):
        self.start = table.start
        self.costs = costs
        self.ends = ends
        #: the spaces reached at their empty-board cost that a way may go on from (a bit mask)
        self._go_on = go_on
        #: space -> (cost, the space it is entered from) for the spaces the blockers made dearer
        self._dearer = dearer
        self._table = table
        self._cost: dict[str, int] | None = None
        self._prefix: list[int] | None = None
        #: what callers derive from this answer and keep with it (a game's moves to its ends)
        self.memo: dict[Any, Any] = {}

    def __len__(self) -> int:
        return len(self.ends)

    def cost(self, space: str) -> int | None:
        """The cheapest cost to `space`, None if it was not reached."""
        if self._cost is None:
            self._cost = dict(zip(self.ends, self.costs))
        return self._cost.get(space)

    def upto(self, budget: int) -> Iterator[tuple[int, str]]:
        """(cost, space) of every space reached with at most `budget` points, cheapest first."""
        return zip(self.costs[:bisect_right(self.costs, budget)], self.ends)

    def count(self, budget: int) -> int:
        """How many spaces (the start included) are reached with at most `budget` points."""
        return bisect_right(self.costs, budget)

    def first(self, k: int) -> int:
        """The first `k` spaces reached (`ends[:k]`) as a bit mask: with `count`, how many of the
        spaces within a budget are free is a count of bits, no walk over them."""
        prefix = self._prefix
        if prefix is None:
            bits = self._table.owner.bits
            prefix = [0]
            m = 0
            for s in self.ends:
                m |= bits[s]
                prefix.append(m)
            self._prefix = prefix
        return prefix[k]

    def route(self, end: str) -> list[str]:
        """One cheapest way from the start to `end`, both included (KeyError if not reached)."""
        if self.cost(end) is None:
            raise KeyError(f"{end!r} was not reached")
        t = self._table
        bits, go_on, dearer = t.owner.bits, self._go_on, self._dearer
        way = [end]
        here = end
        while here != t.start:
            got = dearer.get(here)
            here = got[1] if got is not None else next(p for p in t.preds[here] if bits[p] & go_on)
            way.append(here)
        return way[::-1]


_NONE: dict[str, tuple[int, str]] = {}


class _Table:
    """One (start, factor, cap) on the empty board: the costs, the shortest-path graph, the region."""

    __slots__ = ("owner", "start", "cap", "factor", "d0", "preds", "pred_mask", "below", "region", "start_bit",
                 "base", "keys", "bits", "hops")

    def __init__(self, owner: "ReachTable", start: str, factor: int, cap: int):
        self.owner, self.start, self.cap, self.factor = owner, start, cap, factor
        bits, index, into = owner.bits, owner.index, owner.into[factor]
        d0 = {s: int(c) for s, (c, _) in cheapest_costs(start, cap, owner.adjacency, factor).items()}
        self.d0 = d0
        ranked = [(0, start)] + sorted(((c, s) for s, c in d0.items() if s != start), key=lambda cs: (cs[0], index[cs[1]]))
        preds: dict[str, tuple[str, ...]] = {}
        hops = {start: 0}  # the fewest steps of a cheapest way: routes go over as few spaces as they can
        for c, s in ranked[1:]:
            ps = sorted((p for p, w in into[s] if d0.get(p, cap + 1) + w == c), key=lambda p: (hops[p], index[p]))
            preds[s] = tuple(ps)
            hops[s] = hops[ps[0]] + 1
        self.preds = preds
        self.hops = hops
        #: space -> the bits of the spaces it is entered from on a cheapest way
        self.pred_mask = {s: owner.mask(ps) for s, ps in preds.items()}
        # space -> itself and every space that has a cheapest way through it (the only spaces a
        # blocker there can change)
        below = {s: bits[s] for _, s in ranked}
        for _, s in reversed(ranked[1:]):
            for p in preds[s]:
                below[p] |= below[s]
        self.below = below
        self.start_bit = bits[start]
        #: the spaces this search reaches on the empty board: blockers elsewhere change nothing
        self.region = owner.mask(d0)
        #: the answer's order: cost, then board order
        self.keys = [c * _SPAN + index[s] for c, s in ranked]
        self.bits = [bits[s] for _, s in ranked]
        self.base = Reached(self, [c for c, _ in ranked], [s for _, s in ranked], self.region, _NONE)

    def repaired(self, blocked: int, stops: int) -> Reached:
        """The answer with `blocked` spaces never entered and `stops` never left (bit masks of
        spaces in the region, the start not among the stops)."""
        owner, below = self.owner, self.below
        space_of = owner.space_of
        touched = 0  # the spaces some of whose cheapest ways pass a blocker or a stop
        m = blocked
        while m:
            low = m & -m
            touched |= below[space_of[low]]
            m ^= low
        m = stops
        while m:
            low = m & -m
            touched |= below[space_of[low]] ^ low
            m ^= low
        base = self.base
        keep = [i for i, bit in enumerate(self.bits) if not bit & touched]
        costs = [base.costs[i] for i in keep]
        ends = [base.ends[i] for i in keep]
        keys = [self.keys[i] for i in keep]
        # the touched spaces, cheapest first: each keeps its cost when it is entered on a cheapest
        # way from a space that kept its cost and may be left
        go_on = (self.region & ~touched & ~stops) | self.start_bit
        shadow = []
        d0, pred_mask, index = self.d0, self.pred_mask, owner.index
        for i, bit in enumerate(self.bits):
            if not bit & touched or bit & blocked:
                continue
            s = base.ends[i]
            if pred_mask[s] & go_on:
                if not bit & stops:
                    go_on |= bit
                _insert(keys, costs, ends, self.keys[i], d0[s], s)
            else:
                shadow.append(s)
        dearer = self._shadow(shadow, go_on, stops) if shadow else _NONE
        for s, (c, _) in dearer.items():
            _insert(keys, costs, ends, c * _SPAN + index[s], c, s)
        return Reached(self, costs, ends, go_on, dearer)

    def _shadow(self, shadow: list[str], go_on: int, stops: int) -> dict[str, tuple[int, str]]:
        """The spaces that lost every cheapest way: each dearer now or out of reach. A search over
        them alone, started from the spaces around them that kept their cost (no other space can
        get cheaper, and a way within the cap never leaves the region)."""
        bits, d0, cap = self.owner.bits, self.d0, self.cap
        into, outs = self.owner.into[self.factor], self.owner.outs[self.factor]
        hops, index = self.hops, self.owner.index
        left = set(shadow)
        heap: list[tuple[int, int, int, str, str]] = []  # (cost, steps, board order, space, entered from)
        for s in shadow:
            for p, w in into[s]:
                if bits[p] & go_on and d0[p] + w <= cap:
                    heap.append((d0[p] + w, hops[p] + 1, index[s], s, p))
        heapq.heapify(heap)
        out: dict[str, tuple[int, str]] = {}
        pop, push = heapq.heappop, heapq.heappush
        while heap:
            c, k, _, s, p = pop(heap)
            if s not in left:
                continue
            left.discard(s)
            out[s] = (c, p)
            if bits[s] & stops:
                continue
            for n, w in outs[s]:
                if n in left and c + w <= cap:
                    push(heap, (c + w, k + 1, index[n], n, s))
        return out


#: cost * _SPAN + board index orders an answer (more spaces than any board has)
_SPAN = 1 << 20


def _insert(keys: list[int], costs: list[int], ends: list[str], key: int, cost: int, space: str) -> None:
    i = bisect_right(keys, key)
    keys.insert(i, key)
    costs.insert(i, cost)
    ends.insert(i, space)


class ReachTable:
    """The movement searches of one board (an `Adjacency`: space -> (next space, base cost,
    surcharge) steps), each made once on the empty board and repaired for blockers; answers kept
    while the blockers in their region stay put (at most `keep` of them)."""

    def __init__(self, adjacency: Adjacency, keep: int = 50_000):
        self.adjacency = adjacency
        self.spaces = tuple(adjacency)
        self.index = {s: i for i, s in enumerate(self.spaces)}
        self.bits = {s: 1 << i for i, s in enumerate(self.spaces)}
        self.space_of = {b: s for s, b in self.bits.items()}
        self.keep = keep
        self.outs: dict[int, dict[str, tuple[tuple[str, int], ...]]] = _Steps(adjacency, forward=True)
        self.into: dict[int, dict[str, tuple[tuple[str, int], ...]]] = _Steps(adjacency, forward=False)
        self._tables: dict[tuple[str, int, int], _Table] = {}
        self._answers: dict[tuple, Reached] = {}

    def mask(self, spaces: Iterable[str]) -> int:
        """The bit mask of some spaces of the board (others are ignored)."""
        bits = self.bits
        m = 0
        for s in spaces:
            m |= bits.get(s, 0)
        return m

    def region(self, start: str, cap: int, factor: int = 1) -> int:
        """The spaces reached from `start` with `cap` on the empty board (a mask)."""
        return self._table(start, factor, cap).region

    def reach(self, start: str, cap: int, factor: int = 1, blocked: int = 0, stops: int = 0) -> Reached:
        """Every space reached from `start` with at most `cap` points, `blocked` spaces never
        entered and `stops` never left (bit masks, see `mask`)."""
        t = self._tables.get((start, factor, cap)) or self._table(start, factor, cap)
        region = t.region
        b, st = blocked & region & ~t.start_bit, stops & region & ~t.start_bit
        if not b and not st:
            return t.base
        key = (start, factor, cap, b, st)
        got = self._answers.get(key)
        if got is None:
            if len(self._answers) >= self.keep:
                self._answers.clear()
            got = self._answers[key] = t.repaired(b, st)
        return got

    def _table(self, start: str, factor: int, cap: int) -> _Table:
        key = (start, factor, cap)
        t = self._tables.get(key)
        if t is None:
            if start not in self.bits:
                raise KeyError(f"{start!r} is not a space of the board")
            t = self._tables[key] = _Table(self, start, factor, cap)
        return t


class _Steps(dict):
    """factor -> space -> ((other space, cost of the step), ...): out of each space (`forward`) or
    into it, made on first use of a factor."""

    def __init__(self, adjacency: Adjacency, forward: bool):
        super().__init__()
        self._adjacency, self._forward = adjacency, forward

    def __missing__(self, factor: int) -> dict[str, tuple[tuple[str, int], ...]]:
        steps: dict[str, list[tuple[str, int]]] = {s: [] for s in self._adjacency}
        for a, outs in self._adjacency.items():
            for b, base, extra in outs:
                w = int(base * factor + extra)
                if self._forward:
                    steps[a].append((b, w))
                elif b in steps:
                    steps[b].append((a, w))
        got = self[factor] = {s: tuple(v) for s, v in steps.items()}
        return got
