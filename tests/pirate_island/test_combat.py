"""7. Combat (and 8. Totenkiste, 9. Ships for attacks from aboard)."""
from __future__ import annotations

from companion.games.pirate_island.rules import COMBAT, GAME

from .conftest import ISL, act, find, kind, place, refused, river, roll, table, texts


def fighting(s, seat: int = 0):
    s.seat, s.phase, s.bp = seat, "combat", 0
    return s


def open_field(avoid=()):
    """A plain field, no chest number, away from the coast, with every neighbour an unnumbered
    land field and no river round it."""
    return find(lambda f: kind(f) == "plain" and ISL.number[f] is None and f not in ISL.coast
                and len(ISL.near[f]) == 6 and not any(river(f, n) for n in ISL.near[f])
                and all(ISL.number[n] is None for n in ISL.near[f]), avoid)


def test_the_rulebooks_example_two_attackers_against_a_fortress_behind_a_river() -> None:
    """Two pirates attack a defender in a fortress across a river: a roll of 9 gives
    9 + 1 - 4 = 6, and nothing happens."""
    fort = find(lambda f: kind(f) == "fortress" and sum(1 for n in ISL.near[f] if river(f, n)) >= 2)
    a1, a2 = sorted(n for n in ISL.near[fort] if river(fort, n))[:2]
    s = table()
    for p, f in (("red-1", a1), ("red-2", a2), ("blue-1", fort)):
        place(s, p, f)
    s = fighting(s)
    s, ev = act(s, {"type": "attack", "player": 0, "target": "blue-1", "attackers": ["red-1", "red-2"]})
    assert s.pending["modifiers"] == {"bonus": 1, "fortress": -3, "river": -1}
    s, ev = roll(s, 4, 5)
    assert "= 6: nothing happens" in texts(ev)
    assert s.pirates["blue-1"] == fort and s.pirates["red-1"] == a1 and s.pirates["red-2"] == a2


def test_attacker_bonus_by_number_of_attackers() -> None:
    bonus = GAME.rules.combat.bonus
    assert [bonus[n] for n in range(1, 7)] == [0, 1, 2, 2, 3, 3]
    f = open_field()
    s = table()
    place(s, "blue-1", f)
    for i, n in enumerate(sorted(ISL.near[f])[:5]):
        place(s, f"red-{i + 1}", n)
    s = fighting(s)
    mods = GAME.combat_modifiers(s, "blue-1", ("red-1", "red-2", "red-3", "red-4", "red-5"))
    assert mods == {"bonus": 3}


def test_a_mountain_defends_minus_two_and_a_river_only_counts_when_every_attacker_is_across_it() -> None:
    m = find(lambda f: kind(f) == "mountain" and any(river(f, n) for n in ISL.near[f])
             and any(not river(f, n) for n in ISL.near[f]))
    across = next(n for n in sorted(ISL.near[m]) if river(m, n))
    same = next(n for n in sorted(ISL.near[m]) if not river(m, n))
    s = table()
    place(s, "blue-1", m), place(s, "red-1", across), place(s, "red-2", same)
    assert GAME.combat_modifiers(s, "blue-1", ("red-1",)) == {"bonus": 0, "mountain": -2, "river": -1}
    assert GAME.combat_modifiers(s, "blue-1", ("red-1", "red-2")) == {"bonus": 1, "mountain": -2}


def setup_duel():
    f = open_field()
    a = sorted(ISL.near[f])[0]
    s = table()
    place(s, "blue-1", f), place(s, "red-1", a)
    return fighting(s), f, a


def test_eleven_or_more_kills_the_defender_and_an_attacker_may_step_in() -> None:
    s, f, a = setup_duel()
    s, _ = act(s, {"type": "attack", "player": 0, "target": "blue-1", "attackers": ["red-1"]})
    s, ev = roll(s, 5, 6)
    assert s.pirates["blue-1"] == "totenkiste" and "Totenkiste" in texts(ev)
    assert s.phase == "step_in"
    s, _ = act(s, {"type": "step_in", "player": 0, "pirate": "red-1"})
    assert s.pirates["red-1"] == f


