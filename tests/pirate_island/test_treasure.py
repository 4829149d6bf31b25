"""9. Ships, 10. Landing Places, 11. Discovering the Treasure, 12. Loading the Treasure, and
hidden information: only those who looked know which chest holds the treasure."""
from __future__ import annotations

import json

from companion.engine import Session, play_out
from companion.engine.session import journal_path
from companion.games import get_game
from companion.games.pirate_island.bots import IslandBot
from companion.games.pirate_island.rules import GAME, LOADING, SHIPS

from .conftest import ISL, RED_HARBOUR, act, chance, find, moving, place, refused, roll, table


def test_a_ship_sails_for_eight_with_a_pirate_aboard_to_an_unoccupied_harbour() -> None:
    s = moving(table(), 9)
    assert "occupied" in refused(s, {"type": "sail", "player": 0, "ship": "red", "harbour": "harbour-6"}, SHIPS)
    s, _ = act(s, {"type": "sail", "player": 0, "ship": "red", "harbour": "harbour-4"})
    assert s.ships["red"] == "harbour-4" and s.bp == 1
    t = moving(table(), 9)
    for k in range(1, 7):
        place(t, f"red-{k}", "totenkiste")
    assert "empty" in refused(t, {"type": "sail", "player": 0, "ship": "red", "harbour": "harbour-4"}, SHIPS)


def test_pirates_go_ashore_and_aboard_only_via_the_landing_place() -> None:
    s = moving(table(), 7)
    lp = ISL.landing[RED_HARBOUR]
    firsts = {route[1] for (to, _), (c, route) in GAME.move_options(s, "red-1").items()}
    assert firsts == {lp}
    s, _ = act(s, {"type": "move", "player": 0, "pirate": "red-1", "to": lp})
    assert s.pirates["red-1"] == lp and s.bp == 1
    t = moving(place(table(), "red-1", lp), 7)
    t, _ = act(t, {"type": "move", "player": 0, "pirate": "red-1", "to": RED_HARBOUR})
    assert t.pirates["red-1"] == "ship-red" and t.bp == 1


def look(s, chest_no: int, what: str):
    """Ann walks red-1 onto the chest field `chest_no` and looks: the Draw says what is inside."""
    f = ISL.chest_field[chest_no]
    near = find(lambda x: f in ISL.near[x] and ISL.number[x] is None)
    s = moving(place(s, "red-1", near), 9)
    s, _ = act(s, {"type": "move", "player": 0, "pirate": "red-1", "to": f})
    assert s.phase == "look"
    return chance(s, [what])


def test_looking_into_a_chest_is_secret() -> None:
    s, ev = look(table(), 11, "treasure")
    assert s.contents[0] == "treasure" and s.seen[0] == [0]
    secret = [e for e in ev if e.type == "chest_seen"]
    assert secret and secret[0].visible_to == (0,)
    assert GAME.view(s, 0)["chests"][0]["treasure"] is True
    for viewer in (1, None):
        v = GAME.view(s, viewer)
        assert "treasure" not in v["chests"][0] and "Ann" in v["chests"][0]["looked"]
        assert "treasure\": true" not in json.dumps(v)


def test_nobody_knows_the_treasure_before_someone_looks() -> None:
    """No hidden fact exists before a look: each unopened chest holds the treasure with the same
    chance when it is first opened (1 in 6, then 1 in 5 after an empty one)."""
    s = table()
    assert s.contents == [""] * 6
    s, _ = look(s, 11, "empty")
    s.phase, s.pending = "look", {"look": 1, "seat": 0, "pirate": "red-1"}
    assert GAME.chance_step(s).describe()["left"] == {"empty": 4, "treasure": 1}


def test_only_the_treasure_is_carried_and_only_from_the_next_turn() -> None:
    s, _ = look(table(), 11, "treasure")
    f = ISL.chest_field[11]
    assert all(not carry for (to, carry) in GAME.move_options(s, "red-1"))  # stopped this turn
    s = moving(s, 9)
    s.stopped = []
    assert any(carry for (to, carry) in GAME.move_options(s, "red-1"))
    t, _ = look(table(), 11, "empty")
    t = moving(t, 9)
    t.stopped = []
    assert not any(carry for (to, carry) in GAME.move_options(t, "red-1"))
    assert "only the treasure" in refused(t, {"type": "move", "player": 0, "pirate": "red-1",
                                              "to": sorted(ISL.near[f])[0], "carry": True},
                                          "11. Discovering the Treasure")


def carrier_on_landing(fortress: bool):
    s = table()
    harbour = next(h for h in ISL.harbours if (ISL.kind[ISL.landing[h]] == "fortress") == fortress
                   and h != "harbour-6")
    s.ships = {**s.ships, "red": harbour}
    lp = ISL.landing[harbour]
    place(s, "red-1", lp)
    s.chests = [lp] + s.chests[1:]
    s.contents = ["treasure"] + [""] * 5
    s.seen = [[0]] + [[] for _ in range(5)]
    return s, lp


