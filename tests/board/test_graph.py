"""The space graph of the fixture map: neighbours, zones, rings, nearest, within, links."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.board import Edge, Graph, Space
from ..conftest import runs  # (the profile sizes the property runs: tests/conftest.py)

LAND = ("plain", "swamp", "hill", "mountain", "fortress")


def land(graph):
    return lambda s: graph[s].kind in LAND


def test_grid_neighbours_links_and_features(graph):
    assert set(graph.neighbours("s13")) == {"crater", "s12", "s14", "s24", "s25", "s26"}
    assert graph.link("harbour-1", "s26") == "landing" and graph.neighbours("harbour-1") == ("s26",)
    assert graph.features("s13", "s26") == graph.features("s26", "s13") == frozenset({"river"})
    assert graph.features("s13", "s24") == frozenset()
    assert graph.neighbours("totenkiste") == ()
    assert graph["totenkiste"].off_board and graph["totenkiste"].centre is None
    assert graph.at((1, 0)) == "s13" and graph["s13"].number == 13 and graph["s13"].name == "Hill"


def test_zones_kinds_and_numbers(graph):
    assert graph.zones() == tuple(f"sector-{n}" for n in range(1, 7))
    assert graph.in_zone("sector-2") == ("s12", "s23", "s24")
    assert graph.of_kind("swamp") == ("s12", "s23", "s29")
    assert graph.numbered(27) == ("s27",)


def test_rings_around_the_crater(graph):
    """Pirate Island's eruption: rings 1 and 2 around the crater, the lake not crossed."""
    rings = graph.rings("crater", allow=land(graph))
    assert rings[0] == ("crater",)
    assert set(rings[1]) == {"s11", "s12", "s13", "s14", "s15", "s16"}
    assert set(rings[2]) == {f"s{n}" for n in range(21, 33)} - {"s25"}
    assert len(rings) == 3


def test_nearest_of_a_kind_returns_every_tie(graph):
    assert graph.nearest("s21", "swamp") == ("s12", "s23")
    assert graph.nearest("s27", lambda s: graph[s].kind == "fortress") == ("s32",)
    assert graph.nearest("s21", "harbour", allow=land(graph)) == ()


def test_within_counts_steps_through_allowed_spaces(graph):
    near = graph.within("s26", 1, allow=land(graph))
    assert near == {"s26": 0, "s13": 1, "s14": 1, "s27": 1}
    assert graph.distance("s24", "s26", allow=land(graph)) == 2     # round the lake (s25)
    assert graph.distance("s24", "s26") == 2
    assert graph.distance("s26", "totenkiste") is None


def test_the_graph_is_immutable_and_rejects_bad_edges(graph):
    with pytest.raises(Exception):
        graph.nx.add_edge("s11", "s27")
    with pytest.raises(ValueError, match="unknown space 'x'"):
        Graph.build([Space("a", "plain")], [Edge("a", "x")])
    with pytest.raises(ValueError, match="itself"):
        Graph.build([Space("a", "plain")], [Edge("a", "a")])


ids = st.sampled_from([f"s{n}" for n in list(range(11, 17)) + list(range(21, 33)) if n != 25])


@settings(max_examples=runs(150), deadline=None, derandomize=True)
@given(ids, ids, ids)
def test_graph_distance_is_symmetric_and_obeys_the_triangle_inequality(graph, a, b, c):
    ok = land(graph)
    ab, ba = graph.distance(a, b, ok), graph.distance(b, a, ok)
    assert ab == ba
    ac, bc = graph.distance(a, c, ok), graph.distance(b, c, ok)
    assert ac <= ab + bc
    assert graph.distances(a, ok)[b] == ab
