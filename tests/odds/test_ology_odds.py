"""Pirateology odds (issue 14 items 1 and 5): battles, Castaway Island and reach, by hand and
against seeded battles of the real engine (GAME.resolve of a battle roll) within 4 standard errors."""
from __future__ import annotations

import copy
import random
from math import isclose, sqrt

import pytest

from companion.games.pirateology.rules import GAME
from companion.odds import pirateology as po

from ..pirateology.conftest import table


def close(observed: float, p: float, n: int) -> bool:
    return abs(observed - p) <= 4 * sqrt(p * (1 - p) / n) + 1e-3


def test_one_die_each_by_hand() -> None:
    """Battles: a skull beats no skull; else the higher number; equal is a draw (1 die each)."""
    b = po.battle("knife", "cutlass")
    # draw: both skulls (1/36) or the same number (5/36); a skull alone wins 5/36 each side
    assert isclose(b["draw"], 6 / 36)
    assert isclose(b["ways"]["attacker_skull"], 5 / 36)
    assert isclose(b["attacker_wins"], b["defender_wins"])
    assert isclose(b["attacker_wins"] + b["draw"] + b["defender_wins"], 1)


def test_cannon_three_skulls_take_everything() -> None:
    """Weapons: three skulls with the Cannon take everything (1/216 with three dice)."""
    b = po.battle("cannon", "knife")
    assert isclose(b["ways"]["attacker_everything"], 1 / 216)
    assert b["ways"]["defender_everything"] == 0


def test_no_defence_by_hand() -> None:
    """Attacking a pirate (no ship, no fight back): one die; a skull takes everything."""
    b = po.battle("pistol")
    assert isclose(b["p_skull"], 1 / 6) and isclose(sum(b["coins_owed"].values()), 5 / 6)


def test_castaway_by_hand() -> None:
    """Castaway Island: 2 dice for 7 or 11 (the skull counts 6), up to 3 tries a turn."""
    c = po.castaway(2)
    assert isclose(c["p_try"], 8 / 36)
    assert isclose(c["p_this_turn"], 1 - (28 / 36) ** 3)
    assert isclose(c["within"][1], 1 - (28 / 36) ** 6)


def test_reach_is_the_engines_move_search() -> None:
    """Moving: every square listed is an end of the engine's move for some spin and roll."""
    r = po.reach("a1")
    assert isclose(sum(r["totals"].values()), 1) and 0 < max(r["squares"].values()) <= 1
    d = GAME.data
    ends = set()
    for w in d.directions:
        for steps in r["totals"]:
            ends |= set(d.ocean.moves("a1", steps, d.directions[w], d.rules.wind_factor)[0])
    assert ends == set(r["squares"])
    windy = po.reach("a1", wind="e")
    assert set(windy["squares"]) <= ends


@pytest.mark.parametrize("att, dfn", [("cannon", "pistol"), ("knife", "musket")])
def test_battles_agree_with_the_engine(att: str, dfn: str) -> None:
    """400 seeded battle rolls resolved by the engine: the winners' shares within 4 standard errors."""
    exact = po.battle(att, dfn)
    s = GAME.new_state(["A", "B"], {})
    crew = next(c for c, card in GAME.data.cards.items() if card.effect.kind == "crew")
    s.hands = [[att], [crew, dfn]]
    s.pile = [c for c in s.pile if c not in (att, dfn, crew)]
    s.phase, s.seat = "spin", 0
    GAME._attack(s, 0, 1, [])
    s.phase = "battle"
    rng = random.Random(5)
    n, wins = 400, {0: 0, 1: 0, None: 0}
    faces = GAME.data.faces
    for _ in range(n):
        t = copy.deepcopy(s)
        events: list = []
        GAME.play_chance(t, [rng.choice(faces) for _ in range(s.battle["att_dice"] + s.battle["def_dice"])], events)
        w = next(e.data["winner"] for e in events if e.type == "battle")
        wins[w] += 1
    assert close(wins[0] / n, exact["attacker_wins"], n)
    assert close(wins[None] / n, exact["draw"], n)


@pytest.mark.parametrize("call, words", [
    (lambda: po.battle("banana"), "unknown weapon"),
    (lambda: po.castaway(0), "--turns"),
    (lambda: po.reach("zz9"), "unknown square"),
    (lambda: po.reach("a1", wind="up"), "unknown wind"),
])
def test_bad_questions(call, words: str) -> None:
    with pytest.raises(po.OddsError, match=words):
        call()


def test_battle_advice_names_the_defending_weapon_the_cards_are_face_up() -> None:
    """Setup: "Place your cards face up in front of you": the odds name the defending ship's
    weapon and give the chance against it, never a "secret" weapon (issue 26, item 7)."""
    s = table(["c1", "d1"], hands=[["crew", "cannon"], ["crew", "musket"]], phase="act", seat=0)
    texts = [i["text"] for i in po.odds_view(GAME, s, 0)["items"] if i["text"].startswith("Battle")]
    b = po.battle("cannon", "musket")
    assert texts and "secret" not in texts[0] and "Musket" in texts[0]
    assert f"you win {po._pct(b['attacker_wins'])}" in texts[0] and f"a draw {po._pct(b['draw'])}" in texts[0]
    s = table(["c1", "d1"], hands=[["crew", "cannon"], ["crew"]], phase="act", seat=0)  # no weapon: one die
    texts = [i["text"] for i in po.odds_view(GAME, s, 0)["items"] if "Bart" in i["text"] or "cannot" in i["text"]]
    assert texts and "cannot fight back" in texts[0]
