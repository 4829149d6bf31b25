"""Issue 26 items 3 and 8 in a real Chromium at phone size: digital Pirate Island shows each of
the human's turns that had nothing to decide (its roll, "Go on") before the bot moves; the Rules
button opens the rules at the step's section; Continue archives a game; and while the server is
stopped the page says so in words, gone once it is back. Screenshots go to $COMPANION_SHOTS
(table-*.png)."""
from __future__ import annotations

import re

import pytest

from app import state
from companion.games import get_game

pytestmark = pytest.mark.browser


@pytest.mark.walk
def test_turns_rules_archive_and_a_stopped_server(make_server, tmp_path, server, new_page, ui) -> None:
    srv = make_server(tmp_path)  # (its own server: the test stops and starts it)
    # seeded (made in the server's data folder, opened by its link): Anne's first two rolls are 5 and 6
    live = state.GameRegistry(srv.data_dir).create(get_game("pirate-island"), ["Anne", "Bart"], state.HOTSEAT,
                                                   [state.HUMAN, state.BOT], seed=3)
    live.session.close()  # (the server opens it: one program at a time holds a game)
    gid = live.id
    page = new_page(ui.PHONE)
    ui.open_app(page, f"{srv.url}/s/{gid}")
    seen = 0
    for _ in range(20):  # the human's turns with nothing to decide, each shown, then their decision
        page.get_by_role("button", name="Go on").or_(
            page.get_by_role("button", name=re.compile(r"^H\d+ Harbour.*\(a legal target\)$"))).first.wait_for()
        if not page.get_by_role("button", name="Go on").count():
            break
        ui.see(page, "Nothing to decide this time:")
        page.get_by_text(re.compile(r"^Anne rolls \d: the ship stays at sea$")).first.wait_for()
        if not seen:
            ui.shot(page, "table-1-turn-to-see")
        ui.tap(page, "Go on")
        seen += 1
    assert seen == 2  # (the seeded game's first two rolls keep Anne's ship at sea)
    page.get_by_role("switch", name="Bots move step by step (a tap for each move)").wait_for()
    # the rules at this step: entering a harbour is in "Setup and start"
    ui.tap(page, "Rules")
    ui.see(page, "This step:")
    ui.see(page, "Setup and start")
    ui.shot(page, "table-2-rules-at-the-step")
    # Continue: archive the game (it stays saved, under Archived games)
    ui.open_app(page, f"{srv.url}/")
    ui.tap(page, page.get_by_label(re.compile(r"^Archive Pirate Island")).first)  # (the icon's tooltip names it)
    ui.see(page, "Archived games")
    ui.shot(page, "table-3-archived")
    # the server stops: the page says so in words (not Flet's bare "Working..."), and carries on after
    ui.open_app(page, f"{srv.url}/s/{gid}")
    ui.see(page, "Your turn, Anne")
    srv.stop()
    page.get_by_text("The game's server is not answering").wait_for()
    ui.shot(page, "table-4-server-down", always=False)
    srv.start()
    page.get_by_text("The game's server is not answering").wait_for(state="detached", timeout=60_000)
    ui.see(page, "Your turn, Anne")
