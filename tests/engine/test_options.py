"""Game options are checked in one place (Game.check_options) against game.yaml's `options`: every
game refuses an unknown option and a value of the wrong kind with the same words, and fills in the
defaults."""
from __future__ import annotations

import pytest

from companion.content import load_game
from companion.games import game_ids, get_game


@pytest.mark.parametrize("game_id", game_ids())
def test_options_are_game_yaml_and_checked_alike(game_id) -> None:
    game = get_game(game_id)
    players = [f"P{i + 1}" for i in range(game.min_players)]
    assert game.option_defaults == dict(load_game(game_id).info.options)
    assert game.check_options({}) == game.option_defaults
    with pytest.raises(ValueError, match=rf"unknown option no_such_option; {game.name} options: "):
        game.new_state(players, {"no_such_option": 1})
    for key in game.option_defaults:
        with pytest.raises(ValueError, match=rf"option {key} must be "):
            game.new_state(players, {key: [1, 2]})
