"""Desperate Actions in other players' turns (reaction windows), choices the players make themselves,
the Time Track's end and the Crew Replenishment tokens (rulebook sections in each test)."""
from __future__ import annotations

from companion.games.pirates_vs_dinosaurs.catalog import catalog
from companion.games.pirates_vs_dinosaurs.vocabulary import DiscardEvents
from companion.games.pirates_vs_dinosaurs.interpreter import OPS
from companion.games.pirates_vs_dinosaurs.frames import Ops
from companion.games.pirates_vs_dinosaurs.kernel import context
from companion.games.pirates_vs_dinosaurs.rules import GAME, resolve_stack
from .scenario import act, edit, edit_table, position, quiet, table_session, types


def two(auto_pass: bool = True, **kw):
    s = table_session(2, auto_pass=auto_pass, **kw)
    s = quiet(s)
    return s


def kinds(s) -> tuple:
    d = s.state.decision
    return (d["seat"], d["kind"]) if d else None


# --------------------------------------------------------------------------- Desperate Actions


def test_any_time_desperate_action_in_another_players_turn():
    """Desperate Actions: "at any time (even during another player's turn)" - before a Dinosaur
    Attack's roll the other captain gets a window and may take a sailor back (Triceratops)."""
    s = two(auto_pass=False)
    s = edit(s, 0, inc_dino="pterosaur")
    s = edit(s, 1, hand=["triceratops", "thirst"])
    lost, crew = s.state.lost, s.state.players[1].crew
    s.resolve(["thirst", "thirst"])
    act(s, "play_incident", slot="dinosaur_attack")
    assert kinds(s) == (1, "react_pre")  # the other captain first, in turn order from the roller
    assert {a.source for a in s.legal_actions() if a.type == "use"} == {"da:triceratops"}
    act(s, "use", source="da:triceratops")
    assert s.state.players[1].crew == crew + 1 and s.state.lost == lost - 1
    assert kinds(s) == (1, "react_pre")  # asked again until they pass
    act(s, "proceed")
    assert kinds(s) == (0, "pre")
    act(s, "proceed")
    assert s.pending_chance() is not None and len(s.pending_chance().dice) == 10


def test_window_is_offered_whatever_the_cards_held():
    """Desperate Actions / Pirate's Share Cards: the window goes to every captain still exploring,
    holding a usable card or not, so nobody learns who holds one; the roller always decides too."""
    seen = []
    for hand in (["thirst"], ["triceratops"]):
        s = two(auto_pass=False)
        s = edit(s, 0, inc_dino="pterosaur")
        s = edit(s, 1, hand=hand)
        s.resolve(["thirst", "thirst"])
        act(s, "play_incident", slot="dinosaur_attack")
        seen.append((kinds(s), s.view(0)["decision"]))
        if hand == ["thirst"]:
            assert [a.type for a in s.legal_actions()] == ["proceed"]
            assert GAME.auto_pass(s.state) is not None
        else:
            assert GAME.auto_pass(s.state) is None
        act(s, "proceed")
        assert kinds(s) == (0, "pre")  # the roller, with no card, still gets the window
    assert seen[0] == seen[1] == ((1, "react_pre"), {"seat": 1, "kind": "react_pre"})


def test_dinosaur_taboo_then_the_roller_answers():
    """Pirate's Share Cards: Dinosaur Taboo is played on a player about to roll against a dinosaur
    (-2 dice); the roller, asked after the others, may answer with their own Desperate Actions."""
    s = two(auto_pass=False)
    s = edit(s, 0, crew=10, inc_dino="pterosaur", hand=["tyrannosaurus"])
    s = edit(s, 1, hand=["dinosaur-taboo"])
    s.resolve(["thirst", "thirst"])
    act(s, "play_incident", slot="dinosaur_attack")
    act(s, "use", source="ps:dinosaur-taboo", target=0)
    assert kinds(s) == (0, "pre")  # seat 1 has no card left: nothing hidden could let them act
    act(s, "use", source="da:tyrannosaurus", go=True)
    assert len(s.pending_chance().dice) == 5  # 10 sailors: 5 dice, -2, +2


def test_no_window_for_others_around_a_roll_no_card_can_touch():
    """Desperate Actions: dice cards change your own rolls (ruling desperate-own-roll), so a search
    roll opens no window for the others - only the roller's own."""
    s = two(auto_pass=False)
    s = edit(s, 1, hand=["triceratops", "tyrannosaurus"])
    s.resolve(["thirst", "thirst"])
    act(s, "search")
    assert kinds(s) == (0, "pre")


def test_window_before_a_card_strikes_a_rival():
    """Desperate Actions "at any time": Marooned (2 sailors of a rival to Lost and Forgotten) gives
    the rival a window first, where a sailor can be taken back (Rum Ration)."""
    s = two(areas=["beach", "beach"])
    s = edit(s, 0, hand=["marooned"])
    s = edit(s, 1, hand=["rum-ration"], crew=5)
    s.resolve(["thirst", "thirst"])
    act(s, "hand")
    act(s, "use", source="ps:marooned", target=1)
    assert kinds(s) == (1, "react_card")
    assert {a.source for a in s.legal_actions() if a.type == "use"} == {"da:rum-ration"}
    act(s, "use", source="da:rum-ration")
    assert s.state.players[1].crew == 5 + 1 - 2


