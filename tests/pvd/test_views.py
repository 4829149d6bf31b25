"""Hidden information: a captain's view never holds another captain's secrets (hands, Map
Fragments, treasure values), the face-down Landmarks, the face-down Relic, or the deck and bag."""
from __future__ import annotations

import json
import random

import pytest

from companion.engine import Session
from companion.games.pirates_vs_dinosaurs.rules import GAME

SECRET_KEYS = ("hand", "fragments", "treasures", "known", "peeks", "mods")


def secrets_of(s, p: int) -> set[str]:
    """Landmark ids p may not know: hidden in slots, not found, not on p's fragments, not looked at."""
    st = s.state
    me = st.players[p]
    public = {lm for pl in st.players for lm in pl.found}
    mine = set(me.fragments) | set(me.known.values()) | {k.split(":", 1)[1] for k in me.peeks}
    return {v for v in st.slots.values() if v} - public - mine


@pytest.mark.parametrize("seed", range(4))
def test_views_hide_other_captains_secrets(seed: int) -> None:
    rng = random.Random(seed)
    n = 2 + seed % 5
    s = Session(GAME, [f"P{i}" for i in range(n)], seed=seed)
    steps = 0
    while not s.is_over() and steps < 1500:
        steps += 1
        for p in range(n):
            v = s.view(p)
            text = json.dumps(v)
            for q, other in enumerate(v["players"]):
                if q != p:
                    assert not set(SECRET_KEYS) & set(other), f"seat {p} sees secrets of seat {q}"
            for lm in secrets_of(s, p):
                assert f'"{lm}"' not in text, f"seat {p} sees the hidden landmark {lm}"
            st = s.state
            if st.relic_hidden and not st.relic_flipped:
                assert f'"{st.relic_hidden}"' not in text
            assert "deck" not in v and "bag" not in v
            if v["decision"] and v["decision"]["seat"] != p:
                assert set(v["decision"]) == {"seat", "kind"}
        table = json.dumps(s.view(None))
        assert '"hand"' not in table and '"fragments"' not in table
        s.act(rng.choice(s.legal_actions()))


def test_private_log_events_reach_only_their_captain() -> None:
    """Cards drawn and treasure values are logged for their owner only."""
    s = Session(GAME, ["A", "B"], seed=3)
    rng = random.Random(3)
    for _ in range(300):
        if s.is_over():
            break
        s.act(rng.choice(s.legal_actions()))
    for e in s.history(1):
        if e.visible_to is not None:
            assert 1 in e.visible_to
    private_to_0 = [e for e in s.history(0) if e.visible_to == (0,)]
    assert private_to_0 and not any(e in s.history(1) for e in private_to_0)
