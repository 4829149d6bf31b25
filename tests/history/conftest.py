"""The history tests play whole games through the app's registry, whose saves fsync every step:
fsync guards against power cuts, which no test here makes (the crash tests kill processes, and a
killed process loses nothing that was written), so it is skipped here as in tests/app."""
from __future__ import annotations

import os

import pytest


@pytest.fixture(autouse=True)
def no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "fsync", lambda fd: None)
