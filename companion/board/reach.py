"""Movement searches over a fixed board as table look-ups: the cheapest cost from a start to every
space within a cap, worked out once per (start, factor, cap) on the empty board, searched again
only when a piece stands in the way, and kept while the pieces in the way stay put.

A rules engine asks "where can this piece go with at most N points" at every decision. Sets of
spaces are ints (bit i: the i-th space of the adjacency), so a position's blockers meet a table's
region in one operation: with no blocker or stop in it the answer is the empty board's; otherwise
it is kept under the blockers inside its region (or, for a caller that asks only up to a budget,
inside the part of the region within that budget, and the last such answer of a start serves
smaller budgets while those blockers stay). A search goes by cost: the spaces first entered at
each cost are one bit mask (a step of cost w from each space is one mask per w, made once), so the
spaces of one cost come in board order without sorting. Routes are worked out only for the end a
caller asks, from the costs and the empty board's shortest-path graph: a space at its empty-board
cost is entered from the first of its empty-board predecessors (fewest steps, then board order)
that kept its cost and may be left; a space the blockers made dearer from the neighbour of the
fewest steps, then the first by name.

A caller that asks about one end (a move being made, not listed) asks `way`: the end's cost and
route as a search would give them, mostly without one (nothing in the way on any cheapest way of
the empty board, or a predecessor that kept its cost found backwards from the end).

The cost model is `budget.cheapest_by_cost`'s: whole-number base costs times a factor plus a
surcharge; `blocked` spaces are never entered, `stops` are entered but not left (the start may
always be left). Measured on the Pirate Island map with 18 blockers strewn at random: about 31
microseconds a search of 7 points, where repairing the empty board's answer (this module's first
way) took 36-55; a random 4-player game asks about 2,400 times and searches about 750 times.
"""
from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Iterator
from itertools import islice

from .budget import Adjacency, cheapest_costs


class Reached:
    """The answer of one search: the spaces reached with their cheapest costs, cheapest first (the
    start first, at 0; spaces of one cost in board order), so a smaller budget is a prefix; one
    cheapest way to each (`route`). Answers are shared between callers: never change one."""

    __slots__ = ("start", "costs", "ends", "_stops", "_kept", "_go_on", "_table", "_cost", "_upto", "_dearer")

    def __init__(self, table: "_Table", costs: list[int], ends: list[str], upto: list[int], stops: int,
                 kept: int, go_on: int):
        self.start = table.start
        self.costs = costs
        self.ends = ends
        #: upto[c]: the spaces reached for at most c points as a bit mask (the last: all of them)
        self._upto = upto
        #: the spaces entered but never left (a bit mask; never the start)
        self._stops = stops
        #: the spaces reached at their empty-board cost, and those of them a way goes on from
        self._kept, self._go_on = kept, go_on
        self._table = table
        self._cost: dict[str, int] | None = None
        #: space -> (steps, the space it is entered from) for spaces dearer than on the empty board
        self._dearer: dict[str, tuple[int, str]] = {}

    def __len__(self) -> int:
        return len(self.ends)

    def cost(self, space: str) -> int | None:
        """The cheapest cost to `space`, None if it was not reached (a look along the answer: an
        answer is asked for the costs of a few spaces, seldom more)."""
        if self._cost is not None:
            return self._cost.get(space)
        if not self._upto[-1] & self._table.owner.bits.get(space, 0):
            return None
        return self.costs[self.ends.index(space)]

    def _costs(self) -> dict[str, int]:
        """space -> its cheapest cost, for routes through dearer spaces."""
        if self._cost is None:
            self._cost = dict(zip(self.ends, self.costs))
        return self._cost

    def upto(self, budget: int) -> Iterator[tuple[int, str]]:
        """(cost, space) of every space reached with at most `budget` points, cheapest first."""
        return zip(self.costs[:bisect_right(self.costs, budget)], self.ends)

    def count(self, budget: int) -> int:
        """How many spaces (the start included) are reached with at most `budget` points."""
        return bisect_right(self.costs, budget)

    def within(self, budget: int) -> int:
        """The spaces reached with at most `budget` points as a bit mask: with `count`, how many of
        them are free is a count of bits, no walk over them."""
        upto = self._upto
        return upto[budget] if budget < len(upto) else upto[-1]

    def reaches(self, bit: int) -> bool:
        """Whether the space of `bit` (the table's `bits`) is reached at all."""
        return bool(self._upto[-1] & bit)

    def route(self, end: str) -> list[str]:
        """One cheapest way from the start to `end`, both included (KeyError if not reached): a
        space at its empty-board cost is entered from the first of its empty-board predecessors
        (fewest steps, then board order) that kept its cost and may be left; a dearer space from
        the predecessor of the fewest steps, then the first by name."""
        t = self._table
        start, preds, bits, kept, go_on = t.start, t.preds, t.owner.bits, self._kept, self._go_on
        if not self._upto[-1] & bits.get(end, 0):
            raise KeyError(f"{end!r} was not reached")
        way = [end]
        here = end
        while here != start:
            if bits[here] & kept:
                for p in preds[here]:  # the first that kept its cost and may be left
                    if bits[p] & go_on:
                        break
                here = p
            else:
                here = self._dearer_from(here)[1]
            way.append(here)
        return way[::-1]

    def _dearer_from(self, space: str) -> tuple[int, str]:
        """(steps, predecessor) of a space the blockers made dearer: of its neighbours a way may
        go on from and whose cost plus the step's is its cost, the fewest steps, then the name."""
        got = self._dearer.get(space)
        if got is None:
            t = self._table
            cost, bits, stops, start, kept = self._costs(), t.owner.bits, self._stops, t.start, self._kept
            here = cost[space]  # type: ignore[index]
            best: tuple[int, str] | None = None
            for p, w in t.owner.into[t.factor][space]:
                c = cost.get(p)  # type: ignore[union-attr]
                if c is None or c + w != here or (p != start and bits[p] & stops):
                    continue
                k = (t.hops[p] if bits[p] & kept else self._dearer_from(p)[0]) + 1
                if best is None or (k, p) < best:
                    best = (k, p)
            got = self._dearer[space] = best  # type: ignore[assignment]
        return got  # type: ignore[return-value]


