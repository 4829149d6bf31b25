"""Rules Of Battle, Weapons, Ship vs Ship, Ship vs Pirate, Winning The Game; coins conserved."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine import IllegalAction, Session
from companion.games.pirateology.rules import GAME

from ..conftest import bounded, runs  # (the profile sizes the property runs: tests/conftest.py)
from .conftest import run, table, texts


def at_sea(pos, hands, coins=None, seat=0):
    """A state after seat 0's move, ready to act (bury, battle, end the turn)."""
    s = table(pos, hands=hands, coins=coins, phase="act", seat=seat)
    return s


def attacks(s) -> set[int]:
    return {a.target for a in GAME.legal_actions(s) if a.type == "attack"}


def test_weapons__ranges_one_two_three() -> None:
    """Weapons: type 1 reaches 1 space, Musket and Pistol 2, the Cannon 3."""
    for weapon, reach in (("knife", 1), ("pistol", 2), ("cannon", 3)):
        for dist, square in ((1, "d1"), (2, "e1"), (3, "f1"), (4, "g1")):
            s = at_sea(["c1", square], [["crew", weapon], ["crew"]])
            assert (1 in attacks(s)) == (dist <= reach), (weapon, dist)


def test_battle__range_counts_across_islands() -> None:
    """Rules Of Battle: "within 3 spaces" is counted in steps over islands too (rulings: range-counting)."""
    s = at_sea(["f5", "i5"], [["crew", "cannon"], []])
    assert attacks(s) == {1}


def test_battle__pirate_cannot_attack_castaway_cannot_be_attacked() -> None:
    """Rules Of Battle: only a ship with a Weapon Card attacks; nobody on Castaway Island is attacked."""
    assert attacks(at_sea(["c1", "d1"], [["cannon"], []])) == set()
    s = at_sea(["c1", "d1"], [["crew", "cannon"], []])
    s.marooned[1] = "d1"
    s.pos[1] = "n10"
    assert attacks(s) == set()


def test_ship_vs_ship__wager_matched_higher_total_wins() -> None:
    """Ship vs Ship: the challenger wagers, the defender matches, both roll their best weapon, the higher total wins."""
    s = at_sea(["c1", "d1"], [["crew", "cannon", "treasure-map"], ["crew", "musket", "pillage"]])
    s, ev = run(s, {"type": "attack", "target": 1})
    assert s.phase == "wager"
    s, ev = run(s, {"type": "wager", "coins": 3, "cards": 1})
    assert len(GAME.chance_step(s).dice) == 3 + 2
    s, ev = run(s, ["5", "4", "3", "2", "2"])      # 12 against 4
    assert s.phase == "take" and s.pending["taker"] == 0
    s, ev = run(s, {"type": "take", "card": "crew"})
    assert s.coins == [10, 4] and "crew" not in s.hands[1] and not GAME.is_ship(s, 1)
    assert s.bottom == ["cannon", "musket"] and s.phase == "act"


def test_ship_vs_ship__a_skull_wins_outright() -> None:
    """Ship vs Ship: a player who rolls a skull wins, whatever the totals."""
    s = at_sea(["c1", "d1"], [["crew", "knife"], ["crew", "cannon"]])
    s, _ = run(s, {"type": "attack", "target": 1}, {"type": "wager", "coins": 2, "cards": 0}, ["skull", "5", "5", "5"])
    assert s.coins == [9, 5]


def test_ship_vs_ship__two_skulls_compare_the_other_dice() -> None:
    """Ship vs Ship: when both roll skulls the remaining dice decide; equal is a draw (rulings: wager)."""
    s = at_sea(["c1", "d1"], [["crew", "musket"], ["crew", "cannon"]])
    s, _ = run(s, {"type": "attack", "target": 1}, {"type": "wager", "coins": 2, "cards": 0},
               ["skull", "2", "skull", "1", "4"])   # 2 against 5
    assert s.coins == [5, 9]
    s = at_sea(["c1", "d1"], [["crew", "musket"], ["crew", "pistol"]])
    s, ev = run(s, {"type": "attack", "target": 1}, {"type": "wager", "coins": 2, "cards": 0},
                ["skull", "3", "skull", "3"])
    assert s.coins == [7, 7] and "draw" in texts(ev)


def test_ship_vs_ship__three_cannon_skulls_take_everything() -> None:
    """Ship vs Ship: three skulls with the Cannon take all the opponent carries; with nothing buried they are out."""
    s = at_sea(["c1", "d1", "o11"], [["crew", "cannon"], ["crew", "musket", "treasure-map"], ["crew"]])
    s, ev = run(s, {"type": "attack", "target": 1}, {"type": "wager", "coins": 1, "cards": 0},
                ["skull", "skull", "skull", "skull", "5"])
    assert s.coins[0] == 14 and s.coins[1] == 0 and s.out[1] and "out of the game" in texts(ev)
    assert sorted(s.hands[0]) == ["crew", "crew", "treasure-map"]


