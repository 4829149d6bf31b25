"""Moving Around The Board: spin then roll, 1 die or 2, the wind doubling, crossing islands,
dropping anchor early (Treasure Spots)."""
from __future__ import annotations

import pytest

from companion.engine import IllegalAction
from companion.games.pirateology.rules import GAME

from .conftest import moved, run, table


def dests(s) -> dict[str, dict]:
    return GAME.destinations(s)


def test_moving__spin_then_one_die_as_pirate() -> None:
    """Moving Around The Board: spin the compass first, then a pirate rolls one die."""
    s = table(["b6", "n6"])
    step = GAME.chance_step(s)
    assert step.label.endswith("spins the compass") and len(step.dice) == 1 and len(step.dice[0]) == 8
    s, _ = run(s, ["n"])
    assert len(GAME.chance_step(s).dice) == 1


def test_moving__ship_rolls_two_dice() -> None:
    """Moving Around The Board: with a Crew card the pawn is a ship and rolls two dice."""
    s = table(["b6", "n6"], hands=[["crew"], []])
    s, _ = run(s, ["n"])
    assert len(GAME.chance_step(s).dice) == 2
    assert GAME.view(s, 0)["players"][0]["piece"] == "The Bold Adventure"


def test_moving__wind_doubles_when_first_step_goes_with_it() -> None:
    """Moving Around The Board: a first step with the wind doubles the roll (then the path may turn)."""
    s = moved(table(["b6", "n6"]), "n", ["1"])
    # north first: 2 steps (B5, then on), or only the 1 rolled; any other first step: 1 step
    assert set(dests(s)) == {"b4", "a5", "c5", "b5", "c6", "b7", "a6"}
    assert dests(s)["b4"]["steps"] == 2 and dests(s)["c6"]["steps"] == 1 and dests(s)["b5"]["steps"] == 1


def test_moving__with_the_wind_the_plain_count_may_be_moved() -> None:
    """Moving Around The Board: with the wind a player "can move double": a first step with the
    wind may also go only the number rolled (rulings: wind-optional)."""
    s = moved(table(["b6", "n6"]), "n", ["2"])
    # B4 lies 2 steps north: only a walk that starts with the wind gets there in 2
    assert dests(s)["b4"] == {"steps": 2, "purpose": ""}
    assert dests(s)["b2"]["steps"] == 4                # the double is still there
    s, ev = run(s, {"type": "move", "space": "b4"})
    assert s.pos[0] == "b4" and "moves 2 squares" in ev[0].text


def test_moving__no_square_in_reach_the_piece_drifts(monkeypatch) -> None:
    """Moving Around The Board: a move is exactly the number rolled; where no square can be reached
    (never on the authored board: a board of one's own may have such a corner) the piece stays."""
    s = moved(table(["b6", "n6"]), "n", ["1"])
    monkeypatch.setattr(GAME.data.ocean, "moves", lambda *args: ({}, {}))
    monkeypatch.setattr(GAME, "_dest_memo", {})
    assert [a.to_dict() for a in GAME.legal_actions(s)] == [{"type": "drift", "player": 0}]
    s, ev = run(s, {"type": "drift"})
    assert s.pos[0] == "b6" and s.phase == "act" and "cannot move 1 square from B6 and stays" in ev[0].text


def test_moving__diagonal_wind_helps_both_halves() -> None:
    """Moving Around The Board: a north-east wind is caught by a first step north or east (rulings: spinner-directions)."""
    s = moved(table(["b6", "n6"]), "ne", ["1"])
    assert dests(s)["d6"]["steps"] == 2 and dests(s)["b4"]["steps"] == 2
    assert "b8" not in dests(s) and dests(s)["b7"]["steps"] == 1


def test_moving__exact_count_never_back_or_home() -> None:
    """Moving Around The Board: exactly the number rolled, never straight back, never ending at the start (rulings: exact-count)."""
    s = moved(table(["b6", "n6"]), "e", ["2"])
    assert "b6" not in dests(s)                  # back where it started
    assert all(v["steps"] in (2, 4) for v in dests(s).values() if not v["purpose"])
    with pytest.raises(IllegalAction) as info:
        GAME.after(s, GAME.codec.decode({"type": "move", "player": 0, "space": "b6"}))
    assert info.value.rule == "Moving Around The Board"


def test_moving__islands_crossed_not_landed_on() -> None:
    """Moving Around The Board: pieces cross an island and finish on the other side, never on it (rulings: crossing-islands)."""
    s = moved(table(["f5", "n6"]), "s", ["4"])
    assert "j5" in dests(s)                      # straight across Skull Island
    assert not {"g5", "h5", "i5", "h6"} & set(dests(s))


def test_moving__drop_anchor_on_black_x_to_bury() -> None:
    """Treasure Spots: a piece may stop early on a Black X to bury (rulings: drop-anchor)."""
    s = moved(table(["b3", "n6"]), "w", ["4"])   # B6 is 3 steps away: no move of 4 (or 8) ends there
    assert dests(s)["b6"] == {"steps": 3, "purpose": "treasure"}
    s, ev = run(s, {"type": "move", "space": "b6"})
    assert s.phase == "act" and s.must == "treasure"
    s, _ = run(s, {"type": "bury", "coins": 3})
    assert s.buried[0] == {"b6": 3} and s.coins[0] == 4 and not s.must
    assert any(a.type == "end_turn" for a in GAME.legal_actions(s))


def test_moving__the_burial_dropped_anchor_for_may_be_left_undone() -> None:
    """Treasure Spots: players "may stop" to bury or steal; nothing says they must then do it, so
    the turn may end with the coins still carried (rulings: drop-anchor)."""
    s = moved(table(["b3", "n6"]), "w", ["4"])
    s, _ = run(s, {"type": "move", "space": "b6"})
    assert s.must == "treasure" and any(a.type == "bury" for a in GAME.legal_actions(s))
    s, _ = run(s, {"type": "end_turn"})
    assert s.buried[0] == {} and s.coins[0] == 7 and s.seat == 1


def test_moving__no_early_anchor_without_a_purpose() -> None:
    """Treasure Spots: without coins to bury or a map, a Black X passed on the way is no stop."""
    s = moved(table(["b3", "n6"], hands=[["knife"], []], coins=[0, 7]), "w", ["4"])
    assert "b6" not in dests(s)


def test_moving__drop_anchor_to_battle_within_range() -> None:
    """Treasure Spots: a ship with a Cannon may stop early within 3 squares of an opponent to battle."""
    s = moved(table(["b2", "f2"], hands=[["crew", "cannon"], []]), "s", ["5", "5"])
    battle = {k for k, v in dests(s).items() if v["purpose"] == "battle"}
    assert battle and all(GAME.data.ocean.distance(k, "f2") <= 3 for k in battle)
    s, _ = run(s, {"type": "move", "space": sorted(battle)[0]})
    assert s.must == "battle"
    assert [a.type for a in GAME.legal_actions(s)] == ["attack", "end_turn"]


def test_moving__the_battle_dropped_anchor_for_may_be_left_undone() -> None:
    """Treasure Spots: players "may stop" to battle; the turn may still end without it (rulings: drop-anchor)."""
    s = moved(table(["b2", "f2"], hands=[["crew", "cannon"], []]), "s", ["5", "5"])
    battle = sorted(k for k, v in dests(s).items() if v["purpose"] == "battle")
    s, _ = run(s, {"type": "move", "space": battle[0]}, {"type": "end_turn"})
    assert s.seat == 1 and s.hands[0] == ["cannon", "crew"] and s.battle is None