def test_captains_at_the_dig_site_get_no_window_over_cards():
    """Pirate's Share Cards affect only players in Stage 2: a captain digging is not asked."""
    s = two(auto_pass=False)
    s = edit(s, 0, inc_dino="pterosaur")
    s = edit(s, 1, stage=3, area="dig")
    s.resolve(["thirst", "thirst"])
    act(s, "play_incident", slot="dinosaur_attack")
    assert kinds(s) == (0, "pre")


# --------------------------------------------------------------------------- choices


def test_reroll_the_dice_the_player_chooses():
    """Desperate Actions: "re-roll (once) any two dice" - the roller chooses them, even a success."""
    s = two()
    s = edit(s, 0, crew=8, inc_other="war-party")
    s.resolve(["war-party", "thirst"])
    s.resolve(["blank", "skull", "saber", "skull"])
    act(s, "use", source="da:war-party", go=True)
    options = {a.faces for a in s.legal_actions()}
    assert ("blank", "saber") in options and ("skull", "skull") in options and ("blank",) in options
    act(s, "pick_dice", faces=["saber"])
    assert len(s.pending_chance().dice) == 1
    s.resolve(["skull"])
    assert s.state.players[0].crew == 7  # blank, skull, skull, skull: 3 successes against Strength 4


def test_set_face_turns_the_die_the_player_chooses():
    """Desperate Actions: a card that turns a die to a skull - the roller picks the die."""
    s = two()
    s = edit(s, 0, crew=4, inc_other="war-party")
    s.resolve(["allosaurus", "thirst"])
    s.resolve(["blank", "saber"])
    act(s, "use", source="da:allosaurus", go=True)
    assert {a.faces for a in s.legal_actions()} == {("blank",), ("saber",)}
    act(s, "pick_dice", faces=["saber"])
    roll_faces = [e for e in s.history(0) if e.type == "roll"][-1].data["faces"]
    assert sorted(roll_faces) == ["blank", "skull"]


def test_parley_cancels_the_incident_the_player_chooses():
    """Pirate's Share Cards: Parley cancels an Upcoming Incident; with both slots taken, its player
    chooses which."""
    s = two()
    s = edit(s, 0, inc_dino="pterosaur", inc_other="fog")
    s.resolve(["parley", "thirst"])
    act(s, "hand")
    act(s, "use", source="ps:parley")
    assert kinds(s) == (0, "cancel_slot")
    act(s, "cancel_incident", slot="other")
    assert s.state.players[0].inc_other == "" and "fog" in s.state.discard
    assert "pterosaur" in s.state.in_play  # the Dinosaur Attack stays and is played


def test_discard_of_the_owners_choice():
    """Pirate's Share Cards: an effect that makes a captain discard Event cards of their choice
    asks them which (discard_events, choice: owner); at random it is a draw."""
    s = two()
    s = edit(s, 0, hand=["fog", "rocks", "snakes"])
    s.resolve(["thirst", "thirst"])

    def discard_two_of_the_owners_choice(st) -> None:
        st.decision = None
        ctx = context(st)
        OPS["discard_events"](ctx, Ops(("ev", "fog", "action"), 0), DiscardEvents(op="discard_events", amount=2,
                                                                               choice="owner"), 0)
        resolve_stack(ctx)

    s = position(s, discard_two_of_the_owners_choice)
    assert kinds(s) == (0, "lose_cards") and s.state.decision["need"] == 2
    act(s, "discard", cards=["fog", "rocks"])
    assert sorted(s.state.players[0].hand) == ["snakes", "thirst", "thirst"]


# --------------------------------------------------------------------------- Time Track, tokens


def test_time_track_ends_at_the_captain_cards_highest_mark():
    """Captain Cards: the Time Track (captains.yaml) bounds the Time Marker; Fog adds 1 hour."""
    cat = catalog()
    track = cat.content.files["captains.yaml"].decks[0].sheet.time_track
    assert cat.time_max == max(track)
    s = two()
    s = edit(s, 0, inc_other="fog", time=cat.time_max)
    s.resolve(["thirst", "thirst"])
    assert s.state.players[0].time == cat.time_max


def test_a_shorter_time_track_ends_the_time_marker_sooner(monkeypatch):
    """Captain Cards: the Time Track's highest mark is the Captain card's (captains.yaml): a track
    that ends at 5 holds the Time Marker at 5."""
    cat = catalog()
    monkeypatch.setattr(cat, "time_max", 5)
    s = two()
    s = edit(s, 0, inc_other="fog", time=5)
    s.resolve(["thirst", "thirst"])
    assert s.state.players[0].time == 5


def test_replenish_needs_a_token_the_emergency_is_noted():
    """Replenish Your Crew / What to Do If You Run Out of Sailors: with the 16 tokens gone there is
    no Crew Replenishment, but an Emergency one is still made and its token noted and paid for."""
    s = two()
    s = edit_table(s, tokens_left=0)
    s = edit(s, 0, crew=3, inc_dino="tyrannosaurus")
    s.resolve(["thirst", "thirst"])
    s.resolve(["skull"])
    pl = s.state.players[0]
    assert (pl.crew, pl.tokens, pl.noted, s.state.tokens_left) == (2, 1, 1, 0)
    assert kinds(s) == (0, "act") and "replenish" not in types(s)
