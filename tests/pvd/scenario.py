"""Scripted sessions for tests: a Table session whose setup draws and
choices are given (or defaulted), so a test can reach any moment of the game with known cards.

A position the helpers change (`quiet`, `edit`, `edit_table`, `goto`, `position`) is a new
session that starts from the changed position as data (`Session(start=...)`, kept in its save),
never a live state edited in place: so every scripted session's log replays."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine import Event, Session, Table

from companion.games.pirates_vs_dinosaurs.catalog import catalog
from companion.games.pirates_vs_dinosaurs.frames import Turn, TurnPhase
from companion.games.pirates_vs_dinosaurs.kernel import context
from companion.games.pirates_vs_dinosaurs.rules import GAME, offers, resolve_stack
from companion.games.pirates_vs_dinosaurs.state import PvdState


#: every session made here while a test collects them (tests/pvd/conftest.py checks that each
#: one's log replays from its start); None when nobody collects
made: list[Session] | None = None


class AutoPassSession(Session):
    """A Session that passes windows (and plays a lone Upcoming Incident) for a seat with nothing else
    to do, as the app and the terminal do for a lone human (ruling reaction-windows). The passes are
    logged as automatic entries, so undo takes them back with the step before them."""

    def _settle(self) -> list[Event]:
        out = super()._settle()
        while True:
            action = self.game.auto_pass(self.state)
            if action is None:
                return out
            events: list[Event] = []
            self.game.play(self.state, action, events)
            self._record({"action": action.to_dict(), "auto": True}, events)
            out += events + super()._settle()


def table_session(players: int | list[str] = 2, *, auto_pass: bool = True, options: dict[str, Any] | None = None,
                  landmarks: list[str] | None = None, fragments: list[str] | None = None,
                  relics: list[str] | None = None, mates: list[str] | None = None,
                  picks: list[str] | None = None, mate_picks: list[str] | None = None,
                  outfits: list[tuple[str, tuple[str, ...]]] | None = None,
                  hands: list[list[str]] | None = None, areas: list[str] | None = None) -> Session:
    """A Table session (dice and draws entered by hand) played through setup and Stage 1 to the
    first turn's draw. Defaults: landmarks in content order, fragments dealt in that order,
    relics and first mates in content order, everyone takes the first offer, Sabers and Muskets
    with no equipment (20 sailors), hands of plain cards, everyone starts on the Beach. With `auto_pass`
    windows where a seat can only pass are passed for it."""
    cat = catalog()
    names = players if isinstance(players, list) else [f"P{i + 1}" for i in range(players)]
    n = len(names)
    pc = cat.player_counts[n]
    s = (AutoPassSession if auto_pass else Session)(GAME, names, options=options or {}, source=Table())
    s.resolve(landmarks or cat.landmarks[:pc.landmarks])
    kept = [v for v in s.state.slots.values() if v]
    s.resolve(fragments or kept[:pc.fragments_each * n])
    s.resolve(relics or sorted(cat.relics)[:n + 1])
    s.resolve(mates or sorted(cat.mates)[:n])
    for i in range(n):
        offer = s.legal_actions()
        choice = picks[i] if picks else offer[0].relic
        s.act({"type": "pick_relic", "player": i, "relic": choice})
    for k, i in enumerate(range(n - 1, -1, -1)):
        choice = mate_picks[k] if mate_picks else s.legal_actions()[0].mate
        s.act({"type": "pick_mate", "player": i, "mate": choice})
    for i in range(n):
        weapon, eq = outfits[i] if outfits else ("sabers-and-muskets", ())
        s.act({"type": "outfit", "player": i, "weapon": weapon, "equipment": list(eq)})
    step = s.pending_chance()
    if hands is None:
        plain = [c for c in sorted(set(cat.event_deck)) if cat.events[c].kind == "incident"]
        deck = list(s.state.deck)
        hands_flat = []
        for c in plain * 10 + sorted(deck):
            if len(hands_flat) == step.n:
                break
            if c in deck:
                deck.remove(c)
                hands_flat.append(c)
        s.resolve(hands_flat)
    else:
        s.resolve([c for h in hands for c in h])
    for i in range(n):
        s.act({"type": "choose_area", "player": i, "area": areas[i] if areas else "beach"})
    return _made(s)


def _made(s: Session) -> Session:
    if made is not None:
        made.append(s)
    return s


def faces(*names: str) -> list[str]:
    return list(names)


def position(s: Session, change: Callable[[PvdState], Any]) -> Session:
    """A session of the same seats that starts where `s` is, changed by `change` (on a copy), for
    tests of one rule at a time. The changed position is the new session's start, written in its
    save as data, so its log replays from it (a live state edited in place leaves a log that no
    longer replays); the actions offered follow the changed position."""
    state = GAME.clone(s.state)
    change(state)
    state.offered = offers(state)
    return _made(type(s)(GAME, list(s.players), options=dict(s.options), source=Table(), start=state))


def quiet(s: Session) -> Session:
    """Empty every hand, put the relics away and flip the First Mates (so no window opens)."""
    def change(state: PvdState) -> None:
        for p in range(len(state.players)):
            pl = state.players[p]
            pl.hand = ()
            pl.relic = ""
            pl.mate_used = True
    return position(s, change)


def edit(s: Session, p: int, **fields: Any) -> Session:
    """Set fields of captain p (crew, hand, area, time, ...)."""
    def change(state: PvdState) -> None:
        pl = state.players[p]
        for k, v in fields.items():
            setattr(pl, k, tuple(v) if isinstance(v, list) else v)
    return position(s, change)


def edit_table(s: Session, **fields: Any) -> Session:
    """Set fields of the table (volcano, giant, prize_taken, tokens_left, curse_stack, ...)."""
    def change(state: PvdState) -> None:
        for k, v in fields.items():
            setattr(state, k, tuple(v) if isinstance(v, list) else v)
    return position(s, change)


def act(s: Session, kind: str, player: int | None = None, **fields: Any) -> list:
    """Take an action by type name; the player defaults to the one deciding."""
    seat = GAME.to_move(s.state) if player is None else player
    return s.act({"type": kind, "player": seat, **fields})


def types(s: Session) -> set[str]:
    return {a.type for a in s.legal_actions()}


def goto(s: Session, p: int, step: str = "act") -> Session:
    """Captain p's turn at a step (start, inc, act, arrange, discard, dig, ship)."""
    def change(state: PvdState) -> None:
        state.stack = [Turn(p, TurnPhase(step))]
        state.turn = p
        state.chance = None
        state.decision = None
        resolve_stack(context(state))
    return position(s, change)
