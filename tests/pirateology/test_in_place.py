"""Pirateology on the engine's one path: a step changes the state in place, refuses before it
changes anything, leaves the views already taken alone, and writes its events to `out` whether
or not anybody keeps them (NOWHERE), with the same state either way."""
from __future__ import annotations

import copy
import json
import random

import pytest

from companion.engine import IllegalAction
from companion.engine.events import NOWHERE
from companion.engine.state import to_jsonable
from companion.games.pirateology import rules
from companion.games.pirateology.rules import GAME

from .conftest import moved, table


def _steps(seed: int, players: int, limit: int, rounds: int = 6):
    """A seeded game, every other choice the heuristic bot's and the rest random: yields (state
    before, entry) for each step."""
    rng = random.Random(seed)
    bot = GAME.make_bot(seed)
    s = GAME.new_state([f"P{i}" for i in range(players)], {"round_limit": rounds})
    for _ in range(limit):
        if GAME.is_over(s):
            return
        step = GAME.chance_step(s)
        if step is not None:
            entry = step.sample(rng)
        elif rng.random() < 0.5:
            entry = bot.choose(GAME.view(s, GAME.to_move(s)), GAME.legal_actions(s))
        else:
            entry = rng.choice(GAME.legal_actions(s))
        yield s, entry
        if step is not None:
            GAME.play_chance(s, entry, NOWHERE)
        else:
            GAME.play(s, entry, NOWHERE)


#: the parts of a view that are the game's, not the state's (the board, the cards, the dice)
_BOARD = ("squares", "kinds", "faces", "directions", "card_types")


def _dump(view: dict) -> str:
    return json.dumps({k: v for k, v in view.items() if k not in _BOARD}, sort_keys=True)


def test_playing__a_view_taken_before_a_step_stays_as_it_was() -> None:
    """Playing The Game: the state changes in place, so a view (the app holds one) shares no list or dict with it."""
    held: list = []
    battles = moves = 0
    for s, _ in _steps(3, 4, 3000, rounds=30):  # each view checked after the state has taken one more step
        for view, before in held:
            assert _dump(view) == before
        held = [(view, _dump(view)) for view in (GAME.view(s, None), GAME.view(s, 0))]
        battles += held[0][0]["battle"] is not None
        moves += held[0][0]["last_move"] is not None
    assert battles and moves  # the views held dicts and lists of every kind the state has


def test_playing__a_refused_action_changes_nothing() -> None:
    """Playing The Game: an action the rules refuse is refused before the state changes (played in place, no copy)."""
    s = moved(table(["b6", "n6"]), "e", ["2"])
    before = to_jsonable(s)
    for action in ({"type": "move", "space": "b6"}, {"type": "bury", "coins": 1}, {"type": "end_turn"},
                   {"type": "attack", "target": 1}, {"type": "drift"}):
        with pytest.raises(IllegalAction):
            GAME.play(s, GAME.codec.decode(dict(action, player=0)))
        assert to_jsonable(s) == before


def test_playing__the_same_state_with_or_without_the_log() -> None:
    """Playing The Game: a step writes its events to a list or to NOWHERE; the state it leaves is the same."""
    events: list = []
    for seed, players in ((1, 2), (2, 3), (3, 5), (4, 4)):
        logged = None
        for s, entry in _steps(seed, players, 800):  # s steps with NOWHERE, logged with a list
            if logged is None:
                logged = copy.deepcopy(s)
            assert to_jsonable(logged) == to_jsonable(s)
            if isinstance(entry, list):
                GAME.play_chance(logged, entry, events)
            else:
                GAME.play(logged, entry, events)
    assert len(events) > 100


def test_moving__the_kept_move_searches_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Moving Around The Board: the destinations worked out are kept for the next asker, never more than DEST_CACHE."""
    monkeypatch.setattr(rules, "DEST_CACHE", 8)
    GAME._dest_memo.clear()
    asked = set()
    for s, _ in _steps(7, 4, 3000):
        if s.phase == "move":
            asked.add((s.seat, s.pos[s.seat], s.steps, s.wind))
            assert GAME.destinations(s) == GAME.destinations(GAME.clone(s))
            assert len(GAME._dest_memo) <= 8
    assert len(asked) > 8
    assert GAME._hand_facts.cache_info().maxsize == rules.HAND_CACHE
