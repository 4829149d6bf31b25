"""The one runner (docs/ARCHITECTURE.md, Bots and automatic passes): bots play their seats, a lone
person's only-possible passes are taken for them, and it stops where a person decides, where the
table rolls, and at the end."""
from __future__ import annotations

import copy
import random

import pytest

from companion.engine import IllegalAction, RandomBot, Runner, SaveError, Scripted, Session, Table, auto_pass, play_out
from companion.engine.records import save_checksum
from companion.engine.bots import bot_move
from companion.engine.runner import Playout
from companion.engine.session import SNAPSHOT_EVERY

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


class Stubborn(RandomBot):
    """A random bot with a `choose` of its own: always the last action listed."""

    def choose(self, view, legal):
        return legal[-1]


def test_a_random_bots_move_is_what_its_choose_takes_and_other_bots_are_asked(pig) -> None:
    # bot_move takes the plain RandomBot's choice without calling `choose` (the bot loops' fast
    # lane): the same action, drawn the same way, and marked as one of those offered (None for the
    # list); a bot that chooses otherwise, even a RandomBot's subclass, is asked, with the list
    s = Session(pig, ["A", "B"], seed=8)
    fast, slow = RandomBot(5), RandomBot(5)
    moves = 0
    while not s.is_over():
        seat = pig.to_move(s.state)
        if seat is None:
            s.resolve(["3"])
            continue
        legal = s.legal_actions()
        action, listed = bot_move(pig, s.state, seat, {seat: fast})
        assert listed is None and action == slow.choose({}, legal)
        other = bot_move(pig, s.state, seat, {seat: Stubborn(0)})
        assert other == (legal[-1], legal)
        s.act(action)
        moves += 1
    assert moves > 10 and bot_move(pig, s.state, 0, {1: fast}) is None  # no bot for the seat


def test_playout_plays_the_same_rules_in_place(pig) -> None:
    play = Playout(pig, ["A", "B"], seed=9)
    Runner(play, {0: RandomBot(0), 1: RandomBot(1)}).advance()
    assert play.is_over() and play.steps > 0
    again = Playout(pig, ["A", "B"], seed=9)
    Runner(again, {0: RandomBot(0), 1: RandomBot(1)}).advance()
    assert again.state == play.state  # seeded: the same game


class BreakingPig(Pig):
    """A pig whose step changes the state and then fails, once armed (a bug in a game's rules)."""

    armed = False

    def step(self, s, a, out):
        super().step(s, a, out)
        if self.armed and len(s.history) > 40:
            s.scores[0] += 1000
            raise RuntimeError("a rule failed half way")


def test_a_step_failing_in_place_leaves_the_state_of_the_log() -> None:
    game = BreakingPig()
    s = Session(game, ["A", "B"], {"target": 200}, seed=2)
    game.armed = True
    try:
        Runner(s, {0: RandomBot(0), 1: RandomBot(1)}).advance()
    except RuntimeError:
        pass
    else:
        raise AssertionError("the armed step did not fail")
    game.armed = False
    again = Session(game, ["A", "B"], {"target": 200}, seed=2)
    for entry in s.log:  # the logged steps, played again one by one
        if "action" in entry:
            again.act(entry["action"])
    assert len(again.log) == len(s.log) and again.state == s.state and max(s.state.scores) < 1000


class RefusingLatePig(Pig):
    """A pig whose Hold is refused only after the step changed the state (a rule checked late)."""

    def step(self, s, a, out):
        if isinstance(a, Hold) and s.turn_total >= 10:
            s.scores[a.player] += s.turn_total
            raise IllegalAction("Pig: hold", "no holding on ten or more")
        super().step(s, a, out)


def test_an_action_refused_after_the_step_changed_the_state_leaves_the_game_as_it_was() -> None:
    # the live state is stepped in place: a refusal the rules make late is rebuilt away from the
    # nearest snapshot, so the session, its log and its next steps are those of the game before it
    game = RefusingLatePig()
    s = Session(game, ["A", "B"], {"target": 500}, seed=3, source=Scripted([["6"]] * 200))
    while s.state.turn_total < 10:
        s.act(RollDie(s.to_move()))
    before, log = copy.deepcopy(s.state), list(s.log)
    with pytest.raises(IllegalAction, match="ten or more"):
        s.act(Hold(s.to_move()))
    assert s.state == before and s.log == log


