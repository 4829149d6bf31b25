"""The random bot's shortcut (the engine's `sample_action` hook): a random bot's action built
alone, without the list of every legal action, is the action at the same place in that list, at
every kind of decision of seeded games, so simulations and seeded games stay the games they were."""
from __future__ import annotations

from collections import Counter

from companion.engine import RandomBot
from companion.engine.runner import Playout
from companion.games.pirate_island.rules import GAME


def test_the_sampled_action_is_the_listed_one_at_every_decision() -> None:
    phases: Counter[str] = Counter()
    for seed in (1, 2):
        play = Playout(GAME, ["A", "B", "C", "D"], {"round_limit": 12}, seed=seed)
        bots = {i: RandomBot(f"{seed}:{i}") for i in range(4)}
        s = play.state
        while not GAME.is_over(s):
            legal = GAME.legal_actions(s)
            asked: list[int] = []
            for i in range(len(legal)):
                assert GAME.sample_action(s, lambda n: asked.append(n) or i) == legal[i]  # type: ignore[func-returns-value]
            assert set(asked) == {len(legal)}  # the bot is told how many there are
            phases[s.phase] += 1
            play.act(GAME.sample_action(s, bots[GAME.to_move(s)].index))  # type: ignore[index]
    assert phases["move"] > 100 and phases["combat"] and phases["fog"]  # the kinds checked
