"""The one seeded walk through a game's screens that the wording and language tests share: each
redraw's texts (every text a player reads or a screen reader says), step by step through digital
play or a table assistant, and on to the end screen where a test wants it."""
from __future__ import annotations

import dataclasses
import random
from typing import Any, Callable, Iterator

import flet as ft

#: the fields of a control that a player reads or a screen reader says
TEXT_FIELDS = ("value", "content", "label", "tooltip", "semantics_label", "hint_text", "helper_text", "error_text",
               "text", "title", "subtitle", "message")

_FIELDS: dict[type, tuple[tuple[str, ...], tuple[str, ...]]] = {}


def _fields(kind: type) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(the fields that may hold controls, the text fields) of a control class, looked up once."""
    if kind not in _FIELDS:
        names = [f.name for f in dataclasses.fields(kind) if not f.name.startswith("_")
                 and f.name not in ("parent", "page", "data", "key")]
        _FIELDS[kind] = (tuple(n for n in names if not n.startswith(("on_", "animate"))),
                         tuple(n for n in TEXT_FIELDS if n in names))
    return _FIELDS[kind]


def texts(controls: list[Any]) -> Iterator[str]:
    """Every text in the control trees (a faster walk than test_views.walk: fields by class)."""
    stack = list(controls)
    while stack:
        c = stack.pop()
        inner, text = _fields(type(c))
        for name in text:
            v = getattr(c, name, None)
            if isinstance(v, ft.Tooltip):
                v = v.message
            if isinstance(v, str) and v.strip():
                yield v
        for name in inner:
            v = getattr(c, name, None)
            if isinstance(v, list):
                stack.extend(x for x in v if isinstance(x, ft.BaseControl))
            elif isinstance(v, ft.BaseControl):
                stack.append(v)


def step(app: Any, live: Any, rng: random.Random, choose: Callable[[list[Any]], Any] | None = None) -> bool:
    """One step of the walk: the tap a pause waits for (app.state.LiveGame.pause), the table's
    result where a chance step waits for it (a table assistant), else a legal action (`choose`, or a random one) with the bots' answers; False
    when nothing can be done."""
    if live.pause() is not None:  # a person's turn to see, or the bots step by step: the tap
        live.go_on(app.client)
        return True
    waiting = live.pending_chance()
    if waiting is not None:
        live.resolve(app.client, waiting.sample(rng))
        return True
    legal = live.legal_actions()
    if not legal:
        return False
    live.act(app.client, choose(legal) if choose else rng.choice(legal))
    live.run_bots()
    return True


def redraws(app: Any, live: Any, screen: Any, rng: random.Random, steps: int) -> Iterator[list[str]]:
    """The texts of each redraw on a seeded walk of `steps` steps: the player to move sees their
    own screen (hot seat), and the screen is drawn once more where the walk stops."""
    for _ in range(steps + 1):
        app.revealed[live.id] = live.to_move()
        yield list(texts(screen.build()))
        if live.session.is_over() or not step(app, live, rng):
            return


def to_the_end(app: Any, live: Any, screen: Any, rng: random.Random, limit: int = 3000) -> list[str]:
    """Play on, stopping at every decision, and the texts of the end screen (drawn once)."""
    stop = (lambda legal: max(legal, key=lambda a: a.to_dict()["type"] == "stop"))
    for _ in range(limit):
        if live.session.is_over():
            app.revealed[live.id] = live.to_move()
            return list(texts(screen.build()))
        if not step(app, live, rng, stop):
            break
    raise AssertionError(f"the game did not end within {limit} steps")
