"""Pirate Island odds (issue 14 items 1 and 5): hand-computed two-dice cases, sums to 1, and seeded
Monte Carlo runs of the real engine (Attack and rescue rolls through GAME.after / play_chance)
within 4 standard errors of a proportion."""
from __future__ import annotations

import random
from math import isclose, sqrt

import pytest

from companion.games.pirate_island.actions import Attack
from companion.games.pirate_island.rules import FACES, GAME
from companion.odds import pirate_island as pi


def close(observed: float, p: float, n: int) -> bool:
    return abs(observed - p) <= 4 * sqrt(p * (1 - p) / n) + 1e-3


def test_two_dice_by_hand() -> None:
    d = pi.two_dice()
    assert isclose(sum(d.values()), 1) and isclose(d[7], 6 / 36) and isclose(d[2], 1 / 36)
    assert isclose(pi.p_at_least(9), 10 / 36)


def test_rescue_rolls_by_hand() -> None:
    """Rescue rolls (rules.yaml eruption and fever lines): two dice, the need or more."""
    assert pi.rescue(volcano=0)["need"] == 9 and isclose(pi.rescue(volcano=0)["p_survive"], 10 / 36)
    assert pi.rescue(volcano=2)["need"] == 7 and isclose(pi.rescue(volcano=2)["p_survive"], 21 / 36)
    assert pi.rescue(volcano="none") == {"kind": "eruption", "need": None, "p_survive": 1.0, "safe": True}
    assert isclose(pi.rescue(fever="ship")["p_survive"], 35 / 36)      # 3 or more
    assert isclose(pi.rescue(fever="swamp")["p_survive"], 21 / 36)     # 7 or more


def test_combat_by_hand() -> None:
    """Combat: two dice + the attackers' bonus - fortress/mountain/river; 11+ killed, 9-10 flees,
    5-8 nothing, 4 or less an attacker dies; a surrounded defender is killed on 9-10."""
    c = pi.combat(1, "plain")
    assert isclose(c["killed"], 3 / 36) and isclose(c["flees"], 7 / 36) and isclose(c["attacker_dies"], 6 / 36)
    s = pi.combat(1, "plain", surrounded=True)
    assert isclose(s["killed"], 10 / 36) and s["flees"] == 0
    f = pi.combat(3, "fortress", river=True)                          # +2 -3 -1 = -2
    assert f["plus"] == -2 and isclose(f["killed"], 0) and isclose(f["flees"], 3 / 36)
    for odds in (c, s, f, pi.combat(6, "mountain")):
        assert isclose(sum(odds[k] for k in pi.OUTCOME_KEYS.values()), 1)


def test_route_with_and_without_the_chest() -> None:
    """Movement: terrain costs, doubled with the treasure (rivers not)."""
    plain = pi.route("c11", "f5")
    chest = pi.route("c11", "f5", chest=True)
    assert plain["route"][0] == "c11" and plain["route"][-1] == "f5"
    assert plain["cost"] < chest["cost"] <= 2 * plain["cost"]
    assert pi.route("c11", "c11")["cost"] == 0


def placed(target_kind: str, attackers: int):
    """A state in the combat phase: a blue pirate on a field of this kind, red attackers around it."""
    isl = GAME.island
    s = GAME.new_state(["A", "B"], {})
    field = next(f for f in sorted(isl.fieldset) if isl.kind[f] == target_kind
                 and len([n for n in isl.near[f] if n in isl.fieldset]) >= attackers)
    around = [n for n in sorted(isl.near[field]) if n in isl.fieldset][:attackers]
    pirates = dict(s.pirates)
    pirates["blue-1"] = field
    reds = tuple(f"red-{i + 1}" for i in range(attackers))
    for r, f in zip(reds, around):
        pirates[r] = f
    s.pirates = pirates
    s.ships = {"red": "harbour-1", "blue": "harbour-2"}
    s.phase, s.seat = "combat", 0
    return s, reds


def rolled(s, outcome: list[str]) -> list:
    """The events of the pending roll's `outcome`, played on a copy of `s`."""
    events: list = []
    GAME.play_chance(GAME.clone(s), outcome, events)
    return events


@pytest.mark.parametrize("kind, attackers", [("plain", 1), ("mountain", 2)])
def test_combat_agrees_with_the_engine(kind: str, attackers: int) -> None:
    s, reds = placed(kind, attackers)
    exact = pi.combat_at(s, "blue-1", reds)
    rng = random.Random(12)
    n, seen = 500, {k: 0 for k in pi.OUTCOME_KEYS.values()}
    state, _ = GAME.after(s, Attack(player=0, target="blue-1", attackers=reds))
    for _ in range(n):
        events = rolled(state, [rng.choice(FACES), rng.choice(FACES)])
        outcome = next(e.data["outcome"] for e in events if e.type == "combat")
        seen[pi.OUTCOME_KEYS[outcome]] += 1
    for k, c in seen.items():
        assert close(c / n, exact[k], n), (k, seen, exact)


def test_rescue_agrees_with_the_engine() -> None:
    """The fever on the coast: the engine's rescue roll saves the pirate as often as p_survive says."""
    isl = GAME.island
    s = GAME.new_state(["A", "B"], {})
    coast = sorted(isl.coast)[0]
    s.pirates = {**s.pirates, "red-1": coast}
    s.ships = {"red": "harbour-1", "blue": "harbour-2"}
    exact = pi.rescue_at(s, "red-1", "fever")
    s.phase = "rescue_roll"
    s.pending = {"kind": "fever", "queue": {"red-1": exact["need"]}, "current": "red-1", "chooser": 0}
    rng = random.Random(3)
    n = 500
    saved = 0
    for _ in range(n):
        events = rolled(s, [rng.choice(FACES), rng.choice(FACES)])
        saved += any(e.type == "rescued" for e in events)
    assert close(saved / n, exact["p_survive"], n)


@pytest.mark.parametrize("call, words", [
    (lambda: pi.rescue(), "ask for one rescue roll"),
    (lambda: pi.rescue(volcano="7"), "--volcano"),
    (lambda: pi.combat(0, "plain"), "--attackers"),
    (lambda: pi.combat(1, "lava"), "--field"),
    (lambda: pi.route("zz", "c11"), "unknown field"),
])
def test_bad_questions(call, words: str) -> None:
    with pytest.raises(pi.OddsError, match=words):
        call()
