"""companion.board.budget: cheapest costs within a budget (checked against networkx) and
flights that go farther with every step (checked against paths.retreats)."""
from __future__ import annotations

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.board.budget import cheapest_costs, farther_ends, route
from ..conftest import runs  # (the profile sizes the property runs: tests/conftest.py)


def grid(costs: list[list[int]], rivers: frozenset = frozenset()):
    """A square grid: entering a cell costs its number (0: a wall); `rivers` edges add 1."""
    h, w = len(costs), len(costs[0])
    adj = {}
    for r in range(h):
        for c in range(w):
            out = []
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < h and 0 <= cc < w and costs[rr][cc]:
                    edge = frozenset((f"{r},{c}", f"{rr},{cc}"))
                    out.append((f"{rr},{cc}", costs[rr][cc], 1 if edge in rivers else 0))
            adj[f"{r},{c}"] = tuple(out)
    return adj


def test_costs_and_route_on_a_small_grid() -> None:
    adj = grid([[1, 1, 3], [2, 0, 1], [1, 1, 1]])
    found = cheapest_costs("0,0", 4, adj)
    assert found["0,1"][0] == 1 and found["0,2"][0] == 4 and found["2,0"][0] == 3
    assert "2,2" not in found  # 5 points away
    assert route(found, "0,2") == ["0,0", "0,1", "0,2"]


def test_a_carrier_pays_double_but_not_the_surcharge() -> None:
    adj = grid([[1, 2, 1]], rivers=frozenset({frozenset(("0,0", "0,1"))}))
    assert cheapest_costs("0,0", 9, adj)["0,1"][0] == 3          # 2 + river 1
    assert cheapest_costs("0,0", 9, adj, factor=2)["0,1"][0] == 5  # 2 * 2 + river 1


def test_blocked_and_stopping_spaces() -> None:
    adj = grid([[1, 1, 1]])
    assert "0,1" in cheapest_costs("0,0", 5, adj, stops={"0,1"}) and "0,2" not in cheapest_costs("0,0", 5, adj, stops={"0,1"})
    assert "0,1" not in cheapest_costs("0,0", 5, adj, blocked={"0,1"})


@settings(max_examples=runs(40), deadline=None)
@given(st.lists(st.lists(st.integers(0, 3), min_size=4, max_size=4), min_size=4, max_size=4), st.integers(0, 9))
def test_agrees_with_networkx(costs: list[list[int]], budget: int) -> None:
    costs[0][0] = 1
    adj = grid(costs)
    g = nx.DiGraph()
    g.add_node("0,0")
    for a, outs in adj.items():
        for b, w, _ in outs:
            g.add_edge(a, b, weight=w)
    want = nx.single_source_dijkstra_path_length(g, "0,0", cutoff=budget)
    found = cheapest_costs("0,0", budget, adj)
    assert {k: v[0] for k, v in found.items()} == want
    for end, (cost, _) in found.items():
        way = route(found, end)
        assert sum(next(c for n, c, _ in adj[a] if n == b) for a, b in zip(way, way[1:])) == cost


def test_farther_ends_goes_as_far_as_it_can() -> None:
    adj = grid([[1, 1, 1, 1], [1, 0, 0, 0]])
    near = {k: [n for n, _, _ in v] for k, v in adj.items()}
    g = nx.Graph([(a, b) for a, v in near.items() for b in v])
    dist = nx.single_source_shortest_path_length(g, "0,1")
    assert farther_ends("0,1", 5, near, dist.__getitem__, lambda s: True, lambda s: True) == (2, ["0,3", "1,0"])
    # an occupied field may be passed but not stopped on; with no free field at all: no flight
    assert farther_ends("0,1", 5, near, dist.__getitem__, lambda s: True, lambda s: s not in ("0,3", "1,0")) == (1, ["0,0", "0,2"])
    assert farther_ends("0,1", 5, near, dist.__getitem__, lambda s: False, lambda s: True) == (0, [])
