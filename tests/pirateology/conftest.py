"""Helpers for the Pirateology rule tests: states set up by hand, then actions and rigged chance
outcomes played through the engine on a clone (Game.after / play_chance), so a refused action
leaves the state it was given as it was.

`table(...)` gives a state at the start of seat 0's turn (compass not yet spun) with the pirates
on the squares given; `run(state, *entries)` applies action dicts (or actions) and chance outcomes
in order, each entry going where the state expects it.
"""
from __future__ import annotations

from typing import Any

from companion.engine import Action
from companion.games.pirateology.rules import GAME, PirState

PLAYERS = ["Ann", "Ben", "Cas"]


def table(pos: list[str], players: list[str] | None = None, hands: list[list[str]] | None = None,
          coins: list[int] | None = None, phase: str = "spin", seat: int = 0) -> PirState:
    names = list(players or PLAYERS[: len(pos)])
    s = GAME.new_state(names, {})
    deck = list(s.pile)
    for p, hand in enumerate(hands or [[] for _ in names]):
        for c in hand:
            deck.remove(c)
        s.hands[p] = sorted(hand)
    s.pile = deck
    s.pos = list(pos)
    if coins is not None:
        s.bank += sum(s.coins) - sum(coins)
        s.coins = list(coins)
    s.phase, s.seat, s.first = phase, seat, 0
    return s


def run(s: PirState, *entries: Any) -> tuple[PirState, list]:
    events: list = []
    for entry in entries:
        if GAME.chance_step(s) is not None:
            s, ev = GAME.clone(s), []
            GAME.play_chance(s, entry, ev)
        else:
            action = entry if isinstance(entry, Action) else GAME.codec.decode(
                dict(entry, player=entry.get("player", GAME.to_move(s))))
            s, ev = GAME.after(s, action)
        events += ev
    return s, events


def moved(s: PirState, wind: str, faces: list[str]) -> PirState:
    """Spin `wind` and roll `faces`: the state waits for the move."""
    s, _ = run(s, [wind], faces)
    assert s.phase == "move"
    return s


def texts(events: list) -> str:
    return " | ".join(e.text for e in events)
