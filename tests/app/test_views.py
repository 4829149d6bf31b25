"""The screens as controls, without a browser: every screen builds, nothing is a Material Card (it
merges its children into one accessibility node), every tappable control has a name for screen
readers and tests, the PvD choices come before the hand, and the end screens explain the scores."""
from __future__ import annotations

import dataclasses
import re
import random
from typing import Any, Iterator

import flet as ft
import pytest

from app import games, screens, state
from app.assistant import AssistantScreen
from app.play import PlayScreen
from app.pirates_vs_dinosaurs import labels as L
from app.widgets.dice import caption_size
from companion import api
from companion.engine import Session
from companion.games import get_game
from companion.games.pirates_vs_dinosaurs import rules


class FakePage:
    url = "http://127.0.0.1:8550"
    route = "/"


class FakeApp:
    """What a screen needs of app.main.App, without a Flet page."""

    def __init__(self, reg: state.GameRegistry):
        self.reg = reg
        self.client = "this-device"
        self.revealed: dict[str, int | None] = {}
        self.page = FakePage()
        self.toasts: list[str] = []

    def render(self) -> None:
        pass

    def go(self, route: str) -> None:
        pass

    def changed(self, gid: str) -> None:
        pass

    def subscribe(self, gid: str) -> None:
        pass

    def toast(self, text: str) -> None:
        self.toasts.append(text)


@pytest.fixture
def reg(tmp_path, monkeypatch) -> state.GameRegistry:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    return state.registry()


#: the fields of each control class that may hold controls (not its handlers, on_*, nor its
#: animations): dataclasses.fields for every control of every screen was a third of the walk
_INNER: dict[type, tuple[str, ...]] = {}


def walk(control: Any, inside: tuple[Any, ...] = ()) -> Iterator[tuple[Any, tuple[Any, ...]]]:
    """Every control in a tree with its ancestors."""
    yield control, inside
    kind = type(control)
    names = _INNER.get(kind)
    if names is None:
        names = _INNER[kind] = tuple(f.name for f in dataclasses.fields(control) if not f.name.startswith(
            ("_", "on_", "animate")) and f.name not in ("parent", "page"))
    for name in names:
        value = getattr(control, name, None)
        for v in value if isinstance(value, list) else [value]:
            if isinstance(v, ft.BaseControl):
                yield from walk(v, inside + (control,))


def name_of(c: Any, inside: tuple[Any, ...]) -> str:
    """What a screen reader would call a tappable control ('' if nothing)."""
    labels = [a.label for a in inside if isinstance(a, ft.Semantics) and a.label]
    if labels:
        return labels[-1]
    merged = [a for a in inside if isinstance(a, ft.MergeSemantics)]
    if merged:  # one node for screen readers, named by the texts inside it (a switch and its label)
        return " ".join(t.value for t, _ in walk(merged[-1]) if isinstance(t, ft.Text) and t.value)
    if isinstance(c, (ft.Button, ft.TextButton)) and isinstance(c.content, str) and c.content.strip():
        return c.content
    if getattr(c, "tooltip", None):
        return str(c.tooltip)
    if isinstance(c, (ft.Switch, ft.Radio, ft.Dropdown, ft.TextField)):
        return str(c.label or "")
    if isinstance(c, ft.ListTile) and isinstance(c.title, ft.Text):
        return c.title.value
    return ""


def check(controls: list[Any]) -> list[str]:
    """Every tappable control's name; fails on a Material Card or a control without a name."""
    names = []
    for root in controls:
        for c, inside in walk(root):
            assert not isinstance(c, ft.Card), "a Material Card merges its children into one node"
            if isinstance(c, ft.RadioGroup):
                continue  # its radios carry the labels
            tappable = getattr(c, "on_click", None) is not None or getattr(c, "on_change", None) is not None \
                or getattr(c, "on_select", None) is not None
            if tappable:
                name = name_of(c, inside)
                assert name.strip(), f"{type(c).__name__} without a label"
                names.append(name)
    return names


def test_the_shared_card_keeps_its_buttons_findable() -> None:
    from app.widgets.common import button, card

    box = card(ft.Text("Title"), button("Go", lambda e: None))
    assert not isinstance(box, ft.Card)
    assert check([box]) == ["Go"]


