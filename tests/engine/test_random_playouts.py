"""For every registered game: seeded random games mixed with illegal actions, undo/redo and
save/load round trips. Replaying the log must give the same state; every state must be JSON.
The number of games follows the hypothesis profile (tests/conftest.py): 2 a game in ci (shrunk
from 4 to keep the suite's CPU down: the long run is COMPANION_TESTS=thorough), 40 in thorough."""
from __future__ import annotations

import dataclasses
import json
import random
import typing

import pytest

from companion.engine import Action, IllegalAction, Session
from companion.games import game_ids, get_game

from ..conftest import runs

GAMES_PER_ID = runs(2, thorough=40)
#: save/load round trips replay the whole log, so they happen at a few fixed points of a game
ROUND_TRIP_STEPS = frozenset({3, 40, 200, 900, 2500})


def random_action(game, legal: list[Action], rng: random.Random) -> Action:
    """A decodable action of a random type with random field values (often illegal)."""
    cls = rng.choice(list(game.codec.classes.values()))
    hints = typing.get_type_hints(cls)
    seen_strings = [v for a in legal for v in dataclasses.asdict(a).values() if isinstance(v, str)] or ["x"]
    kwargs = {}
    for f in dataclasses.fields(cls):
        hint = hints[f.name]
        if f.name == "player":
            kwargs[f.name] = rng.choice([legal[0].player if legal else 0, rng.randrange(-1, 7)])
        elif hint is int:
            kwargs[f.name] = rng.randrange(-2, 12)
        elif hint is str:
            kwargs[f.name] = rng.choice(seen_strings + ["nonsense"])
        elif hint is bool:
            kwargs[f.name] = rng.random() < 0.5
        elif typing.get_origin(hint) is tuple:
            inner = typing.get_args(hint)[0]
            kwargs[f.name] = tuple(rng.randrange(-1, 9) if inner is int else rng.choice(seen_strings)
                                   for _ in range(rng.randrange(0, 4)))
        elif f.default is not dataclasses.MISSING:
            kwargs[f.name] = f.default
        else:
            kwargs[f.name] = None
    return cls(**kwargs)


def play_checked(game, seed: int) -> Session:
    rng = random.Random(seed)
    n = rng.randint(game.min_players, game.max_players)
    # a game whose rulebook ending takes random players thousands of rounds plays a house rule here
    session = Session(game, [f"P{i + 1}" for i in range(n)], getattr(game, "playout_options", {}), seed=seed)
    # a game whose random games run long (windows for every player, long random walks) says so
    for step in range(getattr(game, "playout_steps", 5000)):
        if session.is_over():
            break
        json.dumps(game.state_to_json(session.state))
        legal = session.legal_actions()
        assert legal, f"{game.id}: no legal action at step {step} and no chance pending"
        roll = rng.random()
        if roll < 0.15:
            wrong = random_action(game, legal, rng)
            if wrong not in legal:
                before = game.state_to_json(session.state)
                log_len = len(session.log)
                try:
                    session.act(wrong)
                except IllegalAction:
                    assert game.state_to_json(session.state) == before and len(session.log) == log_len
                else:
                    pytest.fail(f"{game.id}: accepted an action that legal_actions does not list: {wrong}")
                continue
        if roll < 0.22 and session.can_undo():
            before = game.state_to_json(session.state)
            session.undo()
            session.redo()
            assert game.state_to_json(session.state) == before
            continue
        if step in ROUND_TRIP_STEPS:
            data = json.loads(json.dumps(session.to_json()))
            copy = Session.from_json(data, game)
            assert game.state_to_json(copy.state) == game.state_to_json(session.state)
        session.act(rng.choice(legal))
    else:
        pytest.fail(f"{game.id}: seed {seed} did not finish")
    result = session.game.result(session.state)
    json.dumps(result)
    json.dumps(session.view(None))
    for p in range(len(session.players)):
        json.dumps(session.view(p))
    replayed = Session.from_json(json.loads(json.dumps(session.to_json())), session.game)
    assert game.state_to_json(replayed.state) == game.state_to_json(session.state)
    assert game.state_from_json(game.state_to_json(session.state)) == session.state
    return session


@pytest.mark.slow
@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("seed", range(GAMES_PER_ID))
def test_random_playout(game_id: str, seed: int) -> None:
    play_checked(get_game(game_id), seed)


@pytest.mark.parametrize("seed", range(5))
def test_random_playout_toy_game(pig, seed: int) -> None:
    play_checked(pig, seed)
