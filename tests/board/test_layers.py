"""companion.board.layers: the table of walk ends for every first step agrees with walks()."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from companion.board.graph import Edge, Graph, Space
from companion.board.layers import ends, first_reached, passed, walk_layers
from companion.board.walks import walks
from ..conftest import runs  # (the profile sizes the property runs: tests/conftest.py)


def grid(w: int, h: int) -> Graph:
    spaces = [Space(f"{c},{r}", "sea", centre=(c + 0.5, r + 0.5), coord=(c, r)) for r in range(h) for c in range(w)]
    edges = [Edge(f"{c},{r}", f"{c + 1},{r}") for r in range(h) for c in range(w - 1)]
    edges += [Edge(f"{c},{r}", f"{c},{r + 1}") for r in range(h - 1) for c in range(w)]
    return Graph.build(spaces, edges)


G = grid(5, 4)


@settings(max_examples=runs(25), deadline=None)
@given(c=st.integers(0, 4), r=st.integers(0, 3), n=st.integers(1, 7), revisit=st.sampled_from(["no_backtrack", "any"]))
def test_layers_match_walks(c: int, r: int, n: int, revisit: str) -> None:
    start = f"{c},{r}"
    table = walk_layers(G, start, n, revisit=revisit)
    assert set(table) == set(G.neighbours(start))
    for first, layers in table.items():
        assert len(layers) == n
        for k in range(1, n + 1):
            assert layers[k - 1] == frozenset(walks(G, start, k, revisit=revisit, first=first))


def test_ends_and_passed_with_a_doubled_first_step() -> None:
    start = "0,0"
    table = walk_layers(G, start, 4)
    length = lambda first: 4 if first == "1,0" else 2   # east doubles a roll of 2
    end = ends(table, length, may_stop=lambda s: s != start)
    assert end["1,1"] == 2 and "4,0" in end and end["4,0"] == 4 and start not in end
    early = passed(first_reached(table, lambda s: s != start), length)
    assert early["1,0"] == 1 and early["3,0"] == 3 and "4,0" not in early


def test_islands_crossed_only_when_allowed() -> None:
    blocked = {"1,0", "1,1", "1,2"}
    table = walk_layers(G, "0,0", 6, allow=lambda s: s not in blocked)
    assert all(not (layer & blocked) for layers in table.values() for layer in layers)
    assert "2,0" not in table["0,1"][1]   # the wall of blocked squares is not crossed in 2
