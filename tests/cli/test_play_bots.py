"""`companion play --bots` takes a count of one kind (--bot) or the bots' kinds by name, the names
every game shares (heuristic, expert, random; a former name too)."""
from __future__ import annotations

import pytest

from companion.commands.play_cmd import bot_seats
from companion.errors import UserError
from companion.games import get_game


@pytest.mark.parametrize("game_id", ["piraten-kapern", "pirate-island", "pirates-vs-dinosaurs", "pirateology"])
def test_bots_by_name_in_every_game(game_id) -> None:
    game = get_game(game_id)
    assert bot_seats(game, "expert", None) == ["expert"]
    assert bot_seats(game, "expert, heuristic", None) == ["expert", "heuristic"]
    assert bot_seats(game, "2", "random") == ["random", "random"]
    assert bot_seats(game, "1", None) == ["heuristic"]  # (the game's own bot by default)
    assert bot_seats(game, "0", None) == []


def test_a_former_name_is_taken_and_an_unknown_one_refused() -> None:
    game = get_game("piraten-kapern")
    assert bot_seats(game, "kapern", None) == ["heuristic"]
    with pytest.raises(UserError, match="unknown bot 'wizard'"):
        bot_seats(game, "expert,wizard", None)
    with pytest.raises(UserError, match="--bots must be 0 to 5"):
        bot_seats(game, "6", None)
