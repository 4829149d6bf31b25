"""A state's clone (companion/engine/state.py `copy_plain`): equal to the state and sharing nothing
that changes, in every game's positions (the search clones thousands a second, undo and previews
rely on it: a step of the clone must never reach the state)."""
from __future__ import annotations

import copy
from dataclasses import dataclass, field

import pytest

from companion.engine import make_bot
from companion.engine.bots import bot_move
from companion.engine.runner import Playout
from companion.engine.state import copy_plain
from companion.games import REGISTRY, get_game


def _mutables(obj, path="state"):
    """(path, object) of every list, dict, set and non-frozen dataclass in `obj`."""
    if isinstance(obj, (list, dict, set)):
        yield path, obj
        items = obj.items() if isinstance(obj, dict) else enumerate(obj)
        for k, v in items:
            yield from _mutables(v, f"{path}[{k!r}]")
    elif hasattr(obj, "__dataclass_fields__") and not obj.__dataclass_params__.frozen:
        yield path, obj
        for name in obj.__dataclass_fields__:
            yield from _mutables(getattr(obj, name), f"{path}.{name}")


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_a_clone_equals_the_state_and_shares_nothing_that_changes(game_id) -> None:
    game = get_game(game_id)
    play = Playout(game, ["A", "B", "C"][:max(2, game.min_players)], {}, seed=4)
    bots = {i: make_bot(game, f"4:{i}") for i in range(len(play.state.players))}
    for step in range(120):
        if play.is_over():
            break
        if step % 20 == 0:
            state = play.state
            twin = game.clone(state)
            assert twin == state == copy.deepcopy(state)
            mine = {id(o) for _, o in _mutables(state)}
            shared = [p for p, o in _mutables(twin) if id(o) in mine]
            assert not shared, f"{game_id}: the clone shares {shared[:3]}"
        play.act(bot_move(game, play.state, game.to_move(play.state), bots)[0])


@dataclass
class _Odd:
    """A dataclass with a value copy_plain does not know (a class of its own)."""

    class Box:
        def __init__(self, items):
            self.items = items

        def __eq__(self, other):
            return self.items == other.items

    box: Box
    names: list[str] = field(default_factory=list)


def test_what_is_not_plain_data_is_copied_deeply_all_the_same() -> None:
    odd = _Odd(_Odd.Box([1, 2]), ["a"])
    twin = copy_plain(odd)
    twin.box.items.append(3)
    twin.names.append("b")
    assert odd.box.items == [1, 2] and odd.names == ["a"]
