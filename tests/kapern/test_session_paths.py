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