class _Table:
    """One (start, factor, cap) on the empty board: the costs, the shortest-path graph (for
    routes), the region, and each space's steps out by cost as bit masks (for searches)."""

    __slots__ = ("owner", "start", "cap", "factor", "preds", "region", "within", "start_bit", "hops", "out",
                 "base", "last", "level", "longest", "_between", "routes", "_prefix")

    def __init__(self, owner: "ReachTable", start: str, factor: int, cap: int):
        self.owner, self.start, self.cap, self.factor = owner, start, cap, factor
        bits, index, into = owner.bits, owner.index, owner.into[factor]
        d0 = {s: int(c) for s, (c, _) in cheapest_costs(start, cap, owner.adjacency, factor).items()}
        ranked = [(0, start)] + sorted(((c, s) for s, c in d0.items() if s != start), key=lambda cs: (cs[0], index[cs[1]]))
        preds: dict[str, tuple[str, ...]] = {}
        hops = {start: 0}  # the fewest steps of a cheapest way: routes go over as few spaces as they can
        for c, s in ranked[1:]:
            ps = sorted((p for p, w in into[s] if d0.get(p, cap + 1) + w == c), key=lambda p: (hops[p], index[p]))
            preds[s] = tuple(ps)
            hops[s] = hops[ps[0]] + 1
        self.preds = preds
        self.hops = hops
        self.start_bit = bits[start]
        #: the spaces this search reaches on the empty board: blockers elsewhere change nothing
        self.region = owner.mask(d0)
        #: cost -> the spaces of that cost on the empty board (a mask)
        self.level = level = [0] * (cap + 1)
        for s, c in d0.items():  # (one pass: a table is made at a start's first search, in a load's too)
            if c <= cap and s in bits:
                level[c] |= bits[s]
        #: budget -> the spaces the empty board reaches within it (a mask)
        self.within = within = level[:]
        for k in range(1, cap + 1):
            within[k] |= within[k - 1]
        self.out = owner.out_masks[factor]
        #: the dearest single step
        self.longest = owner.longest(factor)
        self.base = self.search(0, 0, cap)
        #: the last answer asked up to a budget: (budget, its blockers and stops there, answer)
        self.last: tuple[int, int, int, Reached] = (-1, 0, 0, self.base)
        #: space -> the spaces on its cheapest ways on the empty board, start and end left out (between)
        self._between: dict[str, int] = {}
        #: space -> its route on the empty board (way, route; copied for the caller)
        self.routes: dict[str, list[str]] = {}
        #: k -> the first k spaces of the empty board's answer as a bit mask (nth_free; made on first use)
        self._prefix: list[int] | None = None

    def nth_free(self, taken: int, i: int) -> str:
        """The `i`-th space (from 0) of the empty board's answer (cheapest first, so for i less
        than `(within[budget] & ~taken).bit_count()` one the empty board reaches within `budget`)
        that is not in `taken` (a bit mask). A few counts of bits, no walk: a
        prefix of k spaces holds k minus its taken ones free, which grows by at most one a space,
        so k is raised by what is missing until the prefix holds i + 1 free spaces; its last
        space is the one asked (rejection sampling draws a space of this superset uniformly)."""
        prefix = self._prefix
        if prefix is None:
            bits, acc = self.owner.bits, 0
            prefix = [0]
            for s in self.base.ends:
                acc |= bits[s]
                prefix.append(acc)
            self._prefix = prefix
        want = i + 1
        k = want
        while True:
            missing = want - k + (prefix[k] & taken).bit_count()
            if not missing:
                return self.base.ends[k - 1]
            k += missing

    def route(self, end: str) -> list[str]:
        """The empty board's route to `end` (`base.route(end)`: with nothing in the way every
        space is entered from its first predecessor), kept: the route of that predecessor, kept
        too, and the end."""
        routes = self.routes
        got = routes.get(end)
        if got is None:
            if end == self.start:
                got = [end]
            else:
                first = self.preds[end][0]
                got = (routes.get(first) or self.route(first)) + [end]
            routes[end] = got
        return got

    def between(self, end: str) -> int:
        """The spaces between the start and `end` on any of its cheapest ways on the empty board
        (a bit mask): blockers and stops elsewhere leave its cost and route as they are."""
        got = self._between.get(end)
        if got is None:
            got = 0
            bits, start = self.owner.bits, self.start
            for p in self.preds.get(end, ()):
                if p != start:
                    got |= bits[p] | self.between(p)
            self._between[end] = got
        return got

    def search(self, blocked: int, stops: int, cap: int) -> Reached:
        """The answer up to `cap` points (at most the table's) with `blocked` spaces never entered
        and `stops` never left (bit masks of spaces in the region, the start not among them): a
        search by cost, each cost's new spaces one bit mask, so the spaces of one cost come in
        board order (low bits first)."""
        out, spaces = self.out, self.owner.spaces
        offered = [0] * (cap + 1 + self.longest)  # cost -> the spaces a step of that total enters
        offered[0] = self.start_bit
        settled = blocked
        costs: list[int] = []
        ends: list[str] = []
        upto = [0] * (cap + 1)
        reached = ends.append
        kept = go_on = 0
        level = self.level
        for c in range(cap + 1):
            new = offered[c] & ~settled
            if not new:
                upto[c] = settled & ~blocked
                continue
            settled |= new
            upto[c] = settled & ~blocked
            costs += [c] * new.bit_count()
            left = new & ~stops
            same = new & level[c]  # at their empty-board cost
            kept |= same
            go_on |= same & left
            while new:
                low = new & -new
                new ^= low
                i = low.bit_length() - 1
                reached(spaces[i])
                if low & left:
                    for w, nb in out[i]:  # (past the cap: never read)
                        offered[c + w] |= nb
        return Reached(self, costs, ends, upto, stops, kept, go_on)