def test_menus_setup_and_rules_build_with_labels(reg) -> None:
    app = FakeApp(reg)
    reg.create(get_game("piraten-kapern"), ["Anne", "Bart"], state.ASSISTANT)
    names = check(screens.Home(app).build())
    assert any(n.startswith("Continue Piraten Kapern") for n in names)
    for gid in ("piraten-kapern", "pirates-vs-dinosaurs"):
        assert "Play" in check(screens.GameMenu(app, gid).build())
        setup = check(screens.SetupScreen(app, gid, "play").build())
        assert "Start" in setup and "Seat 2: bot" in setup
        check(screens.SetupScreen(app, gid, "assistant").build())
        check(screens.RulesScreen(app, gid).build())


def drive(live: Any, app: FakeApp, screen: PlayScreen, steps: int, seed: int = 1) -> Iterator[list[Any]]:
    """Take random legal moves for the human seats; yields each screen built on the way."""
    rng = random.Random(seed)
    for _ in range(steps):
        if live.session.is_over():
            break
        to_move = live.game.to_move(live.session.state)
        app.revealed[live.id] = to_move
        yield screen.build()
        if live.pause() is not None:  # (the tap it waits for: a turn seen, a bot's next step)
            live.go_on(app.client)
            continue
        legal = live.session.legal_actions()
        if to_move is None or not legal:
            break
        live.act(app.client, rng.choice(legal))
        live.run_bots()


def test_pvd_play_screens_put_the_choices_before_the_hand(reg) -> None:
    app = FakeApp(reg)
    live = reg.create(get_game("pirates-vs-dinosaurs"), ["Anne", "Bart", "Cato"], state.HOTSEAT,
                      [state.HUMAN, state.HUMAN, state.BOT], seed=7)
    screen = PlayScreen(app, live)
    seen_hand = 0
    for controls in drive(live, app, screen, 60):
        names = check(controls)
        assert not any(":" in n and n.split(":", 1)[1].strip().startswith(("relic:", "mate", "wp:", "eq:"))
                       for n in names), names  # abilities by their card's name, never an internal id
        keys = [getattr(c, "key", None) for c in controls]
        if "hand" in keys and "choices" in keys:
            assert keys.index("choices") < keys.index("hand")
            seen_hand += 1
    assert seen_hand


def test_pvd_play_numbers_turns_from_one(reg) -> None:
    """The table line counts the captains' turns from 1 (rules: Turn Order); before the first turn,
    while the captains set up, it says so instead of "Turn 0"; in Dutch on a Dutch screen."""
    app = FakeApp(reg)
    live = reg.create(get_game("pirates-vs-dinosaurs"), ["Anne", "Bart"], state.HOTSEAT,
                      [state.HUMAN, state.HUMAN], seed=7)
    lines = [line for controls in drive(live, app, PlayScreen(app, live), 40)
             for line in text_of(controls).splitlines() if "Volcano" in line and "Curses left" in line]
    assert lines and not any(line.startswith("Turn 0") for line in lines), lines
    assert any(line.startswith(("Before the first turn", "Turn 1 ")) for line in lines), lines
    # the line is worded by the catalogue: a Dutch screen says it in Dutch
    app.lang = "nl"
    dutch = [line for line in text_of(PlayScreen(app, live).build()).splitlines() if "Vulkaan" in line]
    assert dutch and dutch[0].startswith(("Voor de eerste beurt", "Beurt ")) and "Vloeken over" in dutch[0], dutch


def play_out(live: Any, app: FakeApp, limit: int = 5000) -> None:
    """Random legal moves for every human seat until the game ends."""
    rng = random.Random(3)
    for _ in range(limit):
        if live.session.is_over():
            return
        if live.pause() is not None:
            live.go_on(app.client)
            continue
        legal = live.session.legal_actions()
        live.act(app.client, rng.choice(legal))
        live.run_bots()
    raise AssertionError("the game did not end")


def text_of(controls: list[Any]) -> str:
    return "\n".join(str(c.value) if c.value or not c.spans else "".join(x.text for x in c.spans)
                     for root in controls for c, _ in walk(root) if isinstance(c, ft.Text))


def test_kapern_end_screen_shows_totals_and_turns(reg) -> None:
    app = FakeApp(reg)
    game = get_game("piraten-kapern")
    live = reg.create(game, ["Anne", "Bart"], state.HOTSEAT, [state.HUMAN, state.BOT], seed=5)
    play_out(live, app)
    screen = PlayScreen(app, live)
    out = screen.build()
    check(out)
    text = text_of(out)
    result = game.result(live.session.state)
    assert "Game over" in text and "Final scores" in text
    for name, score in result["scores"].items():
        assert f"{result['turns'][name]} turns played" in text
        assert str(score) in text


