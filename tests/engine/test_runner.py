"""The one runner (docs/ARCHITECTURE.md, Bots and automatic passes): bots play their seats, a lone
person's only-possible passes are taken for them, and it stops where a person decides, where the
table rolls, and at the end."""
from __future__ import annotations

from companion.engine import RandomBot, Runner, Scripted, Session, Table, auto_pass, play_out
from companion.engine.runner import Playout

from .conftest import Hold, Pig, RollDie


class PassingPig(Pig):
    """Pig whose auto_pass holds whenever holding is possible (a stand-in for a reaction window)."""

    def auto_pass(self, s):
        return Hold(s.turn) if s.turn_total else None


def test_bots_play_until_a_person_decides(pig) -> None:
    s = Session(pig, ["Ann", "Bot"], seed=3)
    runner = Runner(s, {1: RandomBot(1)})
    runner.advance()
    assert not s.is_over() and pig.to_move(s.state) == 0  # Ann's turn: the runner never acts for her
    s.act(RollDie(0))
    runner.advance()
    assert s.is_over() or pig.to_move(s.state) == 0


def test_only_bots_play_to_the_end(pig) -> None:
    s = Session(pig, ["A", "B", "C"], seed=5)
    play_out(s, {i: RandomBot(i) for i in range(3)})
    assert s.is_over() and pig.result(s.state)["winners"]


def test_the_table_rolls_so_the_runner_waits(pig) -> None:
    s = Session(pig, ["Bot", "Ann"], source=Table())
    Runner(s, {0: RandomBot(0)}).advance()
    assert s.pending_chance() is not None  # the bot rolled; the table must say what came up
    s.resolve("4")
    Runner(s, {0: RandomBot(0)}).advance()
    assert s.pending_chance() is not None or pig.to_move(s.state) == 1


def test_passes_are_taken_only_for_a_lone_person() -> None:
    game = PassingPig()
    s = Session(game, ["Ann", "Bot"], source=Scripted(["4", "1"]))
    s.act(RollDie(0))
    assert s.state.turn_total == 4
    alone = Runner(s, {1: RandomBot(1)})
    assert alone.auto_action() == Hold(0)  # one person: the runner holds for her...
    assert Runner(s, {}).auto_action() is None  # ...two people: nobody is passed for
    assert auto_pass(game, s.state, {0, 1}) is None
    assert auto_pass(Pig(), s.state, {0}) is None  # a game without the hook never passes
    alone.advance()  # Ann held (auto), the bot rolled a 1: Ann's turn again, nothing to pass
    assert s.state.scores == [4, 0] and game.to_move(s.state) == 0 and alone.auto_action() is None


def test_playout_plays_the_same_rules_in_place(pig) -> None:
    play = Playout(pig, ["A", "B"], seed=9)
    Runner(play, {0: RandomBot(0), 1: RandomBot(1)}).advance()
    assert play.is_over() and play.steps > 0
    again = Playout(pig, ["A", "B"], seed=9)
    Runner(again, {0: RandomBot(0), 1: RandomBot(1)}).advance()
    assert again.state == play.state  # seeded: the same game
