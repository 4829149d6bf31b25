"""Games are found by convention (docs/ARCHITECTURE.md, How to add a game): a package with its GAME,
content schema, tracker, terminal and app views is found without editing a shared list."""
from __future__ import annotations

import sys
import textwrap

import pytest

import app
import companion.games as games
from app import games as app_games
from companion import api
from companion.content.schema import get_schema
from companion.engine import Game, bot_kinds, bot_name, make_bot

TOY = {
    "rules.py": """
        from companion.engine import ActionCodec, Game
        class Toy(Game):
            id = "toy-game"
            name = "Toy"
            state_type = dict
            codec = ActionCodec()
            def new_state(self, players, options): return {}
            def to_move(self, s): return None
            def chance_step(self, s): return None
            def is_over(self, s): return True
            def legal_actions(self, s): return []
            def step(self, s, a): return []
            def resolve(self, s, o): return []
            def view(self, s, p): return {}
            def result(self, s): return {"scores": {}, "winners": []}
        GAME = Toy()
    """,
    "tracker.py": """
        from .rules import Toy
        class ToyTracker(Toy):
            id = "toy-game-tracker"
        GAME = ToyTracker()
    """,
    "content.py": """
        from companion.content.models import RulingsFile
        from companion.content.schema import GameSchema
        SCHEMA = GameSchema(files={"rulings.yaml": RulingsFile})
    """,
    "terminal.py": "MARK = 'toy terminal'\n",
}


@pytest.fixture
def toy(tmp_path, monkeypatch):
    """A game package in a folder of its own, added to the packages' search path like a new game folder."""
    pkg = tmp_path / "companion_games" / "toy_game"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    for name, text in TOY.items():
        (pkg / name).write_text(textwrap.dedent(text))
    views = tmp_path / "app_views" / "toy_game"
    views.mkdir(parents=True)
    (views / "__init__.py").write_text("from app.games import GameUI\n\ndef ui():\n    return GameUI(status=lambda view, seat: 'toy')\n")
    monkeypatch.setattr(games, "__path__", [*games.__path__, str(pkg.parent)])
    monkeypatch.setattr(app, "__path__", [*app.__path__, str(views.parent)])
    found, trackers = games.discover()
    monkeypatch.setattr(games, "REGISTRY", found)
    monkeypatch.setattr(games, "TRACKERS", trackers)
    yield
    for name in [m for m in sys.modules if m.startswith(("companion.games.toy_game", "app.toy_game"))]:
        del sys.modules[name]


def test_a_new_game_package_is_found_without_editing_a_list(toy) -> None:
    assert "toy-game" in games.game_ids()
    assert games.get_game("toy-game").name == "Toy"
    assert "toy-game-tracker" not in games.game_ids()  # a tracker is not a playable game...
    assert games.get_game("toy-game-tracker").id == "toy-game-tracker"  # ...but its saves load
    assert api.table_game("toy-game").id == "toy-game-tracker"
    assert set(get_schema("toy-game").files) == {"rulings.yaml"}
    assert games.game_module("toy-game", "terminal").MARK == "toy terminal"
    assert games.game_module("toy-game", "sim") is None
    assert app_games.game_ui("toy-game").id == "toy-game" and app_games.game_ui("toy-game").status(None, 0) == "toy"
    assert app_games.game_ui("toy-game-tracker").id == "toy-game"  # a tracker's saves open with its views


def test_every_game_package_names_its_game_by_its_folder() -> None:
    """The id of GAME is the package name with '-' for '_', so saves, content and views agree."""
    assert games.game_ids()
    for gid in games.game_ids():
        game = games.get_game(gid)
        assert isinstance(game, Game) and game.id == gid
        assert get_schema(gid) is not None, f"{gid}: content.py with SCHEMA"
    for tid in games.TRACKERS:
        assert games.get_game(tid).id == tid


@pytest.mark.parametrize("game_id", games.game_ids())
def test_every_games_bots_share_their_names(game_id) -> None:
    """Every game seats its bots by the same names (random, heuristic, expert), the heuristic one
    first (what an empty seat gets); a bot's former name (`old_bot_names`) seats the bot of today."""
    game = games.get_game(game_id)
    kinds = list(bot_kinds(game))
    assert kinds[0] == "heuristic" and "random" in kinds and set(kinds) <= {"random", "heuristic", "expert"}
    for old, new in game.old_bot_names.items():
        assert bot_name(game, old) == new and make_bot(game, 0, old).name == new
    with pytest.raises(ValueError, match=f"unknown bot 'genius'; {game.name} bots: {', '.join(kinds)}"):
        bot_name(game, "genius")


def test_unknown_names_find_nothing() -> None:
    assert get_schema("no-such-game") is None
    assert get_schema("../evil") is None
    assert games.game_module("no-such-game", "terminal") is None
    assert app_games.game_ui("no-such-game").board is None
    with pytest.raises(ValueError, match="unknown game 'no-such-game'"):
        games.get_game("no-such-game")
