"""Maps made usable, for any game: hex and square coordinates, the space graph, cheapest paths
with costs, budgets and caps, exact-length walks, and the geometry in mm that paper and screen
draw. Pure Python on networkx: no pydantic, no drawing library, nothing of a game.

    from companion.board import graph_of, geometry, Costs, reachable, walks
    g = graph_of(board)                       # board: a content Board with spaces
    g.rings("crater")                         # spaces 0, 1, 2... steps from the crater
    reachable(g, "h-3-4", Costs(enter=terrain_cost, surcharge={"river": 1}), budget=7)
"""
from .geometry import EdgeShape, Geometry, LinkShape, SpaceShape, geometry
from .graph import Edge, Graph, Space, edge_key
from .maps import graph_of, grid_neighbours, space_name
from .picture import picture
from .paths import Budget, Costs, Path, cheapest, path_of, reachable, retreats
from .walks import walks, wind_walks, with_wind

__all__ = ["Budget", "Costs", "Edge", "EdgeShape", "Geometry", "Graph", "LinkShape", "Path", "Space", "SpaceShape",
           "cheapest", "edge_key", "geometry", "graph_of", "grid_neighbours", "path_of", "picture", "reachable", "retreats",
           "space_name", "walks", "wind_walks", "with_wind"]