def test_pvd_end_screen_explains_each_score() -> None:
    from app.pirates_vs_dinosaurs.play import final

    result = {"scores": {"Anne": 9000, "Bart": 9000, "Cato": 0}, "winners": ["Bart"], "sunk": False,
              "returned": ["Anne", "Bart"], "discarded": {"Anne": [1000, 3000], "Bart": []},
              "crew": {"Anne": 4, "Bart": 6, "Cato": 2}}
    view = {"players": [{"name": "Anne", "treasure_count": 5, "tokens": 2, "sunk": False},
                        {"name": "Bart", "treasure_count": 3, "tokens": 0, "sunk": False},
                        {"name": "Cato", "treasure_count": 1, "tokens": 1, "sunk": False}],
            "standing": {"order": ["Bart", "Anne", "Cato"], "crew_breaks_tie": True}}
    rows = final(None, result, view)
    assert [r[0] for r in rows] == ["Bart", "Anne", "Cato"]  # in the view's order (the rules' tie-break)
    assert rows[1] == ("Anne", "$9,000", "5 treasures brought back; 2 replenishment tokens paid $1,000, $3,000; "
                                         "kept 3, worth $9,000; crew 4 (breaks the tie)")
    assert rows[0][2].endswith("crew 6 (breaks the tie)")
    assert rows[2] == ("Cato", "—", "not back on the ship: no score")


def test_pvd_end_screen_of_a_whole_game(reg) -> None:
    app = FakeApp(reg)
    game = get_game("pirates-vs-dinosaurs")
    live = reg.create(game, ["Anne", "Bart"], state.HOTSEAT, [state.HUMAN, state.BOT], seed=11)
    play_out(live, app)
    out = PlayScreen(app, live).build()
    check(out)
    text = text_of(out)
    assert "Game over" in text
    for name in game.result(live.session.state)["scores"]:
        assert name in text


@pytest.mark.parametrize("gid", ["piraten-kapern", "pirates-vs-dinosaurs"])
def test_table_assistants_build_with_labels(reg, gid) -> None:
    app = FakeApp(reg)
    ui = games.game_ui(gid)
    game = api.table_game(gid)
    live = reg.create(game, ["Anne", "Bart"], state.ASSISTANT)
    names = check(AssistantScreen(app, live, ui).build())
    assert "Undo" in names


def choices_of(controls: list[Any]) -> list[Any]:
    return [c for c in controls if getattr(c, "key", None) == "choices"]


def test_pvd_new_decisions_are_labelled_in_words(reg) -> None:
    """Re-rolls and turned dice by face and die number, a card's choice by what it does, the Parley
    slot by card name, a reaction window with its prompt and Pass; never an internal word."""
    app = FakeApp(reg)
    want = {"reroll", "set_face", "choose", "cancel_slot", "react_pre", "react_card"}
    seen: dict[str, list[str]] = {}
    # one seeded game reaches every kind within 250 steps (a direct scenario, not a search over seeds:
    # react_pre at step 26, reroll 42, cancel_slot 60 (the Parley slot), set_face 120, choose 199,
    # react_card 247 with the dice of Digital v2)
    seed = 32
    live = reg.create(get_game("pirates-vs-dinosaurs"), ["Anne", "Bart", "Cato"], state.HOTSEAT,
                      [state.HUMAN] * 3, seed=seed)
    screen = PlayScreen(app, live)
    rng = random.Random(seed)
    for _ in range(260):
        if live.session.is_over() or want <= set(seen):
            break
        kind = live.session.state.decision["kind"]
        if kind in want and kind not in seen:
            app.revealed[live.id] = live.game.to_move(live.session.state)
            out = screen.build()
            names = check(choices_of(out))
            seen[kind] = names
            text = text_of(choices_of(out))
            if kind == "reroll":
                assert all(re.fullmatch(r"Re-roll \d (Skull|Saber|Blank)s?( and \d (Skull|Saber|Blank)s?)*"
                                        r" \((die|dice) [\d, ]+\)", n) for n in names), names
                assert "Which dice do you re-roll?" in text
            elif kind == "set_face":
                assert all(re.fullmatch(r"Turn \d (Saber|Blank)s? \((die|dice) [\d, ]+\) to Skull", n) for n in names), names
                assert "Which dice do you turn to Skull?" in text and "In play: " in text
            elif kind == "choose":
                assert names == ["Fight the dinosaur (Strength 4)", "Add 2 hours to your search"]
                assert "In play: Plesiosaur" in text
            elif kind == "cancel_slot":
                assert len(names) == 2 and all(re.match(r"Cancel (your|\w+'s) (Dinosaur Attack|Incident): [A-Z]", n)
                                               for n in names), names
            else:
                assert "Pass" in names and "pass" in text, (names, text)
            assert not any(re.search(r"option \d|re-roll [a-z]|_", n) for n in names), names
        live.act(app.client, rng.choice(live.session.legal_actions()))
    assert want <= set(seen), sorted(seen)
    # the position's log replays: the saved game loads as the same game
    back = Session.load(live.session.path, get_game, write=False)
    assert back.view(None) == live.session.view(None)