class ReachTable:
    """The movement searches of one board (an `Adjacency`: space -> (next space, base cost,
    surcharge) steps), each made once on the empty board and repaired for blockers; answers kept
    while the blockers in their region stay put: at most `keep` of them, the oldest `drop` dropped
    when a new one finds the table full (dropping all 50,000 at once took about 27 ms, landing in
    whichever step of an expert's capped decision filled the table; 500 take a fraction of a
    millisecond)."""

    def __init__(self, adjacency: Adjacency, keep: int = 50_000, drop: int = 500):
        self.adjacency = adjacency
        self.spaces = tuple(adjacency)
        self.index = {s: i for i, s in enumerate(self.spaces)}
        self.bits = {s: 1 << i for i, s in enumerate(self.spaces)}
        self.keep, self.drop = keep, drop
        self.outs: dict[int, dict[str, tuple[tuple[str, int], ...]]] = _Steps(adjacency, forward=True)
        self.into: dict[int, dict[str, tuple[tuple[str, int], ...]]] = _Steps(adjacency, forward=False)
        self.out_masks: dict[int, list[tuple[tuple[int, int], ...]]] = _ByCost(self)
        self._longest: dict[int, int] = {}
        self._tables: dict[tuple[str, int, int], _Table] = {}
        self._answers: dict[tuple, Reached] = {}

    def longest(self, factor: int) -> int:
        """The dearest single step at `factor`."""
        got = self._longest.get(factor)
        if got is None:
            got = self._longest[factor] = max((w for steps in self.out_masks[factor] for w, _ in steps), default=0)
        return got

    def mask(self, spaces: Iterable[str]) -> int:
        """The bit mask of some spaces of the board (others are ignored)."""
        bits = self.bits
        m = 0
        for s in spaces:
            m |= bits.get(s, 0)
        return m

    def reach(self, start: str, cap: int, factor: int = 1, blocked: int = 0, stops: int = 0,
              upto: int | None = None) -> Reached:
        """Every space reached from `start` with at most `cap` points, `blocked` spaces never
        entered and `stops` never left (bit masks, see `mask`). With `upto` (less than `cap`) the
        caller asks only for the spaces within `upto` points, and the answer may hold no more:
        blockers farther off than that on the empty board change nothing there, so such answers
        are shared by more positions and their searches are shorter."""
        t = self._tables.get((start, factor, cap)) or self._table(start, factor, cap)
        outside = ~t.start_bit
        b, st = blocked & t.region & outside, stops & t.region & outside
        if not b and not st:
            return t.base
        if upto is None or upto >= cap:
            return self._kept(t, (start, factor, cap, b, st), b, st, cap)
        upto = max(upto, 0)
        # the table's last answer serves any smaller budget while the blockers within its budget
        # are the same (a turn's budgets shrink as its points are spent)
        done, done_b, done_st, got = t.last
        if upto <= done:
            near = t.within[done]
            if b & near == done_b and st & near == done_st:
                return got
        got = self._answers.get((start, factor, cap, b, st))  # an answer at the full cap
        if got is not None:
            return got
        near = t.within[upto]
        b, st = b & near, st & near
        if not b and not st:
            return t.base
        return self._kept(t, (start, factor, cap, upto, b, st), b, st, upto)

    def table(self, start: str, factor: int, cap: int) -> "_Table":
        """The empty board's table of (start, factor, cap) (made on first use): `within[budget]`
        is a bit mask of every space any `reach(start, cap, factor, ..., upto=budget)` may hold,
        whatever the blockers (they never make a space cheaper); `nth_free` picks one of them."""
        return self._tables.get((start, factor, cap)) or self._table(start, factor, cap)

    def way(self, start: str, cap: int, end: str, factor: int = 1, blocked: int = 0, stops: int = 0,
            upto: int | None = None) -> tuple[int, list[str]] | None:
        """(cost, route) of `end` as `reach(start, cap, factor, blocked, stops, upto)` gives them
        (`cost(end)`, `route(end)`), None if `end` is not reached within `upto` (or `cap`) points:
        for a caller that asks about one space (a move being made), mostly without a search. A
        space keeps its empty-board cost when one of its empty-board predecessors kept its own and
        may be left (the start always), so that is asked backwards from `end` over the
        shortest-path graph (a few spaces, not the region); only a space the blockers made dearer
        is searched for."""
        t = self._tables.get((start, factor, cap)) or self._table(start, factor, cap)
        bits = self.bits
        bit = bits.get(end, 0)
        budget = cap if upto is None else min(max(upto, 0), cap)
        if not bit & t.within[budget]:  # blockers never make a space cheaper
            return None
        base = t.base
        cost = (base._cost or base._costs())[end]
        outside = ~t.start_bit
        b, st = blocked & t.region & outside, stops & t.region & outside
        if bit & b:
            return None
        if not (b | st) & t.between(end):  # nothing on any cheapest way: the empty board's
            way = t.routes.get(end) or t.route(end)
            return cost, way[:]
        preds = t.preds
        stay = b | st  # never on a way on: not entered, or not left
        good: dict[str, bool] = {start: True}  # space -> kept its cost and may be left

        def on(space: str) -> bool:
            got = good.get(space)
            if got is None:
                got = good[space] = not bits[space] & stay and any(on(p) for p in preds[space])
            return got

        way = [end]
        here = end
        while here != start:
            for p in preds[here]:  # the first that kept its cost and may be left (Reached.route)
                if on(p):
                    break
            else:  # dearer than on the empty board: the search says how much
                got = self.reach(start, cap, factor, blocked, stops, upto)
                c = got.cost(end)
                return None if c is None or c > budget else (c, got.route(end))
            here = p
            way.append(here)
        return cost, way[::-1]

    def _kept(self, t: _Table, key: tuple, blocked: int, stops: int, upto: int) -> Reached:
        """The answer kept under `key` (searched when missing), the table's last one from now on."""
        answers = self._answers
        got = answers.get(key)
        if got is None:
            if len(answers) >= self.keep:
                for old in list(islice(answers, self.drop)):
                    del answers[old]
            got = answers[key] = t.search(blocked, stops, upto)
        t.last = (upto, blocked, stops, got)
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


class _ByCost(dict):
    """factor -> for each space (by board index): ((cost of a step out, the spaces such a step
    enters as a bit mask), ...), cheapest first, made on first use of a factor."""

    def __init__(self, owner: ReachTable):
        super().__init__()
        self._owner = owner

    def __missing__(self, factor: int) -> list[tuple[tuple[int, int], ...]]:
        owner = self._owner
        outs, bits = owner.outs[factor], owner.bits
        got: list[tuple[tuple[int, int], ...]] = []
        for s in owner.spaces:
            by: dict[int, int] = {}
            for n, w in outs[s]:
                if n in bits:
                    by[w] = by.get(w, 0) | bits[n]
            got.append(tuple(sorted(by.items())))
        self[factor] = got
        return got
