"""Rules of Stage 2, the Expedition, with scripted dice and draws (rulebook sections in each test)."""
from __future__ import annotations

import pytest

from companion.engine import IllegalAction
from companion.games.pirates_vs_dinosaurs.catalog import catalog
from .scenario import act, edit, edit_table, goto, quiet, table_session, types
from companion.games.pirates_vs_dinosaurs.state import DIG


def two(**kw):
    s = table_session(2, **kw)
    s = quiet(s)
    return s


def test_draw_two_event_cards_and_play_the_incident_using_the_dice():
    """1) Draw 2 Event Cards; 2) Play Your Incidents; Using the Dice: the rulebook's Rocks example
    (3 dice, no Rope: blank, saber, skull -> 2 sailors lost; a saber does not succeed)."""
    s = two()
    s = edit(s, 0, inc_other="rocks")
    s.resolve(["thirst", "thirst"])
    assert s.state.players[0].hand == ("thirst", "thirst")
    assert s.pending_chance().label.startswith("incident roll") and len(s.pending_chance().dice) == 3
    s.resolve(["blank", "saber", "skull"])
    assert s.state.players[0].crew == 18 and "rocks" in s.state.discard
    assert s.state.decision["kind"] == "act"


def test_rope_rolls_one_die_for_rocks():
    """Using the Dice: with the Rope, Rocks rolls only 1 die."""
    s = two(outfits=[("sabers-and-muskets", ("rope",)), ("sabers-and-muskets", ())])
    s = edit(s, 0, inc_other="rocks")
    s.resolve(["thirst", "thirst"])
    assert len(s.pending_chance().dice) == 1


def test_combat_pistols_and_pikes_count_sabers_against_dinosaurs():
    """Combat: the Pterosaur example - 10 crew with Pistols and Pikes roll 3 dice; saber, skull,
    saber are 3 successes against Strength 3: no losses."""
    s = two(outfits=[("pistols-and-pikes", ()), ("sabers-and-muskets", ())])
    s = edit(s, 0, crew=10, inc_dino="pterosaur")
    s.resolve(["thirst", "thirst"])
    assert len(s.pending_chance().dice) == 3
    s.resolve(["saber", "skull", "saber"])
    assert s.state.players[0].crew == 10


def test_combat_aborigine_attack_only_skulls_succeed():
    """Combat: the War Party example - 8 crew with Sabers and Muskets roll 4 dice; blank, skull,
    saber, skull are 2 successes against Strength 4: 2 sailors lost."""
    s = two()
    s = edit(s, 0, crew=8, inc_other="war-party")
    s.resolve(["thirst", "thirst"])
    assert len(s.pending_chance().dice) == 4
    s.resolve(["blank", "skull", "saber", "skull"])
    assert s.state.players[0].crew == 6


def test_emergency_crew_replenishment():
    """What to Do If You Run Out of Sailors: the Tyrannosaurus example - 3 sailors, 1 success
    against Strength 6: 4 sailors and a token first, then 5 lost, 2 remain."""
    s = two()
    s = edit(s, 0, crew=3, inc_dino="tyrannosaurus")
    s.resolve(["thirst", "thirst"])
    tokens = s.state.tokens_left
    s.resolve(["skull"])
    pl = s.state.players[0]
    assert (pl.crew, pl.tokens, s.state.tokens_left) == (2, 1, tokens - 1)


def test_emergency_replenishment_repeats():
    """What to Do If You Run Out of Sailors: a second Emergency Replenishment when one is not enough."""
    s = two()
    s = edit(s, 0, crew=1, inc_dino="tyrannosaurus")
    s.resolve(["thirst", "thirst"])
    assert s.pending_chance() is None  # 1 sailor rolls no die
    pl = s.state.players[0]
    assert pl.crew == 3 and pl.tokens == 2  # 1 + 4 + 4 - 6


