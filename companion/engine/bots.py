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
    #: it never looks at the view, so the runner need not build one
    uses_view = False

    def __init__(self, seed: int | str = 0):
        self.rng = random.Random(seed)
        self._bits = self.rng.getrandbits

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        return legal[self.index(len(legal))]

    def index(self, n: int) -> int:
        """A whole number below `n` (n > 0), uniformly: the position of the action `choose` takes
        among `n` legal ones. The runner hands it to a game's `sample_action` hook, which may ask
        it several times (rejection sampling: a draw among more candidates than are legal, again
        until a legal one is drawn) and builds only the action taken: uniform over the legal
        actions as `choose` is, though not always the same draw. Seeded, so games repeat."""
        # what rng.randrange(n) returns (random.Random._randbelow_with_getrandbits), without its
        # argument checks and calls: bots choose at every step
        bits = self._bits
        k = n.bit_length()
        r = bits(k)
        while r >= n:
            r = bits(k)
        return r


def bot_move(game: Any, state: Any, seat: int, bots: dict[int, Bot],
             sample: Callable[[Any, Callable[[int], int]], Action | None] | None = None
             ) -> tuple[Action, list[Action] | None] | None:
    """What the bot of `seat` chooses, with the legal actions it chose from (the bot loops of a
    Session and a Playout); None when the seat has no bot or nothing to choose. With the game's
    `sample_action` hook (`sample`) a random bot's action is drawn and built alone by the game
    (from the bot's `index` draws, uniformly among the legal ones; no legal list: None in its
    place; also for the plain RandomBot, whose choice is taken here as its `choose` takes it: one
    of the very actions listed, so None stands for the list too)."""
    bot = bots.get(seat)
    if bot is None:
        return None
    if sample is not None:
        index = getattr(bot, "index", None)
        if index is not None:
            action = sample(state, index)
            return None if action is None else (action, None)
    legal = game.legal_actions(state)
    if not legal:
        return None
    search = getattr(bot, "choose_in", None)
    if search is not None:  # a search bot: it reads the state only through the game's `determinise`
        return search(game, state, seat, legal), legal
    if type(bot) is RandomBot:  # (RandomBot.choose without its call: random games are all bot moves)
        return legal[bot.index(len(legal))], None
    return bot.choose(game.view(state, seat) if getattr(bot, "uses_view", True) else {}, legal), legal


def bot_kinds(game: Any) -> dict[str, Callable[[int | str], Bot]]:
    """The bots a game can seat, by name: "random" always, the game's own bot (its `make_bot`
    hook) under that bot's name, e.g. "heuristic", and any of its `more_bots` ({name: factory}).
    The first is the one empty seats get."""
    kinds: dict[str, Callable[[int | str], Bot]] = {}
    factory = getattr(game, "make_bot", None)
    if factory is not None:
        kinds[getattr(factory(0), "name", "smart")] = factory
    # `more_bots`: other bots of the game by name (Kapern's expert, which plays the solved policy)
    kinds.update(getattr(game, "more_bots", None) or {})
    kinds.setdefault("random", RandomBot)
    return kinds


def bot_name(game: Any, kind: str) -> str:
    """The name `kind` goes by today (a save may hold a bot's former name: the game's
    `old_bot_names`); ValueError, naming the game's bots, for a bot the game has not."""
    kinds = bot_kinds(game)
    kind = (getattr(game, "old_bot_names", None) or {}).get(kind, kind)
    if kind not in kinds:
        raise ValueError(f"unknown bot {kind!r}; {game.name} bots: {', '.join(kinds)}")
    return kind


def make_bot(game: Any, seed: int | str, kind: str | None = None) -> Bot:
    """A bot of `kind` (default: the game's own bot, or the random one; a former name is
    taken, see `bot_name`) for one seat."""
    kinds = bot_kinds(game)
    return kinds[next(iter(kinds)) if kind is None else bot_name(game, kind)](seed)
