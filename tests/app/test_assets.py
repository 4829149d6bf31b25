"""The web server serves the app's icons and fonts and nothing else of the checkout."""
from __future__ import annotations

from pathlib import Path

from app.main import web_assets


def test_web_assets_hold_only_icons(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    folder = web_assets()
    assert folder.is_relative_to(tmp_path)
    assert (folder / "icons" / "skull.svg").is_file()
    assert sorted(p.name for p in folder.iterdir()) == ["favicon.png", "fonts", "icons", "manifest.json"]
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
