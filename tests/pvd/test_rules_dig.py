"""Rules of Stage 3 (the Dig), Actions on the Ship and the End of the Game, with scripted dice and draws."""
from __future__ import annotations

from companion.games.pirates_vs_dinosaurs.catalog import catalog
from companion.games.pirates_vs_dinosaurs.dig import final_value
from companion.games.pirates_vs_dinosaurs.rules import GAME
from .scenario import act, edit, edit_table, goto, quiet, table_session, types
from companion.games.pirates_vs_dinosaurs.state import DIG, SHIP


def at_dig(n=2, **kw):
    """Captain 0 at the Dig Site on their turn (the others exploring unless told)."""
    s = table_session(n, **kw)
    s = quiet(s)
    s = edit(s, 0, stage=DIG, area="dig", fragments=[])
    s = edit_table(s, prize_taken=True)
    s = goto(s, 0, "dig")
    return s


def test_first_arrival_draws_a_prize_treasure():
    """Stage 3: the first captain at the Dig Site draws until a treasure; other tokens go back."""
    s = table_session(2)
    s = quiet(s)
    s.resolve(["thirst", "thirst"])
    lm = s.state.players[0].fragments[0]
    slot = next(k for k, v in s.state.slots.items() if v == lm)
    s = edit(s, 0, area=catalog().slot_area[slot], time=1, fragments=[lm])
    act(s, "search")
    s.resolve(["blank", "blank"])
    act(s, "look", slot=slot)
    bag = len(s.state.bag)
    s.resolve(["ghost"])
    assert len(s.state.bag) == bag and s.state.players[0].curses == ()
    s.resolve(["treasure-5k"])
    assert s.state.players[0].treasures == (5000,) and len(s.state.bag) == bag - 1
    assert GAME.view(s.state, 1)["players"][0].get("treasures") is None


def test_dig_sabers_succeed_one_token_per_success():
    """Dig Up Treasure: 2 dice, skulls and sabers succeed, 1 token per success; treasures kept face down."""
    s = at_dig()
    act(s, "dig")
    s.resolve(["saber", "blank"])
    s.resolve(["treasure-3k"])
    assert s.state.players[0].treasures == (3000,)
    assert s.state.turn == 1  # one token only: the turn is over


def test_ghost_brings_the_next_curse():
    """Dig Up Treasure, Ghost: take the top Curse token and suffer it; the Ghost goes back in the bag."""
    s = at_dig()
    act(s, "dig")
    s.resolve(["skull", "blank"])
    bag = len(s.state.bag)
    s.resolve(["ghost"])
    assert s.state.players[0].curses == (1,) and s.state.curse_stack == 15
    s.resolve(["blank"])  # curse 1: roll 1 die, a failure loses 1 sailor
    assert s.state.players[0].crew == 19 and len(s.state.bag) == bag


def test_volcano_covers_the_lowest_mark():
    """Dig Up Treasure, Volcano: the token goes on the lowest free mark, whose consequence strikes."""
    s = at_dig()
    s = edit_table(s, volcano=1)
    act(s, "dig")
    s.resolve(["skull", "skull"])
    bag = len(s.state.bag)
    s.resolve(["volcano"])
    assert s.state.volcano == 2 and s.state.players[0].crew == 19  # mark 2: lose 1 sailor
    assert len(s.state.bag) == bag - 1
    s.resolve(["treasure-1k"])
    assert s.state.players[0].treasures == (1000,)


def test_dinosaur_attack_from_the_deck():
    """Dig Up Treasure, Dinosaur Attack: draw Event cards until a Dinosaur Attack (the others are
    discarded) and fight it with sabers succeeding; the token goes back into the bag."""
    s = at_dig()
    act(s, "dig")
    s.resolve(["skull", "blank"])
    s.resolve(["dinosaur-attack-token"])
    s.resolve(["thirst"])
    s.resolve(["pterosaur"])
    assert "thirst" in s.state.discard
    assert len(s.pending_chance().dice) == 10
    s.resolve(["saber", "saber"] + ["blank"] * 8)
    assert s.state.players[0].crew == 19 and "pterosaur" in s.state.discard
    assert "dinosaur-attack-token" in s.state.bag


def test_the_eruption_sinks_the_island():
    """Volcano mark 6 / End of the Game: everyone still on the island loses; only those back on the
    ship count; a sole survivor wins."""
    s = at_dig(3)
    s = edit(s, 2, stage=SHIP, area="harbor", treasures=[1000])
    s = edit_table(s, volcano=5)
    act(s, "dig")
    s.resolve(["skull", "blank"])
    s.resolve(["volcano"])
    assert s.state.over and s.state.sunk
    r = GAME.result(s.state)
    assert r["winners"] == ["P3"] and r["sunk"]


def test_no_winner_when_nobody_is_back():
    """End of the Game: if nobody has returned when the island sinks, there is no winner."""
    s = at_dig()
    s = edit_table(s, volcano=5)
    act(s, "dig")
    s.resolve(["skull", "blank"])
    s.resolve(["volcano"])
    assert GAME.result(s.state)["winners"] == []


def test_attack_at_the_dig_site_steals_a_treasure():
    """Attack Another Player (Stage 3): the winner steals 1 random treasure from the loser."""
    s = at_dig()
    s = edit(s, 1, stage=DIG, area="dig", treasures=[7000])
    s = edit(s, 0, crew=4)
    s = edit(s, 1, crew=4)
    act(s, "attack", target=1)
    s.resolve(["saber", "skull"])
    s.resolve(["blank", "blank"])
    s.resolve(["7000"])
    assert s.state.players[0].treasures == (7000,) and s.state.players[1].treasures == ()


