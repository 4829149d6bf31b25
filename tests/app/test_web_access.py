"""Who may open and act in a game of the web app, checked on the server (issue 11.4, 16.1), and
broken files in the data folder (issue 11.5). No browser: the screens are built as controls and
their handlers called the way a hostile client's raw event frames would call them."""
from __future__ import annotations

from typing import Any, Iterator

import flet as ft
import pytest

from app import screens, state
from companion.games import get_game


class FakePage:
    url = "http://127.0.0.1:8550"
    route = "/"


class FakeApp:
    """What a screen needs of app.main.App, without a Flet page; `client` is the device."""

    def __init__(self, reg: state.GameRegistry, client: str = "this-device"):
        self.reg = reg
        self.client = client
        self.revealed: dict[str, int | None] = {}
        self.page = FakePage()
        self.toasts: list[str] = []
        self.screen: Any = None

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


def walk(control: Any) -> Iterator[Any]:
    yield control
    for name in ("content", "controls", "title", "subtitle", "leading", "trailing"):
        child = getattr(control, name, None)
        if isinstance(child, list):
            for c in child:
                yield from walk(c)
        elif isinstance(child, ft.Control):
            yield from walk(child)


def texts(controls: list[Any]) -> str:
    out = []
    for c in controls:
        for x in walk(c):
            for attr in ("value", "text", "tooltip", "label"):
                v = getattr(x, attr, None)
                if isinstance(v, str):
                    out.append(v)
            if isinstance(getattr(x, "content", None), str):
                out.append(x.content)
    return "\n".join(out)


# --- one bad file in the data folder ---------------------------------------------------------------
def test_one_bad_file_does_not_break_home(reg) -> None:
    kapern = get_game("piraten-kapern")
    good = reg.create(kapern, ["Anne", "Bart"], state.ASSISTANT)
    bad = reg.create(kapern, ["Anne", "Bart"], state.ASSISTANT)
    journal = reg.path(bad.id).with_name(reg.path(bad.id).name + ".journal")
    journal.write_text('5\n[1]\nnull\n{"action": 5}\n')
    (reg.root / "20000101-000000-dir.json").mkdir()
    (reg.root / "20000101-000001-list.json").write_text("[]")
    (reg.root / "20000101-000002-bin.json").write_bytes(b"\xff\xfe\x00")
    fresh = state.GameRegistry(reg.root.parent)
    body = screens.Home(FakeApp(fresh)).build()  # would raise before: the whole Home screen gone
    assert "Continue Piraten Kapern: Anne, Bart" in texts(body)
    summaries = fresh.summaries()
    assert any(s.id == good.id and not s.error for s in summaries)
    assert sum(1 for s in summaries if s.error) == 4
