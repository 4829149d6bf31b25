"""Issue 26 item 1: every table assistant offers its next step in every state. A seeded walk takes
each assistant through a whole game (Pirate Island's helper, which has no end, through rounds of
turns); before each step the test looks for a control on the screen, or one tap away (a tool, a
captain's button, "Roll here"), whose handler makes a step of the kind the walk makes next (the
table's dice or card where the rules wait for one, else the entry or decision). A screen with no
such control is a dead end and fails the test with what it offered.

The controls are tapped by calling their handlers with the screen's act and resolve recorded
instead of made (no entry is saved by a look), and the page's own state restored after each look."""
from __future__ import annotations

import copy
import random
from typing import Any, Callable

import flet as ft
import pytest

from app import games, state
from app.assistant import AssistantScreen
from app.pirates_vs_dinosaurs.assistant import ui_state
from companion import api
from companion.games.pirates_vs_dinosaurs.table import entries as T
from companion.games.pirates_vs_dinosaurs.catalog import catalog
from companion.games.pirates_vs_dinosaurs.state import DIG, EXPEDITION, LANDING, SHIP

from .test_views import FakeApp
from .walks import _fields

#: the kind of step a resolve makes (the table's dice or card where the engine asks for one)
CHANCE = "chance"


def kind_of(step: Any) -> str:
    return step.get("type", "?") if isinstance(step, dict) else step.type


class Recorded(Exception):
    """Raised by a recorded act or resolve, so a handler stops where it would have saved."""


def handlers(controls: list[Any]) -> list[tuple[str, Callable[[Any], Any]]]:
    """(name, handler) of each control with a click handler, disabled ones too (a confirm button
    waits for its dice: it stands on the screen as the way forward)."""
    out = []
    stack = list(reversed(controls))
    while stack:  # (depth first, in the screen's order)
        c = stack.pop()
        fn = getattr(c, "on_click", None)
        if fn is not None:
            name = c.content if isinstance(getattr(c, "content", None), str) else str(getattr(c, "tooltip", "") or "")
            out.append((name or type(c).__name__, fn))
        inner = []
        for field in _fields(type(c))[0]:
            v = getattr(c, field, None)
            if isinstance(v, list):
                inner.extend(x for x in v if isinstance(x, ft.BaseControl))
            elif isinstance(v, ft.BaseControl):
                inner.append(v)
        stack.extend(reversed(inner))
    return out


class Looker:
    """Taps a screen's controls without making their steps: what each would act or resolve."""

    def __init__(self, screen: AssistantScreen):
        self.screen = screen
        self.made: list[str] = []
        screen.act = self._record  # (instance attributes: the class's methods stay as they are)
        screen.resolve = lambda outcome: self._record(CHANCE)
        screen.undo = screen.redo = lambda e=None: False

    def _record(self, step: Any) -> bool:
        self.made.append(CHANCE if step == CHANCE else kind_of(step))
        raise Recorded

    #: what a page holds that is no state of its own: the app, the game, the recorders, caches
    OWN = ("app", "live", "ui", "act", "resolve", "undo", "redo")

    def _saved(self) -> dict[str, Any]:
        keep = {}
        for k, v in vars(self.screen).items():
            if k in self.OWN or k.startswith(("_", "board_cache")):
                continue
            try:
                keep[k] = copy.deepcopy(v)
            except Exception:  # (a control or a handle: a redraw makes it again)
                keep[k] = v
        return keep

    def _restore(self, keep: dict[str, Any]) -> None:
        for k in list(vars(self.screen)):
            if k not in keep and k not in self.OWN and not k.startswith(("_", "board_cache")):
                delattr(self.screen, k)
        for k, v in keep.items():  # (a copy again: the next tap must not change what is kept)
            try:
                setattr(self.screen, k, copy.deepcopy(v))
            except Exception:
                setattr(self.screen, k, v)

    def tap(self, fn: Callable[[Any], Any]) -> list[str] | None:
        """The steps a tap makes; None when it made none (it changed the page only) or failed."""
        self.made = []
        try:
            fn(None)
        except Recorded:
            return self.made
        except Exception:  # (a handler that wants its event's control: a dropdown's, a field's)
            return None
        return None

    def offered(self, want: str, direct: bool = False) -> tuple[bool, list[str]]:
        """Whether a control on the screen, or one tap away (not when `direct`), makes a step of
        kind `want`; and what the screen offered (for the failure's message)."""
        built = self.screen.build()
        keep = self._saved()  # (as the page stands once drawn)
        seen: list[str] = []
        try:
            later = []
            for name, fn in handlers(built):
                got = self.tap(fn)
                self._restore(keep)
                if got:
                    seen.append(f"{name} -> {got[0]}")
                    if want in got:
                        return True, seen
                else:
                    later.append((name, fn))
            for name, fn in [] if direct else later:  # one tap that changes the page (a tool, a captain, "Roll here")
                self.tap(fn)
                inner = self.screen.build()
                inner_keep = self._saved()
                for name2, fn2 in handlers(inner):
                    got = self.tap(fn2)
                    self._restore(inner_keep)
                    if got:
                        seen.append(f"{name} / {name2} -> {got[0]}")
                        if want in got:
                            return True, seen
                self._restore(keep)
            return False, seen
        finally:
            self._restore(keep)


