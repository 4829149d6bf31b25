"""4. Movement: costs, the 7/9 caps, one pirate per field, and the rulebook's 11-point example."""
from __future__ import annotations

from companion.games.pirate_island.rules import GAME, LOADING, MOVEMENT

from .conftest import ISL, RED_HARBOUR, act, chance, find, kind, moving, place, refused, river, table


def test_the_rulebooks_eleven_point_example() -> None:
    """Roll 11: one pirate disembarks (6) and walks onto a plain (1); another crosses a mountain
    and enters a plain (3 + 1); 11 BP spent."""
    s = table()
    lp = ISL.landing[RED_HARBOUR]
    inland = find(lambda f: f in ISL.near[lp] and kind(f) == "plain" and not river(lp, f))

    def mountain_then_plain(f: str) -> bool:
        return ISL.number[f] is None and f not in (lp, inland) and any(
            kind(m) == "mountain" and not river(f, m) and ISL.number[m] is None and
            any(kind(p) == "plain" and p != f and not river(m, p) and ISL.number[p] is None for p in ISL.near[m])
            for m in ISL.near[f])
    start = find(mountain_then_plain)
    m = next(m for m in sorted(ISL.near[start]) if kind(m) == "mountain" and not river(start, m)
             and ISL.number[m] is None and any(kind(p) == "plain" and p != start and not river(m, p)
                                                and ISL.number[p] is None for p in ISL.near[m]))
    goal = next(p for p in sorted(ISL.near[m]) if kind(p) == "plain" and p != start and not river(m, p)
                and ISL.number[p] is None)
    place(s, "red-2", start)
    s = moving(s, 11)
    s, ev = act(s, {"type": "move", "player": 0, "pirate": "red-1", "to": inland})
    assert s.bp == 4 and s.spent["red-1"] == 7 and s.pirates["red-1"] == inland
    assert ev[0].data["route"] == [RED_HARBOUR, lp, inland]
    s, ev = act(s, {"type": "move", "player": 0, "pirate": "red-2", "to": m})
    assert ev[0].data["cost"] == 3
    assert s.spent["red-2"] == 3 and s.bp == 1
    s, ev = act(s, {"type": "move", "player": 0, "pirate": "red-2", "to": goal})
    assert ev[0].data["cost"] == 1 and "0 left" in ev[0].text
    assert s.seat == 1  # all 11 BP spent: no attack possible, so the turn is over


def test_terrain_costs() -> None:
    s = table()
    for terrain, cost in (("plain", 1), ("swamp", 2), ("hill", 2), ("mountain", 3), ("fortress", 1)):
        a = find(lambda f: any(kind(n) == terrain and not river(f, n) and ISL.number[n] is None for n in ISL.near[f])
                 and ISL.number[f] is None)
        b = next(n for n in ISL.near[a] if kind(n) == terrain and not river(a, n) and ISL.number[n] is None)
        t = moving(place(table(), "red-1", a), 12)
        opts = GAME.move_options(t, "red-1")
        assert opts[(b, False)][0] == cost, terrain


def test_a_river_costs_one_more_and_a_carrier_pays_double_but_not_for_the_river() -> None:
    a, b = next(tuple(sorted(e)) for e in sorted(ISL.rivers, key=sorted)
                if all(ISL.number[x] is None for x in e))
    s = moving(place(table(), "red-1", a), 12)
    assert GAME.move_options(s, "red-1")[(b, False)][0] == ISL.steps[a][[n for n, _, _ in ISL.steps[a]].index(b)][1] + 1
    # a carrier: the treasure chest on its field, known to its player
    s.chests = [a] + s.chests[1:]
    s.contents = ["treasure"] + [""] * 5
    s.seen = [[0]] + [[] for _ in range(5)]
    base = GAME.rules.movement.terrain[kind(b)]
    assert GAME.move_options(s, "red-1")[(b, True)][0] == 2 * base + 1