def test_pvd_cards_lost_to_a_card_are_tapped_like_a_discard(reg) -> None:
    """A card that makes its target choose which Event cards to discard (lose_cards)."""
    app = FakeApp(reg)
    live = reg.create(get_game("pirates-vs-dinosaurs"), ["Anne", "Bart"], state.HOTSEAT, [state.HUMAN] * 2, seed=3)
    rng = random.Random(3)
    s = live.session.state
    while not (s.decision["kind"] == "act" and s.players[s.decision["seat"]].hand):
        live.act(app.client, rng.choice(live.session.legal_actions()))
        s = live.session.state
    seat = s.decision["seat"]
    s.decision = {"seat": seat, "kind": "lose_cards", "need": 1}
    s.offered = rules.offers(s)
    app.revealed[live.id] = seat
    out = choices_of(PlayScreen(app, live).build())
    names = check(out)
    assert "A card makes you discard: which Event cards go?" in text_of(out) and "Tap 1 card to discard." in text_of(out)
    assert any(n.startswith("Discard ") and not n[8].isdigit() for n in names) and "Discard 0 cards" in names


def test_pvd_reaction_window_for_another_human_comes_behind_the_privacy_screen(reg) -> None:
    """Hot seat: a window that asks another human on someone else's turn covers the screen first
    (no hand, no choices), and once revealed shows that captain's own hand and the window."""
    app = FakeApp(reg)
    game = get_game("pirates-vs-dinosaurs")
    checked = 0
    for seed in range(8):
        live = reg.create(game, ["Anne", "Bart", "Cato"], state.HOTSEAT, [state.HUMAN, state.HUMAN, state.BOT],
                          seed=seed)
        screen = PlayScreen(app, live)
        rng = random.Random(seed)
        for _ in range(400):
            s = live.session.state
            if live.session.is_over() or checked >= 3:
                break
            seat = live.game.to_move(s)
            kind = s.decision["kind"]
            if app.revealed.get(live.id) != seat:
                before = app.revealed.get(live.id)
                out = screen.build()
                text = text_of(out)
                assert f"Pass the device to {live.seats[seat].name}" in text
                assert check(out) == [f"I am {live.seats[seat].name}: show my turn"]
                assert "Your hand" not in text and "You: " not in text
                if kind.startswith("react") and s.turn != seat and before is not None:
                    hand_before = {L.thing("events", c) for c in s.players[before].hand} - \
                        {L.thing("events", c) for c in s.players[seat].hand}
                    screen.reveal(seat)
                    out = screen.build()
                    text = text_of(out)
                    names = check(out)
                    assert f"You: {live.seats[seat].name}" in text and f"You: {live.seats[before].name}" not in text
                    assert f"Your call, {live.seats[seat].name} (on {live.seats[s.turn].name}'s turn)" in text
                    assert "Pass" in names and "pass" in text_of(choices_of(out))
                    shown = text_of([c for c in out if getattr(c, "key", None) in ("hand", "choices")])
                    assert not any(name in shown for name in hand_before), hand_before
                    assert all(L.thing("events", c) in shown for c in s.players[seat].hand)
                    checked += 1
                screen.reveal(seat)
            live.act(app.client, rng.choice(live.session.legal_actions()))
        if checked >= 3:
            break
    assert checked >= 3, "no reaction window of a human on another human's turn was reached"