def assistant(reg: state.GameRegistry, gid: str, players: list[str]) -> tuple[Any, AssistantScreen, Looker]:
    app = FakeApp(reg)
    live = reg.create(api.table_game(gid), players, state.ASSISTANT)
    screen = AssistantScreen(app, live, games.game_ui(gid))
    return live, screen, Looker(screen)


def needs(looker: Looker, want: str, where: str, waited: bool = False) -> None:
    """A control makes a step of kind `want`: on the screen where the rules wait for it (`waited`:
    the table's dice, a draw, the new area), else on the screen or one tap away."""
    found, seen = looker.offered(want, direct=waited)
    place = "on the screen" if waited else "on screen or one tap away"
    assert found, f"{where}: a dead end, the screen offers no {want!r} step ({place}); it offered: {sorted(set(seen))}"


@pytest.fixture
def reg(tmp_path, monkeypatch) -> state.GameRegistry:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    return state.registry()


@pytest.mark.parametrize("gid", ["piraten-kapern", "pirateology"])
def test_an_engine_assistant_offers_every_step_of_a_whole_game(reg, gid) -> None:
    """The Kapern score pad and the Pirateology assistant are the rules engine with the table as
    its chance source: each chance step needs a way to enter what the table rolled or drew, and
    each decision the walk makes (the game's own bot's, seeded) a control that makes it."""
    rng = random.Random(26)
    live, screen, looker = assistant(reg, gid, ["Anne", "Bart"])
    s = live.session
    bots = [state.make_bot(s, seat) for seat in range(len(s.players))]
    steps = 0
    while not s.is_over():
        steps += 1
        assert steps < 3000, f"{gid}: the walk did not end"
        waiting = s.pending_chance()
        if waiting is not None:
            needs(looker, CHANCE, f"{gid}, step {steps} (the table's {type(waiting).__name__})", waited=True)
            s.resolve(waiting.sample(rng))
            continue
        legal = s.legal_actions()
        assert legal, f"{gid}, step {steps}: not over and nothing to do"
        choice = bots[s.to_move()].choose(s.view(s.to_move()), legal)
        needs(looker, choice.type, f"{gid}, step {steps}")
        s.act(choice)
    screen.build()  # (the end screen draws)


