"""Settings every test shares: the hypothesis profiles that size the property runs.

`ci` (the default) keeps the whole suite quick enough to run on every change; `thorough` runs ten
times as many examples and random games, for a run before a release or after a rules change:

    COMPANION_TESTS=thorough python -m pytest

Both are derandomized (the same examples every run, as every test here is seeded) and keep no
example database, so parallel workers (pytest-xdist) never share a file.
"""
from __future__ import annotations

import asyncio
import atexit
import faulthandler
import os
import queue
import select
import shutil
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import IO, AnyStr, Generic

import pytest
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

# no test writes into the user's data folder (the app's saves, the table's history): a finished
# `companion play` in a test keeps its game in a folder of the test run's own
if not os.environ.get("COMPANION_DATA_DIR"):
    os.environ["COMPANION_DATA_DIR"] = tempfile.mkdtemp(prefix="companion-test-data-")
    atexit.register(shutil.rmtree, os.environ["COMPANION_DATA_DIR"], True)


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


def pytest_xdist_auto_num_workers(config) -> int | None:
    """`-n auto` (pyproject addopts): one worker a core. One more was tried (a browser test waits
    much of its time): two fresh-clone runs with three workers on two cores took longer in pytest
    (311 and 320 s against 298 s) and the PvD tracker browser test, slowed to 55 s, missed its
    30 s waits in both. PYTEST_XDIST_AUTO_NUM_WORKERS still sets the number."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def pytest_report_header(config) -> str:
    return (f"hypothesis profile: {PROFILE} ({PROFILES[PROFILE]} examples a property; COMPANION_TESTS=thorough for more"
            f"{'' if PROFILE == 'thorough' else ', and the browser walks'})")


#: why a browser walk is skipped in the ci profile (in the test run's summary)
WALK_SKIPPED = "a long browser walk: runs with COMPANION_TESTS=thorough (or COMPANION_WALKS=1)"


def pytest_collection_modifyitems(config, items) -> None:
    """The long browser walks (marker `walk`: a whole turn, a tracker's every screen, a game to its
    end, tapped through in Chromium) run in the thorough profile. Each costs 15-60 s of CPU (a tap
    about 1.3 s of Chromium's software drawing), together more than half the suite's time; the ci
    profile keeps a short browser test for each thing only a browser shows (a QR code decoded on a
    plain-http address, two browsers seeing two seats, a tap on a board, a device passed in a
    reaction window), and the screens the walks pass through are built in-process (FakeApp) by the
    rest of tests/app. COMPANION_WALKS=1 runs them in the ci profile too (a change to a screen, the
    README pictures), and so does naming a test on the command line (tests/app/test_x.py::test_y)."""
    if PROFILE == "thorough" or os.environ.get("COMPANION_WALKS") == "1" or any("::" in a for a in config.args):
        return
    skip = pytest.mark.skip(reason=WALK_SKIPPED)
    for item in items:
        if item.get_closest_marker("walk") is not None:
            item.add_marker(skip)


def runs(ci: int, thorough: int | None = None) -> int:
    """How many costly runs (whole random games) a parametrized test makes: `ci` in the ci profile;
    in `thorough` the given number, or as many times more as its property examples (ten times)."""
    if PROFILE == "ci":
        return ci
    return thorough if thorough is not None else ci * PROFILES[PROFILE] // PROFILES["ci"]


def run_async(coro, seconds: float = 120, what: str = "the asyncio client"):
    """`asyncio.run(coro)` on a thread of its own: in a worker that ran the browser tests the main
    thread still holds Playwright's event loop (one browser a worker, kept for every browser test).
    It must end within `seconds` (the thread is left behind, as a daemon, if it does not)."""
    pool = ThreadPoolExecutor(1)
    try:
        return pool.submit(asyncio.run, coro).result(timeout=seconds)
    except TimeoutError:
        raise AssertionError(f"{what} did not finish within {seconds} s") from None
    finally:
        pool.shutdown(wait=False)


# --- waits with a bound: a test never waits for ever (the last CI run hung at 98 %) -------------
class Lines(Generic[AnyStr]):
    """The lines of a child process's output, read by a thread of its own, so that a test waits for
    the next line at most so long (a `readline()` on a pipe nobody writes to waits for ever)."""

    def __init__(self, stream: IO[AnyStr], what: str):
        self.what = what
        self._lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._pump, args=(stream,), daemon=True, name=f"lines of {what}").start()

    def _pump(self, stream: IO[AnyStr]) -> None:
        try:
            while True:
                line = stream.readline()
                self._lines.put(line)
                if not line:  # the end of the output: "" or b""
                    return
        except (OSError, ValueError) as exc:  # the test closed the stream
            self._lines.put(exc)

    def next(self, seconds: float = 60) -> AnyStr:
        """The next line ("" at the end of the output); an AssertionError after `seconds`."""
        try:
            line = self._lines.get(timeout=seconds)
        except queue.Empty:
            raise AssertionError(f"{self.what} wrote no line within {seconds} s") from None
        if isinstance(line, Exception):
            raise AssertionError(f"{self.what}: its output could not be read ({line})")
        if not line:
            self._lines.put(line)  # the end stays the end
        return line


def first_line(stream: IO[bytes], seconds: float, what: str) -> bytes:
    """The first line of a pipe, read byte by byte from its descriptor so nothing more is taken
    from the pipe (a test of a writer that meets a closed pipe must leave the rest unread)."""
    fd, line, deadline = stream.fileno(), b"", time.monotonic() + seconds
    while not line.endswith(b"\n"):
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            raise AssertionError(f"{what} wrote no line within {seconds} s; so far: {line!r}")
        byte = os.read(fd, 1)
        if not byte:
            break
        line += byte
    return line


def release_fifo(path) -> None:
    """Let a reader blocked on opening a FIFO go (it then reads an empty file), without blocking
    here: an open for writing waits for a reader, and the reader may be stuck elsewhere."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
    except OSError:  # no reader has it open (ENXIO): nothing is blocked on it
        pass


def bounded(limit: int, what: str):
    """range(limit) for a loop that must end by itself before (a game played until it is over):
    `for _ in bounded(2000, "a random game"): ... break`; one more turn is an AssertionError."""
    yield from range(limit)
    raise AssertionError(f"{what} did not end within {limit} steps")


# --- the last resort: a phase that outlives pytest-timeout ends the worker with every stack -----
#: pytest-timeout (pyproject `timeout`) fails a test that takes too long by raising in its main
#: thread; a wait that does not give way to that (a C call holding the interpreter; a teardown that
#: hangs after the timeout fired, when no second timeout comes) would still hold CI to its limit.
#: So every phase of a test (setup, call, teardown) is also watched by faulthandler's own thread:
#: WATCHDOG_S after the phase began it writes every thread's stack to the real stderr and ends the
#: worker (pytest-xdist then reports the test as crashed, by name, and starts a new worker).
WATCHDOG_S = 60.0  # on top of the timeout
_watchdog: dict[str, object] = {}


def pytest_configure(config) -> None:
    _watchdog["fd"] = os.dup(2)  # the terminal (or the worker's stderr), not a test's captured output


def _arm(item) -> None:
    timeout = float(item.config.getoption("timeout", None) or item.config.getini("timeout") or 0)
    if timeout > 0 and "fd" in _watchdog:
        faulthandler.dump_traceback_later(timeout + WATCHDOG_S, exit=True, file=_watchdog["fd"])


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_setup(item):
    _arm(item)
    return (yield)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_call(item):
    _arm(item)  # (a failed phase cancels the watch: pytest's faulthandler plugin, on the report)
    return (yield)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_teardown(item, nextitem):
    _arm(item)
    try:
        return (yield)
    finally:
        faulthandler.cancel_dump_traceback_later()
