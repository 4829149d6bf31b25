"""The entry `flet build apk` / `flet build ipa` starts (pyproject.toml, [tool.flet.app]): the
same app, run on the phone itself (hot seat, table assistant, bots; saves in the phone's app data
folder). Building needs the Flutter SDK; docs/APP.md says how."""
from __future__ import annotations

import flet as ft

from app.main import main, web_assets

if __name__ == "__main__":
    ft.run(main, assets_dir=str(web_assets()))