def test_kapern_says_what_the_skulls_mean() -> None:
    """Issue 16 item 4: the skull count with the card's skulls, and what one more would do."""
    from app.piraten_kapern.turn import skull_line
    from companion.words import words_for

    en, nl = words_for("en"), words_for("nl")
    view = {"skulls": 2, "card_skulls": 1, "skulls_to_end": 1, "island": False, "doomed": False,
            "sorceress": False, "breakdown": {"points": 400}}
    assert skull_line(en, view) == "2 skulls (1 from the card): one more ends the turn. Stopping now scores +400"
    assert skull_line(en, {**view, "skulls": 0, "card_skulls": 0, "skulls_to_end": 3}).startswith(
        "No skulls: three more end the turn")
    assert skull_line(en, {**view, "skulls": 3, "skulls_to_end": 0, "doomed": True}) == \
        "3 skulls (1 from the card): the turn is over"
    assert skull_line(nl, view) == "2 doodshoofden (1 van de kaart): nog één en de beurt is voorbij. " \
        "Nu stoppen levert +400 op"


def test_a_bots_turn_is_shown_step_by_step_with_its_dice(reg) -> None:
    """Issue 16 item 4: after Anne's move the bot plays at once; her screen then has one line for
    the bot's turn and a button that opens its steps, the roll with its dice."""
    from app.widgets.steps import turn_mark, turn_steps

    app = FakeApp(reg)
    live = reg.create(get_game("piraten-kapern"), ["Anne", "Bart"], state.HOTSEAT, [state.HUMAN, state.BOT], seed=3)
    screen = PlayScreen(app, live)
    for _ in range(20):
        if live.turns_since(0):
            break
        legal = live.legal_actions()
        live.act(app.client, next((a for a in legal if a.type == "stop"), legal[0]))
    turns = live.turns_since(0)
    assert turns and turns[-1][0] == 1 and turns[-1][1][0].text.startswith("Bart draws")
    names = check(screen.build())
    opener = next(n for n in names if n.startswith("Show Bart's "))
    screen.steps_open.add(turn_mark(*turns[-1]))  # (what tapping the opener does)
    out = turn_steps(screen, turns, ["Anne", "Bart"], live.view(app.client, 0))
    text = text_of(out)
    assert "1. Bart draws" in text and "Bart rolls" in text, text
    labels = [a.label for root in out for a, _ in walk(root) if isinstance(a, ft.Semantics) and a.label
              and not a.label.startswith(("Show ", "Hide "))]
    rolled = next(e for e in turns[-1][1] if e.type == "roll").data["faces"]
    faces = {f["id"]: f["name"] for f in live.view(app.client, 0)["faces"]}
    assert [faces[f] for f in rolled] == labels[:len(rolled)]  # the dice of the roll, named
    assert opener.endswith("steps") and any(n.startswith("Hide Bart's") for n in check(out))


def test_a_game_starts_with_its_options(reg) -> None:
    """Issue 16 item 6: Kapern's extra cards (Na de storm, Vrede) are a switch on the setup screen,
    as in the terminal; the game starts with them shuffled in."""
    app = FakeApp(reg)
    setup = screens.SetupScreen(app, "piraten-kapern", "play")
    out = setup.build()
    switch = next(c for root in out for c, _ in walk(root) if isinstance(c, ft.Switch))
    assert switch.label == "Extra cards" and switch.value is False
    assert "The extra cards: Na de storm (After the Storm) and Vrede (Peace)" in text_of(out)
    assert switch.label in check(out)
    setup.set_option("extra_cards", True)
    setup.start(None)
    live = reg.get(reg.ids()[0])
    assert live.session.options["extra_cards"] is True
    assert not any(isinstance(c, ft.Switch) for root in screens.SetupScreen(app, "pirates-vs-dinosaurs", "assistant")
                   .build() for c, _ in walk(root))  # the PvD tracker takes no options


