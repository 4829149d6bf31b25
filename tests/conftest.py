"""Settings every test shares: the hypothesis profiles that size the property runs.

`ci` (the default) keeps the whole suite quick enough to run on every change; `thorough` runs ten
times as many examples and random games, for a run before a release or after a rules change:

    COMPANION_TESTS=thorough python -m pytest

Both are derandomized (the same examples every run, as every test here is seeded) and keep no
example database, so parallel workers (pytest-xdist) never share a file.
"""
from __future__ import annotations

import asyncio
import os
from concurrent.futures import ThreadPoolExecutor

from hypothesis import HealthCheck, settings

import companion.odds as odds

PROFILES = {"ci": 100, "thorough": 1000}
PROFILE = os.environ.get("COMPANION_TESTS", "ci")
if PROFILE not in PROFILES:
    raise SystemExit(f"COMPANION_TESTS={PROFILE!r}: expected one of {', '.join(PROFILES)}")
for _name, _examples in PROFILES.items():
    settings.register_profile(_name, max_examples=_examples, derandomize=True, database=None, deadline=None,
                              suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(PROFILE)


class Warmed(dict):
    """Every game's odds count as warmed up: the app starts a background solve of every Piraten
    Kapern card (about 6 s of CPU) as a game is opened, in each test worker too; here the solver
    works when a test first asks, for the cards it uses. tests/odds tests the warm-up itself (with
    a `_warming` of its own); the test servers leave it out the same way (tests/app/conftest.py)."""

    def __contains__(self, game_id: object) -> bool:
        return True

    def __missing__(self, game_id: str) -> None:
        return None


odds._warming = Warmed()


def pytest_report_header(config) -> str:
    return f"hypothesis profile: {PROFILE} ({PROFILES[PROFILE]} examples a property; COMPANION_TESTS=thorough for more)"


def runs(ci: int, thorough: int | None = None) -> int:
    """How many costly runs (whole random games) a parametrized test makes: `ci` in the ci profile;
    in `thorough` the given number, or as many times more as its property examples (ten times)."""
    if PROFILE == "ci":
        return ci
    return thorough if thorough is not None else ci * PROFILES[PROFILE] // PROFILES["ci"]


def run_async(coro):
    """`asyncio.run(coro)` on a thread of its own: in a worker that ran the browser tests the main
    thread still holds Playwright's event loop (one browser a worker, kept for every browser test)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()