def test_both_incidents_in_any_order():
    """2) Play Your Incidents: one Dinosaur Attack and one other, in the order the player chooses."""
    s = two()
    s = edit(s, 0, inc_dino="pterosaur", inc_other="fog")
    s.resolve(["thirst", "thirst"])
    assert {a.slot for a in s.legal_actions() if a.type == "play_incident"} == {"dinosaur_attack", "other"}
    time = s.state.players[0].time
    act(s, "play_incident", slot="other")
    assert s.state.players[0].time == time + 1  # Fog first


def test_desperate_action_before_the_roll_adds_dice():
    """Desperate Actions: discard a card before a roll to add dice to it (Tyrannosaurus: +2)."""
    s = two()
    s = edit(s, 0, crew=8, inc_other="war-party")
    s.resolve(["tyrannosaurus", "thirst"])
    assert s.state.decision["kind"] == "pre"
    act(s, "use", source="da:tyrannosaurus")
    assert len(s.pending_chance().dice) == 6
    s.resolve(["skull"] * 4 + ["blank"] * 2)
    assert s.state.players[0].crew == 8 and "tyrannosaurus" in s.state.discard


def test_several_desperate_actions_at_once():
    """Desperate Actions: "you may perform several Desperate Actions at once": the roller is asked
    again after each card (Tyrannosaurus +2 dice, then Ankylosaurus: sabers count), then rolls."""
    s = two()
    s = edit(s, 0, crew=8, inc_other="war-party")
    s.resolve(["tyrannosaurus", "ankylosaurus"])
    act(s, "use", source="da:tyrannosaurus")
    assert s.pending_chance() is None and s.state.decision["kind"] == "pre"
    act(s, "use", source="da:ankylosaurus", go=True)
    assert len(s.pending_chance().dice) == 6 and s.state.discard[-2:] == ("tyrannosaurus", "ankylosaurus")


def test_desperate_action_after_the_roll_rerolls():
    """Desperate Actions: after a roll, re-roll failed dice once (War Party: up to 2)."""
    s = two()
    s = edit(s, 0, crew=8, inc_other="war-party")
    s.resolve(["war-party", "thirst"])
    s.resolve(["blank", "skull", "saber", "skull"])
    assert s.state.decision["kind"] == "post"
    act(s, "use", source="da:war-party", go=True)
    assert s.state.decision["kind"] == "reroll"  # the roller chooses which dice
    act(s, "pick_dice", faces=["blank", "saber"])
    assert len(s.pending_chance().dice) == 2
    s.resolve(["skull", "skull"])
    assert s.state.players[0].crew == 8


def test_search_two_dice_plus_one_and_the_giant_tyrannosaurus():
    """3) Search: 2 dice + 1 automatic success move the Time Marker; Giant Tyrannosaurus: the
    Search Roll loses 1 when the total is above 1."""
    s = two(areas=["jungle", "plain"])
    s.resolve(["thirst", "thirst"])
    s = edit(s, 0, time=8)
    act(s, "search")
    s.resolve(["skull", "saber"])
    assert s.state.players[0].time == 6
    s = edit_table(s, giant="jungle")
    s = goto(s, 0, "act")
    act(s, "search")
    s.resolve(["skull", "skull"])
    assert s.state.players[0].time == 4
    s = goto(s, 0, "act")
    act(s, "search")
    s.resolve(["blank", "blank"])
    assert s.state.players[0].time == 3  # a total of 1 is not reduced


def _slot_of(s, landmark):
    return next(k for k, v in s.state.slots.items() if v == landmark)


def test_completing_the_search_and_finding_landmarks():
    """Completing the Search: look at a hidden Landmark of the area; a match is taken and shown;
    with no Map Fragments left the captain moves to the Treasure Location and discards the hand."""
    s = two()
    s.resolve(["thirst", "thirst"])
    pl = s.state.players[0]
    first, second = pl.fragments[0], pl.fragments[1]
    area = catalog().slot_area[_slot_of(s, first)]
    s = edit(s, 0, area=area, time=1, fragments=[first])
    act(s, "search")
    s.resolve(["blank", "blank"])
    assert s.state.decision["kind"] == "look"
    act(s, "look", slot=_slot_of(s, first))
    pl = s.state.players[0]
    assert pl.stage == DIG and pl.found == (first,) and pl.hand == () and pl.area == "dig"
    assert s.pending_chance().label == "prize treasure"


