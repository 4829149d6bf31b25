"""companion.board.reach: the movement tables (empty-board costs repaired for blockers) give the
search's answer exactly (checked against budget.cheapest_by_cost), with routes that cost what
they say, avoid blockers and never go on from a stop; the empty board's table holds every answer
(the superset random bots draw from, issue 12)."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.board.budget import cheapest_by_cost
from companion.board.reach import ReachTable
from ..conftest import runs  # (the profile sizes the property runs: tests/conftest.py)
from .test_budget import grid

CELLS = [f"{r},{c}" for r in range(5) for c in range(5)]


def check(adj, table: ReachTable, start: str, cap: int, factor: int, blocked: set, stops: set) -> None:
    _, ranked = cheapest_by_cost(start, cap, adj, factor, blocked - {start}, stops - {start})
    got = table.reach(start, cap, factor, table.mask(blocked), table.mask(stops))
    assert dict(zip(got.ends, got.costs)) == {e: c for c, e in ranked}
    assert got.costs == sorted(got.costs) and got.ends[0] == start and got.costs[0] == 0
    for budget in range(cap + 2):  # the spaces within a budget as a mask (how random bots count moves)
        assert got.within(budget) == table.mask(e for e, c in zip(got.ends, got.costs) if c <= budget)
    for end, cost in zip(got.ends, got.costs):
        way = got.route(end)
        assert way[0] == start and way[-1] == end and got.cost(end) == cost
        assert not set(way[1:]) & blocked and not set(way[1:-1]) & stops
        assert sum(next(b * factor + x for n, b, x in adj[a] if n == nxt) for a, nxt in zip(way, way[1:])) == cost
    for upto in range(cap + 1):  # an answer asked only up to a budget: the same spaces, costs and routes there
        near = table.reach(start, cap, factor, table.mask(blocked), table.mask(stops), upto)
        k = got.count(upto)
        assert near.ends[:near.count(upto)] == got.ends[:k] and near.costs[:near.count(upto)] == got.costs[:k]
        assert all(near.route(e) == got.route(e) for e in got.ends[:k])
        for end in CELLS + ["nowhere"]:  # one space asked (a move being made): the same cost and route
            c = got.cost(end)
            want = (c, got.route(end)) if c is not None and c <= upto else None
            assert table.way(start, cap, end, factor, table.mask(blocked), table.mask(stops), upto) == want
    for end in CELLS:
        c = got.cost(end)
        assert table.way(start, cap, end, factor, table.mask(blocked), table.mask(stops)) == \
            (None if c is None else (c, got.route(end)))
    # the empty board's table (random bots draw from it by rejection): every answer within a budget
    # lies in its `within[budget]`, whatever the blockers; nth_free walks the spaces not taken in
    # the empty board's order; its routes are the empty board's
    empty = table.table(start, factor, cap)
    base = table.reach(start, cap, factor)
    taken = table.mask(blocked | stops)
    for budget in range(cap + 1):
        assert got.within(budget) & ~empty.within[budget] == 0
        free = [e for e, c in zip(base.ends, base.costs) if c <= budget and not table.bits[e] & taken]
        assert (empty.within[budget] & ~taken).bit_count() == len(free)
        assert [empty.nth_free(taken, i) for i in range(len(free))] == free
    assert all(empty.route(e) == base.route(e) for e in base.ends)


def test_a_blocker_makes_the_spaces_behind_it_dearer_and_a_stop_ends_a_way() -> None:
    adj = grid([[1, 1, 1], [1, 2, 1], [1, 1, 1]])
    table = ReachTable(adj)
    empty = table.reach("0,0", 5)
    assert empty.cost("0,2") == 2 and empty.route("0,2") == ["0,0", "0,1", "0,2"]
    around = table.reach("0,0", 5, blocked=table.mask({"0,1"}))  # over the hill (2) in the middle
    assert around.cost("0,1") is None and around.cost("0,2") == 5
    assert around.route("0,2") == ["0,0", "1,0", "1,1", "1,2", "0,2"]
    stopped = table.reach("0,0", 5, stops=table.mask({"0,1", "1,0"}))
    assert stopped.ends == ["0,0", "0,1", "1,0"] and stopped.costs == [0, 1, 1]
    assert table.reach("0,0", 5) is empty  # the empty board's answer is a look-up
    assert table.reach("0,0", 1, blocked=table.mask({"2,2"})) is table.reach("0,0", 1)  # a blocker out of reach


def test_a_carrier_pays_the_factor_on_the_terrain_only() -> None:
    adj = grid([[1, 2, 1]], rivers=frozenset({frozenset(("0,0", "0,1"))}))
    table = ReachTable(adj)
    assert table.reach("0,0", 9, factor=2).cost("0,1") == 5 and table.reach("0,0", 9).cost("0,1") == 3


def test_a_full_table_drops_its_oldest_answers_only() -> None:
    """At most `keep` answers are kept; a new one past that drops only the oldest `drop` (freeing
    every kept answer at once would land its whole cost in one step of an expert's capped decision),
    and an answer dropped is searched again alike."""
    adj = grid([[1, 1, 1], [1, 2, 1], [1, 1, 1]])
    table = ReachTable(adj, keep=3, drop=1)
    walls = [table.mask({cell}) for cell in ("0,1", "1,0", "1,1", "1,2")]
    first, *others = [table.reach("0,0", 5, blocked=wall) for wall in walls]
    assert len(table._answers) == 3
    assert all(table.reach("0,0", 5, blocked=wall) is got for wall, got in zip(walls[1:], others))
    again = table.reach("0,0", 5, blocked=walls[0])
    assert again is not first and (again.ends, again.costs) == (first.ends, first.costs)
    assert again.route("0,2") == first.route("0,2") == ["0,0", "1,0", "1,1", "1,2", "0,2"]
    assert len(table._answers) == 3 and table.reach("0,0", 5, blocked=walls[1]) is not others[0]


@settings(max_examples=runs(40), deadline=None)
@given(st.lists(st.integers(1, 3), min_size=25, max_size=25), st.sampled_from(CELLS), st.integers(0, 8),
       st.sampled_from([1, 2]), st.sets(st.sampled_from(CELLS), max_size=8), st.sets(st.sampled_from(CELLS), max_size=4))
def test_agrees_with_the_search(costs: list[int], start: str, cap: int, factor: int, blocked: set, stops: set) -> None:
    adj = grid([costs[i * 5:i * 5 + 5] for i in range(5)], rivers=frozenset({frozenset(("1,1", "1,2")), frozenset(("2,2", "3,2"))}))
    table = ReachTable(adj)
    check(adj, table, start, cap, factor, blocked, stops)
    check(adj, table, start, cap, factor, set(), set())
    check(adj, table, start, cap, factor, blocked, stops)  # again: the kept answer
