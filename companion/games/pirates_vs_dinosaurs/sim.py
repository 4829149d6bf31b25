"""Fast simulation: whole games between bots without a Session (no copies, no log), for the
simulate command and the benchmark. Chance is sampled from a seeded generator."""
from __future__ import annotations

import random
from typing import Any

from .bots import make_bot
from .rules import GAME, apply, legal
from .views import view


def play_game(bots: list[str], seed: int, options: dict[str, Any] | None = None,
              max_steps: int = 50_000) -> dict[str, Any]:
    """One game; returns the result plus the seats' first mates, relics, weapons and equipment."""
    rng = random.Random(f"pvd-sim:{seed}")
    names = [f"{b}-{i + 1}" for i, b in enumerate(bots)]
    players = [make_bot(b, f"{seed}:{i}") for i, b in enumerate(bots)]
    s = GAME.new_state(names, options or {})
    steps = 0
    while not s.over:
        steps += 1
        if steps > max_steps:
            raise RuntimeError(f"game {seed} did not end in {max_steps} steps")
        step = GAME.chance_step(s)
        if step is not None:
            GAME.resolve(s, step.sample(rng))
            continue
        seat = s.decision["seat"]
        options_ = legal(s)
        bot = players[seat]
        v = None if bot.name == "random" else view(s, seat)
        action = bot.choose(v, options_)
        s.__dict__.pop("_legal", None)
        apply(s, action)
        s.__dict__.pop("_legal", None)
    r = GAME.result(s)
    r["seats"] = [{"name": pl.name, "bot": bots[i], "mate": pl.mate, "relic": pl.relic, "weapon": pl.weapon,
                   "equipment": list(pl.equipment), "won": pl.name in r["winners"]}
                  for i, pl in enumerate(s.players)]
    r["steps"] = steps
    return r
