"""Every game found by convention opens in the app (docs/ARCHITECTURE.md, How to add a game): its
menu, its setup, and a hot-seat game against bots on the Play screen (its own views, or the generic
one: its view as text and one button per legal action), played a few moves by taps."""
from __future__ import annotations

import pytest

from app import screens, state
from app.play import PlayScreen
from companion import api
from companion.games import game_ids

from .test_views import FakeApp, check, choices_of


@pytest.fixture
def reg(tmp_path, monkeypatch) -> state.GameRegistry:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    return state.registry()


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_with_an_engine_is_playable_in_the_app(reg, game_id) -> None:
    app = FakeApp(reg)
    entry = api.entry(game_id)
    assert entry.has_engine
    assert "Play" in check(screens.GameMenu(app, game_id).build())
    assert "Start" in check(screens.SetupScreen(app, game_id, "play").build())
    players = ["Anne"] + [f"Bot {i}" for i in range(1, entry.min_players)]
    kinds = [state.HUMAN] + [state.BOT] * (entry.min_players - 1)
    live = reg.create(api.get_game(game_id), players, state.HOTSEAT, kinds, seed=5)
    screen = PlayScreen(app, live)
    acted = 0
    for _ in range(6):  # a few of Anne's moves; the bots answer between them
        if live.session.is_over():
            break
        names = check(screen.build())
        assert names, "the Play screen offers something to tap"
        if live.to_move() != 0:
            break
        assert choices_of(screen.build()), "Anne's turn shows her choices"
        before = len(live.session.log)
        screen.act(live.legal_actions()[0])
        assert len(live.session.log) > before and not app.toasts
        acted += 1
    assert acted >= 1 or live.session.is_over()
