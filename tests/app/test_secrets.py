"""Secrets the table keeps (issue 26, item 7): each game's views decide what a shared screen
shows. A hot-seat device is covered between players only in a game with hidden information; a
shared screen (the table's view, player None) shows nothing a game keeps face down. One test per
game, each naming the rulebook's words for what lies open or face down."""
from __future__ import annotations

import random

import pytest

from app import games, state
from app.assistant import AssistantScreen
from app.play import PlayScreen
from companion import api
from companion.engine import Session
from companion.games import get_game
from companion.games.pirate_island.rules import GAME as ISLAND
from companion.games.pirates_vs_dinosaurs.table import entries as T

from ..pirate_island.conftest import table as island_table
from .test_views import FakeApp
from .walks import texts


@pytest.fixture
def reg(tmp_path, monkeypatch) -> state.GameRegistry:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    return state.registry()


def hot_seat_screen(reg: state.GameRegistry, gid: str) -> list[str]:
    """The texts a hot-seat device of two humans shows at the start (the first turn not revealed)."""
    app = FakeApp(reg)
    live = reg.create(get_game(gid), ["Anne", "Bart"], state.HOTSEAT, [state.HUMAN, state.HUMAN], seed=5)
    return list(texts(PlayScreen(app, live).build()))


def open_views(gid: str, steps: int = 40) -> None:
    """Every seat's view is the table's (but for whose view it is) at every step of a seeded game."""
    s = Session(get_game(gid), ["Anne", "Bart"], seed=3)
    rng = random.Random(3)
    for _ in range(steps):
        table = s.view(None)
        for seat in range(2):
            assert {**s.view(seat), "you": None} == table
        if s.is_over():
            break
        s.act(rng.choice(s.legal_actions()))


def test_kapern_lays_everything_open() -> None:
    """Piraten Kapern: the fortune card and the dice lie on the table; nothing to cover."""
    assert get_game("piraten-kapern").hidden_information is False
    open_views("piraten-kapern")


def test_kapern_hot_seat_passes_without_a_privacy_screen(reg) -> None:
    shown = hot_seat_screen(reg, "piraten-kapern")
    assert not any(t.startswith("Pass the device to") for t in shown)
    assert any(t.startswith("Your turn, ") for t in shown)


def test_pirateology_cards_lie_face_up(reg) -> None:
    """Pirateology, Setup: "Place your cards face up in front of you": every seat's view is the
    table's, no privacy screen (the battle odds name the opponent's weapon: tests/odds)."""
    assert get_game("pirateology").hidden_information is False
    open_views("pirateology")
    assert not any(t.startswith("Pass the device to") for t in hot_seat_screen(reg, "pirateology"))


def test_pirate_island_chests_stay_secret_on_a_shared_screen(reg) -> None:
    """Pirate Island: only who looked into a chest knows what it holds, so the table's view never
    says it, and a hot-seat device is covered between players."""
    assert ISLAND.hidden_information is True
    assert any(t.startswith("Pass the device to") for t in hot_seat_screen(reg, "pirate-island"))
    s = island_table()  # (the chests placed; Anne looked into the first: the treasure)
    s.seen[0], s.contents[0] = [0], "treasure"
    assert ISLAND.view(s, 0)["chests"][0]["treasure"] is True
    assert all("treasure" not in c for c in ISLAND.view(s, None)["chests"])


def test_pvd_treasure_values_stay_face_down_on_the_tracker(reg) -> None:
    """Pirates vs. Dinosaurs, Stage 3: "place the token face down so that nobody but you knows the
    treasure's value": the table tracker on a shared screen shows the count, the value only while
    its captain looks; digital play covers the device between players."""
    assert any(t.startswith("Pass the device to") for t in hot_seat_screen(reg, "pirates-vs-dinosaurs"))
    app = FakeApp(reg)
    live = reg.create(api.table_game("pirates-vs-dinosaurs"), ["Anne", "Bart"], state.ASSISTANT)
    s = live.session
    s.act(T.Outfit(0, "sabers-and-muskets", ("cannon", "rope", "shovels")))
    s.act(T.StartSearch(0, "jungle"))
    s.act(T.ToDigSite(0))
    s.act(T.Token(0, "treasure", 7000))  # the prize
    screen = AssistantScreen(app, live, games.game_ui("pirates-vs-dinosaurs"))
    shown = " ".join(texts(screen.build()))
    assert "Treasures: 1" in shown and "$7,000" not in shown
    screen.pvd_looking = {0}  # Anne taps "Anne looks at the values"
    assert "$7,000" in " ".join(texts(screen.build()))
    assert s.view(None)["players"][0]["treasures"] is None and s.view(0)["players"][0]["treasures"] == [7000]
