"""The Pirates vs. Dinosaurs table tracker (no browser): the calculators give the rulebook's
numbers, entries are undoable and survive a restart, and the rules reference loads."""
from __future__ import annotations

import pytest

from companion.engine import IllegalAction, Session, Table
from companion.games import game_ids, get_game
from companion.games.pirates_vs_dinosaurs import assistant as calc
from companion.games.pirates_vs_dinosaurs import tracker as T


def tracker(path=None, players=("Anne", "Bart")) -> Session:
    return Session(get_game(T.GAME_ID), list(players), source=Table(), path=path)


def landed(weapon="sabers-and-muskets", equipment=("cannon", "rope", "shovels"), area="jungle") -> Session:
    s = tracker()
    s.act(T.Outfit(0, weapon, equipment))
    s.act(T.StartSearch(0, area))
    return s


def test_the_tracker_is_loadable_but_not_a_playable_game() -> None:
    assert T.GAME_ID not in game_ids()
    assert get_game(T.GAME_ID) is T.GAME


def test_rulebook_combat_examples() -> None:
    s = landed()  # 20 - (6 + 2 + 2) = 10 sailors, as in the rulebook's purchase example
    st = s.state.table
    assert st.players[0].crew == 10 and st.players[0].time == 4  # Jungle 3 h + 1 for the Cannon
    assert calc.combat_dice(st, 0, "dinosaur")["dice"] == 5
    s.act(T.Combat(0, ("skull", "skull", "blank", "saber", "blank"), 4, "dinosaur"))
    assert s.state.table.players[0].crew == 8 and s.state.last["lost"] == 2
    pk = landed("pistols-and-pikes", ("cannon", "rope", "shovels"))
    assert calc.combat_dice(pk.state.table, 0, "dinosaur")["dice"] == 3
    pk.act(T.Combat(0, ("saber", "skull", "saber"), 3, "dinosaur"))  # sabers count against dinosaurs
    assert pk.state.last["won"] and pk.state.table.players[0].crew == 10


def test_emergency_replenishment_as_in_the_rulebook() -> None:
    s = landed()
    s.act(T.Edit(0, "crew", 3))
    s.act(T.Combat(0, ("skull", "blank", "blank"), 6, "dinosaur"))  # 1 success vs 6: lose 5 of 3 (+4)
    pl = s.state.table.players[0]
    assert (pl.crew, pl.tokens) == (2, 1)


def test_search_early_end_and_giant() -> None:
    s = landed(equipment=("machete",))  # Machete: 2 extra dice in the Jungle
    st = s.state.table
    assert calc.search_dice(st, 0)["dice"] == 4
    s.act(T.Search(0, ("skull", "blank", "saber", "blank")))  # 1 + 1 automatic
    assert s.state.table.players[0].time == 1
    s.act(T.Edit(0, "giant", 0, "jungle"))
    s.act(T.Search(0, ("skull", "skull", "blank", "blank")))  # 3 - 1 for the Giant
    assert s.state.table.players[0].time == 0 and s.state.last["complete"]
    lost = s.state.table.lost
    s.act(T.EndSearch(0, ("blank", "saber")))
    assert s.state.table.lost == lost + 1
    with pytest.raises(IllegalAction):
        s.act(T.EndSearch(0, ("blank",)))  # 2 dice


def test_attack_draw_and_win() -> None:
    s = landed()
    s.act(T.Outfit(1, "sabers-and-muskets", ()))
    s.act(T.StartSearch(1, "jungle"))
    s.act(T.Attack(0, 1, ("skull", "skull"), ("skull", "blank")))  # 2:1, winner -1, loser -1
    a, b = s.state.table.players
    assert (a.crew, b.crew) == (9, 19)
    s.act(T.Attack(0, 1, ("skull",), ("skull",)))
    a, b = s.state.table.players
    assert (a.crew, b.crew) == (8, 18)


def test_dig_tokens_return_and_final_count(tmp_path) -> None:
    s = tracker(tmp_path / "t.json")
    s.act(T.Outfit(0, "sabers-and-muskets", ("shovels",)))
    s.act(T.StartSearch(0, "beach"))
    s.act(T.ToDigSite(0))
    s.act(T.Dig(0, ("saber", "skull")))
    assert s.state.digging["0"] == 2
    for v in (1000, 1000, 3000, 7000, 10000):
        s.act(T.Token(0, "treasure", v))
    s.act(T.Token(0, "ghost"))
    assert s.state.table.players[0].curses == (1,) and s.state.table.curse_stack == 15
    s.act(T.Token(0, "volcano"))
    assert s.state.table.volcano == 1
    s.act(T.Edit(0, "tokens", 2))
    s.act(T.Edit(0, "crew", 9))  # 9 sailors carry 4 treasures
    with pytest.raises(IllegalAction):
        s.act(T.ReturnToShip(0, ()))
    s.act(T.ReturnToShip(0, (1000,)))
    view = s.view(None)
    row = view["scores"]["rows"][0]
    assert row["treasures"] == [1000, 3000, 7000, 10000]
    assert row["discarded"] == [1000, 3000] and row["value"] == 17000  # rulebook: the 2 cheapest unique
    assert view["scores"]["winners"] == ["Anne"]
    # a restart resumes from the file and journal; undo takes back the last entry
    back = Session.load(tmp_path / "t.json", get_game)
    assert back.state.table.players[0].stage == 4
    back.undo()
    assert back.state.table.players[0].stage == 3


def test_volcano_mark_6_sinks_the_island() -> None:
    s = landed()
    s.act(T.ToDigSite(0))
    s.act(T.Edit(0, "volcano", 5))
    s.act(T.Token(0, "volcano"))
    assert s.is_over() and s.state.table.sunk
    assert s.view(None)["scores"]["winners"] == []


def test_outfit_rules() -> None:
    s = tracker()
    with pytest.raises(IllegalAction):
        s.act(T.Outfit(0, "sabers-and-muskets", ("cannon", "machete", "supplies", "rope")))  # 4 items
    with pytest.raises(IllegalAction):
        s.act(T.StartSearch(0, "beach"))  # no purchase yet
    assert calc.outfit_crew(("cannon", "machete")) == 11


def test_rules_reference_loads_and_finds_combat() -> None:
    from app.games import rules_reference, search_rules

    data = rules_reference("pirates-vs-dinosaurs")
    assert [s["title"] for s in search_rules(data["sections"], "emergency")] == ["Running out of sailors"]
    assert search_rules(data["sections"], "sabers muskets")
