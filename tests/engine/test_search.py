"""The expert bot (companion/engine/search.py): it plays only legal moves, reads no secret of
another seat (a state whose secrets are dealt anew gives the same choice), and its thinking is
bounded by its budget. Seeded, and never timed: the budgets here count playouts, with no cap."""
from __future__ import annotations

import gc
import math
import random

import pytest

from companion.engine import make_bot
from companion.engine.bots import bot_move
from companion.engine.runner import Playout, Runner
from companion.engine import search
from companion.engine.search import Budget, SearchBot
from companion.games import get_game

#: the games whose expert is the search bot
SEARCHED = ["pirate-island", "pirates-vs-dinosaurs", "pirateology"]
#: playouts only: the tests must not depend on the machine's speed
SMALL = Budget(playouts=12, cap=math.inf, width=3)


def positions(game, seed: int, every: int = 15, most: int = 6):
    """Positions of a seeded game between heuristic bots, where a seat has a choice."""
    play = Playout(game, ["A", "B"], {}, seed=seed)
    bots = {i: make_bot(game, f"{seed}:{i}") for i in range(2)}
    n = 0
    while not play.is_over() and most:
        seat = game.to_move(play.state)
        if n % every == 0 and len(game.legal_actions(play.state)) > 1:
            yield play.state, seat
            most -= 1
        play.act(bot_move(game, play.state, seat, bots)[0])
        n += 1


@pytest.mark.parametrize("game_id", SEARCHED)
def test_the_expert_is_a_bot_of_every_game_by_its_shared_name(game_id) -> None:
    assert make_bot(get_game(game_id), 1, "expert").name == "expert"


@pytest.mark.parametrize("game_id", SEARCHED)
def test_the_expert_plays_only_legal_moves(game_id) -> None:
    """Every choice of the expert is among the legal actions it was handed, a dozen choices into a
    game (the Runner plays them through the engine's `play`, which refuses anything else)."""
    game = get_game(game_id)
    play = Playout(game, ["A", "B"], {}, seed=4)
    expert = SearchBot(4, SMALL)
    chosen = []

    class Watch:
        name = "expert"

        def choose_in(self, game, state, seat, legal):
            action = expert.choose_in(game, state, seat, legal)
            assert action in legal
            chosen.append(expert.last_playouts)
            return action

    Runner(play, {0: Watch(), 1: make_bot(game, 5)}).advance(getattr(game, "playout_steps", 100_000),
                                                             stop=lambda: len(chosen) >= 12)
    assert len(chosen) == 12 or play.is_over()
    assert max(chosen) == SMALL.playouts


@pytest.mark.parametrize("game_id", ["pirate-island", "pirates-vs-dinosaurs"])
def test_the_search_plays_its_seat_by_the_plan_and_the_others_by_the_heuristic_bot(game_id, monkeypatch) -> None:
    """The searching seat's default move and its part of every playout come from the game's plan
    (`make_plan`; a game without one: its heuristic bot); the other seats play the heuristic bot,
    what the seat expects of the table."""
    game = get_game(game_id)
    state, seat = next(positions(game, 2))
    made: list[tuple[str, str]] = []

    def spy(kind, factory):
        def make(seed):
            made.append((kind, str(seed).rsplit(":", 1)[-1]))
            return factory(seed)
        return make
    plan = getattr(game, "make_plan", None)
    if plan is not None:
        monkeypatch.setattr(game, "make_plan", spy("plan", plan))
    monkeypatch.setattr(game, "make_bot", spy("plan" if plan is None else "heuristic", game.make_bot))
    bot = SearchBot(1, SMALL)
    bot.choose_in(game, state, seat, game.legal_actions(state))
    assert bot.last_playouts > 0
    plan_seats = {s for k, s in made if k == "plan"}
    assert plan_seats == {"guide", str(seat)} if plan is not None else plan_seats >= {"guide", str(seat)}
    if plan is not None:
        assert {s for k, s in made if k == "heuristic"} == {str(1 - seat)}


@pytest.mark.parametrize("game_id", ["pirate-island", "pirates-vs-dinosaurs"])
def test_determinise_keeps_the_view_and_forgets_the_secrets(game_id) -> None:
    """A determinisation shows the seat exactly its view; dealt from a state whose secrets were
    dealt anew, it is the same state (the same generator): nothing of the real secrets remains."""
    game = get_game(game_id)
    changed = 0
    for state, seat in positions(game, 3, every=4, most=20):
        world = game.determinise(state, seat, random.Random(5))
        assert game.view(world, seat) == game.view(state, seat)
        other = game.determinise(state, seat, random.Random(9))
        assert game.determinise(other, seat, random.Random(5)) == world
        changed += world != state
    assert changed  # (it does deal: some position's secrets came out otherwise)


