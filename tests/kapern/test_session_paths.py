"""Kapern through a Session: the quiet path (no game log, what simulations run) and a loaded game
are the same game as the logged live one (issue 10: no behaviour change)."""
from __future__ import annotations

import json

import pytest

from companion.engine import RandomBot, Session, play_out
from companion.games import get_game
from companion.games.piraten_kapern.bots import KapernBot

GAME = get_game("piraten-kapern")


def state_json(session: Session) -> str:
    return json.dumps(GAME.state_to_json(session.state), sort_keys=True)


@pytest.mark.parametrize("seed,options,bots", [
    (1, {}, "random"), (2, {"extra_cards": True}, "random"), (3, {"extra_cards": True}, "heuristic"),
])
def test_the_quiet_path_plays_the_same_game_as_the_logged_one(seed: int, options: dict, bots: str) -> None:
    """Speelbeurt, Einde spel: a Session without a game log builds no events, yet every step,
    every state and the end are those of the logged game (same seeds, same bots)."""
    def run(history: bool) -> Session:
        s = Session(GAME, ["Ann", "Ben"], options, seed=seed, history=history)
        make = RandomBot if bots == "random" else KapernBot
        play_out(s, {i: make(seed * 10 + i) for i in range(2)})
        return s

    loud, quiet = run(True), run(False)
    assert loud.is_over() and quiet.log == loud.log and state_json(quiet) == state_json(loud)
    assert quiet.history() == [] and any(e.type == "game_over" for e in loud.history())
    # a loaded game replays without events and builds them, as play built them, when asked
    loaded = Session.from_json(json.loads(json.dumps(loud.to_json())), GAME)
    assert [(i, e.to_dict()) for i, e in loaded.events] == [(i, e.to_dict()) for i, e in loud.events]


def test_the_actions_kept_for_a_roll_are_those_worked_out_afresh() -> None:
    """Speelbeurt, Piratenkaarten (Schatkist, Tovenares): what a roll allows is worked out once and
    kept (legal_actions); at every decision of seeded games, random and heuristic, with the extra
    cards, the kept list is the list worked out from the state alone, in the same order."""
    kinds: set[str] = set()
    for seed in range(12):
        s = Session(GAME, ["Ann", "Ben", "Cas"], {"extra_cards": seed % 2 == 1}, seed=seed, history=False)
        bots = [RandomBot(seed * 10 + i) if (seed + i) % 3 else KapernBot(seed * 10 + i) for i in range(3)]
        while not s.is_over():
            state = s.state
            legal = GAME.legal_actions(state)
            assert legal == GAME._legal_fresh(state), (seed, len(s.log))
            kinds.add(GAME.rule(state).kind)
            seat = s.to_move()
            s.act(bots[seat].choose(s.view(seat), legal))
    assert {"chest", "reroll_skull"} <= kinds  # both kept kinds were met


@pytest.mark.parametrize("history", [True, False])
def test_the_bot_loop_stepping_in_place_plays_the_game_act_plays(history: bool) -> None:
    """Speelbeurt, Einde spel: Kapern's bot loop steps a copy of its own in place between snapshots
    (`step_in_place`, through `step_quiet` and `resolve_quiet` without a game log). Played as act
    plays it, one checked step on a copy at a time, the game is the same: the log, the state, the
    events, the state a caller held before the loop; and undo, back to the start, rebuilds from
    snapshots the loop never changed."""
    fast = Session(GAME, ["Ann", "Ben", "Cas"], {"extra_cards": True}, seed=21, history=history)
    slow = Session(GAME, ["Ann", "Ben", "Cas"], {"extra_cards": True}, seed=21, history=history)
    held, before = fast.state, state_json(fast)
    play_out(fast, {i: RandomBot(i) for i in range(3)})
    bots = [RandomBot(i) for i in range(3)]
    while not slow.is_over():
        seat = slow.to_move()
        slow.act(bots[seat].choose({}, slow.legal_actions()))
    assert fast.is_over() and fast.log == slow.log and state_json(fast) == state_json(slow)
    assert [(i, e.to_dict()) for i, e in fast.events] == [(i, e.to_dict()) for i, e in slow.events]
    assert json.dumps(GAME.state_to_json(held), sort_keys=True) == before
    while slow.can_undo():
        fast.undo()
        slow.undo()
        assert state_json(fast) == state_json(slow), len(slow.log)
