"""Maps made usable, for any game: hex and square coordinates, the space graph, cheapest paths
with costs, budgets and caps, exact-length walks, and the geometry in mm that paper and screen
draw. Pure Python on networkx: no pydantic, no drawing library, nothing of a game.

    from companion.board import graph_of, geometry, Costs, reachable, walks
    g = graph_of(board)                       # board: a content Board with spaces
    g.rings("crater")                         # spaces 0, 1, 2... steps from the crater
    reachable(g, "h-3-4", Costs(enter=terrain_cost, surcharge={"river": 1}), budget=7)
"""
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
__all__ = list(_WHERE)
