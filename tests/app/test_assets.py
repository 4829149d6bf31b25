"""The web server serves the app's icons and fonts and nothing else of the checkout."""
from __future__ import annotations

import asyncio
from pathlib import Path

import app.main as main
from app.main import web_assets


def test_web_assets_hold_only_icons(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    folder = web_assets()
    assert folder.is_relative_to(tmp_path)
    assert (folder / "icons" / "skull.svg").is_file()
    assert sorted(p.name for p in folder.iterdir()) == ["favicon.png", "fonts", "icons", "index.html", "manifest.json"]
    assert {p.suffix for p in (folder / "icons").iterdir()} == {".svg", ".png", ""}  # ("" : the icon's stamp)
    assert {p.suffix for p in (folder / "fonts").iterdir()} <= {".ttf", ".txt"}
    assert (folder / "fonts" / "Vera.ttf").stat().st_size > 10_000


def test_the_app_icon_is_small_original_art_and_makes_the_web_icons(tmp_path: Path, monkeypatch) -> None:
    """docs/images/icon.png (tools/make_icon.py; a copy in assets/ for `flet build`) becomes the favicon and the
    manifest's home-screen icons, in the app's colours and name."""
    import json

    from PIL import Image

    from app.main import ICON, WEB_ICONS

    assert ICON.stat().st_size < 300_000
    with Image.open(ICON) as img:
        assert img.size == (1024, 1024)
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    folder = web_assets()
    for name, size in WEB_ICONS.items():
        with Image.open(folder / name) as img:
            assert img.size == (size, size)
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["name"] == "Pirate table companion" and manifest["theme_color"].startswith("#")
    assert {i["src"] for i in manifest["icons"]} == {n for n in WEB_ICONS if n.startswith("icons/icon-")}


def test_a_slow_storage_read_keeps_the_device(monkeypatch) -> None:
    """A page's token (its seats and games) is read from its local storage; on a loaded server a
    read took over 5 s, was given up on, and the page became a new device with no games (a resume
    after a restart found nothing). The read is waited for STORAGE_WAIT_S, and its token is kept."""
    waits: list[float] = []

    class Prefs:
        async def get(self, key):
            return "abcdefgh12345678" if key == main.TOKEN_KEY else None

        async def set(self, key, value):
            raise AssertionError("a stored token is never replaced")

    real_wait = asyncio.wait_for

    async def wait_for(aw, timeout):
        waits.append(timeout)
        return await real_wait(aw, timeout)

    monkeypatch.setattr(main.ft, "SharedPreferences", Prefs)
    monkeypatch.setattr(main.asyncio, "wait_for", wait_for)
    assert asyncio.run(main.client_token(object())) == "abcdefgh12345678"
    assert waits and min(waits) >= 20 and main.STORAGE_WAIT_S >= 20
