"""The History screen in a real headless Chromium: after games played to their end, the home
screen lists them as over and opens each at its end screen (the winner and the final scores), the
game is listed in the history with its winner, its sheet shows the rounds and the chart, and a
player's statistics open from the list."""
from __future__ import annotations

import re

import pytest

from app import state
from companion.games import get_game
from companion.history import open_history
from tests.app.test_views import FakeApp, play_out

pytestmark = pytest.mark.browser


@pytest.mark.walk
def test_the_history_screen_shows_the_game_just_played(make_server, new_page, ui, tmp_path) -> None:
    data = tmp_path / "data"
    # a Kapern game played to its end in this data folder, by the app's own registry (the server's)
    reg = state.GameRegistry(data)
    live = reg.create(get_game("piraten-kapern"), ["Anne", "Bart"], state.HOTSEAT, kinds=[state.HUMAN, state.BOT],
                      seed=5)
    play_out(live, FakeApp(reg))
    winner = live.result()["winners"][0]
    live.session.close()
    pvd = reg.create(get_game("pirates-vs-dinosaurs"), ["Cato", "Dora"], state.HOTSEAT,
                     kinds=[state.HUMAN, state.BOT], seed=5)
    play_out(pvd, FakeApp(reg))
    pvd_winners = pvd.result()["winners"]
    pvd.session.close()
    srv = make_server(data, "--seed", "7")
    page = new_page(ui.PHONE)
    ui.open_app(page, srv.url)
    ui.see(page, "Piraten Kapern · Hot-seat game")
    ui.shot(page, "home")
    # a finished game opens at its end screen: who won, the final scores
    ui.tap(page, page.get_by_role("button", name="Continue Pirates vs. Dinosaurs: Cato, Dora"))
    ui.see(page, "Game over")
    ui.see(page, "Final scores")
    if len(pvd_winners) == 1:
        ui.see(page, f"{pvd_winners[0]} wins!")
    ui.shot(page, "pvd-end")
    ui.tap(page, page.get_by_label("Home").first)
    ui.tap(page, page.get_by_role("button", name="Continue Piraten Kapern: Anne, Bart"))
    ui.see(page, f"{winner} wins!")
    ui.shot(page, "kapern-end")
    ui.tap(page, page.get_by_label("Home").first)
    ui.tap(page, "History")
    ui.see(page, "Games played (2)")
    ui.see(page, re.compile(rf"{winner} \d+ \(won\)"))
    ui.see(page, "Highest turn")
    ui.shot(page, "history-1-list")
    ui.tap(page, page.get_by_role("button", name=re.compile(r"^Open the game of .*(Anne, Bart|Bart, Anne)")).first)
    ui.see(page, "Round by round")
    ui.see(page, "Score over the rounds")
    ui.shot(page, "history-2-sheet")
    with open_history(data / "history.sqlite3") as h:
        assert len(h.ids()) == 2