def test_cannon_at_the_dig_site_draws_a_token_after_the_fight():
    """Special Rules for Using the Cannon at the Dig Site: fired in a fight, it draws 1 token after
    the battle; only a Ghost or a Volcano has an effect."""
    s = at_dig(outfits=[("sabers-and-muskets", ("cannon",)), ("sabers-and-muskets", ())])
    s = edit(s, 1, stage=DIG, area="dig")
    s = edit(s, 0, crew=4)
    s = edit(s, 1, crew=4)
    s = goto(s, 0, "dig")
    act(s, "attack", target=1)
    assert s.state.decision["kind"] == "pre"
    act(s, "use", source="eq:cannon:1", go=True)
    assert len(s.pending_chance().dice) == 5
    s.resolve(["skull"] * 5)
    s.resolve(["blank", "blank"])
    bag = list(s.state.bag)
    s.resolve(["treasure-2k"])  # no effect: back into the bag
    assert sorted(s.state.bag) == sorted(bag) and s.state.players[0].treasures == ()


def test_return_to_the_ship_two_sailors_per_treasure():
    """Return to the Ship: 2 sailors carry 1 treasure; the captain chooses what goes back into the bag."""
    s = at_dig()
    s = edit(s, 0, crew=3, treasures=[1000, 6000])
    act(s, "return_to_ship")
    assert s.state.decision["kind"] == "putback"
    act(s, "put_back", value=1000)
    pl = s.state.players[0]
    assert pl.stage == SHIP and pl.treasures == (6000,) and pl.area == "harbor"


def test_replenish_at_the_dig_site():
    """Replenish Your Crew (Stage 3): 6 sailors and a token, as in Stage 2."""
    s = at_dig()
    act(s, "replenish")
    assert s.state.players[0].crew == 26 and s.state.players[0].tokens == 1


def test_actions_on_the_ship_take_a_treasure_out_of_the_game():
    """Optional Rule: Actions on the Ship - a treasure drawn from the ship leaves the game."""
    s = table_session(2, options={"actions_on_ship": True})
    s = quiet(s)
    s = edit(s, 0, stage=SHIP, area="harbor")
    s = edit(s, 1, stage=DIG, area="dig")
    s = goto(s, 0, "ship")
    assert types(s) == {"ship_draw", "proceed"}
    act(s, "ship_draw")
    s.resolve(["treasure-8k"])
    assert "treasure-8k" in s.state.boxed and s.state.players[0].treasures == ()


def test_actions_on_the_ship_may_be_skipped_and_send_a_dinosaur_to_a_chosen_captain():
    """Optional Rule: Actions on the Ship - a captain back on the ship may skip the turn; a Dinosaur
    Attack drawn there goes to a captain still at the Dig Site, of the drawer's choice."""
    s = table_session(3, options={"actions_on_ship": True})
    s = quiet(s)
    s = edit(s, 0, stage=SHIP, area="harbor")
    s = edit(s, 1, stage=DIG, area="dig")
    s = edit(s, 2, stage=DIG, area="dig")
    s = goto(s, 0, "ship")
    bag = len(s.state.bag)
    act(s, "proceed")                                   # the turn skipped: nothing drawn
    assert len(s.state.bag) == bag and GAME.to_move(s.state) != 0
    s = goto(s, 0, "ship")
    act(s, "ship_draw")
    s.resolve(["dinosaur-attack-token"])
    assert {(a.type, a.target) for a in s.legal_actions()} == {("send_dinosaur", 1), ("send_dinosaur", 2)}
    act(s, "send_dinosaur", target=2)
    # the chosen captain plays the token: Event cards are drawn until a Dinosaur Attack
    assert GAME.chance_step(s.state).label == "Event card (looking for a Dinosaur Attack)"


def test_all_back_on_the_ship_ends_the_game():
    """End of the Game: when all captains are back on their ships, the game ends."""
    s = at_dig()
    s = edit(s, 1, stage=SHIP, area="harbor", treasures=[2000])
    s = edit(s, 0, treasures=[3000])
    act(s, "return_to_ship")
    assert s.state.over
    assert GAME.result(s.state)["winners"] == ["P1"]


def test_final_count_discards_one_unique_treasure_per_token():
    """End of the Game: the Yellow example (5 treasures, 2 tokens: $1,000 and $3,000 go, $18,000
    kept) and the Red example (3 tokens: $1,000, $2,000, $6,000 go, $9,000 lost); with fewer
    distinct values than tokens a new round starts with the cheapest (ruling unique-treasure)."""
    assert final_value([1000, 1000, 3000, 7000, 10000], 2) == (18000, [1000, 3000])
    value, gone = final_value([1000, 1000, 1000, 2000, 6000, 7000, 12000], 3)
    assert gone == [1000, 2000, 6000] and value == 30000 - 9000
    assert final_value([5000, 5000], 3) == (0, [5000, 5000])


def test_ties_go_to_the_bigger_crew_then_are_shared():
    """End of the Game: a tie in value goes to the captain with more crew; then all tied win."""
    s = at_dig(3)
    s = edit(s, 1, stage=SHIP, area="harbor", treasures=[4000], crew=5)
    s = edit(s, 2, stage=SHIP, area="harbor", treasures=[4000], crew=7)
    s = edit(s, 0, treasures=[4000], crew=7)
    act(s, "return_to_ship")
    assert GAME.result(s.state)["winners"] == ["P1", "P3"]
    # the end screen's order is the rules' own (the view's standing), the crew breaking the tie
    assert GAME.view(s.state, None)["standing"] == {"order": ["P1", "P3", "P2"], "crew_breaks_tie": True}
