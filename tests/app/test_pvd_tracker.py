"""The Pirates vs. Dinosaurs table tracker (no browser): the calculators give the rulebook's
numbers, entries are undoable and survive a restart, and the rules reference loads."""
from __future__ import annotations

import pytest

from companion.engine import IllegalAction, Session, Table
from companion.games import game_ids, get_game
from companion.games.pirates_vs_dinosaurs.table import numbers as calc
from companion.games.pirates_vs_dinosaurs.table import entries as E, tracker as T


def tracker(path=None, players=("Anne", "Bart")) -> Session:
    return Session(get_game(T.GAME_ID), list(players), source=Table(), path=path)


def landed(weapon="sabers-and-muskets", equipment=("cannon", "rope", "shovels"), area="jungle") -> Session:
    s = tracker()
    s.act(E.Outfit(0, weapon, equipment))
    s.act(E.StartSearch(0, area))
    return s


def test_the_tracker_is_loadable_but_not_a_playable_game() -> None:
    assert T.GAME_ID not in game_ids()
    assert get_game(T.GAME_ID) is T.GAME


def test_rulebook_combat_examples() -> None:
    s = landed()  # 20 - (6 + 2 + 2) = 10 sailors, as in the rulebook's purchase example
    st = s.state.table
    assert st.players[0].crew == 10 and st.players[0].time == 4  # Jungle 3 h + 1 for the Cannon
    assert calc.combat_dice(st, 0, "dinosaur")["dice"] == 5
    s.act(E.Combat(0, ("skull", "skull", "blank", "saber", "blank"), 4, "dinosaur"))
    assert s.state.table.players[0].crew == 8 and s.state.last["lost"] == 2
    pk = landed("pistols-and-pikes", ("cannon", "rope", "shovels"))
    assert calc.combat_dice(pk.state.table, 0, "dinosaur")["dice"] == 3
    pk.act(E.Combat(0, ("saber", "skull", "saber"), 3, "dinosaur"))  # sabers count against dinosaurs
    assert pk.state.last["won"] and pk.state.table.players[0].crew == 10


def test_emergency_replenishment_as_in_the_rulebook() -> None:
    s = landed()
    s.act(E.Edit(0, "crew", 3))
    s.act(E.Combat(0, ("skull", "blank", "blank"), 6, "dinosaur"))  # 1 success vs 6: lose 5 of 3 (+4)
    pl = s.state.table.players[0]
    assert (pl.crew, pl.tokens) == (2, 1)


def test_search_early_end_and_giant() -> None:
    s = landed(equipment=("machete",))  # Machete: 2 extra dice in the Jungle
    st = s.state.table
    assert calc.search_dice(st, 0)["dice"] == 4
    s.act(E.Search(0, ("skull", "blank", "saber", "blank")))  # 1 + 1 automatic
    assert s.state.table.players[0].time == 1
    s.act(E.Edit(0, "giant", 0, "jungle"))
    s.act(E.Search(0, ("skull", "skull", "blank", "blank")))  # 3 - 1 for the Giant
    assert s.state.table.players[0].time == 0 and s.state.last["complete"]
    lost = s.state.table.lost
    s.act(E.EndSearch(0, ("blank", "saber")))
    assert s.state.table.lost == lost + 1
    with pytest.raises(IllegalAction):
        s.act(E.EndSearch(0, ("blank",)))  # 2 dice


def test_attack_draw_and_win() -> None:
    s = landed()
    s.act(E.Outfit(1, "sabers-and-muskets", ()))
    s.act(E.StartSearch(1, "jungle"))
    s.act(E.Attack(0, 1, ("skull", "skull"), ("skull", "blank")))  # 2:1, winner -1, loser -1
    a, b = s.state.table.players
    assert (a.crew, b.crew) == (9, 19)
    s.act(E.Attack(0, 1, ("skull",), ("skull",)))
    a, b = s.state.table.players
    assert (a.crew, b.crew) == (8, 18)