def test_the_snapshots_are_the_states_of_their_points_and_no_later_step_changes_them(pig) -> None:
    # the live state is stepped in place; each snapshot is a clone of it at its point of the log
    played = Session(pig, ["A", "B", "C"], {"target": 80}, seed=6)
    Runner(played, {i: RandomBot(i) for i in range(3)}).advance()
    n = len(played.log)
    assert n > 3 * SNAPSHOT_EVERY and played._snaps[-1][0] == n - n % SNAPSHOT_EVERY
    for k, snap in played._snaps:
        again = Session(pig, ["A", "B", "C"], {"target": 80}, seed=6)
        again._replay_entries(played.log[:k])
        assert again.state == snap and again.state is not snap
    loaded = Session.from_json(played.to_json(), pig)
    assert loaded.state == played.state and loaded.events == played.events
    while loaded.can_undo():  # undo rebuilds from clones of the snapshots
        loaded.undo()
        played.undo()
        assert loaded.state == played.state


def test_a_load_refusing_an_entry_says_which(pig) -> None:
    played = Session(pig, ["A", "B"], {"target": 80}, seed=6)
    Runner(played, {0: RandomBot(0), 1: RandomBot(1)}).advance()
    data = played.to_json()
    at = SNAPSHOT_EVERY + 5
    while "action" not in data["log"][at]:
        at += 1
    data["log"][at] = {"action": {"type": "roll", "player": 1 - data["log"][at]["action"]["player"]}}
    data["checksum"] = save_checksum(data)
    with pytest.raises(SaveError, match=f"log entry {at} cannot be replayed"):
        Session.from_json(data, pig)


def test_the_runner_stops_at_a_persons_seat_and_at_max_steps(pig) -> None:
    s = Session(pig, ["Ann", "Bot"], seed=3)
    assert Runner(s, {1: RandomBot(1)}).advance() == [] and pig.to_move(s.state) == 0  # Ann's turn first
    s.act(RollDie(0))
    while s.to_move() == 0 and s.state.turn_total:
        s.act(Hold(0))
    assert s.to_move() == 1
    Runner(s, {1: RandomBot(1)}).advance()
    assert s.to_move() == 0 and s.pending_chance() is None  # back at Ann's seat, every roll answered
    try:
        Runner(Session(pig, ["A", "B"], seed=3), {0: RandomBot(0), 1: RandomBot(1)}).advance(max_steps=3)
    except RuntimeError as exc:
        assert "3 steps" in str(exc)
    else:
        raise AssertionError("a game of more than 3 steps ended in 3")


def test_the_random_bot_draws_what_randrange_draws() -> None:
    bot, rng = RandomBot(7), random.Random(7)
    for n in [1, 2, 3, 5, 8, 10, 17, 64, 100, 1000] * 20:
        legal = list(range(n))
        assert bot.choose({}, legal) == rng.randrange(n)  # seeded games stay the games they were


class SamplingPig(Pig):
    """Pig with the `sample_action` hook: the action a random bot takes, counted when asked."""

    asked = 0

    def sample_action(self, s, index):
        SamplingPig.asked += 1
        legal = self.legal_actions(s)
        return legal[index(len(legal))] if legal else None


def test_a_random_bot_takes_the_same_action_through_the_games_sample_hook(pig) -> None:
    # the runner (on a Playout) and a Session's bot loop ask the hook instead of listing the
    # actions for the bot, and the games are the same step for step
    before = SamplingPig.asked
    play, plain = Playout(SamplingPig(), ["A", "B", "C"], seed=5), Playout(pig, ["A", "B", "C"], seed=5)
    for p in (play, plain):
        Runner(p, {i: RandomBot(i) for i in range(3)}).advance()
    assert play.state == plain.state and play.steps == plain.steps and SamplingPig.asked - before == play.steps
    fast, slow = Session(SamplingPig(), ["A", "B"], seed=2), Session(pig, ["A", "B"], seed=2)
    for s in (fast, slow):
        Runner(s, {0: RandomBot(0), 1: RandomBot(1)}).advance()
    assert fast.is_over() and fast.log == slow.log and fast.state == slow.state


def test_the_random_bots_index_is_its_choice() -> None:
    a, b = RandomBot("x"), RandomBot("x")
    for n in [1, 2, 3, 7, 40, 41, 300] * 10:
        assert a.index(n) == b.choose({}, list(range(n)))
