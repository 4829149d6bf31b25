"""The app's advice names the expert's move in every game whose expert searches (companion/odds/advice.py):
at the seat's own decision with a choice, first among the odds, one of the legal moves, with the
chance its playouts gave it; nothing for a seat that is not to move."""
from __future__ import annotations

import pytest

from companion.engine import make_bot
from companion.engine.bots import bot_move
from companion.engine.runner import Playout
from companion.games import get_game
from companion.odds import odds_view
from companion.odds.advice import shown_chance


def a_choice(game, seed: int = 3, skip: int = 6):
    """A seeded position between heuristic bots, past `skip` steps, where the seat to move has a choice."""
    play = Playout(game, ["A", "B"], {}, seed=seed)
    bots = {i: make_bot(game, f"{seed}:{i}") for i in range(2)}
    n = 0
    while not play.is_over():
        seat = game.to_move(play.state)
        if n >= skip and len(game.legal_actions(play.state)) > 1:
            return play.state, seat
        play.act(bot_move(game, play.state, seat, bots)[0])
        n += 1
    raise AssertionError("no choice in the game")


@pytest.mark.parametrize("game_id", ["pirate-island", "pirates-vs-dinosaurs", "pirateology"])
def test_the_advice_names_the_experts_move_first(game_id) -> None:
    game = get_game(game_id)
    state, seat = a_choice(game)
    before = game.state_to_json(state)
    items = odds_view(game, state, seat, "en")["items"]
    first = items[0]
    assert first["kind"] == "advice" and first["text"].startswith("Expert: ")
    moves = {game.describe_action(state, a) for a in game.legal_actions(state)}
    assert any(first["text"].startswith(f"Expert: {m}") for m in moves)
    assert game.state_to_json(state) == before  # (it thought on determinisations, not on the game)
    other = odds_view(game, state, 1 - seat, "en")
    assert not other or all(not i["text"].startswith("Expert") for i in other["items"])


def test_the_advice_is_worded_in_the_players_language() -> None:
    game = get_game("pirate-island")
    state, seat = a_choice(game)
    text = odds_view(game, state, seat, "nl")["items"][0]["text"]
    assert text.startswith("Expert: ") and ("vooruitkijken" in text or "(" not in text)


def test_kapern_keeps_its_exact_advice() -> None:
    """Kapern's expert plays the solved odds: its advice is the odds module's own, not a search's."""
    game = get_game("piraten-kapern")
    state, seat = a_choice(game, skip=1)
    view = odds_view(game, state, seat, "en")
    assert view is None or all(not i["text"].startswith("Expert: ") for i in view["items"])


def test_a_few_playouts_never_read_as_certain() -> None:
    """The chance beside the expert's move is its playouts' mean smoothed by one win and one loss:
    four playouts all won read 83%, not 100%; many playouts read about their mean."""
    assert shown_chance((1.0, 4)) == "83%"
    assert shown_chance((0.0, 4)) == "17%"
    assert shown_chance((0.6, 400)) == "60%"
