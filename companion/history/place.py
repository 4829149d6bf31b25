"""Where the companion keeps what it remembers: the data folder of the saves and the history.

One place for both, so that a `--data DIR` or $COMPANION_DATA_DIR moves the app's saves and the
history database together."""
from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "pirate-companion"
#: the environment variable that moves the data folder (saves, settings, history)
DATA_ENV = "COMPANION_DATA_DIR"
#: the history database's file name inside the data folder
HISTORY_FILE = "history.sqlite3"


def data_dir() -> Path:
    """The app's data folder: $COMPANION_DATA_DIR, else the platform's user data dir."""
    env = os.environ.get(DATA_ENV)
    if env:
        return Path(env).expanduser()
    try:
        import platformdirs
    except ImportError:
        return Path.home() / ".local" / "share" / APP_NAME
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def history_path(root: Path | None = None) -> Path:
    """The history database of a data folder (the default one without `root`)."""
    return (root if root is not None else data_dir()) / HISTORY_FILE
