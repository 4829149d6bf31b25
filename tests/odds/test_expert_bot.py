"""The expert Kapern bot (issue 14 item 4): it is offered where bots are chosen, and its average
turn score in the real engine agrees with the solver's expected turn score (within 3 standard
errors of the mean, seeded), on the two cards whose play needs more than a re-roll choice: the
Sorceress (a skull re-rolled, once) and the Treasure Chest (dice kept on the chest)."""
from __future__ import annotations

import random

import pytest

from companion.engine import bot_kinds
from companion.games.piraten_kapern.expert import ExpertBot, target_of
from companion.games.piraten_kapern.rules import GAME
from companion.odds import piraten_kapern as pk


def test_offered_wherever_bots_are_chosen() -> None:
    kinds = bot_kinds(GAME)
    assert list(kinds)[0] == "heuristic" and "expert" in kinds  # the heuristic stays the default
    assert kinds["expert"](3).name == "expert"


def turn(card: str, bot: ExpertBot, rng: random.Random) -> int:
    """One turn with this card in the engine, every decision the bot's (from its view)."""
    s = GAME.new_state(["A", "B"], {})
    GAME.play_chance(s, [card])
    while s.last is None:
        if GAME.chance_step(s) is not None:
            GAME.play_chance(s, [rng.choice(GAME.table.faces) for _ in s.rolling])
            continue
        seat = GAME.to_move(s)
        GAME.play(s, bot.choose(GAME.view(s, seat), GAME.legal_actions(s)))
    return s.last["points"]


@pytest.mark.parametrize("card, n", [("sorceress", 300), ("treasure-chest", 300)])
def test_average_turn_score_agrees_with_the_solver(card: str, n: int) -> None:
    """Speelbeurt, Piratenkaarten (Tovenares, Schatkist): n seeded turns of the expert in the engine."""
    rng = random.Random(14)
    bot = ExpertBot(1)
    scores = [turn(card, bot, rng) for _ in range(n)]
    mean = sum(scores) / n
    se = (sum((x - mean) ** 2 for x in scores) / (n - 1) / n) ** 0.5
    assert abs(mean - pk.turn_ev(card)) < 3 * se, (mean, pk.turn_ev(card), se)


def test_target_in_the_last_round() -> None:
    """Einde spel: in the last round the bot needs the best opponent's lead + 1."""
    view = {"last_round": True, "to_move": 1, "players": [{"seat": 0, "score": 6200}, {"seat": 1, "score": 5400}]}
    assert target_of(view) == 801
    assert target_of({**view, "last_round": False}) is None


def test_offered_in_the_terminal_and_the_app(tmp_path, monkeypatch, capsys) -> None:
    """`companion play --bot KIND` (expert among the kinds, tested above through bot_kinds, as
    `simulate --bots` checks them) and the app's seat kind "bot:expert" seat the named bot; an
    unknown bot is one line and exit 2."""
    from app import state
    from companion.cli import main

    assert main(["play", "piraten-kapern", "--bots", "2", "--bot", "random", "--seed", "3"]) == 0  # (cheap)
    assert "game over" in capsys.readouterr().out
    assert main(["play", "piraten-kapern", "--bots", "2", "--bot", "wizard"]) == 2
    assert "unknown bot 'wizard'" in capsys.readouterr().err
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    live = state.registry().create(GAME, ["Anne", "Cato"], state.HOTSEAT, [state.HUMAN, "bot:expert"], seed=2)
    assert live.bots[1].name == "expert" and live.seats[1].is_bot