def test_battle__a_weapon_other_than_the_best_may_be_played() -> None:
    """Rules Of Battle: "a battle can be waged by playing a Weapon Card" and each weapon has its
    range: a ship holding a Cannon may battle with its Knife within 1 space, rolling the Knife's
    die and keeping the Cannon; the defender rolls its highest-ranked weapon (rulings: weapon-choice)."""
    s = at_sea(["c1", "d1"], [["crew", "cannon", "knife"], ["crew", "musket"]])
    assert GAME.view(s, 0)["other_weapons"] == [{"target": 1, "weapon": "knife", "name": "Knife", "dice": 1}]
    assert "attack_with" not in {a.type for a in GAME.legal_actions(s)}   # (not listed: bots keep their choices)
    s, ev = run(s, {"type": "attack_with", "target": 1, "weapon": "knife"})
    assert "with the Knife" in texts(ev) and "fights back with the Musket" in texts(ev)
    s, _ = run(s, {"type": "wager", "coins": 2, "cards": 0})
    assert len(GAME.chance_step(s).dice) == 1 + 2
    s, _ = run(s, ["5", "1", "2"])                      # 5 against 3
    assert s.coins == [9, 5] and s.hands[0] == ["cannon", "crew"] and s.bottom == ["knife", "musket"]


def test_battle__a_weapon_out_of_range_or_not_held_is_refused() -> None:
    """Rules Of Battle: the weapon played must reach the opponent (a Knife 1 space) and be held."""
    s = at_sea(["c1", "e1"], [["crew", "cannon", "knife"], ["crew"]])   # 2 spaces apart
    assert GAME.view(s, 0)["other_weapons"] == []
    for weapon in ("knife", "pistol", "crew"):
        with pytest.raises(IllegalAction) as info:
            GAME.after(s, GAME.codec.decode({"type": "attack_with", "player": 0, "target": 1, "weapon": weapon}))
        assert info.value.rule == "Rules Of Battle" and "in its range" in info.value.reason
    s, ev = run(s, {"type": "attack_with", "target": 1, "weapon": "cannon"})   # the best one, named
    assert s.battle["att_weapon"] == "cannon"


def test_ship_vs_pirate__attacker_rolls_one_die_for_coins() -> None:
    """Ship vs Pirate: the pirate does not roll; the ship rolls one die and takes that many coins."""
    s = at_sea(["c1", "d1"], [["crew", "cannon"], ["cutlass"]])
    s, ev = run(s, {"type": "attack", "target": 1})
    assert len(GAME.chance_step(s).dice) == 1
    s, ev = run(s, ["4"])
    assert s.coins == [11, 3] and s.hands[1] == ["cutlass"]


def test_ship_vs_ship__defender_without_weapon_pays_coins_then_cards() -> None:
    """Ship vs Ship: a defender without a Weapon Card does not roll; short of coins, cards make up the rest (rulings: paying)."""
    s = at_sea(["c1", "d1"], [["crew", "knife"], ["crew", "pillage", "treasure-map"]], coins=[7, 2])
    s.buried[1] = {"b2": 3}
    s, ev = run(s, {"type": "attack", "target": 1}, ["5"])
    assert s.coins == [9, 0] and s.phase == "take" and s.pending["count"] == 3
    s, _ = run(s, {"type": "take", "card": "crew"}, {"type": "take", "card": "pillage"},
               {"type": "take", "card": "treasure-map"})
    assert s.hands[1] == [] and not s.out[1]           # buried treasure keeps Ben in the game


def test_ship_vs_pirate__skull_takes_everything() -> None:
    """Ship vs Pirate: a skull takes all the pirate's coins and cards; nothing buried means out."""
    s = at_sea(["c1", "d1", "o11"], [["crew", "knife"], ["pillage"], []])
    s, ev = run(s, {"type": "attack", "target": 1}, ["skull"])
    assert s.coins[0] == 14 and s.hands[0] == ["crew", "pillage"] and s.out[1]


def test_winning__last_pirate_standing() -> None:
    """Winning The Game: when every other player is out, the last pirate standing wins."""
    s = at_sea(["c1", "d1"], [["crew", "knife"], []])
    s, ev = run(s, {"type": "attack", "target": 1}, ["skull"])
    assert s.phase == "over" and s.winners == ["Ann"] and GAME.result(s)["winners"] == ["Ann"]


def test_winning__house_rule_round_limit() -> None:
    """Winning The Game: with the optional round_limit the richest pirate (carried and buried) wins after that many rounds."""
    session = Session(GAME, ["Ann", "Ben"], {"round_limit": 3}, seed=4)
    bots = {0: GAME.make_bot(1), 1: GAME.make_bot(2)}
    for _ in bounded(5000, "a 3-round game of two bots"):
        if session.is_over():
            break
        seat = GAME.to_move(session.state)
        session.act(bots[seat].choose(session.view(seat), session.legal_actions()))
    s = session.state
    assert s.rounds <= 3
    if s.rounds == 3 and not any(s.out):
        best = max(GAME.gold(s, p) for p in range(2))
        assert {n for p, n in enumerate(s.players) if GAME.gold(s, p) == best} >= set(s.winners)


@settings(max_examples=runs(8), deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5))
def test_battle__coins_are_conserved(seed: int, players: int) -> None:
    """Contents: the 50 coins are always in the Skull Bank, in hands or buried, whatever happens."""
    session = Session(GAME, [f"P{i}" for i in range(players)], {"round_limit": 8}, seed=seed)
    rng = random.Random(seed)
    bots = {p: GAME.make_bot(seed + p) for p in range(players)}
    steps = 0
    while not session.is_over() and steps < 2500:
        seat = GAME.to_move(session.state)
        legal = session.legal_actions()
        action = rng.choice(legal) if rng.random() < 0.3 else bots[seat].choose(session.view(seat), legal)
        session.act(action)
        assert GAME.coins_total(session.state) == 50
        assert sum(len(h) for h in session.state.hands) + len(session.state.pile) + len(session.state.bottom) == 70
        steps += 1