def test_nine_or_ten_the_defender_flees_five_fields_moved_by_the_attacker() -> None:
    s, f, a = setup_duel()
    s, _ = act(s, {"type": "attack", "player": 0, "target": "blue-1", "attackers": ["red-1"]})
    s, ev = roll(s, 4, 5)
    assert s.phase == "flee" and GAME.to_move(s) == 0
    flight = s.pending["flight"]
    dist = ISL.steps_from(f)
    assert flight and all(dist[x] == 5 for x in flight)
    s, ev = act(s, {"type": "flee", "player": 0, "to": flight[0]})
    assert s.pirates["blue-1"] == flight[0]
    assert "flees" in texts(ev)


def test_five_to_eight_nothing_and_four_or_less_the_defender_chooses_the_fallen_attacker() -> None:
    s, f, a = setup_duel()
    b = sorted(ISL.near[f])[1]
    place(s, "red-2", b)
    s, _ = act(s, {"type": "attack", "player": 0, "target": "blue-1", "attackers": ["red-1", "red-2"]})
    s, _ = roll(s, 1, 2)  # 3 + 1 = 4: failure
    assert s.phase == "casualty" and GAME.to_move(s) == 1
    s, _ = act(s, {"type": "casualty", "player": 1, "pirate": "red-2"})
    assert s.pirates["red-2"] == "totenkiste" and s.pirates["red-1"] == a and s.pirates["blue-1"] == f


def test_each_pirate_attacks_once_per_turn_but_a_defender_may_be_attacked_again() -> None:
    s, f, a = setup_duel()
    b = sorted(ISL.near[f])[1]
    place(s, "red-2", b)
    s, _ = act(s, {"type": "attack", "player": 0, "target": "blue-1", "attackers": ["red-1"]})
    s, _ = roll(s, 3, 3)  # nothing
    assert "attacks once a turn" in refused(s, {"type": "attack", "player": 0, "target": "blue-1",
                                                "attackers": ["red-1", "red-2"]}, COMBAT)
    s, _ = act(s, {"type": "attack", "player": 0, "target": "blue-1", "attackers": ["red-2"]})
    assert s.phase == "combat_roll"


def test_without_a_free_retreat_the_defender_is_killed_on_nine() -> None:
    s, f, a = setup_duel()
    others = sorted(ISL.near[f])[1:]
    for i, n in enumerate(others):
        place(s, f"red-{i + 2}", n)  # surrounded on all six sides
    assert GAME.flight_options(s, "blue-1") == []
    s, _ = act(s, {"type": "attack", "player": 0, "target": "blue-1", "attackers": ["red-1"]})
    s, ev = roll(s, 4, 5)
    assert s.pirates["blue-1"] == "totenkiste" and "no way to flee" in texts(ev)


def test_a_fleeing_carrier_drops_the_chest_and_the_attacker_picks_it_up() -> None:
    s, f, a = setup_duel()
    s.chests = [f] + s.chests[1:]
    s.contents = ["treasure"] + [""] * 5
    s.seen = [[1]] + [[] for _ in range(5)]
    s, _ = act(s, {"type": "attack", "player": 0, "target": "blue-1", "attackers": ["red-1"]})
    s, _ = roll(s, 5, 5)
    s, _ = act(s, {"type": "flee", "player": 0, "to": s.pending["flight"][0]})
    assert s.chests[0] == f  # left on the combat field
    s, ev = act(s, {"type": "step_in", "player": 0, "pirate": "red-1"})
    assert s.pirates["red-1"] == f and 0 in s.seen[0]  # Ann looked: it is the treasure she now stands on
    assert any(e.type == "chest_seen" and e.visible_to == (0,) for e in ev)


def test_pirates_aboard_may_attack_next_to_the_harbour_and_ships_cannot_be_attacked() -> None:
    h = "harbour-1"
    f = next(n for n in ISL.shore[h] if n != ISL.landing[h])
    s = table()
    place(s, "blue-1", f)
    s = fighting(s)
    assert GAME.attack_options(s)["blue-1"] == [f"red-{k}" for k in range(1, 7)]
    assert GAME.combat_modifiers(s, "blue-1", ("red-1", "red-2")).get("river") is None
    s.seat = 1
    assert GAME.attack_options(s) == {}  # Ann's pirates aboard cannot be attacked


def test_attackers_are_named_once_each_in_order() -> None:
    s, f, a = setup_duel()
    place(s, "red-2", sorted(ISL.near[f])[1])
    reason = refused(s, {"type": "attack", "player": 0, "target": "blue-1", "attackers": ["red-2", "red-1"]}, COMBAT)
    assert "in order" in reason
