"""The Pirateology table helper without a browser: the real game with a Table chance source,
driven by the helper's own controls (Set Up, Moving Around The Board, Rules Of Battle, Ship vs
Ship): pirates placed by tapping a Black X on the board, the dealt cards tapped in, the start
roll and the move dice entered face by face, the wind tapped on the compass, a square tapped
on the board, the wager picked and the battle dice of both weapons entered; the purses, the bank
and the battle's result come from the view. Undo takes an entry back."""
from __future__ import annotations

import re
from typing import Any

import flet as ft

from app import games, state
from app.assistant import AssistantScreen
from app.pirateology import assistant
from companion import api
from companion.games.pirateology.rules import GAME

from .test_views import FakeApp, check, reg, walk  # noqa: F401 (reg is a fixture)


def labelled(controls: list[Any]) -> dict[str, Any]:
    """Accessible label -> the tappable container under it (board squares, dice, cards, compass)."""
    out = {}
    for root in controls:
        for c, _ in walk(root):
            if isinstance(c, ft.Semantics) and c.label:
                out[c.label] = c.content
    return out


def press(controls: list[Any], text: str) -> None:
    """Click the button whose text is `text`."""
    for root in controls:
        for c, _ in walk(root):
            if isinstance(c, (ft.Button, ft.FilledButton)) and c.content == text and not c.disabled:
                c.on_click(None)
                return
    raise AssertionError(f"no button {text!r}")


def tap(screen: AssistantScreen, pattern: str) -> None:
    nodes = labelled(screen.build())
    found = [k for k in nodes if re.search(pattern, k)]
    assert found, f"nothing labelled {pattern!r}; have {sorted(nodes)[:12]}..."
    nodes[found[0]].on_click(None)


def text_of(controls: list[Any]) -> str:
    return "\n".join(str(c.value) for root in controls for c, _ in walk(root) if isinstance(c, ft.Text))


def test_helper__set_up_move_and_battle_through_the_real_game(reg) -> None:
    app = FakeApp(reg)
    live = reg.create(api.table_game("pirateology"), ["Ann", "Ben"], state.ASSISTANT, seed=1)
    assert live.game is GAME   # no separate tracker: the table plays the rules engine itself
    screen = AssistantScreen(app, live, games.game_ui("pirateology"))
    # Set Up: a pirate starts on a Black X, tapped on the board
    assert check(screen.build())
    tap(screen, r"^B2 Black X, a Black X to start on$")
    assert live.session.view(None)["players"][0]["space"] == "b2"
    tap(screen, r"^B6 Black X, a Black X to start on$")
    # the three cards dealt, tapped in one by one and confirmed
    for cards in (("Crew", "Cannon", "Musket"), ("Crew", "Pistol", "Treasure Map")):
        for name in cards:
            tap(screen, rf"^Card {name} \(")
        press(screen.build(), "Confirm the cards")
    view = live.session.view(None)
    assert [c["name"] for c in view["players"][0]["cards"]] == ["Cannon", "Crew", "Musket"]
    # the start roll: one die each, the skull highest
    tap(screen, "^Die face Skull$")
    tap(screen, "^Die face 1$")
    press(screen.build(), "Confirm the dice")
    assert live.session.view(None)["seat"] == 0 and live.session.view(None)["phase"] == "spin"
    # Moving Around The Board: the wind tapped on the compass, then two dice as a ship
    names = set(labelled(screen.build()))
    assert {f"Wind {d['name']}" for d in view["directions"]} <= names and "Spin the compass here" in names
    tap(screen, "^Wind South$")
    assert live.session.view(None)["wind"] == "s"
    tap(screen, "^Die face 1$")
    tap(screen, "^Die face 1$")
    press(screen.build(), "Confirm the dice")
    # dropping anchor early to battle, tapped on the board
    tap(screen, r"^B3 .*reachable in 1 \(drop anchor to battle\)$")
    assert live.session.view(None)["players"][0]["space"] == "b3"
    press(screen.build(), "Attack Ben's ship with the Cannon")
    # Ship vs Ship: the wager picked (coins, then confirm), both weapons' dice entered
    shown = text_of(screen.build())
    assert "Ann: Cannon, 3 dice" in shown and "Ben: Pistol, 2 dice" in shown
    press(screen.build(), "3")
    press(screen.build(), "Wager 3 coins and 0 cards")
    nodes = labelled(screen.build())
    assert "Ann's dice (Cannon): not entered" in nodes and "Ben's dice (Pistol): not entered" in nodes
    for face in ("5", "5", "4", "1", "2"):
        tap(screen, f"^Die face {face}$")
    press(screen.build(), "Confirm the dice")
    view = live.session.view(None)
    assert [p["coins"] for p in view["players"]] == [10, 4]
    shown = text_of(screen.build())
    assert "Ann wins the wager" in shown
    assert f"= {view['coins_total']} coins" in shown and view["coins_total"] == 50
    assert not app.toasts
    # Undo takes the battle roll back: the dice are asked again
    screen.undo()
    assert live.session.view(None)["phase"] == "battle"
    assert "Ann's dice (Cannon): not entered" in labelled(screen.build())


def test_helper__castaway_tries_and_what_rescues_come_from_the_view() -> None:
    s = GAME.new_state(["Ann", "Ben"], {})
    s.phase, s.seat, s.tries, s.marooned[0], s.pos[0] = "castaway", 0, 1, "c4", "n10"
    view = GAME.view(s, None)
    line = assistant.castaway_card(view).content.value
    assert line == "Ann is on Castaway Island: try 2 of 3 this turn; 7 or 11 on 2 dice sails back to the land marker."
    board = GAME.board_view(s, None)
    assert board["spaces"]["c4"]["label"].endswith("Ann's land marker (castaway)")
    assert "Ann's pirate" in board["spaces"]["n10"]["label"]


def test_helper__the_dealt_cards_say_what_comes_next(reg) -> None:
    """Three cards dealt: while some are missing, Confirm says how many more; once all are in, the
    line under them asks to confirm (it went on asking to tap the three cards, every tile greyed)."""
    app = FakeApp(reg)
    live = reg.create(api.table_game("pirateology"), ["Ann", "Ben"], state.ASSISTANT, seed=1)
    screen = AssistantScreen(app, live, games.game_ui("pirateology"))
    tap(screen, r"^B2 Black X, a Black X to start on$")
    tap(screen, r"^B6 Black X, a Black X to start on$")
    tap(screen, r"^Card Crew \(")
    shown = text_of(screen.build())
    assert "Tap the 3 cards dealt at the table." in shown and "2 more to enter" in shown
    tap(screen, r"^Card Cannon \(")
    tap(screen, r"^Card Musket \(")
    shown = text_of(screen.build())
    assert "All 3 entered: confirm them (tap one above to take it out again)." in shown
    assert "Tap the 3 cards dealt at the table." not in shown and "more to enter" not in shown