def test_loading_costs_nine_or_eight_at_a_fortress_and_wins() -> None:
    s, lp = carrier_on_landing(fortress=False)
    s = moving(s, 8)
    assert GAME.load_options(s) == []
    assert "9 BP" in refused(s, {"type": "load", "player": 0, "pirate": "red-1"}, LOADING)
    s = moving(s, 9)
    s, ev = act(s, {"type": "load", "player": 0, "pirate": "red-1"})
    assert s.phase == "over" and GAME.result(s)["winners"] == ["Ann"]
    f, lp = carrier_on_landing(fortress=True)
    f = moving(f, 8)
    assert GAME.load_options(f) == ["red-1"]


def test_no_loading_in_a_storm_with_an_enemy_beside_or_on_the_turn_of_arrival() -> None:
    s, lp = carrier_on_landing(fortress=False)
    s = moving(s, 10)
    s.storm = True
    assert "storm" in refused(s, {"type": "load", "player": 0, "pirate": "red-1"}, LOADING)
    s.storm = False
    place(s, "blue-1", sorted(ISL.near[lp])[0])
    assert "enemy" in refused(s, {"type": "load", "player": 0, "pirate": "red-1"}, LOADING)
    place(s, "blue-1", "ship-blue")
    s.moved = ["red-1"]
    assert "turn after" in refused(s, {"type": "load", "player": 0, "pirate": "red-1"}, LOADING)


def test_views_events_and_bots_never_reveal_the_treasure_to_others() -> None:
    session = Session(GAME, ["Ann", "Ben", "Cas"], seed=3)
    checked = []

    class Spy(IslandBot):
        def choose(self, view, legal):
            state = session.state
            for i, entry in enumerate(view["chests"]):
                assert ("treasure" in entry) == (view["you"] in state.seen[i])
            checked.append(1)
            return super().choose(view, legal)
    play_out(session, {i: Spy(i) for i in range(3)}, max_steps=4000)
    assert checked and any(session.state.seen)
    for viewer in (None, 0, 1, 2):
        for e in session.history(viewer):
            if e.type == "chest_seen":
                assert viewer is not None and e.visible_to == (viewer,)
    for entry in session.view(None)["chests"]:
        assert "treasure" not in entry


def test_the_save_and_the_journal_do_not_say_what_a_chest_holds(tmp_path) -> None:
    """3. Hidden information: a look is a secret chance step; with the digital dice its outcome is
    sealed (left out of the log, derived again from the seed on load), so a player who opens the
    save or its journal in an editor reads no chest's contents; the game loads and replays alike."""
    path = tmp_path / "island.json"
    session = Session(GAME, ["Ann", "Ben"], seed=7, path=path)
    bots = [IslandBot(0), IslandBot(1)]
    for _ in range(3000):
        if any(session.state.contents) or session.is_over():
            break
        seat = session.to_move()
        session.act(bots[seat].choose(session.view(seat), session.legal_actions()))
    assert any(session.state.contents), "nobody looked into a chest"
    journal = journal_path(path).read_text() if journal_path(path).exists() else ""
    session.save()
    raw = path.read_text()
    for text in (raw, journal):
        assert '"treasure"' not in text and '"empty"' not in text
    assert '"sealed": true' in raw.replace('"sealed":true', '"sealed": true')
    contents = list(session.state.contents)
    for _ in range(4):  # undo back over the look (rebuilt from a snapshot) and redo it: the same chest
        session.undo()
    assert not any(session.state.contents)
    for _ in range(4):
        session.redo()
    assert session.state.contents == contents
    session.close()
    again = Session.load(path, get_game, write=False)
    assert again.state.contents == contents and again.state.seen == session.state.seen


def test_a_pirate_that_carried_this_turn_keeps_the_nine_bp_cap_in_words_too() -> None:
    """4. Movement (9 BP for a carrier, 7 for any other pirate; rulings: carrier-cap-turn): a pirate
    that carried the chest this turn and set it down keeps the 9-BP cap, and the refusal counts with it."""
    s = moving(table(), 12)
    start = ISL.chest_field[11]
    place(s, "red-1", start)
    far = next(f for f in sorted(ISL.fieldset) if f != start and f not in ISL.near[start]
               and not any(f in ISL.near[n] for n in ISL.near[start]) and ISL.kind.get(f) not in ("crater", "lake"))
    s.spent = {"red-1": 8}
    s.carried = ["red-1"]
    words = refused(s, {"type": "move", "player": 0, "pirate": "red-1", "to": far}, "4. Movement")
    assert "with 1 BP (at most 9 on one pirate" in words
    s.carried = []
    words = refused(s, {"type": "move", "player": 0, "pirate": "red-1", "to": far}, "4. Movement")
    assert "(at most 7 on one pirate" in words
