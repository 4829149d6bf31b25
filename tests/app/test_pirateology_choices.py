"""Pirateology's choices the rulebook gives, as buttons of digital play and the table helper
(issue 31 item 3): robbing or sparing a castaway (Using The Skull Cards), battling with a weapon
other than the best (Rules Of Battle), ending a turn without the burial or battle an early
anchor was for (Treasure Spots). The words come from content/pirateology/words/; every button
sends an action the rules take."""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import flet as ft

from app.pirateology import play
from companion.games.pirateology.rules import GAME, PirState
from companion.words import words_for
from tests.pirateology.conftest import moved, run, table

from .test_views import walk


class Screen:
    """What play.actions asks of a screen: its words and where a tap's action goes."""

    def __init__(self, lang: str = "en"):
        self.w = words_for(lang)
        self.sent: list[Any] = []

    def act(self, action: Any) -> None:
        self.sent.append(action)


def buttons(s: PirState, lang: str = "en") -> tuple[Screen, dict[str, Any]]:
    """The decision buttons of the seat to move, by their words."""
    screen = Screen(lang)
    live = SimpleNamespace(session=SimpleNamespace(view=lambda who: GAME.view(s, who)),
                           describe=lambda a: GAME.describe_action(s, a))
    out = {}
    for root in play.actions(screen, live, GAME.to_move(s), GAME.legal_actions(s)):
        for c, _ in walk(root):
            if isinstance(c, (ft.Button, ft.FilledButton)):
                out[c.content] = c
    return screen, out


def tapped(s: PirState, words: str) -> PirState:
    """Tap the button `words` and play what it sends."""
    screen, found = buttons(s)
    assert words in found, f"no button {words!r}; have {sorted(found)}"
    found[words].on_click(None)
    s, _ = run(s, screen.sent[-1])
    return s


def test_a_castaways_coins_are_taken_or_left_by_a_button() -> None:
    """Using The Skull Cards: the lander "can take" the castaway's coins: two buttons say whose and how many."""
    s = moved(table(["b6", "n10"], hands=[[], ["crew"]]), "e", ["2"])
    s.marooned[1] = "b4"
    s, _ = run(s, {"type": "move", "space": "b4"})
    _, found = buttons(s)
    assert {"Take Ben's 7 coins (a castaway)", "Leave Ben's coins with the castaway"} <= set(found)
    _, nl = buttons(s, "nl")
    assert "Laat de munten van Ben bij de schipbreukeling" in nl
    left = tapped(s, "Leave Ben's coins with the castaway")
    assert left.coins == [7, 7] and left.phase == "draw"
    taken = tapped(s, "Take Ben's 7 coins (a castaway)")
    assert taken.coins == [14, 0]


def test_a_weapon_other_than_the_best_is_a_button() -> None:
    """Rules Of Battle: beside the attack with the best weapon, one with each other weapon in reach."""
    s = table(["c1", "d1"], hands=[["crew", "cannon", "knife"], ["crew"]], phase="act")
    _, found = buttons(s)
    assert "Attack Ben's ship with the Cannon" in found
    s = tapped(s, "Attack Ben with the Knife instead (1 die)")
    assert s.battle["att_weapon"] == "knife"
    s, _ = run(s, ["3"])                                   # Ben cannot fight back: one die
    assert s.hands[0] == ["cannon", "crew"] and s.bottom == ["knife"] and s.coins == [10, 4]


def test_a_turn_ends_without_what_the_anchor_was_for_by_a_button() -> None:
    """Treasure Spots: after dropping anchor to bury, the turn may end without burying."""
    s = moved(table(["b3", "n6"]), "w", ["4"])
    s, _ = run(s, {"type": "move", "space": "b6"})
    s = tapped(s, "End the turn without burying or stealing")
    assert s.seat == 1 and s.coins[0] == 7
