"""Words, not ids, in what the rules say (issue 16 item 3): every event of seeded Pirates vs.
Dinosaurs games between random choices is worded with counts that agree ("digs up 2 tokens",
"draws 1 Event card", "+1 sailor"), never "token(s)", "treasure(s)" or "+1 sailors". The app's
game log and end screen show these texts ("Cato returns to the ship with 0 treasure(s)" was seen
on an end screen at 390 px)."""
from __future__ import annotations

import random

from companion import words
from companion.engine.runner import Playout
from companion.games.pirates_vs_dinosaurs.rules import GAME


def test_every_event_of_a_seeded_game_is_worded() -> None:
    said: dict[str, str] = {}
    kinds: set[str] = set()
    for seed in (1, 3):
        play = Playout(GAME, ["Ann", "Ben", "Cid"], {}, seed=seed)
        rng = random.Random(seed)
        s = play.state
        for _ in range(3000):
            if GAME.is_over(s):
                break
            events: list = []
            GAME.play(s, rng.choice(GAME.legal_actions(s)), events)
            while not GAME.is_over(s) and (step := GAME.chance_step(s)) is not None:
                GAME.play_chance(s, step.sample(play.rng), events)
            for e in events:
                said.setdefault(e.text, e.type)
                kinds.add(e.type)
        assert GAME.is_over(s), f"seed {seed}: no end in 3000 steps"
    assert {"dig", "return", "draw", "plunder", "replenish"} <= kinds, kinds
    bad = sorted(f"{what}: {wrong!r} in {text!r}" for text in said for what, wrong in words.faults(text))
    assert not bad, "\n".join(bad[:20])