def pvd_entry(view: dict[str, Any], rng: random.Random, done: dict[str, int], looks: Any) -> Any:
    """What a table of two captains enters next in a plain game: purchases, searches until two
    areas are searched, the Dig Site, a dig with its tokens, the return; the next turn between.
    `looks(seat)`: that captain's own view (the table's keeps the treasures' values face down)."""
    w = view["waiting"]
    cat = catalog()
    if w is not None:
        p = w["seat"]
        if w["kind"] == "roll":
            return T.Rolled(p, tuple(rng.choice(T.FACES) for _ in range(w["n"])))
        if w["kind"] == "token":
            left = sorted(v for v, tok in cat.value_token.items())
            return T.Token(p, "treasure", left[rng.randrange(len(left))])
        if w["kind"] in ("card", "treasure"):
            return T.Drawn(p, w["options"][0]["item"])
        if w["kind"] == "choose":
            return T.Chosen(p, 0)
        if w["kind"] == "area":
            done[f"areas:{p}"] = done.get(f"areas:{p}", 0) + 1
            return T.ToDigSite(p) if done[f"areas:{p}"] >= 2 else T.StartSearch(p, rng.choice(cat.area_ids))
        raise AssertionError(f"the tracker waits for {w['kind']!r}")
    p = view["turn"]
    me = view["players"][p]
    key = f"turn:{view.get('turns', 0)}:{p}"
    if done.get("entered") == key or me["stage"] == SHIP:
        done.pop("entered", None)
        return T.NextTurn(p)
    done["entered"] = key
    if me["stage"] == LANDING and not me["weapon"]:
        return T.Outfit(p, "sabers-and-muskets", ("cannon", "rope", "shovels"))
    if me["stage"] == LANDING:
        return T.StartSearch(p, "jungle")
    if me["stage"] == EXPEDITION:
        return T.Search(p, tuple("skull" for _ in range(me["rolls"]["search"]["dice"])))
    if me["stage"] == DIG and not done.get(f"dug:{p}"):
        done[f"dug:{p}"] = 1
        return T.Dig(p, tuple(rng.choice(T.FACES) for _ in range(me["rolls"]["dig"]["dice"])))
    mine = looks(p)["players"][p]["treasures"]
    must = max(0, len(mine) - (me["carry"] or 0))
    return T.ReturnToShip(p, tuple(mine[:must]))


def test_the_pvd_tracker_offers_every_step_of_a_whole_game(reg) -> None:
    """The Pirates vs. Dinosaurs tracker through a whole game of two captains: every entry the
    table makes next is on the screen or one tap away. After a completed search the choice of the
    new area is offered whatever tool was open (it was not: the Search tool stayed open and only
    "End search", which costs a mutiny roll, led on)."""
    rng = random.Random(26)
    live, screen, looker = assistant(reg, "pirates-vs-dinosaurs", ["Anne", "Bart"])
    s = live.session
    done: dict[str, int] = {}
    kinds = set()
    for steps in range(1, 400):
        view = s.view(None)
        if view["over"]:
            break
        entry = pvd_entry(view, rng, done, s.view)
        kinds.add(entry.type)
        needs(looker, entry.type, f"the PvD tracker, step {steps} ({entry})", waited=view["waiting"] is not None)
        if entry.type == "search":  # (the Search tool is open on the page as the table enters the dice)
            ui_state(screen).update(seat=entry.player, tool="Search")
        s.act(entry)
    else:
        raise AssertionError("the walk did not end the game")
    assert {"outfit", "start_search", "search", "to_dig_site", "dig", "token", "return_to_ship",
            "next_turn"} <= kinds, kinds
    screen.build()


def test_the_pirate_island_helper_offers_its_entries_every_turn(reg) -> None:
    """Pirate Island's table helper has no end of its own (the printed game's end is on the board):
    through rounds of turns every entry it tracks (the next turn, the storm, the Totenkiste) is on
    the screen."""
    rng = random.Random(26)
    live, screen, looker = assistant(reg, "pirate-island", ["Anne", "Bart", "Cato"])
    s = live.session
    for steps in range(1, 8):
        legal = s.legal_actions()
        for kind in sorted({a.type for a in legal}):
            needs(looker, kind, f"Pirate Island's helper, step {steps}")
        s.act(rng.choice(legal))
