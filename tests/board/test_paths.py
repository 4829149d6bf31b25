"""Cheapest paths on the fixture map under Pirate Island's movement table: terrain costs, +1 per
river crossed, a carrier paying double except the river, a budget with caps per piece."""
from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.board import Budget, Costs, cheapest, path_of, reachable, retreats

from ..conftest import runs  # (the profile sizes the property runs: tests/conftest.py)
from .conftest import TERRAIN


def test_terrain_costs_and_the_river_surcharge(graph, move):
    # s13 (hill) -> s26 (plain) crosses a river: 1 + 1
    assert cheapest(graph, "s13", "s26", move).cost == 2
    # s26 -> s13: entering the hill costs 2, the river 1
    assert path_of(graph, ["s26", "s13"], move).steps == (3,)
    # s14 (plain) -> s15 (mountain) -> s16 (plain): 3 + 1
    assert path_of(graph, ["s14", "s15", "s16"], move).cost == 4


def test_a_carrier_pays_double_except_the_river(graph, move):
    carry = move.carrying()
    assert path_of(graph, ["s26", "s13"], carry).steps == (2 * 2 + 1,)
    assert path_of(graph, ["s14", "s15"], carry).steps == (6,)


def test_a_wall_blocks_and_impassable_terrain_is_never_entered(graph, move):
    walled = Costs(enter=move.enter, surcharge={"river": None})
    best = cheapest(graph, "s26", "s13", walled)
    assert best.spaces[-2] in ("s12", "s24")          # round to the river-free sides of s13
    assert all(not graph.features(a, b) for a, b in zip(best.spaces, best.spaces[1:]))
    seen = reachable(graph, "s24", move, 30)
    assert "s25" not in seen and "crater" not in seen and "totenkiste" not in seen
    with pytest.raises(ValueError, match="not allowed"):
        path_of(graph, ["s24", "s25"], move)


def test_reachable_within_a_budget_and_where_a_move_may_end(graph, move):
    got = reachable(graph, "s26", move, 2)
    # s26 -> s13 costs 3 (hill + river) and s27 3 (mountain): out of reach for 2 points
    assert {end: p.cost for end, p in got.items()} == {"s14": 1, "s28": 2}
    assert got["s28"].spaces == ("s26", "s14", "s28")
    own = {"s14"}
    stop = reachable(graph, "s26", move, 2, may_stop=lambda s: s not in own)
    assert set(stop) == {"s28"}            # passed through s14, not ended on it


def test_the_landing_link_costs_six(graph, move):
    way = cheapest(graph, "harbour-1", "s14", move)
    assert way.spaces == ("harbour-1", "s26", "s14") and way.steps == (6, 1)
    assert cheapest(graph, "harbour-1", "s14", move, budget=6) is None


def test_a_budget_shared_by_pieces_with_caps():
    b = Budget(11, caps={"carrier": 9}, default_cap=7)
    assert b.left_for("a") == 7 and b.left_for("carrier") == 9
    b = b.spend("a", 6)
    assert b.left == 5 and b.left_for("a") == 1 and b.left_for("carrier") == 5
    with pytest.raises(ValueError, match="may spend 1 more"):
        b.spend("a", 2)


def test_retreats_go_farther_each_step(graph, move):
    land = lambda s: graph[s].kind in TERRAIN and TERRAIN[graph[s].kind] is not None
    ways = retreats(graph, "s13", "s12", 2, allow=land)
    assert ways
    dist = graph.distances("s12")
    for w in ways:
        assert len(w) == 2 and all(dist[b] > dist[a] for a, b in zip(w.spaces, w.spaces[1:]))
    assert retreats(graph, "s13", "s12", 9, allow=land) == []


land_ids = [f"s{n}" for n in list(range(11, 17)) + list(range(21, 33)) if n != 25]


@settings(max_examples=runs(120), deadline=None, derandomize=True)
@given(st.sampled_from(land_ids), st.integers(0, 2**32 - 1), st.booleans())
def test_a_cheapest_path_is_never_beaten_by_a_random_one(graph, move, start, seed, carry):
    costs = move.carrying() if carry else move
    rng = random.Random(seed)
    way = [start]
    for _ in range(rng.randint(1, 8)):
        options = [n for n in graph.neighbours(way[-1]) if costs.step(graph, way[-1], n) is not None]
        if not options:
            break
        way.append(rng.choice(options))
    walk = path_of(graph, way, costs)
    assert math.isclose(walk.cost, sum(costs.step(graph, a, b) for a, b in zip(way, way[1:])))
    if walk.end == start:
        return
    best = cheapest(graph, start, walk.end, costs)
    assert best.cost <= walk.cost + 1e-9
    assert math.isclose(best.cost, sum(best.steps))
    within = reachable(graph, start, costs, walk.cost)
    assert walk.end in within and within[walk.end].cost == best.cost