@pytest.mark.parametrize("game_id", ["pirate-island", "pirates-vs-dinosaurs"])
def test_a_state_whose_secrets_are_dealt_anew_gives_the_same_choice(game_id) -> None:
    game = get_game(game_id)
    budget = Budget(playouts=6, cap=math.inf, switch=1, margin=-1.0, confidence=0.0)  # (any playout may change its mind)
    for state, seat in positions(game, 6, most=3):
        legal = game.legal_actions(state)
        other = game.determinise(state, seat, random.Random(11))
        a, b = SearchBot(2, budget), SearchBot(2, budget)
        assert a.choose_in(game, state, seat, legal) == b.choose_in(game, other, seat, game.legal_actions(other))
        assert a.last_playouts == b.last_playouts > 0


def test_the_cap_bounds_the_playouts_and_a_forced_move_costs_nothing() -> None:
    """A cap of no time at all: no playout, the plan's choice; a forced move: no playout."""
    game = get_game("pirate-island")
    state, seat = next(positions(game, 2))
    legal = game.legal_actions(state)
    bot = SearchBot(1, Budget(playouts=1000, cap=0.0))
    action = bot.choose_in(game, state, seat, legal)
    assert bot.last_playouts == 0
    assert action == SearchBot(1, Budget(playouts=0, cap=math.inf)).choose_in(game, state, seat, legal)  # the plan's
    assert bot.choose_in(game, state, seat, legal[:1]) == legal[0] and bot.last_playouts == 0


def test_a_choice_met_again_after_a_deviation_takes_the_plans_move() -> None:
    """A move that only opens a menu (PvD's Hand), closed by the next, brings the expert back to
    the same choice: met again where it deviated, it plays the plan's move (PvD's: the heuristic
    bot's), so no game loops."""
    game = get_game("pirates-vs-dinosaurs")
    eager = Budget(playouts=12, cap=math.inf, width=3, switch=1, margin=-1.0, confidence=0.0)  # (it deviates readily)
    for state, seat in positions(game, 6, every=3, most=12):
        bot = SearchBot(3, eager)
        legal = game.legal_actions(state)
        if bot.choose_in(game, state, seat, legal) != bot.usual:
            assert bot.choose_in(game, state, seat, legal) == bot.usual
            return
    pytest.fail("the eager expert never deviated in twelve positions")


def test_a_slow_look_at_the_candidates_still_leaves_the_playouts_their_time(monkeypatch) -> None:
    """The pace a round is judged by is the playouts' own: a look at forty candidates that took a
    fifth of the cap (a CPU clock here that ticks a millisecond a reading) does not stop the
    search before its first round, as judging by the whole decision's time so far did."""
    ticks = iter(range(10**9))
    monkeypatch.setattr(search.time, "process_time", lambda: next(ticks) / 1000)
    game = get_game("pirate-island")
    for state, seat in positions(game, 2, every=1, most=200):
        legal = game.legal_actions(state)
        if len(legal) > 30:
            break
    else:
        pytest.fail("no position with thirty moves")
    bot = SearchBot(1, Budget(playouts=1000, cap=0.2))
    bot.choose_in(game, state, seat, legal)
    assert bot.last_playouts >= bot.budget.width


def test_no_collection_lands_in_a_decision_and_the_collector_is_back_on_after(monkeypatch) -> None:
    """The garbage collector is off while the expert decides (a full collection of a long-running
    process's heap would take half the cap) and on again after it, as it found it."""
    game = get_game("pirate-island")
    state, seat = next(positions(game, 2))
    seen = []
    evaluate = game.evaluate
    monkeypatch.setattr(game, "evaluate", lambda s: seen.append(gc.isenabled()) or evaluate(s), raising=False)
    bot = SearchBot(1, SMALL)
    assert gc.isenabled()
    bot.choose_in(game, state, seat, game.legal_actions(state))
    assert seen and not any(seen)
    assert gc.isenabled()
    gc.disable()
    try:
        bot.choose_in(game, state, seat, game.legal_actions(state))
        assert not gc.isenabled()  # (left as it was found)
    finally:
        gc.enable()


@pytest.mark.parametrize("field, value", [("width", 0), ("switch", 0), ("playouts", -1), ("cap", -0.1), ("horizon", -1)])
def test_a_budget_the_search_cannot_run_by_is_refused_with_its_field_named(field, value) -> None:
    with pytest.raises(ValueError, match=f"{field} of at least"):
        Budget(**{field: value})