def test_pvd_descriptions_are_read_by_a_tap_not_a_hover(reg) -> None:
    """Issue 16 item 5: on a phone there is no hover. What a captain's weapon, equipment, Relic and
    First Mate do opens under the captain with a tap ("What they do"), in the tracker and in digital
    play; the tracker's First Mate "Mark used" and the emergency rule carry no hover-only text."""
    from companion.games.pirates_vs_dinosaurs.table import entries as E

    app = FakeApp(reg)
    cat = L.cat()
    mate, relic = sorted(cat.mates)[0], sorted(cat.relics)[0]
    live = reg.create(api.table_game("pirates-vs-dinosaurs"), ["Anne", "Bart"], state.ASSISTANT)
    live.session.act(E.Outfit(0, "sabers-and-muskets", ("cannon", "rope", "shovels"), relic, mate))
    live.session.act(E.StartSearch(0, "jungle"))
    screen = AssistantScreen(app, live, games.game_ui("pirates-vs-dinosaurs"))
    mate_text = L.text_of("mates", mate)
    closed = screen.build()
    assert mate_text not in text_of(closed) and "What they do" in check(closed)
    opener = next(c for root in closed for c, _ in walk(root) if getattr(c, "content", None) == "What they do")
    opener.on_click(None)
    opened = screen.build()
    text = text_of(opened)
    for want in (mate_text, L.text_of("relics", relic), L.text_of("weapons", "sabers-and-muskets"),
                 L.text_of("equipment", "cannon")):
        assert want and want in text
    assert "Hide: what they do" in check(opened)
    tips = [str(c.tooltip) for root in opened for c, _ in walk(root) if getattr(c, "tooltip", None)]
    assert mate_text not in tips, tips
    screen.pvd["tool"] = "Sailors"  # (what tapping the Sailors tool does)
    rule = live.session.view(None)["rules"]["emergency"]
    sailors = screen.build()
    assert rule in text_of(sailors)
    assert rule not in [str(c.tooltip) for root in sailors for c, _ in walk(root) if getattr(c, "tooltip", None)]
    # digital play: the captain panel opens the same words by a tap
    game = get_game("pirates-vs-dinosaurs")
    play = reg.create(game, ["Anne", "Bart"], state.HOTSEAT, [state.HUMAN, state.BOT], seed=3)
    pscreen = PlayScreen(app, play)
    for built in drive(play, app, pscreen, 60):
        me = play.view(app.client, 0)["players"][0]
        if me.get("first_mate"):
            break
    built = pscreen.build()
    assert "What they do" in check(built)
    next(c for root in built for c, _ in walk(root) if getattr(c, "content", None) == "What they do").on_click(None)
    assert L.text_of("mates", me["first_mate"]) in text_of(pscreen.build())


def test_kapern_dice_the_advice_names_are_marked(reg, monkeypatch) -> None:
    """Issue 14 item 3: the dice the advice names (its items' "dice") are marked on the dice row (a
    lightbulb, and their label says so); none once advice is off. The app knows no rule: it marks
    what the odds view says (here a fixed view: tests/odds checks the solver's)."""
    app = FakeApp(reg)
    live = reg.create(get_game("piraten-kapern"), ["Anne", "Bart"], state.HOTSEAT, [state.HUMAN, state.BOT], seed=3)
    roll = next((a for a in live.legal_actions() if a.type == "roll"), None)
    if roll is not None:  # (the first roll may be made as the turn starts)
        live.act(app.client, roll)
    assert all(d["face"] for d in live.view(app.client, 0)["dice"])
    said = {"title": "Odds", "items": [{"kind": "advice", "dice": [2, 7], "text": "Best: re-roll dice 2 and 7"}]}
    monkeypatch.setattr(live, "odds_view", lambda client, seat=None, lang="en": said if live.advice_on() else None)
    screen = PlayScreen(app, live)

    def marked() -> set[int]:
        labels = [a.label for root in screen.build() for a, _ in walk(root) if isinstance(a, ft.Semantics) and a.label]
        return {int(re.match(r"Die (\d+)", t).group(1)) for t in labels if t.endswith(", the advice: re-roll it")}

    assert marked() == {2, 7}
    live.set_advice(app.client, 0, False)
    assert marked() == set()


def test_choosing_a_game_starts_its_odds_warm_up(reg, monkeypatch) -> None:
    """Issue 14: the game's menu and setup screen start the odds warm-up (companion.odds.warm_up:
    Kapern's card solves run off the UI thread while players are set up, so no tap waits)."""
    import companion.odds as odds

    asked: list[str] = []
    monkeypatch.setattr(odds, "_warming", {})
    monkeypatch.setattr(api, "warm_up_odds", asked.append)
    screens.GameMenu(FakeApp(reg), "piraten-kapern")
    screens.SetupScreen(FakeApp(reg), "piraten-kapern", "play")
    assert asked == ["piraten-kapern", "piraten-kapern"]


