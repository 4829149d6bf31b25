"""The island as the app draws it (board_view): pieces as a seat sees them, what a tap does for the
seat to move (pick a pirate or the ship, then an outlined field with its cost), the chests'
secret kept, the helper's map; and the board widget keeping the drawn map between redraws."""
from __future__ import annotations

import copy
import json

from app.widgets.board import board_widget
from companion.engine import RandomBot
from companion.engine.runner import Playout
from companion.games.pirate_island.board_view import board_view, table_board
from companion.games.pirate_island.rules import GAME

from .conftest import ISL, RED_HARBOUR, moving, place, table


def test_the_seat_to_move_taps_its_ship_then_a_field_or_a_harbour_with_its_cost() -> None:
    s = moving(table(), 9)
    bv = board_view(GAME, s, 0)
    taps = bv["taps"]
    assert taps["pick"] == {RED_HARBOUR: "ship-red"}
    opts = taps["options"]["ship-red"]
    lp = ISL.landing[RED_HARBOUR]
    assert opts[lp][0]["cost"] == 6 and opts[lp][0]["action"]["type"] == "move"
    assert opts["harbour-4"][0]["cost"] == 8 and opts["harbour-4"][0]["action"]["type"] == "sail"
    moves = GAME.move_options(s, "red-1", routes=False)
    assert {sp: o[0]["cost"] for sp, o in opts.items() if o[0]["action"]["type"] == "move"} == \
        {to: cost for (to, carry), (cost, _) in moves.items()}
    assert "taps" not in board_view(GAME, s, 1)  # not Ben's turn: his board shows, his taps do nothing
    ship = next(p for p in bv["pieces"] if p["kind"] == "ship" and p["space"] == RED_HARBOUR)
    assert ship["color"] == GAME.data.colour_hex["red"] and ship["text"] == "6"
    assert bv["spaces"][RED_HARBOUR]["label"] == "H1 Harbour. Here: Red ship (Ann), 6 aboard"


def test_a_turn_with_too_few_bp_for_anything_says_so_instead_of_asking_for_a_tap() -> None:
    """5 BP: the crew's landing place costs 6 and sailing 8, so nothing of Ann's can move; the map's
    line says so and points to ending the move (it asked to tap a pirate or the ship, and the
    app listed nothing to pick under "Or pick here")."""
    taps = board_view(GAME, moving(table(), 5), 0)["taps"]
    assert taps["pick"] == {} and taps["prompt"] == "Nothing of yours can move for 5 BP this turn: end moving."
    assert board_view(GAME, moving(table(), 9), 0)["taps"]["prompt"].startswith("Tap one of your pirates")


def test_a_pirate_ashore_is_picked_on_its_field_and_entering_is_a_tap_on_a_harbour() -> None:
    lp = ISL.landing[RED_HARBOUR]
    s = moving(place(table(), "red-2", lp), 5)
    taps = board_view(GAME, s, 0)["taps"]
    assert taps["pick"][lp] == "red-2" and all(o[0]["cost"] <= 5 for o in taps["options"]["red-2"].values())
    e = table()
    e.phase, e.ships = "enter", {**e.ships, "red": None}
    direct = board_view(GAME, e, 0)["taps"]["direct"]
    assert RED_HARBOUR in direct and "harbour-6" not in direct  # Ben's ship lies there
    assert direct[RED_HARBOUR][0]["action"] == {"type": "enter", "player": 0, "harbour": RED_HARBOUR}


def test_a_chest_shows_what_is_inside_only_to_the_seat_that_looked() -> None:
    s = table()
    s.contents = ["treasure"] + [""] * 5
    s.seen = [[0]] + [[] for _ in range(5)]
    mine = next(p for p in board_view(GAME, s, 0)["pieces"] if p["kind"] == "chest" and p["space"] == s.chests[0])
    assert mine["text"] == "$" and "treasure" in mine["label"]
    for seat in (1, None):
        theirs = next(p for p in board_view(GAME, s, seat)["pieces"]
                      if p["kind"] == "chest" and p["space"] == s.chests[0])
        assert theirs["text"] == "?" and "treasure" not in theirs["label"] and "Ann looked" in theirs["label"]


def test_every_field_says_what_it_is_for_a_tap_and_a_screen_reader() -> None:
    spaces = table_board()["spaces"]
    f14 = ISL.chest_field[14]
    assert spaces[f14]["label"].startswith("14 ") and "chest field" in spaces[f14]["label"]
    assert "BP to enter" in spaces[f14]["info"] and "eruption" in spaces[f14]["info"]
    assert len([sid for sid in spaces if sid in ISL.fieldset]) == len(ISL.fields)


def test_the_widget_keeps_the_drawn_map_and_unchanged_targets_between_redraws() -> None:
    s = moving(table(), 9)
    bv = board_view(GAME, s, 0)
    cache: dict = {}
    first = board_widget(bv, 366, lambda sid: None, cache=cache)
    base = cache["base"]
    targets = dict(cache["targets"])
    lp = ISL.landing[RED_HARBOUR]
    board_widget(bv, 366, lambda sid: None, highlights={lp: {"kind": "reachable", "text": 6}}, cache=cache)
    assert cache["base"] is base and first is not None
    changed = [sid for sid, t in cache["targets"].items() if t is not targets[sid]]
    assert changed == [lp]  # only the outlined field's accessible label changed
    board_widget(bv, 732, lambda sid: None, cache=cache)  # zoomed: drawn again at the new size
    assert cache["base"] is not base


def test_a_view_held_does_not_change_when_the_game_goes_on() -> None:
    # the state changes in place (docs/ARCHITECTURE.md): a view or board view handed out earlier
    # (the app keeps the last one it drew) shares none of its lists or mappings
    play = Playout(GAME, ["A", "B", "C", "D"], {"round_limit": 12}, seed=3)
    bots = {i: RandomBot(f"3:{i}") for i in range(4)}
    held = []
    phases = set()
    while not GAME.is_over(play.state):
        s = play.state
        seat = GAME.to_move(s)
        phases.add(s.phase)
        board = GAME.board_view(s, seat)
        for v in (GAME.view(s, seat), GAME.view(s, None), {k: board[k] for k in ("pieces", "last", "taps")}):
            held.append((v, copy.deepcopy(v)))
        play.act(GAME.sample_action(s, bots[seat].index))  # type: ignore[index]
    assert {"move", "combat"} <= phases
    changed = [json.dumps(kept, sort_keys=True)[:200] for v, kept in held if v != kept]
    assert not changed, changed[:2]