def test_dig_tokens_return_and_final_count(tmp_path) -> None:
    """Stage 3 through the rules of digital play: the prize is drawn until a treasure (a Ghost goes back
    without a curse), a dig draws 1 token per success, a Ghost then brings the next curse with its own
    die, rolled at the table."""
    s = tracker(tmp_path / "t.json")
    s.act(E.Outfit(0, "sabers-and-muskets", ("shovels",)))
    s.act(E.StartSearch(0, "beach"))
    s.act(E.ToDigSite(0))
    assert s.view(None)["waiting"]["kind"] == "token" and "prize" in s.view(None)["waiting"]["title"]
    with pytest.raises(IllegalAction):
        s.act(E.Dig(0, ("saber", "skull", "blank")))  # the prize first
    s.act(E.Token(0, "ghost"))  # drawn for the prize: back into the bag, no curse
    assert s.state.table.players[0].curses == () and s.view(None)["waiting"]["kind"] == "token"
    s.act(E.Token(0, "treasure", 1000))
    assert s.state.table.players[0].treasures == (1000,) and s.view(None)["waiting"] is None
    assert s.view(None)["players"][0]["rolls"]["dig"]["dice"] == 3  # 2 dice + 1 for the Shovels
    s.act(E.Dig(0, ("saber", "skull", "blank")))
    assert s.view(None)["players"][0]["digging"] == 2
    s.act(E.Token(0, "treasure", 3000))
    crew = s.state.table.players[0].crew
    s.act(E.Token(0, "ghost"))  # Curse 1: roll 1 die, a failure costs 1 sailor
    assert s.state.table.players[0].curses == (1,) and s.state.table.curse_stack == 15
    waiting = s.view(None)["waiting"]
    assert waiting["kind"] == "roll" and waiting["n"] == 1 and "Curse 1" in waiting["title"]
    assert waiting["what"] == "each failure: lose 1 sailor"
    s.act(E.Rolled(0, ("blank",)))
    assert s.state.table.players[0].crew == crew - 1 and s.view(None)["waiting"] is None
    s.act(E.Token(0, "volcano"))  # a token drawn another way (the Cannon): mark 1, roll 1 die
    assert s.state.table.volcano == 1 and s.view(None)["waiting"]["kind"] == "roll"
    s.act(E.Rolled(0, ("skull",)))
    for v in (1000, 7000, 10000):  # (tokens drawn another way)
        s.act(E.Token(0, "treasure", v))
    s.act(E.Edit(0, "tokens", 2))
    s.act(E.Edit(0, "crew", 9))  # 9 sailors carry 4 treasures
    with pytest.raises(IllegalAction):
        s.act(E.ReturnToShip(0, ()))
    s.act(E.ReturnToShip(0, (1000,)))
    # the shared screen (the table's view) keeps the face-down values hidden (issue 26, item 7)
    table = s.view(None)
    assert table["players"][0]["treasures"] is None and table["players"][0]["treasure_count"] == 4
    assert table["scores"]["rows"][0]["value"] is None and table["scores"]["rows"][0]["count"] == 4
    assert table["scores"]["winners"] == []
    view = s.view(0)  # Anne's own view, while she looks
    row = view["scores"]["rows"][0]
    assert row["treasures"] == [1000, 3000, 7000, 10000]
    assert row["discarded"] == [1000, 3000] and row["value"] == 17000  # rulebook: the 2 cheapest unique
    assert view["players"][0]["treasures"] == [1000, 3000, 7000, 10000] and view["scores"]["winners"] == []
    assert s.view(1)["players"][0]["treasures"] is None  # Bart does not see them
    # a restart resumes from the file and journal; undo takes back the last entry
    back = Session.load(tmp_path / "t.json", get_game)
    assert back.state.table.players[0].stage == 4
    back.undo()
    assert back.state.table.players[0].stage == 3


def test_a_ghost_as_the_first_dig_site_token_leaves_the_prize_to_enter() -> None:
    """Issue 16: after a Ghost drawn for the prize, the table still enters the prize (rule: Stage 3,
    the first captain at the Dig Site draws until a treasure)."""
    s = landed()
    s.act(E.ToDigSite(0))
    s.act(E.Token(0, "ghost"))
    waiting = s.view(None)["waiting"]
    assert waiting["kind"] == "token" and waiting["seat"] == 0
    assert s.state.last["title"] == "Anne draws a Ghost for the prize"
    s.act(E.Token(0, "treasure", 5000))
    assert s.state.table.players[0].treasures == (5000,) and s.state.table.prize_taken
    assert s.view(None)["waiting"] is None


def test_volcano_mark_6_sinks_the_island() -> None:
    s = landed()
    s.act(E.ToDigSite(0))
    s.act(E.Token(0, "treasure", 1000))  # the prize
    s.act(E.Edit(0, "volcano", 5))
    s.act(E.Dig(0, ("skull", "blank", "blank")))  # 3 dice with the Shovels
    s.act(E.Token(0, "volcano"))
    assert s.is_over() and s.state.table.sunk
    assert s.view(None)["scores"]["winners"] == []


def test_outfit_rules() -> None:
    s = tracker()
    with pytest.raises(IllegalAction):
        s.act(E.Outfit(0, "sabers-and-muskets", ("cannon", "machete", "supplies", "rope")))  # 4 items
    with pytest.raises(IllegalAction):
        s.act(E.StartSearch(0, "beach"))  # no purchase yet
    assert calc.outfit_crew(("cannon", "machete")) == 11


def test_rules_reference_loads_and_finds_combat() -> None:
    from app.games import rules_reference, search_rules

    data = rules_reference("pirates-vs-dinosaurs")
    assert [s["title"] for s in search_rules(data["sections"], "emergency")] == ["Running out of sailors"]
    assert search_rules(data["sections"], "sabers muskets")


