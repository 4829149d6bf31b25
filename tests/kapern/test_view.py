"""What players see: everything public, the order of the pile never; labels for actions."""
from __future__ import annotations

import json

from companion.games.piraten_kapern.rules import GAME, Chest, Pick, Reroll, Stop

from .conftest import F, act, start


def test_view__everything_public_but_the_pile() -> None:
    """Speelbeurt: Kapern has no hidden hand: every seat sees the same; the pile shows only its size."""
    s = start("treasure-chest", F("cccdxmps"))
    act(s, {"chest": [1]})
    views = [GAME.view(s.state, p) for p in (None, 0, 1, 2)]
    for v in views:
        v.pop("you")
    assert all(v == views[0] for v in views)
    v = views[0]
    assert v["deck_left"] == 34 and "deck" not in v
    assert v["card"]["name"] == {"en": "Treasure Chest", "nl": "Schateiland"}
    assert v["dice"][0] == {"die": 1, "face": "coin", "picked": False, "chest": True, "name": "Gold coin",
                            "icon": "coin"}
    assert v["preview"] == {"points": 100 + 300 + 100, "opponents": 0}
    json.dumps(v)


def test_view__carries_what_a_screen_shows() -> None:
    """Punten scoren / Einde spel: the view states the numbers a screen shows (from score.yaml, never
    typed into the app): the breakdown of stopping now, the end score, the fewest dice a re-roll takes,
    and the names and icons of the card and faces."""
    s = start("treasure-chest", F("cccdxmps"))
    v = GAME.view(s.state, 0)
    assert v["end_threshold"] == GAME.table.end_threshold == 6000
    assert v["min_reroll"] == GAME.table.min_reroll == 2
    assert v["card"]["title"] and v["card"]["icon"] and v["card"]["says"]
    assert [f["id"] for f in v["faces"]] == [f for f in GAME.table.faces]
    assert v["breakdown"]["points"] == v["preview"]["points"]
    assert sum(p for _, p in v["breakdown"]["lines"]) == v["breakdown"]["points"]
    act(s, "stop")
    v = GAME.view(s.state, None)
    assert v["phase"] == "draw" and v["breakdown"] is None
    assert v["last_turn"]["card_title"] == GAME.data.card_labels["treasure-chest"]["title"]
    assert sum(c["left"] for c in v["cards_left"]) == v["deck_left"]


def test_view__labels() -> None:
    """Speelbeurt: every action has a short label for menus and logs."""
    s = start("treasure-chest", F("cccdxmps"))
    st = s.state
    assert GAME.describe_action(st, Pick(0, 6)) == "pick die 6 (monkey) for a re-roll"
    assert GAME.describe_action(st, Chest(0, 1)) == "put die 1 (coin) on the chest"
    assert GAME.describe_action(st, Stop(0)) == "stop and score +500"
    act(s, {"pick": 6})
    assert GAME.describe_action(s.state, Pick(0, 6)) == "put die 6 (monkey) back"
    act(s, {"pick": 7})
    assert GAME.describe_action(s.state, Reroll(0)) == "re-roll dice 6, 7"
    s = start("captain", F("xxxxxcmp"))
    assert GAME.describe_action(s.state, Stop(0)) == "leave Skull Island (every opponent loses 1000)"


def test_view__state_round_trips_through_json() -> None:
    """Speelbeurt: the state is plain data: JSON and back gives the same state."""
    s = start("sorceress", F("xxxmmmcc"))
    data = json.loads(json.dumps(GAME.state_to_json(s.state)))
    assert GAME.state_from_json(data) == s.state
