"""Exact-length walks (Pirateology: a roll of N moves exactly N spaces, doubled when the first
step goes with the wind; islands may be crossed but not landed on)."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.board import walks, wind_walks, with_wind
from ..conftest import runs  # (the profile sizes the property runs: tests/conftest.py)

ocean_ids = [f"s{n}" for n in list(range(11, 17)) + list(range(21, 33))]


def sea(graph):
    """Everything but the crater and the off-board spaces may be sailed; the lake is an island."""
    return lambda s: s != "crater" and not graph[s].off_board and graph[s].kind not in ("harbour",)


def not_island(s):
    return s != "s25"


def test_one_step_reaches_the_neighbours(graph):
    got = walks(graph, "s13", 1, allow=sea(graph))
    assert set(got) == {"s12", "s14", "s24", "s25", "s26"}
    assert "s25" not in walks(graph, "s13", 1, allow=sea(graph), may_stop=not_island)


def test_islands_are_crossed_but_never_landed_on(graph):
    got = walks(graph, "s24", 2, allow=sea(graph), may_stop=not_island)
    assert "s26" in got and "s25" not in got
    via = walks(graph, "s24", 2, allow=lambda s: sea(graph)(s) and s not in ("s13",), may_stop=not_island)
    assert via["s26"].spaces == ("s24", "s25", "s26")


def test_the_wind_doubles_a_move_whose_first_step_goes_with_it(graph):
    # wind towards the east (90 degrees): from s16 the first step east is the crater (not
    # allowed); from s21 east is s22
    east = with_wind(graph, 90, spread=30)
    assert east("s21", "s22") and not east("s21", "s11")
    got = wind_walks(graph, "s21", 2, east, allow=sea(graph), may_stop=not_island)
    doubled = [p for p in got.values() if p.spaces[1] == "s22"]
    plain = [p for p in got.values() if p.spaces[1] != "s22"]
    assert doubled and all(len(p) == 4 for p in doubled)
    assert plain and all(len(p) == 2 for p in plain)


@settings(max_examples=runs(100), deadline=None, derandomize=True)
@given(st.sampled_from(ocean_ids), st.integers(1, 7), st.sampled_from(["never", "no_backtrack", "any"]))
def test_walks_have_exactly_n_steps(graph, start, n, revisit):
    ok = sea(graph)
    for end, path in walks(graph, start, n, allow=ok, may_stop=not_island, revisit=revisit).items():
        assert len(path) == n and path.spaces[0] == start and path.end == end and end != "s25"
        assert all(graph.adjacent(a, b) for a, b in zip(path.spaces, path.spaces[1:]))
        assert all(ok(s) for s in path.spaces[1:])
        if revisit == "never":
            assert len(set(path.spaces)) == n + 1
        if revisit == "no_backtrack":
            assert all(a != c for a, c in zip(path.spaces, path.spaces[2:]))


def test_the_readings_differ_as_documented(graph):
    ok = sea(graph)
    back = walks(graph, "s21", 2, allow=ok, revisit="any")
    assert "s21" in back                                    # there and back again
    assert "s21" not in walks(graph, "s21", 2, allow=ok, revisit="no_backtrack")
    assert "s21" not in walks(graph, "s21", 2, allow=ok, revisit="never")
    stay = walks(graph, "s21", 0)
    assert list(stay) == ["s21"] and len(stay["s21"]) == 0
