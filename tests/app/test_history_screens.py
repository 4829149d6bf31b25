"""The History screens and the app's recording, in process: a game played to its end in the app
is in the history once (a reload, an undo and a second end do not add another), its sheet and
chart, the players' statistics and a deletion; the Kapern assistant's score sheet by round."""
from __future__ import annotations

import random
from typing import Any

import pytest

from companion.games import get_game
from companion.history import open_history

from app import history as screens_history
from app import screens, state
from tests.app.test_views import FakeApp, check, play_out
from tests.app.walks import texts


@pytest.fixture
def reg(tmp_path, monkeypatch) -> state.GameRegistry:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    return state.registry()


def all_text(controls: list[Any]) -> str:
    return "\n".join(texts(controls))


def test_a_game_played_to_its_end_in_the_app_is_in_the_history_once(reg) -> None:
    app = FakeApp(reg)
    live = reg.create(get_game("piraten-kapern"), ["Anne", "Bart"], state.HOTSEAT, kinds=[state.HUMAN, state.BOT],
                      seed=5)
    play_out(live, app)
    with open_history(reg.history) as h:
        recs = h.games()
    assert len(recs) == 1
    rec = recs[0]
    assert rec.game == "piraten-kapern" and rec.mode == "hotseat"
    assert [s.name for s in rec.seats] == ["Anne", "Bart"]
    assert [s.kind for s in rec.seats] == ["human", "bot:heuristic"]
    res = live.result()
    assert [s.score for s in rec.seats] == [res["scores"]["Anne"], res["scores"]["Bart"]]
    assert rec.winners() == res["winners"]
    assert rec.rounds[-1].values == [res["scores"]["Anne"], res["scores"]["Bart"]]
    # loaded again (another server start): not recorded twice
    fresh = state.GameRegistry(reg.root.parent)
    fresh.get(live.id)
    with open_history(reg.history) as h:
        assert len(h.ids()) == 1


def test_history_screens_show_the_game_its_sheet_and_the_players(reg) -> None:
    app = FakeApp(reg)
    assert "No finished game yet" in all_text(screens_history.HistoryScreen(app).build())
    live = reg.create(get_game("piraten-kapern"), ["Anne", "Bart"], state.HOTSEAT, kinds=[state.HUMAN, state.BOT],
                      seed=5)
    play_out(live, app)
    home = check(screens.Home(app).build())
    assert "History" in home
    main = screens.for_route(app, "/history")
    text = all_text(main.build())
    assert "Games played (1)" in text and "Anne" in text and "Records" in text and "Highest turn" in text
    with open_history(reg.history) as h:
        n = h.ids()[0]
        anne = h.find_person("Anne")
    sheet = screens.for_route(app, f"/history/game/{n}")
    built = sheet.build()
    text = all_text(built)
    assert "Round by round" in text and "Score over the rounds" in text
    winner = live.result()["winners"][0]
    assert winner in text
    player = screens.for_route(app, f"/history/player/{anne}")
    text = all_text(player.build())
    assert "Win rate by game" in text and "Piraten Kapern" in text
    # delete: asked first, then gone (and not recorded again from the save still on the device)
    sheet.ask(None)
    assert "cannot be undone" in all_text(sheet.build())
    sheet.delete(None)
    assert app.toasts[-1] == "The game was deleted from the history."
    with open_history(reg.history) as h:
        assert h.ids() == []
    state.GameRegistry(reg.root.parent).get(live.id)
    with open_history(reg.history) as h:
        assert h.ids() == []
    assert "No game numbered" in all_text(screens.for_route(app, f"/history/game/{n}").build()) or \
        "no game numbered" in all_text(screens.for_route(app, f"/history/game/{n}").build())


def test_the_kapern_assistant_keeps_a_score_sheet_by_round(reg) -> None:
    app = FakeApp(reg)
    live = reg.create(get_game("piraten-kapern"), ["Anne", "Bart"], state.ASSISTANT, seed=2)
    rng = random.Random(4)
    from tests.app.walks import step
    for _ in range(400):
        if live.session.is_over() or live.track() and live.track()[-1].round >= 2:
            break
        step(app, live, rng)
    rounds = live.track()
    assert rounds and rounds[-1].round >= 2
    screen = screens.open_game(app, live.id)
    text = all_text(screen.build())
    assert "Score sheet" in text
    view = live.session.view(None)
    for p in view["players"]:
        assert p["name"] in text


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_history_screens_say_everything_in_words_the_fonts_have(reg, lang) -> None:
    """Every text of the History screens is the catalogue's, in English and Dutch, without a raw
    id or a wrong count, and every character has a glyph in the app's fonts."""
    from companion.words import problems

    from app import theme
    app = FakeApp(reg)
    app.lang = lang
    # games as every game records them: extras, marks, bots, each ending (made as data: the
    # recording of each game is tests/history/test_recording.py's)
    from companion.history import SeatRecord
    from tests.history.helpers import game, small_history
    extra = game("game-0009", "pirates-vs-dinosaurs", 900, [("Anne", 13000, True), ("Bart", 0, False)],
                 [[15, 15], [12, 14], [9, 11]], {"label": "history.track.crew",
                                                 "fastest": "history.record.fastest_treasure"})
    extra.ending = "sunk"
    extra.seats = [SeatRecord(seat=0, name="Anne", score=13000, winner=True, place=1, extras={"crew": 9}),
                   SeatRecord(seat=1, name="Bart", score=0, place=2, kind="bot:heuristic", extras={"crew": 11})]
    extra.rounds[-1].marks = ["history.mark.back", None]
    island = game("game-0010", "pirate-island", 950, [("Anne", 0, False), ("Cato", 1, True)], [[6, 6], [5, 4]],
                  {"label": "history.track.pirates"})
    island.seats[0].extras, island.seats[1].extras = {"pirates_left": 5}, {"pirates_left": 4}
    island.rounds[-1].marks = [None, "history.mark.treasure"]
    island.ending, island.mode = "round_limit", "assistant"
    out = game("game-0011", "pirateology", 990, [("Anne", 0, False), ("Bart", 9, True)], [[7, 7], [0, 9]],
               {"label": "history.track.gold"}, mode="terminal")
    out.ending, out.rounds[-1].marks = "last_standing", ["history.mark.out", None]
    with open_history(reg.history) as h:
        for r in small_history() + [extra, island, out]:
            h.add(r)
    with open_history(reg.history) as h:
        routes = ["/history"] + [f"/history/game/{n}" for n in h.ids()] + \
            [f"/history/player/{p['id']}" for p in h.people()]
    for route in routes:
        text = all_text(screens.for_route(app, route).build())
        assert "history." not in text, (route, text)  # no raw catalogue key
        assert not problems(text), (route, problems(text))
        assert not theme.missing_glyphs(text), (route, theme.missing_glyphs(text))
    if lang == "nl":
        assert "Gespeelde spellen" in all_text(screens.for_route(app, "/history").build())


def test_a_broken_history_is_said_on_the_history_screen(reg) -> None:
    """Found at a game's end or by the screen itself: the file kept aside is named, and the screen
    works on the new history."""
    reg.history.parent.mkdir(parents=True, exist_ok=True)
    reg.history.write_bytes(b"not a database" * 100)
    app = FakeApp(reg)
    text = all_text(screens.for_route(app, "/history").build())
    assert "not a history database of this companion" in text and "history.sqlite3.broken-" in text
    again = all_text(screens.for_route(app, "/history").build())
    assert "could not be read was kept as history.sqlite3.broken-" in again and "No finished game yet" in again
