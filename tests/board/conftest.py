"""The board layer's fixture map (tests/fixtures/maps/hexland) and its graph."""
from __future__ import annotations

from pathlib import Path

import pytest

from companion.board import Costs, graph_of
from companion.content.loader import load_game

HEXLAND = Path(__file__).resolve().parent.parent / "fixtures" / "maps" / "hexland"

#: Pirate Island's movement table, as the fixture's terrain costs (None: may not be entered)
TERRAIN = {"plain": 1, "fortress": 1, "swamp": 2, "hill": 2, "mountain": 3, "crater": None, "lake": None,
           "harbour": None, "box": None}


@pytest.fixture(scope="session")
def hexland():
    return load_game(HEXLAND).files["board.yaml"].boards[0]


@pytest.fixture(scope="session")
def graph(hexland):
    return graph_of(hexland)


@pytest.fixture(scope="session")
def move(graph):
    """Pirate Island's costs on the fixture: terrain, +1 per river, 6 to land from the harbour."""
    return Costs(enter=lambda s: TERRAIN[graph[s].kind], surcharge={"river": 1}, links={"landing": 6})
