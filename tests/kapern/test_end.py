"""Einde spel: the last round and the winner."""
from __future__ import annotations

from companion.engine import Digital, RandomBot, Session, play_out
from companion.games.piraten_kapern.rules import GAME

from .conftest import F, act, scores, start


def test_end__reaching_6000_makes_the_round_the_last() -> None:
    """Einde spel: the last round starts when a player reaches 6000; it is played out so every player has as many turns (rulings: last-round)."""
    s = start("gold", F("ccccmmmx"), "gold", F("mmmppssx"), "gold", F("mmmppssx"),
              scores=[5500, 1000, 6100])
    act(s, "stop")  # Ann: 5500 + 1100 -> 6600: the round is now the last
    assert s.state.last_round and not s.is_over()
    act(s, "stop")  # Ben
    assert not s.is_over()
    act(s, "stop")  # Cas, the last seat: the round is over
    assert s.is_over() and s.state.turns == [1, 1, 1]
    assert GAME.result(s.state)["winners"] == ["Ann"]


def test_end__trigger_by_the_last_seat_ends_at_once() -> None:
    """Einde spel: when the last seat of the round reaches 6000, every player has had as many turns: the game ends."""
    s = start("gold", F("cccmmmpx"), scores=[1000, 1000, 5800], seat=2)
    act(s, "stop")
    assert s.is_over()
    assert GAME.result(s.state) == {"scores": {"Ann": 1000, "Ben": 1000, "Cas": 6500}, "winners": ["Cas"],
                                    "over": True, "turns": {"Ann": 1, "Ben": 1, "Cas": 1}}


def test_end__highest_total_wins_and_ties_share() -> None:
    """Einde spel: the highest total wins; tied players share the win (rulings: ties)."""
    s = start("gold", F("ccccmmmx"), "gold", F("ccccmmmx"), scores=[5500, 5500], players=["Ann", "Ben"])
    act(s, "stop")
    act(s, "stop")
    assert s.is_over() and GAME.result(s.state)["winners"] == ["Ann", "Ben"]


def test_end__losing_points_after_the_trigger_keeps_the_last_round() -> None:
    """Einde spel: the last round stays the last even when the player drops below 6000 (rulings: last-round)."""
    s = start("gold", F("ccccmmmx"), "captain", F("xxxxxxmm"), scores=[5500, 1000], players=["Ann", "Ben"])
    act(s, "stop")  # Ann 6600
    act(s, "stop")  # Ben leaves Skull Island: Ann loses 6 x 200
    assert s.is_over()
    assert scores(s) == [5400, 1000] and GAME.result(s.state)["winners"] == ["Ann"]


def test_end__random_games_end_with_equal_turns() -> None:
    """Einde spel: whole seeded games end with every player at the same number of turns."""
    for seed in range(3):
        s = Session(GAME, ["A", "B", "C", "D"], seed=seed, source=Digital(seed))
        play_out(s, {i: RandomBot(seed * 10 + i) for i in range(4)})
        assert s.is_over() and len(set(s.state.turns)) == 1 and s.state.last_round


def test_end__bot_games_end() -> None:
    """Einde spel: the Kapern bot plays whole games, extra cards included."""
    for seed in range(3):
        s = Session(GAME, ["A", "B", "C"], {"extra_cards": True}, seed=seed)
        play_out(s, {i: GAME.make_bot(i) for i in range(3)})
        assert s.is_over()
