"""Game-agnostic bots. Bots see only their own view and the legal actions, never the state."""
from __future__ import annotations

import random
from typing import Any, Callable, Protocol

from .actions import Action


class Bot(Protocol):
    name: str

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions, seeded so games repeat."""

    name = "random"
    #: it never looks at the view, so `play_out` need not build one
    uses_view = False

    def __init__(self, seed: int | str = 0):
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]


def bot_kinds(game: Any) -> dict[str, Callable[[int | str], Bot]]:
    """The bots a game can seat, by name: "random" always, and the game's own bot (its `make_bot`
    hook) under that bot's name, e.g. "heuristic". The first is the one empty seats get."""
    kinds: dict[str, Callable[[int | str], Bot]] = {}
    factory = getattr(game, "make_bot", None)
    if factory is not None:
        kinds[getattr(factory(0), "name", "smart")] = factory
    kinds.setdefault("random", RandomBot)
    return kinds


def make_bot(game: Any, seed: int | str, kind: str | None = None) -> Bot:
    """A bot of `kind` (default: the game's own bot, or the random one) for one seat."""
    kinds = bot_kinds(game)
    if kind is None:
        kind = next(iter(kinds))
    if kind not in kinds:
        raise ValueError(f"unknown bot {kind!r}; {game.name} bots: {', '.join(kinds)}")
    return kinds[kind](seed)


def play_out(session: Any, bots: dict[int, Bot], max_steps: int = 100_000) -> None:
    """Let bots act for their seats until the game ends or a human seat must decide."""
    game = session.game
    is_over, to_move, legal_actions = game.is_over, game.to_move, game.legal_actions
    act = session.act
    for _ in range(max_steps):
        state = session.state
        if is_over(state):
            return
        seat = to_move(state)
        if seat is None or seat not in bots:
            return
        legal = legal_actions(state)
        bot = bots[seat]
        view = session.view(seat) if getattr(bot, "uses_view", True) else {}
        act(bot.choose(view, legal))
    raise RuntimeError(f"game did not end within {max_steps} steps")
