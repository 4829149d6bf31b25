"""The web server serves the app's icons and fonts and nothing else of the checkout."""
from __future__ import annotations

from pathlib import Path

from app.main import web_assets


def test_web_assets_hold_only_icons(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    folder = web_assets()
    assert folder.is_relative_to(tmp_path)
    assert (folder / "icons" / "skull.svg").is_file()
    assert sorted(p.name for p in folder.iterdir()) == ["fonts", "icons"]
    assert all(p.suffix == ".svg" for p in (folder / "icons").iterdir())
    assert {p.suffix for p in (folder / "fonts").iterdir()} <= {".ttf", ".txt"}
    assert (folder / "fonts" / "Vera.ttf").stat().st_size > 10_000
