"""Issue 26 item 8, what a table app is expected to have (no browser; tests/app/test_table_browser.py
uses them in Chromium): a Rules button on every game screen opening the rules reference at the
section of the step the game is at; Continue's games archived or deleted by the device that started
them; a disabled Undo that says why; the whole game log, scrolling; the server-down words."""
from __future__ import annotations


import flet as ft
import pytest

from app import games, screens, state
from app.assistant import AssistantScreen
from app.main import index_html
from app.play import PlayScreen
from app.widgets.log import LOG_OPEN, game_log
from companion import api
from companion.engine import Event, IllegalAction
from companion.games import get_game
from companion.words import words_for

from .test_views import FakeApp, check, text_of, walk


@pytest.fixture
def reg(tmp_path, monkeypatch) -> state.GameRegistry:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    return state.registry()


def rules_route(screen: object) -> str:
    """Where the app bar's Rules button goes (its click, with the app's go recorded)."""
    went: list[str] = []
    screen.app.go = went.append
    (rules,) = screen.bar_actions("#ffffff")
    assert rules.content == "Rules"
    rules.on_click(None)
    return went[0]


@pytest.mark.parametrize("gid", ["piraten-kapern", "pirates-vs-dinosaurs", "pirateology", "pirate-island"])
def test_every_game_screen_has_rules_opened_at_its_step(reg, gid) -> None:
    """Digital play and the table assistant of every game: the Rules button opens the game's rules
    reference at the section that holds the names of the step's choices."""
    app = FakeApp(reg)
    play = reg.create(get_game(gid), ["Anne", "Bart"], state.HOTSEAT, [state.HUMAN, state.BOT], seed=3, owner=app.client)
    while play.pause() is not None:
        play.go_on(app.client)
    sections = games.rules_reference(gid)["sections"]
    route = rules_route(PlayScreen(app, play))
    assert route.startswith(f"/games/{gid}/rules/")
    at = int(route.rsplit("/", 1)[1])
    kinds = {w for a in play.legal_actions() for w in a.type.split("_")}
    assert any(games.search_rules([sections[at]], k) for k in kinds), (kinds, sections[at]["title"])
    opened = screens.for_route(app, route).build()
    assert text_of(opened[:1]).startswith("This step:") and sections[at]["title"] in text_of(opened[:1])
    table = reg.create(api.table_game(gid), ["Anne", "Bart"], state.ASSISTANT, owner=app.client)
    assert rules_route(AssistantScreen(app, table, games.game_ui(gid))).startswith(f"/games/{gid}/rules")


def test_pirate_island_rules_open_at_movement_when_moving(reg) -> None:
    sections = games.rules_reference("pirate-island")["sections"]
    at = games.rules_section_for(sections, ["move", "end", "turn"])
    assert sections[at]["title"] == "Movement points"
    assert games.rules_section_for(sections, ["zebra"]) is None


def test_a_disabled_undo_says_why(reg) -> None:
    """After a roll in digital Kapern Undo is off (rolled dice stay rolled), and the screen says so
    under the button in the rules' words; a table assistant with nothing entered says that."""
    app = FakeApp(reg)
    live = reg.create(get_game("piraten-kapern"), ["Anne", "Bart"], state.HOTSEAT, [state.HUMAN, state.BOT], seed=3,
                      owner=app.client)
    assert live.undo_refusal(app.client, words_for("en")) == "nothing to undo"  # (the first roll opens the turn)
    picks = [a for a in live.legal_actions() if a.type == "pick"][:2]
    for a in picks:
        live.act(app.client, a)
    live.act(app.client, next(a for a in live.legal_actions() if a.type == "reroll"))
    while live.pause() is not None:
        live.go_on(app.client)
    app.revealed[live.id] = live.to_move()
    assert not live.can_undo(app.client)
    why = words_for("en")("refused.undo_chance")
    text = text_of(PlayScreen(app, live).build())
    assert why[:1].upper() + why[1:] in text
    table = reg.create(api.table_game("piraten-kapern"), ["Anne", "Bart"], state.ASSISTANT, owner=app.client)
    assert "Nothing to undo" in text_of(AssistantScreen(app, table, games.game_ui("piraten-kapern")).build())