def test_pvd_tracker_plays_an_upcoming_incident_and_asks_its_choice(reg) -> None:
    """Stage 2, 2) Play Your Incidents in the tracker: a filled slot has its Play button; a card's
    choice is asked by one button per option, in words."""
    from companion.games.pirates_vs_dinosaurs.table import entries as E

    app = FakeApp(reg)
    live = reg.create(api.table_game("pirates-vs-dinosaurs"), ["Anne", "Bart"], state.ASSISTANT)
    live.session.act(E.Outfit(0, "sabers-and-muskets", ("cannon", "rope", "shovels")))
    live.session.act(E.StartSearch(0, "jungle"))
    live.session.act(E.Edit(0, "inc_dino", 0, "plesiosaur"))
    screen = AssistantScreen(app, live, games.game_ui("pirates-vs-dinosaurs"))
    names = check(screen.build())
    assert "Play Plesiosaur" in names
    live.session.act(E.PlayIncident(0, "dinosaur_attack"))
    out = screen.build()
    names = check(out)
    assert "Plesiosaur: what does Anne choose?" in text_of(out)
    assert {"Fight the dinosaur (Strength 4)", "Add 2 hours to your search"} <= set(names)
    assert "Play Plesiosaur" not in names


def test_a_die_caption_that_wraps_is_small_enough_for_two_lines() -> None:
    """Issue 16 item 5 (nothing cut off at 390 px): "Gouden munt" wraps on a 72 px die; at 12 px its
    second line fell below the tile, so a wrapping caption is at most 10 px; one short word stays 12."""
    assert caption_size("Gouden munt", 72) <= 10
    assert caption_size("Aap", 72) == 12 and caption_size("Doodshoofd", 72) >= 9


#: the tiles the screens use for dice (width, height, with the die's number): Kapern's kept dice,
#: slots, dice in play and face palette; PvD's slots, palette, rolled dice and dice in play
TILE_SIZES = {"piraten-kapern": [(64, 80, True), (72, 84, True), (80, 84, False)],
              "pirates-vs-dinosaurs": [(60, 72, True), (64, 76, False), (52, 64, False), (48, 60, False)]}


def test_every_die_caption_fits_its_tile_as_the_font_measures_it() -> None:
    """Issue 16 item 5: a kept die (56 px) at 390 px read "Diamon" (10 px, 45 px of text in a 42 px
    box) and "Gold" ("coin" fell below the tile): a guess of 0.62 em a letter; in Dutch "Doodshoofd"
    fits no 56 px tile, so kept dice are as big as the slots. Every face name of the games
    with die tiles, in English and Dutch, on each of their tiles, fits its width and height in the
    app's font."""
    from app import theme
    from app.widgets.dice import BADGE, ICON, TILE_EDGE, caption_lines
    from companion.content import load_game
    from companion.content.models import say

    seen = set()
    for game, sizes in TILE_SIZES.items():
        names = {say(o.name, lang) for _, _, o in load_game(game).objects() for lang in ("en", "nl")
                 if type(o).__name__.endswith("Face") and getattr(o, "name", None)}
        seen |= names
        for name in sorted(names):
            for w, h, badge in sizes:
                s = caption_size(name, w, h, badge)
                lines = caption_lines(name, s, w - TILE_EDGE)
                assert lines is not None, (name, w, s, theme.text_width(name, s))
                room = h - TILE_EDGE - ICON - 2 - (BADGE if badge else 0)
                assert len(lines) * theme.LINE_HEIGHT * s <= room, (name, w, h, s, lines)
    assert {"Diamond", "Gold coin", "Doodshoofd", "Gouden munt", "Blank"} <= seen
    assert theme.text_width("Diamond", caption_size("Diamond", 56, 72)) <= 56 - TILE_EDGE   # was 10 px: 45 px


