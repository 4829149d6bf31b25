"""Properties over many random games: every component is always somewhere (85 sailors, 60 bag
tokens, 76 Event cards, 16 Curses), crews are never negative, replays are deterministic.
The number of games follows the hypothesis profile (tests/conftest.py): 8 in ci (shrunk from 16 to
keep the suite's CPU down: the long run is COMPANION_TESTS=thorough), 160 in thorough."""
from __future__ import annotations

import json
import random

import pytest

from companion.engine import Session
from companion.games.pirates_vs_dinosaurs.catalog import catalog
from companion.games.pirates_vs_dinosaurs.rules import GAME

from ..conftest import bounded, runs

GAMES = runs(8, thorough=160)


def check_invariants(st) -> None:
    cat = catalog()
    sailors = st.reserve + st.lost + sum(pl.crew for pl in st.players)
    assert sailors == cat.sailors == 85
    assert all(pl.crew >= 0 for pl in st.players)
    tokens = (len(st.bag) + sum(len(pl.treasures) for pl in st.players) + st.volcano + len(st.held)
              + len(st.boxed))
    assert tokens == len(cat.bag) == 60
    cards = (len(st.deck) + len(st.discard) + len(st.in_play)
             + sum(len(pl.hand) + bool(pl.inc_dino) + bool(pl.inc_other) for pl in st.players))
    assert cards == len(cat.event_deck) == 76
    assert st.curse_stack + sum(len(pl.curses) for pl in st.players) == cat.curse_tokens == 16
    # ruling replenish-tokens: the 16 tokens are on the board or with a captain; noted ones come on top
    assert st.tokens_left + sum(pl.tokens - pl.noted for pl in st.players) == cat.replenish_tokens
    assert 0 <= st.volcano <= 6


def play(seed: int, check_every_step: bool = True) -> Session:
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    s = Session(GAME, [f"P{i}" for i in range(n)], seed=seed)
    for _ in bounded(20_000, f"the random game of seed {seed}"):
        if s.is_over():
            break
        if check_every_step:
            check_invariants(s.state)
        s.act(rng.choice(s.legal_actions()))
    check_invariants(s.state)
    return s


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(GAMES))
def test_components_are_conserved_and_replays_are_deterministic(seed: int) -> None:
    s = play(1000 + seed)
    again = Session.from_json(json.loads(json.dumps(s.to_json())), GAME)
    assert GAME.state_to_json(again.state) == GAME.state_to_json(s.state)
    r = GAME.result(s.state)
    assert set(r["winners"]) <= set(r["returned"])
    assert r["sunk"] or len(r["returned"]) == len(s.players)