def test_no_match_starts_a_new_search():
    """Completing the Search: a Landmark that does not match stays; a new search begins."""
    s = two()
    s.resolve(["thirst", "thirst"])
    mine = set(s.state.players[0].fragments)
    slot, lm = next((k, v) for k, v in s.state.slots.items() if v and v not in mine)
    s = edit(s, 0, area=catalog().slot_area[slot], time=1)
    act(s, "search")
    s.resolve(["blank", "blank"])
    act(s, "look", slot=slot)
    assert s.state.players[0].known == {slot: lm} and s.state.slots[slot] == lm
    assert s.state.decision["kind"] == "area"


def test_early_termination_of_a_search():
    """Early Termination of a Search: 2 dice, 1 sailor to Lost and Forgotten per blank; a new search."""
    s = two()
    s.resolve(["thirst", "thirst"])
    lost = s.state.lost
    act(s, "end_search")
    s.resolve(["blank", "saber"])
    assert s.state.players[0].crew == 19 and s.state.lost == lost + 1
    act(s, "choose_area", area="swamp")
    assert s.state.players[0].time == catalog().areas["swamp"].search_hours


def test_attack_a_rival():
    """Attack a Rival: the winner loses 1 sailor, the loser the difference; a draw costs both 1."""
    s = two()
    s.resolve(["thirst", "thirst"])
    s = edit(s, 0, crew=4)
    s = edit(s, 1, crew=4)
    act(s, "attack", target=1)
    s.resolve(["skull", "skull"])
    s.resolve(["blank", "saber"])
    assert (s.state.players[0].crew, s.state.players[1].crew) == (3, 2)
    s = goto(s, 0, "act")
    act(s, "attack", target=1)
    s.resolve(["skull"])
    s.resolve(["skull"])
    assert (s.state.players[0].crew, s.state.players[1].crew) == (2, 1)


def test_attack_only_in_the_same_area():
    """Attack a Rival: only a player in the same Area."""
    s = two(areas=["beach", "jungle"])
    s.resolve(["thirst", "thirst"])
    assert "attack" not in types(s)
    with pytest.raises(IllegalAction):
        act(s, "attack", target=1)


def test_replenish_your_crew():
    """Replenish Your Crew: 6 sailors from the reserve and 1 Crew Replenishment token."""
    s = two()
    s.resolve(["thirst", "thirst"])
    act(s, "replenish")
    assert s.state.players[0].crew == 26 and s.state.players[0].tokens == 1


def test_arrange_incidents():
    """4) Arrange Incidents: the area icon must match the target's area ("Your Area": the same
    area as you), a free slot of the card's type, one Incident per player per turn."""
    s = two(areas=["beach", "jungle"])
    s.resolve(["rocks", "ambush"])
    s = edit(s, 0, hand=["rocks", "ambush", "fog", "pterosaur"])
    act(s, "replenish")
    arr = {(a.card, a.target) for a in s.legal_actions() if a.type == "arrange"}
    assert ("rocks", 0) in arr and ("rocks", 1) not in arr  # Rocks: Mountains and Beach only
    assert ("fog", 1) in arr and ("fog", 0) not in arr      # Fog: Swamp, Jungle, Mountains
    assert ("ambush", 0) in arr and ("ambush", 1) not in arr  # Your Area
    act(s, "arrange", card="fog", target=1)
    arr = {(a.card, a.target) for a in s.legal_actions() if a.type == "arrange"}
    assert not any(t == 1 for _, t in arr)  # one per player per turn
    act(s, "arrange", card="rocks", target=0)
    arr = {(a.card, a.target) for a in s.legal_actions() if a.type == "arrange"}
    assert ("ambush", 0) not in arr  # the other slot is taken now
    assert s.state.players[1].inc_other == "fog"