def test_continue_archives_and_deletes_games_of_this_device(reg) -> None:
    app = FakeApp(reg)
    kapern = get_game("piraten-kapern")
    kept = reg.create(kapern, ["Anne", "Bart"], state.HOTSEAT, [state.HUMAN, state.BOT], seed=3, owner=app.client)
    old = reg.create(kapern, ["Cato", "Dirk"], state.HOTSEAT, [state.HUMAN, state.BOT], seed=4, owner=app.client)
    home = screens.Home(app)
    names = check(home.build())
    assert "Archive Piraten Kapern (off the Continue list; it stays saved)" in names
    with pytest.raises(IllegalAction):
        old.archive("another device", True)
    tile = next(c for root in home.build() for c, _ in walk(root) if getattr(c, "key", None) == f"tile-{old.id}")
    archive = next(c for c, _ in walk(tile) if isinstance(c, ft.IconButton) and c.icon == ft.Icons.ARCHIVE)
    archive.on_click(None)
    assert state.GameRegistry().get(old.id).summary().archived  # saved with the game
    text = text_of(home.build())
    assert "Archived games" in text and text.count("Cato, Dirk") == 1
    assert [s.id for s in reg.summaries_for(app.client) if not s.archived] == [kept.id]
    with pytest.raises(IllegalAction):
        reg.remove("another device", old.id)
    home.ask_delete(old.id)
    assert "Delete Piraten Kapern for good? Its save is removed." in text_of(home.build())
    home.remove(old.id)
    assert old.id not in reg.ids() and old.id not in state.GameRegistry().ids()
    assert "Archived games" not in text_of(home.build())


def test_the_whole_log_scrolls(reg) -> None:
    """Pirate Island's log was cut to its last 40 lines: every line is there, newest first, in a box
    of its own that scrolls once it is long."""
    events = [Event("say", f"line {i}", {}) for i in range(120)]
    log = game_log(events)
    texts = [c.value for c, _ in walk(log) if isinstance(c, ft.Text)]
    assert texts[1] == "• Line 119" and texts[-1] == "• Line 0" and len(texts) == 121
    boxes = [c for c, _ in walk(log) if isinstance(c, ft.Column) and c.scroll == ft.ScrollMode.AUTO]
    assert len(boxes) == 1
    short = game_log(events[:LOG_OPEN])
    assert not [c for c, _ in walk(short) if isinstance(c, ft.Column) and c.scroll]


def test_the_page_says_in_words_when_the_server_is_down() -> None:
    html = index_html()
    assert html is not None and html.index("companion-offline") < html.index("flutter_bootstrap.js")
    for lang in ("en", "nl"):
        assert words_for(lang)("app.offline.title") in html


def test_every_human_turn_waits_in_the_play_screen(reg) -> None:
    """Issue 26 item 3 on the screen: the pause card says the roll and has "Go on"; the bots wait."""
    app = FakeApp(reg)
    live = reg.create(get_game("pirate-island"), ["Anne", "Bart"], state.HOTSEAT, [state.HUMAN, state.BOT], seed=3,
                      owner=app.client)
    screen = PlayScreen(app, live)
    built = screen.build()
    text = text_of(built)
    assert "Anne rolls 5: the ship stays at sea" in text and "Bart (bot) waits for a tap" in text
    assert {"Go on", "Bots move step by step (a tap for each move)",
            "Anne: let my turns with nothing to decide go by without a tap"} <= set(check(built))
    next(c for root in built for c, _ in walk(root) if getattr(c, "content", None) == "Go on").on_click(None)
    assert "Anne rolls 6: the ship stays at sea" in text_of(screen.build())
