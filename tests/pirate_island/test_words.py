"""Pirates in words, not ids (issue 16 item 3): every sentence the rules, the actions in words and
the odds panel give people names a pirate as its standee is named ("Red pirate 3"), never by its
id ("red-3"), on a seeded game between random bots that walks through moves, combat, rescue rolls
and doubles events."""
from __future__ import annotations

import random
import re

from companion import words
from companion.engine.runner import Playout
from companion.games.pirate_island.rules import GAME
from companion.odds import odds_view

ID = re.compile(r"\b(red|blue|yellow|green)-\d\b")


def test_a_pirate_is_named_in_words() -> None:
    assert GAME.pirate_name("red-3") == "Red pirate 3" and GAME.pirate_name("green-6") == "Green pirate 6"


def test_events_actions_and_odds_name_pirates_in_words() -> None:
    play = Playout(GAME, ["Ann", "Ben", "Cid", "Dee"], {"round_limit": 25}, seed=5)
    rng = random.Random(5)
    s = play.state
    said: set[str] = set()
    kinds: set[str] = set()
    while not GAME.is_over(s):
        legal = GAME.legal_actions(s)
        said.update(GAME.describe_action(s, a) for a in legal[:12])
        panel = odds_view(GAME, s, GAME.to_move(s))
        said.update(item["text"] for item in (panel or {}).get("items", []))
        events: list = []
        GAME.play(s, rng.choice(legal), events)
        while not GAME.is_over(s) and (step := GAME.chance_step(s)) is not None:
            said.add(step.label)
            GAME.play_chance(s, step.sample(play.rng), events, step)
        for e in events:
            said.add(e.text)
            kinds.add(e.type)
    assert {"move", "attack", "combat", "killed", "fog"} <= kinds  # the walk reached what names pirates
    assert any(t.startswith("This combat roll:") or " against " in t for t in said)
    wrong = sorted(t for t in said if ID.search(t) or words.problems(t))
    assert not wrong, wrong[:10]