def test_upcoming_incidents_are_played_through_the_rules() -> None:
    """Stage 2, 2) Play Your Incidents: an Upcoming Incident is played from its slot; the rules
    resolve the card (its Strength, its choice) and wait for the dice rolled at the table."""
    s = landed()  # 10 sailors, 5 combat dice
    s.act(E.Edit(0, "inc_dino", 0, "tyrannosaurus"))
    with pytest.raises(IllegalAction):
        s.act(E.PlayIncident(0, "other"))  # that slot is empty
    s.act(E.PlayIncident(0, "dinosaur_attack"))
    waiting = s.view(None)["waiting"]
    assert waiting["kind"] == "roll" and waiting["n"] == 5 and "(Strength 6) for Tyrannosaurus" in waiting["title"]
    with pytest.raises(IllegalAction):
        s.act(E.Search(0, ("skull",) * 4))  # the roll comes first
    s.act(E.Rolled(0, ("skull", "skull", "blank", "blank", "blank")))  # 2 successes vs 6: lose 4
    pl = s.state.table.players[0]
    assert pl.crew == 6 and pl.inc_dino == "" and "tyrannosaurus" in s.state.table.discard
    assert s.view(None)["waiting"] is None
    # Plesiosaur offers a choice: the table says which; 2 hours more instead of the fight
    s.act(E.Edit(0, "inc_dino", 0, "plesiosaur"))
    s.act(E.PlayIncident(0, "dinosaur_attack"))
    waiting = s.view(None)["waiting"]
    assert waiting["kind"] == "choose" and [o["label"] for o in waiting["options"]] == [
        "Fight the dinosaur (Strength 4)", "Add 2 hours to your search"]
    with pytest.raises(IllegalAction):
        s.act(E.Combat(0, ("skull",) * 3, 3, "dinosaur"))  # the choice comes first
    time = s.state.table.players[0].time
    s.act(E.Chosen(0, 1))
    assert s.state.table.players[0].time == time + 2 and s.state.last["title"] == "Anne chooses: Add 2 hours to your search"
    assert s.view(None)["waiting"] is None
    s.undo()
    assert s.view(None)["waiting"]["kind"] == "choose"


def test_the_tracker_turn_is_the_rules_turn() -> None:
    """Turns go clockwise; captains back on the ship skip theirs (rule: End of the Game): the
    tracker's turn is the rules' pointer (table.turn), moved by the rules' own next_seat."""
    s = tracker(players=("Anne", "Bart", "Cleo"))
    assert s.view(None)["turn"] == 0 and s.view(None)["next"] == 1
    s.act(E.Edit(0, "crew", 0))  # (any entry: the turn stays)
    s.state.table.players[1].stage = 4  # Bart is back on the ship
    assert s.view(None)["next"] == 2
    s.act(E.NextTurn(0))
    assert s.state.turn == s.state.table.turn == 2 and s.to_move() == 2
    s.act(E.NextTurn(2))
    assert s.state.table.turn == 0 and s.state.table.turns == 2


def test_a_save_that_dug_before_entering_the_prize_is_refused_clearly(tmp_path) -> None:
    """Saves made before the tracker asked for the Dig Site prize (rule: Stage 3, the first captain
    at the Dig Site draws until a treasure) dug without entering it: loading one says which entry
    cannot be replayed and why, and leaves the file as it is (nothing is lost)."""
    import shutil
    from pathlib import Path

    from companion.engine import SaveError

    path = tmp_path / "old.json"
    shutil.copy(Path(__file__).parents[1] / "pvd" / "saves" / "tracker-dug-before-the-prize.json", path)
    before = path.read_bytes()
    with pytest.raises(SaveError) as got:
        Session.load(path, get_game)
    message = str(got.value)
    assert "log entry 3 cannot be replayed" in message
    assert "Anne's prize at the Dig Site is not entered yet" in message and "made before the tracker asked" in message
    assert path.read_bytes() == before


def test_a_dinosaur_attack_token_may_find_no_card_the_table_knows() -> None:
    """Stage 3, Dinosaur Attack token: Event cards are drawn until a Dinosaur Attack. At a real
    table none may come up (the tracker knows no hands): the "unknown card" outcome ends the draw
    with no fight, and says so."""
    s = landed()
    s.act(E.ToDigSite(0))
    s.act(E.Token(0, "treasure", 1000))  # the prize
    s.act(E.Dig(0, ("skull", "blank", "blank")))
    s.act(E.Token(0, "dinosaur_attack"))
    waiting = s.view(None)["waiting"]
    assert waiting["kind"] == "card" and waiting["options"][-1]["item"] == T.UNKNOWN
    crew = s.state.table.players[0].crew
    s.act(E.Drawn(0, T.UNKNOWN))
    assert s.view(None)["waiting"] is None and s.state.table.players[0].crew == crew
    assert s.state.last["lines"] == ["No Dinosaur Attack comes up for Anne"]
    with pytest.raises(IllegalAction):
        s.act(E.Drawn(0, T.UNKNOWN))  # nothing is waited for now
