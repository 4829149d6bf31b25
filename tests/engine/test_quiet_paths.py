"""The quiet path every load replays (docs/ARCHITECTURE.md, the engine contract: `apply_quiet`,
`apply_chance_quiet`, and for a game with `step_in_place` the in-place `step_quiet`, `resolve_quiet`, and
`outcome_fits`) against
the checked one (`apply`, `apply_chance`), for every game: the
games check a replayed answer alone instead of against every legal action (Pirateology's
`_allowed`, Pirate Island's one destination, PvD's offer of the answer's own kind), so at positions
of a seeded random game, some of the legal actions, other seats' versions of them, actions with a field
changed and random malformed ones must be refused by both paths alike (the same rule and words)
or lead both to the same state, and be taken exactly when `legal_actions` lists them; chance
outcomes alike. The state tried on never changes."""
from __future__ import annotations

import dataclasses
import random
import typing

import pytest

from companion.engine import Action, IllegalAction, Session, Table
from companion.games import game_ids, get_game

from .test_random_playouts import random_action

#: decisions looked at per game (every one of the first of one seeded game: each phase of a turn
#: comes up), and the random malformed candidates tried at each
DECISIONS = 120
RANDOM_CANDIDATES = 3


def mutations(action: Action, players: int, words: list[str], rng: random.Random) -> list[Action]:
    """`action` by every other seat, with each whole-number field one off, and with each text
    field another text the game's actions used (a square, a card) or none of them."""
    out = [dataclasses.replace(action, player=p) for p in range(players) if p != action.player]
    hints = typing.get_type_hints(type(action))
    for f in dataclasses.fields(action):
        if f.name == "player":
            continue
        if hints.get(f.name) is int:
            for d in (-1, 1):
                out.append(dataclasses.replace(action, **{f.name: getattr(action, f.name) + d}))
        elif hints.get(f.name) is str:
            for word in rng.sample(words, min(3, len(words))) + ["nonsense"]:
                out.append(dataclasses.replace(action, **{f.name: word}))
    return out


def outcome_of(path, game, state, arg):
    """("ok", the state as data) or ("refused", rule, reason): what one path does with `arg`."""
    before = game.state_to_json(state)
    try:
        new = path(state, arg)
    except IllegalAction as exc:
        result = ("refused", exc.rule, exc.reason)
    else:
        result = ("ok", game.state_to_json(new[0] if type(new) is tuple else new))
    assert game.state_to_json(state) == before, f"{game.id}: {path.__name__} changed the state it was given"
    return result


def in_place(game, hook):
    """How a load replays a game with `step_in_place` between snapshots, as a path like
    `apply_quiet`: its in-place quiet hook (`step_quiet`; `resolve_quiet` after the engine's check
    of the outcome, as `Session._replay_entries` does) on a copy of the state, which it must leave
    as it was when it refuses; the copy it changed otherwise."""
    def path(state, arg):
        mine = game.successor(state)
        before = game.state_to_json(mine)
        try:
            if hook == game.resolve_quiet:
                pending = game.chance_step(mine)
                if pending is None:
                    raise IllegalAction.said("chance", "refused.no_chance")
                arg = pending.check(arg)
            hook(mine, arg)
        except IllegalAction:
            assert game.state_to_json(mine) == before, f"{game.id}: {hook.__name__} refused after changing the state"
            raise
        return mine
    path.__name__ = hook.__name__
    return path


def seeded(game, seed: int, **kwargs) -> Session:
    """A session of up to four players on the game's playout options, without a game log."""
    players = [f"P{i + 1}" for i in range(min(4, game.max_players))]
    return Session(game, players, getattr(game, "playout_options", {}), seed=seed, history=False, **kwargs)


@pytest.mark.parametrize("game_id", game_ids())
def test_quiet_paths_refuse_and_accept_what_the_checked_paths_do(game_id: str) -> None:
    game = get_game(game_id)
    step_quiet = in_place(game, game.step_quiet) if getattr(game, "step_in_place", False) else None
    rng = random.Random(11)
    session = seeded(game, 11)
    players = len(session.players)
    tried = 0
    words: set[str] = set()  # every text an action of this game has held so far
    for step in range(DECISIONS):
        if session.is_over():
            break
        state = session.state
        legal = session.legal_actions()
        words.update(v for a in legal for v in vars(a).values() if type(v) is str)
        candidates = rng.sample(legal, min(3, len(legal)))
        candidates += mutations(candidates[0], players, sorted(words), rng)
        candidates += [random_action(game, legal, rng) for _ in range(RANDOM_CANDIDATES)]
        for c in candidates:
            checked = outcome_of(game.apply, game, state, c)
            assert checked == outcome_of(game.apply_quiet, game, state, c), f"{game_id}, step {step}: {c}"
            if step_quiet is not None:
                assert checked == outcome_of(step_quiet, game, state, c), f"{game_id}, step {step}: {c} in place"
            # and both take exactly what legal_actions lists (the games' checks of one action alone)
            assert (checked[0] == "ok") == (c in legal), f"{game_id}, step {step}: {c} {checked[:3]}"
            tried += 1
        session.act(rng.choice(legal))
    assert tried >= 50, f"{game_id}: only {tried} candidates tried"


def wrong_outcomes(outcome: list, rng: random.Random) -> list[list]:
    """Outcomes that may not fit: one item dropped, one added, one replaced by another's or a stranger."""
    out: list[list] = [outcome[:-1], outcome + outcome[:1], outcome + ["nonsense"]]
    if outcome:
        i = rng.randrange(len(outcome))
        out.append(outcome[:i] + ["nonsense"] + outcome[i + 1:])
        out.append(outcome[:i] + [outcome[-1 - i]] + outcome[i + 1:])
    return out


@pytest.mark.parametrize("game_id", game_ids())
def test_quiet_chance_takes_and_refuses_what_the_checked_path_does(game_id: str) -> None:
    game = get_game(game_id)
    resolve_quiet = in_place(game, game.resolve_quiet) if getattr(game, "step_in_place", False) else None
    fits = getattr(game, "outcome_fits", None)
    rng = random.Random(5)
    # the table rolls and draws: every chance step waits, and is tried on both paths before it is entered
    session = seeded(game, 5, source=Table())
    tried = 0
    for _ in range(600):  # decisions and outcomes of the game's first turns
        if session.is_over():
            break
        state = session.state
        step = game.chance_step(state)
        if step is None:
            session.act(rng.choice(session.legal_actions()))
            continue
        outcome = list(step.sample(rng))
        for o in [outcome] + wrong_outcomes(outcome, rng):
            checked = outcome_of(game.apply_chance, game, state, o)
            assert checked == outcome_of(game.apply_chance_quiet, game, state, o), f"{game_id}: {o}"
            if resolve_quiet is not None:
                assert checked == outcome_of(resolve_quiet, game, state, o), f"{game_id}: {o} in place"
            if fits is not None and fits(state, o):  # a load in place then skips the step's check
                assert step.check(o) == o, f"{game_id}: {o} fits, and its check changes or refuses it"
            tried += 1
        session.resolve(outcome)
    assert tried >= 50, f"{game_id}: only {tried} outcomes tried"
