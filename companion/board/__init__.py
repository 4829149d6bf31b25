"""Maps made usable, for any game: hex and square coordinates, the space graph, cheapest paths
with costs, budgets and caps, exact-length walks, and the geometry in mm that paper and screen
draw. Pure Python on networkx: no pydantic, no drawing library, nothing of a game.

    from companion.board import graph_of, geometry, Costs, reachable, walks
    g = graph_of(board)                       # board: a content Board with spaces
    g.rings("crater")                         # spaces 0, 1, 2... steps from the crater
    reachable(g, "h-3-4", Costs(enter=terrain_cost, surcharge={"river": 1}), budget=7)
"""
import sys
import types

from companion.lazy import exports

_WHERE = {
    **dict.fromkeys(["EdgeShape", "Geometry", "LinkShape", "SpaceShape", "geometry"], ".geometry"),
    **dict.fromkeys(["Edge", "Graph", "Space", "edge_key"], ".graph"),
    **dict.fromkeys(["graph_of", "grid_neighbours", "space_name"], ".maps"),
    "picture": ".picture",
    **dict.fromkeys(["Budget", "Costs", "Path", "cheapest", "path_of", "reachable", "retreats"], ".paths"),
    **dict.fromkeys(["walks", "wind_walks", "with_wind"], ".walks"),
}
__getattr__, __dir__ = exports(__name__, _WHERE)


class _Package(types.ModuleType):
    """Three exports have their module's name (geometry, picture, walks). Importing such a module
    binds its name on the package to the module, so `from companion.board import geometry` gave
    the module, not the function, once anything had imported companion.board.geometry first. The
    package keeps its exports: a submodule is not bound under an exported name (it stays in
    sys.modules, where `from .geometry import ...` finds it)."""

    def __setattr__(self, name: str, value: object) -> None:
        if name in _WHERE and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
__all__ = list(_WHERE)