def test_at_most_seven_points_on_one_pirate_nine_with_the_treasure() -> None:
    start = find(lambda f: kind(f) == "plain" and ISL.number[f] is None and ISL.ring[f] >= 5)
    s = moving(place(table(), "red-1", start), 12)
    assert max(c for c, _ in GAME.move_options(s, "red-1").values()) <= 7
    s.chests = [start] + s.chests[1:]
    s.contents = ["treasure"] + [""] * 5
    s.seen = [[0]] + [[] for _ in range(5)]
    carried = [c for (to, carry), (c, _) in GAME.move_options(s, "red-1").items() if carry]
    assert carried and max(carried) <= 9 and max(carried) > 7


def test_the_cap_counts_disembarking() -> None:
    # rulings: cap-counts-embarking: after disembarking (6) only 1 more point is left for this pirate
    s = moving(table(), 12)
    assert max(c for c, _ in GAME.move_options(s, "red-1").values()) == 7


def test_unspent_points_lapse() -> None:
    s = moving(table(), 9)
    s, _ = act(s, {"type": "end_moves", "player": 0})
    assert s.seat == 1 and s.bp == 0 and s.phase == "turn"


def test_one_pirate_per_field_pass_your_own_never_an_enemy() -> None:
    a = find(lambda f: kind(f) == "plain" and ISL.number[f] is None and ISL.ring[f] >= 4
             and sum(1 for n in ISL.near[f] if kind(n) == "plain") >= 2)
    b = next(n for n in sorted(ISL.near[a]) if kind(n) == "plain" and not river(a, n) and ISL.number[n] is None)
    s = moving(place(place(table(), "red-1", a), "red-2", b), 7)
    assert "occupied" in refused(s, {"type": "move", "player": 0, "pirate": "red-1", "to": b}, MOVEMENT)
    beyond = [f for f, (c, _) in ISL.search(b, 6, 1, (), ()).items() if f not in ISL.near[a] and f != a]
    opts = GAME.move_options(s, "red-1")
    assert any((f, False) in opts for f in beyond)  # passing red-2 is allowed
    place(s, "red-2", "ship-red")
    place(s, "blue-1", b)
    opts = GAME.move_options(s, "red-1")
    assert (b, False) not in opts
    assert all(b not in route[1:-1] for route in (r for _, r in opts.values()))


def test_the_crater_and_lakes_cannot_be_entered() -> None:
    s = moving(place(table(), "red-1", find(lambda f: ISL.ring[f] == 1 and ISL.number[f] is None)
                     if any(ISL.ring[f] == 1 and ISL.number[f] is None for f in ISL.fields)
                     else find(lambda f: ISL.ring[f] == 1)), 7)
    crater = next(sid for sid, k in ISL.kind.items() if k == "crater")
    lake = next(sid for sid, k in ISL.kind.items() if k == "lake")
    for to in (crater, lake):
        assert "cannot be entered" in refused(s, {"type": "move", "player": 0, "pirate": "red-1", "to": to}, MOVEMENT)


def test_a_pirate_entering_a_chest_field_stops_there() -> None:
    # rulings: chest-stops
    chest = ISL.chest_field[11]
    s = table()
    near = find(lambda f: chest in ISL.near[f] and ISL.number[f] is None)
    s = moving(place(s, "red-1", near), 12)
    s, _ = act(s, {"type": "move", "player": 0, "pirate": "red-1", "to": chest})
    s, _ = chance(s, ["empty"])
    assert "red-1" in s.stopped and GAME.move_options(s, "red-1") == {}
    assert "found a chest" in refused(s, {"type": "move", "player": 0, "pirate": "red-1", "to": near}, "11. Discovering the Treasure")


def test_an_unreachable_field_is_refused_with_the_reason() -> None:
    s = moving(table(), 5)
    far = find(lambda f: ISL.ring[f] == 1)
    reason = refused(s, {"type": "move", "player": 0, "pirate": "red-1", "to": far}, MOVEMENT)
    assert "cannot reach" in reason and "5 BP" in reason
    assert "not a pirate of Ann" in refused(s, {"type": "move", "player": 0, "pirate": "blue-1", "to": far}, MOVEMENT)