def test_the_advice_question_wraps_on_a_phone(reg) -> None:
    """Issue 16 item 5 / issue 14 item 3: "Anne: I agree to odds and advice for everyone" was a
    Switch's own label, which Flet lays out in a Row that never wraps: it ran off a 390 px screen.
    The label is a Text in an expanding box beside the switch, one node for screen readers (the
    switch's name is the label), and a tap on the words flips it too."""
    app = FakeApp(reg)
    live = reg.create(get_game("piraten-kapern"), ["Anne", "Bart"], state.HOTSEAT, [state.HUMAN, state.HUMAN], seed=3)
    app.revealed[live.id] = live.game.to_move(live.session.state)
    found = [(c, inside) for root in PlayScreen(app, live).build() for c, inside in walk(root)
             if isinstance(c, ft.Switch) and c.key == "advice-switch"]
    assert len(found) == 1
    switch, inside = found[0]
    assert not switch.label
    assert name_of(switch, inside) == "Anne: I agree to odds and advice for everyone"
    box = [c for c, _ in walk(next(a for a in inside if isinstance(a, ft.MergeSemantics)))
           if isinstance(c, ft.Container) and c.on_click is not None]
    assert box and box[0].expand


def test_pirate_island_helper_map_fits_inside_its_card(reg) -> None:
    """The table helper's map stands in the "Cheapest way" card: at 390 px it is the page's width
    less the page's and the card's padding and border (drawn as wide as the page, it ran off the
    card: the east coast and the storm card were cut off)."""
    app = FakeApp(reg)
    app.page.width, app.page.height = 390, 844
    gid = "pirate-island"
    live = reg.create(api.table_game(gid), ["Anne", "Bart"], state.ASSISTANT)
    built = AssistantScreen(app, live, games.game_ui(gid)).build()
    by_key = {c.key: c for root in (built if isinstance(built, list) else [built])
              for c, _ in walk(root) if isinstance(getattr(c, "key", None), str)}
    card, panel = by_key["route"], by_key["helper-map"]
    inner = 390 - 2 * 12 - 2 * (card.padding + 1)  # the page's padding, the card's padding and border
    assert panel.width <= inner


def test_pirate_island_assistant_shows_the_trackers_rule_words(reg) -> None:
    """The table assistant shows the storm card's face and rule and which Totenkiste entries may be
    made as the tracker's view gives them (no rule number in the app)."""
    app = FakeApp(reg)
    gid = "pirate-island"
    live = reg.create(api.table_game(gid), ["Anne", "Bart"], state.ASSISTANT)
    screen = AssistantScreen(app, live, games.game_ui(gid))
    assert "Storm (double 5)" in check(screen.build())
    for _ in range(6):
        live.session.act({"type": "dead", "player": 0, "band": 0, "change": 1})
    live.session.act({"type": "storm", "player": 0, "on": True})
    built = screen.build()
    assert "The storm blows: no sailing, embarking, disembarking or loading until the next doubles that are not " \
           "double 5." in text_of(built)
    plus = {c.tooltip: c.disabled for c, _ in (x for root in built for x in walk(root))
            if getattr(c, "tooltip", None) in ("A pirate of Anne goes to the Totenkiste",
                                               "A pirate of Bart goes to the Totenkiste")}
    assert plus == {"A pirate of Anne goes to the Totenkiste": True, "A pirate of Bart goes to the Totenkiste": False}


def test_pirate_island_assistant_shows_a_combat_or_rescue_result_in_its_own_card(reg) -> None:
    """A combat or rescue roll entered (or rolled) far down the page shows what it worked out in
    that card, under the button tapped; at the top of the page, out of view, it went unseen (the
    turn's roll, next to the top, keeps its result there)."""
    app = FakeApp(reg)
    gid = "pirate-island"
    live = reg.create(api.table_game(gid), ["Anne", "Bart"], state.ASSISTANT)
    screen = AssistantScreen(app, live, games.game_ui(gid))
    live.session.act({"type": "fight", "player": 0, "band": 0, "defender": 1, "attackers": 1, "terrain": "plain",
                      "river": False, "dice": [1, 1]})
    built = screen.build()
    by_key = {c.key: c for root in built for c, _ in walk(root) if isinstance(getattr(c, "key", None), str)}
    title = "The attack fails: one of Anne's attackers goes to the Totenkiste (Bart chooses)"
    assert title in text_of([by_key["combat"]]).splitlines() and text_of(built).splitlines().count(title) == 1
    live.session.act({"type": "rescue", "player": 0, "band": 0, "kind": "fever", "where": "", "dice": [6, 6]})
    built = screen.build()
    by_key = {c.key: c for root in built for c, _ in walk(root) if isinstance(getattr(c, "key", None), str)}
    assert "Anne's pirate aboard survives the fever" in text_of([by_key["rescue"]])
    assert title not in text_of(built).splitlines()  # (the history keeps it, in a line of its own)