def test_discard_down_to_seven():
    """5) Discard Excess Cards Down to the Required Limit: 7 at the end of the turn."""
    s = two()
    s.resolve(["thirst", "thirst"])
    s = edit(s, 0, hand=["thirst"] * 9)
    act(s, "search")
    s.resolve(["blank", "blank"])
    act(s, "proceed")
    assert s.state.decision["kind"] == "discard" and s.state.decision["need"] == 2
    act(s, "discard", cards=["thirst", "thirst"])
    assert len(s.state.players[0].hand) == 7 and GAME_turn(s) == 1


def GAME_turn(s):
    return s.state.turn


def test_giant_tyrannosaurus_and_aborigine_shaman():
    """The "Giant Tyrannosaurus" card: in an area of the player's choice; everyone there sends 1
    sailor to Lost and Forgotten and starts a new search. "Aborigine Shaman": off the board."""
    s = two(areas=["beach", "beach"])
    s.resolve(["giant-tyrannosaurus", "aborigine-shaman"])
    lost = s.state.lost
    act(s, "hand")
    act(s, "use", source="ps:giant-tyrannosaurus", area="beach")
    assert s.state.giant == "beach" and s.state.lost == lost + 2
    assert [p.crew for p in s.state.players] == [19, 19]
    act(s, "choose_area", player=0, area="plain")
    act(s, "choose_area", player=1, area="beach")
    assert s.state.decision["kind"] == "act" and s.state.players[1].area == "beach"
    act(s, "hand")
    act(s, "use", source="ps:aborigine-shaman")
    assert s.state.giant == ""


def test_pirates_share_only_affects_stage_two():
    """Pirate's Share Cards affect only players in Stage 2: no target at the Dig Site."""
    s = two()
    s.resolve(["sabotage", "thirst"])
    s = edit(s, 1, stage=DIG, area="dig")
    s = goto(s, 0, "act")
    assert "hand" not in types(s)  # Sabotage has nobody to target


def test_first_mate_de_groot_may_plunder_a_captain_in_the_same_area():
    """First Mates (De Groot - Plunder: "you may secretly draw 1 event card from a player who is in
    the same area as you"): used on the captain's turn, or kept; the card is drawn from that hand."""
    s = two(mates=["black-jack-brenham", "de-groot"], mate_picks=["black-jack-brenham", "de-groot"],
            areas=["beach", "beach"])
    s = edit(s, 1, hand=["rocks", "thirst"])
    s = edit(s, 0, mate_used=False)
    s.resolve(["thirst", "thirst"])
    act(s, "hand")
    assert {(a.type, getattr(a, "source", ""), getattr(a, "target", None)) for a in s.legal_actions()} == {
        ("proceed", "", None), ("use", "mate", 1)}
    act(s, "use", source="mate", target=1)
    s.resolve(["rocks"])
    assert s.state.players[0].hand == ("thirst", "thirst", "rocks") and s.state.players[1].hand == ("thirst",)
    assert s.state.players[0].mate_used


def test_first_mate_black_jack_brenham_and_lost_and_forgotten():
    """First Mates (used side until it refreshes) and Lost and Forgotten: Black Jack Brenham takes
    up to 2 sailors back; used until a new expedition."""
    s = two(mates=["black-jack-brenham", "de-groot"], mate_picks=["de-groot", "black-jack-brenham"])
    assert s.state.players[0].mate == "black-jack-brenham"
    s = edit(s, 0, mate_used=False)
    s.resolve(["thirst", "thirst"])
    act(s, "hand")
    act(s, "use", source="mate")
    assert s.state.players[0].crew == 22 and s.state.lost == 2 and s.state.players[0].mate_used
    assert "hand" not in types(s)
